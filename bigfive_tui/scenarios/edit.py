"""Editing a position in the scenario format (debug mode's editor, D-edit).

Each function takes a position as ``write_position.position`` writes it and returns a changed
copy; it keeps the box's accounting (a token placed is taken from the supply or the discarded
tokens, a card laid out is taken from the draw or discard pile, and both go back when removed),
but it checks nothing else: whether the result could happen in a game is decided by building
it, with exactly the code and the messages of scenario files (``build``).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from bigfive_tui.scenarios.names import norm

Position = dict[str, Any]

#: What a space can hold, as the scenario format writes it ("" for nothing).
TOKEN_CHOICES: tuple[str, ...] = (
    "",
    "lion",
    "lion up",
    "leopard",
    "leopard up",
    "elephant",
    "elephant up",
    "rhino",
    "rhino up",
    "monkey",
    "buffalo",
    "food",
)
ANIMALS = ("lion", "leopard", "elephant", "rhino", "monkey")
#: The card names of the lasting cards, as the scenario format reads them.
LASTING_CARDS = {"rain": "heavy rain", "hippos": "herd of hippos", "broken_gates": "broken gate"}


def _copy(position: Mapping[str, Any]) -> Position:
    return copy.deepcopy(dict(position))


def _section(position: Position, name: str) -> dict[str, Any]:
    section = position.get(name)
    if not isinstance(section, dict):
        section = {}
        position[name] = section
    return section


def _list(section: dict[str, Any], name: str) -> list[Any]:
    value = section.get(name)
    if not isinstance(value, list):
        value = []
        section[name] = value
    return value


def _kind(text: str) -> str:
    return norm(text).split(" ")[0] if text else ""


def put_token(position: Mapping[str, Any], space: str, token: str) -> Position:
    """``space`` holds ``token`` (one of TOKEN_CHOICES; "" for nothing). The token that lay
    there goes back: an animal to the bottom of the supply; the new animal comes from the
    supply (the one drawn last) or else from the discarded tokens."""
    new = _copy(position)
    tokens = _section(new, "tokens")
    animals = _section(new, "animals")
    supply, discarded = _list(animals, "supply"), _list(animals, "discarded")
    old = tokens.pop(space, "")
    if _kind(old) in ANIMALS:
        supply.append(_kind(old))
    kind = _kind(token)
    if kind in ANIMALS:
        if kind in supply:
            del supply[len(supply) - 1 - supply[::-1].index(kind)]
        elif kind in discarded:
            discarded.remove(kind)
    if token:
        tokens[space] = token
    return new


def add_fire(position: Mapping[str, Any], space: str, count: int = 1) -> Position:
    """One more (or, with ``count`` -1, one fewer) fire marker on ``space``."""
    new = _copy(position)
    fires = _section(new, "fires")
    left = int(fires.get(space, 0)) + count
    if left > 0:
        fires[space] = left
    else:
        fires.pop(space, None)
    return new


def move_vehicle(position: Mapping[str, Any], guide: str, space: str) -> Position:
    new = _copy(position)
    _section(_section(new, "vehicles"), guide)["at"] = space
    return new


def set_track(position: Mapping[str, Any], guide: str, track: str, value: int) -> Position:
    """``track`` is "fuel" or "food"."""
    new = _copy(position)
    _section(_section(new, "vehicles"), guide)[track] = value
    return new


def set_spotted(position: Mapping[str, Any], guide: str, species: Sequence[str]) -> Position:
    new = _copy(position)
    _section(_section(new, "vehicles"), guide)["spotted"] = list(species)
    return new


def _take_card(cards: dict[str, Any], name: str) -> None:
    """A card of ``name`` out of the draw pile (the one nearest the bottom: the order of what is
    drawn soon stays) or else the discard pile, to lie out; none left: the build says so."""
    for pile in ("top", "discard"):
        listed = _list(cards, pile)
        for index in range(len(listed) - 1, -1, -1):
            if norm(str(listed[index])).startswith(name):
                del listed[index]
                return


def _return_card(cards: dict[str, Any], name: str) -> None:
    """A card that lay out goes to the top of the discard pile."""
    _list(cards, "discard").insert(0, name)


def set_flat(position: Mapping[str, Any], guide: str, flat: bool | str) -> Position:
    """False, "new" (flat since its owner's last turn) or True (repairable). A flat tyre lies
    out as a card: it is taken from the piles, and goes to the discard pile when mended."""
    new = _copy(position)
    vehicle = _section(_section(new, "vehicles"), guide)
    cards = _section(new, "cards")
    was = vehicle.get("flat", False)
    lying = int(vehicle.get("flat_cards", 1)) if was else 0
    wanted = 1 if flat else 0
    for _ in range(wanted - lying):
        _take_card(cards, "flat tyre")
    for _ in range(lying - wanted):
        _return_card(cards, "Flat tyre")
    vehicle["flat"] = flat
    vehicle.pop("flat_cards", None)
    return new


def set_lasting(position: Mapping[str, Any], kind: str, owners: Sequence[str]) -> Position:
    """The lasting cards of ``kind`` ("rain", "hippos" or "broken_gates") lie with these owners
    (guides, or gates "west"/"east"); cards laid out come from the piles, cards taken back go to
    the discard pile."""
    new = _copy(position)
    cards = _section(new, "cards")
    before = list(_list(cards, kind))
    after = list(owners)
    for owner in before:
        if owner in after:
            after.remove(owner)
        else:
            _return_card(cards, _card_name(kind, owner))
    for owner in after:
        _take_card(cards, norm(_card_name(kind, owner)))
    cards[kind] = list(owners)
    return new


def _card_name(kind: str, owner: str) -> str:
    if kind == "broken_gates":
        return f"Broken gate ({owner})"
    return {"rain": "Heavy rain", "hippos": "Herd of hippos"}[kind]


def set_turn(
    position: Mapping[str, Any],
    *,
    guide: str | None = None,
    phase: str | None = None,
    number: int | None = None,
    actions_left: int | None = None,
    anna_token: str | None = None,
) -> Position:
    """Whose turn, its phase ("draw" or "actions"), its number, the actions left (actions phase
    only) and who holds Anna's token; a value left None stays as it is."""
    new = _copy(position)
    turn = _section(new, "turn")
    if guide is not None:
        turn["guide"] = guide
    if number is not None:
        turn["number"] = number
    if anna_token is not None:
        turn["anna_token"] = anna_token
    if phase is not None:
        turn["phase"] = phase
        if phase == "draw":
            turn.pop("actions_left", None)
            turn.pop("anna_token_used", None)
        elif "actions_left" not in turn:
            turn["actions_left"] = 4
    if actions_left is not None:
        turn["actions_left"] = actions_left
    return new
