"""How far a camera is from a square, and where it photographs a given animal: the facts both
computer players plan with.

Distances count camera moves (queen moves) over the terrain alone: animals move every round and
the other camera rarely stands in the way, so they are left out. A set-up's table is worked out
once (100 breadth-first searches, a few milliseconds) and kept for the rest of the game.
"""

from __future__ import annotations

from functools import lru_cache

from bigfive_tui.photo_safari.engine.grid import OFF, QUEEN_LINES, SQUARES, STEP, Terrain
from bigfive_tui.photo_safari.engine.rules import apply_in_place
from bigfive_tui.photo_safari.engine.state import CAMERA, EMPTY, Layout, PhotoState

FAR = 99  # no way there


@lru_cache(maxsize=16)
def distances(layout: Layout) -> tuple[tuple[int, ...], ...]:
    """distances(layout)[a][b]: the fewest camera moves from square a to square b."""
    terrain = layout.terrain
    open_square = [terrain[square] == Terrain.SAVANNA for square in range(SQUARES)]
    steps: list[list[int]] = []
    for square in range(SQUARES):
        reachable: list[int] = []
        for line in QUEEN_LINES[square]:
            for target in line:
                if not open_square[target]:
                    break
                reachable.append(target)
        steps.append(reachable)
    table = []
    for start in range(SQUARES):
        found = [FAR] * SQUARES
        found[start] = 0
        frontier = [start]
        depth = 0
        while frontier:
            depth += 1
            following = []
            for square in frontier:
                for target in steps[square]:
                    if found[target] == FAR:
                        found[target] = depth
                        following.append(target)
            frontier = following
        table.append(tuple(found))
    return tuple(table)


def photo_squares(state: PhotoState, animal: int) -> list[int]:
    """The free savanna squares from which a camera photographs ``animal`` now: in front of it
    and at its two sides (P-photo-where)."""
    here = state.square[animal]
    if here == OFF:
        return []
    facing = state.facing[animal]
    steps = STEP[here]
    terrain = state.game.layout.terrain
    occupant = state.occupant
    found = []
    for way in (facing, (facing + 1) % 4, (facing + 3) % 4):
        square = steps[way]
        if square >= 0 and terrain[square] == Terrain.SAVANNA:
            held = occupant[square]
            if held == EMPTY or held >= CAMERA:
                found.append(square)
    return found


def play_round(state: PhotoState, square: int) -> PhotoState:
    """A copy after this camera's move and the rest of the round, the other camera standing
    still, up to this camera's next move (or the end): how the computer player foresees a
    move, the animals' steps included."""
    new = state.copy()
    me = new.seat
    apply_in_place(new, square)
    while not new.over and new.seat != me:
        apply_in_place(new, new.camera[new.seat])  # the other camera stands still
    return new
