"""Engine state and rule steps put into words for the screens (formatting only, no rules)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import takewhile
from typing import NamedTuple

from bigfive_tui.app.words.rules_text import rule_text
from bigfive_tui.engine.actions import Step
from bigfive_tui.engine.board import GATE_NAMES, Board
from bigfive_tui.engine.content import CARDS, Card, CardKind, Species
from bigfive_tui.engine.costs import rivers_closed_for
from bigfive_tui.engine.hexgrid import DIRECTION_NAMES
from bigfive_tui.engine.legal_actions import sight
from bigfive_tui.engine.pieces import Feature
from bigfive_tui.engine.state import GameState

#: Step kinds the table leaves out of a card's effects (the dice; the log keeps them).
_DICE_KINDS = frozenset({"roll", "reroll"})
#: What a card that hits every vehicle takes away, in the card's own words.
_TRACK_WORDS = {
    CardKind.LOST_FOOD: "food",
    CardKind.STOLEN_FOOD: "food",
    CardKind.OVERHEATED: "fuel",
    CardKind.LEAKY: "fuel",
}


def joined(names: Sequence[str]) -> str:
    """ "Jack & Kate", "Jack, Kate & Sam": a list of guides as a sentence would say it."""
    return " & ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} & {names[-1]}"


def card_effect(card: Card) -> str:
    """What an event card does to the guide who draws it, in the rules' own words (the
    influence dialog shows it beside each card): "roll and place a fire marker"."""
    text = rule_text(card.rule)
    _, colon, effect = text.partition("): ")
    effect = effect if colon else text
    if card.all_vehicles:
        effect = f"every vehicle loses {card.steps} {_TRACK_WORDS[card.kind]}."
    elif card.steps and "steps on the card" in effect:
        effect = effect.replace("by the steps on the card", f"by {card.steps}")
    first, stop, _ = effect.partition(". ")  # the first sentence says it
    effect = first + "." if stop else effect
    return effect[:1].upper() + effect[1:] if effect else card.name


def edge_words(board: Board, cell: int) -> str:
    """Which of a space's six edges carry bushes or rivers: "bushes N, NE; river S"."""
    sides: dict[Feature, list[str]] = {}
    for direction, name in enumerate(DIRECTION_NAMES):
        feature = Feature(board.features[cell][direction])
        if feature:
            sides.setdefault(feature, []).append(name)
    if not sides:
        return "open on all six sides"
    words = {
        Feature.BUSH: ("bush", "bushes"),
        Feature.RIVER: ("river", "rivers"),
        Feature.BUSH | Feature.RIVER: ("bush and river", "bushes and rivers"),
    }
    return "; ".join(
        f"{words[feature][len(names) > 1]} {', '.join(names)}" for feature, names in sides.items()
    )


def rivers_closed_words(state: GameState, cell: int) -> str:
    """ "rivers closed now (rain)", or "rivers closed to Kate now (hippos)", on a space with a
    river edge while the guide at the wheel may not cross rivers: the edges' words alone
    ("river SW") said nothing of the rain, whose card lies a page away at 80 x 24. Rain closes
    them to everybody, so it names nobody: at 80 columns the longer words pushed what lies on
    the space off the top line (a second playtest). Empty otherwise."""
    board = state.game.board
    if state.over or not any(side & Feature.RIVER for side in board.features[cell]):
        return ""
    seat = state.seat
    if not rivers_closed_for(state, seat):
        return ""
    if any(CARDS[card].kind == CardKind.RAIN for card, _ in state.lasting):
        return "rivers closed now (rain)"
    return f"rivers closed to {state.game.guides[seat].title} now (hippos)"


def seen_by(state: GameState, cell: int) -> str:
    """Which vehicles can spot on a space (clear view, and Kate's six lines)."""
    guides = [
        state.game.guides[seat].title
        for seat in range(len(state.game.guides))
        if cell in sight(state, seat)
    ]
    return f"seen by {joined(guides)}" if guides else "in no vehicle's view"


def round_number(state: GameState) -> int:
    """The round of the current turn: every guide plays one turn a round, seat 0 first."""
    return (state.turn - 1) // len(state.game.guides) + 1


def _card_drawn(step: Step) -> Card | None:
    """The card a "card" step draws."""
    return CARDS[step.card] if step.card >= 0 else None


def _shared_loss(card: Card) -> str | None:
    """What a card that hits every vehicle takes from each ("1 fuel"); None for other cards."""
    word = _TRACK_WORDS.get(card.kind) if card.all_vehicles else None
    return None if word is None else f"{card.steps} {word}"


def drawn_card(log: Sequence[Step]) -> tuple[Card | None, list[Step]]:
    """The card drawn in the current turn and the steps it caused (taken from the log)."""
    for index in range(len(log) - 1, -1, -1):
        step = log[index]
        if step.kind == "turn" and step.rule == "R-turn-order":
            return None, []
        if step.kind == "card":
            caused = log[index + 1 : index + 1 + step.caused]
            # The end of the game, when the card brings it, is the end screen's to tell.
            return _card_drawn(step), list(takewhile(lambda later: later.kind != "end", caused))
    return None, []


def card_effect_texts(card: Card, effects: Sequence[Step]) -> list[str]:
    """The drawn card's effects for the narrow table: no dice, and a card that hits every
    vehicle said once rather than once per vehicle (the log keeps every step)."""
    loss = _shared_loss(card)
    texts: list[str] = []
    for step in effects:
        if step.kind in _DICE_KINDS:
            continue
        if loss is not None and step.rule in (card.rule, "R-card-all-vehicles"):
            summary = f"Every vehicle loses {loss}."
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
            # "Rain: no rivers" (the 16 columns of 80 x 24) left it open whether the rivers
            # were closed or gone: every form says closed, the longer ones until when.
            name = guides[owner].title
            words.append(
                (
                    f"Rain: rivers closed till {name}'s turn",
                    f"Rivers closed till {name}'s turn",
                    f"Rivers closed till {name}",
                    "Rain: rivers closed",
                    "Rivers closed",
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


#: Rules of the steps that say a vehicle drove somewhere; a run of drives (not around the
#: park) is told as one drive.
_DRIVE_RULES = frozenset({"R-move", "R-move-hill", "R-sam-hill", "R-detour"})
#: Rules of "looks for the animal": the summary tells what was found instead.
_SPOT_RULES = frozenset({"R-spot", "R-kate-spot", "RU-kate-free"})
#: Rules of taking food from a food token.
_FOOD_RULES = frozenset({"R-replenish", "R-sam-food"})
#: Rules of a fire that never broke out: an X was rolled, or no fire marker was left.
_NO_FIRE_RULES = frozenset({"R-fire-x", "RU-fire-supply"})
#: The verb of an action step, in the past: the summary tells what already happened.
_PAST = {
    "refuels": "refuelled",
    "puts": "put",
    "repairs": "repaired",
    "mends": "mended",
    "gives": "gave",
}
#: How the game ended, in the past tense (the log says it as it happens).
_ENDINGS = {
    "R-end-stuck": "no vehicle could move any more: the safari was lost",
    "R-end-win": "every vehicle had spotted the Big Five: the safari was won",
}
#: At most this many lines in a hand-over summary, and this many events in one line.
SUMMARY_LINES = 8
SUMMARY_EVENTS = 7


class _Event(NamedTuple):
    """One thing told in a hand-over line: ``who`` did ``what``. ``who`` is empty when
    ``what`` is a whole clause ("a fire broke out on ♦3")."""

    who: str
    what: str


def _after(text: str, marker: str) -> str:
    """The words of ``text`` after ``marker``, without the closing full stop."""
    return text.split(marker, 1)[-1].rstrip(".!")


def _ending(step: Step) -> _Event:
    """How the game ended, in the past: the summary tells it after the fact."""
    if step.rule == "R-end-food":
        return _Event(step.text.split(" ", 1)[0], "ran out of food: the safari was lost")
    if step.rule == "R-end-species":
        species = _after(step.text, "All three ").split(" tokens")[0]
        return _Event("", f"all three {species} tokens were gone: the safari was lost")
    return _Event("", _ENDINGS[step.rule])


def _told(step: Step, who: str, card: Card | None) -> _Event | None:
    """One step of ``who``'s turn as an event, in the past tense; None for a step not worth
    telling (dice, a food token moving on, a loss the card's name already gives)."""
    rule, kind, text = step.rule, step.kind, step.text
    actor = text.split(" ", 1)[0]  # card, action, ability and loss steps name the guide first
    if kind == "card":
        return _Event(actor, f"drew {_after(text, 'draws: ')}")
    if kind == "end":
        return _ending(step)
    if rule in _DRIVE_RULES:
        where = _after(text, " to ").split(" (")[0]
        return _Event(actor, f"drove {'around the park ' if rule == 'R-detour' else ''}to {where}")
    if rule == "R-spot-take":
        return _Event(actor, f"spotted the {_after(text, 'spotted the ')}")
    if kind == "flip":
        return _Event(who, f"turned over {_after(text, 'turned over: ')}")
    if rule == "R-card-all-vehicles" and card is not None:
        return _Event("", f"every vehicle lost {_shared_loss(card)}")
    if kind == "effect" and text.endswith(" fuel (now 0)."):
        return _Event(actor, "had no fuel left")  # a card's loss: the taker may be stranded
    if rule in ("R-card-wildebeest", "R-card-giraffe"):
        extra = _after(text, "+").split(" this")[0].replace(" action", " extra action")
        return _Event(who, f"got {extra}")
    if rule == "R-card-fire" and kind == "place":
        return _Event("", f"a fire broke out on {_after(text, ' on ')}")
    if rule in _NO_FIRE_RULES:
        return _Event("", "no fire broke out")
    if rule == "R-fire-jack":
        return _Event(actor, "put the fire out at once")
    if rule == "R-fire-chase":
        animal = _after(text, "chases ").split(" from ")[0]
        return _Event("", f"the fire drove {animal} out of the game")
    if rule == "R-animal-burning":  # a new animal rolled onto a burning piece: no new fire
        animal = _after(text, ": ").split(" flees")[0]
        piece = text.removeprefix("The ").split(" piece", 1)[0]
        return _Event("", f"{animal} fled the burning {piece} piece, out of the game")
    if kind == "place" and rule == "RU-buffalo-chased":
        return _Event("", f"the buffalo fled to {_after(text, ' to ')}")
    if kind == "place" and "animal token" in text:
        return _Event("", f"a new animal appeared on {_after(text, ' on ')}")
    if rule == "R-animal-x" or text.startswith("No animal tokens"):
        return _Event("", "no animal appeared")
    if rule == "R-jack-extinguish" and kind == "ability":
        return _Event(actor, f"put out the fire on {_after(text, ' on ').split(' for ')[0]}")
    if rule == "R-anna-token" and "lends" in text:
        receiver = _after(text, " to ").split(" for ")[0]
        return _Event(actor, f"lent the extra-action token to {receiver}")
    if kind != "action" or rule in _SPOT_RULES:
        return None
    if rule in _FOOD_RULES:
        return _Event(actor, f"took {_after(text, '+').split(' ')[0]} food")
    if rule == "RU-full-track":  # food taken at a full track: only the token moved
        return _Event(actor, "took food at a full track (nothing gained, the token moved on)")
    if rule == "R-influence":
        discarded = _after(text, "discards ").split(" and puts")[0]
        return _Event(actor, f"looked at the top two cards and discarded {discarded}")
    if rule == "R-extra-animal":
        return _Event(actor, "rolled for an extra animal")
    _, verb, rest = text.split(" (")[0].rstrip(".").split(" ", 2)
    return _Event(actor, f"{_PAST.get(verb, verb)} {rest}")  # an exchange names its giver


def reason_words(step: Step) -> str:
    """The why of a computer player's reason step ("Kate: Drive to ♦4: on the way to ...")."""
    parts = step.text.split(": ", 2)
    return parts[2] if len(parts) == 3 else step.text


def _turn_events(who: str, steps: Sequence[Step]) -> list[_Event]:
    """What happened in ``who``'s turn, a run of drives told only by where it ended; a
    computer's action with its reason in brackets, in the words of the log and the hint."""
    events: list[_Event] = []
    card: Card | None = None
    why = ""
    for index, step in enumerate(steps):
        if step.kind == "reason":
            why = reason_words(step)
            continue
        if step.kind == "card":
            card = _card_drawn(step)
        following = steps[index + 1] if index + 1 < len(steps) else None
        if step.kind == "flip" and following is not None and following.rule == "R-spot-take":
            continue  # the token turned over is the animal spotted: told as the spot
        event = _told(step, who, card)
        if event is None:
            continue
        if why:  # the first thing told of a computer's action carries its reason
            event = _Event(event.who, f"{event.what} ({why})")
            why = ""
        if events and event.what.startswith("drove to") and events[-1].what.startswith("drove to"):
            events[-1] = event
        else:
            events.append(event)
    return events


def _line(events: Sequence[_Event]) -> str:
    """The events joined, a guide named whenever the telling turns to them: "Kate gave 2 fuel
    to Sam · Jack drew Fire · a fire broke out on ♦3 · Jack drove to ♠2 · spotted the lion"."""
    parts: list[str] = []
    previous = ""
    for who, what in events:
        parts.append(what if who and who == previous else f"{who} {what}".lstrip())
        previous = who
    return " · ".join(parts)


def since_last_turn(log: Sequence[Step], guide: str) -> list[str]:
    """What the other guides did since ``guide``'s last turn, one line per turn ("Kate drew
    Heavy rain · drove to ♦3 · spotted the lion"): with computer teammates their turns pass
    quickly, and the log is only a few lines high. In the first round: since the start. A turn
    with nothing to tell (a game loaded mid-turn and ended at once) is left out."""
    turns: list[tuple[str, list[Step]]] = []
    for step in log:
        if step.rule == "R-turn-order" and step.kind == "turn":
            turns.append((_after(step.text, ": "), []))
        elif turns:
            turns[-1][1].append(step)
    over = bool(turns) and any(step.kind == "end" for step in turns[-1][1])
    earlier = turns if over else turns[:-1]  # unless the game is over, the last one is starting
    start = max((i + 1 for i, (who, _) in enumerate(earlier) if who == guide), default=0)
    lines = []
    for who, steps in earlier[start:]:
        events = _turn_events(who, steps)
        if not events:
            continue
        if len(events) > SUMMARY_EVENTS:
            events[SUMMARY_EVENTS - 1 :] = [_Event("", "…")]
        lines.append(_line(events))
    return lines[-SUMMARY_LINES:]


def _x_words(count: int, thing: str) -> str:
    """An X on the dice places nothing: said, so that fewer fires or animals than rolled for
    read as the dice and not as a fault."""
    if not count:
        return ""
    rolls = "an X" if count == 1 else f"{count} X"
    return f" · {rolls} rolled: no {thing} placed"


def setup_summary(log: Sequence[Step], setup_steps: int) -> list[str]:
    """What the setup put where and what it took away, for the first turn: the fires, the
    face-down animals, the buffalo, the food tokens, and any animal that fled (a token rolled
    onto a burning piece, or chased by a fire). Told only in the log, a rhino that fled during
    the setup went unseen until found on the timeline; and a setup with one animal on the board
    was taken for a mistake until the X rolls were named."""
    fires: list[str] = []
    put_out: list[str] = []
    animals: list[str] = []
    food: list[str] = []
    buffalo = ""
    fled: list[str] = []
    rolled = ""  # the space of the last fire rolled: Jack's piece puts it out unplaced
    x_rolls = {"R-fire-x": 0, "R-animal-x": 0}
    for step in log[:setup_steps]:
        text = step.text
        if step.rule in x_rolls:
            x_rolls[step.rule] += 1
        if text.startswith("Rolled ") and text.endswith(" for a fire."):
            rolled = text.removeprefix("Rolled ").split(" ", 1)[0]
        if text.startswith("A fire breaks out on "):
            fires.append(_after(text, " on "))
        elif step.rule == "R-fire-jack":
            # Named: "fires on ★3 · Jack put out the fire on his piece" was read as Jack
            # putting out the fire on ★3, which burned on.
            where = f"on {rolled} (his piece)" if rolled else "on his piece"
            put_out.append(f"{text.split(' ', 1)[0]} put out the fire {where} at once")
        elif text.startswith("An animal token is placed face down on "):
            animals.append(_after(text, " on "))
        elif text.startswith("A food token goes to "):
            food.append(_after(text, " to "))
        elif text.startswith("The buffalo goes to "):
            buffalo = _after(text, " to ")
        elif step.rule == "R-animal-burning":
            piece = text.removeprefix("The ").split(" piece", 1)[0]
            animal = _after(text, ": ").split(" flees")[0]
            fled.append(f"{animal} (rolled onto the burning {piece} piece)")
        elif step.rule == "R-fire-chase":
            fled.append(f"{_after(text, 'chases ').split(' out of')[0]} (chased by a fire)")
    lines = []
    if fires or put_out or x_rolls["R-fire-x"]:
        lines.append(
            "Setup: fires on "
            + (" ".join(fires) or "no space")
            + "".join(f" · {words}" for words in put_out)
            + _x_words(x_rolls["R-fire-x"], "fire")
        )
    if animals or buffalo or x_rolls["R-animal-x"]:
        where = " ".join(animals) or "none"
        lines.append(
            f"Setup: animals face down on {where}"
            + (f" · buffalo on {buffalo}" if buffalo else "")
            + _x_words(x_rolls["R-animal-x"], "animal")
        )
    if food:
        lines.append("Setup: food tokens on " + " ".join(food))
    if fled:
        lines.append("Setup: fled out of the game: " + ", ".join(fled))
    return lines
