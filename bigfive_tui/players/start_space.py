"""Where a computer seat puts its vehicle at the start of the game.

The rules leave the start space to the player, so this is a policy, like the action policies
beside it: the app asks it for every seat a computer plays.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from bigfive_tui.engine.board import GATE_CELLS, Board
from bigfive_tui.engine.content import Guide, costs_of
from bigfive_tui.engine.costs import DETOUR_COST
from bigfive_tui.engine.movement import BLOCKED, step_cost


def computer_start(board: Board, chosen: Sequence[int], guide: Guide) -> int:
    """Where a computer seat starts, after the seats before it chose ``chosen``.

    The rules leave the space to the player (R-setup-start-spaces: any numbered space, one
    vehicle per piece), and the dice then put the animals on numbered spaces (R-start-order).
    So the computer takes the free numbered space from which, on average, a numbered space is
    in sight for the fewest actions of driving with this guide's abilities (David's bushes,
    Sam's hills, Kate's long view). Ties go to the first space in board order: the same board
    and seats always give the same choice.
    """
    taken = {board.slot[cell] for cell in chosen}
    free = [cell for cell in board.numbered_cells if board.slot[cell] not in taken]
    sight = board.spotter_view if guide == Guide.KATE else board.view
    seen_from: dict[int, list[int]] = {target: [] for target in board.numbered_cells}
    for viewer, cells in enumerate(sight):
        for target in cells:
            if target in seen_from:
                seen_from[target].append(viewer)

    def effort(start: int) -> int:
        costs = _driving_costs(board, start, guide)
        return sum(min(costs[viewer] for viewer in viewers) for viewers in seen_from.values())

    return min(free, key=effort)


_UNREACHED = 10_000  # more than any drive across the board


def _driving_costs(board: Board, start: int, guide: Guide) -> list[int]:
    """Actions to drive from ``start`` to every space (Dijkstra; the gates join by R-detour)."""
    abilities = costs_of(guide)
    costs = [_UNREACHED] * len(board.number)
    costs[start] = 0
    queue = [(0, start)]
    while queue:
        cost, cell = heapq.heappop(queue)
        if cost > costs[cell]:
            continue
        steps = [
            (
                board.neighbours[cell][direction],
                step_cost(
                    board,
                    cell,
                    direction,
                    through_bushes=abilities.through_bushes,
                    hills_free=abilities.hill_move == 1,
                ),
            )
            for direction in range(6)
        ]
        if cell in GATE_CELLS:
            steps.append((GATE_CELLS[1 - GATE_CELLS.index(cell)], DETOUR_COST))
        for target, step in steps:
            if step != BLOCKED and cost + step < costs[target]:
                costs[target] = cost + step
                heapq.heappush(queue, (cost + step, target))
    return costs
