"""Photo Safari positions for tests, built by the scenario format (bigfive_tui.photo_safari
.scenario): terrain by square, animals as 'square facing', cameras and photos."""

from __future__ import annotations

from typing import Any

from bigfive_tui.photo_safari.engine.animals import Animal
from bigfive_tui.photo_safari.engine.grid import find
from bigfive_tui.photo_safari.engine.state import PhotoState
from bigfive_tui.photo_safari.scenario import build, parse_scenario
from bigfive_tui.photo_safari.setups import chosen_layout


def position(**data: Any) -> PhotoState:
    """A position from scenario fields, e.g. ``position(animals={"lion": "e5 north"},
    bush=["e4"], cameras={"red": "a1"})``."""
    return build(parse_scenario(data, "test"), "test", chosen_layout).state


def sq(name: str) -> int:
    square = find(name)
    assert square is not None, name
    return square


def at(state: PhotoState, animal: Animal) -> str:
    """Where an animal stands and faces, as a scenario writes it: 'e4 north'."""
    from bigfive_tui.photo_safari.scenario import position as described

    animals = described(state)["animals"]
    assert isinstance(animals, dict)
    text = animals[animal.name.lower()]
    assert isinstance(text, str)
    return text
