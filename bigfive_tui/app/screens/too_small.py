"""The game's "terminal too small" notice over a dialog. Imported when a dialog first needs
it: a Screen subclass costs Textual a pass over the whole class when it is defined."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

from bigfive_tui.app.screens.game.view import too_small_text


class TooSmallScreen(ModalScreen[None]):
    """The game's "terminal too small" notice over a dialog, which would hide the notice the game
    screen shows in its own middle. Modal, so no key reaches the dialog the player cannot see;
    the app takes it away when the terminal is big enough again."""

    DEFAULT_CSS = """
    TooSmallScreen { background: $background; }
    TooSmallScreen > Static { width: 100%; height: 1fr; content-align: center middle;
        text-align: center; color: $warning; text-style: bold; padding: 2 4; }
    """

    def compose(self) -> ComposeResult:
        yield Static()

    def on_mount(self) -> None:
        self._show_size()

    def on_resize(self) -> None:
        self._show_size()

    def _show_size(self) -> None:
        self.query_one(Static).update(too_small_text(*self.app.size))
