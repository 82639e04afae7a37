"""Snapshots (pytest-textual-snapshot) at 120 x 36, fixed seed, theme "savanna", no blinking
cursor, no animations; and the game in each drawing of the board (80 x 24, 120 x 36, 200 x 50)
in a dark theme, a light theme and with NO_COLOR. Update with
``pytest tests/test_app_snapshots.py --snapshot-update``."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from test_app_support import (
    click_space,
    kate_draws_a_fire,
    make_app,
    one_spot_from_winning,
    played_session,
    scenario_session,
    seeded_session,
    showing,
    space,
    wait_until,
)
from textual.pilot import Pilot

from bigfive_tui.app.messages import ChooseStartSpaces
from bigfive_tui.app.screens.start_spaces import StartSpacesScreen
from bigfive_tui.app.screens.steps import StepsScreen
from bigfive_tui.app.setups.big_five import GameSetup, SeatChoice
from bigfive_tui.engine.content import Guide
from bigfive_tui.engine.session import Session

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
#: A snapshot is of one size: BIGFIVE_TEST_SIZE (which runs the Pilot tests at another) leaves
#: these as they are; the sizes that have snapshots name theirs.
NORMAL = (120, 36)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def mid_game() -> Session:
    session = seeded_session(42)
    session.play_text("draw")
    move = next(a for a in session.legal_actions() if session.describe(a).startswith("move"))
    session.play(move)
    return session


def test_new_game_screen(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(make_app(seed=42), terminal_size=NORMAL)


def test_mid_game_board(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(make_app(mid_game()), terminal_size=NORMAL)


def test_line_of_sight(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(make_app(mid_game()), terminal_size=NORMAL, press=["v"])


def test_target_mode(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(make_app(mid_game()), terminal_size=NORMAL, press=["m"])


def test_help(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(make_app(mid_game()), terminal_size=NORMAL, press=["question_mark"])


def test_end_screen(snap_compare: Callable[..., bool]) -> None:
    session = one_spot_from_winning()
    assert snap_compare(make_app(session), terminal_size=NORMAL, press=["s", "enter"])


def test_light_theme_mid_game(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(make_app(mid_game(), theme="textual-light"), terminal_size=NORMAL)


@pytest.mark.parametrize(
    "size", [(80, 24), (120, 36), (200, 50)], ids=["80x24", "120x36", "200x50"]
)
@pytest.mark.parametrize("colours", ["savanna", "savanna-light", "no-color"])
def test_each_drawing_in_dark_light_and_no_colour(
    snap_compare: Callable[..., bool],
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int],
    colours: str,
) -> None:
    """The board, compact, normal and large, mid-game with the move targets marked."""
    if colours == "no-color":
        monkeypatch.setenv("NO_COLOR", "1")
    theme = "savanna" if colours == "no-color" else colours
    assert snap_compare(make_app(mid_game(), theme=theme), terminal_size=size, press=["m"])


def test_timeline(snap_compare: Callable[..., bool]) -> None:
    """The whole game on the timeline: a draw in the third turn, its card's second step."""
    presses = [
        "T",
        "home",
        "right_square_bracket",
        "right_square_bracket",
        "right_square_bracket",
        "right",
    ]
    assert snap_compare(make_app(played_session()), terminal_size=NORMAL, press=presses)


def test_timeline_compact(snap_compare: Callable[..., bool]) -> None:
    presses = ["T", "home", "right_square_bracket", "right_square_bracket", "right", "right"]
    assert snap_compare(make_app(played_session()), terminal_size=(80, 24), press=presses)


def test_log_enlarged_with_a_search(snap_compare: Callable[..., bool]) -> None:
    presses = ["T", "slash", *"R-turn-card", "enter", "up"]
    assert snap_compare(make_app(played_session()), terminal_size=NORMAL, press=presses)


def test_position_editor(snap_compare: Callable[..., bool]) -> None:
    """Debug mode's editor: the board, what is where under it, whether it is possible."""
    app = make_app(played_session(), step_through=True)
    assert snap_compare(app, terminal_size=NORMAL, press=["E", "right", "right"])


#: The screens made to fit 80 x 24 (issue 10), at that size.
COMPACT = (80, 24)


def test_new_game_screen_at_80x24(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(make_app(seed=42), terminal_size=COMPACT)


def test_help_at_80x24(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(make_app(mid_game()), terminal_size=COMPACT, press=["question_mark"])


def test_rules_reading_at_80x24(snap_compare: Callable[..., bool]) -> None:
    """The chapters step aside while a chapter is read."""
    presses = ["f1", "down", "down", "enter"]
    assert snap_compare(make_app(mid_game()), terminal_size=COMPACT, press=presses)


def test_start_spaces_at_80x24(snap_compare: Callable[..., bool]) -> None:
    app = make_app(seed=12)

    async def choose(pilot: Pilot[None]) -> None:
        seats = (SeatChoice(Guide.JACK), SeatChoice(Guide.KATE, computer=True))
        app.post_message(ChooseStartSpaces(GameSetup(seats=seats, seed=12, choose_starts=True)))
        await wait_until(pilot, lambda: showing(app, StartSpacesScreen))

    assert snap_compare(app, terminal_size=COMPACT, run_before=choose)


def test_debug_steps_at_80x24(snap_compare: Callable[..., bool]) -> None:
    """The steps box over the compact board's lower part, moved to the top."""
    session = scenario_session(
        {
            "guides": ["jack", "kate"],
            "vehicles": {"jack": {"at": "★1"}, "kate": {"at": "■4"}},
            "fires": {"♣4": 1},
            "turn": {"guide": "jack", "phase": "actions"},
        }
    )
    app = make_app(session, step_through=True)

    async def step(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await click_space(pilot, app, space("♣c"))
        await wait_until(pilot, lambda: showing(app, StepsScreen))
        await pilot.press("up")

    assert snap_compare(app, terminal_size=COMPACT, run_before=step)


def test_end_screen_at_80x24(snap_compare: Callable[..., bool]) -> None:
    session = one_spot_from_winning()
    assert snap_compare(make_app(session), terminal_size=COMPACT, press=["s", "enter"])


def test_card_dialog_at_80x24(snap_compare: Callable[..., bool]) -> None:
    """What the card did, in words: a point each, under the card's rule."""
    session = kate_draws_a_fire()
    app = make_app(session, card_pause=True)
    assert snap_compare(app, terminal_size=COMPACT, press=["enter"])
