"""Every screen of the app at 80 × 24, 120 × 36 and 200 × 50 (issue 10): nothing reaches out of
its box or off the terminal, nothing needs a sideways scroll, and the lines that say what to do
(the keys, the buttons, the question asked) are in view without scrolling.

One app per size walks through the screens, so that the three sizes cost three starts, not one
per screen; a failure names the screen."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_app_play import two_guides
from test_app_support import (
    cut_off,
    every_size,
    fully_shown,
    game_screen,
    make_app,
    played_session,
    scenario_session,
    seeded_session,
    showing,
    wait_until,
)
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from bigfive_tui.app.components.key_bar import KeyBar
from bigfive_tui.app.files import saves
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.messages import ChooseStartSpaces
from bigfive_tui.app.screens.dialogs import (
    CardScreen,
    ChoiceDialog,
    ConfirmDialog,
    ExchangeDialog,
    HandOverScreen,
    LoadDialog,
    SaveDialog,
)
from bigfive_tui.app.screens.end import EndScreen
from bigfive_tui.app.screens.help import HelpScreen
from bigfive_tui.app.screens.log import LogScreen
from bigfive_tui.app.screens.new_game import NewGameScreen
from bigfive_tui.app.screens.rules import RulesScreen
from bigfive_tui.app.screens.start_spaces import StartSpacesScreen
from bigfive_tui.app.screens.steps import StepsScreen
from bigfive_tui.app.screens.timeline import TimelineScreen
from bigfive_tui.app.setups.big_five import GameSetup, SeatChoice
from bigfive_tui.engine.content import Guide


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


class Findings:
    """What does not fit, screen by screen, asserted once the walk is over."""

    def __init__(self, app: BigFiveApp) -> None:
        self.app = app
        self.found: list[str] = []

    def check(self, name: str, kind: type[Screen], *in_view: str) -> None:  # type: ignore[type-arg]
        screen = self.app.screen
        if not isinstance(screen, kind):
            self.found.append(f"{name}: {screen!r} is on top, not a {kind.__name__}")
            return
        size = "x".join(map(str, self.app.size))
        self.found += [f"{name} at {size}: {problem}" for problem in cut_off(screen)]
        for selector in in_view:
            widgets = list(screen.query(selector).results(Widget))
            if not widgets:
                self.found.append(f"{name} at {size}: nothing matches {selector}")
            for widget in widgets:
                if not fully_shown(widget):
                    self.found.append(f"{name} at {size}: {widget!r} is not wholly in view")
        self.found += [f"{name} at {size}: {text}" for text in keys_left_out(screen)]

    def assert_none(self) -> None:
        assert not self.found, "\n".join(self.found)


def keys_left_out(screen: Screen) -> list[str]:  # type: ignore[type-arg]
    """The key bar drops keys when the line is full, never the way back (Esc) nor help."""
    bars = screen.query(KeyBar)
    if not bars:
        return []
    return [f"the key bar leaves out {key}" for key in bars.first().left_out_essential]


def on_top_is(app: BigFiveApp, kind: type[Screen[Any]], shown: bool = True) -> bool:
    return isinstance(app.screen, kind) == shown


async def step(pilot: Pilot[None], *keys: str, until: Callable[[], bool] | None = None) -> None:
    await pilot.press(*keys)
    if until is not None:
        await wait_until(pilot, until)
    await pilot.pause()


@every_size
async def test_the_new_game_screen_fits_without_scrolling(size: tuple[int, int]) -> None:
    app = make_app()
    findings = Findings(app)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: showing(app, NewGameScreen))
        await pilot.pause()
        findings.check(
            "new game", NewGameScreen, "#keys-hint", "#seats", "#options", "#guides", "#start"
        )
        assert app.screen.query_one("#new-game").max_scroll_y == 0
    findings.assert_none()


@every_size
async def test_the_game_and_every_dialog_over_it_fit(size: tuple[int, int]) -> None:
    session = played_session()
    saves.save_named("a-game-to-load", session, frozenset())
    app = make_app(session, card_pause=True)
    findings = Findings(app)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        findings.check("game", Screen, "#board", "#action-bar")
        for key, name, kind, in_view in (
            ("question_mark", "help", HelpScreen, ()),
            ("f1", "rules", RulesScreen, ("#chapters",)),
            ("ctrl+s", "save", SaveDialog, ("Input",)),
            ("ctrl+o", "load", LoadDialog, ("SaveList",)),
            ("e", "end turn?", ConfirmDialog, ("Button",)),
            ("L", "log", LogScreen, ()),
            ("T", "timeline", TimelineScreen, ()),
        ):
            await step(pilot, key, until=functools.partial(on_top_is, app, kind))
            findings.check(name, kind, *in_view)
            await step(pilot, "escape", until=functools.partial(on_top_is, app, kind, False))
        await step(pilot, "f1", until=lambda: isinstance(app.screen, RulesScreen))
        await step(pilot, "enter")
        findings.check("rules, reading", RulesScreen, "#rules")
        chapters = app.screen.query_one("#chapters")
        assert chapters.display == (size[0] >= 100), "the chapters step aside at 80 columns"
        await step(pilot, "escape", until=lambda: not isinstance(app.screen, RulesScreen))
        await step(pilot, "ctrl+n", until=lambda: isinstance(app.screen, NewGameScreen))
        findings.check(
            "new game over a game", NewGameScreen, "#keys-hint", "#continue-row", "#start"
        )
        await step(pilot, "escape", until=lambda: isinstance(app.screen, Screen))
        game_screen(app).step_through = True
        await step(pilot, "m", "enter", until=lambda: isinstance(app.screen, StepsScreen))
        findings.check("debug steps", StepsScreen, "#steps-dialog")
        await step(pilot, "escape", until=lambda: not isinstance(app.screen, StepsScreen))
        await step(pilot, "exclamation_mark", until=lambda: isinstance(app.screen, ChoiceDialog))
        findings.check("rig", ChoiceDialog, "OptionList")
        await step(pilot, "escape", until=lambda: not isinstance(app.screen, ChoiceDialog))
        game_screen(app).step_through = False
        await step(pilot, "e", until=lambda: isinstance(app.screen, ConfirmDialog))
        await step(pilot, "enter", until=lambda: isinstance(app.screen, HandOverScreen))
        findings.check("hand-over with what the others did", HandOverScreen, "Button")
        await step(pilot, "enter", until=lambda: isinstance(app.screen, CardScreen))
        findings.check("card", CardScreen)
    findings.assert_none()


@every_size
async def test_the_hand_over_the_card_and_the_choices_fit(size: tuple[int, int]) -> None:
    five = seeded_session(5, (Guide.JACK, Guide.DAVID, Guide.ANNA, Guide.KATE, Guide.SAM))
    app = make_app(five, card_pause=True)
    findings = Findings(app)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: showing(app, HandOverScreen))
        await pilot.pause()
        findings.check("hand-over", HandOverScreen, "Button")
        await step(pilot, "enter", until=lambda: isinstance(app.screen, CardScreen))
        findings.check("card", CardScreen)
    findings.assert_none()


@every_size
async def test_the_exchange_and_the_influence_fit(size: tuple[int, int]) -> None:
    session = two_guides(vehicles={"kate": {"at": "★4"}, "david": {"at": "★4"}})
    app = make_app(session)
    findings = Findings(app)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await step(pilot, "g", until=lambda: isinstance(app.screen, ExchangeDialog))
        findings.check("give", ExchangeDialog, "Button")
        await step(pilot, "escape", until=lambda: not isinstance(app.screen, ExchangeDialog))
        await step(pilot, "i", until=lambda: isinstance(app.screen, ConfirmDialog))
        await step(pilot, "enter", until=lambda: isinstance(app.screen, ChoiceDialog))
        findings.check("influence", ChoiceDialog, "OptionList")
    findings.assert_none()


@every_size
async def test_the_start_spaces_fit(size: tuple[int, int]) -> None:
    app = make_app(seed=12)
    findings = Findings(app)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        seats = (SeatChoice(Guide.JACK), SeatChoice(Guide.KATE, computer=True))
        app.post_message(ChooseStartSpaces(GameSetup(seats=seats, seed=12, choose_starts=True)))
        await wait_until(pilot, lambda: showing(app, StartSpacesScreen))
        await pilot.pause()
        findings.check("start spaces", StartSpacesScreen, "#start-prompt", "#board")
        await step(pilot, "enter")
        findings.check("start spaces, done", StartSpacesScreen, "#start-prompt", "#board")
    findings.assert_none()


@every_size
async def test_the_end_screen_fits(size: tuple[int, int]) -> None:
    session = scenario_session(
        {
            "guides": ["kate", "david"],
            "vehicles": {"kate": {"at": "★4", "food": 2}, "david": {"at": "♣4"}},
            "turn": {"guide": "kate", "phase": "draw"},
            "cards": {"top": ["lost food"]},
        }
    )
    app = make_app(session)
    findings = Findings(app)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: showing(app, HandOverScreen))
        await pilot.pause()
        await step(pilot, "enter", until=lambda: isinstance(app.screen, EndScreen))
        findings.check("end", EndScreen, "#end")
    findings.assert_none()
