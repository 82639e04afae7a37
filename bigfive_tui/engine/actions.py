"""Actions as small immutable tuples; the notation module gives them their text form."""

from __future__ import annotations

from collections.abc import MutableSequence
from enum import IntEnum
from typing import NamedTuple


class Act(IntEnum):
    DRAW = 0
    MOVE = 1
    REFUEL = 2
    REPLENISH = 3
    SPOT = 4
    EXTINGUISH = 5
    REPAIR_VEHICLE = 6
    REPAIR_GATE = 7
    DETOUR = 8
    INFLUENCE = 9
    CHOOSE_DISCARD = 10
    EXTRA_ANIMAL = 11
    EXCHANGE = 12
    TOKEN_USE = 13
    TOKEN_GIVE = 14
    END = 15


FUEL = 0
FOOD = 1
RESOURCE_NAMES = ("fuel", "food")


class Action(NamedTuple):
    """``target`` is a cell (move, food, spot, extinguish), a seat (repair, token, exchange
    receiver), a gate (repair gate) or a card position (choose discard)."""

    kind: Act
    target: int = -1
    amount: int = 0
    giver: int = -1
    resource: int = FUEL


DRAW = Action(Act.DRAW)
END = Action(Act.END)
REFUEL = Action(Act.REFUEL)
DETOUR = Action(Act.DETOUR)
INFLUENCE = Action(Act.INFLUENCE)
EXTRA_ANIMAL = Action(Act.EXTRA_ANIMAL)
TOKEN_USE = Action(Act.TOKEN_USE)


class Step(NamedTuple):
    """One thing that happened while resolving an action, citing its rule in docs/rules.md."""

    rule: str
    kind: str  # setup, turn, card, roll, reroll, place, discard, flip, look, effect, action, end
    text: str
    card: int = -1  # the event card a "card" step draws
    caused: int = 0  # on a "card" step: how many of the steps after it are the card's effects


#: Where the rules write their steps: a list, or debug mode's recorder (shared/steps.py), a list
#: whose ``append`` also copies the state. Not typed ``list``, so that a compiled build (mypyc)
#: calls ``append`` as Python does instead of list's own C function, which bypasses the recorder.
Log = MutableSequence[Step]


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why in a player's words."""


#: Step kinds that reveal something random or hidden; undo never goes back past them.
REVEALING_KINDS = frozenset({"card", "roll", "flip", "look"})
