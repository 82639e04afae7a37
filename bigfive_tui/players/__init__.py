"""Computer teammates: policies that pick one of the legal actions.

Every policy is a function ``choose(state, legal_actions, rng) -> Action`` that returns one of
``legal_actions`` (never anything else) and draws randomness only from ``rng``. They use the
engine alone, so the app layer and the ``simulate`` command can import them without a UI.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bigfive_tui.engine.actions import Action
from bigfive_tui.engine.state import GameState
from bigfive_tui.players import greedy_player, random_player, tactics, team
from bigfive_tui.players.search_player import HINT, MEASURED, PRACTICE, SearchPlayer

Policy = Callable[[GameState, Sequence[Action], random.Random], Action]

#: The search players keep a plan per turn (of the game they are shown), so each name has its
#: own; ``simulate`` plays one game at a time per process.
POLICIES: dict[str, Policy] = {
    "random": random_player.choose,
    "greedy": greedy_player.choose,
    "tactics": tactics.choose,
    "team": team.choose,
    "search": SearchPlayer(MEASURED).choose,
    "search-practice": SearchPlayer(PRACTICE).choose,
    "search-hint": SearchPlayer(HINT).choose,
}

__all__ = ["POLICIES", "Policy"]
