"""How an animal moves: the decision table of P-animal-move, once.

An animal looks at the square ahead, then (if that is blocked) at the squares to its left and
right, then behind it. A square is blocked by the edge, by another animal, by a camera, or by
terrain the animal does not treat as free (P-animal-water, P-animal-bush).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final, NamedTuple

from bigfive_tui.photo_safari.engine.grid import OFF, STEP, Terrain
from bigfive_tui.photo_safari.engine.state import CAMERA, EMPTY, PhotoState


class Blocker(IntEnum):
    """What stands on a square an animal looks at."""

    FREE = 0
    BUSH = 1
    WATER = 2
    ANIMAL = 3
    CAMERA = 4
    EDGE = 5


class Rule(IntEnum):
    """The rows of the decision table, in the order the rules book lists them."""

    FORWARD = 0
    BUSH_LEFT = 1
    OTHER_RIGHT = 2
    FREE_SIDE = 3
    TURN_ROUND = 4
    STUCK = 5


RULE_IDS: Final = (
    "P-animal-forward",
    "P-animal-bush-left",
    "P-animal-other-right",
    "P-animal-free-side",
    "P-animal-turn-round",
    "P-animal-stuck",
)

_FREE, _BUSH, _WATER, _ANIMAL, _CAMERA, _EDGE = Blocker
_BUSH_TERRAIN = int(Terrain.BUSH)


class Decision(NamedTuple):
    """Where an animal goes: the table's row, its new facing and its square afterwards (its
    own square when it stays), and what it saw ahead, left, right and behind (FREE past the
    first free way)."""

    rule: Rule
    facing: int
    square: int
    ahead: Blocker
    left: Blocker
    right: Blocker
    behind: Blocker


def blocker(state: PhotoState, animal: int, square: int) -> Blocker:
    """What keeps ``animal`` from stepping onto ``square`` (FREE if nothing does)."""
    if square == OFF:
        return _EDGE
    occupant = state.occupant[square]
    if occupant != EMPTY:
        return _CAMERA if occupant >= CAMERA else _ANIMAL
    if state.game.free[animal][square]:
        return _FREE
    return _BUSH if state.game.layout.terrain[square] == _BUSH_TERRAIN else _WATER


def decide(state: PhotoState, animal: int) -> Decision:
    """The animal's next step from the state as it stands (P-animal-move)."""
    here = state.square[animal]
    facing = state.facing[animal]
    steps = STEP[here]
    ahead = blocker(state, animal, steps[facing])
    if ahead == _FREE:
        return Decision(Rule.FORWARD, facing, steps[facing], _FREE, _FREE, _FREE, _FREE)
    left_facing, right_facing = (facing + 3) % 4, (facing + 1) % 4
    left = blocker(state, animal, steps[left_facing])
    right = blocker(state, animal, steps[right_facing])
    if left == _FREE and right == _FREE:
        if ahead == _BUSH:
            return Decision(
                Rule.BUSH_LEFT, left_facing, steps[left_facing], ahead, _FREE, _FREE, _FREE
            )
        return Decision(
            Rule.OTHER_RIGHT, right_facing, steps[right_facing], ahead, _FREE, _FREE, _FREE
        )
    if left == _FREE:
        return Decision(Rule.FREE_SIDE, left_facing, steps[left_facing], ahead, left, right, _FREE)
    if right == _FREE:
        return Decision(
            Rule.FREE_SIDE, right_facing, steps[right_facing], ahead, left, right, _FREE
        )
    back_facing = (facing + 2) % 4
    behind = blocker(state, animal, steps[back_facing])
    if behind == _FREE:
        return Decision(Rule.TURN_ROUND, back_facing, steps[back_facing], ahead, left, right, _FREE)
    return Decision(Rule.STUCK, back_facing, here, ahead, left, right, behind)


def move_animal(state: PhotoState, animal: int) -> Decision:
    """Decide and carry out the animal's step; returns the decision."""
    decision = decide(state, animal)
    state.facing[animal] = decision.facing
    here = state.square[animal]
    if decision.square != here:
        occupant = state.occupant
        occupant[here] = EMPTY
        occupant[decision.square] = animal
        state.square[animal] = decision.square
    return decision


def moving_order(state: PhotoState) -> list[int]:
    """The animals on the board in reading order of their squares (P-animal-order)."""
    square = state.square
    return sorted((a for a in range(len(square)) if square[a] != OFF), key=square.__getitem__)
