"""The computer teammates the app offers, and the hint: each decides with its reason in words.

``steady`` is the greedy bot; ``strong`` the search player at its practice setting. The hint
is the search player at its hint setting, the deepest: it says what the strong teammate would
do, so a player learns from the same words the teammates use in the log.

Every policy ``simulate`` plays has a decider here too (:data:`DECIDERS`): ``simulate
--explain`` builds the words of every action with the functions the app calls, so a reason
that cannot be said shows up in a run of many games, not in somebody's practice game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bigfive_tui.engine.actions import Action
from bigfive_tui.engine.state import GameState
from bigfive_tui.players import greedy_player, random_player, tactics
from bigfive_tui.players.reasons import Reason, Why, explain, plan_words
from bigfive_tui.players.search_player import HINT, MEASURED, PRACTICE, Decision, SearchPlayer

Decider = Callable[[GameState, Sequence[Action], random.Random], Decision]


def _random(state: GameState, legal: Sequence[Action], rng: random.Random) -> Decision:
    action = random_player.choose(state, legal, rng)
    return Decision(action, explain(state, action, Reason(Why.AT_RANDOM, number=len(legal))))


def _greedy(state: GameState, legal: Sequence[Action], rng: random.Random) -> Decision:
    pick = greedy_player.decide(state, legal, rng)
    return Decision(pick.action, explain(state, pick.action, pick.reason))


def _tactics(state: GameState, legal: Sequence[Action], rng: random.Random) -> Decision:
    pick = tactics.decide(state, legal, rng)
    return Decision(pick.action, explain(state, pick.action, pick.reason))


#: A new decider for each policy name of ``players.POLICIES`` (a search player keeps a plan
#: per turn, so each game gets its own).
DECIDERS: dict[str, Callable[[], Decider]] = {
    "random": lambda: _random,
    "greedy": lambda: _greedy,
    "tactics": lambda: _tactics,
    "search": lambda: SearchPlayer(MEASURED).decide,
    "search-practice": lambda: SearchPlayer(PRACTICE).decide,
    "search-hint": lambda: SearchPlayer(HINT).decide,
}


def teammate(strength: str) -> Decider:
    """A computer teammate of this strength (an unknown name gets the default)."""
    return DECIDERS["greedy" if strength == "steady" else "search-practice"]()


def hint() -> Decider:
    """What the strong teammate, thinking longest, would do for the guide at the wheel."""
    return DECIDERS["search-hint"]()


def hint_rng(state: GameState, actions_played: int) -> random.Random:
    """The hint's generator: the same position of the same game always gets the same hint."""
    return random.Random(state.game.seed * 7919 + actions_played)


def hint_words(decision: Decision) -> str:
    """The hint as it is shown: the action and its reason, then the rest of the plan."""
    plan = f" Then: {plan_words(decision.reason, decision.plan)}." if decision.plan else ""
    return f"{decision.reason}.{plan}"
