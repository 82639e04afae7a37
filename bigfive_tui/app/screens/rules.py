"""The rules (docs/rules.md) in a Markdown viewer with a table of contents."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, MarkdownViewer

from bigfive_tui.assets import rules_path


class RulesScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,f1", "close", "Back to the game")]

    def compose(self) -> ComposeResult:
        try:
            text = rules_path().read_text(encoding="utf-8")
        except OSError as error:
            text = f"# Rules\n\nThe rules file cannot be read: {error}"
        yield MarkdownViewer(text, show_table_of_contents=True, id="rules")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).document.focus()

    def action_close(self) -> None:
        self.dismiss(None)
