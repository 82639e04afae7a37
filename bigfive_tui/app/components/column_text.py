"""Rows of a label and its text, the text wrapping in its own column beside the label (the help's
keys, the card dialog's points), so that at 80 columns a label still starts its row."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rich.cells import cell_len
from textual.content import Content
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget


class Row(NamedTuple):
    """A label (plain, in the widget's label style, or styled as given) and its text."""

    label: Content | str
    text: Content | str


#: A heading or a blank line (one Content, across the whole width), or a row.
Line = Content | Row


def _width(label: Content | str) -> int:
    return cell_len(label) if isinstance(label, str) else label.cell_length


class ColumnText(Widget):
    """``lines`` wrapped to the width the widget has. With ``max_rows`` set and more rows than
    that, the middle gives way to one row saying how many lines are left out: the first and the
    last lines (what started, and where it ended) stay."""

    DEFAULT_CSS = """
    ColumnText { height: auto; }
    """

    max_rows: reactive[int | None] = reactive(None, layout=True)

    def __init__(
        self,
        lines: Sequence[Line],
        *,
        label_style: str = "bold $accent",
        widest_label: int = 16,
        elided: str = "… {count} more lines",
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.lines = list(lines)
        self.label_style = label_style
        self.elided = elided
        labels = [_width(line.label) for line in self.lines if isinstance(line, Row)]
        #: The label column: the longest label and a gap, at most ``widest_label``.
        self.label_width = min(widest_label, max(labels, default=0) + 2)

    def wrapped(self, width: int) -> list[list[Content]]:
        """Every line of the text at ``width`` cells, as the screen rows of each."""
        out: list[list[Content]] = []
        room = max(10, width - self.label_width)
        indent = Content(" " * self.label_width)
        for line in self.lines:
            if isinstance(line, Content):
                out.append(line.wrap(max(1, width)) if line.plain else [line])
                continue
            text = line.text if isinstance(line.text, Content) else Content(line.text)
            pieces = text.wrap(room) or [Content("")]
            label = line.label
            if isinstance(label, str):
                label = Content.styled(label.ljust(self.label_width), self.label_style)
            else:
                label = label.pad_right(max(0, self.label_width - label.cell_length))
            out.append([label + pieces[0], *(indent + piece for piece in pieces[1:])])
        return out

    def shown(self, width: int) -> list[Content]:
        """The rows on screen: all of them, or within ``max_rows`` the first and the last lines
        whole and one row that counts the lines left out between them."""
        lines = self.wrapped(width)
        rows = [row for line in lines for row in line]
        limit = self.max_rows
        if limit is None or len(rows) <= limit:
            return rows
        room = max(0, limit - 1)
        head: list[list[Content]] = []
        tail: list[list[Content]] = []
        first, last = 0, len(lines) - 1
        while first <= last:  # the first lines and the last ones take turns
            take_head = len(head) <= len(tail)
            line = lines[first] if take_head else lines[last]
            if sum(map(len, head + tail)) + len(line) > room:
                break
            if take_head:
                head.append(line)
                first += 1
            else:
                tail.insert(0, line)
                last -= 1
        note = Content.styled(self.elided.format(count=last - first + 1), "italic $text-muted")
        return [*(r for line in head for r in line), note, *(r for line in tail for r in line)]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.shown(width))

    def render(self) -> Content:
        return Content("\n").join(self.shown(self.content_size.width))
