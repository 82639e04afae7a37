"""A random legal policy: first an action kind uniformly, then an action of that kind.

Picking uniformly over all actions would mostly pick free fuel and food exchanges between
vehicles that see each other, and a turn could go on for a very long time; choosing the kind
first makes ending the turn as likely as any other kind of action.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import groupby
from operator import itemgetter

from bigfive_tui.engine.actions import Action
from bigfive_tui.engine.state import GameState

_kind_of = itemgetter(0)  # Action.kind (and a groupby pair's key) without an attribute lookup


def choose(state: GameState, legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """One of ``legal_actions`` (which must not be empty), chosen with ``rng`` only."""
    count = len(legal_actions)
    if count == 1:
        return legal_actions[0]
    kinds = list(map(_kind_of, legal_actions))
    # legal_actions lists each kind's actions together, so a kind's group starts where the kind
    # first appears. groupby, map and index walk the list in C: with five guides in view of
    # each other there can be a hundred exchanges.
    groups = list(map(_kind_of, groupby(kinds)))
    group = int(rng.random() * len(groups))
    first = kinds.index(groups[group])
    last = kinds.index(groups[group + 1], first) if group + 1 < len(groups) else count
    return legal_actions[first + int(rng.random() * (last - first))]
