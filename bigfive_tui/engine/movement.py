"""Driving over the landscape (R-move, R-move-hill, R-land-*, R-david-bushes, R-sam-hill)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigfive_tui.engine.pieces import Feature

if TYPE_CHECKING:
    from bigfive_tui.engine.board import Board

BLOCKED = -1
_BUSH = int(Feature.BUSH)  # plain ints: IntFlag's & runs Python code
_RIVER = int(Feature.RIVER)


def step_cost(
    board: Board,
    origin: int,
    direction: int,
    *,
    through_bushes: bool = False,
    hills_free: bool = False,
    rivers_closed: bool = False,
) -> int:
    """Actions for one step, or BLOCKED (forest, water, mountain, rim, bush, closed river)."""
    target = board.neighbours[origin][direction]
    if target < 0 or not board.drivable[target]:
        return BLOCKED
    feature = board.features[origin][direction]
    if feature & _BUSH and not through_bushes:
        return BLOCKED
    if feature & _RIVER and rivers_closed:
        return BLOCKED
    return 2 if board.hill[target] and not hills_free else 1


def reachable(
    board: Board, start: int, *, through_bushes: bool = False, rivers_closed: bool = False
) -> set[int]:
    """Every space a vehicle can drive to from ``start``, ignoring action costs."""
    seen = {start}
    stack = [start]
    while stack:
        cell = stack.pop()
        for direction in range(6):
            if (
                step_cost(
                    board,
                    cell,
                    direction,
                    through_bushes=through_bushes,
                    rivers_closed=rivers_closed,
                )
                != BLOCKED
            ):
                target = board.neighbours[cell][direction]
                if target not in seen:
                    seen.add(target)
                    stack.append(target)
    return seen
