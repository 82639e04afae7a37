"""The computer teammates the app offers, and the hint: each decides with its reason in words.

``steady`` is the greedy bot; ``strong`` the search player at its practice setting. The hint
is the search player at its hint setting, the deepest: it says what the strong teammate would
do, so a player learns from the same words the teammates use in the log.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bigfive_tui.engine.actions import Action
from bigfive_tui.engine.state import GameState
from bigfive_tui.players import greedy_player
from bigfive_tui.players.reasons import explain
from bigfive_tui.players.search_player import HINT, PRACTICE, Decision, SearchPlayer

Decider = Callable[[GameState, Sequence[Action], random.Random], Decision]


def _greedy(state: GameState, legal: Sequence[Action], rng: random.Random) -> Decision:
    pick = greedy_player.decide(state, legal, rng)
    return Decision(pick.action, explain(state, pick.action, pick.reason))


def teammate(strength: str) -> Decider:
    """A computer teammate of this strength (an unknown name gets the default)."""
    if strength == "steady":
        return _greedy
    return SearchPlayer(PRACTICE).decide


def hint() -> Decider:
    """What the strong teammate, thinking longest, would do for the guide at the wheel."""
    return SearchPlayer(HINT).decide
