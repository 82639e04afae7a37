"""The greedy opponent of the benchmark: it takes the nearest photo.

If a move photographs animals it still needs, it makes the one that photographs the most.
Otherwise it heads for the nearest square from which it could photograph an animal it needs,
as the animals stand now, and moves to the square that leaves it fewest camera moves from there.
Ties go to the rng. It does not foresee the animals' moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bigfive_tui.photo_safari.engine.animals import ANIMAL_COUNT
from bigfive_tui.photo_safari.engine.rules import photographable
from bigfive_tui.photo_safari.engine.state import PhotoState
from bigfive_tui.photo_safari.players.reach import FAR, distances, photo_squares


def choose(state: PhotoState, legal: Sequence[int], rng: random.Random) -> int:
    seat = state.seat
    missing = ~state.photos[seat]
    best_count = 0
    best: list[int] = []
    for square in legal:
        count = (photographable(state, square) & missing).bit_count()
        if count > best_count:
            best_count, best = count, [square]
        elif count == best_count and count:
            best.append(square)
    if best:
        return rng.choice(best)
    targets = [
        square
        for animal in range(ANIMAL_COUNT)
        if missing >> animal & 1
        for square in photo_squares(state, animal)
    ]
    if not targets:
        return rng.choice(list(legal))
    table = distances(state.game.layout)
    scored = [(min(table[square][target] for target in targets), square) for square in legal]
    nearest = min(score for score, _ in scored)
    if nearest >= FAR:
        return rng.choice(list(legal))
    return rng.choice([square for score, square in scored if score == nearest])
