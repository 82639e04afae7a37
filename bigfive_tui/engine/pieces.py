"""Board pieces as the engine holds them: terrain, edge features, a piece's two sides and where
each piece lies on the board, as plain data.

Piece and layout files (docs/boards.md) are read and checked at the edge
(:mod:`bigfive_tui.formats.board_files`), which builds these.
"""

from __future__ import annotations

from enum import IntEnum, IntFlag
from typing import NamedTuple

from bigfive_tui.engine.hexgrid import BOARD_SIZE, Hex, rotate_half_turn


class Terrain(IntEnum):
    SAVANNA = 0
    HILL = 1
    FOREST = 2
    WATERING_HOLE = 3
    MOUNTAIN = 4

    @property
    def drivable(self) -> bool:
        return self in (Terrain.SAVANNA, Terrain.HILL)


class Feature(IntFlag):
    """Edge features; a river lined with bushes carries both flags."""

    NONE = 0
    BUSH = 1
    RIVER = 2


NUMBER_LABELS = ("1", "2", "3", "4", "5", "6")


class BoardFileError(ValueError):
    """A piece, layout or board that cannot be used; the message names file, place and problem."""


class PieceSide:
    """One validated side of a piece in local coordinates (0..2, 0..2)."""

    __slots__ = ("name", "terrain", "labels", "features")

    def __init__(
        self,
        name: str,
        terrain: dict[Hex, Terrain],
        labels: dict[Hex, str],
        features: dict[tuple[Hex, int], Feature],
    ) -> None:
        self.name = name
        self.terrain = terrain
        self.labels = labels
        #: Feature per (cell, direction); internal edges are stored from both sides.
        self.features = features


class PlacedSide(NamedTuple):
    """A piece side as it lands on the board, worked out once per piece rather than on every
    assembly. Offsets count from the cell at the piece's (0, 0) corner on the 9x9 board, so a
    board cell is that corner's number plus the offset."""

    #: (offset, terrain, printed name, typed name, number or 0) for each of the nine spaces
    cells: tuple[tuple[int, Terrain, str, str, int], ...]
    #: (offset, direction, Feature bits as a plain int) for each listed side of an edge
    edges: tuple[tuple[int, int, int], ...]


class Piece:
    """A validated two-sided piece."""

    __slots__ = ("name", "symbol", "key", "sides", "_placed")

    def __init__(self, name: str, symbol: str, key: str, sides: dict[str, PieceSide]) -> None:
        self.name = name
        self.symbol = symbol
        self.key = key
        self.sides = sides
        self._placed: dict[tuple[str, bool], PlacedSide] = {}

    def placed(self, side: str, turned: bool) -> PlacedSide:
        """The side ``side``, turned half round or not, as it lands on the board: worked out
        on first use and kept (a board uses one of a piece's four, and a start-up that
        worked out all 36 of the shipped pieces paid ~3.7 M instructions for the 27 unused)."""
        found = self._placed.get((side, turned))
        if found is None:
            found = self._placed[side, turned] = _placed(self, self.sides[side], turned)
        return found


def _placed(piece: Piece, side: PieceSide, turned: bool) -> PlacedSide:
    def offset(local: Hex) -> int:
        q, r = rotate_half_turn(local) if turned else local
        return r * BOARD_SIZE + q

    cells = tuple(
        (
            offset(local),
            kind,
            piece.symbol + side.labels[local],
            piece.key + side.labels[local],
            int(side.labels[local]) if side.labels[local] in NUMBER_LABELS else 0,
        )
        for local, kind in side.terrain.items()
    )
    edges = tuple(
        (offset(local), (direction + 3) % 6 if turned else direction, int(feature))
        for (local, direction), feature in side.features.items()
    )
    return PlacedSide(cells, edges)


class Placement(NamedTuple):
    """One slot of a layout: which piece, which side up ("A" or "B"), turned half round or not."""

    piece: str
    side: str
    turned: bool = False

    def text(self) -> str:
        return f"{self.piece} {self.side}{' turned' if self.turned else ''}"
