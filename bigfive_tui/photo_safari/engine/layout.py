"""Start set-ups as data: the set-up file format (docs/photo-safari.md, "Set-up files"), its
checks, and the playability rules every shipped and random set-up meets (PU-playable).

Reading files is the caller's business; this module turns the parsed TOML (or a game record's
copy of it) into a :class:`Layout`, or says exactly what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from bigfive_tui.photo_safari.engine.animals import ANIMAL_NAMES, FREE_TERRAIN, Animal
from bigfive_tui.photo_safari.engine.grid import (
    CORNERS,
    FACING_NAMES,
    NAMES,
    SIZE,
    SQUARES,
    STEP,
    TERRAIN_NAMES,
    Terrain,
    distance,
    find,
    turned_left,
    turned_right,
)
from bigfive_tui.photo_safari.engine.record import LayoutFile
from bigfive_tui.photo_safari.engine.state import SEAT_NAMES, Layout
from bigfive_tui.shared.problems import validation_problems

TERRAIN_CHARS = {".": Terrain.SAVANNA, "#": Terrain.BUSH, "~": Terrain.WATER}
CHAR_OF = {terrain: char for char, terrain in TERRAIN_CHARS.items()}
#: No animal starts this close (in queen steps) to a camera's corner (PU-playable).
CAMERA_ROOM = 2


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


def legality_problem(layout: Layout) -> str:
    """What makes a set-up break the rules (P-setup-*), or "": cameras in two different
    corners, every animal on its own square of terrain it may enter, none on a camera."""
    red, yellow = layout.cameras
    for seat, square in enumerate(layout.cameras):
        if square not in CORNERS:
            return f"cameras.{SEAT_NAMES[seat].lower()}: {NAMES[square]} is not a corner"
        if layout.terrain[square] != Terrain.SAVANNA:
            return f"cameras.{SEAT_NAMES[seat].lower()}: {NAMES[square]} is not savanna"
    if red == yellow:
        return f"cameras: both start on {NAMES[red]}; each needs its own corner"
    seen: dict[int, Animal] = {}
    for animal, (square, _) in zip(Animal, layout.animals, strict=True):
        name = ANIMAL_NAMES[animal]
        if square in seen:
            return f"animals: the {ANIMAL_NAMES[seen[square]]} and the {name} share {NAMES[square]}"
        seen[square] = animal
        if square in layout.cameras:
            return f"animals.{name}: {NAMES[square]} is a camera's corner"
        terrain = layout.terrain[square]
        if not FREE_TERRAIN[animal][terrain]:
            where = f"{TERRAIN_NAMES[terrain]} ({NAMES[square]})"
            return f"animals.{name}: the {name} cannot stand on {where}"
    return ""


def _savanna_connected(terrain: tuple[Terrain, ...]) -> bool:
    savanna = [square for square in range(SQUARES) if terrain[square] == Terrain.SAVANNA]
    seen = {savanna[0]}
    todo = [savanna[0]]
    while todo:
        for neighbour in STEP[todo.pop()]:
            if neighbour >= 0 and neighbour not in seen and terrain[neighbour] == Terrain.SAVANNA:
                seen.add(neighbour)
                todo.append(neighbour)
    return len(seen) == len(savanna)


def playability_problems(layout: Layout) -> list[str]:
    """Why a legal set-up might not give a fair hunt (PU-playable), or nothing."""
    terrain = layout.terrain
    problems = []
    occupied = {square for square, _ in layout.animals}
    for seat, corner in enumerate(layout.cameras):
        exits = [n for n in STEP[corner] if n >= 0]
        if any(terrain[n] != Terrain.SAVANNA or n in occupied for n in exits):
            problems.append(
                f"{SEAT_NAMES[seat]}'s corner {NAMES[corner]} needs free savanna on both sides"
            )
    if not _savanna_connected(terrain):
        problems.append("the savanna falls apart into separate areas")
    for square in range(SQUARES):
        if terrain[square] != Terrain.SAVANNA and not any(
            n >= 0 and terrain[n] == Terrain.SAVANNA for n in STEP[square]
        ):
            problems.append(
                f"{NAMES[square]} ({TERRAIN_NAMES[terrain[square]]}) has no savanna beside it"
            )
    for animal, (square, facing) in zip(Animal, layout.animals, strict=True):
        name = ANIMAL_NAMES[animal]
        if any(distance(square, corner) <= CAMERA_ROOM for corner in layout.cameras):
            problems.append(f"the {name} on {NAMES[square]} is too near a camera's corner")
        photo_squares = (
            STEP[square][f] for f in (facing, turned_left(facing), turned_right(facing))
        )
        if not any(
            n >= 0 and terrain[n] == Terrain.SAVANNA and n not in occupied for n in photo_squares
        ):
            problems.append(f"the {name} on {NAMES[square]} cannot be photographed where it starts")
    return problems


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
