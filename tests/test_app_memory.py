"""What the app draws is not kept after it is dropped: a long game's resident memory does not
fill with texts drawn once (docs/benchmarks.md, "Long game memory, fourth round")."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rich._wrap import divide_line
from rich.cells import cached_cell_len, cell_len
from rich.console import Console
from rich.segment import Segment
from test_app_log import long_record
from test_app_support import SIZE, game_screen, make_app, played_session
from textual.strip import Strip

from bigfive_tui.app.cells import cell_width, line_breaks
from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.components.game_log import Written, step_text
from bigfive_tui.engine.actions import Step


@given(st.text(max_size=80))
def test_a_text_takes_the_cells_rich_counts(text: str) -> None:
    assert cell_width(text) == cell_len(text)


def test_wide_and_joined_characters_take_the_cells_rich_counts() -> None:
    for text in ("漢字 ★5", "👩\u200d🚀 crew", "❤\ufe0f", "tab\there", "●3 · savanna"):
        assert cell_width(text) == cell_len(text), text


def test_a_log_step_is_written_and_drawn_without_rich_keeping_its_words_or_lines() -> None:
    """Rich keeps every string it measures (up to 4,096): the log measures a step's words
    and lines itself, and a strip of known width is not measured again when padded."""
    step = Step("R-sam-hill", "action", "Sam drives to ♦6 (1 action) past 17 unseen acacias.")
    misses = cached_cell_len.cache_info().misses
    written = Written(step_text(step), 40, Console(width=120))
    strips = written.strips()
    padded = [strip.crop_extend(0, 60, None) for strip in strips]  # as the log draws a line
    assert cached_cell_len.cache_info().misses == misses
    assert written.count == len(strips) == 2
    assert [strip.cell_length for strip in padded] == [60, 60]
    assert [strip.cell_length for strip in strips] == [
        cell_len(strip.text) for strip in Strip.from_lines([list(strip) for strip in strips])
    ]


@given(st.text(alphabet="ab ★漢\t-", max_size=60), st.integers(1, 30))
def test_a_text_wraps_where_rich_wraps_it(text: str, width: int) -> None:
    assert line_breaks(text, width) == divide_line(text, width)


async def test_the_board_status_line_is_drawn_without_rich_keeping_it() -> None:
    app = make_app(played_session())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = game_screen(app).query_one(BoardView)
        misses = cached_cell_len.cache_info().misses
        for cell in range(0, 81, 7):
            board.cursor = cell
            status = board._build_line(board._origin.y)
            assert status.cell_length == board.size.width
        assert cached_cell_len.cache_info().misses == misses


def test_a_log_step_is_drawn_as_rich_draws_its_text_at_that_width() -> None:
    console = Console(width=200)
    for step in long_record(600)[::3]:
        for width in (12, 37, 58, 96):
            text = step_text(step)
            rich_lines = Segment.split_lines(
                console.render(text, console.options.update_width(width))
            )
            written = Written(text, width, console)
            strips = written.strips()
            assert [list(strip) for strip in strips] == [list(line) for line in rich_lines]
            assert len(strips) == written.count
