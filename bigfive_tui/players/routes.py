"""Where a computer guide can drive and see from: board tables the players share.

Worked out once per board (and per way of driving: David's bushes, Sam's hills, closed
rivers), because the players ask on every decision and the search player's look-ahead asks
thousands of times a turn.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from bigfive_tui.engine.board import GATE_CELLS, Board
from bigfive_tui.engine.boardspec import Feature
from bigfive_tui.engine.costs import DETOUR_COST
from bigfive_tui.engine.movement import BLOCKED, step_cost

#: Marks the detour (R-detour) among the first steps of a route.
DETOUR_STEP = -1
#: More actions than any drive across the board: a cell this far away cannot be reached.
UNREACHABLE = 10_000

#: [cell] -> (target, actions, first-step label, crosses a river) for every way out.
Edges = tuple[tuple[tuple[int, int, int, bool], ...], ...]
#: (David, Sam, rivers closed): the ways of driving whose routes differ.
Mode = tuple[bool, bool, bool]


@dataclass(frozen=True, slots=True)
class Routes:
    """Cheapest drives from one cell: actions to every cell, and the first steps (cells, or
    DETOUR_STEP) of every cheapest route there."""

    cost: tuple[int, ...]
    first: tuple[frozenset[int], ...]


@dataclass(frozen=True, slots=True)
class Geometry:
    """What the players look up on every decision, worked out once per board."""

    seers: tuple[frozenset[int], ...]  # [cell] -> cells whose clear view includes it
    long_seers: tuple[frozenset[int], ...]  # [cell] -> cells Kate sees it from, on a line
    edges: dict[tuple[bool, bool], Edges]  # (David, Sam) -> driving graph with their costs
    #: (start, David, Sam, rivers closed, broken gates) -> actions to clear view of one of
    #: the gates, or None: every guide's way there is weighed on each move while a tyre waits.
    gate_routes: dict[tuple[int, bool, bool, bool, tuple[int, ...]], int | None] = field(
        default_factory=dict
    )
    #: (start, mode) -> every cheapest drive from there; filled as the players ask.
    routes: dict[tuple[int, Mode], Routes] = field(default_factory=dict)

    def routes_from(self, start: int, mode: Mode) -> Routes:
        """Every cheapest drive from ``start`` (Dijkstra over the whole board, once)."""
        key = (start, mode)
        found = self.routes.get(key)
        if found is None:
            found = self.routes[key] = _all_routes(self.edges[mode[0], mode[1]], start, mode[2])
        return found


_GEOMETRY: dict[int, tuple[Board, Geometry]] = {}


def geometry(board: Board) -> Geometry:
    entry = _GEOMETRY.get(id(board))
    if entry is not None and entry[0] is board:
        return entry[1]
    if len(_GEOMETRY) >= 64:
        _GEOMETRY.clear()
    cells = range(len(board.view))
    seers: list[set[int]] = [set() for _ in cells]
    long_seers: list[set[int]] = [set() for _ in cells]
    for viewer in cells:
        for seen in board.view[viewer]:
            seers[seen].add(viewer)
        for seen in board.long_view[viewer]:
            long_seers[seen].add(viewer)
    edges = {
        (david, sam): _edges(board, david=david, sam=sam)
        for david in (False, True)
        for sam in (False, True)
    }
    result = Geometry(
        tuple(frozenset(s) for s in seers), tuple(frozenset(s) for s in long_seers), edges
    )
    _GEOMETRY[id(board)] = (board, result)
    return result


def _edges(board: Board, *, david: bool, sam: bool) -> Edges:
    result = []
    for cell in range(len(board.view)):
        out = []
        for direction in range(6):
            cost = step_cost(board, cell, direction, through_bushes=david, hills_free=sam)
            if cost != BLOCKED:
                target = board.neighbours[cell][direction]
                river = bool(board.features[cell][direction] & Feature.RIVER)
                out.append((target, cost, target, river))
        if cell in GATE_CELLS:
            other = GATE_CELLS[1] if cell == GATE_CELLS[0] else GATE_CELLS[0]
            out.append((other, DETOUR_COST, DETOUR_STEP, False))
        result.append(tuple(out))
    return tuple(result)


def _all_routes(edges: Edges, start: int, closed: bool) -> Routes:
    cost = [UNREACHABLE] * len(edges)
    first: list[set[int]] = [set() for _ in edges]
    cost[start] = 0
    queue: list[tuple[int, int]] = [(0, start)]
    while queue:
        dist, cell = heapq.heappop(queue)
        if dist > cost[cell]:
            continue
        for target, step, label, river in edges[cell]:
            if river and closed:
                continue
            new = dist + step
            steps = {label} if cell == start else first[cell]
            if new < cost[target]:
                cost[target] = new
                first[target] = set(steps)
                heapq.heappush(queue, (new, target))
            elif new == cost[target]:
                first[target] |= steps
    return Routes(tuple(cost), tuple(frozenset(f) for f in first))


def route(
    board: Board,
    start: int,
    mode: Mode,
    goals: set[int] | frozenset[int],
    left: int = UNREACHABLE,
) -> tuple[int, set[int]] | None:
    """Actions to the nearest goal and the first steps of every cheapest route there (first
    steps costing more than ``left`` left out: the vehicle then waits rather than wanders),
    or None when no goal can be reached."""
    if start in goals:
        return 0, set()
    routes = geometry(board).routes_from(start, mode)
    cost = routes.cost
    nearest = min((cost[goal] for goal in goals), default=UNREACHABLE)
    if nearest >= UNREACHABLE:
        return None
    firsts: set[int] = set()
    for goal in goals:
        if cost[goal] == nearest:
            firsts |= routes.first[goal]
    if left < UNREACHABLE:
        edges = geometry(board).edges[mode[0], mode[1]][start]
        affordable = {label for _, step, label, _ in edges if step <= left}
        firsts &= affordable
    return nearest, firsts
