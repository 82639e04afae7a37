"""Engine state and rule steps put into words for the screens (formatting only, no rules)."""

from __future__ import annotations

from collections.abc import Sequence

from bigfive_tui.engine.actions import Step
from bigfive_tui.engine.board import GATE_NAMES
from bigfive_tui.engine.content import CARDS, Card, CardKind, Species
from bigfive_tui.engine.state import GameState

#: Step kinds that end the list of a drawn card's effects.
_AFTER_CARD = frozenset({"action", "turn", "end", "look"})
#: Steps of the actions phase that come without an "action" step before them (influence,
#: Anna's token, David's bushes): they end the card's effects too, or the table would show
#: them as the card's doing.
_AFTER_CARD_RULES = frozenset(
    {"R-influence", "RU-influence-deck", "R-anna-token", "R-david-bushes"}
)
#: Step kinds the table leaves out of a card's effects (the dice; the log keeps them).
_DICE_KINDS = frozenset({"roll", "reroll"})
#: What a card that hits every vehicle takes away, in the card's own words.
_TRACK_WORDS = {
    CardKind.LOST_FOOD: "food",
    CardKind.STOLEN_FOOD: "food",
    CardKind.OVERHEATED: "fuel",
    CardKind.LEAKY: "fuel",
}


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
                if later.kind in _AFTER_CARD or later.rule in _AFTER_CARD_RULES:
                    break
                effects.append(later)
            return card, effects
    return None, []


def card_effect_texts(card: Card, effects: Sequence[Step]) -> list[str]:
    """The drawn card's effects for the narrow table: no dice, and a card that hits every
    vehicle said once rather than once per vehicle (the log keeps every step)."""
    word = _TRACK_WORDS.get(card.kind) if card.all_vehicles else None
    texts: list[str] = []
    for step in effects:
        if step.kind in _DICE_KINDS:
            continue
        if word is not None and step.rule in (card.rule, "R-card-all-vehicles"):
            summary = f"Every vehicle loses {card.steps} {word}."
            if summary not in texts:
                texts.append(summary)
            continue
        texts.append(step.text)
    return texts


def lasting_effects(state: GameState) -> list[tuple[str, ...]]:
    """Each lasting effect in words, longest first, so a narrow column can pick one that fits."""
    guides = state.game.guides
    words: list[tuple[str, ...]] = []
    for card_id, owner in state.lasting:
        kind = CARDS[card_id].kind
        if kind == CardKind.RAIN:
            name = guides[owner].title
            words.append(
                (
                    f"Rain: no rivers till {name}'s turn",
                    f"Rain: no rivers till {name}",
                    "Rain: no rivers",
                )
            )
        elif kind == CardKind.HIPPOS:
            name = guides[owner].title
            words.append(
                (f"Hippos: {name} can't cross rivers", f"Hippos block {name}", f"Hippos: {name}")
            )
        elif kind == CardKind.FLAT_TYRE:
            words.append((f"Flat tyre: {guides[owner].title}",))
        elif kind == CardKind.BROKEN_GATE:
            gate = GATE_NAMES[owner].capitalize()
            words.append((f"{gate} gate broken: no repairs", f"{gate} gate broken"))
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
