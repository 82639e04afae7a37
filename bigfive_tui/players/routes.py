"""Where a computer guide can drive and see from: board tables the players share.

Built on the engine's own per-board tables (``Board.exits``, ``Board.seen_from``,
``Board.spotted_from``); what is kept here are the cheapest drives from a cell, worked out once
per board and way of driving (David's bushes, Sam's hills, closed rivers), because the players
ask on every decision and the search player's look-ahead asks thousands of times a turn.
"""

from __future__ import annotations

import heapq
from array import array
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from bigfive_tui.engine.board import GATE_CELLS, Board
from bigfive_tui.engine.costs import DETOUR_COST, rivers_closed_for
from bigfive_tui.engine.state import GameState

#: Marks the detour (R-detour) among the first steps of a route.
DETOUR_STEP = -1
#: More actions than any drive across the board: a cell this far away cannot be reached.
UNREACHABLE = 10_000

#: [cell] -> (target, actions, first-step label) for every way out.
Edges = tuple[tuple[tuple[int, int, int], ...], ...]
#: (David, Sam, rivers closed): the ways of driving whose routes differ.
Mode = tuple[bool, bool, bool]


def driving_mode(state: GameState, seat: int) -> Mode:
    """How this guide drives now: through bushes, hills at one action, rivers closed."""
    costs = state.game.costs[seat]
    return costs.through_bushes, costs.hill_move == 1, rivers_closed_for(state, seat)


@dataclass(frozen=True, slots=True)
class Routes:
    """Cheapest drives from one cell: actions to every cell, and the first steps (cells, or
    DETOUR_STEP) of every cheapest route there.

    Kept compact, since a board keeps them for the game (up to 81 starts and 8 ways of
    driving): the actions in two bytes a cell, and the first steps as one byte a cell whose bit
    ``i`` stands for ``labels[i]`` (a start has at most seven ways out). As tuples of ints and
    sets they took about 3 KiB a start, most of a long game's memory growth."""

    cost: array[int]
    labels: tuple[int, ...]
    first: bytes

    def first_steps(self, goals: Iterable[int], nearest: int) -> set[int]:
        """The first steps of every cheapest route to those of ``goals`` ``nearest`` actions
        away."""
        cost, first = self.cost, self.first
        mask = 0
        for goal in goals:
            if cost[goal] == nearest:
                mask |= first[goal]
        return {label for bit, label in enumerate(self.labels) if mask >> bit & 1}


@dataclass(frozen=True, slots=True)
class Geometry:
    """What the players look up on every decision, worked out once per board."""

    board: Board
    #: mode -> driving graph with that way of driving's costs; filled as the players ask.
    edges: dict[Mode, Edges] = field(default_factory=dict)
    #: (start, David, Sam, rivers closed, broken gates) -> actions to clear view of one of
    #: the gates, or None: every guide's way there is weighed on each move while a tyre waits.
    gate_routes: dict[tuple[int, bool, bool, bool, tuple[int, ...]], int | None] = field(
        default_factory=dict
    )
    #: mode -> start -> every cheapest drive from there; filled as the players ask.
    routes: dict[Mode, dict[int, Routes]] = field(default_factory=dict)

    @property
    def seers(self) -> tuple[tuple[int, ...], ...]:
        """[cell] -> every cell whose clear view takes it in (the engine's table)."""
        return self.board.seen_from

    @property
    def kate_seers(self) -> tuple[tuple[int, ...], ...]:
        """[cell] -> every cell Kate can spot it from, her straight lines too (R-kate-spot)."""
        return self.board.spotted_from

    def edges_for(self, mode: Mode) -> Edges:
        found = self.edges.get(mode)
        if found is None:
            # Most cells have the same ways out in every way of driving: one tuple for each.
            known = {exits: exits for edges in self.edges.values() for exits in edges}
            found = self.edges[mode] = tuple(
                known.setdefault(exits, exits) for exits in _edges(self.board, mode)
            )
        return found

    def routes_from(self, start: int, mode: Mode) -> Routes:
        """Every cheapest drive from ``start`` (Dijkstra over the whole board, once)."""
        starts = self.routes.get(mode)
        if starts is None:
            starts = self.routes[mode] = {}
        found = starts.get(start)
        if found is None:
            found = starts[start] = _all_routes(self.edges_for(mode), start)
        return found


_GEOMETRY: dict[int, Geometry] = {}


def geometry(board: Board) -> Geometry:
    entry = _GEOMETRY.get(id(board))
    if entry is not None and entry.board is board:
        return entry
    if len(_GEOMETRY) >= 64:
        _GEOMETRY.clear()
    result = _GEOMETRY[id(board)] = Geometry(board)
    return result


def _edges(board: Board, mode: Mode) -> Edges:
    """The engine's exits for this way of driving (as ``movement.step_cost`` rules them), with
    a hill's cost, and the detour between the gates."""
    david, sam, closed = mode
    hill_cost = 1 if sam else 2
    exits_mode = int(david) + 2 * int(closed)
    result = []
    for cell, exits in enumerate(board.exits):
        out = [
            _way_out(target, hill_cost if onto_hill else 1, target)
            for target, onto_hill in exits[exits_mode]
        ]
        if cell in GATE_CELLS:
            other = GATE_CELLS[1] if cell == GATE_CELLS[0] else GATE_CELLS[0]
            out.append(_way_out(other, DETOUR_COST, DETOUR_STEP))
        result.append(tuple(out))
    return tuple(result)


@cache
def _way_out(target: int, actions: int, label: int) -> tuple[int, int, int]:
    """One way out, shared: every way of driving lists the board's few hundred again."""
    return target, actions, label


def _all_routes(edges: Edges, start: int) -> Routes:
    labels = tuple(sorted({label for _, _, label in edges[start]}))
    bits = {label: 1 << bit for bit, label in enumerate(labels)}
    cost = array("H", [UNREACHABLE]) * len(edges)
    first = [0] * len(edges)
    cost[start] = 0
    queue: list[tuple[int, int]] = [(0, start)]
    while queue:
        dist, cell = heapq.heappop(queue)
        if dist > cost[cell]:
            continue
        for target, step, label in edges[cell]:
            new = dist + step
            steps = bits[label] if cell == start else first[cell]
            if new < cost[target]:
                cost[target] = new
                first[target] = steps
                heapq.heappush(queue, (new, target))
            elif new == cost[target]:
                first[target] |= steps
    return Routes(cost, labels, bytes(first))


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
    firsts = routes.first_steps(goals, nearest)
    if left < UNREACHABLE:
        edges = geometry(board).edges_for(mode)[start]
        affordable = {label for _, step, label in edges if step <= left}
        firsts &= affordable
    return nearest, firsts
