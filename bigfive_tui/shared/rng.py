"""A tiny seeded generator (SplitMix64) whose whole state is one integer.

Copying a game state copies this integer, which keeps undo, search and replays cheap; and the
sequence is fixed by this code alone, not by the Python version's ``random`` module.
"""

from __future__ import annotations

from typing import Final

# Final: the compiled engine (hatch_build.py) reads these as constants, not module lookups.
_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB
#: [bound] -> the largest multiple of it that fits in 64 bits, for the small bounds of dice
#: and shuffles (outputs at or above it are drawn again, so no value is more likely).
_LIMITS: Final = (0, *((1 << 64) - ((1 << 64) % bound) for bound in range(1, 128)))


def next_value(state: int) -> tuple[int, int]:
    """Return ``(new_state, 64-bit output)``."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, bound: int) -> tuple[int, int]:
    """Return ``(new_state, n)`` with ``0 <= n < bound``, without modulo bias."""
    # next_value written out: dice and shuffles call this thousands of times a game.
    limit = _LIMITS[bound] if 0 < bound < 128 else (1 << 64) - ((1 << 64) % bound)
    while True:
        state = (state + _GAMMA) & _MASK
        z = ((state ^ (state >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        z ^= z >> 31
        if z < limit:
            return state, z % bound


def shuffled(state: int, items: list[int]) -> tuple[int, list[int]]:
    """Fisher-Yates shuffle of a copy of ``items``."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        state, j = below(state, i + 1)
        result[i], result[j] = result[j], result[i]
    return state, result


def seed_state(seed: int) -> int:
    return seed & _MASK
