"""The game log: every rule step in plain words with its rule id, newest last, scrollable
(either game's steps: it shows a :class:`~bigfive_tui.shared.steps.RuleStep`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from rich.text import Text
from textual import events, on
from textual.geometry import Size
from textual.widgets import RichLog

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
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, id=id)
        self._shown = 0
        self._ends: list[int] = []  # len(self.lines) after each shown step, when known
        self.border_title = "Log"

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
