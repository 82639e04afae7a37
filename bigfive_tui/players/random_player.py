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
    count = len(legal_actions)
    if count == 1:
        return legal_actions[0]
    # legal_actions lists each kind's actions together, so a group starts where the kind
    # changes. A plain loop with no allocation beats map/groupby on the short lists of play,
    # and a counter and ``action[0]`` (its kind) beat enumerate and the named field.
    starts = [0]
    kind = legal_actions[0][0]
    index = 0
    for action in legal_actions:
        if action[0] != kind:
            kind = action[0]
            starts.append(index)
        index += 1  # noqa: SIM113 (the counter is what is faster here, see above)
    groups = len(starts)
    group = int(rng.random() * groups)
    first = starts[group]
    last = starts[group + 1] if group + 1 < groups else count
    return legal_actions[first + int(rng.random() * (last - first))]
