"""A short text notation for actions, used by logs, saves and scenarios (docs/notation.md).

Spaces are written by name, with the piece symbol or its ASCII key: ``move ♣4`` = ``move c4``.
Guides are written by name, any case.
"""

from __future__ import annotations

import re

from bigfive_tui.engine.actions import (
    DETOUR,
    DRAW,
    END,
    EXTRA_ANIMAL,
    INFLUENCE,
    REFUEL,
    RESOURCE_NAMES,
    TOKEN_USE,
    Act,
    Action,
)
from bigfive_tui.engine.board import GATE_NAMES
from bigfive_tui.engine.content import SAM_TRACK_CAP, Guide
from bigfive_tui.engine.state import Game

_CELL_ACTIONS = {
    Act.MOVE: "move",
    Act.REPLENISH: "food",
    Act.SPOT: "spot",
    Act.EXTINGUISH: "extinguish",
}
_CELL_WORDS = {word: kind for kind, word in _CELL_ACTIONS.items()}
_PLAIN = {
    "draw": DRAW,
    "end": END,
    "refuel": REFUEL,
    "detour": DETOUR,
    "influence": INFLUENCE,
    "extra animal": EXTRA_ANIMAL,
    "use token": TOKEN_USE,
}
_PLAIN_TEXT = {action: text for text, action in _PLAIN.items()}
_DISCARD_WORDS = ("top", "second")
_GIVE = re.compile(
    r"^(?:(?P<giver>[a-z]+) gives|give) (?P<amount>\d+) (?P<what>fuel|food) to (?P<to>[a-z]+)$"
)


class NotationError(ValueError):
    """Text that is not an action; the message says what was expected."""


def format_action(game: Game, action: Action, active_seat: int) -> str:
    kind = action.kind
    if action in _PLAIN_TEXT:
        return _PLAIN_TEXT[action]
    if kind in _CELL_ACTIONS:
        return f"{_CELL_ACTIONS[kind]} {game.board.names[action.target]}"
    if kind == Act.REPAIR_VEHICLE:
        return f"repair {game.guides[action.target].title}"
    if kind == Act.REPAIR_GATE:
        return f"repair {GATE_NAMES[action.target]} gate"
    if kind == Act.CHOOSE_DISCARD:
        return f"discard {_DISCARD_WORDS[action.target]}"
    if kind == Act.TOKEN_GIVE:
        return f"lend token to {game.guides[action.target].title}"
    if kind == Act.EXCHANGE:
        receiver = game.guides[action.target].title
        what = f"{action.amount} {RESOURCE_NAMES[action.resource]} to {receiver}"
        if action.giver == active_seat:
            return f"give {what}"
        return f"{game.guides[action.giver].title} gives {what}"
    raise NotationError(f"cannot write action {action!r}")


def _seat(game: Game, word: str, text: str) -> int:
    for seat, guide in enumerate(game.guides):
        if guide.name.lower() == word.lower():
            return seat
    names = ", ".join(g.title for g in game.guides)
    if word.upper() in Guide.__members__:
        raise NotationError(f"{text!r}: {word.title()} is not in this game (guides: {names})")
    raise NotationError(f"{text!r}: no guide called {word!r} (guides: {names})")


def parse_action(game: Game, text: str, active_seat: int) -> Action:
    raw = " ".join(text.strip().split())
    lowered = raw.lower()
    if lowered in _PLAIN:
        return _PLAIN[lowered]
    if lowered in ("pass", "end turn"):
        return END
    words = raw.split(" ")
    verb = words[0].lower()
    if verb in _CELL_WORDS:
        if len(words) != 2:
            raise NotationError(f"{raw!r}: write '{verb} <space>', e.g. '{verb} ♣4' or '{verb} c4'")
        cell = game.board.find(words[1])
        if cell is None:
            raise NotationError(f"{raw!r}: there is no space called {words[1]!r} on this board")
        return Action(_CELL_WORDS[verb], cell)
    if verb == "repair" and len(words) >= 2:
        if len(words) == 3 and words[2].lower() == "gate":
            gate = words[1].lower()
            if gate not in GATE_NAMES:
                raise NotationError(f"{raw!r}: the gates are 'west gate' and 'east gate'")
            return Action(Act.REPAIR_GATE, GATE_NAMES.index(gate))
        if len(words) == 2:
            return Action(Act.REPAIR_VEHICLE, _seat(game, words[1], raw))
    if verb == "discard" and len(words) == 2 and words[1].lower() in _DISCARD_WORDS:
        return Action(Act.CHOOSE_DISCARD, _DISCARD_WORDS.index(words[1].lower()))
    if lowered.startswith("lend token to ") and len(words) == 4:
        return Action(Act.TOKEN_GIVE, _seat(game, words[3], raw))
    give = _GIVE.match(lowered)
    if give:
        giver = _seat(game, give["giver"], raw) if give["giver"] else active_seat
        digits = give["amount"].lstrip("0")
        if len(digits) > len(str(SAM_TRACK_CAP)):  # and int() refuses thousands of digits
            raise NotationError(f"{raw!r}: no track holds that much (at most {SAM_TRACK_CAP})")
        amount = int(digits or "0")
        if amount < 1:
            raise NotationError(f"{raw!r}: give at least 1")
        return Action(
            Act.EXCHANGE,
            _seat(game, give["to"], raw),
            amount,
            giver,
            RESOURCE_NAMES.index(give["what"]),
        )
    raise NotationError(
        f"{raw!r} is not an action. Try: move ♣4, spot c2, extinguish ♣4, food ♣4, refuel, "
        "repair Kate, repair west gate, detour, influence, discard top, extra animal, "
        "give 2 fuel to Sam, use token, lend token to Kate, draw, end."
    )
