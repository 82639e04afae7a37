"""Photo Safari's set-up files (docs/photo-safari.md, "Set-up files"), and the copy of a set-up
inside a game record: validated at the edge and turned into the engine's :class:`Layout`, or
a layout written back as such data.

Reading files is the caller's business; this module turns the parsed TOML (or a game record's
copy of it) into a :class:`Layout`, or says exactly what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from bigfive_tui.photo_safari.engine.animals import ANIMAL_NAMES
from bigfive_tui.photo_safari.engine.grid import CORNERS, FACING_NAMES, NAMES, SIZE, Terrain, find
from bigfive_tui.photo_safari.engine.layout import (
    CHAR_OF,
    TERRAIN_CHARS,
    legality_problem,
)
from bigfive_tui.photo_safari.engine.state import SEAT_NAMES, Layout
from bigfive_tui.photo_safari.formats.record import LayoutFile
from bigfive_tui.shared.problems import validation_problems


class SetupFileError(ValueError):
    """A set-up that cannot be used; the message names the place and what is wrong."""


def _terrain(rows: list[str]) -> tuple[Terrain, ...]:
    terrain: list[Terrain] = []
    for number, row in enumerate(rows, 1):
        squares = row.replace(" ", "")
        if len(squares) != SIZE:
            raise SetupFileError(
                f"terrain row {number} has {len(squares)} squares; every row needs {SIZE} "
                "('.' savanna, '#' bush, '~' water)"
            )
        for column, char in enumerate(squares):
            if char not in TERRAIN_CHARS:
                square = NAMES[(number - 1) * SIZE + column]
                raise SetupFileError(
                    f"terrain row {number}: {char!r} at {square} is no terrain; write '.' "
                    "savanna, '#' bush or '~' water"
                )
            terrain.append(TERRAIN_CHARS[char])
    return tuple(terrain)


def _placed_animal(key: str, text: str) -> tuple[int, int]:
    words = text.split()
    square = find(words[0]) if len(words) == 2 else None
    facing = words[1].lower() if len(words) == 2 else ""
    if square is None or facing not in FACING_NAMES:
        raise SetupFileError(
            f"animals.{key}: {text!r} should be '<square> <facing>', a square a1 to j10 and a "
            "facing north, east, south or west (for example 'e4 south')"
        )
    return square, FACING_NAMES.index(facing)


def parse_layout(data: Mapping[str, Any], source: str = "set-up") -> Layout:
    """A set-up from its TOML (or JSON) data; SetupFileError names what is wrong and where."""
    try:
        parsed = LayoutFile.model_validate(data)
    except ValidationError as error:
        raise SetupFileError(f"{source}: {validation_problems(error)}") from None
    try:
        terrain = _terrain(parsed.terrain)
        unknown = sorted(set(parsed.animals) - set(ANIMAL_NAMES))
        if unknown:
            raise SetupFileError(
                f"animals: {', '.join(unknown)} is not one of the ten ({', '.join(ANIMAL_NAMES)})"
            )
        missing = [name for name in ANIMAL_NAMES if name not in parsed.animals]
        if missing:
            raise SetupFileError(f"animals: {', '.join(missing)} missing; all ten take part")
        animals = tuple(_placed_animal(name, parsed.animals[name]) for name in ANIMAL_NAMES)
        cameras = _cameras(parsed.cameras)
        layout = Layout(parsed.name, terrain, animals, cameras, parsed.description)
        problem = legality_problem(layout)
        if problem:
            raise SetupFileError(problem)
    except SetupFileError as error:
        raise SetupFileError(f"{source}: {error}") from None
    return layout


def _cameras(data: Mapping[str, str]) -> tuple[int, int]:
    keys = [name.lower() for name in SEAT_NAMES]
    unknown = sorted(set(data) - set(keys))
    if unknown:
        raise SetupFileError(f"cameras: {', '.join(unknown)} is no camera (they are red, yellow)")
    squares = []
    for key, default in zip(keys, (CORNERS[0], CORNERS[3]), strict=True):
        text = data.get(key)
        square = default if text is None else find(text)
        if square is None:
            raise SetupFileError(f"cameras.{key}: {text!r} is not a square (a1 to j10)")
        squares.append(square)
    return squares[0], squares[1]


def layout_data(layout: Layout) -> dict[str, Any]:
    """A set-up as the data of a set-up file (what a game record keeps)."""
    rows = [
        " ".join(CHAR_OF[layout.terrain[row * SIZE + column]] for column in range(SIZE))
        for row in range(SIZE)
    ]
    data: dict[str, Any] = {"name": layout.name}
    if layout.description:
        data["description"] = layout.description
    data["terrain"] = rows
    data["animals"] = {
        ANIMAL_NAMES[animal]: f"{NAMES[square]} {FACING_NAMES[facing]}"
        for animal, (square, facing) in enumerate(layout.animals)
    }
    data["cameras"] = {
        seat.lower(): NAMES[square] for seat, square in zip(SEAT_NAMES, layout.cameras, strict=True)
    }
    return data
