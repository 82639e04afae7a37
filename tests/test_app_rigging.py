"""Rigging in the app (debug mode, ``!``): the next roll, the next card, a face-down token; the log
marks them and the save keeps them (D-rig-*)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_app_support import (
    SIZE,
    at_the_game,
    autosaved,
    choose,
    make_app,
    prompt_text,
    scenario_session,
    showing,
    space,
    wait_until,
)

from bigfive_tui.app.files import saves
from bigfive_tui.app.screens.dialogs import ChoiceDialog
from bigfive_tui.engine.content import ANIMAL_KIND, MONKEY
from bigfive_tui.engine.session import Session


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def kate_to_draw() -> Session:
    return scenario_session(
        {
            "guides": ["kate", "david"],
            "vehicles": {"kate": {"at": "★4"}, "david": {"at": "♣4"}},
            "tokens": {"■4": "lion", "●2": "rhino"},
            "turn": {"guide": "kate", "phase": "draw"},
        }
    )


async def test_rigging_a_card_and_a_roll_is_marked_in_the_log_and_kept_in_the_save() -> None:
    session = kate_to_draw()
    app = make_app(session, step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        game = await at_the_game(pilot, app)
        await pilot.press("exclamation_mark")
        await choose(pilot, app, "next event card")
        await choose(pilot, app, "Fire")
        assert session.log[-1].text == "Debug: the next event card is rigged: Fire."
        await pilot.press("exclamation_mark")
        await choose(pilot, app, "next roll")
        await choose(pilot, app, "■")
        await choose(pilot, app, "■ 5")
        await pilot.press("D")  # Kate draws the rigged card; its fire rolls the rigged roll
        await wait_until(pilot, lambda: session.state.phase == 1 and app.screen is not game)
        texts = [step.text for step in session.log]
        assert "Kate draws: Fire (rigged in debug mode)." in texts
        assert "Rolled ■5 (rigged in debug mode) for a fire." in texts
        assert session.state.fires[space("■5")] == 1
        autosaved(app)
        record = json.loads(saves.autosave_path().read_text(encoding="utf-8"))["record"]
        assert record["rigs"] == [
            {"before": 0, "rig": "rig card Fire"},
            {"before": 0, "rig": "rig roll ■5"},
        ]
        again = saves.read_save(saves.autosave_path())
        assert again.session.state == session.state


async def test_looking_at_a_face_down_token_and_making_it_another_animal() -> None:
    session = kate_to_draw()
    app = make_app(session, step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        await at_the_game(pilot, app)
        await pilot.press("exclamation_mark")
        await choose(pilot, app, "face-down token")
        await choose(pilot, app, "■4")
        await wait_until(pilot, lambda: showing(app, ChoiceDialog))
        assert "■4 is a lion" in app.screen.title_text  # type: ignore[attr-defined]
        assert session.log[-1].text == "Debug: the face-down token on ■4 is a lion."
        await choose(pilot, app, "monkey")
        token = session.state.token_at[space("■4")]
        assert ANIMAL_KIND[token] == MONKEY and not session.state.face_up[token]
        assert "rigged to be a monkey (it was a lion)" in session.log[-1].text
        assert not session.can_undo()


async def test_rigging_is_for_debug_mode_only() -> None:
    session = kate_to_draw()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        game = await at_the_game(pilot, app)
        await pilot.press("exclamation_mark")
        await pilot.pause()
        assert app.screen is game and "debug mode" in prompt_text(app)
        assert not [step for step in session.log if step.kind == "rig"]


async def test_a_second_rigged_roll_says_it_comes_after_the_first() -> None:
    session = kate_to_draw()
    app = make_app(session, step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        await at_the_game(pilot, app)
        for roll in ("first", "second"):
            await pilot.press("exclamation_mark")
            await choose(pilot, app, "next roll")
            await wait_until(pilot, lambda: showing(app, ChoiceDialog))
            said = app.screen.prompt  # type: ignore[attr-defined]
            if roll == "first":
                assert said.startswith("Rolled next, for whatever rolls first")
            else:
                assert said.startswith("Rolled after the 1 roll rigged already: roll 2 from now")
            await choose(pilot, app, "X")
            await choose(pilot, app, "X and 3")
        assert session.state.rigged_dice[0] == session.state.rigged_dice[1]


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_rigs_still_waiting_are_shown_beside_the_board(size: tuple[int, int]) -> None:
    """At 80 x 24 the table (which lists them) is a page away: the guide's card beside the
    board names them, on the game screen and on the timeline."""
    from textual.widget import Widget

    from bigfive_tui.app.components.guide_card import GuideCard
    from bigfive_tui.app.components.table_info import TableInfo
    from bigfive_tui.app.screens.timeline import TimelineScreen

    session = kate_to_draw()
    app = make_app(session, step_through=True)
    async with app.run_test(size=size) as pilot:
        game = await at_the_game(pilot, app)
        await pilot.press("exclamation_mark")
        await choose(pilot, app, "next event card")
        await choose(pilot, app, "Fire")
        await pilot.press("exclamation_mark")
        await choose(pilot, app, "next roll")
        await choose(pilot, app, "■")
        await choose(pilot, app, "■ 5")
        await wait_until(pilot, lambda: app.screen is game)
        await pilot.pause()

        def beside_the_board() -> str:
            kind: type[Widget] = GuideCard if size == (80, 24) else TableInfo
            widget = app.screen.query_one(kind)
            assert widget.display and widget.region.width > 0
            return " ".join(
                "".join(segment.text for segment in strip)
                for strip in widget.render_lines(widget.content_region.reset_offset)
            )

        shown = beside_the_board()
        assert ("rig: roll ■5 · Fire" if size == (80, 24) else "Roll next: ■5") in shown, shown
        await pilot.press("T")
        await wait_until(pilot, lambda: showing(app, TimelineScreen))
        await pilot.pause()
        assert "■5" in beside_the_board()
