"""The rules (docs/rules.md), one chapter at a time, in Textual's Markdown widget.

The whole file as one Markdown document is about 1,400 widgets and took about two seconds to
open; a chapter opens at once. The chapter list on the left is the table of contents: it has
the focus when the screen opens, ↑ ↓ show a chapter, Enter reads it (the keys scroll the
text), Tab goes back and forth between the list and the text, Esc closes the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar, NamedTuple

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, OptionList
from textual.widgets._markdown import MarkdownBlock, MarkdownTable, MarkdownTableContent

from bigfive_tui.app.components.key_bar import KeyBar
from bigfive_tui.app.keys.table import COMMAND
from bigfive_tui.assets import rules_path

CELL_PADDING = 2  # a table cell's padding, one cell each side (Textual's table style)


class Chapter(NamedTuple):
    title: str
    text: str  # Markdown, starting with its own heading


def chapters_of(text: str) -> list[Chapter]:
    """Split at the second-level headings; what comes before the first is the introduction."""
    found: list[Chapter] = []
    title, lines = "Introduction", list[str]()
    for line in text.splitlines():
        if line.startswith("## "):
            if any(part.strip() for part in lines):
                found.append(Chapter(title, "\n".join(lines)))
            title, lines = line[3:].strip(), []
        lines.append(line)
    if any(part.strip() for part in lines):
        found.append(Chapter(title, "\n".join(lines)))
    return found


#: A column that gives way keeps at least this many cells while another can still give way.
NARROWEST = 16


def fitted_widths(natural: Sequence[int], room: int) -> list[int]:
    """Column widths in ``room`` cells: when the natural widths do not fit, the column with the
    longest text gives way first (down to :data:`NARROWEST`), then the next, so that short
    columns (an action, its cost) stay on one line and a long description wraps. If that is
    not enough, every column gives way down to a common width."""
    widths = list(natural)
    for index in sorted(range(len(widths)), key=lambda column: -natural[column]):
        excess = sum(widths) - room
        if excess <= 0:
            return widths
        widths[index] = max(min(widths[index], NARROWEST), widths[index] - excess)
    cap = max(widths, default=0)
    while cap > 1 and sum(min(width, cap) for width in widths) > room:
        cap -= 1
    return [min(width, cap) for width in widths]


class RulesTable(MarkdownTable):
    """A table too wide for the screen: Textual squeezes it from the first column on, which put
    "Move to an adjacent space" on three lines beside a roomy last column."""

    def on_resize(self) -> None:
        content = self.query_one(MarkdownTableContent)
        columns = len(content.headers)
        natural = [0] * columns
        for row in (content.headers, *content.rows):
            for index, cell in enumerate(row[:columns]):
                natural[index] = max(natural[index], cell.cell_length + CELL_PADDING)
        lines = columns + 1  # the keylines: the frame's two sides and one between two columns
        widths = fitted_widths(natural, self.content_size.width - lines)
        content.styles.grid_columns = widths


class RulesText(Markdown):
    """The rules' Markdown, with tables that keep their short columns whole."""

    def get_block_class(self, block_name: str) -> type[MarkdownBlock]:
        return RulesTable if block_name == "table_open" else super().get_block_class(block_name)


class ChapterList(OptionList):
    """The chapters; Enter (shown in the footer) reads the highlighted one."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select", "Read the chapter")]


class RulesScreen(Screen[None]):
    DEFAULT_CSS = """
    RulesScreen #chapters { width: auto; height: 1fr; border-right: vkey $foreground 35%; }
    RulesScreen #rules { width: 1fr; height: 1fr; background: $surface;
                         scrollbar-gutter: stable; }
    RulesScreen.-narrow.-reading #chapters { display: none; }
    """
    AUTO_FOCUS = "#chapters"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            f"escape,q,{COMMAND['rules'].key},{COMMAND['rules'].browser_key}",
            "close",
            "Close",
        ),
        Binding("tab,shift+tab", "switch", "Chapters / text"),
    ]

    def __init__(self, path: Path | None = None) -> None:
        """The rules in ``path``, the Big Five's (docs/rules.md) unless another is given."""
        super().__init__()
        try:
            text = (path or rules_path()).read_text(encoding="utf-8")
        except OSError as error:
            text = f"# Rules\n\nThe rules file cannot be read: {error}"
        self.chapters = chapters_of(text)
        self.shown = 0

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield ChapterList(*(chapter.title for chapter in self.chapters), id="chapters")
            with VerticalScroll(id="rules", can_focus=False):
                text = RulesText(self.chapters[0].text, open_links=False)
                text.can_focus = True  # Enter on a chapter: the keys scroll it
                yield text
        yield KeyBar()

    @on(OptionList.OptionHighlighted, "#chapters")
    async def _show_chapter(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index == self.shown:
            return
        self.shown = event.option_index
        await self.query_one(RulesText).update(self.chapters[event.option_index].text)
        self.query_one("#rules").scroll_home(animate=False)

    @on(OptionList.OptionSelected, "#chapters")
    def _read_chapter(self) -> None:
        self.query_one(RulesText).focus()

    def on_descendant_focus(self) -> None:
        """Below 100 columns the chapters step aside while a chapter is read (its tables need
        the width), and come back with Tab."""
        self.set_class(self.focused is not self.query_one("#chapters"), "-reading")

    def action_switch(self) -> None:
        chapters = self.query_one("#chapters")
        if self.focused is chapters:
            self.query_one(RulesText).focus()
        else:
            self.remove_class("-reading")  # first shown again, then focusable
            self.call_after_refresh(chapters.focus)

    def action_close(self) -> None:
        self.dismiss(None)
