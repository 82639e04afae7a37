"""A random legal policy: first an action kind uniformly, then an action of that kind.

Picking uniformly over all actions would mostly pick free fuel and food exchanges between
vehicles that see each other, and a turn could go on for a very long time; choosing the kind
first makes ending the turn as likely as any other kind of action.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bigfive_tui.engine.actions import Action
from bigfive_tui.engine.state import GameState


def choose(state: GameState, legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """One of ``legal_actions`` (which must not be empty), chosen with ``rng`` only."""
    if len(legal_actions) == 1:
        return legal_actions[0]
    by_kind: dict[int, list[Action]] = {}
    for action in legal_actions:
        group = by_kind.get(action.kind)
        if group is None:
            by_kind[action.kind] = [action]
        else:
            group.append(action)
    kinds = list(by_kind.values())
    group = kinds[rng.randrange(len(kinds))]
    return group[rng.randrange(len(group))] if len(group) > 1 else group[0]
