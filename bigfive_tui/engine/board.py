"""The assembled 9x9 board as flat tuples indexed by cell number (``r * 9 + q``).

The engine looks terrain, neighbours and edges up millions of times, so everything it needs is
precomputed once here into plain tuples; no per-call geometry.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Final

from bigfive_tui.engine.hexgrid import (
    BOARD_SIZE,
    DIRECTIONS,
    PIECE_SIZE,
)
from bigfive_tui.engine.pieces import BoardFileError, Feature, Piece, Placement, Terrain

# Final: the compiled engine reads these as constants instead of looking them up.
CELL_COUNT: Final = BOARD_SIZE * BOARD_SIZE
NO_CELL: Final = -1
#: The two park entrance spaces: the sharp tips of the diamond, west (left) and east (right).
WEST_GATE_CELL: Final = 0
EAST_GATE_CELL: Final = CELL_COUNT - 1
GATE_CELLS: Final = (WEST_GATE_CELL, EAST_GATE_CELL)
GATE_NAMES = ("west", "east")

CellTable = tuple[tuple[int, ...], ...]  # [cell] -> cells
#: What a board is made of (two boards are equal when these are); the Board's first slots.
TABLES = (
    "layout_name",
    "placements",
    "symbols",
    "keys",
    "terrain",
    "number",
    "names",
    "typed_names",
    "slot",
    "slot_cells",
    "neighbours",
    "features",
    "drivable",
    "hill",
    "space_by_roll",
    "view",
    "mutual_view",
    "numbered_cells",
    "exits",
)


class Board:
    """An assembled board. Slots are the nine piece positions, ``pr * 3 + pq``.

    Tables every game needs are built with the board; those only Kate, the computer players
    or the screen ask for (her straight lines, where a space is seen from) on first use, kept
    in slots of their own that start empty. Not ``cached_property``: mypyc compiles that as a
    property that never caches (the compiled engine, hatch_build.py). A plain class, not a
    dataclass: a frozen dataclass of these nineteen tables cost ~8.8 M instructions of every
    start-up to define (its methods are compiled from text at import).
    """

    # The tables, then those made on first use.
    __slots__ = (
        *TABLES,
        "_lines",
        "_spotter_view",
        "_spotter_memo",
        "_seen_from",
        "_spotted_from",
        "_cells_by_name",
    )

    def __init__(
        self,
        *,
        layout_name: str,
        placements: tuple[Placement, ...],
        symbols: tuple[str, ...],
        keys: tuple[str, ...],
        terrain: tuple[Terrain, ...],
        number: tuple[int, ...],
        names: tuple[str, ...],
        typed_names: tuple[str, ...],
        slot: tuple[int, ...],
        slot_cells: tuple[tuple[int, ...], ...],
        neighbours: tuple[tuple[int, ...], ...],
        features: tuple[tuple[int, ...], ...],
        drivable: tuple[bool, ...],
        hill: tuple[bool, ...],
        space_by_roll: Mapping[tuple[int, int], int],
        view: tuple[tuple[int, ...], ...],
        mutual_view: tuple[frozenset[int], ...],
        numbered_cells: tuple[int, ...],
        exits: tuple[tuple[tuple[tuple[int, bool], ...], ...], ...],
    ) -> None:
        self.layout_name = layout_name
        self.placements = placements
        self.symbols = symbols  # per slot
        self.keys = keys  # per slot
        self.terrain = terrain
        self.number = number  # 1..6, or 0 for an unnumbered space
        self.names = names
        self.typed_names = typed_names
        self.slot = slot
        self.slot_cells = slot_cells
        self.neighbours = neighbours  # [cell][direction] -> cell or NO_CELL
        self.features = features  # [cell][direction]: Feature bits as plain ints
        self.drivable = drivable
        self.hill = hill
        self.space_by_roll = space_by_roll  # (slot, number) -> cell
        self.view = view  # [cell] -> own space + clear-view neighbours
        #: [cell] -> every cell in clear view of it both ways, itself included: two vehicles
        #: there see each other (RU-clear-view)
        self.mutual_view = mutual_view
        self.numbered_cells = numbered_cells  # cells numbered 1..6, in cell order
        #: [cell][mode] -> (target, onto a hill) for every step a vehicle may take, where mode
        #: is 1 for driving through bushes (David) + 2 when rivers are closed; from
        #: movement.step_cost.
        self.exits = exits
        self._lines: tuple[CellTable, CellTable] | None = None
        self._spotter_view: CellTable | None = None
        self._spotter_memo: list[tuple[int, ...] | None] | None = None
        self._seen_from: CellTable | None = None
        self._spotted_from: CellTable | None = None
        self._cells_by_name: dict[str, int] | None = None

    def _tables(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in TABLES)

    def __eq__(self, other: object) -> bool:
        """Boards are alike when every table is: two games on the same layout have equal
        states (replays are checked that way)."""
        return isinstance(other, Board) and self._tables() == other._tables()

    def _kate_lines(self) -> tuple[CellTable, CellTable]:
        lines = self._lines
        if lines is None:
            lines = self._lines = _long_views(self.terrain, self.hill, self.features)
        return lines

    @property
    def long_view(self) -> CellTable:
        """[cell] -> what Kate sees along her six straight lines, nearest first by direction."""
        return self._kate_lines()[0]

    @property
    def spotter_view(self) -> CellTable:
        """[cell] -> view, then the long_view cells not in it: where Kate may spot
        (R-kate-spot)."""
        table = self._spotter_view
        if table is None:
            far = self._kate_lines()[1]
            table = self._spotter_view = tuple(
                near + far_cells for near, far_cells in zip(self.view, far, strict=True)
            )
        return table

    def spotter_view_at(self, cell: int) -> tuple[int, ...]:
        """``spotter_view[cell]``, worked out for this cell alone and kept: a game asks only
        for the few spaces Kate stands on, and the whole table costs more than a random game's
        play."""
        memo = self._spotter_memo
        if memo is None:
            memo = self._spotter_memo = [None] * CELL_COUNT
        found = memo[cell]
        if found is None:
            found = memo[cell] = self.view[cell] + _far_cells(
                cell, self.terrain, self.hill, self.features
            )
        return found

    @property
    def seen_from(self) -> CellTable:
        """[cell] -> every cell whose clear view takes it in: where to stand to spot on it."""
        table = self._seen_from
        if table is None:
            view = self.view
            table = self._seen_from = tuple(
                (cell, *(other for other in around if other != NO_CELL and cell in view[other]))
                for cell, around in enumerate(NEIGHBOURS)
            )
        return table

    @property
    def spotted_from(self) -> CellTable:
        """[cell] -> every cell from which Kate can spot on it (whose spotter_view has it)."""
        table = self._spotted_from
        if table is None:
            spotters = [list(seers) for seers in self.seen_from]
            for viewer, far in enumerate(self._kate_lines()[1]):
                for cell in far:
                    spotters[cell].append(viewer)
            table = self._spotted_from = tuple(map(tuple, spotters))
        return table

    def find(self, name: str) -> int | None:
        """A cell by its printed (``♣4``) or typed (``c4``) name, in any case (``C4``, ``♣A``).
        Looked up in a table made on first use: replaying a save looks up every move's
        target, and going through all 162 names each time was ~1 M of its start-up."""
        cells = self._cells_by_name
        if cells is None:
            # Where two cells share a name, the first in cell order, printed names first.
            cells = self._cells_by_name = {}
            for names in (self.names, self.typed_names):
                for cell, known in enumerate(names):
                    cells.setdefault(known.lower(), cell)
        return cells.get(name.strip().lower())


# Geometry every board shares, worked out once: which cell lies next to which and the piece
# slot of each cell (plain arithmetic: this runs at import, on the game's start-up path).
def _neighbours() -> tuple[tuple[int, ...], ...]:
    table = []
    for r in range(BOARD_SIZE):
        for q in range(BOARD_SIZE):
            table.append(
                tuple(
                    (r + dr) * BOARD_SIZE + q + dq
                    if 0 <= q + dq < BOARD_SIZE and 0 <= r + dr < BOARD_SIZE
                    else NO_CELL
                    for dq, dr in DIRECTIONS
                )
            )
    return tuple(table)


NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = _neighbours()
SLOT_OF_CELL: Final[tuple[int, ...]] = tuple(
    (cell // BOARD_SIZE // PIECE_SIZE) * PIECE_SIZE + cell % BOARD_SIZE // PIECE_SIZE
    for cell in range(CELL_COUNT)
)
SLOT_CELLS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(cell for cell in range(CELL_COUNT) if SLOT_OF_CELL[cell] == slot)
    for slot in range(PIECE_SIZE**2)
)
#: [slot] -> the cell at the slot's (0, 0) corner; a piece side's offsets count from it.
SLOT_CORNERS: Final[tuple[int, ...]] = tuple(cells[0] for cells in SLOT_CELLS)
#: [cell] -> its neighbours on the board, in direction order
_ON_BOARD: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(other for other in around if other != NO_CELL) for around in NEIGHBOURS
)


Lines = tuple[tuple[tuple[int, ...], ...], ...]  # [cell][direction] -> cells


@cache
def _straight_lines() -> tuple[Lines, tuple[tuple[int, ...], ...]]:
    """[cell][direction] -> the cells along the straight line from the cell to the rim; and
    [direction] -> every cell, each after the next cell in that direction (lines are walked
    from their far end). Only Kate's lines need them (RU-kate-lines): made on first use."""
    rays = []
    for cell in range(CELL_COUNT):
        lines = []
        for direction in range(len(DIRECTIONS)):
            line = []
            step = NEIGHBOURS[cell][direction]
            while step != NO_CELL:
                line.append(step)
                step = NEIGHBOURS[step][direction]
            lines.append(tuple(line))
        rays.append(tuple(lines))
    # A cell comes after the next one in a direction when its line that way is shorter.
    # (A loop, not a lambda inside a generator: mypyc loses the generator's variable there.)
    order = []
    for direction in range(len(DIRECTIONS)):
        lengths = [len(lines[direction]) for lines in rays]
        order.append(tuple(sorted(range(CELL_COUNT), key=lengths.__getitem__)))
    return tuple(rays), tuple(order)


_DIRECTIONS: Final = range(len(DIRECTIONS))
_BUSH: Final = int(Feature.BUSH)  # plain ints: IntFlag's & and | run Python code
_RIVER: Final = int(Feature.RIVER)
_HILL: Final = Terrain.HILL
_FOREST: Final = Terrain.FOREST
_MOUNTAIN: Final = Terrain.MOUNTAIN
_DRIVABLE: Final = tuple(kind.drivable for kind in Terrain)


def assemble(
    placements: Sequence[Placement], pieces: Mapping[str, Piece], layout_name: str
) -> Board:
    """The board with every table the engine looks up, built from the pieces' placed sides
    (worked out once per piece) in a few passes over the 81 cells."""
    if len(placements) != PIECE_SIZE * PIECE_SIZE:
        raise BoardFileError(f"{layout_name}: a board needs 9 pieces, got {len(placements)}")
    terrain = [Terrain.SAVANNA] * CELL_COUNT
    number = [0] * CELL_COUNT
    names = [""] * CELL_COUNT
    typed = [""] * CELL_COUNT
    # [cell][direction]: an edge's features on both of its sides; rim edges join nothing.
    features = [[0] * 6 for _ in range(CELL_COUNT)]
    symbols: list[str] = []
    keys: list[str] = []
    space_by_roll: dict[tuple[int, int], int] = {}
    for slot_index, placement in enumerate(placements):
        piece = pieces[placement.piece]
        placed = piece.placed(placement.side, placement.turned)
        symbols.append(piece.symbol)
        keys.append(piece.key)
        corner = SLOT_CORNERS[slot_index]
        for offset, kind, name, typed_name, numbered in placed.cells:
            index = corner + offset
            terrain[index] = kind
            names[index] = name
            typed[index] = typed_name
            if numbered:
                number[index] = numbered
                space_by_roll[(slot_index, numbered)] = index
        for offset, direction, feature in placed.edges:
            cell = corner + offset
            other = NEIGHBOURS[cell][direction]
            if other != NO_CELL:
                features[cell][direction] |= feature
                features[other][(direction + 3) % 6] |= feature
    drivable = [_DRIVABLE[kind] for kind in terrain]
    hill = [kind == _HILL for kind in terrain]
    view, mutual_view = _views(terrain, hill, features)
    return Board(
        layout_name=layout_name,
        placements=tuple(placements),
        symbols=tuple(symbols),
        keys=tuple(keys),
        terrain=tuple(terrain),
        number=tuple(number),
        names=tuple(names),
        typed_names=tuple(typed),
        slot=SLOT_OF_CELL,
        slot_cells=SLOT_CELLS,
        neighbours=NEIGHBOURS,
        features=tuple(map(tuple, features)),
        drivable=tuple(drivable),
        hill=tuple(hill),
        space_by_roll=space_by_roll,
        view=view,
        mutual_view=mutual_view,
        numbered_cells=tuple(i for i, n in enumerate(number) if n),
        exits=_exits(drivable, hill, features),
    )


def _views(
    terrain: list[Terrain], hill: list[bool], features: list[list[int]]
) -> tuple[tuple[tuple[int, ...], ...], tuple[frozenset[int], ...]]:
    """[cell] -> the cell and every neighbour it has clear view of: bushes block the view
    unless the viewer stands on a hill, and nobody sees onto a mountain (R-land-clear-view,
    R-land-mountain); and [cell] -> the cells in clear view of it both ways (RU-clear-view).
    An edge's bush stands between both of its spaces, so the way back is known here too."""
    view = []
    mutual = []
    for viewer, around in enumerate(NEIGHBOURS):
        on_hill = hill[viewer]
        seen_back = terrain[viewer] != _MOUNTAIN
        edges = features[viewer]
        seen = [viewer]
        both = [viewer]
        for direction in _DIRECTIONS:
            target = around[direction]
            if target != NO_CELL and terrain[target] != _MOUNTAIN:
                bush = edges[direction] & _BUSH
                if on_hill or not bush:
                    seen.append(target)
                    if seen_back and (hill[target] or not bush):
                        both.append(target)
        view.append(tuple(seen))
        mutual.append(frozenset(both))
    return tuple(view), tuple(mutual)


def _long_views(
    terrain: Sequence[Terrain], hill: Sequence[bool], features: Sequence[Sequence[int]]
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """[cell] -> what Kate sees along the six straight lines from it, nearest first: a line
    ends at a bush, a forest or a mountain; from a hill only at a mountain (RU-kate-lines).
    Also [cell] -> the cells of those lines two or more steps away: the first step of a line
    is always in clear view too (its conditions are stricter)."""
    rays, far_end_first = _straight_lines()
    # runs[direction][cell]: how many steps a line out of ``cell`` goes before it ends, for a
    # viewer off a hill; worked out from the far end of each line back.
    runs = []
    for direction in _DIRECTIONS:
        run = [0] * CELL_COUNT
        for cell in far_end_first[direction]:
            nxt = NEIGHBOURS[cell][direction]
            if (
                nxt != NO_CELL
                and terrain[nxt] != _MOUNTAIN
                and terrain[nxt] != _FOREST
                and not features[cell][direction] & _BUSH
            ):
                run[cell] = run[nxt] + 1
        runs.append(run)
    long_view = []
    far_view = []
    for viewer, lines in enumerate(rays):
        seen: list[int] = []
        far: list[int] = []
        if hill[viewer]:  # only a mountain ends a line
            for line in lines:
                for step, nxt in enumerate(line):
                    if terrain[nxt] == _MOUNTAIN:
                        break
                    seen.append(nxt)
                    if step:
                        far.append(nxt)
        else:
            for direction in _DIRECTIONS:
                steps = runs[direction][viewer]
                if steps:
                    line = lines[direction]
                    seen.append(line[0])
                    if steps > 1:
                        far.extend(line[1:steps])
                        seen.extend(line[1:steps])
        long_view.append(tuple(seen))
        far_view.append(tuple(far))
    return tuple(long_view), tuple(far_view)


def _far_cells(
    viewer: int,
    terrain: Sequence[Terrain],
    hill: Sequence[bool],
    features: Sequence[Sequence[int]],
) -> tuple[int, ...]:
    """``_long_views``' far cells of one viewer, walking its six lines out from it."""
    rays = _straight_lines()[0][viewer]
    far: list[int] = []
    if hill[viewer]:  # only a mountain ends a line
        for line in rays:
            for step, nxt in enumerate(line):
                if terrain[nxt] == _MOUNTAIN:
                    break
                if step:  # the first step of a line is in clear view too
                    far.append(nxt)
        return tuple(far)
    for direction in _DIRECTIONS:
        line = rays[direction]
        cell = viewer
        steps = 0
        for nxt in line:
            kind = terrain[nxt]
            if kind in (_MOUNTAIN, _FOREST) or features[cell][direction] & _BUSH:
                break
            steps += 1
            cell = nxt
        if steps > 1:
            far.extend(line[1:steps])
    return tuple(far)


def _exits(
    drivable: list[bool], hill: list[bool], features: list[list[int]]
) -> tuple[tuple[tuple[tuple[int, bool], ...], ...], ...]:
    """[cell][mode] -> (target, onto a hill) for each step a vehicle may take, as
    ``movement.step_cost`` rules (mode: 1 through bushes, + 2 with rivers closed)."""
    step_to = [(cell, on_hill) for cell, on_hill in enumerate(hill)]
    exits = []
    for cell, around in enumerate(NEIGHBOURS):
        edges = features[cell]
        if not any(edges):  # no bush, no river: every mode drives the same steps
            same = tuple([step_to[t] for t in _ON_BOARD[cell] if drivable[t]])
            exits.append((same, same, same, same))
            continue
        open_road: list[tuple[int, bool]] = []
        bushes_ok: list[tuple[int, bool]] = []
        rivers_closed: list[tuple[int, bool]] = []
        both: list[tuple[int, bool]] = []
        for direction in _DIRECTIONS:
            target = around[direction]
            if target == NO_CELL or not drivable[target]:
                continue
            step = step_to[target]
            feature = edges[direction]
            bushes_ok.append(step)
            if not feature & _RIVER:
                both.append(step)
            if not feature & _BUSH:
                open_road.append(step)
                if not feature & _RIVER:
                    rivers_closed.append(step)
        exits.append((tuple(open_road), tuple(bushes_ok), tuple(rivers_closed), tuple(both)))
    return tuple(exits)


def random_placements(pieces: Mapping[str, Piece], rng: random.Random) -> list[Placement]:
    """Nine pieces in random places, random side up, randomly turned (RU-assembly)."""
    names = sorted(pieces)
    if len(names) < PIECE_SIZE * PIECE_SIZE:
        raise BoardFileError(f"a random board needs 9 pieces, only {len(names)} are known")
    chosen = rng.sample(names, PIECE_SIZE * PIECE_SIZE)
    return [Placement(name, rng.choice("AB"), rng.random() < 0.5) for name in chosen]


def random_board(pieces: Mapping[str, Piece], seed: int) -> Board:
    return assemble(
        random_placements(pieces, random.Random(seed)), pieces, f"random board, seed {seed}"
    )
