"""The command palette (Ctrl+P): new game, save, load, undo, rules, help and themes."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider

from bigfive_tui.app.keys import command_key

if TYPE_CHECKING:
    from bigfive_tui.app.main import BigFiveApp


class GameCommands(Provider):
    def _commands(self) -> list[tuple[str, Callable[[], object], str]]:
        app = cast("BigFiveApp", self.app)
        web = app.is_web
        commands: list[tuple[str, Callable[[], object], str]] = [
            (
                "New game",
                app.action_new_game,
                f"Set up a new safari ({command_key('new_game', web)})",
            ),
            ("Save game", app.action_save, "Save the game under a name (Ctrl+S)"),
            ("Load game", app.action_load, f"Load a saved game ({command_key('load', web)})"),
            ("Undo", app.action_undo, "Take back the last action (as far as the rules allow)"),
            ("Rules", app.action_rules, f"Read the rules ({command_key('rules', web)})"),
            ("Help: keys", app.action_help, "Show the keys (?)"),
            (
                "Debug mode (on/off)",
                app.action_toggle_debug,
                "Step through the rule resolution of every action "
                f"({command_key('toggle_debug', web)})",
            ),
        ]
        for name in sorted(app.available_themes):
            commands.append(
                (
                    f"Theme: {name}",
                    partial(setattr, app, "theme", name),
                    f"Switch to the {name} theme",
                )
            )
        return commands

    async def discover(self) -> Hits:
        for name, callback, help_text in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, callback, help_text in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)
