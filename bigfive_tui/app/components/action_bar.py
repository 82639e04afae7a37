"""The action bar: the current guide's actions with their keys, legal ones lit, plus a prompt
of up to two lines. Every entry is clickable and runs the same action as its key."""

from __future__ import annotations

from collections.abc import Collection

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from bigfive_tui.app.keys import ACTION_KEYS
from bigfive_tui.engine.actions import Act

#: Rows of the prompt (its max-height below): the log needs the rest of a 34-row screen.
PROMPT_LINES = 2


class ActionBar(Vertical):
    DEFAULT_CSS = """
    ActionBar { height: auto; padding: 0 1; }
    ActionBar #action-keys { height: 2; }
    ActionBar #prompt { height: auto; max-height: 2; color: $text; }
    ActionBar #prompt.-warning { color: $warning; text-style: bold; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._legal: tuple[frozenset[Act], bool, frozenset[str]] | None = None
        self._width = 0
        self._prompt: tuple[str, tuple[object, ...], bool] | None = None
        self._prompt_content = Content()

    def compose(self) -> ComposeResult:
        yield Static(id="action-keys")
        yield Static(id="prompt")

    def show_actions(
        self,
        legal_kinds: Collection[Act],
        enabled: bool = True,
        hidden: frozenset[str] = frozenset(),
    ) -> None:
        """``hidden`` names keys that mean nothing in this game (the token without Anna)."""
        width = max(20, self.content_size.width or 118)
        shown = (frozenset(legal_kinds), enabled, hidden)
        if shown == self._legal and width == self._width:
            return
        self._legal, self._width = shown, width
        lines: list[list[Content]] = [[]]
        used = 0
        for entry in ACTION_KEYS:
            if entry.name in hidden:
                continue
            legal = enabled and any(kind in legal_kinds for kind in entry.kinds)
            click = f"@click=screen.act('{entry.name}')"
            if legal:
                markup = f"[{click}][b reverse $accent]{entry.key}[/] [b]{entry.label}[/][/]"
            else:
                markup = f"[{click}][$text-muted]{entry.key} {entry.label}[/][/]"
            part = Content.from_markup(markup)
            size = len(entry.key) + 1 + len(entry.label)
            if lines[-1] and used + 2 + size > width:
                lines.append([])
                used = 0
            used += size + (2 if lines[-1] else 0)
            lines[-1].append(part)
        text = Content("\n").join(Content("  ").join(line) for line in lines)
        self.query_one("#action-keys", Static).update(text)

    def on_resize(self) -> None:
        if self._legal is not None:
            self.show_actions(*self._legal)
        self._show_prompt()

    def prompt(self, text: str | Content, *, warning: bool = False) -> None:
        content = Content(text) if isinstance(text, str) else text
        key = (content.plain, tuple(content.spans), warning)
        if key == self._prompt:
            return
        self._prompt = key
        self._prompt_content = content
        self.query_one("#prompt", Static).set_class(warning, "-warning")
        self._show_prompt()

    def _show_prompt(self) -> None:
        """The prompt wrapped to the bar; one too long for its rows ends in a visible "…"
        (never cut silently) and keeps its whole text as the tooltip."""
        widget = self.query_one("#prompt", Static)
        content = self._prompt_content
        width = max(20, self.content_size.width or 118)
        lines = content.wrap(width)
        if len(lines) <= PROMPT_LINES:
            widget.tooltip = None
            widget.update(content)
            return
        shown = lines[:PROMPT_LINES]
        shown[-1] = shown[-1].rstrip().truncate(width - 1).append("…")
        widget.tooltip = content.plain
        widget.update(Content("\n").join(shown))
