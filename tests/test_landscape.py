"""The landscape rules: driving and seeing over savanna, hills, bushes, rivers, forests,
watering holes and mountains (R-land-*, R-move*, R-kate-*, RU-clear-view, RU-kate-lines)."""

from __future__ import annotations

from boards import open_board

from bigfive_tui.assets import seeded_board
from bigfive_tui.engine.board import CELL_COUNT
from bigfive_tui.engine.hexgrid import cell_index
from bigfive_tui.engine.movement import BLOCKED, step_cost
from bigfive_tui.engine.sight import clear_view, clear_view_between

# Centre piece (slot 4, offset q+3, r+3):    q=0  q=1  q=2
#                                     r=0:   s1   h2   fa
#                                     r=1:   s3   wb   s4
#                                     r=2:   sc   s5   s6
CENTRE = {
    "spaces": ["s1 h2 fa", "s3 wb s4", "sc s5 s6"],
    "bushes": ["5-6", "1-3"],
    "rivers": ["4-6"],
}
# Piece at slot 1 (offset q+3, r+0): a hill in the middle, a mountain on the blunt corner.
PEAK = {"spaces": ["s1 s2 ma", "s3 hb s4", "sc s5 s6"], "bushes": ["b-4"]}
BOARD = open_board({4: CENTRE, 1: PEAK})
N, NE, SE, S, SW, NW = range(6)


def centre(q: int, r: int) -> int:
    return cell_index((3 + q, 3 + r))


def peak(q: int, r: int) -> int:
    return cell_index((3 + q, r))


def test_R_move_to_an_adjacent_savanna_costs_one_action() -> None:
    assert step_cost(BOARD, centre(0, 1), SE) == 1  # s3 -> sc


def test_R_move_hill_driving_up_a_hill_costs_two_actions() -> None:
    assert BOARD.names[centre(1, 0)].endswith("2")
    assert step_cost(BOARD, centre(0, 0), NE) == 2  # s1 -> h2


def test_R_sam_hill_sam_drives_up_hills_for_one_action() -> None:
    assert step_cost(BOARD, centre(0, 0), NE, hills_free=True) == 1


def test_R_land_bush_blocks_driving() -> None:
    assert step_cost(BOARD, centre(1, 2), NE) == BLOCKED  # s5 -> s6 through a bush


def test_R_david_bushes_david_drives_through_bushes() -> None:
    assert step_cost(BOARD, centre(1, 2), NE, through_bushes=True) == 1


def test_R_land_forest_blocks_driving_even_for_david() -> None:
    assert step_cost(BOARD, centre(1, 0), NE, through_bushes=True) == BLOCKED  # h2 -> fa


def test_R_land_watering_hole_cannot_be_entered() -> None:
    assert step_cost(BOARD, centre(0, 1), NE) == BLOCKED  # s3 -> wb


def test_R_land_mountain_cannot_be_entered() -> None:
    assert step_cost(BOARD, peak(1, 0), NE, through_bushes=True) == BLOCKED  # s2 -> ma


def test_R_land_river_costs_nothing_extra_to_cross() -> None:
    assert step_cost(BOARD, centre(2, 1), SE) == 1  # s4 -> s6 over the river


def test_RU_rain_closed_rivers_cannot_be_crossed() -> None:
    assert step_cost(BOARD, centre(2, 1), SE, rivers_closed=True) == BLOCKED


def test_R_land_clear_view_same_space_and_open_neighbours() -> None:
    assert clear_view(BOARD, centre(0, 1), centre(0, 1))
    assert clear_view(BOARD, centre(0, 1), centre(0, 2))
    assert not clear_view(BOARD, centre(0, 1), centre(2, 2))  # not adjacent


def test_R_land_bush_blocks_the_view_from_the_ground() -> None:
    assert not clear_view(BOARD, centre(1, 2), centre(2, 2))
    assert not clear_view(BOARD, centre(2, 2), centre(1, 2))


def test_R_land_hill_sees_over_bushes() -> None:
    hill, behind_bush = peak(1, 1), peak(2, 1)
    assert clear_view(BOARD, hill, behind_bush)
    assert not clear_view(BOARD, behind_bush, hill)


def test_RU_clear_view_two_vehicles_see_each_other_only_if_each_sees_the_other() -> None:
    assert clear_view_between(BOARD, centre(0, 1), centre(0, 2))  # open ground
    hill, behind_bush = peak(1, 1), peak(2, 1)
    assert not clear_view_between(BOARD, behind_bush, hill)  # only the hill sees over the bush
    assert not clear_view_between(BOARD, hill, behind_bush)
    assert not clear_view_between(BOARD, centre(1, 2), centre(2, 2))
    two_hills = open_board({1: {**PEAK, "spaces": ["s1 s2 ma", "s3 hb h4", "sc s5 s6"]}})
    assert clear_view_between(two_hills, peak(1, 1), peak(2, 1))  # both see over the bush


def test_R_land_river_view_across_is_clear() -> None:
    assert clear_view(BOARD, centre(2, 1), centre(2, 2))


def test_R_land_watering_hole_view_across_is_clear() -> None:
    assert centre(2, 1) in BOARD.long_view[centre(0, 1)]  # s3 over wb to s4


def test_R_land_watering_hole_ringed_by_bushes_blocks_view() -> None:
    ringed = open_board(
        {4: {"spaces": ["s1 s2 s3", "s4 wa s5", "s6 sb sc"], "bushes": ["a-4", "a-5"]}}
    )
    assert centre(2, 1) not in ringed.long_view[centre(0, 1)]


def test_R_land_forest_stops_kate_on_the_ground() -> None:
    board = open_board({4: {"spaces": ["s1 s2 s3", "s4 fa s5", "s6 sb sc"]}})
    assert centre(2, 1) not in board.long_view[centre(0, 1)]


def test_R_kate_hill_from_a_hill_kate_sees_over_forest_and_bushes() -> None:
    board = open_board(
        {4: {"spaces": ["s1 s2 s3", "h4 fa s5", "s6 sb sc"], "bushes": ["4-a", "a-5"]}}
    )
    assert centre(2, 1) in board.long_view[centre(0, 1)]


def test_R_land_mountain_is_never_in_clear_view_even_from_a_hill_next_to_it() -> None:
    beside_the_mountain, mountain = peak(1, 0), peak(2, 0)  # s2 and ma, no bush between
    assert not clear_view(BOARD, beside_the_mountain, mountain)
    hill = open_board({4: {"spaces": ["s1 h2 ma", "s3 sb s4", "sc s5 s6"]}})
    assert not clear_view(hill, centre(1, 0), centre(2, 0))


def test_R_land_mountain_blocks_sight_even_from_a_hill() -> None:
    board = open_board({4: {"spaces": ["s1 s2 s3", "h4 ma s5", "s6 sb sc"]}})
    assert centre(2, 1) not in board.long_view[centre(0, 1)]


def test_R_kate_spot_long_sight_runs_along_six_straight_lines_to_the_rim() -> None:
    middle = cell_index((4, 4))
    assert len(BOARD.long_view[cell_index((4, 0))]) > 0
    open_view = open_board().long_view[middle]
    assert len(open_view) == 4 * 6  # four cells to the rim in every direction


def test_R_kate_spot_worked_out_per_space_matches_the_whole_table() -> None:
    # The engine works Kate's sight out only for the spaces she stands on; it must be the
    # same cells in the same order as the table of the whole board (the order of the spot
    # actions decides replays).
    for board in [BOARD, *(seeded_board(seed) for seed in range(40))]:
        for cell in range(CELL_COUNT):
            assert board.spotter_view_at(cell) == board.spotter_view[cell]


def test_kates_lines_and_seen_from_tables_are_made_once_and_leave_boards_equal() -> None:
    # Worked out when first asked for and kept: the computer players look them up on every
    # decision. A board that has made them still equals a fresh one of the same layout
    # (replays compare whole states).
    board = seeded_board(7)
    assert board.long_view is board.long_view
    assert board.spotter_view is board.spotter_view
    assert board.seen_from is board.seen_from
    assert board.spotted_from is board.spotted_from
    assert board.spotter_view_at(40) is board.spotter_view_at(40)
    assert board == seeded_board(7) and board != seeded_board(8)
