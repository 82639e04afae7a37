"""The bigfive Textual app: screens for a new game, the game, its end, help and rules, for
both games in the box (the Big Five and Photo Safari, whose screens are in ``photo_safari/``).

The app owns the running session (a Big Five :class:`~bigfive_tui.engine.session.Session` or a
:class:`~bigfive_tui.photo_safari.engine.session.PhotoSession`) and hands it down to that
game's screen; screens report back with the messages in :mod:`bigfive_tui.app.messages`.
After every action the game is autosaved off the UI thread (see
:mod:`bigfive_tui.app.files.autosave`), and no path loses a game: a game that another one
replaces is filed among the named saves first, and when it cannot be (autosave failing, or
another process holding the autosave) the player is asked before it is replaced or the app
quits.
"""

from __future__ import annotations

import gc
import sys
from functools import cached_property
from typing import Any, ClassVar

from textual import on, work
from textual.app import App
from textual.binding import Binding
from textual.content import Content
from textual.driver import Driver
from textual.markup import MarkupError
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen

from bigfive_tui.app.app_parts.core import AppCore
from bigfive_tui.app.app_parts.going_back import GoingBack
from bigfive_tui.app.app_parts.in_play import InPlay
from bigfive_tui.app.app_parts.keeping import Keeper
from bigfive_tui.app.css_files import read_css
from bigfive_tui.app.drawing.sizes import MIN_HEIGHT, MIN_WIDTH
from bigfive_tui.app.files import saves, settings
from bigfive_tui.app.keys.names import use_written_key_names
from bigfive_tui.app.keys.palette import GameCommands
from bigfive_tui.app.keys.table import BROWSER_SECOND, VIEW, command_bindings
from bigfive_tui.app.messages import (
    AutosaveFinished,
    ChooseStartSpaces,
    ContinueGame,
    ExportPosition,
    GameChanged,
    GameOver,
    OpenTimeline,
    PlayOnFrom,
    StartGame,
    StartPhotoSafari,
    SwitchGame,
    TerminalGone,
)
from bigfive_tui.app.screens.game import GameScreen
from bigfive_tui.app.setups.games import PHOTO_SAFARI
from bigfive_tui.boardmap import Drawing
from bigfive_tui.safe_text import printable

#: Objects made before the cyclic garbage collector looks at the young ones (Python: 700).
GC_YOUNG_OBJECTS = 10_000


class BigFiveApp(AppCore):
    """The app: its state (:class:`AppCore`) and its parts (see :mod:`bigfive_tui.app.app_parts`),
    which Textual's messages and the keys' actions reach through it."""

    TITLE = "The Big Five: Safari Tour"
    CSS_PATH: ClassVar = ["game.tcss"]
    COMMANDS = App.COMMANDS | {GameCommands}
    #: ``bigfive learn``: Learn to play opens over the new-game screen at start.
    learn_first = False
    #: Every screen gets -narrow below 100 columns and -short below 30 lines (80 × 24 has
    #: both): the dialogs and screens (*.tcss) give up margins and side columns there.
    #: (Textual declares these ``ClassVar[...] | None``, which mypy reads as an instance
    #: variable: a ClassVar here would not type-check, hence the noqa.)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]  # noqa: RUF012
    BINDINGS: ClassVar = [
        *command_bindings("quit", on_app=True, show=True, priority=True),
        *command_bindings("new_game", on_app=True),
        *command_bindings("rules", on_app=True),
    ]

    # ------------------------------------------------------------------ the parts
    # Each made on first use, from the finished core (AppCore's __init__ takes the options).

    @cached_property
    def keeper(self) -> Keeper:
        return Keeper(self)

    @cached_property
    def in_play(self) -> InPlay:
        return InPlay(self, self.keeper)

    @cached_property
    def going_back(self) -> GoingBack:
        return GoingBack(self, self.keeper, self.in_play)

    # ------------------------------------------------------------------ messages to the parts

    @on(GameChanged)
    def _game_changed(self) -> None:
        # After the frame that shows the change: the writer thread's work would otherwise
        # compete with drawing it (bench/app.py: a few milliseconds of a move's repaint).
        self.call_after_refresh(self.keeper.autosave)

    @on(AutosaveFinished)
    def _autosave_reported(self, message: AutosaveFinished) -> None:
        self.keeper.report(message.problem)

    @on(TerminalGone)
    def _terminal_gone(self) -> None:
        self.keeper.terminal_gone()

    def on_unmount(self) -> None:
        self.keeper.close()

    @on(StartGame)
    def _start_game(self, message: StartGame) -> None:
        self.in_play.start_from_screen(message.setup)

    @on(StartPhotoSafari)
    def _start_photo_safari(self, message: StartPhotoSafari) -> None:
        self.in_play.start_photo_safari_from_screen(message.setup)

    @on(SwitchGame)
    def _switch_game(self, message: SwitchGame) -> None:
        self.in_play.switch_game(message.game)

    @on(ChooseStartSpaces)
    def _choose_starts(self, message: ChooseStartSpaces) -> None:
        self.in_play.choose_starts(message.setup)

    @on(ContinueGame)
    def _continue(self) -> None:
        self.in_play.continue_game()

    @on(GameOver)
    def _game_over(self) -> None:
        self.in_play.game_over()

    @on(OpenTimeline)
    def _open_timeline(self, message: OpenTimeline) -> None:
        self.going_back.open_timeline(
            0 if message.from_start else None, log_index=message.log_index
        )

    @on(PlayOnFrom)
    def _play_on_from(self, message: PlayOnFrom) -> None:
        self.going_back.play_on_from(message.position, message.path, message.replace)

    @on(ExportPosition)
    def _export_position(self, message: ExportPosition) -> None:
        self.going_back.export(message.keep)

    # ------------------------------------------------------------------ the app

    def get_driver_class(self) -> type[Driver]:
        """Textual's choice, but on Linux and macOS one that ends the game when the terminal
        goes away (app/terminal/driver.py)."""
        chosen = super().get_driver_class()
        if sys.platform == "win32":
            return chosen
        from bigfive_tui.app.terminal.driver import terminal_driver

        return terminal_driver(chosen)

    def choose_drawing(self, drawing: Drawing) -> None:
        """The player's choice of drawing, kept for the next start (with autosave on)."""
        self.preferred_drawing = drawing
        if self.autosave_enabled:
            settings.remember_drawing(drawing)

    def get_key_display(self, binding: Binding) -> str:
        """In a browser the footers name a command's second key where the browser keeps the
        first for itself (a click on the key still works: it is simulated inside the app)."""
        second = BROWSER_SECOND.get(binding.key) if self.is_web else None
        if second is not None:
            return second.browser_key
        return super().get_key_display(binding)

    def watch_theme(self, name: str) -> None:
        """A theme chosen during play is the theme of the next start too."""
        if self.screen_stack and self.autosave_enabled:
            settings.remember_theme(name)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every notice, with the terminal's control characters dropped: names and paths in
        it come from files and players. Such text is sent with ``markup=False``; a notice
        that is not valid markup all the same (Textual's own, naming a path) shows as it is."""
        message, title = printable(message), printable(title)
        if markup:
            try:
                Content.from_markup(message)
            except MarkupError:
                markup = False
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def on_mount(self) -> None:
        # A key press makes thousands of short-lived objects (strips, segments, styles): with
        # Python's default the cyclic collector ran several times a move and promoted them to
        # older generations it then walked again, 10 ms of a move's 16.7 ms frame
        # (bench/app.py). Collecting young objects less often keeps that to a few ms.
        gc.set_threshold(GC_YOUNG_OBJECTS, *gc.get_threshold()[1:])
        use_written_key_names()
        # Later: the signal comes in the middle of a push or pop.
        self.screen_change_signal.subscribe(self, lambda _: self.call_later(self._cover_dialog))
        if self.replaying:
            self.call_later(self.going_back.open_timeline, 0, replay=True)
            return
        blocked = self.autosave_file.claim() if self.autosave_file is not None else ""
        pending, self._pending = self._pending, None
        if self.session is not None or (pending is not None and not pending.doubt):
            # After Textual's start-up batch update: a screen laid out inside it has its first
            # frame dropped, and the game would only reach the terminal piece by piece.
            if pending is not None:
                self.call_later(self.in_play.show_loaded, pending, False)
            else:
                self.call_later(self.in_play.show_game)
            return
        self.in_play.show_new_game(blocked)
        if self.learn_first:  # bigfive learn
            self.call_later(self.action_learn)
        if pending is not None:  # the new-game screen stays if the player says no
            self.call_later(self.in_play.take_loaded, pending)

    def on_resize(self) -> None:
        self.call_later(self._cover_dialog)  # after Textual's own handler has taken the size

    def _cover_dialog(self) -> None:
        """A dialog over the game while the terminal is too small gets the notice on top."""
        width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        top = self.screen_stack[-1] if self.screen_stack else None
        if not isinstance(top, ModalScreen):  # no dialog, and no notice (it is one)
            return
        from bigfive_tui.app.screens.too_small import TooSmallScreen

        if isinstance(top, TooSmallScreen):
            if not small:
                self.pop_screen()
        elif (
            small
            and self.game_screen() is not None
            and not any(isinstance(screen, TooSmallScreen) for screen in self.screen_stack)
        ):
            self.push_screen(TooSmallScreen())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Under the too-small notice only quitting works: a palette opened there would pop up
        long after, when the terminal is big again."""
        if action == "command_palette" and isinstance(self.screen, ModalScreen):
            from bigfive_tui.app.screens.too_small import TooSmallScreen

            if isinstance(self.screen, TooSmallScreen):
                return False
        if action in ("hint", "pace", "computer_step", "finish"):
            # The practice keys work where the game screen says they do (the palette's
            # entries explain themselves when they do not).
            game = self.game_screen()
            if game is None or self.screen is not game:
                return False
            return game.check_action(action, parameters)
        return super().check_action(action, parameters)

    #: The styles of every other screen, read when the first of them opens: a game loaded from
    #: the command line shows only the game screen, and these files hold most of the app's
    #: rules (119 of 148 rule blocks on 2026-12-02; main.tcss, the shared ones no widget of the
    #: game screen has, cost its start-up as much as game.tcss). Read in this order, after
    #: game.tcss, whose rules match only the game screen.
    LATER_CSS_PATH: ClassVar = ["main.tcss", "screens.tcss", "dialogs.tcss", "photo_safari.tcss"]

    def refresh_css(self, animate: bool = True) -> None:
        """Setting the theme in ``__init__`` asks for this before any screen exists. Then only
        the theme's variables need to reach the stylesheet: it is parsed, and every widget
        styled, when the first screen mounts. (Textual would parse all the CSS here as well,
        about 5 ms of start-up.)"""
        if not self.screen_stack:
            self.stylesheet.set_variables(self.get_css_variables())
            return
        super().refresh_css(animate)

    def _load_screen_css(self, screen: Screen[Any]) -> None:
        """A screen about to be shown gets the breakpoint classes of the terminal's size first,
        and any screen but the game's the other screens' styles.

        Textual gives the classes in the screen's first Resize, after the screen and all its
        widgets were styled, and a new class restyles them all again (6 ms of the game
        screen's start-up). Styled with them from the start, that Resize finds nothing to
        change."""
        horizontal = screen.HORIZONTAL_BREAKPOINTS
        vertical = screen.VERTICAL_BREAKPOINTS
        classes: dict[str, bool] = {}
        for value, points in (
            (self.size.width, self.HORIZONTAL_BREAKPOINTS if horizontal is None else horizontal),
            (self.size.height, self.VERTICAL_BREAKPOINTS if vertical is None else vertical),
        ):
            reached = [name for limit, name in sorted(points or []) if value >= limit]
            for _, name in points or []:
                classes[name] = bool(reached) and name == reached[-1]
        screen.update_classes(classes, update=False)
        if not isinstance(screen, GameScreen):
            self._read_later_css()
        super()._load_screen_css(screen)

    def _read_later_css(self) -> None:
        """Add the other screens' styles to the stylesheet, once: none of their rules matches
        the game screen, so nothing on screen needs styling again."""
        read_css(self, self.LATER_CSS_PATH)

    # ------------------------------------------------------------------ actions (keys, palette)

    def action_new_game(self) -> None:
        self.in_play.show_new_game()

    async def action_quit(self) -> None:
        self.keeper.quit()

    @work
    async def action_save(self) -> None:
        await self.keeper.save_by_name()

    @work
    async def action_load(self) -> None:
        await self.in_play.load()

    def action_learn(self) -> None:
        """Learn to play (tutorial/screens.py) over whatever is shown, for the game chosen."""
        from bigfive_tui.app.tutorial.screens import open_tutorial

        open_tutorial(self, self.game)

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
                self.notify(f"Cannot make {folder}: {problem}", title="No screenshot", markup=False)
                return None
            path = str(folder)
        return super().deliver_screenshot(filename, path, time_format)

    def action_rules(self) -> None:
        """The rules of the game in play, or of the game the new-game screen shows."""
        from bigfive_tui.app.screens.rules import RulesScreen

        if isinstance(self.screen, RulesScreen):
            return
        if self.game == PHOTO_SAFARI:
            from bigfive_tui.assets import photo_safari_rules_path

            self.push_screen(RulesScreen(photo_safari_rules_path()))
        else:
            self.push_screen(RulesScreen())

    def action_help(self) -> None:
        from bigfive_tui.app.screens.help import HelpScreen

        game = self.game_screen()
        if game is not None and self.screen is game:
            game.action_help()
            return
        lines = None
        if self.game == PHOTO_SAFARI:
            from bigfive_tui.app.photo_safari.help import photo_help_lines

            lines = photo_help_lines()
        self.push_screen(HelpScreen(lines), lambda r: self.action_rules() if r == "rules" else None)

    def action_toggle_debug(self) -> None:
        """Debug mode: step through each action's rule steps (kept for the next games too)."""
        game = self.game_screen()
        if game is None:
            self.step_through = not self.step_through
            self.notify(f"Debug mode {'on' if self.step_through else 'off'}.")
            return
        game.action_toggle_debug()
        self.step_through = game.step_through

    def _on_game(self, action: str) -> None:
        """Run a Big Five game screen action from the palette, which is open over the game."""
        game = self.big_five_screen()
        if game is None:
            self.notify("This works on the Big Five's game screen.", severity="warning")
            return
        getattr(game, f"action_{action}")()

    def action_bigger_board(self) -> None:
        self._on_game("bigger_board")

    def action_smaller_board(self) -> None:
        self._on_game("smaller_board")

    def action_panels(self) -> None:
        game = self.big_five_screen()
        if game is not None and game.drawing != "compact":
            self.notify("Every panel is on screen beside the normal and large boards.", timeout=4)
            return
        self._on_game("panels")

    def action_hint(self) -> None:
        self._on_game("hint")

    def action_pace(self) -> None:
        self._on_game("pace")

    def action_finish(self) -> None:
        self._on_game("finish")

    def action_computer_step(self) -> None:
        self._on_game("computer_step")

    def _on_photo_safari(self, action: str) -> None:
        """Run a Photo Safari game screen action from the palette."""
        from bigfive_tui.app.photo_safari.game import PhotoGameScreen

        game = self.game_screen()
        if not isinstance(game, PhotoGameScreen):
            self.notify("This works on Photo Safari's game screen.", severity="warning")
            return
        getattr(game, f"action_{action}")()

    def action_photo_preview(self) -> None:
        self._on_photo_safari("preview")

    def action_photo_stay(self) -> None:
        self._on_photo_safari("stay")

    def action_photo_hint(self) -> None:
        self._on_photo_safari("hint")

    def action_photo_bigger_board(self) -> None:
        self._on_photo_safari("bigger_board")

    def action_photo_smaller_board(self) -> None:
        self._on_photo_safari("smaller_board")

    def action_timeline(self) -> None:
        self.going_back.open_timeline()

    def action_log(self) -> None:
        self._on_top("log")

    def action_search_log(self) -> None:
        self._on_top("search_log")

    def _on_top(self, action: str) -> None:
        """The timeline's own action when it is on top, else the game screen's."""
        from bigfive_tui.app.screens.timeline import TimelineScreen

        if isinstance(self.screen, TimelineScreen):
            getattr(self.screen, f"action_{action}")()
        else:
            self._on_game(action)

    def action_play_from_here(self) -> None:
        from bigfive_tui.app.screens.timeline import TimelineScreen

        if isinstance(self.screen, TimelineScreen):
            self.screen.action_play_from_here()
        else:
            key = VIEW["timeline"].display
            self.notify(f"Open the timeline first ({key}), then choose the moment.", timeout=4)

    def action_rig(self) -> None:
        self._on_game("rig")

    def action_edit_position(self) -> None:
        self._on_game("edit_position")

    def action_export_position(self) -> None:
        self._on_top("export_position")

    def action_undo(self) -> None:
        game = self.game_screen()
        if game is None or self.screen is not game:
            self.notify("Undo works on the game screen.", severity="warning")
            return
        if game.check_action("undo", ()):
            game.action_undo()
        else:
            game.warn("Nothing to undo now.")
