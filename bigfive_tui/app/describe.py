"""Engine state and rule steps put into words for the screens (formatting only, no rules)."""

from __future__ import annotations

from collections.abc import Sequence

from bigfive_tui.engine.actions import Step
from bigfive_tui.engine.board import GATE_NAMES
from bigfive_tui.engine.content import CARDS, Card, CardKind, Species
from bigfive_tui.engine.state import GameState

#: Step kinds that end the list of a drawn card's effects.
_AFTER_CARD = frozenset({"action", "turn", "end"})


def drawn_card(log: Sequence[Step]) -> tuple[Card | None, list[Step]]:
    """The card drawn in the current turn and the steps it caused (taken from the log)."""
    for index in range(len(log) - 1, -1, -1):
        step = log[index]
        if step.kind == "turn" and step.rule == "R-turn-order":
            return None, []
        if step.kind == "card":
            name = step.text.split("draws: ", 1)[-1].rstrip(".")
            card = next((c for c in CARDS if c.name == name), None)
            effects: list[Step] = []
            for later in log[index + 1 :]:
                if later.kind in _AFTER_CARD:
                    break
                effects.append(later)
            return card, effects
    return None, []


def lasting_effects(state: GameState) -> list[str]:
    guides = state.game.guides
    words = []
    for card_id, owner in state.lasting:
        kind = CARDS[card_id].kind
        if kind == CardKind.RAIN:
            words.append(f"Rain: no rivers till {guides[owner].title}'s turn")
        elif kind == CardKind.HIPPOS:
            words.append(f"Hippos: {guides[owner].title} can't cross rivers")
        elif kind == CardKind.FLAT_TYRE:
            words.append(f"Flat tyre: {guides[owner].title}")
        elif kind == CardKind.BROKEN_GATE:
            words.append(f"{GATE_NAMES[owner].capitalize()} gate broken")
    return words


def outcome_words(state: GameState, log: Sequence[Step]) -> tuple[str, str]:
    """(headline, reason) for the end screen."""
    reason = next((step.text for step in reversed(log) if step.kind == "end"), "")
    if state.outcome == "won":
        return "Congratulations, guides!", reason
    if state.outcome.startswith("lost"):
        return "Game over", reason
    return "The game is not over.", reason


def spotted_names(mask: int) -> list[str]:
    return [species.title for species in Species if mask & (1 << species)]
