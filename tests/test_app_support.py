"""Helpers for the app tests (no tests here): positions from scenario data, apps, pilots."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from textual.app import App
from textual.command import CommandList
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList

from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.files.saves import position_session
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.screens.dialogs import ChoiceDialog, HandOverScreen
from bigfive_tui.app.screens.game import GameScreen
from bigfive_tui.assets import load_layout, load_pieces, seeded_board
from bigfive_tui.engine.board import Board
from bigfive_tui.engine.content import Difficulty, Guide
from bigfive_tui.engine.session import Session, make_game
from bigfive_tui.engine.state import Phase
from bigfive_tui.scenarios.board import open_board
from bigfive_tui.scenarios.build import build
from bigfive_tui.scenarios.model import parse_scenario
from bigfive_tui.scenarios.write_position import position

ScreenType = TypeVar("ScreenType", bound=Screen[Any])

#: The three terminals the app is made for, one per drawing of the board: the size most
#: terminals open at, today's normal one, and a large one.
SIZES: dict[str, tuple[int, int]] = {"compact": (80, 24), "normal": (120, 36), "large": (200, 50)}
#: The terminal of the app tests: 120 x 36 unless BIGFIVE_TEST_SIZE says another ("80x24"), so
#: that the whole suite can be run against every drawing of the board.
_WIDTH, _HEIGHT = os.environ.get("BIGFIVE_TEST_SIZE", "120x36").split("x")
SIZE = (int(_WIDTH), int(_HEIGHT))
#: For the tests that run at every size in every run: ``size`` is each of :data:`SIZES`.
every_size = pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
OPEN = open_board()


def space(name: str, board: Board = OPEN) -> int:
    cell = board.find(name)
    assert cell is not None, name
    return cell


def scenario_session(data: dict[str, Any]) -> Session:
    """A session that begins at the scenario's position (built by bigfive_tui/scenarios); its
    record starts from that position, as a game imported with ``play --scenario`` does."""
    scenario = parse_scenario(data, "test")
    built = build(scenario, "test", load_pieces(), load_layout)
    return position_session(position(built.state, scenario.board.pieces), built.setup)


def kate_draws_a_fire() -> Session:
    """Kate is to draw; the card is a fire, and its roll puts it on ■4."""
    return scenario_session(
        {
            "guides": ["kate", "david"],
            "vehicles": {"kate": {"at": "★4"}, "david": {"at": "♣4"}},
            "turn": {"guide": "kate", "phase": "draw"},
            "cards": {"top": ["fire"]},
            "play": {"dice": ["■4"]},
        }
    )


def one_spot_from_winning() -> Session:
    """Kate needs only the buffalo, in clear view: spotting it (s, Enter) wins the safari."""
    return scenario_session(
        {
            "guides": ["kate", "david"],
            "vehicles": {
                "kate": {"at": "★4", "spotted": ["lion", "leopard", "elephant", "rhino"]},
                "david": {
                    "at": "♣4",
                    "spotted": ["lion", "leopard", "elephant", "rhino", "buffalo"],
                },
            },
            "tokens": {"★5": "buffalo"},
            "turn": {"guide": "kate", "phase": "actions", "number": 9},
        }
    )


def seeded_session(seed: int = 42, guides: tuple[Guide, ...] = (Guide.JACK, Guide.KATE)) -> Session:
    game = make_game(seeded_board(seed), guides, Difficulty.BEGINNER, (), seed)
    return Session(game)


def played_session(actions: int = 60, seed: int = 11) -> Session:
    """Three guides after a few turns of random play (an action kind first, as in the
    playthroughs), stopped in an actions phase so no hand-over box opens."""
    session = seeded_session(seed, (Guide.JACK, Guide.KATE, Guide.SAM))
    chooser = random.Random(seed)
    while len(session.actions) < actions or session.state.phase != Phase.ACTIONS:
        legal = session.legal_actions()
        kind = chooser.choice(sorted({a.kind for a in legal}))
        session.play(chooser.choice([a for a in legal if a.kind == kind]))
        assert not session.state.over, "pick a seed whose game lasts"
    return session


def make_app(session: Session | None = None, **options: Any) -> BigFiveApp:
    settings: dict[str, Any] = {
        "seed": 42,
        "theme": "savanna",
        "computer_delay": 0.0,
        "card_pause": False,
        "cursor_blink": False,
        # The quick teammate: app tests play many computer turns; tests of the strong one
        # ask for it (tests/test_app_practice.py).
        "strength": "steady",
    }
    settings.update(options)
    app = BigFiveApp(session=session, **settings)
    app.animation_level = "none"
    return app


def autosaved(app: BigFiveApp) -> None:
    """Wait for the autosave writer (a thread of its own) to finish what it was given."""
    assert app.autosave_file is not None
    assert app.autosave_file.flush(timeout=10)


def game_screen(app: BigFiveApp) -> GameScreen:
    for screen in app.screen_stack:
        if isinstance(screen, GameScreen):
            return screen
    raise AssertionError(f"no game screen in {app.screen_stack}")


def showing(app: App[Any], kind: type[Screen[Any]]) -> bool:
    """A ``kind`` of screen is on top and built: a pushed screen is on top at once, but its
    widgets are composed a moment later (a query in between finds none, under load)."""
    return isinstance(app.screen, kind) and app.screen.is_mounted


def on_top(app: App[Any], kind: type[ScreenType]) -> ScreenType:
    """The screen on top, which a test expects to be a ``kind``."""
    screen = app.screen
    assert isinstance(screen, kind), f"{screen!r} on top, not a {kind.__name__}"
    return screen


async def click_space(pilot: Pilot[None], app: BigFiveApp, cell: int) -> None:
    board = game_screen(app).query_one(BoardView)
    offset = board.offset_of(cell)
    await pilot.click(board, offset=(offset.x + 1, offset.y))
    await pilot.pause()


def prompt_text(app: BigFiveApp) -> str:
    from textual.widgets import Static

    widget = game_screen(app).query_one("#prompt", Static)
    return str(widget.render())


async def wait_until(
    pilot: Pilot[None], condition: Callable[[], bool], timeout: float = 30.0
) -> None:
    """Let the app run until ``condition()`` holds: a slow machine needs more than one pause."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"still waiting after {timeout} s")
        await pilot.pause(0.02)


async def at_the_game(pilot: Pilot[None], app: BigFiveApp) -> GameScreen:
    """The game screen on top, past the hand-over box a turn in its draw phase opens with."""
    await wait_until(pilot, lambda: isinstance(app.screen, HandOverScreen | GameScreen))
    for _ in range(3):  # the hand-over box comes after the game screen's first frame
        await pilot.pause()
    if isinstance(app.screen, HandOverScreen):
        await pilot.press("escape")
    game = game_screen(app)
    await wait_until(pilot, lambda: app.screen is game)
    return game


async def choose(pilot: Pilot[None], app: BigFiveApp, text: str) -> None:
    """In the choice dialog on top, the option whose label contains ``text``."""
    await wait_until(pilot, lambda: showing(app, ChoiceDialog))
    dialog = app.screen
    assert isinstance(dialog, ChoiceDialog)
    index = next(i for i, label in enumerate(dialog.options) if text in label)
    dialog.query_one(OptionList).highlighted = index
    await pilot.press("enter")
    await wait_until(pilot, lambda: app.screen is not dialog)


def palette_highlights(app: BigFiveApp, text: str) -> bool:
    """Has the command palette found a command with ``text`` and highlighted it?"""
    found = app.screen.query(CommandList)
    if not found:
        return False
    commands = found.first()
    index = commands.highlighted
    return index is not None and text in str(commands.get_option_at_index(index).prompt)


async def end_turn(pilot: Pilot[None], app: BigFiveApp) -> None:
    """End the turn by key: ``e``, then Enter once the confirmation (unused actions) is up and
    composed; Enter pressed earlier would go to the board on a loaded machine."""
    from textual.widgets import Button

    from bigfive_tui.app.screens.dialogs import ConfirmDialog

    turn = game_screen(app).session.state.turn
    await pilot.press("e")
    await wait_until(
        pilot,
        lambda: (
            (isinstance(app.screen, ConfirmDialog) and bool(app.screen.query(Button)))
            or game_screen(app).session.state.turn != turn
        ),
    )
    if isinstance(app.screen, ConfirmDialog):
        await pilot.press("enter")


def _scrolls(widget: Widget, axis: str) -> bool:
    overflow = widget.styles.overflow_y if axis == "y" else widget.styles.overflow_x
    return widget.is_scrollable and overflow in ("auto", "scroll")


def cut_off(screen: Screen[Any]) -> list[str]:
    """What the terminal cuts off on ``screen``: a widget reaching out of its parent (where the
    parent does not scroll that way), or out of the terminal; content wider than the widget
    that holds it (a sideways scroll bar). Empty when everything fits."""
    found: list[str] = []
    width, height = screen.app.size
    for widget in screen.walk_children(Widget):
        if not widget.display or not widget.visible:
            continue
        region = widget.region
        if not region.area:
            continue  # not laid out: on a page not shown, or in a hidden box
        parent = widget.parent
        boxes = [box for box in widget.ancestors if isinstance(box, Widget)]
        scrolled = any(_scrolls(box, "y") for box in boxes if not isinstance(box, Screen))
        off_screen = region.right > width or region.bottom > height or min(region.x, region.y) < 0
        if off_screen and not scrolled:
            found.append(f"{widget!r} at {region} is off the {width} x {height} screen")
        if isinstance(parent, Widget) and parent is not screen and parent.region.area:
            outer = parent.region
            if (
                region.x < outer.x
                or region.right > outer.right
                or (
                    not _scrolls(parent, "y")
                    and (region.y < outer.y or region.bottom > outer.bottom)
                )
            ):
                found.append(f"{widget!r} at {region} sticks out of {parent!r} at {outer}")
        if _scrolls(widget, "x") and widget.max_scroll_x > 0:
            found.append(f"{widget!r} is {widget.max_scroll_x} cells too narrow for its content")
    return found


def fully_shown(widget: Widget) -> bool:
    """Is the whole widget in view: inside every box around it, scrolled into view, on screen?"""
    region = widget.region
    if not region.area:
        return False
    width, height = widget.app.size
    if region.right > width or region.bottom > height:
        return False
    return all(
        ancestor.region.contains_region(region)
        for ancestor in widget.ancestors
        if isinstance(ancestor, Widget) and ancestor.region.area
    )
