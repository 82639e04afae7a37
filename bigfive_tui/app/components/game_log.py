"""The game log: every rule step in plain words, newest last, scrollable (either game's
steps: it shows a :class:`~bigfive_tui.shared.steps.RuleStep`). In debug mode each step's rule
id stands in a column before its words, as in the debug steps; players read the story without
them (the full log and the timeline name each step's rule and quote it).

The log is a way into the timeline: a click on a line, or Enter on the line the cursor is on
(↑ ↓ while the log has the focus), posts :class:`StepChosen` for that step.

It keeps the newest lines, two screens of itself and at least ``LOG_LINES``, so that a long
game does not grow the app's memory without end; older steps stay in the session's record (the
timeline, the log screen's search, the debug steps and the hand-over read them from there).

It is not Textual's ``RichLog``, which renders every line as it is written (a loaded game's
last steps at start-up, though a few are in view) and imports ``rich.pretty`` and ``attrs``
for content the log never has: a step's lines are counted when it is written and rendered
when first shown, as ``RichLog`` would have rendered them."""

from __future__ import annotations

from bisect import bisect_right
from collections import deque
from collections.abc import Sequence
from typing import ClassVar, NamedTuple, Self

from rich.console import Console
from rich.containers import Lines
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.widget import Widget

from bigfive_tui.app.drawing.cells import cell_width, line_breaks
from bigfive_tui.app.messages import StepChosen
from bigfive_tui.shared.steps import RuleStep

RULE_WIDTH = 20
#: Rendered lines kept at least: two screens of the compact layout's log page at 80x24 (the
#: tallest log of the three drawings at their smallest sizes). A taller log keeps two screens
#: of itself. A line shown once keeps several strips, about 3.5 KB: 200 lines were a third of
#: a long game's memory growth.
LOG_LINES = 40
#: Lines cropped to the log's width kept for repainting, at least (RichLog kept 1024, each
#: with its own caches: about 4 MB once a long game has filled it); two screens of the log.
CROPPED_LINES = 16


#: Step kinds written in bold: a turn or a camera move begins, a photo is taken.
BOLD_KINDS = frozenset({"turn", "move", "photo"})


def step_text(step: RuleStep, rule_ids: bool = False) -> Text:
    """The step's words; with ``rule_ids`` (debug mode) its rule id in a column before them."""
    line = Text(no_wrap=False)
    if rule_ids:
        line.append(step.rule.ljust(RULE_WIDTH), style="dim")
        line.append(" ")
    style = ""
    if step.kind in BOLD_KINDS:
        style = "bold"
    elif step.kind == "end":
        style = "bold reverse"
    line.append(step.text, style=style)
    return line


def marked(strip: Strip, style: Style) -> Strip:
    """``strip`` with ``style`` laid over its own styles (a cursor's background must win)."""
    return Strip(Segment.apply_style(strip, post_style=style), strip.cell_length)


class Written:
    """A step's text written at a width: wrapped at once, for the log's height and scroll
    bar, and rendered only when one of its lines is first shown."""

    __slots__ = ("_console", "_end", "_lines", "_strips", "count", "widest")

    def __init__(self, text: Text, width: int, console: Console) -> None:
        self._console, self._end = console, text.end
        self._strips: list[Strip] | None = None
        plain = text.plain
        if len(plain) <= width and cell_width(plain) <= width and "\n" not in plain:
            lines = Lines([text])  # what wrapping gives a step that fits its line (most do)
        else:
            # Wrapped as ``Text.wrap`` wraps a step's text (no justify or overflow of its own,
            # tabs expanded) when rendered at ``width``: each line as wide as its characters.
            # Measured here, the words and lines are not kept in Rich's cache of every string
            # measured.
            lines = Lines()
            for line in text.split(allow_blank=True):
                for wrapped in line.divide(line_breaks(line.plain, width)):
                    wrapped.rstrip_end(width)
                    if cell_width(wrapped.plain) > width:
                        wrapped.truncate(width, overflow="fold")
                    lines.append(wrapped)
        self._lines: Lines | None = lines  # until rendered
        self.count = len(lines)
        self.widest = max((cell_width(line.plain) for line in lines), default=0)

    @property
    def rendered(self) -> bool:
        return self._strips is not None

    def strips(self) -> list[Strip]:
        """The lines rendered, each with its width. They are the lines wrapped when written,
        rendered as ``Text.__rich_console__`` renders them (rendering the text again wrapped
        it again). A strip of unknown width would have Textual measure each of its segments
        through Rich's cache, which would keep every step's text."""
        if self._strips is None:
            assert self._lines is not None
            segments = Text("\n").join(self._lines).render(self._console, end=self._end)
            self._strips = [
                Strip(line, sum(cell_width(text) for text, _, control in line if not control))
                for line in Segment.split_lines(segments)
            ]
            self._lines = None
        return self._strips


class LogLine(NamedTuple):
    """Line ``row`` of a written step."""

    written: Written
    row: int

    @property
    def strip(self) -> Strip:
        return self.written.strips()[self.row]

    @property
    def text(self) -> str:
        return self.strip.text


class RepaintAfterLayout(Widget):
    """A widget whose repaints asked for while the screen is laid out wait until the layout
    is done, and are dropped if the layout's frame drew the whole widget meanwhile (as it does
    for a widget of a new size). Textual draws such a repaint a frame after the one that
    showed the new layout: the second frame of ``m`` and Enter in the normal drawing, whose
    log shrinks and grows with the prompt (the layout sets the log's scroll and its scroll
    bar's sizes, and each asks for a repaint).

    Put it after the widget's class among the bases: Textual takes the CSS of the first."""

    _put_off = False  # a repaint waits for the layout
    _drawn = False  # the whole widget was drawn since

    def repaint_after_layout(self, *regions: Region) -> None:
        if not self.is_mounted or not self.is_attached or not self.screen._layout_required:
            super().refresh(*regions)
            return
        # What ``Widget.refresh`` does (Textual 8.2) but for asking the screen for a frame.
        self._layout_cache.clear()
        self._set_dirty(*regions)
        self.clear_cached_dimensions()
        self._rich_style_cache.clear()
        self._drawn = False
        if not self._put_off:
            self._put_off = True
            self.call_later(self._repaint_put_off)

    def render_lines(self, crop: Region) -> list[Strip]:
        if crop.size == self.outer_size:
            self._drawn = True
        return super().render_lines(crop)

    def _repaint_put_off(self) -> None:
        self._put_off = False
        if not self._drawn:
            super().refresh()


class OnePassScrollBar(ScrollBar, RepaintAfterLayout):
    """A scroll bar laid out in one pass, as ``OnePassStatic``: a log that grows or shrinks
    gives its bar a new size and so a new virtual size, which laid the screen out again and
    drew it a frame later. Nothing scrolls inside a scroll bar, so nothing depends on it."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        if layout or recompose or not repaint:
            return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
        self.repaint_after_layout(*regions)
        return self


class GameLog(ScrollView, RepaintAfterLayout, can_focus=True):
    DEFAULT_CSS = """
    GameLog { height: 1fr; min-height: 3; border-top: hkey $foreground 35%; padding: 0 1;
              border-title-color: $foreground 80%;
              background: $surface; color: $foreground; overflow-y: scroll;
              scrollbar-size-vertical: 1;
              /* Lines wrap to the width without the scroll bar: a log first shown with many
                 lines (the compact layout's log page) gets its scroll bar after wrapping. */
              scrollbar-gutter: stable; }
    GameLog:focus { border-top: hkey $accent; background-tint: $foreground 5%; }
    GameLog > .game-log--cursor { background: $accent 30%; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"game-log--cursor"}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", "Earlier step", show=False),
        Binding("down", "cursor(1)", "Later step", show=False),
        Binding("enter", "choose", "Open on the timeline"),
    ]

    #: The log sets its virtual size on every write, and Textual would lay the whole screen
    #: out again for it; only the scrollbars depend on it (a layout then waits for the next
    #: frame, so a move reached the screen in two frames). A layout still follows when a
    #: scrollbar comes or goes (``show_*_scrollbar`` ask for one).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def __init__(
        self, *, id: str | None = None, max_lines: int | None = LOG_LINES, rule_ids: bool = False
    ) -> None:
        super().__init__(id=id)
        self.max_lines = max_lines
        self._rule_ids = rule_ids  # debug mode: each step's rule id before its words
        #: The lines kept, newest last; ``_start_line`` counts those dropped from the top.
        self.lines: list[LogLine] = []
        self._start_line = 0
        self._widest_line_width = 0
        self._line_cache: LRUCache[tuple[int, int, int, int], Strip] = LRUCache(CROPPED_LINES)
        #: Steps given before the log knows its width, written once it does (and whether
        #: each scrolls to the end).
        self._queued: deque[tuple[Text, bool]] = deque()
        self._size_known = False
        self._fewest = max_lines  # lines kept at least (None: every line)
        self._steps: Sequence[RuleStep] = ()  # the steps last given, to write them again
        self._shown = 0
        #: Where the lines of step ``_first_end + i`` end, counted from the first line ever
        #: written (``_start_line`` counts the lines dropped from the top); only for
        #: steps with lines still kept, and only once the size is known. ``_first_start`` is
        #: where the lines of step ``_first_end`` begin (perhaps among the dropped ones).
        self._ends: list[int] = []
        self._first_end = 0
        self._first_start = 0
        self.border_title = "Log"
        self.cursor: int | None = None  # the step the cursor is on, while the log has focus
        self._style_now: Style | None = None  # the log's style, while its lines are drawn

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        """Textual's own (``Widget.vertical_scrollbar``, Textual 8.2), one pass."""
        if self._vertical_scrollbar is None:
            bar = OnePassScrollBar(
                vertical=True, name="vertical", thickness=self.scrollbar_size_vertical
            )
            bar.display = False
            self._vertical_scrollbar = bar
            self.app._start_widget(self, bar)
        return self._vertical_scrollbar

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        """An anchored log of a new size is kept at its newest line in this layout. Textual
        anchors it while arranging the screen, from its old height; a second layout, drawn a
        frame later, put that right (a log one line shorter showed a line too early)."""
        resized = super()._size_updated(size, virtual_size, container_size, layout)
        if self.is_anchored and not self._anchor_released:
            self.scroll_y = self.scroll_target_y = self.max_scroll_y
        self._keep_two_screens(self.size.height)
        return resized

    def _keep_two_screens(self, height: int) -> None:
        """Keep two screens of lines (at least ``max_lines`` as given). A log taller than the
        lines it keeps while older ones were dropped (a taller terminal, the compact layout's
        log page first shown at a large size) writes its newest steps again."""
        if self._fewest is None:
            return
        kept = max(self._fewest, 2 * height)
        if kept == self.max_lines:
            return
        self.max_lines = kept
        cropped = max(CROPPED_LINES, 2 * height)
        if cropped < self._line_cache.maxsize:
            self._line_cache.clear()
        self._line_cache.maxsize = cropped
        shown = len(self.lines) + len(self._queued)  # a queued step: a line at least
        if shown < height and (self._first_end or self._start_line):
            self.call_later(self._write_again)

    def _write_again(self) -> None:
        steps = self._steps
        self.clear()
        self.show_log(steps)

    def show_rule_ids(self, shown: bool) -> None:
        """Debug mode on or off: the log is written again with the steps' rule ids, or
        without them."""
        if shown != self._rule_ids:
            self._rule_ids = shown
            self._write_again()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """ScrollView's (Textual 8.2), but a scroll set by a layout (the anchored log kept at
        its newest line as the prompt shrinks it) is drawn in that layout's frame."""
        if self.show_vertical_scrollbar:
            self.vertical_scrollbar.position = new_value
        if round(old_value) != round(new_value):
            self.repaint_after_layout(self.size.region)

    def watch_virtual_size(self, size: Size) -> None:
        # What a layout does for a scrolling widget of a new virtual size (Textual 8.2,
        # ``Widget._size_updated``): the scrollbars' sizes, and the scroll kept in range.
        self._scroll_update(size)

    @property
    def _writable(self) -> bool:
        """Whether lines can be wrapped now: the width is known and the log is shown (the
        compact layout's log page, hidden again, has no width: its steps wait, as they did
        before its first opening, instead of being wrapped one character a line)."""
        return self._size_known and self.scrollable_content_region.width > 0

    def on_resize(self, event: events.Resize) -> None:
        """Write what was given before the width was known (a loaded game's last steps, or
        what came while the log was hidden)."""
        if event.size.width and (not self._size_known or self._queued):
            self._size_known = True
            queued = list(self._queued)
            self._queued.clear()
            if queued:
                self._add_lines([text for text, _ in queued])
                if queued[-1][1]:  # only the last scrolls (each waited for a refresh of its own)
                    self.scroll_end(animate=False, immediate=False, x_axis=False)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.virtual_size.width if self._size_known else container.width

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._line_cache.clear()

    @on(events.Mount)
    def _keep_the_newest_line_shown(self) -> None:
        """A taller prompt or a smaller terminal shrinks the log (RichLog does not follow):
        anchored, the log is kept at its newest line by the layout itself, in the same frame
        (scrolling on its Resize event drew the log again a frame later)."""
        self.anchor()

    def show_log(self, steps: Sequence[RuleStep]) -> None:
        """Write the steps not shown yet; after an undo (fewer steps) drop the undone lines."""
        self._steps = steps
        if len(steps) < self._shown and not self._drop_steps_after(len(steps)):
            self.clear()
        # Only the newest steps can show: each takes at least one of the lines kept.
        newest = len(steps) - (self.max_lines or len(steps))
        if self._shown < newest:
            self.clear()
            self._shown = self._first_end = newest
        new = steps[self._shown :]
        # Scrolled at once, as Textual's Log does: a scroll after the next frame drew the new
        # lines a frame after the move they tell of. Lines given before the size is known are
        # written later, and the last of them scrolls after the next frame.
        now = self._writable
        for step in new:
            self.write(step_text(step, self._rule_ids), scroll=not now)
        self._shown = len(steps)
        if new and now:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        elif not now:
            self._drop_queued_beyond_the_cap()

    def _drop_queued_beyond_the_cap(self) -> None:
        """A log without a size yet (the compact layout's log page, hidden until opened) queues
        what it is given, to write once it has one: only the newest ``max_lines`` steps can
        show (each takes a line at least), so the queue keeps those and no more. Unbounded, a
        long game's whole log waited there, and was all written when the page was opened."""
        queued = self._queued
        dropped = len(queued) - (self.max_lines or len(queued))
        for _ in range(dropped):
            queued.popleft()
        if dropped > 0 and self.lines:
            # Hidden after it was shown: the lines written then are older than a gap now.
            queued_steps, shown = list(queued), self._shown
            self.clear()
            self._queued.extend(queued_steps)
            self._shown = shown
            self._first_end = shown - len(queued_steps)
        elif dropped > 0:
            self._first_end += dropped

    def _known(self) -> bool:
        """Whether the lines of every step kept are known (they are not while the log waits
        for its size to render what it was given)."""
        return self._first_end + len(self._ends) == self._shown and not self._queued

    def _drop_steps_after(self, count: int) -> bool:
        """Undo: drop the lines of the steps after the first ``count``, instead of re-wrapping
        the log; False when those lines are not all known and kept (then it is rewritten)."""
        if not self._size_known or not self._known():
            return False
        if count > self._first_end:
            end = self._ends[count - self._first_end - 1]
        elif count == self._first_end == self._start_line == 0:
            end = 0
        else:
            return False
        if end < self._start_line:
            return False
        del self._ends[count - self._first_end :]
        del self.lines[end - self._start_line :]
        self._line_cache.clear()
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        self.scroll_end(animate=False, immediate=True, x_axis=False)
        self.refresh()
        self._shown = count
        if self.cursor is not None:
            self.cursor = min(self.cursor, count - 1) if count else None
        return True

    def clear(self) -> Self:
        self.lines.clear()
        self._line_cache.clear()
        self._start_line = self._widest_line_width = 0
        self._queued.clear()
        self.virtual_size = Size(0, 0)
        self.refresh()
        self._ends.clear()
        self._first_end = self._first_start = self._shown = 0
        return self

    def write(self, text: Text, scroll: bool = True) -> Self:
        """Add a step's lines at the bottom (as ``RichLog.write`` did, wrapped to the log's
        width, but rendered when first shown); ``scroll``: scroll to them after the next
        refresh."""
        if not self._writable:
            self._queued.append((text, scroll))
            return self
        self._add_lines([text])
        if scroll:
            self.scroll_end(animate=False, immediate=False, x_axis=False)
        return self

    def _add_lines(self, texts: Sequence[Text]) -> None:
        """The steps' lines added at the bottom, the oldest dropped beyond ``max_lines``, and
        the virtual size set once for them all (a loaded game writes its last steps at once)."""
        console = self.app.console
        # Each as wide as its longest line, at most the console and the log
        # (``RichLog.write``'s width for wrapped text: ``measure_renderables`` gives this
        # for a Text, slowly).
        room = min(console.options.max_width, self.scrollable_content_region.width)
        for text in texts:
            text.expand_tabs()
            longest = max(map(cell_width, text.plain.splitlines()), default=0)
            written = Written(text, max(min(longest, room), 1), console)
            self.lines.extend(LogLine(written, row) for row in range(written.count))
            if self.max_lines is not None and len(self.lines) > self.max_lines:
                self._start_line += len(self.lines) - self.max_lines
                self.refresh()
                self.lines = self.lines[-self.max_lines :]
            self._widest_line_width = max(self._widest_line_width, written.widest)
            self._ends.append(self._start_line + len(self.lines))
            # Forget the ends of steps whose lines were all dropped from the top.
            gone = 0
            while gone < len(self._ends) and self._ends[gone] <= self._start_line:
                gone += 1
            if gone:
                self._first_start = self._ends[gone - 1]
                del self._ends[:gone]
                self._first_end += gone
        self.virtual_size = Size(self._widest_line_width, len(self.lines))

    # ------------------------------------------------------------------ choosing a line

    def _lines_of(self, step: int) -> tuple[int, int] | None:
        """The lines of ``self.lines`` step ``step`` was written on, when they are known and
        kept (the first may have lost its top lines)."""
        if not self._known() or not self._first_end <= step < self._shown:
            return None
        index = step - self._first_end
        start = self._ends[index - 1] if index else self._first_start
        return max(0, start - self._start_line), self._ends[index] - self._start_line

    def step_at_line(self, line: int) -> int | None:
        """The step written on line ``line`` of ``self.lines``."""
        if not self._known():
            return None
        step = self._first_end + bisect_right(self._ends, line + self._start_line)
        return step if step < self._shown else None

    def on_focus(self) -> None:
        self.cursor = self._shown - 1 if self._shown else None
        self.refresh()

    def on_blur(self) -> None:
        self.cursor = None
        self.refresh()

    def action_cursor(self, delta: int) -> None:
        if not self._shown:
            return
        last, first = self._shown - 1, self._first_end  # older steps: on the timeline (T)
        self.cursor = last if self.cursor is None else min(max(self.cursor + delta, first), last)
        lines = self._lines_of(self.cursor)
        if lines is not None:
            top, height = round(self.scroll_y), self.scrollable_content_region.height
            if lines[0] < top:
                self.scroll_to(y=lines[0], animate=False, immediate=True)
            elif lines[1] > top + height:
                self.scroll_to(y=lines[1] - height, animate=False, immediate=True)
        self.refresh()

    def action_choose(self) -> None:
        if self.cursor is not None:
            self.post_message(StepChosen(self.cursor))

    def render_lines(self, crop: Region) -> list[Strip]:
        """The log's lines with its style worked out once: Textual works a widget's style out
        from all its ancestors at each read, and a line reads it three times (most of a
        line's cost: a move's log of 16 lines at 200 x 50 took 2 ms)."""
        self._style_now = super().rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._style_now = None

    @property
    def rich_style(self) -> Style:
        return self._style_now or super().rich_style

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        strip = self._render_line(scroll_y + y, scroll_x, width).apply_style(self.rich_style)
        lines = self._lines_of(self.cursor) if self.cursor is not None else None
        if lines is not None and lines[0] <= round(self.scroll_y) + y < lines[1]:
            strip = marked(strip, self.get_component_rich_style("game-log--cursor"))
        return strip

    def _render_line(self, y: int, scroll_x: int, width: int) -> Strip:
        if y >= len(self.lines):
            return Strip.blank(width, self.rich_style)
        key = (y + self._start_line, scroll_x, width, self._widest_line_width)
        cropped = self._line_cache.get(key)
        if cropped is None:
            cropped = self.lines[y].strip.crop_extend(scroll_x, scroll_x + width, self.rich_style)
            self._line_cache[key] = cropped
        return cropped

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        step = self.step_at_line(round(self.scroll_y) + offset.y)
        if step is not None:
            self.cursor = step
            self.refresh()
            self.post_message(StepChosen(step))
