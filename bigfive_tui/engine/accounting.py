"""Every card, animal token and fire marker of the box exactly once: an invariant of every
state, which built positions and property tests check."""

from __future__ import annotations

from collections import Counter

from bigfive_tui.engine.content import (
    ANIMAL_KIND,
    ANIMAL_TOKENS,
    CARD_COUNT,
    FIRE_MARKERS,
    MONKEY,
    NO_TOKEN,
    TOKEN_COUNT,
    Species,
)
from bigfive_tui.engine.setup import animals_in_game
from bigfive_tui.engine.state import GameState


def accounting_problems(state: GameState) -> list[str]:
    """Every card, animal token and fire marker exactly once; the token lists agree."""
    problems: list[str] = []
    cards = Counter(
        state.deck + state.discard + [card for card, _ in state.lasting] + state.looking_at
    )
    wrong = sorted(card for card in range(CARD_COUNT) if cards[card] != 1)
    if wrong or len(cards) != CARD_COUNT:
        problems.append(f"cards not exactly once in deck/discard/lasting/hand: {wrong}")
    game = state.game
    in_game = animals_in_game(game)
    for token in ANIMAL_TOKENS:
        places = (
            (state.token_cell[token] >= 0)
            + state.animal_supply.count(token)
            + state.discarded.count(token)
        )
        if places != int(token in in_game):
            problems.append(f"animal token {token} ({_kind_name(token)}) is in {places} places")
    for token in range(TOKEN_COUNT):
        cell = state.token_cell[token]
        if cell >= 0 and state.token_at[cell] != token:
            problems.append(f"token {token} thinks it is on cell {cell}, which disagrees")
    for cell, token in enumerate(state.token_at):
        if token != NO_TOKEN and state.token_cell[token] != cell:
            problems.append(f"cell {cell} holds token {token}, which thinks it is elsewhere")
    if sum(state.fires) + state.fire_supply != FIRE_MARKERS or min(state.fires) < 0:
        problems.append(
            f"fire markers: {sum(state.fires)} on the board + {state.fire_supply} in the supply"
        )
    return problems


def _kind_name(token: int) -> str:
    kind = ANIMAL_KIND[token]
    return "monkey" if kind == MONKEY else Species(kind).name.lower()
