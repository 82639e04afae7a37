"""The 10 × 10 grid: squares, their names, the four facings and the lines a camera moves along.

Squares are numbered 0–99 in reading order (row by row from the top, left to right), which is
also the order in which the animals move (P-animal-order). A square is named by its column
letter a–j and its row number 1–10 counted from the top: a1 is the top-left corner.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

SIZE: Final = 10
SQUARES: Final = SIZE * SIZE
COLUMNS: Final = "abcdefghij"
OFF: Final = -1  # beyond the edge

#: The corners, top-left, top-right, bottom-left, bottom-right.
CORNERS: Final = (0, SIZE - 1, SQUARES - SIZE, SQUARES - 1)


class Facing(IntEnum):
    """Where an animal looks; clockwise, so a right turn adds one."""

    NORTH = 0  # up the screen
    EAST = 1
    SOUTH = 2
    WEST = 3


FACING_NAMES: Final = tuple(f.name.lower() for f in Facing)
FACING_ARROWS: Final = ("↑", "→", "↓", "←")


class Terrain(IntEnum):
    SAVANNA = 0
    BUSH = 1
    WATER = 2


TERRAIN_NAMES: Final = tuple(t.name.lower() for t in Terrain)

_ROW_STEP: Final = (-1, 0, 1, 0)  # by facing
_COLUMN_STEP: Final = (0, 1, 0, -1)
#: The eight ways a queen moves: the four facings, then the four diagonals.
_QUEEN_STEPS: Final = (
    *zip(_ROW_STEP, _COLUMN_STEP, strict=True),
    (-1, 1),
    (1, 1),
    (1, -1),
    (-1, -1),
)


def turned_left(facing: int) -> int:
    return (facing + 3) % 4


def turned_right(facing: int) -> int:
    return (facing + 1) % 4


def name(square: int) -> str:
    return f"{COLUMNS[square % SIZE]}{square // SIZE + 1}"


NAMES: Final = tuple(name(square) for square in range(SQUARES))
_BY_NAME: Final = {text: square for square, text in enumerate(NAMES)}


def find(text: str) -> int | None:
    """The square called ``text`` ("c5", any case, spaces around ignored), or None."""
    return _BY_NAME.get(text.strip().lower())


def _walk(square: int, row_step: int, column_step: int) -> tuple[int, ...]:
    row, column = divmod(square, SIZE)
    found: list[int] = []
    while True:
        row, column = row + row_step, column + column_step
        if not (0 <= row < SIZE and 0 <= column < SIZE):
            return tuple(found)
        found.append(row * SIZE + column)


def _step(square: int, facing: int) -> int:
    line = _walk(square, _ROW_STEP[facing], _COLUMN_STEP[facing])
    return line[0] if line else OFF


#: STEP[square][facing]: the neighbouring square that way, or OFF at the edge.
STEP: Final = tuple(tuple(_step(square, facing) for facing in Facing) for square in range(SQUARES))
#: The lines a camera moves along from each square, nearest square first: ROOK_LINES the four
#: straight ones, QUEEN_LINES those and the four diagonals.
QUEEN_LINES: Final = tuple(
    tuple(line for line in (_walk(square, dr, dc) for dr, dc in _QUEEN_STEPS) if line)
    for square in range(SQUARES)
)
ROOK_LINES: Final = tuple(
    tuple(line for line in (_walk(square, dr, dc) for dr, dc in _QUEEN_STEPS[:4]) if line)
    for square in range(SQUARES)
)


def distance(a: int, b: int) -> int:
    """Queen moves on an empty board: the larger of the row and column distances."""
    return max(abs(a // SIZE - b // SIZE), abs(a % SIZE - b % SIZE))
