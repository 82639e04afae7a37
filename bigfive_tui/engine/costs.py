"""What actions cost the current guide, in actions: the guides' discounts, hills, rivers."""

from __future__ import annotations

from bigfive_tui.engine.actions import Act, Action
from bigfive_tui.engine.movement import step_cost
from bigfive_tui.engine.state import RIVERS_CLOSED_FOR, GameState

DETOUR_COST = 3
INFLUENCE_COST = 4
EXTRA_ANIMAL_COST = 4


def rivers_closed_for(state: GameState, seat: int) -> bool:
    """Heavy rain closes every river, hippos the drawer's (RU-rain, RU-hippos): one set test."""
    return not RIVERS_CLOSED_FOR[seat].isdisjoint(state.lasting)


def move_cost(state: GameState, seat: int, direction: int) -> int:
    costs = state.game.costs[seat]
    return step_cost(
        state.game.board,
        state.vehicle[seat],
        direction,
        through_bushes=costs.through_bushes,
        hills_free=costs.hill_move == 1,
        rivers_closed=rivers_closed_for(state, seat),
    )


_FIXED_COSTS = {
    Act.DETOUR: DETOUR_COST,
    Act.INFLUENCE: INFLUENCE_COST,
    Act.EXTRA_ANIMAL: EXTRA_ANIMAL_COST,
}


def action_cost(state: GameState, action: Action) -> int:
    """What a legal ``action`` costs the current guide, in actions: the game screen shows it
    before the player chooses a target."""
    seat = state.seat
    costs = state.game.costs[seat]
    kind = action.kind
    if kind == Act.MOVE:
        neighbours = state.game.board.neighbours[state.vehicle[seat]]
        return move_cost(state, seat, neighbours.index(action.target))
    if kind in (Act.REFUEL, Act.REPLENISH):
        return costs.supply
    if kind == Act.SPOT:
        return costs.spot
    if kind == Act.EXTINGUISH:
        return costs.extinguish
    if kind in (Act.REPAIR_VEHICLE, Act.REPAIR_GATE):
        return costs.repair
    return _FIXED_COSTS.get(kind, 0)
