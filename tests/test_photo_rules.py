"""Photo Safari: components, set-up, turn order, camera moves, photos and the end of the game
(docs/photo-safari.md), one test per rule and ruling."""

from __future__ import annotations

import pytest
from photo_positions import at, position, sq

from bigfive_tui.photo_safari.engine.animals import ALL_PHOTOS, ANIMAL_NAMES, Animal
from bigfive_tui.photo_safari.engine.grid import NAMES, SQUARES, Facing, Terrain
from bigfive_tui.photo_safari.engine.notation import format_move
from bigfive_tui.photo_safari.engine.rules import (
    apply,
    legal_actions,
    new_game,
    photographable,
    why_illegal,
)
from bigfive_tui.photo_safari.engine.state import (
    CAMERA,
    MOVE_LIMIT,
    SEAT_NAMES,
    Game,
    IllegalMove,
    PhotoState,
)
from bigfive_tui.photo_safari.setups import load_setup

FAR = {"red": "a10", "yellow": "j10"}


def names(squares: list[int]) -> list[str]:
    return sorted(NAMES[square] for square in squares)


def legal_names(state: PhotoState) -> list[str]:
    return sorted(format_move(state, square) for square in legal_actions(state))


def play(state: PhotoState, *moves: str) -> tuple[PhotoState, list[str]]:
    """Play moves by square name ('stay' for the camera's own square); returns the rule ids."""
    rules: list[str] = []
    for move in moves:
        square = state.camera[state.seat] if move == "stay" else sq(move)
        state, log = apply(state, square)
        rules += [step.rule for step in log]
    return state, rules


# --------------------------------------------------------------------------- components, set-up


def test_P_board_ten_by_ten_squares_of_savanna_bush_and_water() -> None:
    layout = load_setup("typical")
    assert len(layout.terrain) == SQUARES == 100
    assert set(layout.terrain) == {Terrain.SAVANNA, Terrain.BUSH, Terrain.WATER}
    assert layout.terrain.count(Terrain.SAVANNA) > 75  # mostly savanna


def test_P_animals_ten_one_of_each_with_a_facing() -> None:
    state, _ = new_game(Game(load_setup("typical")))
    assert [a.name.lower() for a in Animal] == list(ANIMAL_NAMES)
    assert len(set(state.square)) == 10
    assert all(0 <= facing < len(Facing) for facing in state.facing)


def test_P_cameras_red_and_yellow() -> None:
    state, log = new_game(Game(load_setup("typical")))
    assert SEAT_NAMES == ("Red", "Yellow")
    assert [state.occupant[square] for square in state.camera] == [CAMERA, CAMERA + 1]
    assert "Red moves first" in log[-1].text


def test_P_setup_board_from_a_set_up() -> None:
    _, log = new_game(Game(load_setup("typical")))
    assert log[0].rule == "P-setup-board" and "bush" in log[0].text and "water" in log[0].text


def test_P_setup_cameras_in_two_corners() -> None:
    state, log = new_game(Game(load_setup("typical")))
    assert names(state.camera) == ["a1", "j10"]
    assert log[1].rule == "P-setup-cameras"


def test_P_setup_animals_each_on_its_own_square_of_terrain_it_may_enter() -> None:
    layout = load_setup("typical")
    state, log = new_game(Game(layout))
    assert log[2].rule == "P-setup-animals"
    assert layout.terrain[state.square[Animal.MONKEY]] == Terrain.BUSH
    assert layout.terrain[state.square[Animal.CROCODILE]] == Terrain.WATER
    assert not set(state.square) & set(state.camera)


# --------------------------------------------------------------------------- the turn


def test_P_turn_order_red_yellow_then_the_animals_then_red() -> None:
    state = position(animals={"lion": "e5 north"}, cameras={"red": "a1", "yellow": "j10"})
    assert state.seat == 0
    state, rules = play(state, "a2")
    assert state.seat == 1 and "P-animal-forward" not in rules
    assert at(state, Animal.LION) == "e5 north"  # the animals wait for Yellow
    state, rules = play(state, "j9")
    assert rules[rules.index("P-camera-rook") + 1 :][0] == "P-animal-order"
    assert at(state, Animal.LION) == "e4 north"
    assert state.seat == 0 and state.round == 2


# --------------------------------------------------------------------------- camera moves


def test_P_camera_rook_first_move_straight_any_distance_or_stay() -> None:
    state = position(animals={"lion": "c3 north"}, bush=["a5"], cameras={"red": "a1"})
    assert legal_names(state) == sorted(["stay", "a2", "a3", "a4", *NAMES[1:10]])
    assert "b2" not in legal_names(state)  # no diagonal on the first move
    with pytest.raises(IllegalMove, match=r"diagonal.*rook"):
        apply(state, sq("b2"))


def test_P_camera_rook_counts_for_each_camera_and_PU_first_move() -> None:
    state = position(cameras={"red": "a1", "yellow": "j10"})
    state, _ = play(state, "b1")
    assert "stay" in legal_names(state) and "i9" not in legal_names(state)  # Yellow's first
    state, _ = play(state, "stay")
    assert "stay" not in legal_names(state) and "c2" in legal_names(state)  # Red's second


def test_P_camera_queen_later_moves_diagonal_and_compulsory() -> None:
    state = position(cameras={"red": "e5", "yellow": "j10"}, turn={"round": 2})
    legal = legal_names(state)
    assert {"a1", "h8", "b8", "h2", "e1", "e10", "a5", "j5"} <= set(legal)
    assert "stay" not in legal and "f7" not in legal
    with pytest.raises(IllegalMove, match="must move"):
        apply(state, sq("e5"))


@pytest.mark.parametrize("kind", ["bush", "water", "animal"])
def test_P_camera_blocked_never_onto_or_across(kind: str) -> None:
    fields: dict[str, object] = {"cameras": {"red": "a1", "yellow": "j10"}}
    if kind == "animal":
        fields["animals"] = {"zebra": "a4 east"}
    else:
        fields[kind] = ["a4"]
    state = position(**fields)
    legal = legal_names(state)
    assert "a3" in legal and "a4" not in legal and "a5" not in legal
    with pytest.raises(IllegalMove, match="never stands on"):
        apply(state, sq("a4"))
    with pytest.raises(IllegalMove, match="blocked by"):
        apply(state, sq("a7"))


def test_P_camera_blocked_on_diagonals_too() -> None:
    state = position(cameras={"red": "a1", "yellow": "j10"}, bush=["c3"], turn={"round": 2})
    assert "b2" in legal_names(state) and "d4" not in legal_names(state)


def test_PU_diagonal_passes_between_two_corners() -> None:
    state = position(cameras={"red": "a1", "yellow": "j10"}, bush=["a2", "b1"], turn={"round": 2})
    assert "b2" in legal_names(state) and "e5" in legal_names(state)


def test_P_camera_other_across_but_not_onto() -> None:
    state = position(cameras={"red": "a1", "yellow": "a4"})
    legal = legal_names(state)
    assert "a4" not in legal and "a5" in legal and "a10" in legal
    with pytest.raises(IllegalMove, match="Yellow's camera stands on a4"):
        apply(state, sq("a4"))


def test_P_camera_stuck_stays_and_it_counts_as_a_move() -> None:
    state = position(
        animals={"lion": "a2 south", "zebra": "b2 east"},
        bush=["b1"],
        cameras={"red": "a1", "yellow": "j10"},
        turn={"round": 3},
    )
    assert legal_names(state) == ["stay"]
    after, rules = play(state, "stay")
    assert rules[0] == "P-camera-stuck" and after.moves[0] == state.moves[0] + 1


def test_P_camera_stuck_a_walled_in_camera_has_only_stay_on_its_first_move_too() -> None:
    state = position(animals={"lion": "a2 south"}, bush=["b1"], cameras={"red": "a1"})
    assert legal_names(state) == ["stay"]


# --------------------------------------------------------------------------- photos


@pytest.mark.parametrize(
    ("camera", "photo"),
    [
        ("e4", True),  # in front of the lion facing north
        ("d5", True),  # at its left side
        ("f5", True),  # at its right side
        ("e6", False),  # behind it
        ("d4", False),  # diagonal
        ("f6", False),  # diagonal
        ("e3", False),  # two squares ahead
    ],
)
def test_P_photo_where_front_and_sides_never_behind_or_diagonal(camera: str, photo: bool) -> None:
    state = position(animals={"lion": "e5 north"}, cameras={"red": camera, "yellow": "j10"})
    assert bool(photographable(state, sq(camera))) is photo


def test_P_photo_own_move_at_the_end_of_the_move_several_at_once() -> None:
    state = position(
        animals={"lion": "c3 south", "zebra": "d4 west", "tiger": "c5 south"},
        cameras={"red": "f1", "yellow": "j10"},
        turn={"round": 2},
    )
    state, rules = play(state, "c4")
    assert "P-photo-own-move" in rules
    # the lion and the zebra face c4; the tiger below turns its back to it
    assert state.photos[0] == (1 << Animal.LION) | (1 << Animal.ZEBRA)
    assert state.photos[1] == 0


def test_P_photo_own_move_only_the_mover_photographs() -> None:
    state = position(
        animals={"lion": "j8 south"},
        cameras={"red": "a1", "yellow": "j9"},
        turn={"player": "red", "round": 2},
    )
    state, _ = play(state, "a2")
    assert state.photos == [0, 0]  # Yellow stands before the lion but took nothing on Red's move


def test_P_photo_after_animals_both_cameras() -> None:
    """The lion walks up to face Red; the zebra walks on beside Yellow, its side to it."""
    state = position(
        animals={"lion": "c5 north", "zebra": "g7 east"},
        cameras={"red": "c3", "yellow": "h9"},
        turn={"player": "yellow", "round": 2},
    )
    state, rules = play(state, "h8")
    assert "P-photo-own-move" not in rules  # h8 is diagonal to the zebra on g7
    assert at(state, Animal.LION) == "c4 north" and at(state, Animal.ZEBRA) == "h7 east"
    assert rules.count("P-photo-after-animals") == 2
    assert state.photos == [1 << Animal.LION, 1 << Animal.ZEBRA]


def test_P_photo_each_once_a_second_photo_counts_for_nothing_and_PU_photo_new() -> None:
    state = position(
        animals={"lion": "c3 south"},
        cameras={"red": "a4", "yellow": "j10"},
        photos={"red": ["lion"]},
        turn={"round": 2},
    )
    state, rules = play(state, "c4")
    assert state.photos[0] == 1 << Animal.LION
    assert "P-photo-own-move" not in rules  # nothing new: no log line, no flash


def test_PU_photo_start_no_photos_at_the_set_up() -> None:
    state = position(animals={"lion": "b1 west"}, cameras={"red": "a1", "yellow": "j10"})
    assert state.photos == [0, 0]
    state, _ = play(state, "stay")
    assert state.photos[0] == 1 << Animal.LION


# --------------------------------------------------------------------------- the end


def test_P_end_ten_after_both_players_moved_before_the_animals() -> None:
    nine = [name for name in ANIMAL_NAMES if name != "lion"]
    state = position(
        animals={"lion": "c3 south", "zebra": "e5 north"},
        cameras={"red": "a4", "yellow": "j10"},
        photos={"red": nine},
        turn={"round": 5},
    )
    state, rules = play(state, "c4")
    assert state.photos[0] == ALL_PHOTOS and not state.over  # Yellow still moves
    state, rules = play(state, "j9")
    assert state.outcome == "won:0" and rules[-1] == "P-end-ten"
    assert "P-animal-order" not in rules and at(state, Animal.ZEBRA) == "e5 north"
    assert legal_actions(state) == []


def test_P_end_ten_both_with_ten_is_a_draw() -> None:
    nine = [name for name in ANIMAL_NAMES if name != "lion"]
    state = position(
        animals={"lion": "c3 south"},
        cameras={"red": "a4", "yellow": "b2"},
        photos={"red": nine, "yellow": nine},
        turn={"round": 5},
    )
    state, rules = play(state, "c4", "b3")  # Red in front, Yellow at the lion's right side
    assert state.outcome == "draw" and rules[-1] == "P-end-ten"


NINE = [name for name in ANIMAL_NAMES if name != "lion"]


def test_PU_end_moment_tenth_photo_on_reds_move_yellow_still_moves_the_animals_do_not() -> None:
    state = position(
        animals={"lion": "c3 south", "zebra": "e5 north"},
        cameras={"red": "a4", "yellow": "j10"},
        photos={"red": NINE},
        turn={"round": 5},
    )
    state, rules = play(state, "c4")
    assert state.photos[0] == ALL_PHOTOS and not state.over and state.seat == 1
    assert legal_actions(state)  # Yellow has its move
    state, rules = play(state, "j9")
    assert state.outcome == "won:0" and rules[-1] == "P-end-ten"
    assert state.moves == [5, 5] and "P-animal-order" not in rules
    assert at(state, Animal.ZEBRA) == "e5 north"


def test_PU_end_moment_tenth_photo_on_yellows_move_ends_before_the_animals() -> None:
    state = position(
        animals={"lion": "c3 south", "zebra": "e5 north"},
        cameras={"red": "j10", "yellow": "a4"},
        photos={"yellow": NINE},
        turn={"player": "yellow", "round": 7},
    )
    state, log = apply(state, sq("c4"))
    rules = [step.rule for step in log]
    assert state.outcome == "won:1" and rules[-1] == "P-end-ten"
    assert log[-1].text == "Yellow has all ten animals after the players' moves: Yellow wins."
    assert state.moves == [7, 7] and "P-animal-order" not in rules
    assert at(state, Animal.ZEBRA) == "e5 north" and legal_actions(state) == []


def test_PU_end_moment_tenth_photo_through_the_animals_move_ends_at_once() -> None:
    state = position(
        animals={"lion": "c5 north"},
        cameras={"red": "c3", "yellow": "j10"},
        photos={"red": NINE},
        turn={"player": "yellow", "round": 5},
    )
    state, rules = play(state, "j9")
    assert rules[-3:] == ["P-animal-forward", "P-photo-after-animals", "P-end-ten"]
    assert state.photos[0] == ALL_PHOTOS  # the lion walked up to Red's camera
    assert state.outcome == "won:0" and state.moves == [5, 5]  # no sixth move for either
    assert legal_actions(state) == [] and state.round == 5


def test_PU_end_moment_both_complete_through_the_animals_move_is_a_draw() -> None:
    state = position(
        animals={"lion": "c5 north"},
        cameras={"red": "c3", "yellow": "b6"},
        photos={"red": NINE, "yellow": NINE},
        turn={"player": "yellow", "round": 9},
    )
    state, log = apply(state, sq("b4"))  # diagonal to the lion: no photo on the move
    rules = [step.rule for step in log]
    assert "P-photo-own-move" not in rules
    assert state.photos == [ALL_PHOTOS, ALL_PHOTOS]  # Red in front, Yellow at its left side
    assert state.outcome == "draw" and rules[-1] == "P-end-ten"
    assert log[-1].text == "Both cameras have all ten animals through the animals' move: a draw."


def test_PU_end_moment_one_complete_through_the_animals_wins_though_the_other_would_next() -> None:
    """The other camera stands where its next move would photograph the lion: too late."""
    state = position(
        animals={"lion": "c5 north"},
        cameras={"red": "c3", "yellow": "e4"},
        photos={"red": NINE, "yellow": NINE},
        turn={"player": "yellow", "round": 9},
    )
    state, _ = play(state, "f4")
    assert state.outcome == "won:0" and state.photos[1] != ALL_PHOTOS


def test_PU_end_moment_the_fortieth_round_ten_photos_win_before_the_count() -> None:
    state = position(
        animals={"lion": "c3 south"},
        cameras={"red": "a4", "yellow": "j10"},
        photos={"red": NINE, "yellow": ["zebra"]},
        turn={"round": MOVE_LIMIT},
    )
    state, rules = play(state, "c4")
    assert not state.over  # Yellow still makes its 40th move
    state, rules = play(state, "j9")
    assert state.outcome == "won:0" and rules[-1] == "P-end-ten" and "P-end-forty" not in rules
    assert state.moves == [MOVE_LIMIT, MOVE_LIMIT]


def test_PU_end_moment_the_thirty_ninth_rounds_animals_can_end_the_game() -> None:
    state = position(
        animals={"lion": "c5 north"},
        cameras={"red": "c3", "yellow": "j10"},
        photos={"red": NINE},
        turn={"player": "yellow", "round": MOVE_LIMIT - 1},
    )
    state, rules = play(state, "j9")
    assert state.outcome == "won:0" and rules[-1] == "P-end-ten"
    assert state.moves == [MOVE_LIMIT - 1, MOVE_LIMIT - 1]


def test_P_end_forty_most_photos_wins_and_the_animals_stay() -> None:
    state = position(
        animals={"lion": "e5 north"},
        cameras={"red": "a1", "yellow": "j10"},
        photos={"red": ["zebra", "tiger"], "yellow": ["zebra"]},
        turn={"round": MOVE_LIMIT},
    )
    state, _ = play(state, "a2")
    state, log = apply(state, sq("j9"))
    assert state.outcome == "won:0" and log[-1].rule == "P-end-forty"
    assert "Red wins, 2 photos to 1" in log[-1].text
    assert at(state, Animal.LION) == "e5 north"  # no animal move after the 40th


def test_P_end_forty_equal_photos_is_a_draw() -> None:
    state = position(
        cameras={"red": "a1", "yellow": "j10"},
        photos={"red": ["zebra"], "yellow": ["lion"]},
        turn={"round": MOVE_LIMIT},
    )
    state, rules = play(state, "a2", "j9")
    assert state.outcome == "draw" and rules[-1] == "P-end-forty"


def test_PU_end_forty_count_different_animals_and_stays_are_moves() -> None:
    state = position(
        animals={"lion": "a2 south", "zebra": "b2 east"},
        bush=["b1"],
        cameras={"red": "a1", "yellow": "j10"},
        photos={"yellow": ["lion"]},
        turn={"round": MOVE_LIMIT},
    )
    state, rules = play(state, "stay", "j9")  # Red is walled in: its stay is its 40th move
    assert rules[0] == "P-camera-stuck" and state.outcome == "won:1"


def test_why_illegal_says_a_finished_game_is_over() -> None:
    state = position(cameras={"red": "a1", "yellow": "j10"}, turn={"round": MOVE_LIMIT})
    state, _ = play(state, "a2", "j9")
    assert why_illegal(state, 5) == "The game is over."


def test_camera_refusals_are_in_words_without_rule_ids() -> None:
    """A rule id (P-camera-rook) means something in debug mode, not to a player."""
    staying = position(cameras={"red": "e5", "yellow": "j10"}, turn={"round": 2})
    first = position(cameras={"red": "a1", "yellow": "j10"})
    for reason in (why_illegal(staying, sq("e5")), why_illegal(first, sq("b2"))):
        assert reason and "P-" not in reason, reason
    assert why_illegal(first, sq("b2")).endswith("the first move goes straight only, like a rook.")
