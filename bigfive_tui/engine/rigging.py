"""Rigging the randomness in debug mode (D-rig-*): the next roll, the next event card, or a
face-down token seen (and, if asked, made another animal) before the game uses it.

A rig is an input of its own, like an action: it is recorded with the actions (``rig roll ♣4``)
so that the seed, the actions and the rigs still replay a game exactly, and every rig leaves a
step in the log. Rigs are not actions of the game: no guide plays them and they cost nothing.
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import NamedTuple

from bigfive_tui.engine.actions import IllegalAction, Log, Step
from bigfive_tui.engine.cards import reshuffle_discard
from bigfive_tui.engine.content import ANIMAL_KIND, CARDS, MONKEY, Species, is_animal
from bigfive_tui.engine.dice import X_FACE, die_text
from bigfive_tui.engine.state import GameState, Phase
from bigfive_tui.engine.wording import guide_name, token_name


class RigKind(IntEnum):
    ROLL = 0  # the next roll of the dice
    CARD = 1  # the next event card
    TOKEN = 2  # a face-down token: seen, or made another animal


#: ``Rig.animal`` for a token rig that only looks.
JUST_LOOK = -2
#: Animal kinds a token can be made, by name (monkeys are ``MONKEY``).
ANIMAL_KINDS: dict[str, int] = {
    **{species.name.lower(): int(species) for species in Species if species != Species.BUFFALO},
    "monkey": MONKEY,
}


class Rig(NamedTuple):
    """``face``/``number`` for a roll (``face`` 9 is the X), ``card`` for a card, ``cell`` and
    ``animal`` (an animal kind, or JUST_LOOK) for a token."""

    kind: RigKind
    face: int = -1
    number: int = 0
    card: int = -1
    cell: int = -1
    animal: int = JUST_LOOK


class RigError(ValueError):
    """Text that is not a rig; the message says what was expected."""


def rig(state: GameState, chosen: Rig) -> tuple[GameState, list[Step]]:
    """The state with ``chosen`` rigged and the step that says so; ``state`` is unchanged. A rig
    that cannot be made raises IllegalAction saying why."""
    if state.over:
        raise IllegalAction("The game is over: there is nothing left to rig.")
    new = state.copy()
    log: list[Step] = []
    _RIGS[chosen.kind](new, chosen, log)
    return new, log


def _rig_roll(state: GameState, chosen: Rig, log: Log) -> None:
    if not (0 <= chosen.face <= X_FACE and 1 <= chosen.number <= 6):
        raise IllegalAction("A roll is a piece symbol and a number from 1 to 6, or an X.")
    state.rigged_dice = (*state.rigged_dice, (chosen.face, chosen.number))
    which = (
        "next roll" if len(state.rigged_dice) == 1 else f"roll {len(state.rigged_dice)} from now"
    )
    text = f"Debug: the {which} is rigged to {die_text(state, chosen.face, chosen.number)}."
    log.append(Step("D-rig-roll", "rig", text))


def _rig_card(state: GameState, chosen: Rig, log: Log) -> None:
    if not 0 <= chosen.card < len(CARDS):
        raise IllegalAction("There is no such event card.")
    card = CARDS[chosen.card]
    if state.phase == Phase.INFLUENCE:
        raise IllegalAction(
            f"{guide_name(state, state.seat)} is looking at two cards: the one put back is the "
            "next card. Rig the card after that choice."
        )
    same = [card_id for card_id, other in enumerate(CARDS) if other == card]
    if not any(card_id in state.deck for card_id in same) and not state.deck:
        # The draw would shuffle the discard pile into a new deck first: do that now.
        reshuffle_discard(state, log)
    in_deck = [card_id for card_id in reversed(state.deck) if card_id in same]
    if not in_deck:
        discarded = sum(card_id in state.discard for card_id in same)
        lying = sum(card_id in same for card_id, _ in state.lasting)
        seen = sum(card_id in same for card_id in state.looking_at)
        where = [
            f"{count} {place}"
            for count, place in (
                (discarded, "in the discard pile"),
                (lying, "lying out"),
                (seen, "being looked at"),
            )
            if count
        ]
        raise IllegalAction(
            f"No {card.name} card is in the draw pile ({', '.join(where) or 'none left'}); "
            "only a card still in the draw pile can be the next one."
        )
    chosen_id = in_deck[0]  # the one nearest the top: the rest of the deck keeps its order
    if state.deck.index(chosen_id) < len(state.deck) - state.deck_seen:
        state.deck_seen += 1  # a card nobody had seen, now known on top of those seen
    state.deck.remove(chosen_id)
    state.deck.append(chosen_id)
    state.rigged_card = chosen_id
    log.append(Step("D-rig-card", "rig", f"Debug: the next event card is rigged: {card.name}."))


def _rig_token(state: GameState, chosen: Rig, log: Log) -> None:
    board = state.game.board
    if not 0 <= chosen.cell < len(state.token_at):
        raise IllegalAction("There is no such space.")
    where = board.names[chosen.cell]
    token = state.token_at[chosen.cell]
    if not is_animal(token) or state.face_up[token]:
        raise IllegalAction(f"{where} holds no face-down token.")
    if chosen.animal == JUST_LOOK:
        text = f"Debug: the face-down token on {where} is {token_name(token)}."
        log.append(Step("D-rig-token", "rig", text))
        return
    if chosen.animal not in ANIMAL_KINDS.values():
        raise IllegalAction("A face-down token can be a lion, leopard, elephant, rhino or monkey.")
    wanted = _kind_name(chosen.animal)
    if ANIMAL_KIND[token] == chosen.animal:
        raise IllegalAction(f"The face-down token on {where} is {token_name(token)} already.")
    # Another token of that kind still hidden: one in the supply first, so the board shows no
    # change, else one face down elsewhere on the board; the two swap places.
    swap = next((t for t in reversed(state.animal_supply) if ANIMAL_KIND[t] == chosen.animal), -1)
    if swap >= 0:
        state.animal_supply[state.animal_supply.index(swap)] = token
        state.token_cell[token] = -1  # in the supply: on no space
        other = ""
    else:
        swap = next(
            (
                t
                for t in state.token_at
                if is_animal(t) and not state.face_up[t] and ANIMAL_KIND[t] == chosen.animal
            ),
            -1,
        )
        if swap < 0:
            raise IllegalAction(
                f"No {wanted} token is still face down (in the supply or on the board): "
                f"there is none to swap with the token on {where}."
            )
        other_cell = state.token_cell[swap]
        state.token_at[other_cell] = token
        state.token_cell[token] = other_cell
        other = f"; {token_name(token)} lies face down on {board.names[other_cell]} instead"
    state.token_at[chosen.cell] = swap
    state.token_cell[swap] = chosen.cell
    text = (
        f"Debug: the face-down token on {where} is rigged to be {token_name(swap)} "
        f"(it was {token_name(token)}{other})."
    )
    log.append(Step("D-rig-token", "rig", text))


def _kind_name(kind: int) -> str:
    return "monkey" if kind == MONKEY else Species(kind).name.lower()


_RIGS = (_rig_roll, _rig_card, _rig_token)


# --------------------------------------------------------------------------- notation


def format_rig(state: GameState, chosen: Rig) -> str:
    """``rig roll ♣4``, ``rig roll X3``, ``rig card Giraffe``, ``rig token ♣4 [as lion]``."""
    board = state.game.board
    if chosen.kind == RigKind.ROLL:
        if chosen.face == X_FACE:
            return f"rig roll X{chosen.number}"
        return f"rig roll {board.symbols[chosen.face]}{chosen.number}"
    if chosen.kind == RigKind.CARD:
        return f"rig card {CARDS[chosen.card].name}"
    text = f"rig token {board.names[chosen.cell]}"
    if chosen.animal != JUST_LOOK:
        text += f" as {_kind_name(chosen.animal)}"
    return text


_ROLL = re.compile(r"^x\s*([1-6])?$", re.IGNORECASE)


def is_rig_text(text: str) -> bool:
    """Whether ``text`` is written as a rig ("rig ..."), not as an action."""
    return text.strip().lower().startswith("rig ")


def parse_rig(state: GameState, text: str) -> Rig:
    """The rig written as :func:`format_rig` writes it (any case; spaces by symbol or key)."""
    raw = " ".join(text.strip().split())
    words = raw.split(" ")
    if len(words) < 3 or words[0].lower() != "rig":
        raise RigError(
            f"{raw!r} is not a rig. Try: rig roll ♣4, rig roll X, rig card Fire, "
            "rig token ♣4, rig token ♣4 as lion."
        )
    what, rest = words[1].lower(), words[2:]
    board = state.game.board
    if what == "roll" and len(rest) == 1:
        x_roll = _ROLL.match(rest[0])
        if x_roll:
            return Rig(RigKind.ROLL, face=X_FACE, number=int(x_roll.group(1) or 1))
        cell = board.find(rest[0])
        if cell is None or not board.number[cell]:
            raise RigError(f"{raw!r}: a roll names a numbered space (♣4 or c4) or an X (X, X3)")
        return Rig(RigKind.ROLL, face=board.slot[cell], number=board.number[cell])
    if what == "card":
        name = " ".join(rest).lower()
        for card_id, card in enumerate(CARDS):
            if card.name.lower() == name:
                return Rig(RigKind.CARD, card=card_id)
        names = ", ".join(dict.fromkeys(card.name for card in CARDS))
        raise RigError(f"{raw!r}: no card called {' '.join(rest)!r}; the cards are: {names}")
    if what == "token" and len(rest) in (1, 3):
        cell = board.find(rest[0])
        if cell is None:
            raise RigError(f"{raw!r}: there is no space called {rest[0]!r} on this board")
        if len(rest) == 1:
            return Rig(RigKind.TOKEN, cell=cell)
        kind = ANIMAL_KINDS.get(rest[2].lower())
        if rest[1].lower() != "as" or kind is None:
            raise RigError(
                f"{raw!r}: write 'rig token {rest[0]} as lion' (lion, leopard, elephant, rhino "
                "or monkey)"
            )
        return Rig(RigKind.TOKEN, cell=cell, animal=kind)
    raise RigError(
        f"{raw!r}: write 'rig roll ♣4', 'rig roll X3', 'rig card <name>', 'rig token ♣4' or "
        "'rig token ♣4 as lion'"
    )
