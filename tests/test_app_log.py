"""The game log keeps a bounded number of rendered lines: a long game does not grow the app's
memory without end, and undo and rewrites still show exactly the newest steps."""

from __future__ import annotations

import gc
import random
import tracemalloc
from functools import cache

import pytest
from test_app_support import SIZE, SIZES, game_screen, make_app, played_session, seeded_session
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.geometry import Size
from textual.widgets import RichLog

from bigfive_tui.app.components.game_log import LOG_LINES, GameLog, step_text
from bigfive_tui.engine.actions import Step
from bigfive_tui.engine.content import Guide
from bigfive_tui.players import greedy_player

KEPT = 60


class LogApp(App[None]):
    def __init__(self, kept: int = KEPT) -> None:
        super().__init__()
        self.kept = kept

    def compose(self) -> ComposeResult:
        yield GameLog(max_lines=self.kept)


@cache
def long_record(steps: int) -> tuple[Step, ...]:
    """The rule steps of seeded greedy games, one after the other, at least ``steps`` long."""
    log: list[Step] = []
    seed = 0
    while len(log) < steps:
        session = seeded_session(seed, (Guide.JACK, Guide.KATE, Guide.SAM))
        rng = random.Random(seed)
        while not session.state.over:
            session.play(greedy_player.choose(session.state, session.legal_actions(), rng))
        log += session.log
        seed += 1
    return tuple(log)


def texts(log: GameLog) -> list[str]:
    return [line.text for line in log.lines]


async def shown_alone(steps: tuple[Step, ...], size: tuple[int, int] = SIZE) -> list[str]:
    """The lines a fresh log shows for ``steps``."""
    app = LogApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        log = app.query_one(GameLog)
        log.show_log(steps)
        await pilot.pause()
        return texts(log)


async def test_a_long_game_keeps_the_newest_lines_and_the_log_memory_stays_bounded() -> None:
    record = long_record(3000)
    app = LogApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        log = app.query_one(GameLog)

        async def play(steps: range) -> None:
            """As the game screen does: shown again after each action, a frame drawn."""
            for shown in steps:
                log.show_log(record[:shown])
                await pilot.pause()

        # Textual's and Rich's caches fill over the first thousands of lines (and what they
        # held before tracing began is refilled with traced objects), so the growth counted
        # is that of the third thousand steps. Kept whole, they would take about 8 MB.
        await play(range(20, 1001, 20))
        tracemalloc.start()
        try:
            await play(range(1020, 2001, 20))
            gc.collect()
            before, _ = tracemalloc.get_traced_memory()
            await play(range(2020, 3001, 20))
            gc.collect()
            after, _ = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        kept = max(KEPT, 2 * log.size.height)  # two screens of the log, KEPT at least
        assert log.max_lines == kept and len(log.lines) <= kept and len(log._ends) <= kept
        grown = after - before
        assert grown < 512 * 1024, f"the log grew by {grown:,} bytes over 1000 steps"
        assert texts(log) == await shown_alone(record[:3000])
        assert texts(log)[-1].startswith(step_text(record[2999]).plain[:20])


async def test_undo_after_the_oldest_lines_were_dropped_shows_the_newest_lines_of_the_steps() -> (
    None
):
    record = long_record(400)
    app = LogApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        log = app.query_one(GameLog)
        for count in range(1, 301):
            log.show_log(record[:count])
        for back in (299, 290, 250, 200):  # undo a little, then further than the kept lines
            log.show_log(record[:back])
            await pilot.pause()
            # The newest lines of those steps: an undo does not bring back dropped ones.
            fresh = await shown_alone(record[:back])
            assert texts(log) and texts(log) == fresh[len(fresh) - len(texts(log)) :], back
            log.show_log(record[:300])
            await pilot.pause()
            fresh = await shown_alone(record[:300])
            assert texts(log) == fresh[len(fresh) - len(texts(log)) :]


async def test_a_log_made_taller_than_the_lines_it_keeps_writes_its_newest_steps_again() -> None:
    record = long_record(400)
    app = LogApp()
    async with app.run_test(size=(100, 20)) as pilot:
        await pilot.pause()
        log = app.query_one(GameLog)
        log.show_log(record[:300])
        await pilot.pause()
        assert len(log.lines) == KEPT  # two screens of a short log are fewer
        await pilot.resize_terminal(100, 80)
        await pilot.pause()
        await pilot.pause()
        assert len(log.lines) == 2 * log.size.height > KEPT
        assert texts(log) == await shown_alone(record[:300], size=(100, 80))


async def test_the_game_screen_log_keeps_at_most_its_lines_over_a_whole_game() -> None:
    session = seeded_session(7, (Guide.JACK, Guide.KATE, Guide.SAM))
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        log = screen.query_one(GameLog)
        assert log.max_lines == LOG_LINES
        rng = random.Random(7)
        while not session.state.over:
            session.play(greedy_player.choose(session.state, session.legal_actions(), rng))
            screen.refresh_view()
        if screen.drawing == "compact":
            screen.action_panels()  # the log is a page of its own there: it writes once shown
            screen.action_panels()
        await pilot.pause()
        assert 0 < len(log.lines) <= LOG_LINES
        newest = " ".join(" ".join(texts(log)[-4:]).split())
        assert " ".join(session.log[-1].text.split()) in newest


async def compact_log_after_a_whole_game(opened_first: bool) -> list[str]:
    """The lines of the compact layout's log page after a whole game, the page opened before
    the game (shown all along) or after it (hidden meanwhile, as while a player plays)."""
    session = seeded_session(7, (Guide.JACK, Guide.KATE, Guide.SAM))
    app = make_app(session)
    async with app.run_test(size=SIZES["compact"]) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert screen.drawing == "compact"
        log = screen.query_one(GameLog)
        if opened_first:
            screen.show_page("log")
            await pilot.pause()
        rng = random.Random(7)
        while not session.state.over:
            session.play(greedy_player.choose(session.state, session.legal_actions(), rng))
            screen.refresh_view()
            if not opened_first:
                assert not log.lines and len(log._queued) <= LOG_LINES
        if not opened_first:
            assert len(session.log) > 3 * LOG_LINES
            assert len(log._queued) == LOG_LINES  # the newest steps, one each
            screen.show_page("log")
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y  # at its newest line
        newest = " ".join(" ".join(texts(log)[-4:]).split())
        assert " ".join(session.log[-1].text.split()) in newest
        return texts(log)


async def test_the_hidden_compact_log_page_queues_only_its_newest_steps_and_shows_them() -> None:
    hidden_meanwhile = await compact_log_after_a_whole_game(opened_first=False)
    shown_all_along = await compact_log_after_a_whole_game(opened_first=True)
    assert hidden_meanwhile == shown_all_along


class BesideRichLog(App[None]):
    """The log beside Textual's RichLog with the same width, margins and options: what the
    log was until it rendered its lines only when shown."""

    CSS = """
    RichLog { height: 1fr; padding: 0 1; scrollbar-size-vertical: 1; scrollbar-gutter: stable;
              border-top: hkey $foreground 35%; }
    """

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield GameLog(max_lines=KEPT)
            yield RichLog(wrap=True, max_lines=KEPT, min_width=1)


async def test_every_line_shows_what_textual_s_rich_log_showed() -> None:
    record = long_record(400)
    for size in SIZES.values():
        app = BesideRichLog()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            log, rich_log = app.query_one(GameLog), app.query_one(RichLog)
            assert log.scrollable_content_region.width == rich_log.scrollable_content_region.width
            assert log.max_lines is not None
            rich_log.max_lines = log.max_lines  # two screens of the log, KEPT at least
            written = 0
            for count in (1, 2, 30, 200, 201, 300):
                log.show_log(record[:count])
                if count - written > log.max_lines:  # only the newest steps can show
                    rich_log.clear()
                    written = count - log.max_lines
                for step in record[written:count]:
                    rich_log.write(step_text(step))
                written = count
                await pilot.pause()
                assert [list(line.strip) for line in log.lines] == [
                    list(strip) for strip in rich_log.lines
                ]
                assert log.virtual_size == rich_log.virtual_size


async def test_a_step_is_rendered_when_one_of_its_lines_is_first_shown() -> None:
    record = long_record(400)
    app = LogApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        log = app.query_one(GameLog)
        log.show_log(record[:300])
        await pilot.pause()
        top, height = round(log.scroll_y), log.scrollable_content_region.height
        shown = {line.written for line in log.lines[top : top + height]}
        assert {line.written for line in log.lines if line.written.rendered} == shown
        log.scroll_home(animate=False, immediate=True)
        await pilot.pause()
        assert log.lines[0].written.rendered


async def test_a_loaded_game_s_log_shows_its_older_lines_when_scrolled_back() -> None:
    """The game screen's log, written before it knew its size, renders what it shows; its
    oldest kept lines, scrolled to, are those of a log shown the steps afresh."""
    session = played_session()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        log = game_screen(app).query_one(GameLog)
        assert not all(line.written.rendered for line in log.lines)
        log.scroll_home(animate=False, immediate=True)
        await pilot.pause()
        assert log.lines[0].written.rendered
        fresh = await shown_alone(tuple(session.log), size=(SIZE[0], SIZE[1]))
        assert texts(log) == fresh[len(fresh) - len(texts(log)) :]


def test_a_step_that_fits_its_line_is_counted_without_wrapping(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Most steps fit one line of the log: what wrapping them gives is known without it."""
    from rich.console import Console
    from rich.text import Text

    from bigfive_tui.app.components import game_log
    from bigfive_tui.app.drawing.cells import line_breaks

    wrapped: list[str] = []

    def counted(text: str, width: int) -> list[int]:
        wrapped.append(text)
        return line_breaks(text, width)

    monkeypatch.setattr(game_log, "line_breaks", counted)
    console = Console(width=80)
    short = Text("A3      Jack moves to the Hill of 4.")
    one = game_log.Written(short, 60, console)
    assert (one.count, one.widest) == (1, len(short.plain)) and not wrapped
    assert [strip.text for strip in one.strips()] == [short.plain]
    long = Text("word " * 30)
    several = game_log.Written(long, 40, console)
    assert wrapped == [long.plain] and several.count == 4


async def test_steps_given_before_the_log_knows_its_size_set_its_virtual_size_once() -> None:
    """A loaded game's last steps are written together once the log has its size: one new
    virtual size (each asks Textual for the scroll bars' sizes), not one per step."""
    sizes: list[object] = []

    class Counted(GameLog):
        def watch_virtual_size(self, size: Size) -> None:
            sizes.append(size)
            super().watch_virtual_size(size)

    class QueuedApp(App[None]):
        def compose(self) -> ComposeResult:
            log = Counted(max_lines=KEPT)
            log.show_log(long_record(30)[:30])  # before it is mounted: no size yet
            yield log

    app = QueuedApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        log = app.query_one(Counted)
        assert len(log.lines) >= 30 and sizes == [log.virtual_size]


async def test_the_compact_log_opened_a_second_time_wraps_its_new_lines_to_its_width() -> None:
    """Steps written while the log page was hidden after its first opening were wrapped at
    width 1, one character a line, and a resize did not mend them: they wait for the width."""
    session = seeded_session(7, (Guide.JACK, Guide.KATE, Guide.SAM))
    app = make_app(session)
    async with app.run_test(size=SIZES["compact"]) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        log = screen.query_one(GameLog)
        screen.show_page("log")
        await pilot.pause()
        screen.show_page("board-page")
        await pilot.pause()
        rng = random.Random(7)
        for _ in range(12):
            session.play(greedy_player.choose(session.state, session.legal_actions(), rng))
            screen.refresh_view()
        await pilot.pause()
        screen.show_page("log")
        await pilot.pause()
        await pilot.pause()
        width = log.scrollable_content_region.width
        assert width > 40
        lines = texts(log)
        assert all(len(line) > 1 for line in lines[-6:] if line.strip()), lines[-6:]
        newest = " ".join(" ".join(lines[-4:]).split())
        assert " ".join(session.log[-1].text.split()) in newest


async def test_the_compact_log_hidden_through_a_whole_game_after_its_first_opening() -> None:
    """Opened once, then hidden while a whole game is played: it shows what a log shown all
    along shows (its older lines dropped, not a gap between them and the newest)."""
    session = seeded_session(7, (Guide.JACK, Guide.KATE, Guide.SAM))
    app = make_app(session)
    async with app.run_test(size=SIZES["compact"]) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        log = screen.query_one(GameLog)
        screen.show_page("log")
        await pilot.pause()
        screen.show_page("board-page")
        await pilot.pause()
        rng = random.Random(7)
        while not session.state.over:
            session.play(greedy_player.choose(session.state, session.legal_actions(), rng))
            screen.refresh_view()
        assert len(log._queued) <= LOG_LINES
        screen.show_page("log")
        await pilot.pause()
        await pilot.pause()
        hidden_meanwhile = texts(log)
    assert hidden_meanwhile == await compact_log_after_a_whole_game(opened_first=True)
