"""What every guide can count of the animal tokens nobody has seen yet.

The supply and the face-down tokens on the board are hidden, but which tokens they are is not:
lion, leopard, elephant and rhino have three each, and those not hidden are out of the game or
lie face up. So the team knows how many tokens it has not seen of each species it still lacks,
and once there are none, a fire (which harms only animals placed later) and a face-down token
are worth nothing to it.
"""

from __future__ import annotations

from bigfive_tui.engine.content import (
    ALL_SPECIES_MASK,
    ANIMAL_KIND,
    ANIMAL_TOKEN_LIMIT,
    MONKEY,
    SPECIES_WITH_THREE,
    Species,
)
from bigfive_tui.engine.state import GameState

_TOKENS_A_SPECIES = 3
_THREE_SPECIES_MASK = sum(1 << species for species in SPECIES_WITH_THREE)


def unseen_wanted(state: GameState) -> int:
    """Animal tokens nobody has seen yet (in the supply or face down on the board) of the
    species some guide still lacks."""
    lacking = 0
    for mask in state.spotted:
        lacking |= ALL_SPECIES_MASK & ~mask
    if not lacking & _THREE_SPECIES_MASK:
        return 0
    seen = [0] * len(SPECIES_WITH_THREE)
    for token in state.discarded:
        kind = ANIMAL_KIND[token]
        if kind != MONKEY:
            seen[kind] += 1
    token_cell, face_up = state.token_cell, state.face_up
    for token in range(ANIMAL_TOKEN_LIMIT):
        if token_cell[token] >= 0 and face_up[token] and ANIMAL_KIND[token] != MONKEY:
            seen[ANIMAL_KIND[token]] += 1
    return sum(
        _TOKENS_A_SPECIES - seen[species]
        for species in SPECIES_WITH_THREE
        if lacking & (1 << species)
    )


def to_see(state: GameState, seat: int) -> int:
    """How many of the Big Five this guide has still to spot."""
    return len(Species) - state.spotted[seat].bit_count()
