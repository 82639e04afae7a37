"""How the engine names guides, tokens and amounts in log lines and refusals: one wording
for every text a player reads."""

from __future__ import annotations

from bigfive_tui.engine.content import (
    ANIMAL_KIND,
    BUFFALO_TOKEN,
    FOOD_TOKENS,
    GATE_TOKENS,
    MONKEY,
    TOKEN_COUNT,
    Guide,
    Species,
)
from bigfive_tui.engine.state import GameState


def _token_name(token: int) -> str:
    if token == BUFFALO_TOKEN:
        return "the buffalo"
    if token in FOOD_TOKENS:
        return "a food token"
    if token in GATE_TOKENS:
        return "a park entrance token"
    kind = ANIMAL_KIND[token]
    if kind == MONKEY:
        return "a monkey"
    name = Species(kind).name.lower()
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


#: Worked out once: a fire or a spot names a token in the log of every game.
_TOKEN_NAMES = tuple(map(_token_name, range(TOKEN_COUNT)))
#: [species] -> its name in running text ("lion")
SPECIES_NAMES = tuple(species.name.lower() for species in Species)


def token_name(token: int) -> str:
    return _TOKEN_NAMES[token]


_GUIDE_TITLES = tuple(guide.title for guide in Guide)


def counted(number: int, thing: str) -> str:
    """``1 action``, ``2 actions``: log lines and reasons are read by players."""
    return f"{number} {thing}{'' if number == 1 else 's'}"


def guide_name(state: GameState, seat: int) -> str:
    return _GUIDE_TITLES[state.game.guides[seat]]
