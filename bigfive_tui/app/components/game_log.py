"""The game log: every rule step in plain words with its rule id, newest last, scrollable."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import RichLog

from bigfive_tui.engine.actions import Step

RULE_WIDTH = 20


def step_text(step: Step) -> Text:
    line = Text(no_wrap=False)
    line.append(step.rule.ljust(RULE_WIDTH), style="dim")
    line.append(" ")
    style = ""
    if step.kind == "turn":
        style = "bold"
    elif step.kind == "end":
        style = "bold reverse"
    line.append(step.text, style=style)
    return line


class GameLog(RichLog):
    DEFAULT_CSS = """
    GameLog { height: 1fr; min-height: 3; border-top: hkey $panel-lighten-2; padding: 0 1;
              background: $surface; scrollbar-size-vertical: 1; }
    GameLog:focus { border-top: hkey $accent; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True, id=id)
        self._shown = 0
        self.border_title = "Log"

    def show_log(self, steps: Sequence[Step]) -> None:
        """Write the steps not shown yet; after an undo (fewer steps) rewrite everything."""
        if len(steps) < self._shown:
            self.clear()
            self._shown = 0
        for step in steps[self._shown :]:
            self.write(step_text(step))
        self._shown = len(steps)
