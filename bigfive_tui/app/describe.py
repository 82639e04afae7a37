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


#: Rules of the steps that say a vehicle drove somewhere; a run of them is told as one drive.
_DRIVE_RULES = frozenset({"R-move", "R-move-hill", "R-sam-hill", "R-detour"})
#: Rules of "looks for the animal": the summary tells what was found instead.
_SPOT_RULES = frozenset({"R-spot", "R-kate-spot", "RU-kate-free"})
#: The first word of an action step, in the past: the summary tells what already happened.
_PAST = {
    "refuels": "refuelled",
    "takes": "took",
    "puts": "put",
    "repairs": "repaired",
    "mends": "mended",
    "places": "placed",
    "gives": "gave",
}
#: At most this many lines in a hand-over summary, and this many events in one line.
SUMMARY_LINES = 8
SUMMARY_EVENTS = 7


def _after(text: str, marker: str) -> str:
    """The words of ``text`` after ``marker``, without the closing full stop."""
    return text.split(marker, 1)[-1].rstrip(".!")


def _event(step: Step, name: str) -> str | None:
    """One step of a turn in a few words for the hand-over summary, or None for a step not
    worth telling (dice, a food token moving on, a card's own effect on the tracks)."""
    rule, kind, text = step.rule, step.kind, step.text
    if kind == "card":
        return f"drew {_after(text, 'draws: ')}"
    if kind == "end":
        return text.rstrip(".")
    if rule in _DRIVE_RULES:
        return (
            f"drove {'around the park ' if rule == 'R-detour' else ''}to "
            + _after(text, " to ").split(" (")[0]
        )
    if rule == "R-spot-take":
        return f"spotted the {_after(text, 'spotted the ')}"
    if kind == "flip":
        return f"turned over {_after(text, 'turned over: ')}"
    if rule == "R-influence" and kind == "action":
        return f"influenced: discarded {_after(text, 'discards ').split(' and puts')[0]}"
    if rule in ("R-fire-chase", "R-animal-burning"):
        marker = "chases " if rule == "R-fire-chase" else ": "
        return f"{_after(text, marker).split(' from ')[0].split(' flees')[0]} lost to the fire"
    if rule == "R-fire-jack":
        return "Jack stopped a fire"
    if kind == "place" and "fire" in text:
        return f"fire on {_after(text, ' on ')}"
    if kind == "place" and "animal token" in text:
        return f"new animal on {_after(text, ' on ')}"
    if kind == "place" and text.startswith("The buffalo"):
        return f"buffalo chased to {_after(text, ' to ')}"
    if rule == "R-jack-extinguish" and kind == "ability":
        return f"put out the fire on {_after(text, ' on ').split(' for ')[0]}"
    if rule == "R-anna-token" and "lends" in text:
        return f"lent the extra-action token to {_after(text, ' to ').split(' for ')[0]}"
    if kind == "action" and rule not in _SPOT_RULES:
        words = text.rstrip(".").split(" (")[0]
        if not words.startswith(f"{name} "):
            return words  # an exchange between two other vehicles
        verb, _, rest = words[len(name) + 1 :].partition(" ")
        return f"{_PAST.get(verb, verb)} {rest}"
    return None


def since_last_turn(log: Sequence[Step], guide: str) -> list[str]:
    """What the other guides did since ``guide``'s last turn, one line per turn ("Kate drew
    Heavy rain · drove to ♦3 · spotted the lion"): with computer teammates their turns pass
    quickly, and the log is only a few lines high. In the first round: since the start."""
    turns: list[tuple[str, list[Step]]] = []
    for step in log:
        if step.rule == "R-turn-order" and step.kind == "turn":
            turns.append((_after(step.text, ": "), []))
        elif turns:
            turns[-1][1].append(step)
    earlier = turns[:-1]  # the last one is the turn now starting
    start = max((i + 1 for i, (who, _) in enumerate(earlier) if who == guide), default=0)
    lines = []
    for who, steps in earlier[start:]:
        events: list[str] = []
        for step in steps:
            event = _event(step, who)
            if event is None:
                continue
            if events and event.startswith("drove to") and events[-1].startswith("drove to"):
                events[-1] = event  # a run of drives: where it ended
            elif events and event.startswith("spotted") and events[-1].startswith("turned"):
                events[-1] = event  # the token turned over was the animal spotted
            else:
                events.append(event)
        if len(events) > SUMMARY_EVENTS:
            events[SUMMARY_EVENTS - 1 :] = ["…"]
        lines.append(f"{who} {' · '.join(events)}")
    return lines[-SUMMARY_LINES:]
