"""Photo Safari's computer players: policies that pick one of the legal moves.

Every policy is a function ``choose(state, legal_moves, rng) -> square`` that returns one of
``legal_moves`` and draws randomness only from ``rng``; they use the engine alone, so the app and
``bigfive photo-safari simulate`` can use them without a UI.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bigfive_tui.photo_safari.engine.state import PhotoState
from bigfive_tui.photo_safari.players import greedy, planner

Policy = Callable[[PhotoState, Sequence[int], random.Random], int]


def random_choice(state: PhotoState, legal: Sequence[int], rng: random.Random) -> int:
    """Any legal move, uniformly."""
    return legal[int(rng.random() * len(legal))]


POLICIES: dict[str, Policy] = {
    "random": random_choice,
    "greedy": greedy.choose,
    "planner": planner.choose,
}

__all__ = ["POLICIES", "Policy"]
