"""A random legal policy: first an action kind uniformly, then an action of that kind.

Picking uniformly over all actions would mostly pick free fuel and food exchanges between
vehicles that see each other, and a turn could go on for a very long time; choosing the kind
first makes ending the turn as likely as any other kind of action.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import pairwise
from operator import itemgetter

from bigfive_tui.engine.actions import Action
from bigfive_tui.engine.state import GameState

_kind_of = itemgetter(0)  # Action.kind, without the attribute lookup (bots run millions)


def choose(state: GameState, legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """One of ``legal_actions`` (which must not be empty), chosen with ``rng`` only."""
    count = len(legal_actions)
    if count == 1:
        return legal_actions[0]
    kinds = list(map(_kind_of, legal_actions))
    # legal_actions lists each kind's actions together, so groups start where the kind changes.
    starts = [0]
    starts += [i for i, (before, kind) in enumerate(pairwise(kinds), 1) if kind != before]
    group = int(rng.random() * len(starts))
    first = starts[group]
    last = starts[group + 1] if group + 1 < len(starts) else count
    return legal_actions[first + int(rng.random() * (last - first))]
