"""How a scenario names cards, tokens, spaces, dice, guides and flat tyres, both ways."""

from __future__ import annotations

import re

from bigfive_tui.engine.board import Board
from bigfive_tui.engine.content import (
    ANIMAL_KIND,
    BUFFALO_TOKEN,
    CARDS,
    FOOD_TOKENS,
    GATE_TOKENS,
    MONKEY,
    NO_TOKEN,
    CardKind,
    Species,
)
from bigfive_tui.engine.dice import X_FACE
from bigfive_tui.engine.state import GameState
from bigfive_tui.scenarios.model import FlatState, ScenarioError


def norm(text: str) -> str:
    return " ".join(text.lower().split())


def _card_aliases() -> dict[str, list[int]]:
    """Every way to name a card: exact name, name without the steps, kind; CARDS order."""
    extra = {
        CardKind.RAIN: ("rain",),
        CardKind.HIPPOS: ("hippos",),
        CardKind.WILDEBEEST: ("wildebeest",),
        CardKind.FLAT_TYRE: ("flat tire",),
        CardKind.OVERHEATED: ("overheated", "overheated engine"),
        CardKind.LEAKY: ("leaky", "leaky engine"),
    }
    aliases: dict[str, list[int]] = {}
    for card_id, card in enumerate(CARDS):
        base = norm(card.name.split(" (")[0])
        names = {norm(card.name), base, card.kind.name.lower().replace("_", " ")}
        names.update(extra.get(card.kind, ()))
        if card.all_vehicles:
            names.add(f"{base} (all)")
        elif card.kind in (CardKind.STOLEN_FOOD, CardKind.OVERHEATED):
            names.add(f"{base} (one)")
        for name in names:
            aliases.setdefault(name, []).append(card_id)
    return aliases


CARD_ALIASES = _card_aliases()


def card_matches(card_id: int, text: str) -> bool:
    return card_id in CARD_ALIASES.get(norm(text), ())


def check_card_name(text: str, where: str) -> None:
    if norm(text) not in CARD_ALIASES:
        kinds = ", ".join(sorted({norm(card.name) for card in CARDS}))
        raise ScenarioError(f"{where}: no card called {text!r}; the cards are: {kinds}")


def token_text(state: GameState, token: int) -> str:
    if token == NO_TOKEN:
        return "empty"
    if token == BUFFALO_TOKEN:
        return "buffalo"
    if token in FOOD_TOKENS:
        return "food"
    if token in GATE_TOKENS:
        return "park entrance"
    kind = "monkey" if ANIMAL_KIND[token] == MONKEY else Species(ANIMAL_KIND[token]).name.lower()
    return f"{kind} up" if state.face_up[token] else kind


def animal_name(token: int) -> str:
    kind = ANIMAL_KIND[token]
    return "monkey" if kind == MONKEY else Species(kind).name.lower()


def space_named(board: Board, name: str, where: str) -> int:
    cell = board.find(name)
    if cell is None:
        raise ScenarioError(
            f"{where}: there is no space called {name!r} on this board "
            "(write the piece symbol or key letter and a number or letter, e.g. ♣4 or c4)"
        )
    return cell


def die_roll(board: Board, text: str, where: str) -> tuple[int, int]:
    """A scripted roll: a numbered space (``♣4``/``c4``) or ``X`` (optionally ``X3``)."""
    raw = text.strip()
    match = re.fullmatch(r"[xX]\s*(\d+)?", raw)
    if match and board.find(raw) is None:
        number = int(match.group(1) or 1)
        if not 1 <= number <= 6:
            raise ScenarioError(
                f"{where}: {raw!r}: the number die shows 1 to 6, so an X roll is written X1 to "
                "X6 (or just X)"
            )
        return X_FACE, number
    cell = space_named(board, raw, where)
    if not board.number[cell]:
        raise ScenarioError(
            f"{where}: {board.names[cell]} has no number, so no roll names it; dice name "
            "numbered spaces like ♣4, or X"
        )
    return board.slot[cell], board.number[cell]


def guide_of(state: GameState, seat: int) -> str:
    return state.game.guides[seat].name.lower()


def flat_text(value: int) -> bool | str:
    """A vehicle's tyre as the file writes it: false, "new" or "repairable"."""
    return ("new", "repairable")[value - 1] if value else False


def flat_value(value: FlatState) -> int:
    if value is False:
        return 0
    return 1 if value == "new" else 2


def die_text(board: Board, die: tuple[int, int]) -> str:
    face, number = die
    return f"X{number}" if face == X_FACE else f"{board.symbols[face]}{number}"
