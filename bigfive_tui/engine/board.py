"""The assembled 9x9 board as flat tuples indexed by cell number (``r * 9 + q``).

The engine looks terrain, neighbours and edges up millions of times, so everything it needs is
precomputed once here into plain tuples; no per-call geometry.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from bigfive_tui.engine.boardspec import (
    BoardFileError,
    Feature,
    Piece,
    PlacementSpec,
    Terrain,
)
from bigfive_tui.engine.hexgrid import (
    BOARD_SIZE,
    DIRECTIONS,
    PIECE_SIZE,
    EdgeKey,
    cell_index,
    cell_of,
    edge_key,
    neighbour,
    on_board,
    rotate_half_turn,
)
from bigfive_tui.engine.movement import BLOCKED, step_cost
from bigfive_tui.engine.sight import compute_long_view, compute_view

CELL_COUNT = BOARD_SIZE * BOARD_SIZE
NO_CELL = -1
#: The two park entrance spaces: the sharp tips of the diamond, west (left) and east (right).
WEST_GATE_CELL = 0
EAST_GATE_CELL = CELL_COUNT - 1
GATE_CELLS = (WEST_GATE_CELL, EAST_GATE_CELL)
GATE_NAMES = ("west", "east")


@dataclass(frozen=True, slots=True)
class Board:
    """An assembled board. Slots are the nine piece positions, ``pr * 3 + pq``."""

    layout_name: str
    placements: tuple[PlacementSpec, ...]
    symbols: tuple[str, ...]  # per slot
    keys: tuple[str, ...]  # per slot
    terrain: tuple[Terrain, ...]
    number: tuple[int, ...]  # 1..6, or 0 for an unnumbered space
    names: tuple[str, ...]
    typed_names: tuple[str, ...]
    slot: tuple[int, ...]
    slot_cells: tuple[tuple[int, ...], ...]
    neighbours: tuple[tuple[int, ...], ...]  # [cell][direction] -> cell or NO_CELL
    features: tuple[tuple[int, ...], ...]  # [cell][direction]: Feature bits as plain ints
    drivable: tuple[bool, ...]
    hill: tuple[bool, ...]
    space_by_roll: Mapping[tuple[int, int], int]  # (slot, number) -> cell
    view: tuple[tuple[int, ...], ...] = ()  # [cell] -> own space + clear-view neighbours
    long_view: tuple[tuple[int, ...], ...] = ()  # [cell] -> Kate's six straight lines
    #: [cell] -> view, then the long_view cells not in it: where Kate may spot (R-kate-spot)
    spotter_view: tuple[tuple[int, ...], ...] = ()
    #: [cell] -> every cell in clear view of it both ways, itself included: two vehicles there
    #: see each other (RU-clear-view)
    mutual_view: tuple[frozenset[int], ...] = ()

    numbered_cells: tuple[int, ...] = ()  # cells numbered 1..6, in cell order (set by assemble)
    #: [cell][mode] -> (target, onto a hill) for every step a vehicle may take, where mode is
    #: 1 for driving through bushes (David) + 2 when rivers are closed; from movement.step_cost.
    exits: tuple[tuple[tuple[tuple[int, bool], ...], ...], ...] = ()

    def find(self, name: str) -> int | None:
        """A cell by its printed (``♣4``) or typed (``c4``) name, in any case (``C4``, ``♣A``)."""
        text = name.strip().lower()
        for names in (self.names, self.typed_names):
            for cell, known in enumerate(names):
                if known.lower() == text:
                    return cell
        return None


def assemble(
    placements: Sequence[PlacementSpec], pieces: Mapping[str, Piece], layout_name: str
) -> Board:
    if len(placements) != PIECE_SIZE * PIECE_SIZE:
        raise BoardFileError(f"{layout_name}: a board needs 9 pieces, got {len(placements)}")
    terrain = [Terrain.SAVANNA] * CELL_COUNT
    number = [0] * CELL_COUNT
    names = [""] * CELL_COUNT
    typed = [""] * CELL_COUNT
    slot = [0] * CELL_COUNT
    # Each edge once, under a key both of its spaces share; rim edges join nothing and are dropped.
    edge_features: dict[EdgeKey, Feature] = {}
    symbols: list[str] = []
    keys: list[str] = []
    space_by_roll: dict[tuple[int, int], int] = {}
    for slot_index, placement in enumerate(placements):
        piece = pieces[placement.piece]
        side = piece.sides[placement.side]
        symbols.append(piece.symbol)
        keys.append(piece.key)
        pr, pq = divmod(slot_index, PIECE_SIZE)
        for local, kind in side.terrain.items():
            placed = rotate_half_turn(local) if placement.turned else local
            cell = (pq * PIECE_SIZE + placed[0], pr * PIECE_SIZE + placed[1])
            index = cell_index(cell)
            label = side.labels[local]
            terrain[index] = kind
            slot[index] = slot_index
            names[index] = piece.symbol + label
            typed[index] = piece.key + label
            if label.isdigit():
                number[index] = int(label)
                space_by_roll[(slot_index, int(label))] = index
        for (local, direction), feature in side.features.items():
            placed = rotate_half_turn(local) if placement.turned else local
            turned_direction = (direction + 3) % 6 if placement.turned else direction
            cell = (pq * PIECE_SIZE + placed[0], pr * PIECE_SIZE + placed[1])
            other = neighbour(cell, turned_direction)
            if on_board(other):
                key = edge_key(cell, other)
                edge_features[key] = edge_features.get(key, Feature.NONE) | feature
    neighbours = tuple(
        tuple(
            cell_index(neighbour(cell_of(i), d)) if on_board(neighbour(cell_of(i), d)) else NO_CELL
            for d in range(len(DIRECTIONS))
        )
        for i in range(CELL_COUNT)
    )
    features = tuple(
        tuple(
            int(edge_features.get(edge_key(cell_of(i), cell_of(other)), Feature.NONE))
            if other != NO_CELL
            else int(Feature.NONE)
            for other in neighbours[i]
        )
        for i in range(CELL_COUNT)
    )
    slot_cells = tuple(
        tuple(i for i in range(CELL_COUNT) if slot[i] == s) for s in range(PIECE_SIZE**2)
    )
    board = Board(
        layout_name=layout_name,
        placements=tuple(placements),
        symbols=tuple(symbols),
        keys=tuple(keys),
        terrain=tuple(terrain),
        number=tuple(number),
        names=tuple(names),
        typed_names=tuple(typed),
        slot=tuple(slot),
        slot_cells=slot_cells,
        neighbours=neighbours,
        features=features,
        drivable=tuple(t.drivable for t in terrain),
        hill=tuple(t == Terrain.HILL for t in terrain),
        space_by_roll=space_by_roll,
    )
    view = tuple(compute_view(board, i) for i in range(CELL_COUNT))
    mutual = [{seen for seen in cells if viewer in view[seen]} for viewer, cells in enumerate(view)]
    long_view = tuple(compute_long_view(board, i) for i in range(CELL_COUNT))
    return replace(
        board,
        mutual_view=tuple(frozenset(cells) for cells in mutual),
        numbered_cells=tuple(i for i, n in enumerate(number) if n),
        view=view,
        long_view=long_view,
        spotter_view=tuple(
            near + tuple(far for far in lines if far not in near)
            for near, lines in zip(view, long_view, strict=True)
        ),
        exits=tuple(tuple(_exits(board, i, mode) for mode in range(4)) for i in range(CELL_COUNT)),
    )


def _exits(board: Board, cell: int, mode: int) -> tuple[tuple[int, bool], ...]:
    return tuple(
        (board.neighbours[cell][direction], board.hill[board.neighbours[cell][direction]])
        for direction in range(6)
        if step_cost(board, cell, direction, through_bushes=bool(mode & 1), rivers_closed=mode >= 2)
        != BLOCKED
    )


def random_placements(pieces: Mapping[str, Piece], rng: random.Random) -> list[PlacementSpec]:
    """Nine pieces in random places, random side up, randomly turned (RU-assembly)."""
    names = sorted(pieces)
    if len(names) < PIECE_SIZE * PIECE_SIZE:
        raise BoardFileError(f"a random board needs 9 pieces, only {len(names)} are known")
    chosen = rng.sample(names, PIECE_SIZE * PIECE_SIZE)
    return [
        PlacementSpec(piece=name, side=rng.choice("AB"), turned=rng.random() < 0.5)
        for name in chosen
    ]


def random_board(pieces: Mapping[str, Piece], seed: int) -> Board:
    return assemble(
        random_placements(pieces, random.Random(seed)), pieces, f"random board, seed {seed}"
    )
