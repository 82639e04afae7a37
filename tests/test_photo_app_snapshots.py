"""Snapshots of Photo Safari's screens (pytest-textual-snapshot) at 120 x 36, fixed set-up and
seed, theme "savanna", no blinking cursor, no animations. Update with
``pytest tests/test_photo_app_snapshots.py --snapshot-update`` and look at what changed."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from photo_positions import position
from test_app_support import SIZE

from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.setups.games import PHOTO_SAFARI
from bigfive_tui.app.setups.photo_safari import PhotoSetup
from bigfive_tui.photo_safari.engine.animals import ANIMAL_NAMES
from bigfive_tui.photo_safari.engine.session import PhotoSession

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def app(session: PhotoSession | None = None, **options: object) -> BigFiveApp:
    made = BigFiveApp(
        session=session,
        seed=42,
        theme="savanna",
        computer_delay=0.0,
        cursor_blink=False,
        game=PHOTO_SAFARI,
        autosave=False,
        **options,  # type: ignore[arg-type]
    )
    made.animation_level = "none"
    return made


def mid_game() -> PhotoSession:
    """Hot-seat on the typical set-up after two rounds; Red to move."""
    session = PhotoSetup((False, False), "typical").session()
    for move in ("a4", "j7", "a3", "j5"):
        session.play_text(move)
    return session


def test_photo_new_game_screen(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(app(), terminal_size=SIZE)


def test_photo_mid_game_with_the_legal_squares(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(app(mid_game()), terminal_size=SIZE)


def test_photo_animals_next_steps(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(app(mid_game()), terminal_size=SIZE, press=["a", "down"])


def test_photo_debug_steps_through_the_animals(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(
        app(mid_game(), step_through=True),
        terminal_size=SIZE,
        press=["down", "enter", "escape", "down", "enter", "right", "right", "right"],
    )


def test_photo_help(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(app(mid_game()), terminal_size=SIZE, press=["question_mark"])


def test_photo_end_screen(snap_compare: Callable[..., bool]) -> None:
    nine = [name for name in ANIMAL_NAMES if name != "lion"]
    state = position(
        animals={"lion": "c3 south", "zebra": "g6 east"},
        cameras={"red": "a4", "yellow": "j10"},
        photos={"red": nine, "yellow": ["zebra", "tiger"]},
        turn={"round": 7},
    )
    session = PhotoSession.from_state(state)
    session.computer_seats = frozenset({1})
    assert snap_compare(app(session), terminal_size=SIZE, press=["down", "right", "right", "enter"])


def test_photo_new_game_screen_at_80x24(snap_compare: Callable[..., bool]) -> None:
    """The set-up fits, with no note on size: the game plays at 80 x 24."""
    assert snap_compare(app(), terminal_size=(80, 24))


def test_photo_compact_board_at_80x24(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(app(mid_game()), terminal_size=(80, 24))


def test_photo_compact_board_with_the_animals_next_steps_and_a_hint(
    snap_compare: Callable[..., bool],
) -> None:
    assert snap_compare(app(mid_game()), terminal_size=(80, 24), press=["a", "w"])


def test_photo_too_small_notice_below_80x24(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(app(mid_game()), terminal_size=(70, 20))


def test_photo_timeline_at_an_animals_step_at_80x24(snap_compare: Callable[..., bool]) -> None:
    """The replay (bigfive replay) at the first animal's step of round 2, compact."""
    assert snap_compare(
        app(mid_game(), replay=True),
        terminal_size=(80, 24),
        press=["down", "down", "down", "right", "right", "right"],
    )


def test_photo_timeline_at_120x36(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(app(mid_game(), replay=True), terminal_size=SIZE, press=["end"])


def test_photo_end_screen_with_the_rounds_at_80x24(snap_compare: Callable[..., bool]) -> None:
    """A whole game between the computers: the photos over the rounds fit 80 x 24."""
    import random

    from bigfive_tui.photo_safari.players import planner

    session = PhotoSetup((True, True), "typical").session()
    rng = random.Random(5)
    while not session.state.over:
        decision = planner.decide(session.state, session.legal_actions(), rng)
        session.play(decision.square, decision.text)
    assert snap_compare(app(session), terminal_size=(80, 24))
