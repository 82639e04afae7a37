"""A tiny seeded generator (SplitMix64) whose whole state is one integer.

Copying a game state copies this integer, which keeps undo, search and replays cheap; and the
sequence is fixed by this code alone, not by the Python version's ``random`` module.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def next_value(state: int) -> tuple[int, int]:
    """Return ``(new_state, 64-bit output)``."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, bound: int) -> tuple[int, int]:
    """Return ``(new_state, n)`` with ``0 <= n < bound``, without modulo bias."""
    limit = (1 << 64) - ((1 << 64) % bound)
    while True:
        state, value = next_value(state)
        if value < limit:
            return state, value % bound


def shuffled(state: int, items: list[int]) -> tuple[int, list[int]]:
    """Fisher-Yates shuffle of a copy of ``items``."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        state, j = below(state, i + 1)
        result[i], result[j] = result[j], result[i]
    return state, result


def seed_state(seed: int) -> int:
    return seed & _MASK
