"""What the guides cannot see, and guessing it: information sets for computer players.

A player sees the board (face-up tokens, fires, vehicles, tracks), the discard pile and the
animals out of the game, the lasting cards, and the card an influence put back on top of the
deck. Hidden from everybody are the order of the rest of the deck, which animal each face-down
token is (on the board or in the supply), and the dice to come. Which *cards* are still in the
deck, and which *animals* are still face down, every player can count from what is in view.

A computer player that looks ahead must not read the hidden part of a state. It asks
:func:`determinize` for a copy in which everything visible is kept and everything hidden is
dealt afresh, with the player's own random numbers, from what is still unseen. The copy
depends on the visible part and on the player's generator alone, so permuting the hidden part
of the real state (tests/test_search_player.py) cannot change what the player does.
"""

from __future__ import annotations

import random

from bigfive_tui.engine.content import ANIMAL_TOKENS
from bigfive_tui.engine.state import GameState


def unseen_cards(state: GameState) -> list[int]:
    """The deck's cards below the ones everybody has seen, in card-id order (their order is
    what nobody knows)."""
    hidden = state.deck[: len(state.deck) - state.deck_seen]
    return sorted(hidden)


def unseen_animals(state: GameState) -> list[int]:
    """Animal tokens still face down, on the board or in the supply, in token-id order."""
    face_up = state.face_up
    supply = set(state.animal_supply)
    token_cell = state.token_cell
    return [
        token
        for token in ANIMAL_TOKENS
        if token in supply or (token_cell[token] >= 0 and not face_up[token])
    ]


def determinize(state: GameState, rng: random.Random) -> GameState:
    """A copy of ``state`` with its hidden part dealt anew from what is unseen: the deck
    below the seen cards shuffled, the face-down tokens on the board and in the supply
    shuffled among their places, and fresh dice (any scripted dice are dropped: they are
    the future too)."""
    new = state.copy()
    seen = state.deck[len(state.deck) - state.deck_seen :]
    cards = unseen_cards(state)
    rng.shuffle(cards)
    new.deck = cards + seen
    animals = unseen_animals(state)
    rng.shuffle(animals)
    # Face-down places on the board in cell order, then the supply: a fixed order of places
    # that only depends on what is in view.
    places = [
        cell
        for cell, token in enumerate(state.token_at)
        if 0 <= token < len(ANIMAL_TOKENS) and not state.face_up[token]
    ]
    for cell, token in zip(places, animals, strict=False):
        new.token_at[cell] = token
        new.token_cell[token] = cell
        new.face_up[token] = False
    new.animal_supply = animals[len(places) :]
    for token in new.animal_supply:
        new.token_cell[token] = -1
        new.face_up[token] = False
    new.rng = rng.getrandbits(64)
    new.script = ()
    new.script_pos = 0
    return new
