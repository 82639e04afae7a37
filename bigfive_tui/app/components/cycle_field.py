"""A one-line choice: ``Label   ◀ value ▶``. ← → (or space, or a click) cycle the value.

The field is as wide as its label, its longest option and both arrows, so no value is ever cut;
``value_width`` reserves more room when the options change over time (a seat offers only the
guides nobody else has) and fields in a column should keep lining up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.cells import cell_len
from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from bigfive_tui.app.messages import FieldChanged


class CycleField(Widget, can_focus=True):
    DEFAULT_CSS = """
    CycleField { height: 1; width: auto; min-width: 20; padding: 0 1 0 0; }
    CycleField:focus { background: $accent 25%; }
    CycleField:focus .cycle--value { text-style: bold; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Previous", show=False),
        Binding("right,space", "step(1)", "Next", show=False),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {"cycle--value"}

    index: reactive[int] = reactive(0)

    def __init__(
        self,
        label: str,
        options: Sequence[tuple[Any, str]],
        value: Any = None,
        *,
        label_width: int = 14,
        value_width: int = 0,
        id: str | None = None,
        classes: str | None = None,
        tooltip: str | None = None,
        arrows_on_focus_only: bool = False,
    ) -> None:
        """``arrows_on_focus_only``: the ◀ ▶ only on the focused field, so that which field
        ← → change shows in plain text too (in a dialog of fields that are all choices; a
        first game's reader changed the wrong one of the exchange's four, its focus colour
        unseen)."""
        super().__init__(id=id, classes=classes)
        self.arrows_on_focus_only = arrows_on_focus_only
        self.label = label
        self.label_width = label_width
        self.value_width = value_width
        self._options = list(options)
        values = [option[0] for option in self._options]
        self.set_reactive(CycleField.index, values.index(value) if value in values else 0)
        if tooltip:
            self.tooltip = tooltip

    @property
    def value(self) -> Any:
        return self._options[self.index][0]

    @property
    def text(self) -> str:
        return self._options[self.index][1]

    @property
    def options(self) -> tuple[tuple[Any, str], ...]:
        """The (value, text) pairs offered now, in cycling order."""
        return tuple(self._options)

    def set_options(self, options: Sequence[tuple[Any, str]], value: Any = None) -> None:
        """New options; keeps ``value`` (or the current value) selected when it is still there."""
        keep = self.value if value is None else value
        self._options = list(options)
        values = [option[0] for option in self._options]
        self.set_reactive(CycleField.index, values.index(keep) if keep in values else 0)
        self.refresh(layout=True)

    def set_value(self, value: Any, *, announce: bool = False) -> None:
        values = [option[0] for option in self._options]
        if value in values:
            self.set_reactive(CycleField.index, values.index(value))
            self.refresh(layout=True)
            if announce:
                self.post_message(FieldChanged(self.id or "", self.value))

    def action_step(self, delta: int) -> None:
        if len(self._options) > 1:
            self.index = (self.index + delta) % len(self._options)
            self.post_message(FieldChanged(self.id or "", self.value))

    def on_click(self, event: events.Click) -> None:
        # The left third of the value steps back, the rest steps on.
        start = self.label_width
        if event.x < start:
            self.focus()
            return
        span = cell_len(self.text) + 4
        self.action_step(-1 if event.x < start + span // 3 else 1)

    @property
    def natural_width(self) -> int:
        """Cells for the label, the longest value (or ``value_width``) and ``◀ `` `` ▶``."""
        longest = max((cell_len(text) for _, text in self._options), default=0)
        return self.label_width + max(longest, self.value_width) + 4

    def get_content_width(self, container: Any, viewport: Any) -> int:
        return self.natural_width

    def render(self) -> Content:
        label = self.label.ljust(self.label_width)
        shown = self.has_focus or not self.arrows_on_focus_only
        return Content.assemble(
            (label, "$text-muted"),
            ("◀ " if shown else "  ", "$accent"),
            (self.text, "bold" if self.has_focus else ""),
            (" ▶" if shown else "  ", "$accent"),
        )
