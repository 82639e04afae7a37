"""Whole games through the app, from a scenario position to a win and to each way of losing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_app_support import SIZE, autosaved, make_app, scenario_session, space
from textual.widgets import Static

from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.files import saves
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.screens.dialogs import ConfirmDialog, HandOverScreen
from bigfive_tui.app.screens.end import EndScreen
from bigfive_tui.app.screens.new_game import NewGameScreen


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


async def end_screen_text(app: BigFiveApp) -> str:
    assert isinstance(app.screen, EndScreen), app.screen_stack
    return "\n".join(str(widget.render()) for widget in app.screen.query(Static))


async def test_two_turns_to_a_win_with_keys() -> None:
    """Kate lacks the buffalo, David the buffalo and the rhino. Two turns: Kate draws a giraffe,
    drives one space and spots the buffalo; David draws, spots the rhino and the buffalo."""
    session = scenario_session(
        {
            "guides": ["kate", "david"],
            "vehicles": {
                "kate": {"at": "♣4", "spotted": ["lion", "leopard", "elephant", "rhino"]},
                "david": {"at": "★4", "spotted": ["lion", "leopard", "elephant"]},
            },
            "tokens": {"★5": "rhino up", "★1": "buffalo"},
            "turn": {"guide": "kate", "phase": "draw"},
            "cards": {"top": ["giraffe", "wildebeest"]},
        }
    )
    app = make_app(session, card_pause=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")  # Kate draws the giraffe
        await pilot.pause()
        await pilot.press("enter")  # close the card
        await pilot.pause()
        assert session.state.actions_left == 6
        # Kate spots from afar along her lines, or she first drives; let the engine decide:
        await pilot.press("s")
        await pilot.pause()
        board = app.screen.query_one(BoardView)
        if space("★1") not in board.targets:
            await pilot.press("escape")
            pytest.skip("buffalo not in Kate's view on this board")
        board.cursor = space("★1")
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.spotted[0] == 0b11111
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter", "enter")  # David draws the wildebeest, closes the card
        await pilot.pause()
        await pilot.press("s")
        app.screen.query_one(BoardView).cursor = space("★5")
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.outcome == ""
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.outcome == "won"
        text = await end_screen_text(app)
        assert "Congratulations, guides!" in text and "The safari is won!" in text
        assert "Ended in turn 2 · " in text and "How it ended: turn 2, David" in text
        assert "David (the mechanic)" in text and "✓ Buffalo t2" in text
        autosaved(app)
        assert not saves.has_autosave()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


async def lose_by_drawing(data: dict[str, Any], outcome: str, words: str) -> None:
    session = scenario_session(data)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.outcome == outcome
        text = await end_screen_text(app)
        assert "Game over" in text and "the safari is lost." in text.lower()
        assert words in text
        await pilot.press("b")  # look at the final board
        await pilot.pause()
        assert not isinstance(app.screen, EndScreen)
        await pilot.press("m")
        await pilot.pause()
        assert session.state.outcome == outcome


async def test_lose_by_food() -> None:
    await lose_by_drawing(
        {
            "guides": ["kate", "david"],
            "vehicles": {"kate": {"at": "★4", "food": 2}, "david": {"at": "♣4"}},
            "turn": {"guide": "kate", "phase": "draw"},
            "cards": {"top": ["lost food"]},
        },
        "lost:food",
        "run out of food",
    )


async def test_lose_by_species() -> None:
    await lose_by_drawing(
        {
            "guides": ["kate", "david"],
            "vehicles": {"kate": {"at": "♣4"}, "david": {"at": "♣5"}},
            "tokens": {"★5": "lion"},
            "animals": {"discarded": ["lion", "lion"]},
            "turn": {"guide": "kate", "phase": "draw"},
            "cards": {"top": ["fire"]},
            "play": {"dice": ["★2"]},
        },
        "lost:species:lion",
        "All three lion tokens are gone",
    )


async def test_lose_stuck() -> None:
    await lose_by_drawing(
        {
            "guides": ["kate", "david"],
            "vehicles": {"kate": {"at": "♣4", "fuel": 1}, "david": {"at": "▲4", "fuel": 1}},
            "turn": {"guide": "kate", "phase": "draw"},
            "cards": {"top": ["overheated engine (all)"]},
        },
        "lost:stuck",
        "No vehicle can move",
    )


async def test_the_end_screen_focuses_its_first_button_and_quitting_as_it_opens_is_safe() -> None:
    """Quitting while the end screen is still being built (an online game ended as its player
    pressed ctrl+q) closed the app with a traceback: its first button was looked for after the
    app had taken the screen's widgets away."""
    session = scenario_session({"guides": ["kate", "david"]})
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(EndScreen(session, 0))
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "new"
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(EndScreen(session, 0))
        app.exit()
