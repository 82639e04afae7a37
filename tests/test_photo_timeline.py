"""Photo Safari's timeline and replay: every camera move and animal step as it was, playing on
from a moment (the line left kept as a save), ``bigfive replay`` of a Photo Safari save, and the
end screen's photos over the rounds."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path
from typing import Any

import pytest
from test_app_support import SIZE, showing, wait_until

from bigfive_tui.app.files import saves
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.photo_safari.board import PhotoBoard
from bigfive_tui.app.photo_safari.end import LEVELS, PhotoEndScreen, photos_over_the_rounds
from bigfive_tui.app.photo_safari.game import PhotoGameScreen
from bigfive_tui.app.photo_safari.timeline import PhotoTimelineScreen, moments
from bigfive_tui.app.screens.dialogs import SaveDialog
from bigfive_tui.app.setups.games import PHOTO_SAFARI
from bigfive_tui.app.setups.photo_safari import PhotoSetup
from bigfive_tui.photo_safari.engine.grid import NAMES, find
from bigfive_tui.photo_safari.engine.rules import apply
from bigfive_tui.photo_safari.engine.session import PhotoSession
from bigfive_tui.photo_safari.engine.state import Game
from bigfive_tui.photo_safari.players import planner
from bigfive_tui.photo_safari.setups import chosen_layout


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def played(
    moves: int = 1000, seed: int = 2, computers: frozenset[int] = frozenset({1})
) -> PhotoSession:
    """The typical set-up played by the planner on both sides, with its reasons logged for the
    computer's seats, for ``moves`` moves or to the end."""
    session = PhotoSession(Game(chosen_layout("typical", 0)), computers)
    rng = random.Random(seed)
    while not session.state.over and len(session.moves) < moves:
        decision = planner.decide(session.state, session.legal_actions(), rng)
        reason = decision.text if session.state.seat in computers else ""
        session.play(decision.square, reason)
    return session


def photo_app(session: PhotoSession | None = None, **options: Any) -> BigFiveApp:
    settings: dict[str, Any] = {
        "seed": 42,
        "theme": "savanna",
        "computer_delay": 30.0,
        "cursor_blink": False,
        "game": PHOTO_SAFARI,
    }
    settings.update(options)
    app = BigFiveApp(session=session, **settings)
    app.animation_level = "none"
    return app


# --------------------------------------------------------------------------- the moments


def test_every_step_of_the_log_has_the_game_as_it_was_right_after_it() -> None:
    session = played()
    timeline = moments(session)
    assert len(timeline.states) == len(session.log)
    for number, mark in enumerate(session.log_marks):  # a move's last step: the state after it
        end = session.log_marks[number + 1] - 1 if number + 1 < len(session.moves) else -1
        assert timeline.states[end] == session.states[number + 1]
        assert timeline.states[mark - 1] == session.states[number]  # and before its first
    walked = 0
    for step, state in zip(session.log, timeline.states, strict=True):
        if step.kind == "animal" and " to " in step.text:  # "... walks north to c4."
            square = find(re.findall(r" to ([a-j]\d+)\.$", step.text)[0])
            assert state.square[step.animal] == square
            walked += 1
        elif step.kind == "move":
            seat = 0 if step.text.startswith("Red") else 1
            target = re.findall(r"(?:to|on) ([a-j]\d+)\.", step.text)[-1]
            assert NAMES[state.camera[seat]] == target
    assert walked > 50


def test_PU_going_back_inside_a_move_goes_back_before_it_its_last_step_keeps_it() -> None:
    session = played(6)
    timeline = moments(session)
    for number, mark in enumerate(session.log_marks):
        first = mark + (session.log[mark].kind == "reason")
        assert timeline.moves_made[first] == number + 1
        if session.log[mark].kind == "reason":
            assert timeline.keep[mark] == number  # before the move: choose it again
        nxt = session.log_marks[number + 1] if number + 1 < len(session.moves) else None
        last = (nxt if nxt is not None else len(session.log)) - 1
        assert timeline.keep[last] == number + 1
        if last > first:
            assert timeline.keep[first] == number  # inside a move: back before it


# --------------------------------------------------------------------------- the session


def test_truncate_plays_on_after_the_moves_kept_and_undo_keeps_the_states() -> None:
    session = played(8)
    states, log = list(session.states), list(session.log)
    session.truncate(5)
    assert session.state == states[5] and len(session.moves) == 5
    assert session.log == log[: len(session.log)] and session.states == states[:6]
    assert not session.can_undo()
    session.play(session.legal_actions()[0])
    assert len(session.states) == 7 and session.states[-1] is session.state


def test_rounds_are_each_cameras_photos_at_the_end_of_every_round() -> None:
    session = played()
    counts = session.rounds()
    assert len(counts) == session.state.round
    replayed = PhotoSession(session.game)
    state = replayed.state
    expected = []
    for square in session.moves:
        before = state
        state, _ = apply(state, square)
        if before.seat == 1 or state.over:
            expected.append((state.photos[0].bit_count(), state.photos[1].bit_count()))
    assert counts == expected


def test_the_end_screens_photos_over_the_rounds_draw_one_column_a_round() -> None:
    session = played()
    text = str(photos_over_the_rounds(session)).splitlines()
    counts = session.rounds()
    red = text[1].split()
    assert red[-1] == str(counts[-1][0])
    bars = text[1][18:].split(" ")[0]
    assert len(bars) == len(counts)
    assert all(
        LEVELS.index(bar) >= LEVELS.index(earlier) for earlier, bar in itertools.pairwise(bars)
    )
    if counts[-1][0] == 10:
        assert bars[-1] == LEVELS[-1]


# --------------------------------------------------------------------------- in the app


async def test_replay_of_a_photo_save_opens_its_timeline_and_esc_quits() -> None:
    """``bigfive replay`` of a Photo Safari save: the timeline from the set-up (not a blank
    screen), every move and animal step on it."""
    session = played()
    loaded = saves.read_save(saves.save_named("to-replay", session, frozenset({1})))
    assert isinstance(loaded.session, PhotoSession)
    app = photo_app(loaded.session, replay=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: showing(app, PhotoTimelineScreen))
        screen = app.screen
        assert isinstance(screen, PhotoTimelineScreen)
        board = screen.query_one(PhotoBoard)
        assert screen.moment == 0 and board.compact
        assert board.state == loaded.session.states[0]
        await pilot.press("down")  # the first camera move
        assert screen.session.log[screen.moment].kind == "move"
        assert board.state == loaded.session.states[1]
        await pilot.press("right")
        await pilot.press("right_square_bracket")  # the next round: Red's second move
        assert screen.session.log[screen.moment].text.startswith("Red (move 2)")
        await pilot.press("end")
        assert board.state == loaded.session.state
        assert "Replay:" in str(screen.query_one("#timeline-title").render())
        assert not saves.autosave_path().exists()  # a replay is only looked at
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code == 0


@pytest.mark.parametrize("size", [(80, 24), (120, 36), (200, 50)])
async def test_the_timeline_opens_from_the_game_with_t_and_esc_goes_back(
    size: tuple[int, int],
) -> None:
    session = played(7)
    app = photo_app(session)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("T")
        await wait_until(pilot, lambda: showing(app, PhotoTimelineScreen))
        screen = app.screen
        assert isinstance(screen, PhotoTimelineScreen)
        assert screen.moment == len(session.log) - 1  # opens on the game as it stands
        assert screen.drawing == ("compact" if size == (80, 24) else "normal")
        assert screen.query_one(PhotoBoard).region.right <= size[0]
        await pilot.press("escape")
        await wait_until(pilot, lambda: showing(app, PhotoGameScreen))


async def test_PU_going_back_against_the_computer_keeps_the_line_left_and_plays_on() -> None:
    session = played(9)  # against the computer (Yellow): going back is allowed
    full = list(session.texts)
    app = photo_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("T")
        await wait_until(pilot, lambda: showing(app, PhotoTimelineScreen))
        await pilot.press("home", "down", "down", "down")  # Red's second move, first step
        screen = app.screen
        assert isinstance(screen, PhotoTimelineScreen)
        keep = screen.timeline.keep[screen.moment]
        assert keep == 2
        await pilot.press("p")
        await wait_until(pilot, lambda: showing(app, SaveDialog))
        await pilot.press("enter")
        await wait_until(pilot, lambda: showing(app, PhotoGameScreen))
        assert session.texts == full[:2] and session.state == session.states[2]
        kept = sorted(saves.saves_dir().glob("photo-safari-line-*.json"))
        assert len(kept) == 1
        assert saves.read_save(kept[0]).session.texts == full  # the whole line left


async def test_PU_going_back_is_refused_in_a_hot_seat_game_in_play() -> None:
    session = PhotoSetup((False, False), "typical").session()
    for move in ("a4", "j7", "a3", "j5"):
        session.play_text(move)
    app = photo_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("T")
        await wait_until(pilot, lambda: showing(app, PhotoTimelineScreen))
        await pilot.press("home", "down", "p")
        await pilot.pause()
        prompt = str(app.screen.query_one("#photo-prompt").render())
        assert "Going back to play on is for debug mode" in prompt
        assert session.texts == ["a4", "j7", "a3", "j5"]


async def test_the_end_screen_shows_the_rounds_and_r_opens_the_replay() -> None:
    session = played(1000, computers=frozenset({0, 1}))
    app = photo_app(session, computer_delay=0.0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: showing(app, PhotoEndScreen))
        rounds = str(app.screen.query_one("#photo-rounds").render())
        assert "Photos over the rounds" in rounds
        await pilot.press("r")
        await wait_until(pilot, lambda: showing(app, PhotoTimelineScreen))
        assert app.screen.moment == 0  # type: ignore[attr-defined]
        await pilot.press("escape")
        await wait_until(pilot, lambda: showing(app, PhotoEndScreen))
