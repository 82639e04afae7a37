"""Every screen that draws the board chooses its drawing again when the terminal is resized
(issue 27: "replay and every screen pick the drawing that fits"): the game, the timeline and
``bigfive replay``, the position editor, the start spaces, Learn to play, and Photo Safari's
game, timeline and tutorial. The board editor and the start spaces kept the drawing they were
opened with, too large for the terminal after a shrink.

Each test opens its screen on a large terminal, shrinks it to 80 × 24 and grows it to 120 × 36,
and checks after each that the drawing is the one that fits (:func:`choose`) and that the
board lies whole on the terminal."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_app_support import (
    game_screen,
    make_app,
    played_session,
    seeded_session,
    showing,
    wait_until,
)
from test_app_timeline import played
from test_photo_app import hot_seat, photo_app
from test_photo_timeline import played as photo_played
from textual.pilot import Pilot
from textual.screen import Screen

from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.drawing.sizes import choose
from bigfive_tui.app.files import saves
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.messages import ChooseStartSpaces
from bigfive_tui.app.photo_safari.board import PhotoBoard
from bigfive_tui.app.photo_safari.game import PhotoGameScreen
from bigfive_tui.app.photo_safari.timeline import PhotoTimelineScreen
from bigfive_tui.app.screens.editor import EditorScreen
from bigfive_tui.app.screens.game import GameScreen
from bigfive_tui.app.screens.new_game import NewGameScreen
from bigfive_tui.app.screens.start_spaces import StartSpacesScreen
from bigfive_tui.app.screens.timeline import TimelineScreen
from bigfive_tui.app.setups.big_five import GameSetup, SeatChoice
from bigfive_tui.app.tutorial.screens import PhotoTutorialScreen, TutorialScreen
from bigfive_tui.engine.content import Guide

#: Large first (every drawing fits), then the smallest, then the normal one.
SIZES = [(200, 50), (80, 24), (120, 36)]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No drawing remembered from another test: the largest that fits is chosen."""
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def board_fits(screen: Screen[Any], size: tuple[int, int]) -> bool:
    """The screen's board is drawn in the drawing that fits ``size``, whole on the terminal."""
    width, height = size
    for board in screen.query(BoardView):
        region = board.region
        return (
            board.drawing == choose(width, height)
            and board.fits
            and region.width > 0
            and region.right <= width
            and region.bottom <= height
        )
    return False


def photo_board_fits(screen: Screen[Any], size: tuple[int, int]) -> bool:
    """Photo Safari's largest drawing is the normal one: compact at 80 × 24, else normal."""
    width, height = size
    for board in screen.query(PhotoBoard):
        region = board.region
        return (
            board.compact == (choose(width, height) == "compact")
            and region.width > 0
            and region.right <= width
            and region.bottom <= height
        )
    return False


async def resized_through_every_size(
    pilot: Pilot[None],
    screen: Callable[[], Screen[Any]],
    fits: Callable[[Screen[Any], tuple[int, int]], bool] = board_fits,
) -> None:
    """From the size the app started at, through every size: the drawing follows."""
    for size in SIZES:
        if pilot.app.size != size:
            await pilot.resize_terminal(*size)
        await wait_until(pilot, functools.partial(fits_now, screen, fits, size))


def fits_now(
    screen: Callable[[], Screen[Any]],
    fits: Callable[[Screen[Any], tuple[int, int]], bool],
    size: tuple[int, int],
) -> bool:
    return fits(screen(), size)


def on_top(app: BigFiveApp, kind: type[Screen[Any]]) -> Screen[Any]:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, kind):
            return screen
    raise AssertionError(f"no {kind.__name__} in {app.screen_stack}")


async def test_the_game_chooses_its_drawing_again_on_resize() -> None:
    app = make_app(seeded_session(8, (Guide.JACK, Guide.KATE)))
    async with app.run_test(size=SIZES[0]) as pilot:
        await wait_until(pilot, lambda: on_top_any(app, GameScreen))
        await resized_through_every_size(pilot, lambda: game_screen(app))


async def test_the_timeline_chooses_its_drawing_again_on_resize() -> None:
    app = make_app(played(20))
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        await pilot.press("T")
        await wait_until(pilot, lambda: showing(app, TimelineScreen))
        await resized_through_every_size(pilot, lambda: on_top(app, TimelineScreen))


async def test_replay_chooses_its_drawing_again_on_resize() -> None:
    path = saves.save_named("to-replay", played(20), frozenset())
    app = BigFiveApp(session=saves.read_save(path).session, replay=True, cursor_blink=False)
    async with app.run_test(size=SIZES[0]) as pilot:
        await wait_until(pilot, lambda: showing(app, TimelineScreen))
        await resized_through_every_size(pilot, lambda: on_top(app, TimelineScreen))


async def test_the_position_editor_chooses_its_drawing_again_on_resize() -> None:
    app = make_app(played_session(40), step_through=True)
    async with app.run_test(size=SIZES[0]) as pilot:
        await wait_until(pilot, lambda: game_screen(app).human_turn)
        await pilot.press("E")
        await wait_until(pilot, lambda: showing(app, EditorScreen))
        editor = on_top(app, EditorScreen)
        assert isinstance(editor, EditorScreen)
        cell = editor.query_one(BoardView).cursor
        await resized_through_every_size(pilot, lambda: editor)
        assert editor.drawing == "normal" and editor.query("#edit-info")
        assert editor.query_one(BoardView).cursor == cell  # the space being edited stays
        assert "A possible position" in str(editor.query_one("#edit-status").render())


async def test_the_start_spaces_choose_their_drawing_again_on_resize() -> None:
    app = make_app(seed=12)
    async with app.run_test(size=SIZES[0]) as pilot:
        await wait_until(pilot, lambda: showing(app, NewGameScreen))
        seats = (SeatChoice(Guide.JACK), SeatChoice(Guide.KATE))
        app.post_message(ChooseStartSpaces(GameSetup(seats=seats, seed=12, choose_starts=True)))
        await wait_until(pilot, lambda: showing(app, StartSpacesScreen))
        screen = on_top(app, StartSpacesScreen)
        await pilot.press("enter")  # Jack's space: the second seat's board shows a vehicle
        await wait_until(pilot, lambda: len(screen.chosen) == 1)  # type: ignore[attr-defined]
        board = screen.query_one(BoardView)
        targets = board.targets
        await resized_through_every_size(pilot, lambda: screen)
        assert board.targets == targets and board.targeting  # Kate's choice goes on
        await pilot.press("enter")
        await wait_until(pilot, lambda: on_top_any(app, GameScreen))


async def test_learn_to_play_chooses_its_drawing_again_on_resize() -> None:
    app = make_app()
    async with app.run_test(size=SIZES[0]) as pilot:
        await wait_until(pilot, lambda: showing(app, NewGameScreen))
        await pilot.press("f2")
        await wait_until(pilot, lambda: on_top_any(app, TutorialScreen))
        await resized_through_every_size(pilot, lambda: on_top(app, TutorialScreen))
        tutorial = on_top(app, TutorialScreen)
        assert isinstance(tutorial, TutorialScreen) and tutorial.index == 0


def on_top_any(app: BigFiveApp, kind: type[Screen[Any]]) -> bool:
    return any(isinstance(screen, kind) for screen in app.screen_stack)


async def test_photo_safari_s_game_chooses_its_drawing_again_on_resize() -> None:
    app = photo_app(hot_seat())
    async with app.run_test(size=SIZES[0]) as pilot:
        await wait_until(pilot, lambda: on_top_any(app, PhotoGameScreen))
        await resized_through_every_size(
            pilot, lambda: on_top(app, PhotoGameScreen), photo_board_fits
        )


async def test_photo_safari_s_timeline_chooses_its_drawing_again_on_resize() -> None:
    app = photo_app(photo_played(7))
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        await pilot.press("T")
        await wait_until(pilot, lambda: showing(app, PhotoTimelineScreen))
        await resized_through_every_size(
            pilot, lambda: on_top(app, PhotoTimelineScreen), photo_board_fits
        )


async def test_photo_safari_s_tutorial_chooses_its_drawing_again_on_resize() -> None:
    app = photo_app()
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await wait_until(pilot, lambda: on_top_any(app, PhotoTutorialScreen))
        await resized_through_every_size(
            pilot, lambda: on_top(app, PhotoTutorialScreen), photo_board_fits
        )
