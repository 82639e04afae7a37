"""Practice that teaches: the strong teammate plays with reasons, the hint, the pace of
computer turns, and no hand-over box when one person plays alone."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from test_app_support import (
    SIZE,
    autosaved,
    end_turn,
    game_screen,
    make_app,
    on_top,
    palette_highlights,
    prompt_text,
    seeded_session,
    showing,
    wait_until,
)
from textual.pilot import Pilot
from textual.widgets import Input

from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.components.cycle_field import CycleField
from bigfive_tui.app.components.key_bar import KeyBar
from bigfive_tui.app.files import saves, settings
from bigfive_tui.app.keys.table import ACTION_KEYS, COACH_KEYS, OTHER_KEYS
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.screens.dialogs import ConfirmDialog, HandOverScreen, SaveDialog
from bigfive_tui.app.screens.end import EndScreen
from bigfive_tui.app.screens.game import GameScreen
from bigfive_tui.app.screens.new_game import NewGameScreen
from bigfive_tui.app.screens.steps import StepsScreen
from bigfive_tui.app.setups.practice import PACE_ORDER, hints_used
from bigfive_tui.engine.content import Guide
from bigfive_tui.engine.session import Session
from bigfive_tui.engine.state import Phase


async def test_a_strong_teammate_plays_a_computer_turn_with_reasons_in_the_log() -> None:
    """Kate (computer, the search player) plays her whole turn; each of her actions has its
    reason in the log, and Jack, the only person, gets no hand-over box."""
    session = seeded_session(8, (Guide.JACK, Guide.KATE))
    app = make_app(session, computer_seats=frozenset({1}), strength="strong")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, HandOverScreen)
        await pilot.press("D")
        await wait_until(pilot, lambda: session.state.phase == Phase.ACTIONS)
        await end_turn(pilot, app)
        await wait_until(pilot, lambda: session.state.turn == 3, timeout=60)
        assert not isinstance(app.screen, HandOverScreen)
        kate = [step for step in session.log if step.kind == "reason"]
        assert kate and all(step.text.startswith("Kate: ") for step in kate)
        assert any(step.text.startswith("Kate: Draw the event card:") for step in kate)
        jack_ends = session.texts.index("end")
        kate_ends = session.texts.index("end", jack_ends + 1)
        assert len(kate) == kate_ends - jack_ends  # one reason for each of Kate's actions


async def test_a_hint_opens_the_target_mode_of_its_action_and_is_counted() -> None:
    session = seeded_session(8, (Guide.JACK, Guide.KATE))
    app = make_app(session, computer_seats=frozenset({1}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("D")
        await wait_until(pilot, lambda: session.state.phase == Phase.ACTIONS)
        await pilot.press("w")
        screen = game_screen(app)
        await hint_shown(pilot, app, session, 1)
        text = prompt_text(app)
        assert text.startswith("Hint: ") and ": " in text.removeprefix("Hint: ")
        hinted = hint_notices(app)
        assert len(hinted) == 1
        reason = text.removeprefix("Hint: ").split(". ")[0]
        assert hinted[0].startswith(f"{reason}.")
        # The rest of the turn as the strong teammate foresees it (this hint's is a route).
        assert ". Then: " in hinted[0], hinted[0]
        if screen._pending is not None:  # an action with a space as its target
            board = screen.query_one(BoardView)
            assert board.cursor in screen._pending
            actions = screen._pending[board.cursor]
            before = len(session.actions)
            await pilot.press("enter")
            await pilot.pause()
            assert len(session.actions) == before + 1
            assert session.actions[-1] in actions


def hinted(session: Session, asked: int) -> bool:
    return hints_used(session) == asked


def hint_notices(app: BigFiveApp) -> list[str]:
    return [n.message for n in app._notifications if n.title == "Hint"]


async def hint_shown(pilot: Pilot[None], app: BigFiveApp, session: Session, asked: int) -> None:
    """Until the ``asked``-th hint is counted and its notice is up. notify() posts a message:
    the notice joins the app's once that is handled, after the count (on a loaded CI machine a
    check came between the two)."""
    await wait_until(pilot, functools.partial(hinted, session, asked), timeout=60)
    await wait_until(pilot, lambda: bool(hint_notices(app)))


async def test_a_new_hint_replaces_the_one_shown() -> None:
    session = seeded_session(8, (Guide.JACK, Guide.KATE))
    app = make_app(session, computer_seats=frozenset({1}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("D")
        await wait_until(pilot, lambda: session.state.phase == Phase.ACTIONS)
        for asked in (1, 2):
            await pilot.press("escape", "w")
            await hint_shown(pilot, app, session, asked)
        assert [n.title for n in app._notifications] == ["Hint"]


async def test_the_hint_leaves_the_screen_when_a_computer_turn_begins() -> None:
    """Issue 24: the hint's notice stayed over the board while the computer teammates played;
    it is the person's, and goes when a computer's turn begins."""
    session = seeded_session(8, (Guide.JACK, Guide.KATE))
    app = make_app(session, computer_seats=frozenset({1}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("D")
        await wait_until(pilot, lambda: session.state.phase == Phase.ACTIONS)
        await pilot.press("w")
        await hint_shown(pilot, app, session, 1)
        assert [n.title for n in app._notifications] == ["Hint"]
        await pilot.press("escape")
        await end_turn(pilot, app)  # Kate's turn follows at once (its notice lasts 20 s)
        await wait_until(pilot, lambda: len(session.actions) > session.texts.index("end") + 1)
        assert not [n for n in app._notifications if n.title == "Hint"]


async def test_the_hint_leaves_the_screen_once_an_action_is_played_or_a_dialog_opens() -> None:
    """Played hot-seat at 80 x 24: the hint's notice (20 s) stayed over a third of the board
    after its action was played, hid a vehicle, and covered the dialog of its own action, the
    next guide's hand-over box and card, still saying "Jack has no actions left" in Kate's
    turn. It is about the position it was asked in, and goes with the next action or dialog."""
    session = seeded_session(8, (Guide.JACK, Guide.KATE))
    app = make_app(session)  # two people: a hand-over box between turns
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: showing(app, HandOverScreen))
        await pilot.press("enter")  # Jack draws
        await wait_until(pilot, lambda: session.state.phase == Phase.ACTIONS)
        await pilot.press("w")
        await hint_shown(pilot, app, session, 1)
        assert [n.title for n in app._notifications] == ["Hint"]
        await pilot.press("escape", "e")  # a dialog: the hint covered its words
        await wait_until(pilot, lambda: showing(app, ConfirmDialog))
        assert not [n for n in app._notifications if n.title == "Hint"]
        await pilot.press("escape")  # keep playing
        await wait_until(pilot, lambda: not isinstance(app.screen, ConfirmDialog))
        await pilot.press("w")
        await hint_shown(pilot, app, session, 2)
        assert [n.title for n in app._notifications] == ["Hint"]
        before = len(session.actions)
        screen = game_screen(app)
        if screen._pending is not None:
            await pilot.press("enter")  # the hinted action
        else:
            await pilot.press("escape")
            await end_turn(pilot, app)
        await wait_until(pilot, lambda: len(session.actions) > before)
        assert not [n for n in app._notifications if n.title == "Hint"]
        await pilot.press("escape", "w")  # a hint again, then the turn passes to Kate
        await wait_until(pilot, lambda: hints_used(session) == 3, timeout=60)
        await pilot.press("escape")
        await end_turn(pilot, app)
        await wait_until(pilot, lambda: showing(app, HandOverScreen))
        assert not [n for n in app._notifications if n.title == "Hint"]


async def test_hints_are_counted_on_the_end_screen() -> None:
    session = seeded_session(8, (Guide.JACK, Guide.KATE))
    app = make_app(session, computer_seats=frozenset({1}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("w")
        await wait_until(pilot, lambda: hints_used(session) == 1, timeout=60)
        app.push_screen(EndScreen(session, hints_used(session)))
        await pilot.pause()
        assert "1 hint asked" in str(app.screen.query_one("#turns").render())


async def test_the_pace_key_cycles_and_step_by_step_waits_for_the_next_action_key() -> None:
    session = seeded_session(8, (Guide.JACK, Guide.KATE))
    app = make_app(session, computer_seats=frozenset({1}), pace="step")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("D")
        await wait_until(pilot, lambda: session.state.phase == Phase.ACTIONS)
        await end_turn(pilot, app)
        await wait_until(pilot, lambda: session.state.seat == 1)
        await wait_until(pilot, lambda: "step by step" in prompt_text(app))
        played = len(session.actions)
        assert "F the rest of the turn" in prompt_text(app)
        await pilot.press("full_stop")
        await wait_until(pilot, lambda: len(session.actions) == played + 1)
        await pilot.pause(0.2)
        assert len(session.actions) == played + 1  # one action per press
        await pilot.press("F")  # the rest of the turn at once
        await wait_until(pilot, lambda: session.state.seat == 0, timeout=60)
        screen = game_screen(app)
        await pilot.press("greater_than_sign")
        assert screen.pace == PACE_ORDER[(PACE_ORDER.index("step") + 1) % len(PACE_ORDER)]
        assert app.computer_pace == screen.pace


async def test_the_hand_over_box_shows_only_when_the_keyboard_passes_between_people() -> None:
    session = seeded_session(8, (Guide.JACK, Guide.KATE, Guide.SAM))
    app = make_app(session, computer_seats=frozenset({1}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)  # Jack and Sam share the keyboard


async def test_debug_mode_shows_a_computer_reason_beside_the_rule_steps() -> None:
    session = seeded_session(8, (Guide.JACK, Guide.KATE))
    app = make_app(session, computer_seats=frozenset({0}), step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, StepsScreen) and bool(app.screen.query("#steps-reason")),
        )
        assert on_top(app, StepsScreen).reason.startswith("Draw the event card:")
        assert "Why:" in str(app.screen.query_one("#steps-reason").render())


def test_the_practice_keys_are_in_the_one_key_table() -> None:
    keys = {entry.key for entry in COACH_KEYS}
    assert not keys & {"h", "j", "k", "l", "plus", "minus", "+", "-"}
    helped = {text for _, text in OTHER_KEYS}
    assert all(entry.help in helped for entry in COACH_KEYS)
    assert not keys & {entry.key for entry in ACTION_KEYS}


async def test_the_new_game_screen_offers_practice_with_a_choice_of_teammates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Practice: the first guide is the person's, every other seat a computer teammate of
    the chosen strength; the choice is remembered for the next new game."""
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    app = make_app(None)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: showing(app, NewGameScreen))
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#practice", CycleField).set_value(True, announce=True)
        screen.query_one("#teammates", CycleField).set_value("steady", announce=True)
        await pilot.pause()
        setup = screen.setup()
        assert setup.practice and setup.teammates == "steady"
        assert [seat.computer for seat in setup.seats] == [False] + [True] * (len(setup.seats) - 1)
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.session is not None)
        await pilot.pause()
        assert app.computer_strength == "steady"
        assert app.computer_seats == frozenset(range(1, len(setup.seats)))
    remembered = settings.remembered_setup()
    assert remembered is not None and remembered.practice and remembered.teammates == "steady"


async def test_the_palette_finds_the_hint_and_runs_it() -> None:
    session = seeded_session(8, (Guide.JACK, Guide.KATE))
    app = make_app(session, computer_seats=frozenset({1}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"hint")
        await wait_until(pilot, lambda: palette_highlights(app, "Hint"))
        await pilot.press("enter")
        await wait_until(pilot, lambda: hints_used(session) == 1, timeout=60)


async def test_a_practice_game_saved_and_loaded_keeps_seats_strength_pace_and_hints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The save holds what practice was: Kate a computer teammate of the steady strength,
    computer turns at the fast pace, one hint asked; the loaded game goes on with all four."""
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("BIGFIVE_AUTOSAVE", raising=False)
    session = seeded_session(8, (Guide.JACK, Guide.KATE))
    app = make_app(session, computer_seats=frozenset({1}), strength="steady", pace="instant")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await wait_until(pilot, lambda: hints_used(session) == 1, timeout=60)
        await pilot.press("escape", "greater_than_sign")  # instant -> fast
        await wait_until(pilot, lambda: app.computer_pace == "fast")
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: showing(app, SaveDialog))
        app.screen.query_one(Input).value = "practice"
        await pilot.press("enter")
        await wait_until(pilot, lambda: (tmp_path / "saves" / "practice.json").exists())
        autosaved(app)
    for path in (tmp_path / "saves" / "practice.json", saves.autosave_path()):
        loaded = saves.read_save(path)
        assert loaded.practice == saves.PracticeNote(teammates="steady", pace="fast", hints=1)
    other = make_app(None, strength="strong", pace="normal")
    async with other.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(other.screen, NewGameScreen))
        assert other.in_play.open_save(tmp_path / "saves" / "practice.json")
        await wait_until(pilot, lambda: isinstance(other.screen, GameScreen))
        await wait_until(pilot, lambda: bool(other.screen.query(KeyBar)))
        loaded_session = other.session
        assert isinstance(loaded_session, Session)
        assert other.computer_seats == frozenset({1})
        assert other.computer_strength == "steady"
        screen = game_screen(other)
        assert screen.strength == "steady" and screen.pace == "fast"
        assert hints_used(loaded_session) == 1
        other.push_screen(EndScreen(loaded_session, hints_used(loaded_session)))
        await wait_until(pilot, lambda: bool(other.screen.query("#turns")))
        assert "1 hint asked" in str(other.screen.query_one("#turns").render())


def test_a_hot_seat_save_without_hints_holds_no_practice_and_older_saves_load() -> None:
    session = seeded_session(8, (Guide.JACK, Guide.KATE))
    text = saves.save_text(session, frozenset())
    assert "practice" not in json.loads(text)
    note = saves.PracticeNote(teammates="strong", pace="step", hints=3)
    assert json.loads(saves.save_text(session, frozenset({1}), note))["practice"] == {
        "teammates": "strong",
        "pace": "step",
        "hints": 3,
    }


def test_a_save_with_a_wrong_practice_note_is_refused_by_name(tmp_path: Path) -> None:
    session = seeded_session(8, (Guide.JACK, Guide.KATE))
    data = json.loads(saves.save_text(session, frozenset({1})))
    data["practice"] = {"teammates": "strong", "pace": "glacial", "hints": 0}
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(saves.SaveError, match=r"odd\.json is damaged: practice\.pace"):
        saves.read_save(path)


@pytest.mark.parametrize("computer", [frozenset(), frozenset({1})])
async def test_the_practice_keys_are_on_the_key_bar_only_with_computer_seats(
    computer: frozenset[int],
) -> None:
    """A hot-seat game has no computer turns: its bar keeps ^s Save, not the pace key."""
    session = seeded_session(8, (Guide.JACK, Guide.KATE))
    app = make_app(session, computer_seats=computer)
    async with app.run_test(size=SIZE) as pilot:

        def bar() -> str:
            screens = [s for s in app.screen_stack if isinstance(s, GameScreen)]
            found = screens[0].query(KeyBar) if screens else None
            return str(found.first().render()) if found else ""

        await wait_until(pilot, lambda: "palette" in bar())
        text = bar()
        wide = app.size.width >= 100  # at 80 columns the bar has room for neither
        assert ("> pace" in text) is (bool(computer) and wide), text
        if not computer:  # the first turn's hand-over box, then the game screen's keys
            assert ("^s Save" in text) is wide, text
            if isinstance(app.screen, HandOverScreen):
                await pilot.press("enter")
                await wait_until(pilot, lambda: showing(app, GameScreen))
            await pilot.press("greater_than_sign")  # does nothing in a hot-seat game
            await pilot.pause()
            assert game_screen(app).pace == "normal"
            app.action_pace()  # as the palette runs it: told why not
            await pilot.pause()
            assert game_screen(app).pace == "normal"
            assert "no computer turns to pace" in prompt_text(app)
