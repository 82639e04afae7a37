"""The team's steady turn: the fast policy (:mod:`players.tactics`) with what the search to the
end of the game found the team gains, written as rules that cost nothing at play time.

The search's deviations from the fast policy, weighed again in 300 fresh worlds each, gained
most where Jack shielded animals with his piece (docs/balance.md, *A search to the end of the
game*): a fire rolled onto Jack's piece goes out at once and chases nothing. With five guides
almost every loss is a species whose last tokens fire chased off while some guide still lacked
it. So when the fast policy's Jack has nothing better to do than end his turn, influence the
deck or place an extra animal, he drives to (or stays on) the piece with the most animals the
team stands to lose (weighed by the guides that lack them, their last tokens twice), where he
keeps fire off them for a whole round. And a guide with fuel or food in view fills up before it
drives on (the fast policy's *supplies* intent), which saves a drive back to it later.

Whole games of this policy against itself on the same seeds (docs/balance.md, *The team's
marks for food and fuel*) showed it too careful with supplies: with four or five guides a
guide's turn comes round rarely, and a drive to a gate or a food token spends a turn the team
needed for spotting, while a teammate can hand over fuel for free. So with four or more guides
a guide drives for food only at 2 and never to a gate while it has fuel (it refuels at a gate in
view at 1, and a teammate hands over fuel at 0). At every guide count a guide drives to a
teammate short of fuel or food only when nothing else near is worth more, and a fire is worth a
drive nearly as much as an animal.

A fire harms only the animals later placed on its piece, and a face-down token is worth turning
only while it may be a species some guide lacks. Every guide can count the tokens seen so far
(players/unseen.py): once no animal the team lacks can still be among the unseen ones, the team
leaves face-down tokens lie and lets fires burn, and it lets them burn too once no animal is
left to place; the actions go to the animals it still needs. And Anna lends her token to the
teammate with the most of the Big Five still to see, when that is more than she has
(docs/balance.md, *What is left unseen, and Anna's token*).

The other rules the search's deviations suggested (a drive left to a teammate who is nearer,
the last tokens of a species first, Jack shielding more often or waiting on his piece instead
of driving far) were each played against these on the same seeds and gained nothing
measurable, or lost (docs/balance.md, *An offline-learned team policy*); they are not here. A
course other than the steady one (an intent, a drive's focus: the search's candidates) is the
fast policy's own, played with the team's marks, so that the search weighs the same courses as
before and none of them wins or loses by a drive to a gate alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bigfive_tui.engine.actions import Act, Action
from bigfive_tui.engine.content import ANIMAL_KIND, BUFFALO_TOKEN, Guide
from bigfive_tui.engine.state import GameState, Phase
from bigfive_tui.players import tactics
from bigfive_tui.players.reasons import Reason, Why
from bigfive_tui.players.routes import DETOUR_STEP, UNREACHABLE, driving_mode, geometry
from bigfive_tui.players.tactics import FAST_MARKS, Intent, Marks, Pick
from bigfive_tui.players.unseen import to_see, unseen_wanted

#: What the fast policy does when nothing in reach is worth an action: Jack's shield is worth
#: more then (where the search chose his shield, it gained about 4.6 points each time).
_IDLE = frozenset((Why.END_NOTHING, Why.INFLUENCE, Why.EXTRA_ANIMAL))
#: What the fast policy does next while a fuel or food supply is in view: filling up first
#: saves a drive back to it later.
_DRIVE_ON = _IDLE | {Why.DRIVE_ANIMAL, Why.DRIVE_UNKNOWN, Why.DRIVE_FIRE, Why.EXTINGUISH}
_FILL = frozenset((Act.REFUEL, Act.REPLENISH))

#: A teammate short of fuel or food is a goal worth an animal's drive more, not every other goal;
#: a fire nearly an animal's (every fire left burning chases off the animals rolled onto its piece).
_GOAL_WORTH = {**FAST_MARKS.goal_worth, Why.DRIVE_HELP: 20, Why.DRIVE_FIRE: 12}
_FEW_MARKS = FAST_MARKS._replace(goal_worth=_GOAL_WORTH, reckon_unseen=True)
#: From this many guides on, the team's marks for food and fuel are lower.
CROWD = 4
_CROWD_MARKS = _FEW_MARKS._replace(low_food=2, low_fuel=0)


def marks(state: GameState) -> Marks:
    """The team's marks for this game: lower ones with four or five guides."""
    return _CROWD_MARKS if len(state.vehicle) >= CROWD else _FEW_MARKS


def choose(state: GameState, legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """One of ``legal_actions`` by the team's steady turn."""
    return decide(state, legal_actions, rng).action


def decide(
    state: GameState,
    legal_actions: Sequence[Action],
    rng: random.Random,
    intent: Intent = Intent.STEADY,
    focus: int = -1,
) -> Pick:
    """One of ``legal_actions`` (which must not be empty), with its reason; with another
    ``intent`` or a ``focus``, the fast policy's course (:func:`tactics.decide`) with the
    team's marks."""
    groups = tactics.by_kind(legal_actions)
    ours = marks(state)
    pick = tactics.decide_grouped(state, legal_actions, groups, rng, intent, focus, ours)
    if intent != Intent.STEADY or focus != -1 or state.phase != Phase.ACTIONS:
        return pick
    why = pick.reason.why
    if why == Why.TOKEN:
        return _lend(state, groups) or pick
    if why in _IDLE and state.game.guides[state.seat] == Guide.JACK:
        shield = _shield(state, pick, legal_actions, rng)
        if shield is not pick:
            return shield
    if why in _DRIVE_ON and (Act.REFUEL in groups or Act.REPLENISH in groups):
        fill = tactics.decide_grouped(state, legal_actions, groups, rng, Intent.SUPPLIES, -1, ours)
        if fill.action.kind in _FILL:
            return fill
    return pick


def _lend(state: GameState, groups: dict[Act, list[Action]]) -> Pick | None:
    """Anna's token lent to the teammate with the most of the Big Five still to see, when that
    is more than Anna has (the soonest to move among equals); None when Anna needs it most.
    Lent or used, the token is back with Anna for her next turn."""
    lends = groups.get(Act.TOKEN_GIVE)
    if not lends:
        return None
    seat, seats = state.seat, len(state.vehicle)
    best = min(lends, key=lambda lend: (-to_see(state, lend.target), (lend.target - seat) % seats))
    if to_see(state, best.target) <= to_see(state, seat):
        return None
    return Pick(best, Reason(Why.LEND_TOKEN, seat=best.target))


def _shield(
    state: GameState, idle: Pick, legal_actions: Sequence[Action], rng: random.Random
) -> Pick:
    """Jack's drive to the piece where fire would cost the team most; on it, the ``idle``
    pick, which does not move him (an end of turn says that he stays to shield it). The
    ``idle`` pick too when no piece holds an animal the team needs, or none is in reach."""
    board = state.game.board
    worth: dict[int, float] = {}
    for token, cell in enumerate(state.token_cell[:BUFFALO_TOKEN]):
        if cell >= 0:
            worth[board.slot[cell]] = worth.get(board.slot[cell], 0.0) + _at_stake(state, token)
    slot = max(worth, key=lambda s: (worth[s], -s), default=-1)
    if slot < 0 or worth[slot] < 1:
        return idle
    seat = state.seat
    here = state.vehicle[seat]
    if board.slot[here] == slot:
        if idle.action.kind == Act.END:
            return Pick(idle.action, Reason(Why.END_GUARD))
        return idle
    cells = [cell for cell in board.slot_cells[slot] if board.drivable[cell]]
    routes = geometry(board).routes_from(here, driving_mode(state, seat))
    nearest = min((routes.cost[cell] for cell in cells), default=UNREACHABLE)
    if nearest >= UNREACHABLE:
        return idle
    firsts = routes.first_steps(cells, nearest)
    options = [
        action
        for action in legal_actions
        if (
            action.kind == Act.MOVE
            and action.target in firsts
            and tactics.affordable(state, action)
        )
        or (action.kind == Act.DETOUR and DETOUR_STEP in firsts)
    ]
    if not options:
        return idle
    goal = next(cell for cell in cells if routes.cost[cell] == nearest)
    return Pick(rng.choice(options), Reason(Why.GUARD, goal, number=nearest))


def _at_stake(state: GameState, token: int) -> float:
    """What a fire chasing this animal token off would cost the team: a face-down token half
    a guide while it may be a species the team lacks; a face-up one each guide that still
    lacks its species, twice that when none of the species is left in the supply (these are
    its last tokens)."""
    if not state.face_up[token]:
        return 0.5 if unseen_wanted(state) else 0.0
    species = ANIMAL_KIND[token]
    if species < 0:
        return 0.0
    lacking = sum(1 for mask in state.spotted if not mask & (1 << species))
    on_board = sum(
        1
        for other, cell in enumerate(state.token_cell[:BUFFALO_TOKEN])
        if cell >= 0 and ANIMAL_KIND[other] == species
    )
    last = on_board == tactics.species_left(state, species)
    return float(lacking * (2 if last else 1))
