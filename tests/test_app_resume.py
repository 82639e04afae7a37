"""Autosave after every action, resume after a kill, named saves, damaged saves."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from pty_terminal import Terminal
from test_app_support import (
    SIZE,
    autosaved,
    game_screen,
    make_app,
    on_top,
    seeded_session,
    showing,
    wait_until,
)

from bigfive_tui.app.files import saves
from bigfive_tui.app.screens.dialogs import HandOverScreen
from bigfive_tui.app.screens.new_game import NewGameScreen
from bigfive_tui.app.setups.big_five import GameSetup
from bigfive_tui.engine.session import Session


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


async def test_abandoned_app_resumes_from_the_autosave(data_dir: Path) -> None:
    """Start with Enter, draw, move; then abandon the app mid-turn (the file is read while it
    still runs, as a kill would leave it) and continue in a fresh app from the autosave."""
    app = make_app(seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")  # default setup
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")  # draw
        await pilot.pause()
        await pilot.press("m", "enter")  # drive somewhere
        await pilot.pause()
        session = app.big_five
        assert session is not None and len(session.actions) >= 1
        live_state = session.state.copy()
        autosaved(app)
        autosave = json.loads(saves.autosave_path().read_text())
        loaded = saves.read_save(saves.autosave_path())
        assert loaded.session.state == live_state
        assert autosave["record"]["actions"] == session.texts

    second = make_app()
    async with second.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(second.screen, NewGameScreen)
        assert second.screen.query_one("#continue") is not None
        await pilot.press("enter")  # Continue is focused
        await pilot.pause()
        assert second.session is not None
        assert second.session.state == live_state
        assert game_screen(second).session is second.session


def test_killed_process_resumes_exactly(data_dir: Path) -> None:
    """Run the real ``bigfive`` in a pseudo-terminal, play, SIGKILL it, load the autosave."""
    terminal = Terminal(data_dir)

    def wait_for_actions(count: int, timeout: float = 20.0) -> list[str]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            terminal.drain(0.2)
            try:
                data = json.loads(saves.autosave_path().read_text())
            except (OSError, ValueError):
                continue
            if len(data["record"]["actions"]) >= count:
                return list(data["record"]["actions"])
        raise AssertionError(f"autosave never reached {count} actions")

    try:
        terminal.wait_for(b"Quit")  # the new-game screen is up
        terminal.drain(0.5)
        terminal.type(b"\r", settle=0)  # start the default game
        wait_for_actions(0)
        terminal.drain(1.0)
        terminal.type(b"\r", settle=0)  # hand-over: draw the card
        wait_for_actions(1)
        terminal.drain(1.0)
        terminal.type(b" ")  # close the card
        terminal.type(b"m", settle=0.5)
        terminal.type(b"\r", settle=0)  # drive to the first marked space
        actions = wait_for_actions(2)
    finally:
        terminal.end()  # SIGKILL
    assert actions[0] == "draw" and actions[1].startswith("move ")
    loaded = saves.read_save(saves.autosave_path())
    assert loaded.session.texts == actions
    # Replaying the record by hand reaches the same state.
    assert isinstance(loaded.session, Session)
    again = Session(loaded.session.game, loaded.session.start_cells)
    for text in actions:
        again.play_text(text)
    assert again.state == loaded.session.state


async def test_damaged_autosave_gives_a_message_and_a_new_game(data_dir: Path) -> None:
    saves.autosave_path().parent.mkdir(parents=True, exist_ok=True)
    saves.autosave_path().write_text('{"format": "bigfive-save", "record": {"setup": ')
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        notice = str(app.screen.query_one("#notice").render())
        assert "could not be read" in notice
        assert not saves.has_autosave()
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None


async def test_named_save_and_load_and_a_bad_file(data_dir: Path) -> None:
    session = seeded_session(3)
    session.play_text("draw")
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press(*"mygame", "enter")
        await pilot.pause()
        path = saves.saves_dir() / "mygame.json"
        assert path.is_file()
        bad = data_dir / "bad.json"
        bad.write_text("not json at all")
        assert not app.in_play.open_save(bad)  # a message, no crash
        assert app.session is session
        assert app.in_play.open_save(path)
        await pilot.pause()
        assert app.session is not session
        assert app.session.state == session.state


def test_read_save_rejects_garbage_with_save_error(data_dir: Path) -> None:
    for text in ("", "[]", '{"format": "bigfive-save"}', '{"setup": {}}', "\x00\xff"):
        path = data_dir / "x.json"
        path.write_bytes(text.encode("latin-1"))
        with pytest.raises(saves.SaveError):
            saves.read_save(path)
    with pytest.raises(saves.SaveError):
        saves.read_save(data_dir / "missing.json")


async def test_a_new_game_keeps_the_unfinished_one_among_the_saves(data_dir: Path) -> None:
    app = make_app(seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter")  # default setup, then draw
        await pilot.pause()
        first = app.session
        autosaved(app)
        assert first is not None and saves.has_autosave()
        app.action_new_game()
        await pilot.pause()
        # start a second safari from the new-game screen
        app.in_play.start(on_top(app, NewGameScreen).setup())
        await pilot.pause()
        autosaved(app)
        kept = list(saves.saves_dir().glob("unfinished-*.json"))
        assert len(kept) == 1
        assert saves.read_save(kept[0]).session.state == first.state
        assert app.session is not first and saves.has_autosave()


def test_a_save_is_described_by_its_guides_difficulty_and_turn(data_dir: Path) -> None:
    session = seeded_session(3)
    for text in ("draw", "end", "draw"):
        session.play_text(text)
    saves.save_named("mine", session, frozenset())
    (info,) = [found for found in saves.list_saves() if found.name == "mine"]
    assert info.summary.endswith("· turn 2") and session.state.turn == 2


async def test_processes_given_their_own_autosave_files_never_touch_each_other(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As ``bigfive serve`` runs one process per browser tab: each plays into its own file, and
    the terminal's autosave.json is left alone."""
    played: dict[str, list[str]] = {}
    for name, seed in (("tab-a", 7), ("tab-b", 8)):
        monkeypatch.setenv("BIGFIVE_AUTOSAVE", str(data_dir / "tabs" / f"{name}.json"))
        app = make_app(seed=seed)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter", "enter")  # default setup, then draw
            await pilot.pause()
            assert app.session is not None
            played[name] = app.session.texts
    assert not (data_dir / saves.AUTOSAVE_NAME).exists()
    for name, texts in played.items():
        loaded = saves.read_save(data_dir / "tabs" / f"{name}.json")
        assert loaded.session.texts == texts
    seeds = {saves.read_save(data_dir / "tabs" / f"{n}.json").session.game.seed for n in played}
    assert len(seeds) == 2  # two different games, neither overwritten by the other

    monkeypatch.setenv("BIGFIVE_AUTOSAVE", str(data_dir / "tabs" / "tab-a.json"))
    again = make_app()
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Continue is focused
        await pilot.pause()
        assert again.session is not None and again.session.texts == played["tab-a"]


async def test_a_damaged_own_autosave_is_set_aside_beside_it(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    own = data_dir / "tabs" / "tab-c.json"
    own.parent.mkdir()
    own.write_text("{", encoding="utf-8")
    monkeypatch.setenv("BIGFIVE_AUTOSAVE", str(own))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "could not be read" in str(app.screen.query_one("#notice").render())
    (kept,) = own.parent.glob("tab-c.damaged-*.json")
    assert kept.read_text(encoding="utf-8") == "{"
    assert not own.exists()


async def test_a_finished_game_stays_among_the_saves_marked_won_and_replays_from_the_load_list(
    data_dir: Path,
) -> None:
    """A finished game was deleted with the autosave and gone once a new game started; the
    load list did not say which games were won or lost."""
    from test_app_support import one_spot_from_winning

    from bigfive_tui.app.screens.dialogs import LoadDialog, SaveList, save_lines
    from bigfive_tui.app.screens.end import EndScreen
    from bigfive_tui.app.screens.timeline import TimelineScreen

    session = one_spot_from_winning()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s", "enter")  # Kate spots the buffalo: the safari is won
        await wait_until(pilot, lambda: showing(app, EndScreen))
        autosaved(app)
        (kept,) = saves.saves_dir().glob("won-*.json")
        assert not saves.has_autosave()
        assert saves.read_save(kept).session.state == session.state
        info = saves.describe(kept)
        assert info.outcome == "won" and info.summary.startswith("won · ")
        assert f"  won · {info.when}  " in save_lines([info], 100)[0]
        # A new game does not take its place, and the load list marks it and opens it.
        app.in_play.start(GameSetup(seed=9))
        await wait_until(pilot, lambda: app.session is not session)
        await pilot.pause()
        autosaved(app)
        assert list(saves.saves_dir().glob("won-*.json")) == [kept]
        app.run_worker(app.in_play.load())
        await wait_until(pilot, lambda: showing(app, LoadDialog))
        listed = app.screen.query_one(SaveList)
        assert any(f"won · {info.when}" in str(option.prompt) for option in listed._options)
        app.screen.dismiss(kept)
        await wait_until(pilot, lambda: showing(app, EndScreen))
        await pilot.press("r")  # its end screen replays it
        await wait_until(pilot, lambda: showing(app, TimelineScreen))
        autosaved(app)
        # Loading the finished game wrote no second copy of it.
        assert list(saves.saves_dir().glob("won-*.json")) == [kept]


def test_a_lost_game_is_marked_lost_and_a_game_going_on_is_not_marked(data_dir: Path) -> None:
    import random

    from bigfive_tui.app.setups.big_five import GameSetup as Setup
    from bigfive_tui.players import greedy_player

    lost = seeded_session(5)
    rng = random.Random(5)
    while not lost.state.over:
        lost.play(greedy_player.choose(lost.state, lost.legal_actions(), rng))
    assert lost.state.outcome.startswith("lost")
    assert saves.describe(saves.save_named("the-end", lost, frozenset())).outcome == "lost"
    going_on = saves.save_named("going-on", Setup(seed=3).session(), frozenset())
    assert saves.describe(going_on).outcome == ""
    assert '"outcome"' not in going_on.read_text(encoding="utf-8")  # older readers read it
