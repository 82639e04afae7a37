"""Every action the current guide may take now, and the views they depend on
(RU-clear-view, R-kate-spot)."""

from __future__ import annotations

from bigfive_tui.engine.actions import (
    DETOUR,
    DRAW,
    END,
    EXTRA_ANIMAL,
    FOOD,
    FUEL,
    INFLUENCE,
    REFUEL,
    TOKEN_USE,
    Act,
    Action,
)
from bigfive_tui.engine.board import CELL_COUNT, GATE_CELLS, Board
from bigfive_tui.engine.content import (
    ANIMAL_KIND,
    ANIMAL_TOKEN_LIMIT,
    BUFFALO_TOKEN,
    FOOD_TOKENS,
    Guide,
    Species,
)
from bigfive_tui.engine.costs import (
    DETOUR_COST,
    EXTRA_ANIMAL_COST,
    INFLUENCE_COST,
    rivers_closed_for,
)
from bigfive_tui.engine.state import GameState, Phase

# Enum members bound once: looking one up on its class costs ~60 ns in Python 3.11, and this
# runs for every action.
_DRAW_PHASE = Phase.DRAW
_INFLUENCE_PHASE = Phase.INFLUENCE
_OVER_PHASE = Phase.OVER
_KATE = Guide.KATE


def can_drive(state: GameState, seat: int) -> bool:
    return state.fuel[seat] > 0 and not state.flat[seat]


def sight(state: GameState, seat: int) -> tuple[int, ...]:
    """The spaces this guide can spot on: clear view, plus Kate's six lines (R-kate-spot)."""
    board = state.game.board
    if state.game.guides[seat] == _KATE:
        return board.spotter_view[state.vehicle[seat]]
    return board.view[state.vehicle[seat]]


def spot_targets(state: GameState, seat: int) -> list[int]:
    cells = sight(state, seat)
    mask = state.spotted[seat]
    targets = []
    token_at = state.token_at
    for target in cells:
        token = token_at[target]
        if token == BUFFALO_TOKEN:
            if not mask & (1 << Species.BUFFALO):
                targets.append(target)
        elif 0 <= token < ANIMAL_TOKEN_LIMIT and (
            not state.face_up[token] or not mask & (1 << ANIMAL_KIND[token])
        ):
            targets.append(target)
    return targets


def vehicles_in_view(state: GameState, seat: int) -> list[int]:
    """Other seats whose vehicles and this one see each other, both ways (RU-clear-view): who
    may exchange with it (R-exchange)."""
    sight = state.game.board.mutual_view[state.vehicle[seat]]
    return [other for other, cell in enumerate(state.vehicle) if other != seat and cell in sight]


def vehicles_seen_by(state: GameState, seat: int) -> list[int]:
    """Other seats whose vehicles this one has clear view of, by its own view: whom it may
    repair (R-repair-vehicle, RU-repair-view)."""
    sight = state.game.board.view[state.vehicle[seat]]
    return [other for other, cell in enumerate(state.vehicle) if other != seat and cell in sight]


_FOOD_TOKENS = frozenset(FOOD_TOKENS)

#: Per-cell actions made once; building NamedTuples is a visible cost in legal_actions.
MOVES = tuple(Action(Act.MOVE, cell) for cell in range(CELL_COUNT))
_REPLENISH = tuple(Action(Act.REPLENISH, cell) for cell in range(CELL_COUNT))
_SPOT = tuple(Action(Act.SPOT, cell) for cell in range(CELL_COUNT))
_EXTINGUISH = tuple(Action(Act.EXTINGUISH, cell) for cell in range(CELL_COUNT))


def legal_actions(state: GameState) -> list[Action]:
    """Every action the current guide may take now, the actions of each kind listed together
    (the random player relies on that to pick a kind first)."""
    phase = state.phase
    if phase == _DRAW_PHASE:
        return [DRAW, *_exchanges(state)]  # RU-exchange: also before the card
    if phase == _OVER_PHASE:
        return []
    if phase == _INFLUENCE_PHASE:
        return [Action(Act.CHOOSE_DISCARD, i) for i in range(len(state.looking_at))]
    seat = state.seat
    board = state.game.board
    here = state.vehicle[seat]
    left = state.actions_left
    view = board.view[here]
    actions = [END]
    costs = state.game.costs[seat]
    if state.fuel[seat] > 0 and not state.flat[seat]:
        closed = bool(state.lasting) and rivers_closed_for(state, seat)
        mode = costs.through_bushes + 2 * closed
        hill_cost = costs.hill_move
        for target, onto_hill in board.exits[here][mode]:
            if (hill_cost if onto_hill else 1) <= left:
                actions.append(MOVES[target])
        if here in GATE_CELLS and left >= DETOUR_COST:
            actions.append(DETOUR)
    supply_cost = costs.supply
    if (
        state.fuel[seat] < state.game.caps[seat]
        and left >= supply_cost
        and (GATE_CELLS[0] in view or GATE_CELLS[1] in view)
    ):
        actions.append(REFUEL)
    if left >= supply_cost:  # RU-full-track: also at a full food track, to move the token
        # By the spaces in view, not by token: the four food tokens are alike, so which one
        # lies where must not change the order (a written position does not tell them apart).
        token_at = state.token_at
        actions.extend([_REPLENISH[cell] for cell in view if token_at[cell] in _FOOD_TOKENS])
    if left >= costs.spot:
        actions.extend([_SPOT[cell] for cell in spot_targets(state, seat)])
    if left >= costs.extinguish:
        fires = state.fires
        actions.extend([_EXTINGUISH[cell] for cell in view if fires[cell]])
    if left >= costs.repair:
        broken = state.broken_gates() if state.lasting else []
        if not broken and 2 in state.flat:
            for other in [seat, *vehicles_seen_by(state, seat)]:
                if state.flat[other] == 2:
                    actions.append(Action(Act.REPAIR_VEHICLE, other))
        for gate in broken:
            if GATE_CELLS[gate] in view:
                actions.append(Action(Act.REPAIR_GATE, gate))
    if left >= INFLUENCE_COST and len(state.deck) + len(state.discard) >= 2:
        actions.append(INFLUENCE)
    if left >= EXTRA_ANIMAL_COST and state.animal_supply:
        actions.append(EXTRA_ANIMAL)
    if seat == state.game.anna_seat and state.token_holder == seat and not state.token_spent:
        actions.append(TOKEN_USE)
        actions.extend(
            Action(Act.TOKEN_GIVE, other)
            for other in range(len(state.game.guides))
            if other != seat
        )
    actions.extend(_exchanges(state))
    return actions


#: Every exchange action, made once: [giver][receiver][resource][amount - 1].
_EXCHANGES = tuple(
    tuple(
        tuple(
            tuple(Action(Act.EXCHANGE, receiver, n, giver, resource) for n in range(1, 11))
            for resource in (FUEL, FOOD)
        )
        for receiver in range(5)
    )
    for giver in range(5)
)


def _exchange_pairs(board: Board, cells: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(giver, receiver) for every two vehicles that see each other (RU-clear-view)."""
    mutual = board.mutual_view
    return tuple(
        (giver, receiver)
        for giver, here in enumerate(cells)
        for receiver, there in enumerate(cells)
        if receiver != giver and there in mutual[here]
    )


def _exchanges(state: GameState) -> list[Action]:
    cells = tuple(state.vehicle)
    memo = state.game.exchange_pairs
    pairs = memo.get(cells)
    if pairs is None:
        pairs = memo[cells] = _exchange_pairs(state.game.board, cells)
    if not pairs:
        return []
    caps = state.game.caps
    fuel, food = state.fuel, state.food
    result: list[Action] = []
    for giver, receiver in pairs:
        table = _EXCHANGES[giver][receiver]
        most = min(fuel[giver], caps[receiver] - fuel[receiver])
        if most > 0:
            result.extend(table[FUEL][:most])
        # RU-exchange: the last food may be given away too, and the game is lost at once.
        most = min(food[giver], caps[receiver] - food[receiver])
        if most > 0:
            result.extend(table[FOOD][:most])
    return result
