"""Every action the current guide may take now, and the views they depend on
(RU-clear-view, R-kate-spot)."""

from __future__ import annotations

from functools import cache

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
from bigfive_tui.engine.state import Game, GameState, Phase

# Enum members bound once: looking one up on its class costs ~60 ns in Python 3.11, and this
# runs for every action.
_DRAW_PHASE = Phase.DRAW
_ACTIONS_PHASE = Phase.ACTIONS
_INFLUENCE_PHASE = Phase.INFLUENCE
_OVER_PHASE = Phase.OVER
_KATE = Guide.KATE
_BUFFALO_BIT = 1 << Species.BUFFALO


def can_drive(state: GameState, seat: int) -> bool:
    return state.fuel[seat] > 0 and not state.flat[seat]


def sight(state: GameState, seat: int) -> tuple[int, ...]:
    """The spaces this guide can spot on: clear view, plus Kate's six lines (R-kate-spot)."""
    board = state.game.board
    if state.game.guides[seat] == _KATE:
        return board.spotter_view_at(state.vehicle[seat])
    return board.view[state.vehicle[seat]]


def spot_targets(state: GameState, seat: int) -> list[int]:
    """The spaces this guide may spot on now (R-spot, R-kate-spot)."""
    return [action.target for action in _add_spots(state, seat, [])]


def _add_spots(state: GameState, seat: int, actions: list[Action]) -> list[Action]:
    """Appends a spot action for every token in sight that this guide may still spot on."""
    game = state.game  # sight(), written out: legal_actions asks on every action
    here = state.vehicle[seat]
    board = game.board
    cells = board.spotter_view_at(here) if game.guides[seat] == _KATE else board.view[here]
    mask = state.spotted[seat]
    token_at = state.token_at
    face_up = state.face_up
    for target in cells:
        token = token_at[target]
        if token < 0:
            continue
        if token == BUFFALO_TOKEN:
            if not mask & _BUFFALO_BIT:
                actions.append(_SPOT[target])
        elif token < ANIMAL_TOKEN_LIMIT and (
            not face_up[token] or not mask & (1 << ANIMAL_KIND[token])
        ):
            actions.append(_SPOT[target])
    return actions


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


#: Actions made once; building NamedTuples is a visible cost in legal_actions.
MOVES = tuple(Action(Act.MOVE, cell) for cell in range(CELL_COUNT))
_REPLENISH = tuple(Action(Act.REPLENISH, cell) for cell in range(CELL_COUNT))
_SPOT = tuple(Action(Act.SPOT, cell) for cell in range(CELL_COUNT))
_EXTINGUISH = tuple(Action(Act.EXTINGUISH, cell) for cell in range(CELL_COUNT))
_REPAIR_VEHICLE = tuple(Action(Act.REPAIR_VEHICLE, seat) for seat in range(5))
_REPAIR_GATE = tuple(Action(Act.REPAIR_GATE, gate) for gate in range(len(GATE_CELLS)))
_TOKEN_GIVE = tuple(Action(Act.TOKEN_GIVE, seat) for seat in range(5))
_CHOOSE_DISCARD = tuple(Action(Act.CHOOSE_DISCARD, position) for position in range(10))
_FOOD_TOKENS = frozenset(FOOD_TOKENS)
#: Vehicle places whose exchange pairs a game keeps (``Game.exchange_pairs``): vehicles rarely
#: move between two queries, so the last few hundred places are what pays; a computer
#: player's look-ahead sees many more, which would grow without end.
EXCHANGE_PAIRS_KEPT = 256
_WEST_GATE, _EAST_GATE = GATE_CELLS


def legal_actions(state: GameState, exchanges: bool = True) -> list[Action]:
    """Every action the current guide may take now, the actions of each kind listed together
    (the random player relies on that to pick a kind first). Without ``exchanges``, all but
    the exchanges: for a player's look-ahead whose policy cannot give now (they are a third of
    this function's time, and the look-ahead asks it hundreds of thousands of times a turn)."""
    phase = state.phase
    game = state.game
    if phase == _DRAW_PHASE:
        actions = [DRAW]
    elif phase == _ACTIONS_PHASE:
        actions = _turn_actions(state, game)
    elif phase == _INFLUENCE_PHASE:
        return list(_CHOOSE_DISCARD[: len(state.looking_at)])
    else:
        return []
    if not exchanges:
        return actions
    # RU-exchange: free between vehicles in clear view, also before the card is drawn.
    cells = tuple(state.vehicle)
    known = game.exchange_pairs
    pairs = known.get(cells)
    if pairs is None:
        if len(known) >= EXCHANGE_PAIRS_KEPT:  # a search's many what-ifs: start afresh
            known.clear()
        pairs = known[cells] = _exchange_pairs(game.board, cells)
    if pairs:
        _add_exchanges(state, pairs, actions)
    return actions


def _turn_actions(state: GameState, game: Game) -> list[Action]:
    """What the guide at the wheel may do with the turn's actions, exchanges aside."""
    # Written for speed (this runs for most decisions of a game): the costs unpacked into
    # locals, plain loops, which beat comprehensions on these lists of a few items.
    seat = state.seat
    board = game.board
    here = state.vehicle[seat]
    left = state.actions_left
    view = board.view[here]
    hill_move, supply, _, spot, extinguish, repair, through_bushes = game.costs[seat]
    fuel = state.fuel[seat]
    actions = [END]
    if fuel > 0 and left and not state.flat[seat]:
        closed = bool(state.lasting) and rivers_closed_for(state, seat)
        exits = board.exits[here][through_bushes + 2 * closed]
        if left >= hill_move:
            for target, _ in exits:
                actions.append(MOVES[target])
        else:  # one action left: not onto a hill
            for target, onto_hill in exits:
                if not onto_hill:
                    actions.append(MOVES[target])
        if left >= DETOUR_COST and here in GATE_CELLS:
            actions.append(DETOUR)
    if left >= supply:
        if fuel < game.caps[seat] and (_WEST_GATE in view or _EAST_GATE in view):
            actions.append(REFUEL)
        # RU-full-track: food may be taken at a full track too, to move the token. Listed by
        # the spaces in view, not by token: the four food tokens are alike, so which one lies
        # where must not change the order (a written position does not tell them apart).
        token_at = state.token_at
        for cell in view:
            if token_at[cell] in _FOOD_TOKENS:
                actions.append(_REPLENISH[cell])
    if left >= spot:
        _add_spots(state, seat, actions)
    if left >= extinguish:
        fires = state.fires
        for cell in view:
            if fires[cell]:
                actions.append(_EXTINGUISH[cell])
    if left >= repair:
        broken = state.broken_gates() if state.lasting else ()
        if not broken and 2 in state.flat:
            for other in [seat, *vehicles_seen_by(state, seat)]:
                if state.flat[other] == 2:
                    actions.append(_REPAIR_VEHICLE[other])
        for gate in broken:
            if GATE_CELLS[gate] in view:
                actions.append(_REPAIR_GATE[gate])
    if left >= INFLUENCE_COST and len(state.deck) + len(state.discard) >= 2:
        actions.append(INFLUENCE)
    if left >= EXTRA_ANIMAL_COST and state.animal_supply:
        actions.append(EXTRA_ANIMAL)
    if seat == game.anna_seat and state.token_holder == seat and not state.token_spent:
        actions.append(TOKEN_USE)
        actions += [_TOKEN_GIVE[other] for other in range(len(game.guides)) if other != seat]
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


#: [seat count] -> every two seats, (lower, higher)
_SEAT_PAIRS = tuple(tuple((a, b) for a in range(n) for b in range(a + 1, n)) for n in range(6))


def _exchange_pairs(board: Board, cells: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(giver, receiver) for every two vehicles that see each other (RU-clear-view), by giver
    then receiver. Seeing each other goes both ways, so each two seats are looked at once."""
    mutual = board.mutual_view
    linked = 0
    for bit, (a, b) in enumerate(_SEAT_PAIRS[len(cells)]):
        if cells[b] in mutual[cells[a]]:
            linked |= 1 << bit
    return _pairs_linked(len(cells), linked) if linked else ()


@cache
def _pairs_linked(seats: int, linked: int) -> tuple[tuple[int, int], ...]:
    """The exchange pairs of the seat pairs whose bits are set in ``linked``, made once: a
    game's memo of vehicle places shares a few dozen of them instead of a copy per place."""
    pairs = [pair for bit, pair in enumerate(_SEAT_PAIRS[seats]) if linked >> bit & 1]
    return tuple(sorted(pairs + [(b, a) for a, b in pairs]))


def _add_exchanges(
    state: GameState, pairs: tuple[tuple[int, int], ...], actions: list[Action]
) -> None:
    """Every amount of fuel and food one vehicle may give another in view (R-exchange)."""
    caps = state.game.caps
    fuel, food = state.fuel, state.food
    for giver, receiver in pairs:
        table = _EXCHANGES[giver][receiver]
        most = caps[receiver] - fuel[receiver]
        if fuel[giver] < most:
            most = fuel[giver]
        if most > 0:
            actions += table[FUEL][:most]
        # RU-exchange: the last food may be given away too, and the game is lost at once.
        most = caps[receiver] - food[receiver]
        if food[giver] < most:
            most = food[giver]
        if most > 0:
            actions += table[FOOD][:most]
