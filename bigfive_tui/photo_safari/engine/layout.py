"""Start set-ups as the rules see them: the playability rules every shipped and random set-up
meets (PU-playable), the legality checks of a set-up, and how terrain is written.

Set-up files (docs/photo-safari.md, "Set-up files") are read and checked at the edge
(:mod:`bigfive_tui.photo_safari.formats.setup_file`), which builds a :class:`Layout`.
"""

from __future__ import annotations

from bigfive_tui.photo_safari.engine.animals import ANIMAL_NAMES, FREE_TERRAIN, Animal
from bigfive_tui.photo_safari.engine.grid import (
    CORNERS,
    NAMES,
    SQUARES,
    STEP,
    TERRAIN_NAMES,
    Terrain,
    distance,
    turned_left,
    turned_right,
)
from bigfive_tui.photo_safari.engine.state import SEAT_NAMES, Layout

TERRAIN_CHARS = {".": Terrain.SAVANNA, "#": Terrain.BUSH, "~": Terrain.WATER}
CHAR_OF = {terrain: char for char, terrain in TERRAIN_CHARS.items()}
#: No animal starts this close (in queen steps) to a camera's corner (PU-playable).
CAMERA_ROOM = 2


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
