"""The rules (docs/rules.md), one chapter at a time, in Textual's Markdown viewer.

The whole file as one Markdown document is about 1,400 widgets and took about two seconds to
open; a chapter opens at once. The chapter list on the left is the table of contents.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, MarkdownViewer, OptionList

from bigfive_tui.assets import rules_path


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


class RulesScreen(Screen[None]):
    DEFAULT_CSS = """
    RulesScreen #chapters { width: 28; height: 1fr; border-right: vkey $foreground 35%; }
    RulesScreen #rules { width: 1fr; height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1", "close", "Back to the game"),
        Binding("tab", "app.focus_next", "Chapters / text"),
    ]

    def __init__(self) -> None:
        super().__init__()
        try:
            text = rules_path().read_text(encoding="utf-8")
        except OSError as error:
            text = f"# Rules\n\nThe rules file cannot be read: {error}"
        self.chapters = chapters_of(text)
        self.shown = 0

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield OptionList(*(chapter.title for chapter in self.chapters), id="chapters")
            yield MarkdownViewer(self.chapters[0].text, show_table_of_contents=False, id="rules")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionHighlighted, "#chapters")
    async def _show_chapter(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index == self.shown:
            return
        self.shown = event.option_index
        viewer = self.query_one(MarkdownViewer)
        await viewer.document.update(self.chapters[event.option_index].text)
        viewer.scroll_home(animate=False)

    @on(OptionList.OptionSelected, "#chapters")
    def _read_chapter(self) -> None:
        self.query_one(MarkdownViewer).document.focus()  # Enter on a chapter: keys scroll it

    def action_close(self) -> None:
        self.dismiss(None)
