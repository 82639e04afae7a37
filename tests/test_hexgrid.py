"""Hex geometry on axial coordinates (Red Blob Games formulas)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bigfive_tui.engine.hexgrid import (
    DIRECTIONS,
    board_cells,
    direction_between,
    distance,
    edge_key,
    neighbour,
    neighbours,
    on_board,
    opposite,
    ray,
    rotate_half_turn,
    screen_position,
)

cells = st.tuples(st.integers(-20, 20), st.integers(-20, 20))


def test_six_neighbours_at_distance_one() -> None:
    assert len(set(neighbours((4, 4)))) == 6
    assert all(distance((4, 4), n) == 1 for n in neighbours((4, 4)))


@given(cells, st.integers(0, 5))
def test_opposite_direction_leads_back(cell: tuple[int, int], direction: int) -> None:
    assert neighbour(neighbour(cell, direction), opposite(direction)) == cell
    assert direction_between(cell, neighbour(cell, direction)) == direction


@given(cells, cells)
def test_distance_is_a_metric(a: tuple[int, int], b: tuple[int, int]) -> None:
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)


@given(cells, cells)
def test_edge_key_is_the_same_from_either_side(a: tuple[int, int], b: tuple[int, int]) -> None:
    assert edge_key(a, b) == edge_key(b, a)


def test_ray_runs_straight_to_the_rim() -> None:
    line = list(ray((0, 0), 1))
    assert line == [(q, 0) for q in range(1, 9)]
    assert all(distance((0, 0), cell) == i + 1 for i, cell in enumerate(line))
    assert list(ray((0, 0), 4)) == []


def test_board_is_a_nine_by_nine_rhombus() -> None:
    board = list(board_cells())
    assert len(board) == 81 and all(on_board(c) for c in board)
    assert not on_board((9, 0)) and not on_board((-1, 3))


def test_half_turn_swaps_sharp_corners() -> None:
    assert rotate_half_turn((0, 0)) == (2, 2)
    assert rotate_half_turn(rotate_half_turn((1, 2))) == (1, 2)


def test_sharp_tips_are_the_left_and_right_ends_of_the_diamond() -> None:
    columns = {screen_position(c)[0] for c in board_cells()}
    assert screen_position((0, 0)) == (0, 8)
    assert screen_position((8, 8)) == (16, 8)
    assert min(columns) == 0 and max(columns) == 16


def test_directions_are_clockwise_unit_steps() -> None:
    assert len(set(DIRECTIONS)) == 6
    assert all(distance((0, 0), d) == 1 for d in DIRECTIONS)
