"""The command palette (Ctrl+P): new game, save, load, undo, rules, help, and the commands of
the game in play (the Big Five's board drawings; Photo Safari's next steps and stay).

Each command runs an app action by name, so the palette needs no import of the app class (the
app imports the palette). Themes have one entry, Textual's own "Theme", which opens a list of
them to choose from."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from bigfive_tui.app.keys.table import COACH, DEBUG, PHOTO_KEY, VIEW, command_key
from bigfive_tui.app.setups.games import PHOTO_SAFARI


def actions(web: bool, game: str = "") -> list[tuple[str, str, str]]:
    """(title, app action, help) of each command for ``game`` (the game in play or on the
    new-game screen); the keys named are those that reach the app (in a browser, the second
    keys)."""
    if game == PHOTO_SAFARI:
        return [*_shared(web), *_photo_safari()]
    return [*_shared(web), *_big_five()]


def _shared(web: bool) -> list[tuple[str, str, str]]:
    return [
        ("New game", "new_game", f"Set up a new safari ({command_key('new_game', web)})"),
        ("Save game", "save", "Save the game under a name (Ctrl+S)"),
        ("Load game", "load", f"Load a saved game ({command_key('load', web)})"),
        ("Undo", "undo", "Take back the last action (as far as the rules allow)"),
        ("Rules", "rules", f"Read the rules ({command_key('rules', web)})"),
        ("Help: keys", "help", "Show the keys (?)"),
        (
            "Learn to play",
            "learn",
            f"A guided first game, one thing at a time ({command_key('learn', web)})",
        ),
        (
            "Debug mode (on/off)",
            "toggle_debug",
            f"Step through the rule resolution of every action "
            f"({command_key('toggle_debug', web)})",
        ),
    ]


def _big_five() -> list[tuple[str, str, str]]:
    return [
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
        (
            "Timeline: the whole game",
            "timeline",
            f"Every turn, action and rule step as it was; go back and play on from there in "
            f"debug mode, practice and finished games ({view_key('timeline')})",
        ),
        (
            "Timeline: play from here",
            "play_from_here",
            "On the timeline: go on from the moment shown, keeping the line left as a save (p)",
        ),
        ("Log: enlarge", "log", f"The whole log, large ({view_key('log')})"),
        (
            "Log: search",
            "search_log",
            f"Find steps by rule id, guide or word ({view_key('search_log')})",
        ),
        (
            "Debug: edit the position",
            "edit_position",
            f"Vehicles, tokens, fires, tracks, lasting cards, the turn; checked as a scenario "
            f"file is ({DEBUG['edit_position'].display})",
        ),
        (
            "Debug: write the position as a scenario",
            "export_position",
            f"A scenario file that bigfive scenario run accepts and that continues the game "
            f"({DEBUG['export_position'].display})",
        ),
        (
            "Debug: rig the randomness",
            "rig",
            f"The next roll, the next event card, or a face-down token ({DEBUG['rig'].display})",
        ),
    ]


def _photo_safari() -> list[tuple[str, str, str]]:
    return [
        (
            "Photo Safari: the animals' next steps (on/off)",
            "photo_preview",
            f"Where each animal steps next ({PHOTO_KEY['preview'].key})",
        ),
        (
            "Photo Safari: hint",
            "photo_hint",
            f"What the computer player would do now in your place, and why "
            f"({PHOTO_KEY['hint'].key})",
        ),
        (
            "Photo Safari: timeline",
            "timeline",
            f"Every camera move and animal step as it was; play on from a moment in games "
            f"against the computer, debug mode and finished games ({view_key('timeline')})",
        ),
        (
            "Photo Safari: bigger board",
            "photo_bigger_board",
            f"The normal drawing of the board, if the terminal has room "
            f"({view_key('bigger_board')})",
        ),
        (
            "Photo Safari: smaller board",
            "photo_smaller_board",
            f"The compact drawing of the board ({view_key('smaller_board')})",
        ),
        (
            "Photo Safari: stay",
            "photo_stay",
            f"Keep the camera where it is, when that is allowed ({PHOTO_KEY['stay'].key})",
        ),
    ]


def view_key(action: str) -> str:
    return VIEW[action].display


def coach_key(action: str) -> str:
    return COACH[action].display


class GameCommands(Provider):
    def _commands(self) -> list[tuple[str, Callable[[], object], str]]:
        """The app's commands, and the commands of the screen the palette was opened over (a
        screen's ``palette_commands``: the end screen's, the timeline's, the debug steps'), run on
        that screen."""
        app = self.app
        screen = self.screen
        own: list[tuple[str, str, str]] = list(getattr(screen, "palette_commands", ()))
        commands: list[tuple[str, Callable[[], object], str]] = [
            (title, partial(app.run_action, action, screen), help_text)
            for title, action, help_text in own
        ]
        commands += [
            (title, partial(app.run_action, action), help_text)
            for title, action, help_text in actions(app.is_web, getattr(app, "game", ""))
        ]
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
