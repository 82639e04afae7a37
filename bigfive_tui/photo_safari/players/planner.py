"""The planning computer player: it looks ahead over its own next two moves and the animals'
moves after each, which it knows exactly (the animals move by fixed rules, P-animal-move).

For each of its moves, and each move it could follow it with, it plays the rounds out on copies
of the state, with the other camera standing still, and counts the photos it would have. The
last position is judged by how near the camera is to the animals it still needs: an animal it
can photograph with one more move counts most. Photos earlier count a little more than later
ones, so it never waits for what it can take now.

``decide`` also says why (:mod:`bigfive_tui.photo_safari.players.reasons`): the photos of the
move chosen, the animals' steps it foresees, and the follow-up it planned.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, NamedTuple

from bigfive_tui.photo_safari.engine.animals import ANIMAL_COUNT
from bigfive_tui.photo_safari.engine.rules import legal_actions
from bigfive_tui.photo_safari.engine.state import PhotoState
from bigfive_tui.photo_safari.players.reach import distances, photo_squares, play_round
from bigfive_tui.photo_safari.players.reasons import PhotoReason, explain, reason_for

PHOTO: Final = 100.0
LATER: Final = 0.95  # a photo one round later is worth this much of one now
#: What an animal the camera still needs is worth, by the camera moves to a square that
#: photographs it (index 0 is unused: that photo is taken already).
NEARNESS: Final = (0.0, 40.0, 15.0, 6.0, 3.0, 1.5, 1.0)


class Decision(NamedTuple):
    """The move chosen, why (the facts) and the reason in words."""

    square: int
    reason: PhotoReason
    text: str


def nearness(state: PhotoState, seat: int, table: tuple[tuple[int, ...], ...]) -> float:
    """How well the camera stands for the animals it still needs."""
    here = table[state.camera[seat]]
    missing = ~state.photos[seat]
    worth = 0.0
    last = len(NEARNESS) - 1
    for animal in range(ANIMAL_COUNT):
        if missing >> animal & 1:
            squares = photo_squares(state, animal)
            if squares:
                steps = min(here[square] for square in squares)
                worth += NEARNESS[min(steps, last)] if steps else NEARNESS[1]
    return worth


def _best(state: PhotoState, legal: Sequence[int]) -> tuple[list[int], dict[int, int]]:
    """The best first moves (ties), and for each first move the follow-up it was valued by
    (-1 where the game ends first)."""
    me = state.seat
    table = distances(state.game.layout)
    start = state.photos[me].bit_count()
    best_value = -1.0
    best: list[int] = []
    follow_ups: dict[int, int] = {}
    for first in legal:
        after = play_round(state, first)
        gained = after.photos[me].bit_count() - start
        value = PHOTO * gained
        follow_up = -1
        if after.over:
            value += 10 * PHOTO if after.winner == me else 0.0
        else:
            have = after.photos[me].bit_count()
            follow = -1.0
            for second in legal_actions(after):
                then = play_round(after, second)
                worth = PHOTO * LATER * (then.photos[me].bit_count() - have)
                if not then.over:
                    worth += nearness(then, me, table)
                elif then.winner == me:
                    worth += 10 * PHOTO
                if worth > follow:
                    follow, follow_up = worth, second
            value += max(follow, 0.0)
        follow_ups[first] = follow_up
        if value > best_value + 1e-9:
            best_value, best = value, [first]
        elif abs(value - best_value) <= 1e-9:
            best.append(first)
    return best, follow_ups


def choose(state: PhotoState, legal: Sequence[int], rng: random.Random) -> int:
    best, _ = _best(state, legal)
    return rng.choice(best)


def decide(state: PhotoState, legal: Sequence[int], rng: random.Random) -> Decision:
    """``choose``'s move (the same one for the same rng), with its reason."""
    best, follow_ups = _best(state, legal)
    square = rng.choice(best)
    reason = reason_for(state, square, follow_ups[square])
    return Decision(square, reason, explain(state, reason))
