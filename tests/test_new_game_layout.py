"""The new-game and start-space screens at the smallest supported size (120 x 34): every choice
shows its whole value between both arrows, the seat columns line up, nothing is cut off."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.cells import cell_len
from test_app_support import make_app, seeded_session
from textual.app import App
from textual.widget import Widget

from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.components.cycle_field import CycleField
from bigfive_tui.app.files import saves
from bigfive_tui.app.screens.new_game import MAX_SEATS, NewGameScreen
from bigfive_tui.app.screens.start_spaces import StartSpacesScreen
from bigfive_tui.engine.content import Guide

SMALL = (120, 34)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def screen_lines(app: App[None]) -> list[str]:
    """The screen as plain text, one string per line, as the terminal would show it."""
    update = app.screen._compositor.render_full_update()
    return ["".join(strip.text for strip in row) for row in update.strips]


def box_of(widget: Widget) -> Widget:
    """The bordered box (``.box``) a field sits in."""
    for ancestor in widget.ancestors:
        if isinstance(ancestor, Widget) and ancestor.has_class("box"):
            return ancestor
    raise AssertionError(f"{widget} is in no box")


def assert_shows_whole_value(app: App[None], field: CycleField) -> None:
    """The field is wide enough for its longest option, lies inside its box and the screen
    shows ``◀ value ▶`` on its line."""
    longest = max(cell_len(text) for _, text in field.options)
    assert field.content_region.width >= field.label_width + longest + 4, field.id
    inner = box_of(field).content_region
    assert inner.contains_region(field.region), (field.id, field.region, inner)
    line = screen_lines(app)[field.region.y]
    shown = line[field.region.x : field.region.right]
    assert f"◀ {field.text} ▶" in shown, (field.id, shown)


async def test_every_choice_shows_its_whole_value() -> None:
    app = make_app(seed=42)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        # The game field opens Photo Safari's own screen (tests/test_photo_app.py checks it).
        fields = [field for field in screen.query(CycleField) if field.id not in ("layout", "game")]
        assert {"#short", "#starts", "#board-source", "#seat-0", "#kind-4"} <= {
            f"#{field.id}" for field in fields
        }
        # The layout choice shows only for a shipped layout: check it last.
        screen.query_one("#board-source", CycleField).set_value("layout", announce=True)
        fields.append(screen.query_one("#layout", CycleField))
        for field in fields:
            for value, _ in field.options:
                field.set_value(value, announce=True)
                await pilot.pause()
                assert_shows_whole_value(app, field)
            if field.id == "board-source":
                field.set_value("layout", announce=True)


async def test_safari_options_line_up_with_room_for_the_longest_value() -> None:
    app = make_app(seed=42)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        ids = ("#difficulty", "#short", "#board-source", "#starts")
        fields = [app.screen.query_one(name, CycleField) for name in ids]
        assert len({field.region.width for field in fields}) == 1
        longest = max(cell_len(text) for field in fields for _, text in field.options)
        assert cell_len("choose on the board") <= longest
        assert fields[0].content_region.width >= fields[0].label_width + longest + 4


async def test_seat_columns_line_up_whatever_the_guides() -> None:
    app = make_app(seed=42)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        chosen = (Guide.SAM, Guide.DAVID, Guide.ANNA, Guide.KATE, None)
        # Seat 2 gives up Kate first, so each seat can take its guide in turn.
        screen.query_one("#seat-1", CycleField).set_value(None, announce=True)
        await pilot.pause()
        for seat in range(MAX_SEATS):
            screen.query_one(f"#seat-{seat}", CycleField).set_value(chosen[seat], announce=True)
            await pilot.pause()
        assert [screen.query_one(f"#seat-{s}", CycleField).value for s in range(5)] == list(chosen)
        screen.query_one("#kind-2", CycleField).set_value(True, announce=True)
        await pilot.pause()
        seats = [screen.query_one(f"#seat-{s}", CycleField) for s in range(MAX_SEATS)]
        kinds = [screen.query_one(f"#kind-{s}", CycleField) for s in range(MAX_SEATS - 1)]
        assert not screen.query_one("#kind-4").visible  # seat 5 has nobody: see below
        assert len({field.region.x for field in kinds}) == 1
        assert len({field.region.width for field in seats}) == 1
        lines = screen_lines(app)
        columns = {lines[field.region.y].index("◀", field.region.x) for field in kinds}
        assert columns == {kinds[0].region.x}
        # Seat 5 (nobody, David taken) keeps the room of "David the mechanic" all the same.
        assert "David the mechanic" not in {text for _, text in seats[4].options}
        assert seats[4].content_region.width >= 8 + cell_len("David the mechanic") + 4
        for field in (*seats, *kinds):
            assert_shows_whole_value(app, field)


async def test_fast_keys_never_show_one_guide_and_set_up_another() -> None:
    """Keys typed before the change messages arrive: the seats shown are the seats played."""
    app = make_app(seed=42)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        # One step each, before any message is handled: David, Sam, then David again.
        for seat in range(3):
            screen.query_one(f"#seat-{seat}", CycleField).action_step(1)
        await pilot.pause()
        shown = [screen.query_one(f"#seat-{s}", CycleField).value for s in range(MAX_SEATS)]
        assert shown == [Guide.DAVID, Guide.SAM, None, None, None]  # the earlier seat keeps David
        assert screen.setup().guides == (Guide.DAVID, Guide.SAM)


async def test_continue_line_shows_the_whole_summary_and_time() -> None:
    session = seeded_session(5, (Guide.JACK, Guide.DAVID, Guide.ANNA, Guide.KATE, Guide.SAM))
    session.play_text("draw")
    saves.write_save(saves.autosave_path(), session, frozenset())
    info = saves.describe(saves.autosave_path())
    app = make_app(seed=42)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "Continue the saved game (Enter)" in text
        assert info.saved_at and info.saved_at in text
        assert info.summary in text


async def test_start_spaces_prompt_fits_and_gates_stay_on_the_board() -> None:
    app = make_app(seed=12)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        app.screen.query_one("#starts", CycleField).set_value(True)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartSpacesScreen)

        def check(seat: int) -> None:
            lines = screen_lines(app)
            text = "\n".join(lines)
            assert f"Seat {seat} of 2" in text
            for name in ("#start-prompt", "#start-hint"):
                widget = screen.query_one(name)
                assert widget.region.height == 1, name
                assert str(widget.render()) in text, name
            board = screen.query_one(BoardView)
            assert board.region.y > screen.query_one("#start-hint").region.y
            status = lines[board.content_region.y].rstrip()
            assert status.endswith(board.describe(board.cursor or 0)), status
            picture = "\n".join(lines[board.region.y : board.region.bottom])
            assert len(re.findall(r"[^ ]{2}G", picture)) == 2, f"seat {seat}: gates missing"

        check(1)
        await pilot.press("enter")
        await pilot.pause()
        check(2)
        await pilot.press("backspace")  # back to seat 1: a fresh bare board
        await pilot.pause()
        check(1)
        await pilot.press("enter")
        await pilot.pause()
        check(2)
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None
