"""Axial hex geometry for the 9x9 rhombus board (after Red Blob Games' "Hexagonal Grids").

Coordinates are axial ``(q, r)``; the board is ``0 <= q, r < 9``. On screen the board is drawn
with flat-topped hexes and its long diagonal horizontal: ``q`` grows towards the upper right and
``r`` towards the lower right, so the sharp tips ``(0, 0)`` and ``(8, 8)`` are the left and right
ends of the diamond. Direction names follow that picture.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

Hex = tuple[int, int]
EdgeKey = tuple[Hex, Hex]

BOARD_SIZE: Final = 9
PIECE_SIZE: Final = 3

#: The six directions, clockwise from north, as axial offsets.
DIRECTIONS: Final[tuple[Hex, ...]] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
DIRECTION_NAMES: Final[tuple[str, ...]] = ("N", "NE", "SE", "S", "SW", "NW")
DIRECTION_BY_NAME: Final[dict[str, int]] = {name: i for i, name in enumerate(DIRECTION_NAMES)}


def opposite(direction: int) -> int:
    return (direction + 3) % 6


def neighbour(cell: Hex, direction: int) -> Hex:
    dq, dr = DIRECTIONS[direction]
    return (cell[0] + dq, cell[1] + dr)


def neighbours(cell: Hex) -> list[Hex]:
    return [neighbour(cell, d) for d in range(6)]


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction from ``a`` to an adjacent ``b``, or None when they do not touch."""
    delta = (b[0] - a[0], b[1] - a[1])
    try:
        return DIRECTIONS.index(delta)
    except ValueError:
        return None


def distance(a: Hex, b: Hex) -> int:
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def on_board(cell: Hex, size: int = BOARD_SIZE) -> bool:
    return 0 <= cell[0] < size and 0 <= cell[1] < size


def board_cells(size: int = BOARD_SIZE) -> Iterator[Hex]:
    for r in range(size):
        for q in range(size):
            yield (q, r)


def cell_index(cell: Hex) -> int:
    """The cell's number in the engine's flat tables (``r * 9 + q``)."""
    return cell[1] * BOARD_SIZE + cell[0]


def cell_of(index: int) -> Hex:
    return (index % BOARD_SIZE, index // BOARD_SIZE)


def ray(start: Hex, direction: int, size: int = BOARD_SIZE) -> Iterator[Hex]:
    """The cells along a straight line from ``start`` (excluded) to the board's rim."""
    cell = neighbour(start, direction)
    while on_board(cell, size):
        yield cell
        cell = neighbour(cell, direction)


def edge_key(a: Hex, b: Hex) -> EdgeKey:
    """One key for the edge between two adjacent cells, the same from either side."""
    return (a, b) if a <= b else (b, a)


def rotate_half_turn(cell: Hex, size: int = PIECE_SIZE) -> Hex:
    """Turn a cell of a ``size`` rhombus by 180 degrees about the rhombus centre."""
    return (size - 1 - cell[0], size - 1 - cell[1])


def screen_position(cell: Hex, size: int = BOARD_SIZE) -> tuple[int, int]:
    """Column and half-row of a cell in the flat-top picture (column 0..16, row 0..16)."""
    q, r = cell
    return (q + r, r - q + size - 1)
