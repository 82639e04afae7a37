"""The search player's own fast policy, and the intents it plans its turns with.

Studying the greedy bot's losses (docs/balance.md) showed where the safari is lost: an animal
rolled onto a burning piece flees the park at once, and with fires left burning, most animal
tokens vanish that way before anybody sees them. So this policy plays greedy's priorities plus
what those losses teach: put out fires in view, drive to fires, send Jack where his piece
rule shields animals, and read the event deck before placing extra animals.

An :class:`Intent` is what a guide sets out to do for a whole turn (the search player's
macro-actions): the same rules in a different order. Pure and deterministic given ``rng``
(used only to break ties).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from enum import IntEnum
from itertools import compress, groupby
from operator import itemgetter
from typing import NamedTuple

from bigfive_tui.engine.actions import FOOD, Act, Action
from bigfive_tui.engine.board import GATE_CELLS
from bigfive_tui.engine.content import (
    ALL_SPECIES_MASK,
    ANIMAL_KIND,
    BUFFALO_TOKEN,
    FIRE_MARKERS,
    FOOD_TOKENS,
    MONKEY,
    Guide,
    Species,
)
from bigfive_tui.engine.state import GameState, Phase
from bigfive_tui.players.cards import card_harm
from bigfive_tui.players.reasons import Reason, Why
from bigfive_tui.players.routes import DETOUR_STEP, UNREACHABLE, driving_mode, geometry
from bigfive_tui.players.unseen import unseen_wanted

_ANIMAL_TOKEN_LIMIT = 15
_BUFFALO = int(Species.BUFFALO)

#: The fast policy's marks for its own food and fuel (:class:`Marks`).
LOW_FOOD = 3
LOW_FUEL = 2
#: A teammate at or below these marks gets a share when in view.
NEEDY_FOOD = 3
NEEDY_FUEL = 1


class Intent(IntEnum):
    """What a guide sets out to do this turn (the search player's macro-actions)."""

    STEADY = 0  # the usual priorities below
    ANIMALS = 1  # drive for animals; fires only when in view
    FIRES = 2  # drive to the fires first
    INFLUENCE = 3  # influence the next event at once
    EXTRA = 4  # place an extra animal at once
    SUPPLIES = 5  # fill food and fuel first
    GUARD = 6  # Jack: stand on the piece that shields the most needed animals


INTENT_WORDS = {
    Intent.STEADY: "spot what is in view, put out fires near by, then drive where needed",
    Intent.ANIMALS: "drive for the animals still needed",
    Intent.FIRES: "drive to put out the fires",
    Intent.INFLUENCE: "influence the next event",
    Intent.EXTRA: "place an extra animal",
    Intent.SUPPLIES: "fill up food and fuel",
    Intent.GUARD: "shield the needed animals with Jack's piece",
}


class Pick(NamedTuple):
    action: Action
    reason: Reason


#: Worth of a drive's goal, less its cost in actions: the drive takes the best.
_GOAL_WORTH = {
    Why.DRIVE_FOOD: 100,
    Why.DRIVE_FUEL: 90,
    Why.DRIVE_HELP: 80,
    Why.DRIVE_MEND: 70,
    Why.DRIVE_ANIMAL: 14,
    Why.DRIVE_UNKNOWN: 12,
    Why.DRIVE_FIRE: 10,
    Why.GUARD: 0,
}


class Marks(NamedTuple):
    """When a guide looks after its own food and fuel, and what each goal of a drive is worth:
    the fast policy's own (:data:`FAST_MARKS`), or the team's (players/team.py)."""

    #: Food at or below this is taken care of before anything else but spotting.
    low_food: int
    #: Fuel at or below this sends the guide to a gate; one more, to a gate in view.
    low_fuel: int
    goal_worth: Mapping[Why, int]
    #: Whether fires and face-down tokens are worth actions only while an animal the team
    #: lacks may still be among the unseen tokens (players/unseen.py).
    reckon_unseen: bool = False


FAST_MARKS = Marks(LOW_FOOD, LOW_FUEL, _GOAL_WORTH)


def choose(state: GameState, legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """One of ``legal_actions`` with the steady intent (the search's roll-out policy)."""
    return decide(state, legal_actions, rng).action


def decide(
    state: GameState,
    legal_actions: Sequence[Action],
    rng: random.Random,
    intent: Intent = Intent.STEADY,
    focus: int = -1,
    marks: Marks = FAST_MARKS,
) -> Pick:
    """One of ``legal_actions`` (which must not be empty), with its reason. A ``focus`` (a
    cell: an animal, a face-down token or a fire) is the drive's goal before any other."""
    groups = by_kind(legal_actions)
    return decide_grouped(state, legal_actions, groups, rng, intent, focus, marks)


def by_kind(legal_actions: Sequence[Action]) -> dict[Act, list[Action]]:
    """The actions grouped by kind, in their order. The engine lists each kind's actions
    together, so this loops over runs of a kind, not over actions (the roll-outs' hottest
    loop); a kind met again in another run joins its group all the same."""
    groups: dict[Act, list[Action]] = {}
    for kind, run in groupby(legal_actions, _KIND):
        group = groups.get(kind)
        if group is None:
            groups[kind] = list(run)
        else:
            group.extend(run)
    return groups


_KIND = itemgetter(0)  # an Action's kind


def decide_grouped(
    state: GameState,
    legal_actions: Sequence[Action],
    groups: dict[Act, list[Action]],
    rng: random.Random,
    intent: Intent = Intent.STEADY,
    focus: int = -1,
    marks: Marks = FAST_MARKS,
) -> Pick:
    """:func:`decide` with ``legal_actions`` already grouped (``by_kind``), for a caller that
    asks more than once about the same position."""
    if state.phase == Phase.INFLUENCE:
        return _discard(state, legal_actions)
    if len(legal_actions) == 1:
        only = legal_actions[0]
        return Pick(only, Reason(Why.DRAW if only.kind == Act.DRAW else Why.END_DONE))
    turn = _Turn(state, groups, rng, intent, focus, marks)
    for rule in _ORDER[intent]:
        picked = rule(turn)
        if picked is not None:
            return picked
    if Act.DRAW in groups:
        return Pick(groups[Act.DRAW][0], Reason(Why.DRAW))
    if Act.END in groups:
        if intent == Intent.GUARD and state.game.guides[state.seat] == Guide.JACK:
            guarded = _guarded_here(state)
            if guarded:
                return Pick(groups[Act.END][0], Reason(Why.END_GUARD))
        why = Why.END_DONE if state.actions_left == 0 else Why.END_NOTHING
        return Pick(groups[Act.END][0], Reason(why))
    return Pick(legal_actions[0], Reason(Why.END_NOTHING))


class _Turn:
    """What the rules ask about the guide at the wheel, worked out once per decision."""

    __slots__ = (
        "by_kind",
        "fires_matter",
        "focus",
        "hidden_matter",
        "intent",
        "marks",
        "rng",
        "seat",
        "state",
    )

    def __init__(
        self,
        state: GameState,
        by_kind: dict[Act, list[Action]],
        rng: random.Random,
        intent: Intent,
        focus: int = -1,
        marks: Marks = FAST_MARKS,
    ) -> None:
        self.state = state
        self.marks = marks
        self.by_kind = by_kind
        self.rng = rng
        self.intent = intent
        self.focus = focus
        self.seat = state.seat
        #: A face-down token is worth turning only while it may be a species the team lacks,
        #: and a fire harms only the animals placed on its piece later.
        self.hidden_matter = self.fires_matter = True
        if marks.reckon_unseen:
            self.hidden_matter = unseen_wanted(state) > 0
            self.fires_matter = self.hidden_matter and bool(state.animal_supply)


# --------------------------------------------------------------------------- the rules


def _token(turn: _Turn) -> Pick | None:
    """Anna takes her extra action at once: it is worth one action either way."""
    uses = turn.by_kind.get(Act.TOKEN_USE)
    return Pick(uses[0], Reason(Why.TOKEN)) if uses else None


def _free(turn: _Turn) -> Pick | None:
    """What costs this guide nothing: Kate's spots, Jack's fires, David's repairs, Sam's
    supplies. Each strictly changes the game (a token turned, a fire out, a track filled),
    so a turn never loops on them."""
    state, by_kind = turn.state, turn.by_kind
    costs = state.game.costs[turn.seat]
    if costs.spot == 0 and Act.SPOT in by_kind:
        return _spot(turn)
    if costs.extinguish == 0 and Act.EXTINGUISH in by_kind:
        return Pick(by_kind[Act.EXTINGUISH][0], Reason(Why.EXTINGUISH))
    if costs.repair == 0:
        if Act.REPAIR_GATE in by_kind:
            return Pick(by_kind[Act.REPAIR_GATE][0], Reason(Why.MEND_FREE))
        if Act.REPAIR_VEHICLE in by_kind:
            return Pick(by_kind[Act.REPAIR_VEHICLE][0], Reason(Why.REPAIR))
    if costs.supply == 0:
        if Act.REFUEL in by_kind:
            return Pick(by_kind[Act.REFUEL][0], Reason(Why.FUEL_TOP_UP))
        food, low_food = state.food[turn.seat], turn.marks.low_food
        if Act.REPLENISH in by_kind and (
            food <= low_food or food + costs.food_gain <= state.game.caps[turn.seat]
        ):
            why = Why.FOOD_LOW if food <= low_food else Why.FOOD_TOP_UP
            return Pick(turn.rng.choice(by_kind[Act.REPLENISH]), Reason(why))
    return None


def _mend_gate(turn: _Turn) -> Pick | None:
    """A broken gate in view is mended first while a tyre is flat: spotting first could
    leave too few actions for the 3 it costs (RU-broken-gate)."""
    gates = turn.by_kind.get(Act.REPAIR_GATE)
    if gates and any(turn.state.flat):
        return Pick(gates[0], Reason(Why.MEND_GATE))
    return None


def _spot(turn: _Turn) -> Pick | None:
    """A species this vehicle lacks first, then face-down tokens (the team learns what they
    are), then a species a teammate lacks is no reason: only its own spots count."""
    spots = turn.by_kind.get(Act.SPOT)
    if not spots:
        return None
    state = turn.state
    mask = state.spotted[turn.seat]
    needed = []
    for action in spots:
        token = state.token_at[action.target]
        if state.face_up[token]:
            species = _species_of(token)
            if not mask & (1 << species):
                needed.append((action, species))
    if needed:
        action, species = turn.rng.choice(needed)
        return Pick(action, Reason(Why.SPOT_NEEDED, action.target, species=species))
    if not turn.hidden_matter and state.game.costs[turn.seat].spot > 0:
        return None  # the team knows that none of its face-down tokens is worth an action
    action = turn.rng.choice(spots)
    return Pick(action, Reason(Why.SPOT_UNKNOWN, action.target))


def _look_after_self(turn: _Turn) -> Pick | None:
    state, by_kind, seat = turn.state, turn.by_kind, turn.seat
    costs = state.game.costs[seat]
    cap = state.game.caps[seat]
    food, fuel = state.food[seat], state.fuel[seat]
    low_food, low_fuel = turn.marks.low_food, turn.marks.low_fuel
    top_up = turn.intent == Intent.SUPPLIES
    if Act.REPLENISH in by_kind and (
        food <= low_food or (food + costs.food_gain <= cap and (top_up or state.actions_left >= 3))
    ):
        why = Why.FOOD_LOW if food <= low_food else Why.FOOD_TOP_UP
        return Pick(turn.rng.choice(by_kind[Act.REPLENISH]), Reason(why))
    if Act.REFUEL in by_kind and (fuel <= low_fuel + 1 or (top_up and fuel < cap - 2)):
        why = Why.FUEL_LOW if fuel <= low_fuel + 1 else Why.FUEL_TOP_UP
        return Pick(by_kind[Act.REFUEL][0], Reason(why))
    return None


def _share(turn: _Turn) -> Pick | None:
    """Hand food or fuel from a well-stocked vehicle to a needy one in view: half the gap
    (or as much of it as fits the receiver's track); never the giver's last food."""
    exchanges = turn.by_kind.get(Act.EXCHANGE)
    if not exchanges:
        return None
    state = turn.state
    if not anyone_needy(state):
        return None  # no exchange below would do
    best: Action | None = None
    best_key = (0, 0)
    for action in exchanges:
        track = state.food if action.resource == FOOD else state.fuel
        needy = NEEDY_FOOD if action.resource == FOOD else NEEDY_FUEL
        receiver, giver = track[action.target], track[action.giver]
        gap = giver - receiver
        if receiver > needy or gap < 2 or 2 * action.amount > gap:
            continue
        if action.resource == FOOD and giver - action.amount < 2:
            continue
        key = (gap, action.amount)
        if key > best_key:
            best, best_key = action, key
    return Pick(best, Reason(Why.SHARE, seat=best.target)) if best is not None else None


def anyone_needy(state: GameState) -> bool:
    """Some guide low enough on food or fuel to be given some: without one, this policy never
    exchanges (:func:`_share`)."""
    return min(state.food) <= NEEDY_FOOD or min(state.fuel) <= NEEDY_FUEL


def _repair(turn: _Turn) -> Pick | None:
    repairs = turn.by_kind.get(Act.REPAIR_VEHICLE)
    return Pick(repairs[0], Reason(Why.REPAIR, seat=repairs[0].target)) if repairs else None


def _extinguish(turn: _Turn) -> Pick | None:
    """A fire in view goes out: with fires left burning, new animals flee at once."""
    fires = turn.by_kind.get(Act.EXTINGUISH)
    if not fires or not turn.fires_matter:
        return None
    action = turn.rng.choice(fires)
    return Pick(action, Reason(Why.EXTINGUISH, action.target))


def _influence(turn: _Turn) -> Pick | None:
    influence = turn.by_kind.get(Act.INFLUENCE)
    if not influence:
        return None
    return Pick(influence[0], Reason(Why.INFLUENCE))


def _extra_animal(turn: _Turn) -> Pick | None:
    """Place an extra animal when nothing anybody needs is left on the board, or when asked
    to: it flees only onto a burning piece."""
    extra = turn.by_kind.get(Act.EXTRA_ANIMAL)
    if not extra:
        return None
    state = turn.state
    if turn.intent != Intent.EXTRA and anything_wanted(state):
        return None
    return Pick(extra[0], Reason(Why.EXTRA_ANIMAL))


def _drive(turn: _Turn) -> Pick | None:
    """One step along a cheapest route to the best goal: worth less actions to get there."""
    moves = turn.by_kind.get(Act.MOVE, [])
    detour = turn.by_kind.get(Act.DETOUR, [])
    if not moves and not detour:
        return None
    state, seat, intent, focus, marks = turn.state, turn.seat, turn.intent, turn.focus, turn.marks
    worth = marks.goal_worth
    mode = driving_mode(state, seat)
    routes = geometry(state.game.board).routes_from(state.vehicle[seat], mode)
    cost_of = routes.cost.__getitem__
    supply = state.game.costs[seat].supply
    best: tuple[int, Why, int, Collection[int], int] | None = None
    for why, subject, cells in _goals(turn):
        cost = min(map(cost_of, cells), default=UNREACHABLE)
        if cost >= UNREACHABLE or (
            _topping_up(state, seat, why, marks) and cost + supply > state.actions_left
        ):
            # Filling up is worth a drive only when it is done this turn: a drive towards a
            # far gate with fuel to spare serves nothing this turn (issue 24's refuel hint).
            continue
        score = worth[why] - cost + _intent_bonus(intent, why)
        if why == Why.DRIVE_ANIMAL:
            score += _scarcity(state, subject)
        if subject == focus and why in _FOCUSABLE:
            score += _FOCUS_BONUS
        if best is None or score > best[0]:
            best = (score, why, subject, cells, cost)
    if best is None:
        return None
    _, why, subject, cells, nearest = best
    if nearest == 0:
        return None  # already there: nothing more to drive for
    firsts = routes.first_steps(cells, nearest)
    options = [a for a in moves if a.target in firsts and affordable(state, a)]
    if detour and DETOUR_STEP in firsts:
        options.extend(detour)
    if not options:
        return None
    action = turn.rng.choice(options)
    return Pick(action, Reason(why, subject, _subject_seat(state, why, subject), number=nearest))


#: The goals a search may set a drive's focus on, and what that focus adds to their worth
#: (more than food or fuel running short: those rules come before the drive anyway).
_FOCUSABLE = frozenset((Why.DRIVE_ANIMAL, Why.DRIVE_UNKNOWN, Why.DRIVE_FIRE))
_FOCUS_BONUS = 200


def drive_goals(state: GameState, rng: random.Random) -> list[tuple[int, int]]:
    """(worth less cost, cell) of every goal a search may focus a drive on that the guide at
    the wheel can reach, best first (the steady drive takes the first, or a supply goal)."""
    turn = _Turn(state, {}, rng, Intent.STEADY)
    seat = state.seat
    routes = geometry(state.game.board).routes_from(state.vehicle[seat], driving_mode(state, seat))
    found: dict[int, int] = {}
    for why, subject, cells in _goals(turn):
        if why not in _FOCUSABLE:
            continue
        cost = min((routes.cost[cell] for cell in cells), default=UNREACHABLE)
        if cost >= UNREACHABLE or cost == 0:
            continue
        score = _GOAL_WORTH[why] - cost
        if why == Why.DRIVE_ANIMAL:
            score += _scarcity(state, subject)
        found[subject] = max(score, found.get(subject, score))
    return sorted(((score, cell) for cell, score in found.items()), reverse=True)


#: Extra worth of a needed animal whose species has this many tokens left in the game.
SCARCITY_BONUS = {1: 10, 2: 4, 3: 0}


def _topping_up(state: GameState, seat: int, why: Why, marks: Marks) -> bool:
    """A drive for food or fuel that this guide does not yet run short of."""
    if why == Why.DRIVE_FOOD:
        return state.food[seat] > marks.low_food
    return why == Why.DRIVE_FUEL and state.fuel[seat] > marks.low_fuel


def _scarcity(state: GameState, cell: int) -> int:
    token = state.token_at[cell]
    if token == BUFFALO_TOKEN:
        return 0
    return SCARCITY_BONUS[species_left(state, ANIMAL_KIND[token])]


def _intent_bonus(intent: Intent, why: Why) -> int:
    if intent == Intent.FIRES and why == Why.DRIVE_FIRE:
        return 50
    if intent == Intent.ANIMALS and why == Why.DRIVE_FIRE:
        return -1000
    if intent == Intent.GUARD and why == Why.GUARD:
        return 60
    return 0


def affordable(state: GameState, move: Action) -> bool:
    """Whether the guide at the wheel has the actions to drive onto ``move``'s space."""
    board = state.game.board
    cost = state.game.costs[state.seat].hill_move if board.hill[move.target] else 1
    return cost <= state.actions_left


def _subject_seat(state: GameState, why: Why, cell: int) -> int:
    if why != Why.DRIVE_HELP:
        return -1
    return next((seat for seat, at in enumerate(state.vehicle) if at == cell), -1)


_Goal = tuple[Why, int, Collection[int]]


def _goals(turn: _Turn) -> list[_Goal]:
    """(reason, subject space, spaces to serve it from) for everything worth a drive."""
    state, seat = turn.state, turn.seat
    board = state.game.board
    geo = geometry(board)
    seers = geo.seers
    guide = state.game.guides[seat]
    goals: list[_Goal] = []
    food, fuel, cap = state.food[seat], state.fuel[seat], state.game.caps[seat]
    tyre_waits = any(state.flat) and bool(state.lasting) and bool(state.broken_gates())
    # Topping up can wait; a flat tyre behind a broken gate loses its guide whole turns.
    top_up = turn.intent == Intent.SUPPLIES and not tyre_waits
    if food <= turn.marks.low_food or (top_up and food < cap - 1):
        for token in FOOD_TOKENS:
            cell = state.token_cell[token]
            if cell >= 0:
                goals.append((Why.DRIVE_FOOD, cell, seers[cell]))
    if fuel <= turn.marks.low_fuel or (top_up and fuel < cap - 2):
        goals.extend((Why.DRIVE_FUEL, cell, seers[cell]) for cell in GATE_CELLS)
    for other in range(len(state.vehicle)):
        if other != seat and (
            (state.fuel[other] == 0 and fuel >= 2)
            or (state.food[other] <= NEEDY_FOOD and food >= NEEDY_FOOD + 2)
        ):
            cell = state.vehicle[other]
            goals.append((Why.DRIVE_HELP, cell, board.mutual_view[cell]))
    if tyre_waits:
        for gate in state.broken_gates():
            cell = GATE_CELLS[gate]
            goals.append((Why.DRIVE_MEND, cell, seers[cell]))
    mask = state.spotted[seat]
    spotters = geo.kate_seers if guide == Guide.KATE else seers
    face_up = state.face_up
    hidden_matter = turn.hidden_matter
    for token, cell in enumerate(state.token_cell[: BUFFALO_TOKEN + 1]):
        if cell < 0:
            continue
        if token == BUFFALO_TOKEN or face_up[token]:
            if mask & _SPECIES_BIT[token]:
                continue
            why = Why.DRIVE_ANIMAL
        elif hidden_matter:
            why = Why.DRIVE_UNKNOWN
        else:
            continue
        goals.append((why, cell, spotters[cell]))
    fires = state.fires
    if turn.fires_matter and state.fire_supply < FIRE_MARKERS:  # some fire is on the board
        jack = guide == Guide.JACK
        for cell in compress(range(len(fires)), fires):
            near: Collection[int] = seers[cell]
            if jack:
                piece = board.slot_cells[board.slot[cell]]
                near = frozenset(near).union(c for c in piece if board.drivable[c])
            goals.append((Why.DRIVE_FIRE, cell, near))
    if turn.intent == Intent.GUARD and guide == Guide.JACK:
        guard = _guard_piece(state)
        if guard is not None:
            piece = board.slot_cells[guard[0]]
            goals.append((Why.GUARD, guard[1], [c for c in piece if board.drivable[c]]))
    return goals


def _guard_piece(state: GameState) -> tuple[int, int, int] | None:
    """(slot, a token's cell, how many) of the piece with the most tokens the team needs."""
    board = state.game.board
    counts: dict[int, list[int]] = {}
    for token, cell in enumerate(state.token_cell[:BUFFALO_TOKEN]):
        if cell >= 0 and wanted_by_team(state, token):
            counts.setdefault(board.slot[cell], []).append(cell)
    if not counts:
        return None
    slot = max(counts, key=lambda s: (len(counts[s]), -s))
    return slot, counts[slot][0], len(counts[slot])


def _guarded_here(state: GameState) -> int:
    board = state.game.board
    slot = board.slot[state.vehicle[state.seat]]
    return sum(
        1
        for token, cell in enumerate(state.token_cell[:BUFFALO_TOKEN])
        if cell >= 0 and board.slot[cell] == slot and wanted_by_team(state, token)
    )


# --------------------------------------------------------------------------- the event deck


def _discard(state: GameState, legal_actions: Sequence[Action]) -> Pick:
    """After influencing: discard the card that would hurt the next guide most."""

    def harm(action: Action) -> int:
        return card_harm(state, state.looking_at[action.target])

    action = max(legal_actions, key=harm)
    return Pick(action, Reason(Why.DISCARD))


# --------------------------------------------------------------------------- helpers


def _species_of(token: int) -> int:
    return _BUFFALO if token == BUFFALO_TOKEN else ANIMAL_KIND[token]


#: [token] -> its species' bit in a vehicle's spotted mask (the animal tokens and the buffalo);
#: a monkey's is every species' (a monkey turned up leaves the board: nobody drives to it).
_SPECIES_BIT = tuple(
    ALL_SPECIES_MASK if _species_of(token) == MONKEY else 1 << _species_of(token)
    for token in range(BUFFALO_TOKEN + 1)
)


def wanted_by_team(state: GameState, token: int) -> bool:
    """A token some vehicle would spot: face down, or of a species somebody lacks."""
    if token == BUFFALO_TOKEN:
        bit = 1 << _BUFFALO
    elif 0 <= token < _ANIMAL_TOKEN_LIMIT:
        if not state.face_up[token]:
            return True
        if ANIMAL_KIND[token] == MONKEY:
            return False
        bit = 1 << ANIMAL_KIND[token]
    else:
        return False
    return any(not mask & bit for mask in state.spotted)


def anything_wanted(state: GameState) -> bool:
    """Is a token on the board that some vehicle would spot (else an extra animal is due)?"""
    token_cell = state.token_cell
    return any(
        token_cell[token] >= 0 and wanted_by_team(state, token)
        for token in range(BUFFALO_TOKEN + 1)
    )


def species_left(state: GameState, species: int) -> int:
    """Tokens of a species not yet out of the game (on the board or in the supply)."""
    return 3 - sum(1 for token in state.discarded if ANIMAL_KIND[token] == species)


_STEADY = (
    _token,
    _free,
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
_ORDER = {
    Intent.STEADY: _STEADY,
    Intent.ANIMALS: _STEADY,
    Intent.FIRES: _STEADY,
    Intent.INFLUENCE: (_token, _free, _influence, *_STEADY[2:]),
    Intent.EXTRA: (_token, _free, _extra_animal, *_STEADY[2:]),
    Intent.SUPPLIES: _STEADY,
    Intent.GUARD: _STEADY,
}
