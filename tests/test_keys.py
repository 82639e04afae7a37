"""The key tables (app/keys/table.py): every command a browser keeps for itself has a second key
and a palette entry, and a second key never takes a key that is bound to anything else."""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from test_app_support import (
    SIZE,
    game_screen,
    make_app,
    played_session,
    seeded_session,
    showing,
    wait_until,
)
from textual import events
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.pilot import Pilot
from textual.widgets import Button, Input

import bigfive_tui.app
from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.components.column_text import Row
from bigfive_tui.app.files import saves
from bigfive_tui.app.keys.palette import GameCommands
from bigfive_tui.app.keys.table import (
    ACTION_KEYS,
    BROWSER_KEPT,
    COMMAND_KEYS,
    EDITOR_KEYS,
    END,
    END_KEYS,
    LOG_KEYS,
    OTHER_KEYS,
    TIMELINE_KEYS,
)
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.photo_safari.end import PhotoEndScreen
from bigfive_tui.app.screens.dialogs import CardScreen, HandOverScreen, LoadDialog, SaveDialog
from bigfive_tui.app.screens.editor import EditorScreen
from bigfive_tui.app.screens.end import EndScreen
from bigfive_tui.app.screens.end_base import BUTTON_ACTIONS
from bigfive_tui.app.screens.game import GameScreen
from bigfive_tui.app.screens.help import big_five_help_lines
from bigfive_tui.app.screens.log import LogScreen
from bigfive_tui.app.screens.new_game import NewGameScreen
from bigfive_tui.app.screens.rules import RulesScreen
from bigfive_tui.app.screens.steps import StepsScreen
from bigfive_tui.app.screens.timeline import TimelineScreen


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def _all_node_classes() -> Iterator[type[DOMNode]]:
    """Every screen and widget class of the app, and every Textual class loaded with them."""
    for module in pkgutil.walk_packages(bigfive_tui.app.__path__, "bigfive_tui.app."):
        importlib.import_module(module.name)
    seen: set[type[DOMNode]] = set()
    stack: list[type[DOMNode]] = [DOMNode]
    while stack:
        cls = stack.pop()
        if cls not in seen:
            seen.add(cls)
            yield cls
            stack.extend(cls.__subclasses__())


def _bindings(cls: type[DOMNode]) -> Iterator[tuple[str, str]]:
    """(key, action) of the class's own BINDINGS, one per key."""
    for entry in cls.__dict__.get("BINDINGS", []):
        binding = entry if isinstance(entry, Binding) else Binding(*entry)
        for key in binding.key.split(","):
            yield key.strip(), binding.action.removeprefix("app.")


def _ours(cls: type[DOMNode]) -> bool:
    return cls.__module__.startswith("bigfive_tui.")


def test_a_second_key_is_never_bound_to_anything_else() -> None:
    second = {entry.browser_key: entry.action for entry in COMMAND_KEYS}
    assert len(second) == len(COMMAND_KEYS)
    assert not second.keys() & {entry.key for entry in ACTION_KEYS}
    for cls in _all_node_classes():
        for key, action in _bindings(cls):
            if key in second and not (cls is RulesScreen and action == "close"):
                assert action == second[key], f"{cls.__qualname__} binds {key} to {action}"


def test_every_key_a_browser_keeps_has_a_second_key_on_the_same_screen() -> None:
    for cls in filter(_ours, _all_node_classes()):
        bound = list(_bindings(cls))
        for key, action in bound:
            if key in BROWSER_KEPT:
                others = [k for k, a in bound if a == action and k not in BROWSER_KEPT]
                assert others, f"{cls.__qualname__}: {key} ({action}) has no second key"


async def test_every_command_with_a_kept_key_has_a_palette_entry() -> None:
    app = make_app(seeded_session(3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        provider = GameCommands(app.screen)
        # The game's entries run an app action by name; Textual's call the action method.
        palette = {
            f"action_{callback.args[0]}" if isinstance(callback, partial) else callback.__name__
            for _, callback, _ in provider._commands()
        } | {command.callback.__name__ for command in app.get_system_commands(app.screen)}
    for entry in COMMAND_KEYS:
        assert f"action_{entry.action}" in palette, entry.action


def test_the_help_names_both_keys_of_every_command() -> None:
    rows = dict(OTHER_KEYS)
    assert rows["Ctrl+N / N"].startswith("new game")
    assert rows["Ctrl+O / O"] == "load a named game"
    assert rows["F1 / B"].startswith("the rules")
    assert rows["F12 / W"].startswith("debug mode")
    assert rows["Ctrl+Q / Q"].startswith("quit")


def test_the_help_lists_the_keys_of_every_screen_a_game_has() -> None:
    """The timeline, the enlarged log, the editor and the end screen each have keys of their
    own; the help lists every one of them under its screen's heading."""
    lines = big_five_help_lines()
    text = "\n".join(
        f"{line.label}  {line.text}" if isinstance(line, Row) else str(line) for line in lines
    )
    for heading, keys in (
        ("On the timeline (T)", TIMELINE_KEYS),
        ("In the enlarged log (L)", LOG_KEYS),
        ("In the position editor (E", EDITOR_KEYS),
        ("When the game has ended", END_KEYS),
    ):
        section = text[text.index(heading) :]
        for entry in keys:
            assert entry.help in section, (heading, entry.display)


async def _past_the_hand_over(pilot: Pilot[None], app: BigFiveApp) -> GameScreen:
    await wait_until(pilot, lambda: showing(app, HandOverScreen))
    await pilot.press("enter")  # draw the card
    game = game_screen(app)
    await wait_until(pilot, lambda: app.screen is game)
    return game


async def test_the_second_keys_do_what_the_first_do_in_the_game() -> None:
    app = make_app(seeded_session(3))
    async with app.run_test(size=SIZE) as pilot:
        game = await _past_the_hand_over(pilot, app)
        await pilot.press("B")
        await wait_until(pilot, lambda: showing(app, RulesScreen))
        await pilot.press("B")  # closes the rules again, as F1 does
        await wait_until(pilot, lambda: app.screen is game)
        await pilot.press("W")
        await pilot.pause()
        assert app.step_through and game.step_through
        await pilot.press("W")
        await pilot.pause()
        assert not app.step_through
        await pilot.press("O")
        await wait_until(pilot, lambda: showing(app, LoadDialog))
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is game)
        await pilot.press("N")
        await wait_until(pilot, lambda: showing(app, NewGameScreen))
        await pilot.press("escape")  # back to the game
        await wait_until(pilot, lambda: app.screen is game_screen(app))
        await pilot.press("Q")
        await pilot.pause()
    assert app.return_code == 0  # quit


async def test_capital_letters_still_reach_a_name_being_typed() -> None:
    app = make_app(seeded_session(3))
    async with app.run_test(size=SIZE) as pilot:
        await _past_the_hand_over(pilot, app)
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: showing(app, SaveDialog))
        field = app.screen.query_one(Input)
        field.value = ""
        await pilot.press(*"QNOBW", "enter")
        await pilot.pause()
        assert (saves.saves_dir() / "QNOBW.json").is_file()
        assert app.is_running


async def test_in_a_browser_texts_and_footers_name_the_second_keys(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(BigFiveApp, "is_web", property(lambda self: True))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        labels = {str(button.label) for button in app.screen.query(Button)}
        assert {"Learn to play (G)", "Load a game… (O)", "Rules (B)", "Quit (Q)"} <= labels
        shown = {
            app.get_key_display(active.binding)
            for active in app.screen.active_bindings.values()
            if active.binding.action in ("app.load", "app.rules", "quit") and active.binding.show
        }
        assert shown == {"O", "B", "Q"}  # the footer names no key that never arrives


async def test_in_a_terminal_they_name_the_first_keys() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        labels = {str(button.label) for button in app.screen.query(Button)}
        wanted = {"Learn to play (F2)", "Load a game… (Ctrl+O)", "Rules (F1)", "Quit (Ctrl+Q)"}
        assert wanted <= labels
        binding = Binding("f1", "app.rules")
        assert App.get_key_display(app, binding) == app.get_key_display(binding)


async def test_keys_typed_ahead_close_the_card_once_and_keep_the_game() -> None:
    """A browser sends keys typed fast together: both reach the card dialog before it is gone.
    The second must not close the game screen under it (it left a blank screen)."""
    app = make_app(seeded_session(3), card_pause=True)
    async with app.run_test(size=SIZE) as pilot:
        game = game_screen(app)
        await wait_until(pilot, lambda: showing(app, HandOverScreen))
        await pilot.press("enter")  # draw
        await wait_until(pilot, lambda: showing(app, CardScreen))
        card = app.screen
        card.post_message(events.Key(" ", " "))
        card.post_message(events.Key("m", "m"))
        await pilot.pause()
        await wait_until(pilot, lambda: app.screen is game)
        await pilot.pause(0.2)
        assert app.screen is game and game.is_attached


@pytest.mark.parametrize(
    "screen",
    [GameScreen, TimelineScreen, EndScreen, PhotoEndScreen, EditorScreen, LogScreen, StepsScreen],
)
def test_on_one_screen_a_key_does_one_thing(screen: type[DOMNode]) -> None:
    """A key of a screen (with the app's keys behind it) is bound to one action: a new key never
    takes one that is bound. Where the board takes the keys (the game, the editor), its own keys
    move its cursor and, in target mode, choose the targets: the screen binds none of them (the
    timeline's board never takes the keys: its arrows move along the game)."""
    actions: dict[str, set[str]] = {}
    for cls in (screen, BigFiveApp):
        for key, action in _bindings(cls):
            actions.setdefault(key, set()).add(action)
    twice = {key: found for key, found in actions.items() if len(found) > 1}
    assert not twice, f"{screen.__name__}: {twice}"
    if screen in (GameScreen, EditorScreen):
        board = {key for key, _ in _bindings(BoardView)} - {"escape"}
        assert not board & {key for key, _ in _bindings(screen)} - EDITOR_OVER_THE_BOARD


#: The editor's keys that the board binds for its target mode, which the editor never enters.
EDITOR_OVER_THE_BOARD = frozenset({"n"})


@pytest.mark.parametrize("screen", [EndScreen, PhotoEndScreen])
def test_each_end_screen_binds_the_key_table_s_key_of_each_of_its_buttons_and_no_other(
    screen: type[EndScreen | PhotoEndScreen],
) -> None:
    buttons = {BUTTON_ACTIONS[name] for row in screen.BUTTON_ROWS for name in row}
    assert dict(_bindings(screen)) == {END[action].key: action for action in buttons}


async def test_the_end_screen_and_the_timeline_have_their_commands_in_the_palette() -> None:
    session = played_session(40)
    chooser = random.Random(4)
    while not session.state.over:
        session.play(chooser.choice(session.legal_actions()))
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: showing(app, EndScreen))
        end = app.screen
        commands = {title: run for title, run, _ in GameCommands(end)._commands()}
        for key in END_KEYS:
            assert key.action == "quit" or f"End of the game: {key.label.lower()}" in commands
        await commands["End of the game: replay"]()  # type: ignore[misc]
        await wait_until(pilot, lambda: showing(app, TimelineScreen))
        timeline = app.screen
        assert isinstance(timeline, TimelineScreen) and timeline.moment == 0
        commands = {title: run for title, run, _ in GameCommands(timeline)._commands()}
        bound = {key.action for key in TIMELINE_KEYS}
        moving = [action for _, action, _ in TimelineScreen.palette_commands]
        assert {f"{kind}({n})" for kind in ("step", "action", "turn") for n in (-1, 1)} <= set(
            moving
        ) and set(moving) <= bound
        await commands["Timeline: the last step (the game as it stands)"]()  # type: ignore[misc]
        await pilot.pause()
        assert timeline.moment == timeline.timeline.last


async def test_debug_mode_names_its_keys_when_it_comes_on() -> None:
    """The timeline, rigging, the editor and the export are off the key bar: turning debug mode
    on says their keys."""
    app = make_app(seeded_session(3))
    async with app.run_test(size=SIZE) as pilot:
        await _past_the_hand_over(pilot, app)
        await pilot.press("f12")
        await pilot.pause()
        said = [notice.message for notice in app._notifications]
        assert said[-1].startswith("Debug mode on")
        for words in ("T the whole game", "! rig the next roll", "E edit", "X write"):
            assert words in said[-1], words
