"""The bigfive Textual app: screens for a new game, the game, its end, help and rules.

The app owns the running :class:`~bigfive_tui.engine.session.Session` and hands it down to
the game screen; screens report back with the messages in :mod:`bigfive_tui.app.messages`.
After every action the game is autosaved (see :mod:`bigfive_tui.app.saves`).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Static

from bigfive_tui.app import saves
from bigfive_tui.app.commands import GameCommands
from bigfive_tui.app.keys import BROWSER_SECOND, command_bindings, command_key
from bigfive_tui.app.messages import (
    ChooseStartSpaces,
    ContinueGame,
    GameChanged,
    GameOver,
    StartGame,
)
from bigfive_tui.app.screens.game import MIN_HEIGHT, MIN_WIDTH, GameScreen, too_small_text
from bigfive_tui.app.themes import DEFAULT_THEME, THEMES
from bigfive_tui.engine.actions import IllegalAction
from bigfive_tui.engine.boardspec import BoardFileError
from bigfive_tui.engine.session import Session

if TYPE_CHECKING:
    from bigfive_tui.app.game_setup import GameSetup
    from bigfive_tui.app.screens.new_game import NewGameScreen


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


class BigFiveApp(App[None]):
    TITLE = "The Big Five: Safari Tour"
    CSS_PATH: ClassVar = ["main.tcss", "game.tcss", "dialogs.tcss"]
    COMMANDS = App.COMMANDS | {GameCommands}
    BINDINGS: ClassVar = [
        *command_bindings("quit", on_app=True, show=True, priority=True),
        *command_bindings("new_game", on_app=True),
        *command_bindings("rules", on_app=True),
    ]

    def __init__(
        self,
        *,
        session: Session | None = None,
        computer_seats: frozenset[int] = frozenset(),
        seed: int | None = None,
        theme: str = DEFAULT_THEME,
        computer_delay: float = 0.7,
        card_pause: bool = True,
        cursor_blink: bool = True,
        autosave: bool = True,
        step_through: bool = False,
    ) -> None:
        super().__init__()
        for custom in THEMES:
            self.register_theme(custom)
        # An unknown name (a mistyped --theme, an old settings file) gets the default; the
        # command line tells the player (Textual would raise).
        self.theme = theme if theme in self.available_themes else DEFAULT_THEME
        self.session: Session | None = session
        self.computer_seats = computer_seats
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
        self.computer_delay = computer_delay
        self.card_pause = card_pause
        self.cursor_blink = cursor_blink
        self.autosave_enabled = autosave
        self.step_through = step_through

    def get_key_display(self, binding: Binding) -> str:
        """In a browser the footers name a command's second key where the browser keeps the
        first for itself (a click on the key still works: it is simulated inside the app)."""
        second = BROWSER_SECOND.get(binding.key) if self.is_web else None
        if second is not None:
            return second.browser_key
        return super().get_key_display(binding)

    def refresh_css(self, animate: bool = True) -> None:
        """Setting the theme in ``__init__`` asks for this before any screen exists. Then only
        the theme's variables need to reach the stylesheet: it is parsed, and every widget
        styled, when the first screen mounts. (Textual would parse all the CSS here as well,
        about 5 ms of start-up.)"""
        if not self.screen_stack:
            self.stylesheet.set_variables(self.get_css_variables())
            return
        super().refresh_css(animate)

    def watch_theme(self, name: str) -> None:
        """A theme chosen during play is the theme of the next start too."""
        if self.screen_stack and self.autosave_enabled:
            saves.remember_theme(name)

    def on_mount(self) -> None:
        # Later: the signal comes in the middle of a push or pop.
        self.screen_change_signal.subscribe(self, lambda _: self.call_later(self._cover_dialog))
        if self.session is not None:
            # After Textual's start-up batch update: a screen laid out inside it has its first
            # frame dropped, and the game would only reach the terminal piece by piece.
            self.call_later(self._show_game)
        else:
            from bigfive_tui.app.screens.new_game import NewGameScreen  # not needed for a game

            self.push_screen(NewGameScreen(self.seed, cursor_blink=self.cursor_blink))

    def on_resize(self) -> None:
        self.call_later(self._cover_dialog)  # after Textual's own handler has taken the size

    def _cover_dialog(self) -> None:
        """A dialog over the game while the terminal is too small gets the notice on top."""
        width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        top = self.screen_stack[-1] if self.screen_stack else None
        if isinstance(top, TooSmallScreen):
            if not small:
                self.pop_screen()
        elif (
            small
            and isinstance(top, ModalScreen)
            and self._game_screen() is not None
            and not any(isinstance(screen, TooSmallScreen) for screen in self.screen_stack)
        ):
            self.push_screen(TooSmallScreen())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Under the too-small notice only quitting works: a palette opened there would pop up
        long after, when the terminal is big again."""
        if action == "command_palette" and isinstance(self.screen, TooSmallScreen):
            return False
        return super().check_action(action, parameters)

    # ------------------------------------------------------------------ switching screens

    def _game_screen(self) -> GameScreen | None:
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                return screen
        return None

    def _reset_to(self, screen: GameScreen | NewGameScreen) -> None:
        """Replace the whole screen stack (above the default screen) with ``screen``."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)

    def _show_game(self) -> None:
        assert self.session is not None
        self._reset_to(
            GameScreen(
                self.session,
                self.computer_seats,
                computer_delay=self.computer_delay,
                card_pause=self.card_pause,
                step_through=self.step_through,
            )
        )
        self._autosave()

    def _show_new_game(self, notice: str = "") -> None:
        from bigfive_tui.app.screens.new_game import NewGameScreen

        self.seed = random.SystemRandom().randrange(1_000_000) if self.session else self.seed
        self._reset_to(NewGameScreen(self.seed, cursor_blink=self.cursor_blink, notice=notice))

    def start(self, setup: GameSetup) -> None:
        try:
            session = setup.session()
        except (IllegalAction, BoardFileError) as problem:
            self.notify(str(problem), title="Cannot start", severity="error")
            return
        kept = None
        if self.autosave_enabled:
            kept = saves.keep_unfinished_autosave()
            saves.remember_setup(setup)
        self.session = session
        self.computer_seats = setup.computer_seats
        self._show_game()
        if kept is not None:
            self.notify(
                f"The unfinished safari was kept as {kept.name}; "
                f"{command_key('load', self.is_web)} loads it.",
                timeout=8,
            )

    def open_save(self, path: Path) -> bool:
        """Load ``path`` and show the game; a bad file gives a message, never a crash."""
        try:
            loaded = saves.read_save(path)
        except saves.SaveError as problem:
            self.notify(str(problem), title="Cannot load the game", severity="error", timeout=12)
            return False
        self.session = loaded.session
        self.computer_seats = loaded.computer_seats
        self._show_game()
        if path == saves.autosave_path():
            self.notify("The saved game goes on where it stopped.", timeout=3)
        else:
            self.notify(f"Loaded {path.name}.", timeout=3)
        return True

    # ------------------------------------------------------------------ messages from screens

    def _from_new_game_on_top(self) -> bool:
        """A second Enter can post a second start before the next screen shows: only the first
        one, sent while the new-game screen is still on top, counts."""
        from bigfive_tui.app.screens.new_game import NewGameScreen

        return isinstance(self.screen, NewGameScreen)

    @on(StartGame)
    def _start_game(self, message: StartGame) -> None:
        if self._from_new_game_on_top():
            self.start(message.setup)

    @on(ChooseStartSpaces)
    def _choose_starts(self, message: ChooseStartSpaces) -> None:
        from bigfive_tui.app.screens.start_spaces import StartSpacesScreen

        if not self._from_new_game_on_top():
            return
        setup = message.setup
        try:
            board = setup.board()
        except BoardFileError as problem:
            self.notify(str(problem), title="Cannot start", severity="error")
            return

        def chosen(cells: tuple[int, ...] | None) -> None:
            if cells is not None:
                from dataclasses import replace

                self.start(replace(setup, start_cells=cells))

        self.push_screen(StartSpacesScreen(setup, board), chosen)

    @on(ContinueGame)
    def _continue(self) -> None:
        if self.session is not None and not self.session.state.over:
            self._show_game()  # back to the game in play, as it stands in memory
            return
        if not self.open_save(saves.autosave_path()):
            moved = saves.set_aside_autosave()
            self._show_new_game(
                "The autosaved game could not be continued"
                + (f"; it was moved to {moved}." if moved else ".")
            )

    @on(GameChanged)
    def _game_changed(self) -> None:
        self._autosave()

    def _autosave(self) -> None:
        if not self.autosave_enabled or self.session is None:
            return
        if self.session.state.over:
            saves.clear_autosave()
            return
        try:
            saves.autosave(self.session, self.computer_seats)
        except saves.SaveError as problem:
            self.notify(str(problem), title="Autosave failed", severity="warning")

    @on(GameOver)
    def _game_over(self) -> None:
        from bigfive_tui.app.screens.end import EndScreen

        if self.session is None:
            return
        saves.clear_autosave() if self.autosave_enabled else None

        def next_step(choice: str | None) -> None:
            if choice == "new":
                self._show_new_game()
            elif choice == "quit":
                self.exit()

        self.push_screen(EndScreen(self.session), next_step)

    # ------------------------------------------------------------------ actions (keys, palette)

    def action_new_game(self) -> None:
        self._show_new_game()

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """Screenshots (the palette's command too) go to the game's data folder: Textual's
        default, the Downloads folder, may not exist, and then it only says that it failed."""
        if path is None:
            folder = saves.data_dir() / "screenshots"
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as problem:
                self.notify(f"Cannot make {folder}: {problem}", title="No screenshot")
                return None
            path = str(folder)
        return super().deliver_screenshot(filename, path, time_format)

    def action_rules(self) -> None:
        from bigfive_tui.app.screens.rules import RulesScreen

        if not isinstance(self.screen, RulesScreen):
            self.push_screen(RulesScreen())

    def action_help(self) -> None:
        from bigfive_tui.app.screens.help import HelpScreen

        game = self._game_screen()
        if game is not None and self.screen is game:
            game.action_help()
        else:
            self.push_screen(HelpScreen(), lambda r: self.action_rules() if r == "rules" else None)

    def action_toggle_debug(self) -> None:
        """Debug mode: step through each action's rule steps (kept for the next games too)."""
        game = self._game_screen()
        if game is None:
            self.step_through = not self.step_through
            self.notify(f"Debug mode {'on' if self.step_through else 'off'}.")
            return
        game.action_toggle_debug()
        self.step_through = game.step_through

    def action_undo(self) -> None:
        game = self._game_screen()
        if game is None or self.screen is not game:
            self.notify("Undo works on the game screen.", severity="warning")
            return
        if game.check_action("undo", ()):
            game.action_undo()
        else:
            game.warn("Nothing to undo now.")

    @work
    async def action_save(self) -> None:
        from bigfive_tui.app.screens.dialogs import SaveDialog

        if self.session is None:
            self.notify("There is no game to save yet.", severity="warning")
            return
        state = self.session.state
        suggestion = f"{state.guide.title.lower()}-turn{state.turn}"
        name = await self.push_screen_wait(SaveDialog(suggestion))
        if not name or self.session is None:
            return
        try:
            path = saves.save_named(name, self.session, self.computer_seats)
        except saves.SaveError as problem:
            self.notify(str(problem), title="Not saved", severity="error")
            return
        self.notify(f"Saved as {path}.", timeout=4)

    @work
    async def action_load(self) -> None:
        from bigfive_tui.app.screens.dialogs import LoadDialog

        path = await self.push_screen_wait(LoadDialog())
        if path is not None:
            self.open_save(path)
