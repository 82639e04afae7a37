"""Seeded random set-ups that are always playable (PU-random-setup, PU-playable).

A draw places patches of bush and water, then the ten animals, and is kept only when it passes
:func:`~bigfive_tui.photo_safari.engine.layout.playability_problems`; otherwise the generator
draws again from where its sequence stands. The sequence is the shared SplitMix64 generator's,
so a seed gives the same set-up on every machine and Python version.
"""

from __future__ import annotations

from typing import Final

from bigfive_tui.photo_safari.engine.animals import FREE_TERRAIN, Animal
from bigfive_tui.photo_safari.engine.grid import CORNERS, SQUARES, STEP, Terrain, distance
from bigfive_tui.photo_safari.engine.layout import (
    CAMERA_ROOM,
    legality_problem,
    playability_problems,
)
from bigfive_tui.photo_safari.engine.state import Layout
from bigfive_tui.shared import rng

#: (patches, smallest, largest) squares per patch; the draw picks a count in each range.
BUSH_PATCHES: Final = (3, 5)
WATER_PATCHES: Final = (2, 3)
PATCH_SIZE: Final = (2, 4)
CAMERAS: Final = (CORNERS[0], CORNERS[3])  # Red top-left, Yellow bottom-right (PU-corners)
#: A seed that needs more draws than this is a bug in the generator, not bad luck.
MAX_DRAWS: Final = 10_000


def _between(state: int, low: int, high: int) -> tuple[int, int]:
    state, offset = rng.below(state, high - low + 1)
    return state, low + offset


def _patches(state: int, terrain: list[Terrain], kind: Terrain, counts: tuple[int, int]) -> int:
    """Grow patches of ``kind`` square by square from random seeds (overlaps merge)."""
    state, patches = _between(state, *counts)
    for _ in range(patches):
        state, square = rng.below(state, SQUARES)
        patch = [square]
        state, size = _between(state, *PATCH_SIZE)
        while len(patch) < size:
            state, pick = rng.below(state, len(patch))
            state, facing = rng.below(state, 4)
            neighbour = STEP[patch[pick]][facing]
            if neighbour >= 0 and neighbour not in patch:
                patch.append(neighbour)
        for square in patch:
            terrain[square] = kind
    return state


def _draw(state: int) -> tuple[int, Layout | None]:
    terrain = [Terrain.SAVANNA] * SQUARES
    state = _patches(state, terrain, Terrain.BUSH, BUSH_PATCHES)
    state = _patches(state, terrain, Terrain.WATER, WATER_PATCHES)
    near_cameras = {
        square
        for square in range(SQUARES)
        if any(distance(square, corner) <= CAMERA_ROOM for corner in CAMERAS)
    }
    for square in CAMERAS:
        terrain[square] = Terrain.SAVANNA
    animals: list[tuple[int, int]] = []
    taken: set[int] = set()
    for animal in Animal:
        places = [
            square
            for square in range(SQUARES)
            if FREE_TERRAIN[animal][terrain[square]]
            and square not in taken
            and square not in near_cameras
        ]
        state, pick = rng.below(state, len(places))
        state, facing = rng.below(state, 4)
        animals.append((places[pick], facing))
        taken.add(places[pick])
    layout = Layout("random", tuple(terrain), tuple(animals), CAMERAS)
    if legality_problem(layout) or playability_problems(layout):
        return state, None
    return state, layout


def random_layout(seed: int) -> Layout:
    """The playable set-up of ``seed`` (any int; it is taken modulo 2**64)."""
    state = rng.seed_state(seed)
    for _ in range(MAX_DRAWS):
        state, layout = _draw(state)
        if layout is not None:
            return Layout(
                f"Random set-up, seed {seed}",
                layout.terrain,
                layout.animals,
                layout.cameras,
                "Drawn at random from the seed; playable by PU-playable.",
            )
    raise AssertionError(f"no playable set-up in {MAX_DRAWS} draws for seed {seed}")
