"""Photo Safari records, replays, the move notation and undo (PU-undo)."""

from __future__ import annotations

import json
import random

import pytest

from bigfive_tui.photo_safari.engine.notation import NotationError, format_move, parse_move
from bigfive_tui.photo_safari.engine.random_setup import random_layout
from bigfive_tui.photo_safari.engine.session import PhotoSession
from bigfive_tui.photo_safari.engine.state import Game, IllegalMove
from bigfive_tui.photo_safari.formats.replay import load_record, record_of
from bigfive_tui.photo_safari.setups import load_setup
from bigfive_tui.shared.problems import RecordError


def played(seed: int, moves: int = 30, computer: frozenset[int] = frozenset()) -> PhotoSession:
    session = PhotoSession(Game(random_layout(seed), seed), computer)
    chooser = random.Random(seed)
    while not session.state.over and len(session.moves) < moves:
        session.play(chooser.choice(session.legal_actions()))
    return session


def test_a_record_replays_to_the_identical_state_and_log() -> None:
    session = played(5, 200)
    assert session.state.over
    data = json.loads(record_of(session).model_dump_json())
    again = load_record(data)
    assert again.state == session.state and again.log == session.log
    assert data["format"] == "photo-safari-record" and data["seed"] == 5


def test_a_record_keeps_the_whole_set_up_so_it_replays_without_the_shipped_file() -> None:
    session = PhotoSession(Game(load_setup("typical")))
    session.play_text("a4")
    data = json.loads(record_of(session).model_dump_json())
    assert data["setup"]["name"] == "Typical" and len(data["setup"]["terrain"]) == 10
    assert load_record(data).state == session.state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["moves"].__setitem__(1, "k12"), r"moves\[1\] 'k12': 'k12' is not a move"),
        (lambda d: d["moves"].__setitem__(3, "stay"), r"moves\[3\] 'stay': Yellow must move"),
        (lambda d: d["moves"].append("a2"), r"moves\[\d+\] 'a2': the game was already over"),
        (lambda d: d["setup"]["animals"].pop("lion"), "animals: lion missing"),
        (lambda d: d.__setitem__("format", "bigfive-record"), "format: Input should be"),
        (lambda d: d.__setitem__("seed", -1), "seed: Input should be greater than"),
    ],
)
def test_a_broken_record_is_refused_with_the_place_named(change: object, message: str) -> None:
    session = played(7, 200)
    data = json.loads(record_of(session).model_dump_json())
    assert callable(change)
    change(data)
    with pytest.raises(RecordError, match=f"save.json: .*{message}"):
        load_record(data, "save.json")


def test_the_notation_writes_squares_and_stay() -> None:
    session = PhotoSession(Game(load_setup("typical")))
    state = session.state
    assert format_move(state, state.camera[0]) == "stay" and parse_move(state, "STAY") == 0
    assert parse_move(state, "a4") == 30 and format_move(state, 30) == "a4"
    with pytest.raises(NotationError, match="write a square a1 to j10"):
        parse_move(state, "north")


def test_an_illegal_move_changes_nothing() -> None:
    session = PhotoSession(Game(load_setup("typical")))
    before = session.state
    with pytest.raises(IllegalMove, match="diagonal"):
        session.play_text("c3")
    assert session.state is before and session.moves == [] and len(session.log) == 4


# --------------------------------------------------------------------------- PU-undo


def test_PU_undo_takes_back_your_move_until_the_other_player_moves() -> None:
    session = PhotoSession(Game(load_setup("typical")))
    assert not session.can_undo()
    start = session.state
    session.play_text("a4")
    assert session.can_undo()
    assert session.undo() == ["a4"]
    assert session.state == start and session.moves == [] and len(session.log) == 4
    assert not session.can_undo()  # one move back, no further
    session.play_text("a4")
    session.play_text("j7")  # Yellow answers: Red's move is played now
    assert session.can_undo()
    assert session.undo() == ["j7"]  # only Yellow's own move comes back
    assert session.state.seat == 1 and session.texts == ["a4"]
    with pytest.raises(IllegalMove, match="Nothing to undo"):
        session.undo()


def test_PU_undo_against_the_computer_takes_back_its_reply_too() -> None:
    session = PhotoSession(Game(load_setup("typical")), computer_seats={1})
    session.play_text("a4")
    session.play_text("j7")  # the computer's reply (and the animals' moves)
    before_animals = session.log[:]
    session.play_text("a5")
    assert session.undo() == ["a5"]
    assert session.log == before_animals
    session.play_text("a5")
    session.play_text("j6")
    assert session.undo() == ["a5", "j6"]
    assert session.texts == ["a4", "j7"] and session.state.seat == 0


def test_PU_undo_a_computer_that_starts_leaves_nothing_to_take_back() -> None:
    session = PhotoSession(Game(load_setup("typical")), computer_seats={0})
    session.play_text("a4")
    assert not session.can_undo()


def test_PU_undo_never_out_of_a_finished_game() -> None:
    session = played(9, 200)
    assert session.state.over and not session.can_undo()
