"""The game screen says why not, in full and before the choice: refusals on the prompt, costs
in target mode, clicks beside the targets, and the hand-over's summary of computer turns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_app_support import (
    SIZE,
    click_space,
    end_turn,
    game_screen,
    make_app,
    prompt_text,
    scenario_session,
    seeded_session,
    space,
    wait_until,
)
from textual.widgets import Static

from bigfive_tui.app.components.action_bar import ActionBar
from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.screens.dialogs import HandOverScreen
from bigfive_tui.engine.content import Guide
from bigfive_tui.engine.session import Session
from bigfive_tui.engine.state import Phase


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def jack_and_kate(**turn: Any) -> Session:
    """Jack on the centre piece, far from both park entrances, no fire and no tokens."""
    return scenario_session(
        {
            "guides": ["jack", "kate"],
            "vehicles": {"jack": {"at": "★4", "fuel": 3}, "kate": {"at": "♣4"}},
            "turn": {"guide": "jack", "phase": "actions", **turn},
        }
    )


async def test_refusals_with_no_actions_left_are_short_and_whole() -> None:
    app = make_app(jack_and_kate(actions_left=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert prompt_text(app) == "Move: Jack has no actions left."
        await pilot.press("R")
        await pilot.pause()
        assert prompt_text(app) == (
            "Repair: Nothing to repair: no vehicle has a flat tyre and no gate is broken."
        )


async def test_a_prompt_too_long_for_two_lines_ends_in_an_ellipsis() -> None:
    app = make_app(jack_and_kate())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bar = game_screen(app).query_one(ActionBar)
        text = " ".join(f"reason{i}" for i in range(60))
        bar.prompt(text, warning=True)
        await pilot.pause()
        lines = prompt_text(app).splitlines()
        assert len(lines) == 2 and lines[1].endswith("…")
        assert bar.query_one("#prompt", Static).tooltip == text
        bar.prompt("Short again.")
        await pilot.pause()
        assert prompt_text(app) == "Short again."
        assert bar.query_one("#prompt", Static).tooltip is None


async def test_refuel_refusal_names_the_missing_entrance_before_the_cost() -> None:
    app = make_app(jack_and_kate(actions_left=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert "no clear view of a park entrance token" in prompt_text(app)
        assert "actions" not in prompt_text(app)
        await pilot.press("d")
        await pilot.pause()
        assert "starts on a park entrance token; Jack is not on one" in prompt_text(app)


async def test_jacks_extinguish_refusal_says_fires_on_his_piece_go_out_by_themselves() -> None:
    app = make_app(jack_and_kate())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert "no fire in clear view" in prompt_text(app)
        assert "fires on his own piece go out by themselves" in prompt_text(app)


async def test_a_click_beside_the_marked_spaces_says_why_it_is_no_target() -> None:
    app = make_app(jack_and_kate())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        board = game_screen(app).query_one(BoardView)
        assert board.targeting and space("♣4") not in board.targets
        await click_space(pilot, app, space("♣4"))
        assert "Move: ♣4 is not next to Jack's vehicle" in prompt_text(app)
        assert board.targeting  # the choice goes on
        await click_space(pilot, app, board.targets[0])
        assert game_screen(app).session.state.actions_left == 3


def among_hills(at: str) -> Session:
    """Jack on a piece with hills ★1 and ★2 in its north-west corner."""
    hills = {"spaces": ["h1 h2 sa", "s3 s4 s5", "s6 sb sc"]}
    return scenario_session(
        {
            "guides": ["jack", "kate"],
            "board": {
                "pieces": [{"name": "hills", "symbol": "★", "key": "t", "sides": {"A": hills}}]
            },
            "vehicles": {"jack": {"at": at}, "kate": {"at": "♣4"}},
            "turn": {"guide": "jack", "phase": "actions"},
        }
    )


async def test_the_move_prompt_names_a_single_hill_in_the_singular() -> None:
    app = make_app(among_hills("★4"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert "(1 action; hill ★2 costs 2)" in prompt_text(app)


async def test_the_move_prompt_shows_what_the_marked_spaces_cost_and_the_hills_left_out() -> None:
    session = among_hills("★3")
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert "(1 action; hills ★1, ★2 cost 2)" in prompt_text(app)
        await pilot.press("escape")
        session.state.actions_left = 1
        await pilot.press("m")
        await pilot.pause()
        # A first game's reader missed the hills among the targets with nothing saying why.
        assert "(1 action each; hills ★1, ★2 would cost 2, 1 left)" in prompt_text(app)


async def test_the_hand_over_of_a_first_turn_sums_up_since_the_safari_began() -> None:
    session = seeded_session(8, (Guide.JACK, Guide.KATE, Guide.SAM))
    app = make_app(session, computer_seats=frozenset({0}))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(  # the dialog composed, not just pushed (a loaded machine shows it)
            pilot,
            lambda: (
                isinstance(app.screen, HandOverScreen)
                and session.state.turn == 2
                and bool(app.screen.query("#handover-summary"))
            ),
        )
        summary = str(app.screen.query_one("#handover-summary", Static).render()).splitlines()
        assert summary[0] == "Since the safari began:" and summary[1].startswith("Jack drew")


async def test_the_hand_over_sums_up_what_the_computer_guides_did() -> None:
    """Two people (Jack, Anna) and three computer teammates: the box for Jack sums up the
    turns since his last one, each computer action with its reason in brackets."""
    guides = (Guide.JACK, Guide.KATE, Guide.DAVID, Guide.SAM, Guide.ANNA)
    session = seeded_session(8, guides)
    app = make_app(session, computer_seats=frozenset({1, 2, 3}))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(  # the box composed, not just pushed
            pilot,
            lambda: isinstance(app.screen, HandOverScreen) and bool(app.screen.query(Static)),
        )
        game = game_screen(app)
        await wait_until(pilot, lambda: bool(app.screen.query("#handover-summary")))
        first = str(app.screen.query_one("#handover-summary", Static).render()).splitlines()
        assert all(line.startswith("Setup: ") for line in first[1:])  # turn 1: the setup only
        await pilot.press("enter")  # Jack draws
        await wait_until(pilot, lambda: app.screen is game and session.state.phase == Phase.ACTIONS)
        await end_turn(pilot, app)  # and ends his turn
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, HandOverScreen) and session.state.turn == 5,
        )
        await pilot.press("enter")  # Anna draws
        await wait_until(pilot, lambda: app.screen is game and session.state.phase == Phase.ACTIONS)
        await end_turn(pilot, app)  # and ends her turn
        await wait_until(
            pilot,
            lambda: (
                isinstance(app.screen, HandOverScreen)
                and session.state.turn == 6
                and bool(app.screen.query("#handover-summary"))
            ),
        )
        texts = [str(widget.render()) for widget in app.screen.query(Static)]
        assert "Pass the keyboard to Jack." in texts
        summary = str(app.screen.query_one("#handover-summary", Static).render()).splitlines()
        assert summary[0] == "Since Jack's last turn:"
        drawers = [line.split(" drew ")[0] for line in summary[1:]]
        assert drawers == ["Kate", "David", "Sam", "Anna"]
        assert (
            summary[1].startswith("Kate drew ") and "(every turn opens with a card; " in summary[1]
        )


async def test_with_one_person_the_summary_is_a_notice_and_no_box() -> None:
    session = seeded_session(8, (Guide.JACK, Guide.KATE))
    app = make_app(session, computer_seats=frozenset({1}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, HandOverScreen)
        await pilot.press("D")
        await wait_until(pilot, lambda: session.state.phase == Phase.ACTIONS)
        await end_turn(pilot, app)
        await wait_until(pilot, lambda: session.state.turn == 3)
        await wait_until(  # Kate's turn is summed up in a notice once it is over
            pilot,
            lambda: any(notice.message.startswith("Kate drew") for notice in app._notifications),
        )
        assert not isinstance(app.screen, HandOverScreen)


async def test_the_first_turn_sums_up_the_setup_and_what_fled_during_it() -> None:
    """A rhino (here a leopard) that fled during the setup was never told: the first turn
    says where the fires, animals, buffalo and food tokens went, and what fled."""
    session = seeded_session(3)
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(
            pilot,
            lambda: (
                isinstance(app.screen, HandOverScreen)
                and bool(app.screen.query("#handover-summary"))
            ),
        )
        summary = str(app.screen.query_one("#handover-summary", Static).render()).splitlines()
        assert summary[0] == "Since the safari began:"
        told = " ".join(summary)
        assert "Setup: fires on ♣5 ■6" in told
        assert "Setup: animals face down on ♥4 ★2 · buffalo on ♠5" in told
        assert "Setup: food tokens on ●2 ●6 ▲1 ♠2" in told
        assert "Setup: fled out of the game: a leopard (rolled onto the burning ■ piece)" in told


async def test_one_person_at_the_keyboard_is_told_the_setup_in_a_notice() -> None:
    session = seeded_session(3)
    app = make_app(session, computer_seats=frozenset({1}))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: bool(app._notifications))
        told = [note for note in app._notifications if note.title == "The setup"]
        assert told and "a leopard (rolled onto the burning ■ piece)" in told[0].message
