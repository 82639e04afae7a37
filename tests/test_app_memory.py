"""What the app draws is not kept after it is dropped: a long game's resident memory neither
waits for Python's rare full collections nor fills with texts drawn once (docs/benchmarks.md,
"Long game memory, fourth round")."""

from __future__ import annotations

import gc
import random
import sys

from hypothesis import given
from hypothesis import strategies as st
from rich._wrap import divide_line
from rich.cells import cached_cell_len, cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from test_app_log import long_record
from test_app_support import SIZE, game_screen, make_app, played_session
from textual.strip import Strip

from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.components.game_log import Written, step_text
from bigfive_tui.app.drawing.cells import cell_width, line_breaks
from bigfive_tui.app.drawing.whole_strips import free_whole_strips
from bigfive_tui.engine.actions import Step
from bigfive_tui.players import greedy_player


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


def test_a_strip_drawn_whole_does_not_keep_itself() -> None:
    free_whole_strips()
    strip = Strip([Segment("Kate draws: Flat tyre.")], 22)
    references = sys.getrefcount(strip)
    assert strip.divide([22, 40]) == [strip]
    assert sys.getrefcount(strip) == references


def test_a_strip_cut_inside_is_cut_without_rich_keeping_its_texts() -> None:
    free_whole_strips()
    strip = Strip([Segment("Kate draws: "), Segment("Flat tyre ★ 4417.")], 29)
    misses = cached_cell_len.cache_info().misses
    pieces = strip.divide([5, 29])
    assert cached_cell_len.cache_info().misses == misses
    assert [piece.text for piece in pieces] == ["Kate ", "draws: Flat tyre ★ 4417."]
    assert strip.divide([5, 29]) is pieces  # kept, as Textual keeps them


STYLES = (Style(), Style(bold=True), Style(color="red"))


@given(
    st.lists(
        st.tuples(st.text(alphabet="ab ★漢", max_size=6), st.sampled_from(STYLES)), max_size=6
    ),
    st.lists(st.integers(0, 30), max_size=5),
)
def test_a_strip_is_cut_where_textual_cuts_it(
    parts: list[tuple[str, Style]], edges: list[int]
) -> None:
    free_whole_strips()
    segments = [Segment(text, style) for text, style in parts]
    strip = Strip(segments)
    cuts = [*sorted(set(edges)), strip.cell_length]
    inside = [cut for cut in cuts if cut <= strip.cell_length]
    # What Textual 8.2's Strip.divide gives:
    expected = [(segments, strip.cell_length)]
    if inside != [strip.cell_length]:
        expected, start = [], 0
        for pieces, cut in zip(Segment.divide(segments, inside), inside, strict=False):
            expected.append((pieces, cut - start))
            start = cut
    got = [(list(piece), piece.cell_length) for piece in strip.divide(cuts)]
    assert got == expected


async def test_moves_drawn_leave_no_strip_for_the_cyclic_collector() -> None:
    session = played_session()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        gc.collect()
        rng = random.Random(3)
        collecting = gc.isenabled()
        gc.disable()  # what the moves leave unreachable is counted below, not collected now
        try:
            for _ in range(12):
                session.play(greedy_player.choose(session.state, session.legal_actions(), rng))
                screen.refresh_view()
                await pilot.pause()
            gc.set_debug(gc.DEBUG_SAVEALL)
            gc.collect()
            strips = sum(isinstance(thing, Strip) for thing in gc.garbage)
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            if collecting:
                gc.enable()
        assert strips == 0, f"{strips} strips were freed only by the cyclic collector"
