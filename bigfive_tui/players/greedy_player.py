"""A simple heuristic teammate: spot what is in view, keep fuel and food up, help stranded
teammates, mend broken gates and repair flat tyres, and otherwise drive towards the nearest
animal this vehicle still needs; with actions to spare, place an extra animal when none is
left to find, or look at the next two event cards and discard the worse one.

Pure and deterministic given ``rng`` (used only to break ties), and it never loops within a
turn: every action it picks either costs at least one action, or is a free action that strictly
lowers a bounded measure (Kate's free spot turns a token over or takes a species, Jack's free
extinguish removes a fire, Sam's free refuel and food fill tracks that are not full, David's
free repairs mend a gate or a tyre, an exchange only ever narrows the gap between two tracks,
Anna's token can be used once a turn).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bigfive_tui.engine.actions import FOOD, Act, Action
from bigfive_tui.engine.board import GATE_CELLS, Board
from bigfive_tui.engine.content import (
    ANIMAL_KIND,
    BASE_ACTIONS,
    BUFFALO_TOKEN,
    CARDS,
    FOOD_TOKENS,
    Guide,
    Species,
)
from bigfive_tui.engine.costs import rivers_closed_for
from bigfive_tui.engine.state import GameState, Phase
from bigfive_tui.players.cards import CARD_HARM
from bigfive_tui.players.reasons import Reason, Why
from bigfive_tui.players.routes import DETOUR_STEP, UNREACHABLE, driving_mode, geometry, route
from bigfive_tui.players.tactics import Pick, anything_wanted, wanted_by_team

#: Tracks at or below these marks make the bot look after itself first.
LOW_FOOD = 3
LOW_FUEL = 2
#: A teammate at or below these marks gets a share from the bot when they see each other.
NEEDY_FOOD = 3
NEEDY_FUEL = 1

_ANIMAL_TOKEN_LIMIT = 15
_BUFFALO_BIT = 1 << Species.BUFFALO


def choose(state: GameState, legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """One of ``legal_actions`` (which must not be empty)."""
    if len(legal_actions) == 1:
        return legal_actions[0]
    if state.phase == Phase.INFLUENCE:
        return _choose_discard(state, legal_actions)
    by_kind: dict[Act, list[Action]] = {}
    for action in legal_actions:
        by_kind.setdefault(action.kind, []).append(action)
    for rule in _RULES:
        picked = rule(state, by_kind, rng)
        if picked is not None:
            return picked
    for kind in (Act.END, Act.DRAW):  # nothing better: end the turn, or draw to start it
        if kind in by_kind:
            return by_kind[kind][0]
    return legal_actions[0]


def decide(state: GameState, legal_actions: Sequence[Action], rng: random.Random) -> Pick:
    """``choose``'s action with its reason, in the words every player uses (players/reasons):
    the reason is read back from the rule that picks such an action in this position."""
    action = choose(state, legal_actions, rng)
    return Pick(action, _reason(state, action))


def _reason(state: GameState, action: Action) -> Reason:
    seat = state.seat
    kind = action.kind
    if kind in (Act.MOVE, Act.DETOUR):
        return _drive_reason(state, action)
    if kind == Act.SPOT:
        token = state.token_at[action.target]
        if _needed_face_up(state, state.spotted[seat], token):
            species = int(Species.BUFFALO) if token == BUFFALO_TOKEN else ANIMAL_KIND[token]
            return Reason(Why.SPOT_NEEDED, action.target, species=species)
        return Reason(Why.SPOT_UNKNOWN, action.target)
    if kind == Act.REPLENISH:
        return Reason(Why.FOOD_LOW if state.food[seat] <= LOW_FOOD else Why.FOOD_TOP_UP)
    if kind == Act.REFUEL:
        return Reason(Why.FUEL_LOW if state.fuel[seat] <= LOW_FUEL + 1 else Why.FUEL_TOP_UP)
    if kind == Act.REPAIR_GATE:
        free = state.game.costs[seat].repair == 0
        return Reason(Why.MEND_FREE if free and not any(state.flat) else Why.MEND_GATE)
    if kind in (Act.EXCHANGE, Act.REPAIR_VEHICLE):  # their target is a teammate's seat
        return Reason(Why.SHARE if kind == Act.EXCHANGE else Why.REPAIR, seat=action.target)
    if kind == Act.EXTINGUISH:  # its target is a space, never a seat
        return Reason(Why.EXTINGUISH, action.target)
    simple = {Act.TOKEN_USE: Why.TOKEN, Act.CHOOSE_DISCARD: Why.DISCARD, Act.DRAW: Why.DRAW}
    if kind in simple:
        return Reason(simple[kind])
    if kind == Act.EXTRA_ANIMAL:
        return Reason(Why.EXTRA_ANIMAL)
    if kind == Act.INFLUENCE:
        return Reason(Why.INFLUENCE)
    return Reason(Why.END_DONE if state.actions_left == 0 else Why.END_NOTHING)


def _drive_reason(state: GameState, action: Action) -> Reason:
    """The goal a drive serves: the first reachable kind of goal, as ``_drive`` takes it, and
    of its nearest spaces one this step is on a cheapest route to."""
    seat = state.seat
    board = state.game.board
    mode = driving_mode(state, seat)
    routes = geometry(board).routes_from(state.vehicle[seat], mode)
    step = DETOUR_STEP if action.kind == Act.DETOUR else action.target
    kate = state.game.guides[seat] == Guide.KATE
    for why, subjects, goals in _goal_sets(state, seat):
        if min((routes.cost[cell] for cell in goals), default=UNREACHABLE) >= UNREACHABLE:
            continue

        def serving(subject: int, why: Why = why) -> Sequence[int] | frozenset[int]:
            """Where this subject is served from, as _goal_sets counts it."""
            if why == Why.DRIVE_HELP:
                return board.mutual_view[subject]
            if why == Why.DRIVE_ANIMAL and kate:
                return board.spotted_from[subject]  # her straight lines too (R-kate-spot)
            return board.seen_from[subject]

        def cost(subject: int) -> int:
            return min((routes.cost[cell] for cell in serving(subject)), default=UNREACHABLE)

        nearest = min(cost(subject) for subject in subjects)
        closest = [subject for subject in subjects if cost(subject) == nearest]
        on_route = [s for s in closest if step in routes.first_steps(serving(s), nearest)]
        subject = (on_route or closest)[0]
        if why == Why.DRIVE_ANIMAL:
            token = state.token_at[subject]
            if token != BUFFALO_TOKEN and not state.face_up[token]:
                return Reason(Why.DRIVE_UNKNOWN, subject, number=nearest)
            species = int(Species.BUFFALO) if token == BUFFALO_TOKEN else ANIMAL_KIND[token]
            return Reason(why, subject, species=species, number=nearest)
        helped = state.vehicle.index(subject) if why == Why.DRIVE_HELP else -1
        return Reason(why, subject, helped, number=nearest)
    return Reason(Why.END_NOTHING)


def _choose_discard(state: GameState, legal_actions: Sequence[Action]) -> Action:
    def harm(action: Action) -> int:
        return CARD_HARM[CARDS[state.looking_at[action.target]].kind]

    return max(legal_actions, key=harm)


# --------------------------------------------------------------------------- rules, in order

Choice = Action | None
ByKind = dict[Act, list[Action]]


def _use_token(state: GameState, by_kind: ByKind, rng: random.Random) -> Choice:
    """Anna takes her extra action at once: it is worth exactly one action either way."""
    return by_kind[Act.TOKEN_USE][0] if Act.TOKEN_USE in by_kind else None


def _spot(state: GameState, by_kind: ByKind, rng: random.Random) -> Choice:
    """Spot a species this vehicle lacks first, then turn over face-down tokens."""
    spots = by_kind.get(Act.SPOT)
    if not spots:
        return None
    mask = state.spotted[state.seat]
    sure = [a for a in spots if _needed_face_up(state, mask, state.token_at[a.target])]
    return rng.choice(sure or spots)


def _look_after_self(state: GameState, by_kind: ByKind, rng: random.Random) -> Choice:
    seat = state.seat
    cap = state.game.caps[seat]
    sam = state.game.guides[seat] == Guide.SAM
    food_gain = 4 if sam else 2
    food, fuel = state.food[seat], state.fuel[seat]
    if Act.REPLENISH in by_kind and (
        food <= LOW_FOOD or (food + food_gain <= cap and (sam or state.actions_left >= 3))
    ):
        return rng.choice(by_kind[Act.REPLENISH])
    if Act.REFUEL in by_kind and (sam or fuel <= LOW_FUEL + 1):
        return by_kind[Act.REFUEL][0]
    return None


def _share(state: GameState, by_kind: ByKind, rng: random.Random) -> Choice:
    """Hand food or fuel from a well-stocked vehicle to a needy one in view: half the gap. Never
    the giver's last food: the rules allow it, but it loses the game at once (RU-exchange)."""
    exchanges = [
        action
        for action in by_kind.get(Act.EXCHANGE, ())
        if action.resource != FOOD or action.amount < state.food[action.giver]
    ]
    if not exchanges:
        return None
    best: Action | None = None
    best_gap = 1
    for action in exchanges:
        track = state.food if action.resource == FOOD else state.fuel
        needy = NEEDY_FOOD if action.resource == FOOD else NEEDY_FUEL
        receiver, giver = track[action.target], track[action.giver]
        gap = giver - receiver
        if receiver > needy or gap < 2 or action.amount != gap // 2:
            continue
        if gap > best_gap or (best is not None and gap == best_gap and action < best):
            best, best_gap = action, gap
    if best is not None:
        return best
    # The half-gap amount may not fit the receiver's track: take the largest that does.
    for action in sorted(exchanges, key=lambda a: -a.amount):
        track = state.food if action.resource == FOOD else state.fuel
        needy = NEEDY_FOOD if action.resource == FOOD else NEEDY_FUEL
        gap = track[action.giver] - track[action.target]
        if track[action.target] <= needy and gap >= 2 and 2 * action.amount <= gap:
            return action
    return None


def _mend_gate(state: GameState, by_kind: ByKind, rng: random.Random) -> Choice:
    """Mend a broken gate in view before anything else when it matters: no flat tyre can be
    repaired while a gate is broken (RU-broken-gate), and spotting first could leave too few
    actions for the 3 it costs. David mends for free, so he always does."""
    gates = by_kind.get(Act.REPAIR_GATE)
    if gates and (any(state.flat) or state.game.costs[state.seat].repair == 0):
        return gates[0]
    return None


def _repair(state: GameState, by_kind: ByKind, rng: random.Random) -> Choice:
    if Act.REPAIR_VEHICLE in by_kind:
        return by_kind[Act.REPAIR_VEHICLE][0]
    return None


def _extinguish(state: GameState, by_kind: ByKind, rng: random.Random) -> Choice:
    """Put out fires for free (Jack), or on pieces where animals are still to be found."""
    fires = by_kind.get(Act.EXTINGUISH)
    if not fires:
        return None
    seat = state.seat
    if state.game.guides[seat] == Guide.JACK:
        return fires[0]
    if state.actions_left < 2:
        return None
    board = state.game.board
    worth = [
        action
        for action in fires
        if any(
            wanted_by_team(state, state.token_at[cell])
            for cell in board.slot_cells[board.slot[action.target]]
        )
    ]
    return rng.choice(worth) if worth else None


def _drive(state: GameState, by_kind: ByKind, rng: random.Random) -> Choice:
    """One step along a cheapest route to where this vehicle is most needed."""
    moves = by_kind.get(Act.MOVE, [])
    detour = by_kind.get(Act.DETOUR, [])
    if not moves and not detour:
        return None
    seat = state.seat
    for _, _, goals in _goal_sets(state, seat):
        first = _first_steps(state, seat, goals)
        if first is None:
            continue  # out of reach: try the next kind of goal
        options = [a for a in moves if a.target in first]
        if detour and DETOUR_STEP in first:
            options.extend(detour)
        return rng.choice(options) if options else None
    return None


def _extra_animal(state: GameState, by_kind: ByKind, rng: random.Random) -> Choice:
    """With nothing to look for anywhere, put a new animal on the board."""
    if Act.EXTRA_ANIMAL not in by_kind or anything_wanted(state):
        return None
    return by_kind[Act.EXTRA_ANIMAL][0]


def _influence(state: GameState, by_kind: ByKind, rng: random.Random) -> Choice:
    """With four actions and nothing better to do, steer the next event card (R-influence)."""
    return by_kind[Act.INFLUENCE][0] if Act.INFLUENCE in by_kind else None


Rule = Callable[[GameState, ByKind, random.Random], Choice]
_RULES: tuple[Rule, ...] = (
    _use_token,
    _mend_gate,
    _spot,
    _look_after_self,
    _share,
    _repair,
    _extinguish,
    _drive,
    _extra_animal,
    _influence,
)


# --------------------------------------------------------------------------- helpers


def _needed_face_up(state: GameState, mask: int, token: int) -> bool:
    if token == BUFFALO_TOKEN:
        return not mask & _BUFFALO_BIT
    return (
        0 <= token < _ANIMAL_TOKEN_LIMIT
        and state.face_up[token]
        and not mask & (1 << ANIMAL_KIND[token])
    )


def _wanted_by(state: GameState, mask: int, token: int) -> bool:
    """A token this vehicle would spot: face down, or of a species it lacks."""
    if token == BUFFALO_TOKEN:
        return not mask & _BUFFALO_BIT
    if not 0 <= token < _ANIMAL_TOKEN_LIMIT:
        return False
    return not state.face_up[token] or not mask & (1 << ANIMAL_KIND[token])


#: A kind of goal for a drive, the spaces it is about, and the spaces to serve them from.
Goal = tuple[Why, list[int], set[int]]


def _goal_sets(state: GameState, seat: int) -> list[Goal]:
    """Cells worth driving to, most urgent first: food or fuel when low, a stranded teammate,
    then the places with a view of an animal this vehicle still needs."""
    board = state.game.board
    seers = board.seen_from
    result: list[Goal] = []
    if state.food[seat] <= LOW_FOOD:
        food_cells = [state.token_cell[t] for t in FOOD_TOKENS if state.token_cell[t] >= 0]
        result.append((Why.DRIVE_FOOD, food_cells, set().union(*(seers[c] for c in food_cells))))
    if state.fuel[seat] <= LOW_FUEL:
        gates = list(GATE_CELLS)
        result.append((Why.DRIVE_FUEL, gates, set().union(*(seers[cell] for cell in gates))))
    stranded = [
        state.vehicle[other]
        for other in range(len(state.fuel))
        if other != seat
        and (
            (state.fuel[other] == 0 and state.fuel[seat] >= 2)
            or (state.food[other] <= NEEDY_FOOD and state.food[seat] >= NEEDY_FOOD + 2)
        )
    ]
    if stranded:
        # Where an exchange with it is possible: clear view both ways (RU-clear-view).
        near = set().union(*(board.mutual_view[cell] for cell in stranded))
        result.append((Why.DRIVE_HELP, stranded, near))
    if seat == state.seat and _sent_to_mend(state):
        broken = state.broken_gates()
        gate_cells = [GATE_CELLS[gate] for gate in broken]
        result.append((Why.DRIVE_MEND, gate_cells, _gate_goals(board, broken)))
    mask = state.spotted[seat]
    wanted = [
        cell
        for token, cell in enumerate(state.token_cell[: BUFFALO_TOKEN + 1])
        if cell >= 0 and _wanted_by(state, mask, token)
    ]
    if wanted:
        if state.game.guides[seat] == Guide.KATE:
            seers = board.spotted_from  # her straight lines too (R-kate-spot)
        result.append((Why.DRIVE_ANIMAL, wanted, set().union(*(seers[cell] for cell in wanted))))
    return [goal for goal in result if goal[2]]


def _gate_goals(board: Board, gates: Sequence[int]) -> set[int]:
    """Cells in clear view of these gates, where they can be mended (R-repair-gate)."""
    seers = board.seen_from
    return set().union(*(seers[GATE_CELLS[gate]] for gate in gates))


def _sent_to_mend(state: GameState) -> bool:
    """Whether the guide at the wheel should drive to a broken gate: a flat tyre waits for it
    (RU-flat-tyre) and no teammate would mend it sooner, so one guide goes and the others keep
    looking for animals. Without a flat tyre nobody drives there: in simulations that cost
    more games (animals lost while driving) than it saved."""
    if not state.lasting or not any(state.flat):
        return False
    gates = tuple(sorted(state.broken_gates()))
    if not gates:
        return False
    mine = _turns_to_mend(state, state.seat, gates)
    if mine is None:
        return False
    seats = len(state.vehicle)
    for other in range(seats):
        # A teammate needs at least the turns until its own turn comes: skip the route search.
        if other == state.seat or (other - state.seat) % seats > mine:
            continue
        theirs = _turns_to_mend(state, other, gates)
        if theirs is not None and theirs < mine:
            return False
    return True


def _turns_to_mend(state: GameState, seat: int, gates: tuple[int, ...]) -> int | None:
    """Turns from now until this guide could mend a broken gate (0: this turn), counted round
    the table from the guide at the wheel, so two guides never tie; None if it cannot get
    there (flat, out of fuel or walled in, and not already in view of a broken gate)."""
    board = state.game.board
    cell = state.vehicle[seat]
    needed = state.game.costs[seat].repair
    if not any(GATE_CELLS[gate] in board.view[cell] for gate in gates):
        if not state.fuel[seat] or state.flat[seat]:
            return None
        guide = state.game.guides[seat]
        closed = rivers_closed_for(state, seat)
        key = (cell, guide == Guide.DAVID, guide == Guide.SAM, closed, gates)
        routes = geometry(board).gate_routes
        if key not in routes:
            found = _route(state, seat, _gate_goals(board, gates))
            routes[key] = None if found is None else found[0]
        route = routes[key]
        if route is None:
            return None
        needed += route
    seats = len(state.vehicle)
    if seat == state.seat:
        rounds = -(-max(0, needed - state.actions_left) // BASE_ACTIONS)
        return rounds * seats
    rounds = max(1, -(-needed // BASE_ACTIONS)) - 1
    return (seat - state.seat) % seats + rounds * seats


def _first_steps(state: GameState, seat: int, goals: set[int]) -> set[int] | None:
    """First cells (DETOUR_STEP for the detour) of every cheapest route to the nearest goal;
    empty when the vehicle is at a goal or cannot afford the first step this turn, None when
    no goal can be reached at all."""
    found = _route(state, seat, goals, state.actions_left)
    return None if found is None else found[1]


def _route(
    state: GameState, seat: int, goals: set[int], left: int = UNREACHABLE
) -> tuple[int, set[int]] | None:
    """Actions to the nearest goal and the first steps of every cheapest route there."""
    mode = driving_mode(state, seat)
    return route(state.game.board, state.vehicle[seat], mode, goals, left)
