"""Debug mode's editor (E) and the export of a position (X) in the app (D-edit)."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path

import pytest
from test_app_support import (
    SIZE,
    at_the_game,
    choose,
    make_app,
    on_top,
    played_session,
    showing,
    wait_until,
)
from textual.pilot import Pilot
from textual.widgets import Input, Static

from bigfive_tui.app.files import saves
from bigfive_tui.app.files.positions import export as export_to
from bigfive_tui.app.files.positions import import_scenario, position_of, scenarios_dir
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.screens.dialogs import SaveDialog
from bigfive_tui.app.screens.editor import EditorScreen
from bigfive_tui.app.screens.timeline import TimelineScreen
from bigfive_tui.cli import main
from bigfive_tui.engine.content import ANIMAL_KIND, MONKEY
from bigfive_tui.engine.session import Session
from bigfive_tui.formats.replay import record_of
from bigfive_tui.scenarios.write_position import position


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


async def name_it(pilot: Pilot[None], app: BigFiveApp, name: str) -> None:
    await wait_until(pilot, lambda: showing(app, SaveDialog))
    app.screen.query_one(Input).value = name
    await pilot.press("enter")


def status(editor: EditorScreen) -> str:
    return str(editor.query_one("#edit-status", Static).render())


async def test_D_edit_an_edited_position_is_checked_and_played_on_from() -> None:
    session = played_session(40)
    before = record_of(session)
    app = make_app(session, step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        await at_the_game(pilot, app)
        await pilot.press("E")
        await wait_until(pilot, lambda: showing(app, EditorScreen))
        editor = on_top(app, EditorScreen)
        assert isinstance(editor, EditorScreen)
        assert "A possible position" in status(editor)
        guide = session.game.guides[1].title
        await pilot.press("g")
        await choose(pilot, app, guide)
        await choose(pilot, app, "Food")
        await choose(pilot, app, "0")  # food 0: the game would already be lost
        assert "Impossible" in status(editor) and "R-end-food" in status(editor)
        await pilot.press("a")  # refused while impossible
        await pilot.pause()
        assert app.screen is editor
        await pilot.press("u")
        assert "A possible position" in status(editor)
        await pilot.press("g")
        await choose(pilot, app, guide)
        await choose(pilot, app, "Fuel")
        await choose(pilot, app, "2")
        await pilot.press("n")
        await choose(pilot, app, "Phase")
        await choose(pilot, app, "draw")
        assert "A possible position" in status(editor)
        await pilot.press("a")
        await name_it(pilot, app, "before-the-edit")
        await wait_until(pilot, lambda: app.session is not session)
        edited = app.big_five
        assert edited is not None
        assert edited.state.fuel[1] == 2 and edited.state.phase == 0
        record = record_of(edited)
        assert record.position is not None
        assert record.branches[-1].how == "edited position"
        assert record.branches[-1].abandoned == "before-the-edit.json"
        kept = saves.read_save(saves.saves_dir() / "before-the-edit.json")
        assert isinstance(kept.session, Session)
        assert record_of(kept.session).actions == before.actions  # the old line, not lost


def test_D_position_a_game_from_an_edited_position_begins_its_log_saying_so() -> None:
    session = played_session(40)
    edited = saves.position_session(position_of(session, session.state))
    first = "The game begins from an edited position."
    assert [step.text for step in edited.log] == [first]
    edited.play(edited.legal_actions()[0])
    path = saves.save_named("edited", edited, frozenset(), None)
    again = saves.read_save(path).session
    assert again.log == edited.log and again.log[0].text == first


def test_D_position_a_game_from_a_scenario_begins_its_log_with_the_scenario_s_title(
    tmp_path: Path,
) -> None:
    session = played_session(40)
    path = tmp_path / "exported.toml"
    export_to(session, len(session.entries), path)
    title = tomllib.loads(path.read_text(encoding="utf-8"))["title"]
    imported = import_scenario(path)
    first = f"The game begins from the scenario “{title}”."
    assert [step.text for step in imported.log] == [first]
    saved = saves.save_named("from-the-scenario", imported, frozenset(), None)
    assert saves.read_save(saved).session.log[0].text == first


async def test_D_edit_a_space_gets_a_token_a_fire_or_a_vehicle() -> None:
    session = played_session(40)
    app = make_app(session, step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        await at_the_game(pilot, app)
        await pilot.press("E")
        await wait_until(pilot, lambda: showing(app, EditorScreen))
        editor = on_top(app, EditorScreen)
        assert isinstance(editor, EditorScreen)
        board = session.game.board
        target = board.find("♦4")
        assert target is not None
        editor.query_one("BoardView").cursor = target  # type: ignore[attr-defined]
        await pilot.press("enter")
        guide = session.game.guides[0].title
        await choose(pilot, app, f"Move {guide}'s vehicle here")
        assert editor.position["vehicles"][guide.lower()]["at"] == "♦4"
        # What is on the space under the cursor: below the board, or beside the large one.
        space_info = editor.query("#edit-space, #edit-side").first(Static)
        assert f"{guide}" in str(space_info.render())


async def test_export_from_the_timeline_runs_to_where_the_game_went(
    capsys: pytest.CaptureFixture[str],
) -> None:
    session = played_session(60)
    app = make_app(session, step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        await at_the_game(pilot, app)
        await pilot.press("T")
        await wait_until(pilot, lambda: showing(app, TimelineScreen))
        screen = app.screen
        assert isinstance(screen, TimelineScreen)
        screen.go_to(screen.timeline.turn_starts[4])
        await pilot.press("X")
        await name_it(pilot, app, "turn-five")
        path = scenarios_dir() / "turn-five.toml"
        await wait_until(pilot, path.is_file)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["play"]["actions"] and data["expect"]["turn"] == session.state.turn
    assert main(["scenario", "run", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["passed"] and result["final"]["position"] == position(session.state)


def rigged_on_the_way() -> Session:
    """A game that goes on through a rigged card, a rigged roll and a face-down token made
    another animal after its fifth turn, with a roll rigged at its very end."""
    session = played_session(30)
    state = session.state
    hidden = next(
        cell
        for cell, token in enumerate(state.token_at)
        if token >= 0 and not state.face_up[token] and ANIMAL_KIND[token] != MONKEY
    )
    session.rig_text(f"rig token {session.game.board.names[hidden]} as monkey")
    session.rig_text("rig card Fire")
    session.rig_text("rig roll ♣4")
    chooser = random.Random(5)
    while len(session.actions) < 45:
        legal = session.legal_actions()
        kind = chooser.choice(sorted({a.kind for a in legal}))
        session.play(chooser.choice([a for a in legal if a.kind == kind]))
        assert not session.state.over
    session.rig_text("rig roll X")
    return session


async def test_export_goes_on_through_a_rigged_card_roll_and_token_to_the_game_as_it_is(
    capsys: pytest.CaptureFixture[str],
) -> None:
    session = rigged_on_the_way()
    app = make_app(session, step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        await at_the_game(pilot, app)
        await pilot.press("T")
        await wait_until(pilot, lambda: showing(app, TimelineScreen))
        screen = app.screen
        assert isinstance(screen, TimelineScreen)
        screen.go_to(screen.timeline.turn_starts[3])
        await pilot.press("X")
        await name_it(pilot, app, "through-the-rigs")
        path = scenarios_dir() / "through-the-rigs.toml"
        await wait_until(pilot, path.is_file)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    acts = [item if isinstance(item, str) else item["act"] for item in data["play"]["actions"]]
    assert "rig card Fire" in acts and acts[-1].startswith("rig roll X")
    assert any(text.endswith(" as monkey") for text in acts)
    assert any(
        isinstance(item, dict) and item["dice"] == ["♣4"] for item in data["play"]["actions"]
    )
    assert main(["scenario", "run", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["passed"] and result["final"]["position"] == position(session.state)


async def test_export_of_the_game_as_it_stands_in_debug_mode() -> None:
    session = played_session(30)
    app = make_app(session, step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        await at_the_game(pilot, app)
        await pilot.press("X")
        await name_it(pilot, app, "now")
        path = scenarios_dir() / "now.toml"
        await wait_until(pilot, path.is_file)
    from bigfive_tui.app.files.positions import import_scenario

    imported = import_scenario(path)
    assert position_of(imported, imported.state) == position_of(session, session.state)


async def test_editing_and_exporting_are_for_debug_mode() -> None:
    session = played_session(30)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        game = await at_the_game(pilot, app)
        await pilot.press("E")
        await pilot.pause()
        assert app.screen is game
        await pilot.press("X")
        await pilot.pause()
        assert app.screen is game and not scenarios_dir().exists()


async def test_play_scenario_opens_the_game_at_the_exported_position(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`bigfive play --scenario FILE` plays on from an exported position: the game screen shows
    it, and it plays on as the game it came from did."""
    session = played_session(40)
    path = tmp_path / "exported.toml"
    export_to(session, len(session.entries), path)
    started: list[BigFiveApp] = []
    monkeypatch.setattr(BigFiveApp, "run", lambda self, **_: started.append(self))
    assert main(["play", "--scenario", str(path)]) == 0
    app = started[0]
    async with app.run_test(size=SIZE) as pilot:
        game = await at_the_game(pilot, app)
        imported = app.big_five
        assert imported is not None and imported is not session
        assert position_of(imported, imported.state) == position_of(session, session.state)
        assert game.state is imported.state
        legal = session.legal_actions()
        assert imported.legal_actions() == legal
        session.play(legal[0])
        imported.play(legal[0])
        assert position_of(imported, imported.state) == position_of(session, session.state)


async def test_D_edit_the_log_goes_on_from_the_game_before_the_edit() -> None:
    """After playing on from an edited position the log started empty but for the edit's
    line: it shows the game before it, then the edit; a line of the game before says where
    that game is instead of opening this game's timeline at a wrong moment."""
    from test_app_support import game_screen

    from bigfive_tui.app.components.game_log import GameLog
    from bigfive_tui.app.messages import StepChosen

    session = played_session(40)
    before = [step.text for step in session.log]
    app = make_app(session, step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        await at_the_game(pilot, app)
        await pilot.press("E")
        await wait_until(pilot, lambda: showing(app, EditorScreen))
        await pilot.press("a")
        await name_it(pilot, app, "before-the-edit")
        await wait_until(pilot, lambda: app.session is not session)
        await pilot.pause()
        screen = game_screen(app)
        log = screen.query_one(GameLog)
        shown = " ".join(" ".join(line.text for line in log.lines).split())
        assert " ".join(before[-1].split()) in shown
        assert shown.endswith("The game begins from an edited position.")
        edited = app.big_five
        assert edited is not None and [s.text for s in edited.log] == [
            "The game begins from an edited position."
        ]  # the game's own log (its save, its timeline) begins at the position
        screen.post_message(StepChosen(0))
        await pilot.pause()
        assert not isinstance(app.screen, TimelineScreen)
        screen.post_message(StepChosen(len(before)))
        await wait_until(pilot, lambda: showing(app, TimelineScreen))
