"""Rule steps as lines, drawn only where they are seen (Line API): however long the game, a
frame costs the lines on screen, never the whole log.

``StepTail`` is the timeline's log: the log as it was at a moment, its newest lines at the
bottom, wrapped, the moment's own step marked; a click on a line goes to that step. Like the game
log, it names the steps' rules in debug mode only (the timeline bar names and quotes the rule of
the step shown). ``StepList`` is the enlarged log: one line per step with its rule id (it is
searched by rule id), a cursor, a filter; Enter or a click chooses a step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from bigfive_tui.app.components.game_log import RULE_WIDTH, marked
from bigfive_tui.app.messages import StepChosen
from bigfive_tui.shared.steps import RuleStep


def step_content(step: RuleStep, number: int | None = None, *, rule_ids: bool = True) -> Content:
    """A step as the game log writes it: the rule id in its column (with ``rule_ids``), then
    what happened (turns bold, the end of the game reversed, rigs in the warning colour);
    ``number`` in front."""
    style = ""
    if step.kind == "turn":
        style = "bold"
    elif step.kind == "end":
        style = "bold reverse"
    elif step.kind == "rig":
        style = "bold $warning"
    parts: list[tuple[str, str] | str] = []
    if number is not None:
        parts.append((f"{number:>5} ", "$text-muted"))
    if rule_ids:
        parts += [(step.rule.ljust(RULE_WIDTH), "$text-muted"), " "]
    parts.append((step.text, style))
    return Content.assemble(*parts)


class StepTail(Widget):
    """The log up to one step, its newest lines at the bottom, as the game's log showed it
    then; the step itself is marked."""

    DEFAULT_CSS = """
    StepTail { height: 1fr; min-height: 2; border-top: hkey $foreground 35%; padding: 0 1;
               background: $surface; border-title-color: $foreground 80%; }
    StepTail > .step-tail--current { background: $accent 30%; text-style: bold; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"step-tail--current"}

    def __init__(self, *, id: str | None = None, rule_ids: bool = False) -> None:
        super().__init__(id=id)
        self.border_title = "Log"
        self.rule_ids = rule_ids  # debug mode: each step's rule id before its words
        self._steps: Sequence[RuleStep] = ()
        self._upto = -1
        self._rows: list[tuple[Strip, int]] = []  # (line, log index) from the top
        self._rows_size = Size(0, 0)

    def show(self, steps: Sequence[RuleStep], upto: int) -> None:
        """Show ``steps[: upto + 1]`` (-1: none yet), ``steps[upto]`` marked."""
        if steps is self._steps and upto == self._upto:
            return
        self._steps, self._upto = steps, upto
        self._rows = []
        self.refresh()

    def _layout_rows(self) -> list[tuple[Strip, int]]:
        """Lines from the newest step back, wrapped, until the widget is full."""
        width, height = self.content_size.width, self.content_size.height
        if width <= 0 or height <= 0:
            return []
        current = self.get_component_rich_style("step-tail--current", partial=True)
        rows: list[tuple[Strip, int]] = []
        index = self._upto
        while index >= 0 and len(rows) < height:
            lines = Visual.to_strips(
                self,
                step_content(self._steps[index], rule_ids=self.rule_ids),
                width,
                None,
                self.visual_style,
                pad=True,
            )
            if index == self._upto:
                lines = [marked(line, current) for line in lines]
            rows[:0] = [(line, index) for line in lines]
            index -= 1
        return rows[-height:]

    def render_line(self, y: int) -> Strip:
        if not self._rows or self._rows_size != self.content_size:
            self._rows_size = self.content_size
            self._rows = self._layout_rows()
        height = self.content_size.height
        top = height - len(self._rows)  # bottom-aligned: the newest line is the last row
        if y < top:
            return Strip.blank(self.content_size.width, self.rich_style)
        return self._rows[y - top][0]

    def index_at(self, y: int) -> int | None:
        """The log index of the step drawn on content row ``y``, if any."""
        top = self.content_size.height - len(self._rows)
        if not 0 <= y - top < len(self._rows):
            return None
        return self._rows[y - top][1]

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.index_at(offset.y)
        if index is not None:
            self.post_message(StepChosen(index))


class StepList(ScrollView, can_focus=True):
    """Steps of the log, one line each (``indices`` into ``steps``), with a cursor."""

    DEFAULT_CSS = """
    StepList { height: 1fr; background: $surface; overflow-x: hidden; }
    StepList > .step-list--cursor { background: $accent 40%; text-style: bold; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"step-list--cursor"}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "cursor(-1)", "Previous line", show=False),
        Binding("down,j", "cursor(1)", "Next line", show=False),
        Binding("pageup", "log_up", "Page up", show=False),
        Binding("pagedown", "log_down", "Page down", show=False),
        Binding("home", "ends(0)", "First line", show=False),
        Binding("end", "ends(1)", "Last line", show=False),
        Binding("enter", "choose", "Open on the timeline"),
    ]

    class Highlighted(Message):
        """The cursor is on another step (``index`` in the log, or None for an empty list)."""

        def __init__(self, index: int | None) -> None:
            super().__init__()
            self.index = index

    def __init__(self, steps: Sequence[RuleStep], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.steps = steps
        self.indices: list[int] = list(range(len(steps)))
        self.cursor = len(self.indices) - 1

    def set_indices(self, indices: list[int], keep: int | None = None) -> None:
        """Show only these steps; the cursor on the step ``keep`` when listed (else the one
        nearest before it, else the last)."""
        self.indices = indices
        position = len(indices) - 1
        if keep is not None and indices:
            before = [i for i, index in enumerate(indices) if index <= keep]
            position = before[-1] if before else 0
        self.virtual_size = Size(self.size.width, len(indices))
        self._move_to(position)
        self.call_after_refresh(self._move_to, position)  # once the new height is laid out
        self.refresh()

    @property
    def chosen(self) -> int | None:
        return self.indices[self.cursor] if 0 <= self.cursor < len(self.indices) else None

    def on_mount(self) -> None:
        self.virtual_size = Size(self.size.width, len(self.indices))
        self.call_after_refresh(self._move_to, self.cursor)

    def on_resize(self) -> None:
        self.virtual_size = Size(self.size.width, len(self.indices))

    def _move_to(self, position: int) -> None:
        self.cursor = min(max(position, 0), len(self.indices) - 1)
        if self.cursor >= 0:
            self.scroll_to_region_of(self.cursor)
        self.post_message(self.Highlighted(self.chosen))
        self.refresh()

    def scroll_to_region_of(self, row: int) -> None:
        height = self.scrollable_content_region.height or 1
        top = round(self.scroll_y)
        if row < top:
            self.scroll_to(y=row, animate=False, immediate=True)
        elif row >= top + height:
            self.scroll_to(y=row - height + 1, animate=False, immediate=True)

    def render_line(self, y: int) -> Strip:
        row = round(self.scroll_y) + y
        width = self.scrollable_content_region.width
        if not 0 <= row < len(self.indices):
            return Strip.blank(width, self.rich_style)
        index = self.indices[row]
        content = step_content(self.steps[index], index + 1).truncate(width, ellipsis=True)
        strips = Visual.to_strips(self, content, width, 1, self.visual_style, pad=True)
        strip = strips[0] if strips else Strip.blank(width, self.rich_style)
        if row == self.cursor:
            strip = marked(strip, self.get_component_rich_style("step-list--cursor"))
        return strip.apply_style(Style(meta={"row": row}))

    def action_cursor(self, delta: int) -> None:
        self._move_to(self.cursor + delta)

    def action_log_up(self) -> None:
        self._move_to(self.cursor - max(1, self.scrollable_content_region.height - 1))

    def action_log_down(self) -> None:
        self._move_to(self.cursor + max(1, self.scrollable_content_region.height - 1))

    def action_ends(self, end: int) -> None:
        self._move_to(len(self.indices) - 1 if end else 0)

    def action_choose(self) -> None:
        if self.chosen is not None:
            self.post_message(StepChosen(self.chosen))

    def on_click(self, event: events.Click) -> None:
        row = event.style.meta.get("row")
        if isinstance(row, int):
            if row == self.cursor or event.chain > 1:
                self._move_to(row)
                self.action_choose()
            else:
                self._move_to(row)
