"""The game log: every rule step in plain words with its rule id, newest last, scrollable
(either game's steps: it shows a :class:`~bigfive_tui.shared.steps.RuleStep`).

The log is a way into the timeline: a click on a line, or Enter on the line the cursor is on
(↑ ↓ while the log has the focus), posts :class:`StepChosen` for that step."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import ClassVar, Self

from rich.text import Text
from textual import events, on
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.strip import Strip
from textual.widgets import RichLog

from bigfive_tui.app.components.step_views import marked
from bigfive_tui.app.messages import StepChosen
from bigfive_tui.shared.steps import RuleStep

RULE_WIDTH = 20


#: Step kinds written in bold: a turn or a camera move begins, a photo is taken.
BOLD_KINDS = frozenset({"turn", "move", "photo"})


def step_text(step: RuleStep) -> Text:
    line = Text(no_wrap=False)
    line.append(step.rule.ljust(RULE_WIDTH), style="dim")
    line.append(" ")
    style = ""
    if step.kind in BOLD_KINDS:
        style = "bold"
    elif step.kind == "end":
        style = "bold reverse"
    line.append(step.text, style=style)
    return line


class GameLog(RichLog):
    DEFAULT_CSS = """
    GameLog { height: 1fr; min-height: 3; border-top: hkey $foreground 35%; padding: 0 1;
              border-title-color: $foreground 80%;
              background: $surface; scrollbar-size-vertical: 1; }
    GameLog:focus { border-top: hkey $accent; }
    GameLog > .game-log--cursor { background: $accent 30%; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"game-log--cursor"}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", "Earlier step", show=False),
        Binding("down", "cursor(1)", "Later step", show=False),
        Binding("enter", "choose", "Open on the timeline"),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, id=id)
        self._shown = 0
        self._ends: list[int] = []  # len(self.lines) after each shown step, when known
        self.border_title = "Log"
        self.cursor: int | None = None  # the step the cursor is on, while the log has focus

    @on(events.Resize)
    def _keep_the_newest_line_shown(self) -> None:
        """A taller prompt or a smaller terminal shrinks the log (RichLog does not follow)."""
        self.scroll_end(animate=False, immediate=False, x_axis=False)

    def show_log(self, steps: Sequence[RuleStep]) -> None:
        """Write the steps not shown yet; after an undo (fewer steps) drop the undone lines."""
        if len(steps) < self._shown:
            if self._size_known and len(self._ends) == self._shown and not self._deferred_renders:
                # Undo: drop the lines of the undone steps instead of re-wrapping the whole log.
                del self._ends[len(steps) :]
                del self.lines[self._ends[-1] if self._ends else 0 :]
                self._line_cache.clear()
                self.virtual_size = Size(self._widest_line_width, len(self.lines))
                self.scroll_end(animate=False, immediate=False, x_axis=False)
                self.refresh()
                self._shown = len(steps)
                return
            self.clear()
            self._ends.clear()
            self._shown = 0
        for step in steps[self._shown :]:
            self.write(step_text(step))
        self._shown = len(steps)

    def write(
        self,
        content: object,
        width: int | None = None,
        expand: bool = False,
        shrink: bool = True,
        scroll_end: bool | None = None,
        animate: bool = False,
    ) -> Self:
        super().write(content, width, expand, shrink, scroll_end, animate)
        if self._size_known:  # else deferred: written (and counted) once the size is known
            self._ends.append(len(self.lines))
        return self

    # ------------------------------------------------------------------ choosing a line

    def _lines_of(self, step: int) -> tuple[int, int] | None:
        """The lines step ``step`` was written on, when every step's lines are known."""
        if len(self._ends) != self._shown or not 0 <= step < self._shown:
            return None
        return (self._ends[step - 1] if step else 0), self._ends[step]

    def step_at_line(self, line: int) -> int | None:
        if len(self._ends) != self._shown:
            return None
        step = bisect_right(self._ends, line)
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
        last = self._shown - 1
        self.cursor = last if self.cursor is None else min(max(self.cursor + delta, 0), last)
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

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        lines = self._lines_of(self.cursor) if self.cursor is not None else None
        if lines is not None and lines[0] <= round(self.scroll_y) + y < lines[1]:
            strip = marked(strip, self.get_component_rich_style("game-log--cursor"))
        return strip

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        step = self.step_at_line(round(self.scroll_y) + offset.y)
        if step is not None:
            self.cursor = step
            self.refresh()
            self.post_message(StepChosen(step))
