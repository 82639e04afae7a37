"""Why a computer guide does what it does, in words a player reads.

Every player (greedy and search alike) says why with a :class:`Reason`, and :func:`explain`
turns it into one sentence: the action, a colon, the reason. The hint, the game log and the
hand-over summary all show that sentence, so a reason always reads the same wherever it
appears.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import IntEnum
from typing import NamedTuple

from bigfive_tui.engine.actions import FOOD, RESOURCE_NAMES, Act, Action
from bigfive_tui.engine.board import GATE_CELLS, GATE_NAMES
from bigfive_tui.engine.content import CARDS, Species
from bigfive_tui.engine.state import GameState
from bigfive_tui.players.routes import DETOUR_STEP


class Why(IntEnum):
    """The reasons there are; each has its own wording in :func:`explain`."""

    DRAW = 0  # the turn opens with a card
    TOKEN = 1  # Anna's token: one action more
    SPOT_NEEDED = 2  # a species this vehicle lacks, face up in view
    SPOT_UNKNOWN = 3  # a face-down token in view: it may be what somebody lacks
    FOOD_LOW = 4  # food low: a card could end the safari
    FOOD_TOP_UP = 5  # food taken while it costs little
    FUEL_LOW = 6
    FUEL_TOP_UP = 7
    SHARE = 8  # a teammate in view runs short
    MEND_GATE = 9  # a broken gate keeps a flat tyre from being repaired
    MEND_FREE = 10  # David mends a gate for nothing
    REPAIR = 11  # a flat tyre in view
    EXTINGUISH = 12  # a fire in view
    DRIVE_ANIMAL = 13  # towards an animal this vehicle lacks
    DRIVE_UNKNOWN = 14  # towards a face-down token
    DRIVE_FIRE = 15  # towards a fire
    DRIVE_FOOD = 16
    DRIVE_FUEL = 17
    DRIVE_HELP = 18  # towards a teammate who needs fuel or food
    DRIVE_MEND = 19  # towards a broken gate while a tyre waits for it
    GUARD = 20  # Jack keeps fire off the piece with animals still needed
    EXTRA_ANIMAL = 21
    INFLUENCE = 22
    DISCARD = 23  # the card discarded after influencing
    END_DONE = 24  # no actions left
    END_NOTHING = 25  # nothing worth an action in reach
    END_GUARD = 26  # Jack stays where he guards animals
    LEND_TOKEN = 27  # Anna lends her token to a guide who needs it more
    AT_RANDOM = 28  # the random player: one of ``number`` legal actions, by chance


class Reason(NamedTuple):
    """A reason and what it is about: a space (the animal, fire, token or gate aimed at), a
    teammate's seat, a species, a number (actions to go, cards in the deck, ...)."""

    why: Why
    cell: int = -1
    seat: int = -1
    species: int = -1
    number: int = 0
    animals: int = 0  # animals shielded by Jack's piece


_FIRE_DANGER = "while a piece burns, every animal placed on it flees the park"


def explain(state: GameState, action: Action, reason: Reason) -> str:
    """The action and its reason in one sentence, in the words of the guide at the wheel."""
    return f"{_what(state, action)}: {_why(state, action, reason)}"


def plan_words(reason: str, plan: Sequence[str]) -> str:
    """The rest of a turn's plan after the action ``reason`` explains, in short: every step's
    order, and its reason only where it says more than the step before ("Drive to ♠1 · Drive
    to ♠c · Put out the fire on ♠c: ..."), for a route repeats its reason at every step."""
    said = _gist(reason.partition(": ")[2])
    parts = []
    for step in plan:
        what, _, why = step.partition(": ")
        gist = _gist(why)
        parts.append(what if gist == said else step)
        said = gist
    return " · ".join(parts)


def _gist(why: str) -> str:
    """A reason without its counts: "(5 actions more)" says what "(6 actions more)" said."""
    return re.sub(r"\d+", "#", why)


def _species(reason: Reason) -> str:
    return Species(reason.species).name.lower() if reason.species >= 0 else "animal"


def _counted(count: int, thing: str) -> str:
    """ "1 action", "2 actions"."""
    return f"{count} {thing}{'s' * (count != 1)}"


def _gate(cell: int) -> str:
    """ "west" or "east" for a park entrance, "" for any other space."""
    return GATE_NAMES[GATE_CELLS.index(cell)] if cell in GATE_CELLS else ""


def _what(state: GameState, action: Action) -> str:
    """The action as an order to the guide ("Drive to ♠3")."""
    board = state.game.board
    guides = state.game.guides
    kind = action.kind
    if kind == Act.MOVE:
        return f"Drive to {board.names[action.target]}"
    if kind == Act.SPOT:
        token = state.token_at[action.target]
        if 0 <= token < len(state.face_up) and not state.face_up[token]:
            return f"Turn over the animal on {board.names[action.target]}"
        return f"Spot the animal on {board.names[action.target]}"
    if kind == Act.EXTINGUISH:
        return f"Put out the fire on {board.names[action.target]}"
    if kind == Act.REPLENISH:
        return f"Take food at {board.names[action.target]}"
    if kind == Act.REFUEL:
        return "Refuel"
    if kind == Act.EXCHANGE:
        what = RESOURCE_NAMES[action.resource]
        giver = guides[action.giver].title
        return f"{giver} gives {action.amount} {what} to {guides[action.target].title}"
    if kind == Act.REPAIR_VEHICLE:
        return f"Repair {guides[action.target].title}'s flat tyre"
    if kind == Act.REPAIR_GATE:
        return f"Mend the {GATE_NAMES[action.target]} gate"
    if kind == Act.DETOUR:
        return "Drive around the park"
    if kind == Act.INFLUENCE:
        return "Influence the next event"
    if kind == Act.CHOOSE_DISCARD:
        return f"Discard {CARDS[state.looking_at[action.target]].name}"
    if kind == Act.EXTRA_ANIMAL:
        return "Place an extra animal"
    if kind == Act.TOKEN_USE:
        return "Use Anna's token"
    if kind == Act.TOKEN_GIVE:
        return f"Lend Anna's token to {guides[action.target].title}"
    if kind == Act.DRAW:
        return "Draw the event card"
    return "End the turn"


def _toward(state: GameState, action: Action, reason: Reason, what: str) -> str:
    """A drive's goal: "towards the fire on ♦5 (2 more actions)", or "to reach ..." when this
    step arrives."""
    if action.kind == Act.MOVE and action.target == reason.cell:
        return f"to {what}"
    left = f" ({_counted(reason.number, 'action')} more)" if reason.number > 0 else ""
    if action.kind == Act.DETOUR or action.target == DETOUR_STEP:
        return f"the short way round to {what}{left}"
    return f"on the way to {what}{left}"


def _why(state: GameState, action: Action, reason: Reason) -> str:
    why = reason.why
    board = state.game.board
    guides = state.game.guides
    me = guides[state.seat].title
    # Only the reasons about a teammate have a seat; a space's number is never read as one.
    about_seat = why in (Why.LEND_TOKEN, Why.DRIVE_HELP)
    other = guides[reason.seat].title if about_seat else ""
    place = board.names[reason.cell] if reason.cell >= 0 else ""
    if why == Why.AT_RANDOM:
        if reason.number == 1:
            return "the only legal action"
        return f"picked by chance from {_counted(reason.number, 'legal action')}"
    if why == Why.DRAW:
        return "every turn opens with an event card"
    if why == Why.TOKEN:
        return "one action more this turn"
    if why == Why.LEND_TOKEN:
        return f"{other} can use the extra action better on the next turn"
    if why == Why.SPOT_NEEDED:
        return f"{me} has not seen a {_species(reason)} yet"
    if why == Why.SPOT_UNKNOWN:
        return "a face-down token may be an animal the team still needs"
    if why == Why.FOOD_LOW:
        return f"{me}'s food is down to {state.food[state.seat]}, and a card can take 2"
    if why == Why.FOOD_TOP_UP:
        return "food is cheap to take here, and cards keep taking it"
    if why == Why.FUEL_LOW:
        return f"{me}'s fuel is down to {state.fuel[state.seat]}; without fuel nobody drives"
    if why == Why.FUEL_TOP_UP:
        return "fuel is free for Sam and cards keep taking it"
    if why == Why.SHARE:
        track = state.food if action.resource == FOOD else state.fuel
        word = RESOURCE_NAMES[action.resource]
        receiver = guides[action.target].title
        if action.resource == FOOD:
            return f"{receiver}'s food is down to {track[action.target]}; at 0 the safari is lost"
        return f"{receiver} has only {track[action.target]} {word} and needs it to drive"
    if why == Why.MEND_GATE:
        return "no flat tyre can be repaired while a gate is broken"
    if why == Why.MEND_FREE:
        return "David mends it for free, and a broken gate stops every repair"
    if why == Why.REPAIR:
        return "the vehicle cannot drive until its tyre is repaired"
    if why == Why.EXTINGUISH:
        return _FIRE_DANGER
    if why == Why.DRIVE_ANIMAL:
        what = f"the {_species(reason)} on {place}"
        return f"{_toward(state, action, reason, what)}, which {me} has not seen yet"
    if why == Why.DRIVE_UNKNOWN:
        what = f"the face-down animal on {place}"
        return f"{_toward(state, action, reason, what)}; it may be one the team still needs"
    if why == Why.DRIVE_FIRE:
        what = f"the fire on {place}"
        return f"{_toward(state, action, reason, what)}: {_FIRE_DANGER}"
    if why == Why.DRIVE_FOOD:
        what = f"the food token on {place}"
        return f"{_toward(state, action, reason, what)}: {me}'s food is down to " + str(
            state.food[state.seat]
        )
    if why == Why.DRIVE_FUEL:
        what = f"the {_gate(reason.cell)} park entrance".replace("the  ", "the ")
        return f"{_toward(state, action, reason, what)} to refuel: {me}'s fuel is down to " + str(
            state.fuel[state.seat]
        )
    if why == Why.DRIVE_HELP:
        what = other
        needs = "fuel" if state.fuel[reason.seat] == 0 else "food"
        return f"{_toward(state, action, reason, what)}, who is short of {needs}"
    if why == Why.DRIVE_MEND:
        what = f"the broken {_gate(reason.cell)} gate"
        return f"{_toward(state, action, reason, what)}: until it is mended no tyre is repaired"
    if why == Why.GUARD:
        what = f"the {board.symbols[board.slot[reason.cell]]} piece"
        return (
            f"{_toward(state, action, reason, what)}: no fire lands on Jack's piece, and "
            f"{_guarded(reason)} there"
        )
    if why == Why.END_GUARD:
        return f"Jack stays put: no fire lands on his piece, and {_guarded(reason)} here"
    if why == Why.EXTRA_ANIMAL:
        burning = reason.number
        risk = (
            "no piece is burning, so it cannot flee"
            if burning == 0
            else f"{_counted(burning, 'burning piece')}: a small risk it flees"
        )
        return f"the team needs more animals on the board, and {risk}"
    if why == Why.INFLUENCE:
        fires = reason.number
        return (
            "look at the next two event cards and discard the worse; "
            f"{_counted(fires, 'fire card')} may still come"
        )
    if why == Why.DISCARD:
        return _discard_reason(state, action)
    if why == Why.END_DONE:
        return f"{me} has no actions left"
    return "nothing worth an action is within reach this turn"


def _guarded(reason: Reason) -> str:
    count = reason.animals
    return f"{_counted(count, 'animal')} the team needs {'are' if count != 1 else 'is'}"


def _discard_reason(state: GameState, action: Action) -> str:
    kept = CARDS[state.looking_at[1 - action.target]].name if len(state.looking_at) == 2 else ""
    return f"it would hurt the team more than {kept}, which the next guide draws instead"
