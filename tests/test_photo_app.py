"""Photo Safari in the app (Textual Pilot): the new-game screen and its game choice, moves by
keys and clicks, the legal squares, stays, refusals, photos that flash, the animals' next steps,
undo, debug stepping, help and rules, saves and autosave, and the end screen."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest
from photo_positions import position, sq
from test_app_support import SIZE, on_top, showing, wait_until
from textual.pilot import Pilot

from bigfive_tui.app.components.column_text import ColumnText
from bigfive_tui.app.components.cycle_field import CycleField
from bigfive_tui.app.components.game_log import GameLog
from bigfive_tui.app.components.key_bar import KeyBar
from bigfive_tui.app.files import saves
from bigfive_tui.app.keys.palette import GameCommands
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.messages import SwitchGame
from bigfive_tui.app.photo_safari.board import PhotoBoard
from bigfive_tui.app.photo_safari.end import PhotoEndScreen, ending_step
from bigfive_tui.app.photo_safari.game import FLASH_SECONDS, PhotoGameScreen
from bigfive_tui.app.photo_safari.new_game import PhotoNewGameScreen
from bigfive_tui.app.photo_safari.timeline import PhotoTimelineScreen
from bigfive_tui.app.screens.dialogs import ChoiceDialog
from bigfive_tui.app.screens.help import HelpScreen
from bigfive_tui.app.screens.new_game import NewGameScreen
from bigfive_tui.app.screens.rules import RulesScreen
from bigfive_tui.app.screens.steps import StepsScreen
from bigfive_tui.app.setups.games import BIG_FIVE, PHOTO_SAFARI
from bigfive_tui.app.setups.photo_safari import PhotoSetup
from bigfive_tui.photo_safari.engine.animals import ANIMAL_NAMES, Animal
from bigfive_tui.photo_safari.engine.rules import animal_preview
from bigfive_tui.photo_safari.engine.session import PhotoSession
from bigfive_tui.photo_safari.engine.state import PhotoState
from bigfive_tui.photo_safari.engine.state import Step as PhotoStep


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def photo_app(session: PhotoSession | None = None, **options: Any) -> BigFiveApp:
    settings: dict[str, Any] = {
        "seed": 42,
        "theme": "savanna",
        "computer_delay": 0.0,
        "cursor_blink": False,
        "game": PHOTO_SAFARI,
    }
    settings.update(options)
    app = BigFiveApp(session=session, **settings)
    app.animation_level = "none"
    return app


def hot_seat() -> PhotoSession:
    return PhotoSetup((False, False), "typical").session()


def built(state: PhotoState, computer: frozenset[int] = frozenset()) -> PhotoSession:
    session = PhotoSession.from_state(state)
    session.computer_seats = computer
    return session


def screen_of(app: BigFiveApp) -> PhotoGameScreen:
    for screen in app.screen_stack:
        if isinstance(screen, PhotoGameScreen):
            return screen
    raise AssertionError(f"no Photo Safari screen in {app.screen_stack}")


def prompt(app: BigFiveApp) -> str:
    return str(screen_of(app).query_one("#photo-prompt").render())


async def move_to(pilot: Pilot[None], app: BigFiveApp, square: str) -> None:
    """Put the cursor on a square and press Enter, as a player would with the keys."""
    board = screen_of(app).query_one(PhotoBoard)
    board.cursor = sq(square)
    await pilot.press("enter")
    await pilot.pause()


# --------------------------------------------------------------------------- the new-game screen


async def test_photo_safari_opens_on_its_new_game_screen_and_enter_starts_a_game() -> None:
    app = photo_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PhotoNewGameScreen)
        await pilot.press("enter")  # you as Red against the computer, the typical set-up
        await wait_until(pilot, lambda: showing(app, PhotoGameScreen))
        session = app.session
        assert isinstance(session, PhotoSession)
        assert session.computer_seats == {1} and session.game.layout.name == "Typical"
        board = screen_of(app).query_one(PhotoBoard)
        assert board.targets == set(session.legal_actions())  # the legal squares are marked
        assert "first move" in prompt(app)


def focused_id(app: BigFiveApp) -> str | None:
    """The id of the focused widget of the screen on top (None while that screen is built)."""
    focused = app.focused
    return focused.id if focused is not None and focused.screen is app.screen else None


async def test_the_game_field_switches_between_the_two_new_game_screens() -> None:
    app = photo_app(game="big-five")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        app.screen.query_one("#game", CycleField).set_value(PHOTO_SAFARI, announce=True)
        await wait_until(pilot, lambda: showing(app, PhotoNewGameScreen))
        # The new screen is on top before its widgets are: ask the focus, not the screen.
        await wait_until(pilot, lambda: focused_id(app) == "game")
        await pilot.press("left")  # the field keeps the focus: straight back
        await wait_until(pilot, lambda: showing(app, NewGameScreen))
        await pilot.pause()  # let it mount before the app closes


@pytest.mark.parametrize(("first", "other"), [(BIG_FIVE, PHOTO_SAFARI), (PHOTO_SAFARI, BIG_FIVE)])
async def test_switching_the_game_and_quitting_in_one_burst_ends_without_a_traceback(
    first: str, other: str
) -> None:
    """The other game's new-game screen is closed before it was built: Textual gives it no
    widgets but still mounts it (the flake NoMatches '#setup' in its on_mount: a test that
    ended while the screen was being built, under load)."""
    app = photo_app(game=first)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.post_message(SwitchGame(other))
        app.exit()
    assert app.return_code == 0


async def test_the_quit_button_asks_first_when_the_game_in_play_is_not_on_disk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As the Big Five's Quit button and Ctrl+Q do: the new-game screen opens over a game in
    play, and a Big Five game whose autosave failed must not go without a word."""
    app = photo_app()
    monkeypatch.setattr(app.keeper, "at_risk", lambda: "the autosave file cannot be written")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: showing(app, PhotoNewGameScreen))
        await wait_until(pilot, lambda: bool(app.screen.query("#quit")))
        await pilot.click("#quit")
        await wait_until(pilot, lambda: showing(app, ChoiceDialog))
        assert app.is_running and "cannot be written" in on_top(app, ChoiceDialog).prompt


@pytest.mark.parametrize("game", ["big-five", PHOTO_SAFARI])
async def test_the_game_field_shows_its_whole_value_at_the_smallest_size(game: str) -> None:
    app = photo_app(game=game)
    async with app.run_test(size=(120, 34)) as pilot:
        await pilot.pause()
        field = app.screen.query_one("#game", CycleField)
        update = app.screen._compositor.render_full_update()
        line = "".join(strip.text for strip in update.strips[field.region.y])
        assert f"◀ {field.text} ▶" in line


async def test_a_random_set_up_and_two_people_from_the_new_game_screen() -> None:
    app = photo_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#yellow", CycleField).set_value(False, announce=True)
        screen.query_one("#setup", CycleField).set_value("random", announce=True)
        await pilot.pause()
        assert screen.query_one("#photo-seed").display
        screen.query_one("#photo-seed").value = "77"  # type: ignore[attr-defined]
        await pilot.click("#start")
        await wait_until(pilot, lambda: showing(app, PhotoGameScreen))
        session = app.session
        assert isinstance(session, PhotoSession)
        assert session.computer_seats == frozenset() and session.game.seed == 77
        assert session.game.layout.name == "Random set-up, seed 77"


async def test_a_broken_set_up_file_is_said_on_the_new_game_screen(tmp_path: Path) -> None:
    broken = tmp_path / "mine.toml"
    broken.write_text('name = "x"\n')
    app = photo_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#setup", CycleField).set_value("file", announce=True)
        await pilot.pause()
        screen.query_one("#photo-setup-file").value = str(broken)  # type: ignore[attr-defined]
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, PhotoNewGameScreen)
        assert "mine.toml: terrain: Field required" in str(screen.query_one("#error").render())


# --------------------------------------------------------------------------- playing


async def test_hot_seat_moves_by_keys_then_the_animals_move() -> None:
    app = photo_app(hot_seat())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        board = screen.query_one(PhotoBoard)
        assert board.cursor == sq("a1")
        await pilot.press("down", "down", "down", "enter")  # the cursor jumps to a4
        await pilot.pause()
        session = app.session
        assert isinstance(session, PhotoSession)
        assert session.texts == ["a4"] and session.state.seat == 1
        assert "Red moves to a4" in prompt(app) and "Yellow" in prompt(app)
        await move_to(pilot, app, "j7")
        assert session.texts == ["a4", "j7"]
        assert any(step.rule == "P-animal-order" for step in session.log)
        assert board.state is session.state


async def test_arrows_jump_to_the_nearest_marked_square_that_way() -> None:
    state = position(
        animals={"lion": "e5 north"}, bush=["c4"], cameras={"red": "c2"}, turn={"round": 3}
    )
    app = photo_app(built(state), autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = screen_of(app).query_one(PhotoBoard)
        board.cursor = sq("c3")
        await pilot.press("down")  # c4 is bush and blocks the column: the nearest below is
        await pilot.pause()  # on a diagonal
        assert board.cursor in board.targets and board.cursor // 10 > 2


async def test_a_click_on_a_square_that_is_no_move_says_why() -> None:
    app = photo_app(hot_seat())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = screen_of(app).query_one(PhotoBoard)
        board.post_message(PhotoBoard.SquareChosen(sq("b2")))
        await pilot.pause()
        assert "diagonal" in prompt(app) and "rook" in prompt(app)
        board.post_message(PhotoBoard.SquareChosen(sq("d3")))
        await pilot.pause()
        assert "not on a straight or diagonal line from a1" in prompt(app)
        assert isinstance(app.session, PhotoSession) and app.session.state.moves == [0, 0]


async def test_a_mouse_click_on_a_marked_square_moves_there() -> None:
    app = photo_app(hot_seat())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = screen_of(app).query_one(PhotoBoard)
        # a5: column a (cells 4-10 from the left), row 5 (lines 9 and 10 from the top)
        await pilot.click(board, offset=(6, 9))
        await pilot.pause()
        assert app.session is not None and app.session.texts == ["a5"]


async def test_s_stays_on_a_first_move_and_a_later_move_must_move() -> None:
    app = photo_app(hot_seat())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        session = app.session
        assert isinstance(session, PhotoSession)
        assert session.texts == ["stay"]
        await pilot.press("s")  # Yellow's first move: may stay too
        await pilot.pause()
        await pilot.press("s")  # Red's second: may not
        await pilot.pause()
        assert session.texts == ["stay", "stay"] and "must move" in prompt(app)


async def test_a_photo_flashes_the_camera_and_the_flash_goes_out() -> None:
    state = position(animals={"lion": "c3 south"}, cameras={"red": "a4"}, turn={"round": 2})
    app = photo_app(built(state), autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await move_to(pilot, app, "c4")
        screen = screen_of(app)
        board = screen.query_one(PhotoBoard)
        assert board._flash == {0}
        assert "⚡ Red photographs the lion (from the front)" in prompt(app)
        assert "Red     1 of 10  Li" in str(screen.query_one("#photo-status").render())
        await wait_until(pilot, lambda: not board._flash, timeout=FLASH_SECONDS + 5)


async def test_the_marks_say_who_still_needs_each_animal() -> None:
    state = position(
        animals={"lion": "c3 south", "zebra": "h8 west", "tiger": "e5 north"},
        photos={"red": ["zebra", "tiger"], "yellow": ["tiger"]},
    )
    app = photo_app(built(state), autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = screen_of(app).query_one(PhotoBoard)
        lines = board._cell_lines
        assert "".join(t for t, _ in lines(sq("c3"))[1]).strip() == "R Y"  # both need the lion
        assert "".join(t for t, _ in lines(sq("h8"))[1]).strip() == "Y"  # only Yellow
        assert "".join(t for t, _ in lines(sq("e5"))[1]).strip() == "✓"  # nobody
        table = str(screen_of(app).query_one("#photo-animals").render())
        assert "Tiger" in table and "✓ nobody" in table


async def test_a_shows_each_animals_next_step_for_the_square_under_the_cursor() -> None:
    state = position(
        animals={"tiger": "e5 north", "lion": "h2 west"},
        cameras={"red": "e1", "yellow": "j10"},
        turn={"round": 2},
    )
    app = photo_app(built(state), autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = screen_of(app).query_one(PhotoBoard)
        await pilot.press("a")
        await pilot.pause()
        board.cursor = sq("e4")  # Red in front of the tiger: it would turn right
        await pilot.pause()
        expected = dict(animal_preview(state, sq("e4")))
        assert board.preview == expected
        assert board.preview[Animal.TIGER].square == sq("f5")
        board.cursor = sq("e2")
        await pilot.pause()
        assert board.preview[Animal.TIGER].square == sq("e4")  # the way is free now
        bottom = board._cell_lines(sq("e5"))[1]
        assert "↦e4↑" in "".join(t for t, _ in bottom)
        await pilot.press("escape")
        await pilot.pause()
        assert board.preview == {}


async def test_u_takes_back_your_move_before_the_other_player_moves() -> None:
    session = hot_seat()
    start = session.state
    app = photo_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await move_to(pilot, app, "a4")
        await pilot.press("u")
        await pilot.pause()
        assert session.state == start and "Taken back: a4" in prompt(app)
        await pilot.press("u")
        await pilot.pause()
        assert "Nothing to undo" in prompt(app)


async def test_u_against_the_computer_takes_back_its_reply_too() -> None:
    session = PhotoSetup((False, True), "typical").session()
    app = photo_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await move_to(pilot, app, "a4")
        await wait_until(pilot, lambda: len(session.moves) == 2)  # the computer answered
        await move_to(pilot, app, "a5")
        await wait_until(pilot, lambda: len(session.moves) == 4)
        await pilot.press("u")
        await pilot.pause()
        assert len(session.moves) == 2 and session.state.seat == 0
        assert session.texts[0] == "a4"


async def test_the_computers_move_says_why_in_the_prompt_and_the_log() -> None:
    """Its reason is the planner's, recomputed from the state it moved from."""
    session = PhotoSetup((False, True), "typical").session()
    app = photo_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await move_to(pilot, app, "a4")
        await wait_until(pilot, lambda: len(session.moves) == 2)
        reasons = [step for step in session.log if step.kind == "reason"]
        assert len(reasons) == 1 and reasons[0].text.startswith(f"Yellow: {session.texts[1]}: ")
        why = reasons[0].text.split(": ", 2)[2]
        assert f"Yellow (computer) moves to {session.texts[1]} ({why})" in prompt(app)
        log = screen_of(app).query_one(GameLog)
        assert why[:30] in " ".join(line.text for line in log.lines)
        await pilot.press("u")  # the reason goes with the move taken back
        await pilot.pause()
        assert not [step for step in session.log if step.kind == "reason"]


async def test_w_hints_the_planners_move_with_its_reason_and_enter_plays_it() -> None:
    state = position(
        animals={"lion": "c3 south", "zebra": "h8 west"}, cameras={"red": "a4"}, turn={"round": 3}
    )
    session = built(state)
    app = photo_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        text = prompt(app)
        board = screen_of(app).query_one(PhotoBoard)
        hinted = board.cursor
        assert hinted in (sq("c4"), sq("b3"))  # where the lion is photographed now
        assert text.startswith("Hint: ") and "photographs the lion at once" in text
        assert session.moves == []  # a hint plays nothing
        await pilot.press("enter")
        await pilot.pause()
        assert session.moves == [hinted]
        assert not [step for step in session.log if step.kind == "reason"]  # a person's move


async def test_w_on_the_computers_move_or_at_the_end_is_refused_in_words() -> None:
    state = position(animals={"lion": "c3 south"}, turn={"player": "yellow", "round": 3})
    app = photo_app(built(state, frozenset({1})), computer_delay=30.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        assert "A hint is for your own move." in prompt(app)


async def test_debug_mode_steps_through_the_animals_moves_with_their_rule_ids() -> None:
    session = hot_seat()
    app = photo_app(session, step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await move_to(pilot, app, "a4")
        await wait_until(pilot, lambda: showing(app, StepsScreen))
        await pilot.press("escape")
        await move_to(pilot, app, "j7")
        await wait_until(pilot, lambda: showing(app, StepsScreen))
        steps = app.screen
        assert isinstance(steps, StepsScreen)
        rules = [step.rule for step in steps.steps]
        assert rules[0] == "P-camera-rook" and "P-animal-order" in rules
        board = screen_of(app).query_one(PhotoBoard)
        for _ in range(rules.index("P-animal-order") + 1):
            await pilot.press("right")
            await pilot.pause()
        first_animal = steps.steps[steps.index]
        assert isinstance(first_animal, PhotoStep)
        assert first_animal.rule.startswith("P-animal-") and first_animal.animal >= 0
        assert board._focus_animal == first_animal.animal
        assert board.state is not session.state  # the board shows that moment
        happened = str(steps.query_one("#steps-happened").render())
        assert first_animal.rule in happened
        assert "P-animal" in str(steps.query_one("#steps-rule").render())
        await pilot.press("escape")
        await pilot.pause()
        assert board.state is session.state


async def test_help_and_rules_are_photo_safaris_own() -> None:
    app = photo_app(hot_seat())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: showing(app, HelpScreen))
        text = str(app.screen.query_one("#help-body").query_one(ColumnText).render())
        assert "animals' next steps" in text and "still needs a photo" in text
        await pilot.press("r")
        await wait_until(pilot, lambda: showing(app, RulesScreen))
        titles = [chapter.title for chapter in app.screen.chapters]  # type: ignore[attr-defined]
        assert "How the animals move" in titles and "Rulings" in titles


def red_one_photo_from_winning() -> PhotoState:
    """Red has nine photos; the lion on c3 is the tenth, from c4 (move_to "c4" wins)."""
    nine = [name for name in ANIMAL_NAMES if name != "lion"]
    return position(
        animals={"lion": "c3 south"},
        cameras={"red": "a4", "yellow": "j10"},
        photos={"red": nine},
        turn={"round": 5},
    )


@pytest.mark.parametrize(("key", "then"), [("n", PhotoNewGameScreen), ("b", PhotoGameScreen)])
async def test_the_game_ends_on_its_end_screen_and_its_keys_lead_on(
    key: str, then: type[PhotoNewGameScreen | PhotoGameScreen]
) -> None:
    """Its buttons and keys are the key table's, named on the key bar and in the palette as on
    the Big Five's end screen: n a new game, b the final board."""
    app = photo_app(built(red_one_photo_from_winning(), frozenset({1})), autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await move_to(pilot, app, "c4")
        await wait_until(pilot, lambda: showing(app, PhotoEndScreen))
        assert str(app.screen.query_one("#headline").render()) == "Red wins!"
        assert "all ten" in str(app.screen.query_one("#reason").render())
        await pilot.pause()
        keys = str(app.screen.query_one(KeyBar).render())
        assert "New game" in keys and "Look at the board" in keys and "Quit" in keys
        palette = {title for title, _, _ in GameCommands(app.screen)._commands()}
        assert {"End of the game: new game", "End of the game: look at the board"} <= palette
        await pilot.press(key)
        await wait_until(pilot, lambda: showing(app, then))
        await pilot.pause()


def test_how_it_ended_is_the_tenth_photo_even_when_the_game_ends_a_move_later() -> None:
    """Red's tenth photo on Red's move ends the game only after Yellow's move: the step that
    ended it is Red's photo, in the move before the last."""
    session = built(red_one_photo_from_winning())
    session.play_text("c4")
    session.play(session.legal_actions()[0])  # Yellow's move
    assert session.state.outcome == "won:0"
    index = ending_step(session)
    assert index is not None and index < session.log_marks[-1]
    step = session.log[index]
    assert step.kind == "photo" and step.text.startswith("Red photographs the lion")


def test_how_it_ended_is_the_last_camera_move_when_the_moves_run_out() -> None:
    session = built(position(cameras={"red": "a1", "yellow": "j10"}, turn={"round": 40}))
    session.play(session.legal_actions()[0])
    session.play(session.legal_actions()[0])
    assert session.state.over and session.log[-1].rule == "P-end-forty"
    index = ending_step(session)
    assert index is not None
    step = session.log[index]
    assert step.kind == "move" and step.text.startswith("Yellow")


async def test_the_end_screen_says_how_it_ended_and_c_shows_that_step_on_the_timeline() -> None:
    """Issue 27: the Big Five's end screen said how the game ended and showed that step with c;
    Photo Safari's said only who won."""
    session = built(red_one_photo_from_winning(), frozenset({1}))
    app = photo_app(session, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await move_to(pilot, app, "c4")
        await wait_until(pilot, lambda: showing(app, PhotoEndScreen))
        cause = str(app.screen.query_one("#end-cause").render())
        assert cause.startswith("How it ended: round 5: Red photographs the lion")
        assert "10 of 10" in cause and "(c: that step on the timeline)" in cause
        assert "How it ended" in str(app.screen.query_one(KeyBar).render())
        await pilot.press("c")
        await wait_until(pilot, lambda: showing(app, PhotoTimelineScreen))
        timeline = app.screen
        assert isinstance(timeline, PhotoTimelineScreen)
        assert timeline.moment == ending_step(session)
        await pilot.press("escape")
        await wait_until(pilot, lambda: showing(app, PhotoEndScreen))


async def test_two_computers_play_a_whole_game() -> None:
    app = photo_app(PhotoSetup((True, True), "random", 3).session(), computer_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PhotoEndScreen), timeout=120)
        await pilot.pause()  # let it mount before the app closes
        assert app.session is not None and app.session.state.over


# --------------------------------------------------------------------------- saves


async def test_every_move_is_autosaved_and_the_autosave_replays(data_dir: Path) -> None:
    app = photo_app(hot_seat())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await move_to(pilot, app, "a4")
        await move_to(pilot, app, "j7")
    data = json.loads((data_dir / "autosave.json").read_text())
    assert data["record"]["format"] == "photo-safari-record"
    assert data["record"]["moves"] == ["a4", "j7"]
    loaded = saves.read_save(data_dir / "autosave.json")
    assert isinstance(loaded.session, PhotoSession) and loaded.session.texts == ["a4", "j7"]
    info = saves.describe(data_dir / "autosave.json")
    assert info.summary == "Photo Safari · Red and Yellow · Typical · round 2"


async def test_the_autosaved_game_is_offered_and_continues(data_dir: Path) -> None:
    session = PhotoSetup((False, True), "typical").session()
    session.play_text("a4")
    session.play_text("j7")
    saves.write_save(saves.autosave_path(), session, session.computer_seats)
    app = photo_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: bool(app.screen.query("#continue")))
        assert "Yellow (computer)" in str(app.screen.query_one("#continue-row").query(
            "Static").first().render())  # fmt: skip
        await pilot.click("#continue")
        await wait_until(pilot, lambda: showing(app, PhotoGameScreen))
        assert isinstance(app.session, PhotoSession)
        assert app.session.texts == ["a4", "j7"] and app.session.computer_seats == {1}


async def test_save_as_a_name_and_load_it_back(data_dir: Path) -> None:
    app = photo_app(hot_seat())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await move_to(pilot, app, "a4")
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")  # the offered name
        await wait_until(pilot, lambda: (data_dir / "saves").is_dir())
    path = data_dir / "saves" / "photo-safari-round1.json"
    assert path.is_file()
    loaded = saves.read_save(path)
    assert isinstance(loaded.session, PhotoSession) and loaded.session.texts == ["a4"]
    assert saves.list_saves()[0].when == "round 1"


async def test_the_palette_offers_photo_safaris_own_commands() -> None:
    from bigfive_tui.app.keys.palette import GameCommands

    app = photo_app(hot_seat())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        titles = [title for title, _, _ in GameCommands(app.screen)._commands()]
        assert "Photo Safari: the animals' next steps (on/off)" in titles
        assert "Photo Safari: stay" in titles and "Photo Safari: hint" in titles
        assert not [title for title in titles if title.startswith(("Board:", "Panels:"))]
        await app.run_action("photo_preview")
        await pilot.pause()
        assert screen_of(app).query_one(PhotoBoard).preview
        await app.run_action("photo_stay")  # a first move may stay
        await pilot.pause()
        assert app.session is not None and app.session.texts == ["stay"]


async def test_the_next_new_game_screen_offers_the_last_photo_setup_again() -> None:
    from bigfive_tui.app.files import settings

    app = photo_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#yellow", CycleField).set_value(False, announce=True)
        app.screen.query_one("#setup", CycleField).set_value("random", announce=True)
        await pilot.pause()
        await pilot.click("#start")
        await wait_until(pilot, lambda: showing(app, PhotoGameScreen))
    assert settings.remembered_game() == PHOTO_SAFARI
    again = photo_app()
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = again.screen
        assert screen.query_one("#yellow", CycleField).value is False
        assert screen.query_one("#setup", CycleField).value == "random"


async def test_a_remembered_set_up_file_that_is_gone_gives_the_typical_one(tmp_path: Path) -> None:
    from bigfive_tui.app.files import settings

    gone = tmp_path / "gone.toml"
    settings.remember_photo_setup(PhotoSetup((False, True), str(gone)))
    app = photo_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#setup", CycleField).value == "typical"
        assert "gone.toml is no longer there" in str(app.screen.query_one("#notice").render())


async def test_a_terminal_too_small_for_the_board_gets_a_notice_and_nothing_is_lost() -> None:
    app = photo_app(hot_seat())
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        assert screen.too_small
        notice = str(screen.query_one("#too-small").render())
        assert "at least 80 × 24" in notice and "120 × 34 for the normal board" in notice
        assert "this one is 70 × 20" in notice
        moves = list(screen.session.texts)
        await pilot.press("enter", "s", "space", "w")  # the hidden board moves no camera
        await pilot.pause()
        assert screen.session.texts == moves
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not screen.too_small and isinstance(app.focused, PhotoBoard)
        assert screen.drawing == "compact" and screen.query_one(PhotoBoard).compact


@pytest.mark.parametrize(("size", "drawing"), [((80, 24), "compact"), ((120, 34), "normal")])
async def test_the_drawing_is_chosen_by_size(size: tuple[int, int], drawing: str) -> None:
    app = photo_app(hot_seat())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        board = screen.query_one(PhotoBoard)
        assert screen.drawing == drawing and board.compact == (drawing == "compact")
        assert board.region.right <= size[0] and screen.query_one("#log").region.height >= 2
        side = screen.query_one("#photo-side")
        assert side.region.right <= size[0]
        assert side.region.bottom <= board.region.bottom  # the side panel is whole beside it


async def test_plus_and_minus_switch_the_drawing_where_the_terminal_holds_it() -> None:
    app = photo_app(hot_seat())
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        assert screen.drawing == "normal"
        await pilot.press("minus")
        await pilot.pause()
        assert screen.drawing == "compact" and app.preferred_drawing == "compact"
        await pilot.press("minus")
        await pilot.pause()
        assert "smallest drawing" in prompt(app)
        await pilot.press("plus")
        await pilot.pause()
        assert screen.drawing == "normal"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert screen.drawing == "compact"
        await pilot.press("plus")
        await pilot.pause()
        assert "needs a terminal of at least 120 × 34; this one is 80 × 24" in prompt(app)
        assert screen.drawing == "compact"


def moved_on(session: PhotoSession, moves: int) -> bool:
    return len(session.moves) > moves


async def test_at_80_by_24_a_whole_game_is_played_by_keys_to_its_end_screen() -> None:
    """A person (Red, by the hint key and Enter) against the computer, on the compact board,
    to the end screen, whose buttons are in view."""
    session = PhotoSetup((False, True), "typical").session()
    app = photo_app(session, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        assert screen.drawing == "compact"
        for _ in range(200):
            if session.state.over:
                break
            if session.state.seat == 0 and app.screen is screen:
                moves = len(session.moves)
                await pilot.press("w")
                await pilot.pause()
                await pilot.press("enter")
                await wait_until(pilot, functools.partial(moved_on, session, moves))
            else:
                await pilot.pause()
        assert session.state.over
        await wait_until(pilot, lambda: showing(app, PhotoEndScreen))
        end = app.screen
        for button in end.query("Button"):
            assert button.region.bottom <= 23 and button.region.right <= 80
        assert end.query_one("#headline").region.y >= 0


def test_a_photo_save_whose_last_move_no_longer_replays_is_offered_without_it(
    data_dir: Path,
) -> None:
    session = hot_seat()
    session.play_text("a4")
    session.play_text("j7")
    path = data_dir / "edited.json"
    saves.write_save(path, session, frozenset())
    data = json.loads(path.read_text())
    data["record"]["moves"][-1] = "d2"  # bush: no camera goes there
    path.write_text(json.dumps(data))
    loaded = saves.read_save(path)
    assert isinstance(loaded.session, PhotoSession) and loaded.session.texts == ["a4"]
    assert loaded.dropped == 1
    assert "The last move of edited.json no longer replays" in loaded.doubt
    assert "Go on from move 1" in loaded.doubt


def test_a_photo_save_that_replays_elsewhere_says_so(data_dir: Path) -> None:
    session = hot_seat()
    session.play_text("a4")
    path = data_dir / "moved.json"
    saves.write_save(path, session, frozenset())
    data = json.loads(path.read_text())
    data["engine"]["position"] = "0" * 16
    path.write_text(json.dumps(data))
    assert "replays to another position" in saves.read_save(path).doubt


async def test_the_photo_end_screen_focuses_its_first_button_and_quitting_as_it_opens_is_safe() -> (
    None
):
    """As the Big Five's end screen (test_app_games.py): quitting while it is built is safe."""
    session = hot_seat()
    app = photo_app(session, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(PhotoEndScreen(session))
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "new"
    app = photo_app(session, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(PhotoEndScreen(session))
        app.exit()
