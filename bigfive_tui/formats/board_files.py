"""Board piece and layout files (format in docs/boards.md): validated at the edge with pydantic
and the rulings on what a piece side must keep open, then turned into the engine's plain pieces
and placements.

Parsing works on already-loaded TOML dictionaries (reading files is the caller's business); the
caller passes the file name as ``source`` so that every error names the file it came from.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from bigfive_tui.engine.hexgrid import (
    DIRECTION_BY_NAME,
    DIRECTION_NAMES,
    PIECE_SIZE,
    Hex,
    direction_between,
    neighbour,
)
from bigfive_tui.engine.pieces import (
    NUMBER_LABELS,
    BoardFileError,
    Feature,
    Piece,
    PieceSide,
    Placement,
    Terrain,
)
from bigfive_tui.formats.placements import SIDE_NAMES, resolve_placements
from bigfive_tui.shared.problems import validation_problems

TERRAIN_LETTERS: dict[str, Terrain] = {
    "s": Terrain.SAVANNA,
    "h": Terrain.HILL,
    "f": Terrain.FOREST,
    "w": Terrain.WATERING_HOLE,
    "m": Terrain.MOUNTAIN,
}
#: Spaces every piece side keeps drivable so that any assembly stays connected: the two sharp
#: corners (which may become the park entrances) and the middle of each of the four sides.
SHARP_CORNERS: tuple[Hex, ...] = ((0, 0), (2, 2))
SIDE_MIDDLES: tuple[tuple[Hex, int], ...] = (
    ((1, 0), DIRECTION_BY_NAME["NW"]),
    ((1, 2), DIRECTION_BY_NAME["SE"]),
    ((0, 1), DIRECTION_BY_NAME["SW"]),
    ((2, 1), DIRECTION_BY_NAME["NE"]),
)

_CELL_RE = re.compile(r"^([a-z])([1-6a-c])$")
_EDGE_PAIR_RE = re.compile(r"^(\w)-(\w)$")
_EDGE_RIM_RE = re.compile(r"^(\w):(\w{1,2})$")


class PieceSideSpec(BaseModel):
    # Built inside PieceSpec, its only user: a validator of its own would cost start-up time.
    model_config = ConfigDict(extra="forbid", defer_build=True)

    spaces: list[str] = Field(min_length=3, max_length=3)
    bushes: list[str] = Field(default=[])
    rivers: list[str] = Field(default=[])


class PieceSpec(BaseModel):
    # Built on first use: the shipped pieces are checked ahead of time (shipped_pieces), so
    # only a layout that brings pieces of its own needs it.
    model_config = ConfigDict(extra="forbid", defer_build=True)

    name: str = Field(pattern=r"^[a-z][a-z0-9_-]*$")
    symbol: str = Field(min_length=1, max_length=1)
    key: str = Field(pattern=r"^[a-z]$", description="ASCII letter typed for the symbol")
    sides: dict[str, PieceSideSpec]

    @field_validator("symbol")
    @classmethod
    def _one_cell_symbol(cls, symbol: str) -> str:
        """The symbol is drawn in one terminal cell and shares the die with its blank face X."""
        if symbol in "Xx":
            raise ValueError("X is the die's blank face; choose another symbol")
        if symbol.isascii() and symbol.isalnum():
            raise ValueError(
                f"{symbol!r} would read like a typed name (key letter + label); choose a sign"
            )
        if not symbol.isprintable() or symbol.isspace() or unicodedata.combining(symbol):
            raise ValueError(f"{symbol!r} is not a visible character")
        if unicodedata.east_asian_width(symbol) in ("W", "F"):
            raise ValueError(
                f"{symbol!r} is drawn two terminal cells wide; choose a one-cell symbol"
            )
        return symbol

    @field_validator("sides")
    @classmethod
    def _two_sides(cls, sides: dict[str, PieceSideSpec]) -> dict[str, PieceSideSpec]:
        if sorted(sides) != list(SIDE_NAMES):
            raise ValueError(f"a piece needs exactly the sides A and B, found {sorted(sides)}")
        return sides


class LayoutSpec(BaseModel):
    # Built on first use: only layout files need it, and building it costs start-up time.
    model_config = ConfigDict(extra="forbid", defer_build=True)

    name: str = "custom"
    rows: list[list[str]] = Field(min_length=3, max_length=3)
    pieces: list[dict[str, Any]] = Field(
        default=[], description="inline piece definitions for a fully custom board"
    )


def _fail(source: str, where: str, problem: str) -> BoardFileError:
    return BoardFileError(f"{source}: {where}: {problem}")


def _pydantic_message(source: str, error: ValidationError) -> BoardFileError:
    return BoardFileError(f"{source}: {validation_problems(error)}")


def parse_piece(data: Mapping[str, Any], source: str) -> Piece:
    try:
        spec = PieceSpec.model_validate(data)
    except ValidationError as error:
        raise _pydantic_message(source, error) from None
    sides = {
        side_name: _parse_side(spec.sides[side_name], f"{source}: side {side_name}")
        for side_name in SIDE_NAMES
    }
    return Piece(spec.name, spec.symbol, spec.key, sides)


def _parse_side(spec: PieceSideSpec, where: str) -> PieceSide:
    terrain: dict[Hex, Terrain] = {}
    labels: dict[Hex, str] = {}
    cell_of_label: dict[str, Hex] = {}
    for r, row in enumerate(spec.spaces):
        tokens = row.split()
        if len(tokens) != PIECE_SIZE:
            raise BoardFileError(
                f"{where}: row {r + 1} {row!r} has {len(tokens)} spaces, expected 3"
            )
        for q, token in enumerate(tokens):
            match = _CELL_RE.match(token)
            if not match or match.group(1) not in TERRAIN_LETTERS:
                raise BoardFileError(
                    f"{where}: space {token!r} in row {r + 1} is not terrain letter "
                    "(s, h, f, w, m) + label (1-6 or a-c)"
                )
            letter, label = match.groups()
            if label in cell_of_label:
                raise BoardFileError(f"{where}: label {label!r} is used twice")
            cell_of_label[label] = (q, r)
            terrain[(q, r)] = TERRAIN_LETTERS[letter]
            labels[(q, r)] = label
    for cell, label in labels.items():
        if label in NUMBER_LABELS and not terrain[cell].drivable:
            raise BoardFileError(
                f"{where}: space {label} is numbered, so it must be savanna or hill, "
                f"not {terrain[cell].name.lower()}"
            )
    for cell in SHARP_CORNERS:
        if not terrain[cell].drivable:
            raise BoardFileError(
                f"{where}: space {labels[cell]} is a sharp corner (it may hold a park "
                "entrance), so it must be savanna or hill"
            )
    for cell, _ in SIDE_MIDDLES:
        if not terrain[cell].drivable:
            raise BoardFileError(
                f"{where}: space {labels[cell]} is the middle of a piece side (the way "
                "into the next piece), so it must be savanna or hill"
            )
    features: dict[tuple[Hex, int], Feature] = {}
    for kind, entries in ((Feature.BUSH, spec.bushes), (Feature.RIVER, spec.rivers)):
        for entry in entries:
            for cell, direction in _edge_sides(entry, cell_of_label, where, kind):
                present = features.get((cell, direction), Feature.NONE)
                if present & kind:
                    raise BoardFileError(
                        f"{where}: {str(kind.name).lower()} edge {entry!r} is listed twice"
                    )
                features[(cell, direction)] = present | kind
    for cell, direction in SIDE_MIDDLES:
        if features.get((cell, direction), Feature.NONE) & Feature.BUSH:
            raise BoardFileError(
                f"{where}: edge {labels[cell]}:{DIRECTION_NAMES[direction]} is the way into "
                "the next piece and may not carry a bush"
            )
    _check_connected(terrain, labels, features, where)
    return PieceSide(where, terrain, labels, features)


def _edge_sides(
    entry: str, cell_of_label: dict[str, Hex], where: str, kind: Feature
) -> Iterable[tuple[Hex, int]]:
    label = str(kind.name).lower()
    pair = _EDGE_PAIR_RE.match(entry)
    rim = _EDGE_RIM_RE.match(entry)
    for found in pair.groups() if pair else rim.groups()[:1] if rim else ():
        if found not in cell_of_label:
            raise BoardFileError(
                f"{where}: {label} edge {entry!r} names label {found!r}; labels are 1-6 and a-c"
            )
    if pair:
        a, b = cell_of_label[pair.group(1)], cell_of_label[pair.group(2)]
        direction = direction_between(a, b)
        if direction is None:
            raise BoardFileError(
                f"{where}: {label} edge {entry!r} joins spaces that are not neighbours"
            )
        return [(a, direction), (b, (direction + 3) % 6)]
    if rim:
        cell = cell_of_label[rim.group(1)]
        if rim.group(2).upper() not in DIRECTION_BY_NAME:
            raise BoardFileError(
                f"{where}: {label} edge {entry!r} has direction {rim.group(2)!r}; use one of "
                + ", ".join(DIRECTION_NAMES)
            )
        direction = DIRECTION_BY_NAME[rim.group(2).upper()]
        outside = neighbour(cell, direction)
        if 0 <= outside[0] < PIECE_SIZE and 0 <= outside[1] < PIECE_SIZE:
            raise BoardFileError(
                f"{where}: {label} edge {entry!r} points inside the piece; write it as "
                f"{rim.group(1)}-<label>"
            )
        return [(cell, direction)]
    raise BoardFileError(
        f"{where}: {label} edge {entry!r} is neither 'X-Y' (two labels) nor 'X:DIR' "
        "(a label and a direction out of the piece)"
    )


def _check_connected(
    terrain: dict[Hex, Terrain],
    labels: dict[Hex, str],
    features: dict[tuple[Hex, int], Feature],
    where: str,
) -> None:
    drivable = {cell for cell, kind in terrain.items() if kind.drivable}
    start = SIDE_MIDDLES[0][0]  # always drivable (checked before)
    seen = {start}
    stack = [start]
    while stack:
        cell = stack.pop()
        for direction in range(6):
            other = neighbour(cell, direction)
            if (
                other in drivable
                and other not in seen
                and not features.get((cell, direction), Feature.NONE) & Feature.BUSH
            ):
                seen.add(other)
                stack.append(other)
    cut_off = sorted(labels[cell] for cell in drivable - seen)
    if cut_off:
        which = f"space {cut_off[0]}" if len(cut_off) == 1 else f"spaces {', '.join(cut_off)}"
        raise BoardFileError(
            f"{where}: {which} cannot be reached by road from space {labels[start]} (the middle "
            "of a side) without crossing bushes; every drivable space of a side must be reachable"
        )


def parse_layout(
    data: Mapping[str, Any], source: str, pieces: Mapping[str, Piece]
) -> tuple[str, list[Placement], dict[str, Piece]]:
    """Validate a layout; returns its name, the nine placements (row by row) and the pieces."""
    try:
        spec = LayoutSpec.model_validate(data)
    except ValidationError as error:
        raise _pydantic_message(source, error) from None
    available = dict(pieces)
    for index, piece_data in enumerate(spec.pieces):
        piece = parse_piece(piece_data, f"{source}: pieces[{index}]")
        available[piece.name] = piece
    entries: list[tuple[str, str]] = []
    for row_index, row in enumerate(spec.rows):
        if len(row) != PIECE_SIZE:
            raise BoardFileError(f"{source}: rows[{row_index}] has {len(row)} pieces, expected 3")
        entries += [
            (f"{source}: rows[{row_index}][{column}]", text) for column, text in enumerate(row)
        ]
    placements, chosen = resolve_placements(entries, available, source)
    return spec.name, placements, chosen
