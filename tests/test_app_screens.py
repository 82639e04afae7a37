"""New-game choices, start spaces on the board, computer seats, palette, help and rules."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from rich.cells import cell_len
from test_app_support import (
    SIZE,
    game_screen,
    make_app,
    palette_highlights,
    scenario_session,
    seeded_session,
    showing,
    wait_until,
)
from test_new_game_layout import screen_lines
from textual.pilot import Pilot
from textual.widgets import Button, Input, OptionList

from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.components.cycle_field import CycleField
from bigfive_tui.app.files import saves, settings
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.messages import ChooseStartSpaces
from bigfive_tui.app.screens.dialogs import (
    ExchangeDialog,
    HandOverScreen,
    LoadDialog,
    SaveList,
    save_lines,
)
from bigfive_tui.app.screens.game import GameScreen
from bigfive_tui.app.screens.help import HelpScreen
from bigfive_tui.app.screens.new_game import NewGameScreen
from bigfive_tui.app.screens.rules import RulesScreen, RulesText, chapters_of, fitted_widths
from bigfive_tui.app.screens.start_spaces import StartSpacesScreen
from bigfive_tui.app.setups.big_five import GameSetup, SeatChoice
from bigfive_tui.assets import rules_path
from bigfive_tui.engine.content import Difficulty, Guide
from bigfive_tui.engine.session import Session
from bigfive_tui.engine.state import Phase
from bigfive_tui.players.start_space import computer_start


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


async def open_rules(pilot: Pilot[None], app: BigFiveApp) -> RulesScreen:
    """Past the hand-over, to the board, then F1: the rules screen."""
    await pilot.pause()
    await pilot.press("escape", "f1")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, RulesScreen)
    return screen


async def test_default_setup_is_one_enter_away() -> None:
    app = make_app(seed=8)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.big_five is not None
        game = app.big_five.game
        assert game.guides == (Guide.JACK, Guide.KATE)
        assert game.difficulty == Difficulty.BEGINNER
        assert game.seed == 8
        assert "seed 8" in game.board.layout_name
        assert isinstance(app.screen, HandOverScreen)


async def test_seats_offer_only_free_guides_and_options_apply() -> None:
    app = make_app(seed=9)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        seat0 = screen.query_one("#seat-0", CycleField)
        assert seat0.has_focus
        # Seat 1 cycles Jack -> David -> Anna -> Sam: Kate is seat 2's and is skipped.
        await pilot.press("right", "right", "right")
        assert seat0.value == Guide.SAM
        assert screen.query_one("#seat-1", CycleField).value == Guide.KATE
        await pilot.press("left", "left")  # back to David
        assert seat0.value == Guide.DAVID
        screen.query_one("#seat-2", CycleField).set_value(Guide.SAM, announce=True)
        screen.query_one("#seat-3", CycleField).set_value(Guide.KATE, announce=True)
        await pilot.pause()
        assert screen.query_one("#seat-3", CycleField).value is None  # Kate is taken
        screen.query_one("#kind-2", CycleField).set_value(True)
        screen.query_one("#difficulty", CycleField).set_value(Difficulty.EXPERT)
        screen.query_one("#short", CycleField).action_step(1)  # lion removed
        await pilot.pause()
        setup = screen.setup()
        assert setup.guides == (Guide.DAVID, Guide.KATE, Guide.SAM)
        assert setup.computer_seats == frozenset({2})
        assert setup.difficulty == Difficulty.EXPERT
        assert len(setup.removed) == 1


async def test_too_few_guides_and_bad_layout_file_are_explained() -> None:
    app = make_app(seed=9)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#seat-1", CycleField).set_value(None, announce=True)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert "at least two guides" in str(screen.query_one("#error").render())
        screen.query_one("#seat-1", CycleField).set_value(Guide.SAM, announce=True)
        screen.query_one("#board-source", CycleField).set_value("file", announce=True)
        screen.query_one("#layout-file", Input).value = "/nowhere/layout.toml"
        await pilot.pause()
        screen.query_one("#seat-0", CycleField).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "no such layout file" in str(screen.query_one("#error").render())
        assert app.session is None


async def test_start_spaces_chosen_on_the_board() -> None:
    app = make_app(seed=12)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: bool(app.screen.query("#starts")))
        app.screen.query_one("#starts", CycleField).set_value(True)
        await pilot.press("enter")
        await wait_until(
            pilot,
            lambda: (
                isinstance(app.screen, StartSpacesScreen)
                and len(app.screen.query_one(BoardView).targets) > 0
            ),
        )
        board = app.screen.query_one(BoardView)
        first_targets = set(board.targets)
        assert len(first_targets) == 54  # six numbered spaces on each of nine pieces
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(board.targets) != 54)
        second_targets = set(board.targets)
        assert len(second_targets) == 48  # the first piece is taken
        await pilot.press("n", "enter")
        await wait_until(pilot, lambda: app.session is not None)
        assert app.big_five is not None
        cells = app.big_five.start_cells
        slots = {app.big_five.game.board.slot[cell] for cell in cells}
        assert len(slots) == 2
        assert cells[0] in first_targets and cells[1] in second_targets


async def test_computer_seat_plays_its_turn_by_itself() -> None:
    """One person: no hand-over box before Jack's turns (the keyboard never passes)."""
    session = seeded_session(21, (Guide.JACK, Guide.SAM))
    app = make_app(session, computer_seats=frozenset({1}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, HandOverScreen)
        await pilot.press("D")
        await pilot.pause()
        game_screen(app).play(next(a for a in session.legal_actions() if a.kind.name == "END"))
        await wait_until(pilot, lambda: session.state.seat == 0 or session.state.over)
        assert "draw" in session.texts[1:]
        if not session.state.over:
            assert session.state.phase == Phase.DRAW
            assert not isinstance(app.screen, HandOverScreen)


async def test_palette_offers_game_commands() -> None:
    app = make_app(seeded_session(4))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Rules")
        await wait_until(pilot, lambda: palette_highlights(app, "Rules"))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.press(*"Theme")
        await wait_until(pilot, lambda: palette_highlights(app, "Theme"))
        await pilot.press("enter")  # one entry opens the list of themes
        await pilot.pause()
        await pilot.press(*"textual-light")
        await wait_until(pilot, lambda: palette_highlights(app, "textual-light"))
        await pilot.press("enter")
        await pilot.pause()
        assert app.theme == "textual-light"


async def test_help_then_rules_then_back() -> None:
    app = make_app(seeded_session(4))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape")  # leave the hand-over: look at the board first
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.query_one(RulesText)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)


def test_the_rules_split_into_chapters_that_keep_every_line() -> None:
    text = rules_path().read_text(encoding="utf-8")
    chapters = chapters_of(text)
    assert chapters[0].title == "Introduction" and chapters[-1].title == "Rulings"
    assert "The landscape" in [chapter.title for chapter in chapters]
    assert "\n".join(chapter.text for chapter in chapters) == text.rstrip("\n")


async def test_the_rules_show_the_chosen_chapter() -> None:
    app = make_app(seeded_session(4))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rules(pilot, app)
        titles = [chapter.title for chapter in screen.chapters]
        for _ in range(titles.index("Rulings")):
            await pilot.press("down")
        await pilot.pause()
        document = screen.query_one(RulesText)
        await wait_until(pilot, lambda: "RU-" in document.source and "Rulings" in document.source)
        await pilot.press("enter")  # read it: the keys scroll the text now
        await pilot.pause()
        assert app.focused is document


async def test_load_dialog_lists_saves() -> None:
    session = seeded_session(6)
    session.play_text("draw")
    saves.save_named("first", session, frozenset())
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, LoadDialog)
        box = app.screen.query_one("#load-dialog").region
        assert abs(box.x - (SIZE[0] - box.right)) <= 1  # centred like every other dialog
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None
        assert app.session.state == session.state


async def test_the_palettes_screenshot_goes_to_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    app = make_app(seeded_session(4))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p", *"screenshot")
        await wait_until(pilot, lambda: palette_highlights(app, "Screenshot"))
        await pilot.press("enter")
        folder = tmp_path / "screenshots"
        await wait_until(pilot, lambda: any(folder.glob("*.svg")))
        # Textual's saving thread reports back to the app: let it, before the app closes.
        await wait_until(
            pilot, lambda: any("Saved screenshot" in n.message for n in app._notifications)
        )


async def test_the_theme_chosen_in_play_is_the_theme_of_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    app = make_app(seeded_session(4), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.theme = "savanna-light"
        await pilot.pause()
    assert settings.remembered_theme() == "savanna-light"
    (tmp_path / settings.SETTINGS_NAME).write_text("{not json")
    assert settings.remembered_theme() is None  # a damaged settings file is only forgotten


def new_game_fields(screen: NewGameScreen) -> dict[str, object]:
    """What the new-game screen shows now, field by field."""
    return {field.id or "": field.value for field in screen.query(CycleField)}


async def test_the_last_setup_is_offered_again_after_ctrl_n_and_after_a_restart() -> None:
    app = make_app(seed=9)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#seat-1", CycleField).set_value(Guide.SAM, announce=True)
        screen.query_one("#seat-2", CycleField).set_value(Guide.ANNA, announce=True)
        screen.query_one("#kind-1", CycleField).set_value(True)
        screen.query_one("#difficulty", CycleField).set_value(Difficulty.EXPERT, announce=True)
        screen.query_one("#short", CycleField).action_step(1)  # lion removed
        screen.query_one("#board-source", CycleField).set_value("layout", announce=True)
        await pilot.pause()
        chosen = new_game_fields(screen)
        started = screen.setup()
        screen.query_one("#seat-0", CycleField).focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: showing(app, HandOverScreen))
        await pilot.press("ctrl+n")  # straight from the turn hand-over: a new game
        await wait_until(pilot, lambda: showing(app, NewGameScreen))
        again = app.screen
        assert isinstance(again, NewGameScreen) and again is not screen
        assert new_game_fields(again) == chosen
        assert again.setup() == replace(started, seed=again.setup().seed)
    restarted = make_app(seed=10)
    async with restarted.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = restarted.screen
        assert isinstance(screen, NewGameScreen)
        assert new_game_fields(screen) == chosen
        assert screen.setup() == replace(started, seed=10)


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "[]",
        '{"setup": {"seats": [{"guide": "bob"}, {"guide": "kate"}]}}',
        '{"setup": {"seats": [{"guide": "kate"}, {"guide": "kate"}]}}',
        '{"setup": {"seats": [{"guide": "jack"}]}, "theme": 7}',
        '{"setup": {"seats": [{"guide": "sam"}, {"guide": "jack"}], "difficulty": "nightmare"}}',
    ],
)
async def test_a_damaged_or_outdated_settings_file_gives_the_default_setup(
    data_dir: Path, text: str
) -> None:
    (data_dir / settings.SETTINGS_NAME).write_text(text)
    assert settings.remembered_setup() is None
    app = make_app(seed=9)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.setup() == GameSetup(seed=9)
    assert settings.remembered_theme() is None


def test_a_damaged_setup_in_the_settings_keeps_the_theme(data_dir: Path) -> None:
    (data_dir / settings.SETTINGS_NAME).write_text(
        '{"theme": "savanna-light", "setup": {"seats": "jack and kate"}, "future": 1}'
    )
    assert settings.remembered_setup() is None
    assert settings.remembered_theme() == "savanna-light"
    settings.remember_setup(GameSetup(seats=(SeatChoice(Guide.SAM, True), SeatChoice(Guide.JACK))))
    assert settings.remembered_theme() == "savanna-light"  # remembering one keeps the other
    remembered = settings.remembered_setup()
    assert remembered is not None and remembered.guides == (Guide.SAM, Guide.JACK)


@pytest.mark.parametrize(
    "text",
    [
        '{"drawing": "huge", "game": "chess", "theme": 7}',
        '{"drawing": ["large"], "game": {"big-five": 1}, "theme": null}',
        '["drawing", "large"]',
    ],
)
def test_a_drawing_game_or_theme_the_settings_do_not_know_means_none(
    data_dir: Path, text: str
) -> None:
    (data_dir / settings.SETTINGS_NAME).write_text(text)
    assert settings.remembered_drawing() is None
    assert settings.remembered_game() is None
    assert settings.remembered_theme() is None


def test_the_drawing_game_and_theme_chosen_last_are_read_back(data_dir: Path) -> None:
    (data_dir / settings.SETTINGS_NAME).write_text(
        '{"drawing": "large", "game": "photo-safari", "theme": "savanna-light", "setup": 3}'
    )
    assert settings.remembered_drawing() == "large"
    assert settings.remembered_game() == "photo-safari"
    assert settings.remembered_theme() == "savanna-light"


def test_remembering_a_setting_keeps_entries_another_version_wrote(data_dir: Path) -> None:
    (data_dir / settings.SETTINGS_NAME).write_text('{"theme": "savanna", "future": {"a": 1}}')
    settings.remember_theme("savanna-light")
    settings.remember_setup(GameSetup(layout="mine.toml", board_source="file"))
    kept = json.loads((data_dir / settings.SETTINGS_NAME).read_text())
    assert kept["future"] == {"a": 1} and kept["theme"] == "savanna-light"
    remembered = settings.remembered_setup()
    assert remembered is not None
    assert remembered.layout == str(Path("mine.toml").resolve())  # works from any folder


async def test_a_setup_is_remembered_when_its_game_starts_not_before() -> None:
    app = make_app(seed=9)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#seat-0", CycleField).set_value(Guide.SAM, announce=True)
        screen.query_one("#starts", CycleField).set_value(True, announce=True)
        await pilot.pause()
        await pilot.press("enter")
        await wait_until(pilot, lambda: showing(app, StartSpacesScreen))
        assert settings.remembered_setup() is None  # backing out now leaves nothing behind
        await pilot.press("escape")
        await wait_until(pilot, lambda: showing(app, NewGameScreen))
        assert settings.remembered_setup() is None
        screen = app.screen
        screen.query_one("#starts", CycleField).set_value(False, announce=True)
        await pilot.pause()
        screen.query_one("#seat-0", CycleField).focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: showing(app, HandOverScreen))
        remembered = settings.remembered_setup()
        assert remembered is not None and remembered.guides == (Guide.SAM, Guide.KATE)


async def test_a_double_enter_on_the_new_game_screen_starts_one_game(data_dir: Path) -> None:
    app = make_app(seed=9)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        started: list[GameSetup] = []
        start = app.in_play.start

        def counted(setup: GameSetup) -> None:
            started.append(setup)
            start(setup)

        app.in_play.start = counted  # type: ignore[method-assign]
        screen.action_start()  # two Enters handled before the first start is
        screen.action_start()
        await wait_until(pilot, lambda: showing(app, HandOverScreen))
        await pilot.pause()
        assert len(started) == 1
        assert not list(data_dir.glob("unfinished-*"))  # no first game filed away by a second


async def test_a_remembered_layout_that_is_gone_gives_a_random_board_and_says_so() -> None:
    settings.remember_setup(GameSetup(board_source="layout", layout="lost-world"))
    app = make_app(seed=9)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.setup().board_source == "random"
        assert "'lost-world' is no longer there" in "\n".join(screen_lines(app))


async def open_start_spaces(
    pilot: Pilot[None], app: BigFiveApp, *seats: SeatChoice
) -> StartSpacesScreen:
    """The start-space chooser for ``seats`` on the board of seed 12."""
    app.post_message(ChooseStartSpaces(GameSetup(seats=seats, seed=12, choose_starts=True)))
    await wait_until(pilot, lambda: showing(app, StartSpacesScreen))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, StartSpacesScreen)
    return screen


async def test_going_back_a_seat_puts_the_cursor_on_the_space_it_chose() -> None:
    app = make_app(seed=12)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seats = (SeatChoice(Guide.JACK), SeatChoice(Guide.KATE), SeatChoice(Guide.SAM))
        screen = await open_start_spaces(pilot, app, *seats)
        board = screen.query_one(BoardView)
        await pilot.press("n", "n", "enter")  # seat 1: the third space, not the first
        await wait_until(pilot, lambda: len(screen.chosen) == 1)
        await pilot.press("p", "enter")  # seat 2: another space
        await wait_until(pilot, lambda: len(screen.chosen) == 2)
        first, second = screen.chosen
        assert first != board.targets[0] and len(screen.chosen) == 2
        await pilot.press("escape")  # from seat 3 back to seat 2
        await wait_until(pilot, lambda: len(screen.chosen) == 1)
        await wait_until(pilot, lambda: board.cursor == second)
        assert screen.chosen == [first]
        await pilot.press("backspace")  # back to seat 1, on a fresh board
        await wait_until(
            pilot,
            lambda: (
                not screen.chosen
                and screen.query_one(BoardView).cursor == first
                and screen.query_one(BoardView).has_focus
            ),
        )
        board = screen.query_one(BoardView)
        assert screen.chosen == [] and board.cursor == first and board.has_focus
        await pilot.press("enter", "enter", "enter")
        await wait_until(pilot, lambda: app.session is not None)
        assert app.big_five is not None and app.big_five.start_cells[0] == first


async def test_computer_seats_choose_their_own_start_spaces_and_show_them() -> None:
    app = make_app(seed=12)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seats = (
            SeatChoice(Guide.DAVID, computer=True),
            SeatChoice(Guide.KATE),
            SeatChoice(Guide.SAM, computer=True),
        )
        screen = await open_start_spaces(pilot, app, *seats)
        board = screen.board
        david = computer_start(board, [], Guide.DAVID)
        assert board.number[david] and screen.chosen == [david]
        assert "Seat 2 of 3" in str(screen.query_one("#start-prompt").render())
        shown = str(screen.query_one("#start-computers").render())
        assert f"David on {board.names[david]}" in shown and "Sam" not in shown
        view = screen.query_one(BoardView)
        assert board.slot[david] not in {board.slot[cell] for cell in view.targets}
        await pilot.press("n", "enter")
        await wait_until(pilot, lambda: len(screen.chosen) == 3)
        kate = screen.chosen[1]
        sam = computer_start(board, [david, kate], Guide.SAM)
        assert screen.chosen == [david, kate, sam]
        assert len({board.slot[cell] for cell in screen.chosen}) == 3
        # Sam chose last: the person sees it before the safari starts, and may go back.
        assert f"Sam on {board.names[sam]}" in str(screen.query_one("#start-computers").render())
        assert app.session is None
        assert "⏎ Start the safari" in footer_line(app)  # Enter starts (no room for a button)
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen.chosen == [david])
        assert screen.query_one(BoardView).cursor == kate
        await pilot.press("enter", "enter")
        await wait_until(pilot, lambda: app.session is not None)
        assert app.session is not None and app.session.start_cells == (david, kate, sam)
        assert computer_start(board, [], Guide.DAVID) == david  # the same every time


async def test_with_only_computer_seats_the_start_spaces_are_shown_then_played() -> None:
    app = make_app(seed=12)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seats = (SeatChoice(Guide.JACK, computer=True), SeatChoice(Guide.ANNA, computer=True))
        screen = await open_start_spaces(pilot, app, *seats)
        assert len(screen.chosen) == 2 and app.session is None
        await pilot.press("escape")  # nobody to go back to: the new-game screen
        await wait_until(pilot, lambda: showing(app, NewGameScreen))
        screen = await open_start_spaces(pilot, app, *seats)
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.session is not None)
        assert app.session is not None and app.session.start_cells == tuple(screen.chosen)
        # A computer turn is in flight: quit as a player does (the game screen then drops the
        # computer's answer), not by tearing the widgets down under it.
        app.exit()


def body(row: str) -> str:
    """A row of the load dialog's list without the borders: the entry itself."""
    return row.split("▊ ")[1]


async def test_each_save_fits_on_one_line_of_the_load_dialog() -> None:
    five = seeded_session(5, (Guide.JACK, Guide.DAVID, Guide.ANNA, Guide.KATE, Guide.SAM))
    five.play_text("draw")
    saves.write_save(saves.autosave_path(), five, frozenset())
    names = ["x" * 60, "unfinished-2025-06-01-101010", "short"]
    for name in names:
        saves.save_named(name, five, frozenset())
    (saves.saves_dir() / "broken.json").write_text('{"format": "bigfive-save", "record"')
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        listing = app.screen.query_one(SaveList)
        count = listing.option_count
        assert count == 5
        assert listing.region.height == count + 2  # one line each, between the borders
        rows = screen_lines(app)[listing.content_region.y : listing.content_region.bottom]
        starts = ["(autosave)", "broken ", "short ", "unfinished-2025", "x" * 15]
        found = {start: row for row in rows for start in starts if body(row).startswith(start)}
        assert len(found) == count, rows
        assert re.search("x…  ", found["x" * 15]), "a name cut short ends in …"
        assert "broken.json is not valid JSON: it ends too" in found.pop("broken ")
        for row in found.values():
            if SIZE[0] >= 100:
                assert re.search(r"\d\d:\d\d  turn 1  Jack, David, Anna, Kate & Sam · beg", row)
            else:  # 80 columns: the end of the line gives way, with an ellipsis
                assert re.search(r"\d\d:\d\d  turn 1  Jack, David, .*…", row), row
    # The name gives way first, then the end of the line; a cut ends in "…".
    info = saves.describe(saves.autosave_path())
    lines = save_lines([info, replace(info, name="n" * 40)], 70)
    assert {cell_len(line) for line in lines} == {70}
    assert "nnnnnnnnnnnnnnn…" in lines[1] and lines[1].rstrip().endswith("…")


def footer_line(app: BigFiveApp) -> str:
    return screen_lines(app)[-1]


async def test_esc_goes_back_to_the_game_in_play_and_only_one_button_claims_enter() -> None:
    session = seeded_session(4)
    app = make_app(session, autosave=False)  # back to the game in memory, not to a file
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape", "ctrl+n")  # from the board: the new-game screen
        await wait_until(pilot, lambda: isinstance(app.focused, Button))
        await pilot.pause()  # the hint and labels follow the focus
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        text = "\n".join(screen_lines(app))
        # The game in play has the focus: Enter, like Esc, goes back to it.
        assert app.focused is screen.query_one("#continue")
        assert "Back to the game (Esc)" in text and "Jack & Kate · beginner · turn 1" in text
        assert "a new safari replaces it" in text  # without autosave nothing is filed away
        assert "Enter or Esc goes back to the game" in text
        assert "(Enter)" not in text and "esc Back to the game" in footer_line(app)
        await pilot.press("down")  # to the seats: now Enter starts a new safari
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "Enter starts a new safari · Esc goes back to the game" in text
        assert text.count("(Enter)") == 1 and "Start a new safari (Enter)" in text
        assert "Start a new safari" in footer_line(app)
        await pilot.press("escape")  # back to the board (Jack's hand-over was seen already)
        await wait_until(pilot, lambda: showing(app, GameScreen))
        assert app.session is session and game_screen(app).session is session


async def test_a_saved_game_and_a_new_safari_never_both_claim_enter() -> None:
    saves.write_save(saves.autosave_path(), seeded_session(4), frozenset())
    app = make_app(seed=9)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.focused, Button))
        await pilot.pause()  # the hint and labels follow the focus
        text = "\n".join(screen_lines(app))
        assert "Continue the saved game (Enter)" in text and text.count("(Enter)") == 1
        assert "Enter continues the saved game" in text and "Esc" not in text
        await pilot.press("down")
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "Start a new safari (Enter)" in text and text.count("(Enter)") == 1
        await pilot.press("escape")  # no game in play: Esc does nothing here
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.session is None


async def test_empty_seats_have_no_person_or_computer_choice_and_the_guides_show_computers() -> (
    None
):
    app = make_app(seed=9)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        kinds = [screen.query_one(f"#kind-{seat}", CycleField) for seat in range(5)]
        assert [kind.visible for kind in kinds] == [True, True, False, False, False]
        assert not set(kinds[2:]) & set(screen.focus_chain)
        seat_3 = screen_lines(app)[screen.query_one("#seat-2").region.y]
        assert "nobody" in seat_3 and "person" not in seat_3
        screen.query_one("#seat-2", CycleField).set_value(Guide.SAM, announce=True)
        kinds[1].set_value(True, announce=True)  # Kate is played by the computer
        await pilot.pause()
        assert kinds[2].visible and kinds[2] in screen.focus_chain
        if screen.has_class("-short"):  # 80 x 24: the guides box describes one guide only
            seat_2 = screen_lines(app)[screen.query_one("#seat-1").region.y]
            assert "Kate the spotter" in seat_2 and "computer" in seat_2
            return
        guides = str(screen.query_one("#guides").render()) + "\n".join(screen_lines(app))
        assert "Kate the spotter  (seat 2, computer)" in guides
        assert "Sam the supplier  (seat 3)" in guides


async def test_the_start_space_hint_and_footer_say_what_esc_does() -> None:
    app = make_app(seed=12)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seats = (
            SeatChoice(Guide.KATE, computer=True),
            SeatChoice(Guide.JACK),
            SeatChoice(Guide.SAM),
        )
        screen = await open_start_spaces(pilot, app, *seats)
        hint = screen.query_one("#start-hint")
        computers = str(screen.query_one("#start-computers").render())
        assert "fewest driving actions" in computers and "nearest" not in computers
        # Jack chooses first among the people: Esc goes back to the setup, and says so.
        assert str(hint.render()).endswith("Esc goes back to the game setup")
        assert "esc Back to the game setup" in footer_line(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "Seat 3 of 3" in str(screen.query_one("#start-prompt").render())
        assert str(hint.render()).endswith("Esc goes back a seat")
        assert "esc Back a seat" in footer_line(app) and "Cancel" not in footer_line(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "Seat 2 of 3" in str(screen.query_one("#start-prompt").render())
        await pilot.press("backspace")
        await wait_until(pilot, lambda: showing(app, NewGameScreen))


def three_at_one_space(jack: dict[str, int], kate: dict[str, int], sam: dict[str, int]) -> Session:
    """Jack's turn, all three vehicles on one space (each in clear view of the others)."""
    return scenario_session(
        {
            "guides": ["jack", "kate", "sam"],
            "vehicles": {
                "jack": {"at": "★4", **jack},
                "kate": {"at": "★4", **kate},
                "sam": {"at": "★4", **sam},
            },
            "turn": {"guide": "jack", "phase": "actions"},
        }
    )


@pytest.mark.parametrize(
    ("supplies", "giver", "receiver", "what"),
    [
        # Jack can give: to the partner lowest on fuel or food (Sam, not the first seat),
        # what that partner has less of.
        (({}, {"food": 5}, {"food": 2}), "Jack", "Sam", "food"),
        # Jack has nothing to give but his last food, which would lose the game: he receives,
        # from the partner best supplied.
        (({"fuel": 0, "food": 1}, {"fuel": 3}, {}), "Sam", "Jack", "fuel"),
    ],
)
async def test_the_exchange_dialog_offers_the_turn_guides_own_exchange_first(
    supplies: tuple[dict[str, int], dict[str, int], dict[str, int]],
    giver: str,
    receiver: str,
    what: str,
) -> None:
    session = three_at_one_space(*supplies)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await wait_until(pilot, lambda: showing(app, ExchangeDialog))
        dialog = app.screen
        assert dialog.query_one("#giver", CycleField).text == giver
        assert dialog.query_one("#receiver", CycleField).text == receiver
        summary = str(dialog.query_one("#exchange-summary").render())
        assert summary.startswith(f"{giver} gives 1 {what} to {receiver}:")


async def test_the_rules_open_on_the_chapter_list_where_enter_reads_a_chapter() -> None:
    app = make_app(seeded_session(4))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rules(pilot, app)
        assert app.focused is screen.query_one("#chapters")
        assert "⏎ Read the chapter" in footer_line(app)
        assert "esc Close" in footer_line(app)
        await pilot.press("enter")  # no Tab first
        await pilot.pause()
        assert app.focused is screen.query_one(RulesText)
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is screen.query_one("#chapters")
        assert screen.query_one("#chapters").display


def test_a_rules_table_too_wide_wraps_its_longest_column_first() -> None:
    action, cost, where = 27, 23, 66  # the Actions table's natural widths
    assert fitted_widths([action, cost, where], 200) == [27, 23, 66]
    assert fitted_widths([action, cost, where], 90) == [27, 23, 40]
    assert fitted_widths([action, cost, where], 70) == [27, 23, 20]  # 80 columns
    assert fitted_widths([action, cost, where], 56) == [17, 23, 16]  # then the next longest
    assert sum(fitted_widths([action, cost, where], 40)) <= 40


async def test_rules_tables_keep_their_short_columns_on_one_line() -> None:
    app = make_app(seeded_session(4))
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rules(pilot, app)
        titles = [chapter.title for chapter in screen.chapters]
        screen.query_one("#chapters", OptionList).highlighted = titles.index("Actions")
        text = screen.query_one(RulesText)
        await wait_until(pilot, lambda: text.source.startswith("## Actions"))
        await pilot.press("enter")  # read it (below 100 columns the chapters step aside)
        await pilot.pause()
        rows: list[str] = []
        for _ in range(3):  # the table's rows, a page at a time on a short terminal
            rows += [line[screen.query_one("#rules").region.x :] for line in screen_lines(app)]
            await pilot.press("pagedown")
            await pilot.pause()
        for cells in (("Move to an adjacent space", "1"), ("Extinguish a fire", "1 per marker")):
            assert any(
                re.search(r"│ {} +│ {} ".format(*map(re.escape, cells)), row) for row in rows
            )
        assert any("│ Move onto a hill" in row and "│ 2 (Sam 1) " in row for row in rows)


async def test_back_from_the_new_game_screen_the_hand_over_already_seen_stays_closed() -> None:
    session = seeded_session(4)
    app = make_app(session, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("escape")  # look at the board first
        await pilot.pause()
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: showing(app, NewGameScreen))
        await pilot.press("escape")  # back to the game
        await wait_until(pilot, lambda: game_screen(app) is app.screen)
        await pilot.pause()
        assert app.screen is game_screen(app) and session.state.phase == Phase.DRAW
