"""Debug mode (F12, --debug): stepping through an action shows the game after each rule step."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_app_support import (
    SIZE,
    click_space,
    game_screen,
    kate_draws_a_fire,
    make_app,
    scenario_session,
    showing,
    space,
    wait_until,
)
from textual.pilot import Pilot

from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.components.table_info import TableInfo
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.screens.dialogs import HandOverScreen
from bigfive_tui.app.screens.game import GameScreen
from bigfive_tui.app.screens.steps import StepsScreen
from bigfive_tui.engine.actions import Act, Action
from bigfive_tui.engine.apply_action import apply
from bigfive_tui.engine.session import Session


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def jack_by_a_fire() -> Session:
    """Jack next to the ♣ piece, where a fire burns: driving there puts it out (R-jack-*)."""
    return scenario_session(
        {
            "guides": ["jack", "kate"],
            "vehicles": {"jack": {"at": "★1"}, "kate": {"at": "■4"}},
            "fires": {"♣4": 1},
            "turn": {"guide": "jack", "phase": "actions"},
        }
    )


def shown(app: BigFiveApp, name: str) -> str:
    """The space as the game screen's board shows it now."""
    return game_screen(app).query_one(BoardView).describe(space(name))


def table(app: BigFiveApp) -> str:
    return str(game_screen(app).query_one(TableInfo).render())


async def stepping(pilot: Pilot[None], app: BigFiveApp) -> StepsScreen:
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, StepsScreen)
    return screen


async def test_stepping_through_a_move_shows_the_board_after_each_step() -> None:
    session = jack_by_a_fire()
    final, _ = apply(session.state, Action(Act.MOVE, space("♣c")))
    app = make_app(session, step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await click_space(pilot, app, space("♣c"))
        steps = await stepping(pilot, app)
        assert [step.rule for step in steps.steps] == ["R-move", "R-jack-extinguish"]
        # Step 1: Jack has arrived; the fire his piece rule puts out still burns.
        assert "Jack's vehicle" in shown(app, "♣c") and "Jack's vehicle" not in shown(app, "★1")
        assert "a fire" in shown(app, "♣4") and "Fires left 9" in table(app)
        await pilot.press("right")
        assert "a fire" not in shown(app, "♣4") and "Fires left 10" in table(app)
        await pilot.press("left")
        assert steps.index == 0 and "a fire" in shown(app, "♣4")
        assert session.state == final  # the live game is the final state all along
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "a fire" not in shown(app, "♣4") and "Jack's vehicle" in shown(app, "♣c")
        assert session.state == final and session.log[-1].rule == "R-jack-extinguish"
        await pilot.press("u")  # stepping took nothing from undo
        await pilot.pause()
        assert "Jack's vehicle" in shown(app, "★1") and "a fire" in shown(app, "♣4")


async def test_a_drawn_card_is_stepped_through_with_no_card_dialog_after_it() -> None:
    session = kate_draws_a_fire()
    app = make_app(session, step_through=True, card_pause=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")  # Kate draws
        steps = await stepping(pilot, app)
        assert [step.kind for step in steps.steps] == ["card", "roll", "place"]
        assert "a fire" not in shown(app, "■4") and re.search(r"Disc(ard)? 0", table(app))
        await pilot.press("right", "right")
        assert steps.index == 2 and "a fire" in shown(app, "■4")
        assert re.search(r"Disc(ard)? 1", table(app))  # the word as the table's width allows
        assert "Kate" in str(steps.query_one("#steps-guides").render())
        await pilot.press("right")  # past the last step: back to the game, and only that
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "a fire" in shown(app, "■4") and session.state.actions_left == 4


async def test_c_in_the_steps_dialog_stops_stepping_through_computer_turns() -> None:
    """With computer seats every computer action would stop in the dialog: c (shown in its
    key hint) lets them play on for the rest of the game; a person's actions still stop."""
    session = jack_by_a_fire()
    app = make_app(session, step_through=True, computer_seats=frozenset({1}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await click_space(pilot, app, space("♣c"))  # Jack's own action: no c in the hint
        steps = await stepping(pilot, app)
        assert "c skip computer turns" not in str(steps.query_one("#steps-dialog").border_subtitle)
        await pilot.press("c")  # means nothing here
        assert app.screen is steps
        await pilot.press("escape")
        await pilot.pause()
        game_screen(app).play(Action(Act.END))
        steps = await stepping(pilot, app)  # Jack's end of turn
        await pilot.press("escape")
        await wait_until(pilot, lambda: showing(app, StepsScreen))
        steps = app.screen
        assert isinstance(steps, StepsScreen) and "Kate (computer)" in steps.title_text
        assert "c skip computer turns" in str(steps.query_one("#steps-dialog").border_subtitle)
        await pilot.press("c")
        # Kate's turn plays on without a dialog, up to Jack's next turn (no hand-over box:
        # Jack is the only person).
        await wait_until(pilot, lambda: session.state.seat == 0 and session.state.turn > 2)
        await pilot.pause()
        assert not isinstance(app.screen, HandOverScreen)
        await pilot.press("D")  # Jack draws: his own actions are still stepped through
        await stepping(pilot, app)


async def test_at_80_by_24_the_steps_box_lies_over_the_board_and_up_moves_it_to_the_top() -> None:
    """No room below the compact board: the box covers its lower part; ↑ shows that part."""
    app = make_app(jack_by_a_fire(), step_through=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await click_space(pilot, app, space("♣c"))
        steps = await stepping(pilot, app)
        box = steps.query_one("#steps-dialog")
        await pilot.pause()
        assert steps.over_board and box.region.bottom == 24
        assert "↑ box to the top" in str(box.border_subtitle)
        await pilot.press("up")
        await pilot.pause()
        assert box.region.y == 0 and "↓ box to the bottom" in str(box.border_subtitle)
        assert steps.index == 0  # ↑ moved the box, not the steps
        await app.run_action("place_box('bottom')", steps)  # the palette's entry
        await pilot.pause()
        assert box.region.bottom == 24


async def test_below_the_normal_board_the_box_has_room_and_no_box_keys() -> None:
    app = make_app(jack_by_a_fire(), step_through=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await click_space(pilot, app, space("♣c"))
        steps = await stepping(pilot, app)
        await pilot.pause()
        assert not steps.over_board
        assert steps.check_action("place_box", ("top",)) is False
