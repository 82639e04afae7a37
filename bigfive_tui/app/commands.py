"""The command palette (Ctrl+P): new game, save, load, undo, rules, help, the board's drawing.

Each command runs an app action by name, so the palette needs no import of the app class (the
app imports the palette). Themes have one entry, Textual's own "Theme", which opens a list of
them to choose from."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from bigfive_tui.app.keys import COACH, VIEW, command_key


def actions(web: bool) -> list[tuple[str, str, str]]:
    """(title, app action, help) of each command; the keys named are those that reach the app
    (in a browser, the second keys)."""
    return [
        ("New game", "new_game", f"Set up a new safari ({command_key('new_game', web)})"),
        ("Save game", "save", "Save the game under a name (Ctrl+S)"),
        ("Load game", "load", f"Load a saved game ({command_key('load', web)})"),
        ("Undo", "undo", "Take back the last action (as far as the rules allow)"),
        ("Rules", "rules", f"Read the rules ({command_key('rules', web)})"),
        ("Help: keys", "help", "Show the keys (?)"),
        (
            "Debug mode (on/off)",
            "toggle_debug",
            f"Step through the rule resolution of every action "
            f"({command_key('toggle_debug', web)})",
        ),
        ("Hint", "hint", f"What would the strong teammate do now, and why? ({coach_key('hint')})"),
        (
            "Computer pace",
            "pace",
            f"Computer turns instant, fast, normal or step by step ({coach_key('pace')})",
        ),
        (
            "Finish the computer's turn",
            "finish",
            f"Play the rest of the computer's turn at once ({coach_key('finish')})",
        ),
        (
            "Board: bigger drawing",
            "bigger_board",
            f"A larger drawing of the board, if the terminal has room ({view_key('bigger_board')})",
        ),
        (
            "Board: smaller drawing",
            "smaller_board",
            f"A smaller drawing of the board ({view_key('smaller_board')})",
        ),
        (
            "Panels: other guides, table, log",
            "panels",
            f"With the compact board: the pages beside the board ({view_key('panels')})",
        ),
    ]


def view_key(action: str) -> str:
    return VIEW[action].display


def coach_key(action: str) -> str:
    return COACH[action].display


class GameCommands(Provider):
    def _commands(self) -> list[tuple[str, Callable[[], object], str]]:
        app = self.app
        return [
            (title, partial(app.run_action, action), help_text)
            for title, action, help_text in actions(app.is_web)
        ]

    async def discover(self) -> Hits:
        for name, callback, help_text in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, callback, help_text in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)
