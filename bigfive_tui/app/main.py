"""The bigfive Textual app: screens for a new game, the game, its end, help and rules, for
both games in the box (the Big Five and Photo Safari, whose screens are in ``photo_safari/``).

The app owns the running session (a Big Five :class:`~bigfive_tui.engine.session.Session` or a
:class:`~bigfive_tui.photo_safari.engine.session.PhotoSession`) and hands it down to that
game's screen; screens report back with the messages in :mod:`bigfive_tui.app.messages`.
After every action the game is autosaved off the UI thread (see :mod:`bigfive_tui.app.autosave`),
and no path loses a game: a game that another one replaces is filed among the named saves
first, and when it cannot be (autosave failing, or another process holding the autosave) the
player is asked before it is replaced or the app quits.
"""

from __future__ import annotations

import gc
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.markup import MarkupError
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from bigfive_tui.app import saves, settings
from bigfive_tui.app.allocator import one_malloc_arena
from bigfive_tui.app.autosave import AutosaveFile
from bigfive_tui.app.commands import GameCommands
from bigfive_tui.app.drawings import MIN_HEIGHT, MIN_WIDTH
from bigfive_tui.app.games import BIG_FIVE, PHOTO_SAFARI
from bigfive_tui.app.keys import BROWSER_SECOND, VIEW, command_bindings, command_key
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
)
from bigfive_tui.app.practice import PACES, STRENGTHS, hints_used, set_hints
from bigfive_tui.app.screens.base import PlayScreen
from bigfive_tui.app.screens.game import GameScreen, too_small_text
from bigfive_tui.app.themes import DEFAULT_THEME, THEMES
from bigfive_tui.boardmap import Drawing
from bigfive_tui.engine.actions import IllegalAction
from bigfive_tui.engine.pieces import BoardFileError
from bigfive_tui.engine.session import Session
from bigfive_tui.files.autosaver import Outcome
from bigfive_tui.safe_text import printable

#: Objects made before the cyclic garbage collector looks at the young ones (Python: 700).
GC_YOUNG_OBJECTS = 10_000

if TYPE_CHECKING:
    from bigfive_tui.app.components.continue_offer import ContinueOffer
    from bigfive_tui.app.game_setup import GameSetup
    from bigfive_tui.app.photo_setup import PhotoSetup
    from bigfive_tui.app.screens.timeline import Branching
    from bigfive_tui.photo_safari.engine.session import PhotoSession


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
    CSS_PATH: ClassVar = ["main.tcss", "game.tcss"]
    #: The styles of every other screen, read when the first of them opens: a game loaded from
    #: the command line shows only the game screen, and parsing these (103 of the 158 rules)
    #: cost its start-up some 5 ms. Read in this order, after the two above, as they were.
    LATER_CSS_PATH: ClassVar = ["screens.tcss", "dialogs.tcss", "photo_safari.tcss"]
    COMMANDS = App.COMMANDS | {GameCommands}
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

    def __init__(
        self,
        *,
        session: Session | PhotoSession | None = None,
        computer_seats: frozenset[int] = frozenset(),
        seed: int | None = None,
        theme: str = DEFAULT_THEME,
        computer_delay: float = 0.7,
        card_pause: bool = True,
        cursor_blink: bool = True,
        autosave: bool = True,
        step_through: bool = False,
        pending: saves.LoadedGame | None = None,
        drawing: Drawing | None = None,
        game: str = BIG_FIVE,
        photo_setup: str | None = None,
        strength: str = "strong",
        pace: str = "normal",
        replay: bool = False,
    ) -> None:
        """``pending``: a game loaded from the command line (``--load``); one that needs the
        player's word first (see :attr:`saves.LoadedGame.doubt`) is asked about over the
        new-game screen. Loading the autosave file this way continues it, like Enter on the
        new-game screen. ``game`` is the game whose new-game screen opens when there is no
        ``session`` (a session decides it itself); ``photo_setup`` is the Photo Safari set-up
        offered there."""
        one_malloc_arena()  # before Textual's input thread, the first of the app's threads
        super().__init__()
        for custom in THEMES:
            self.register_theme(custom)
        # An unknown name (a mistyped --theme, an old settings file) gets the default; the
        # command line tells the player (Textual would raise).
        self.theme = theme if theme in self.available_themes else DEFAULT_THEME
        self.session: Session | PhotoSession | None = session
        self.computer_seats = computer_seats
        self.game = game
        self.photo_setup = photo_setup
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
        self.computer_delay = computer_delay
        self.card_pause = card_pause
        self.cursor_blink = cursor_blink
        self.autosave_enabled = autosave
        self.autosave_file = (
            AutosaveFile(saves.autosave_path(), self._autosave_finished) if autosave else None
        )
        #: Why autosave failed last ("" while it works), as the player was told.
        self.autosave_problem = ""
        self.step_through = step_through
        #: How strong the computer teammates are, and the pace of their turns (pace key).
        self.computer_strength = strength
        self.computer_pace = pace
        self._pending = pending
        self._told_not_autosaving = False
        #: The drawing of the board the player chose (+/-), used wherever it fits.
        self.preferred_drawing: Drawing | None = drawing
        #: ``bigfive replay``: the game is only looked at (nothing autosaved) until the player
        #: plays on from a moment of it.
        self.replaying = replay and session is not None

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
        """Add the other screens' styles to the stylesheet, once. Only they are parsed (the
        stylesheet keeps what it parsed before), and the widgets on screen are not styled
        again, as Textual does for a widget's own CSS (its CSS_PATH for a screen would
        parse every file again and restyle the whole app): none of these rules matches
        the game screen."""
        folder = Path(__file__).parent
        for name in self.LATER_CSS_PATH:
            path = os.path.abspath(folder / name)  # as Textual names a CSS file it reads
            if not self.stylesheet.has_source(path):
                css = (folder / name).read_text(encoding="utf-8")
                self.stylesheet.add_source(css, read_from=(path, ""), is_default_css=False)
                if self.css_monitor is not None:  # `textual run --dev` reloads it when edited
                    self.css_monitor.add_paths([Path(path)])

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
        # Later: the signal comes in the middle of a push or pop.
        self.screen_change_signal.subscribe(self, lambda _: self.call_later(self._cover_dialog))
        if self.replaying:
            self.call_later(self.open_timeline, 0, replay=True)
            return
        blocked = self.autosave_file.claim() if self.autosave_file is not None else ""
        pending, self._pending = self._pending, None
        if self.session is not None or (pending is not None and not pending.doubt):
            # After Textual's start-up batch update: a screen laid out inside it has its first
            # frame dropped, and the game would only reach the terminal piece by piece.
            if pending is not None:
                self.call_later(self._show_loaded, pending, False)
            else:
                self.call_later(self._show_game)
            return
        self._show_new_game(blocked)
        if pending is not None:  # the new-game screen stays if the player says no
            self.call_later(self._take_loaded, pending)

    def on_unmount(self) -> None:
        """The last writes reach the disk before the process ends, and the lock is given back."""
        if self.autosave_file is not None:
            self.autosave_file.close()

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
        if action in ("hint", "pace", "computer_step", "finish"):
            # The practice keys work where the game screen says they do (the palette's
            # entries explain themselves when they do not).
            game = self._game_screen()
            if game is None or self.screen is not game:
                return False
            return game.check_action(action, parameters)
        return super().check_action(action, parameters)

    # ------------------------------------------------------------------ switching screens

    def _game_screen(self) -> PlayScreen | None:
        """The screen of the game in play, either game's."""
        for screen in self.screen_stack:
            if isinstance(screen, PlayScreen):
                return screen
        return None

    def _big_five_screen(self) -> GameScreen | None:
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                return screen
        return None

    def _reset_to(self, screen: Screen[None]) -> None:
        """Replace the whole screen stack (above the default screen) with ``screen``."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)

    def _show_game(self) -> None:
        """Show the game in play (and autosave it). The first game shown while this process
        does not autosave says so: the notice on the new-game screen may have gone unread."""
        session = self.session
        assert session is not None
        if isinstance(session, Session):
            self.game = BIG_FIVE
            self._reset_to(
                GameScreen(
                    session,
                    self.computer_seats,
                    computer_delay=self.computer_delay,
                    card_pause=self.card_pause,
                    step_through=self.step_through,
                    strength=self.computer_strength,
                    pace=self.computer_pace,
                )
            )
        else:
            from bigfive_tui.app.photo_safari.game import PhotoGameScreen

            self.game = PHOTO_SAFARI
            self.computer_seats = session.computer_seats
            self._reset_to(
                PhotoGameScreen(
                    session, computer_delay=self.computer_delay, step_through=self.step_through
                )
            )
        self._autosave()
        autosave = self.autosave_file
        if autosave is not None and autosave.blocked and not self._told_not_autosaving:
            self._told_not_autosaving = True
            self.notify(autosave.blocked, title="Not autosaving", severity="warning", timeout=20)

    def _show_new_game(self, notice: str = "", *, focus_game: bool = False) -> None:
        """The new-game screen of the game chosen last (imported here: a game needs none);
        ``focus_game`` gives the focus to its game field (switched to from the other game's)."""
        self.seed = random.SystemRandom().randrange(1_000_000) if self.session else self.seed
        offer, trouble = self._continue_offer()
        autosave = self.autosave_file
        notice = " ".join(text for text in (notice, trouble) if text)
        keeps_games = autosave is not None and autosave.active
        screen: Screen[None]
        if self.game == PHOTO_SAFARI:
            from bigfive_tui.app.photo_safari.new_game import PhotoNewGameScreen

            screen = PhotoNewGameScreen(
                self.seed,
                setup=self.photo_setup,
                cursor_blink=self.cursor_blink,
                notice=notice,
                offer=offer,
                keeps_games=keeps_games,
                focus_game=focus_game,
            )
        else:
            from bigfive_tui.app.screens.new_game import NewGameScreen

            screen = NewGameScreen(
                self.seed,
                cursor_blink=self.cursor_blink,
                notice=notice,
                offer=offer,
                keeps_games=keeps_games,
                focus_game=focus_game,
            )
        self._reset_to(screen)

    def _continue_offer(self) -> tuple[ContinueOffer | None, str]:
        """What the new-game screen offers besides a new safari: the game in play, or else the
        autosaved game. A damaged autosave is moved aside: the notice says where to."""
        from bigfive_tui.app.components.continue_offer import ContinueOffer
        from bigfive_tui.app.screens.new_game import game_summary

        session = self.session
        if session is not None and not session.state.over:
            return ContinueOffer("running", game_summary(session)), ""
        autosave = self.autosave_file
        if autosave is not None:
            if autosave.held_elsewhere:
                return None, ""  # the other process is playing it
            autosave.flush()  # a finished game's autosave is gone before we look
        if not saves.has_autosave():
            return None, ""
        info = saves.describe(saves.autosave_path())
        if info.problem:
            return None, self._set_aside_autosave(
                f"The autosaved game could not be read ({info.problem.rstrip('.')})"
            )
        saved = f" · saved {info.saved_at}" if info.saved_at else ""
        return ContinueOffer("saved", f"{info.summary}{saved}"), ""

    def _set_aside_autosave(self, reason: str) -> str:
        """Move the autosave out of the way, kept for inspection; the notice that says so."""
        try:
            if self.autosave_file is not None:
                moved = self.autosave_file.set_aside()
            else:
                moved = saves.set_aside(saves.autosave_path())
        except saves.SaveError as problem:
            return f"{reason}. {problem}. A new game is offered instead."
        return f"{reason}; it was kept as {moved} and a new game is offered instead."

    def start(self, setup: GameSetup) -> None:
        """Start a new game from ``setup`` (after asking, when the game in play is not saved)."""
        try:
            session = setup.session()
        except (IllegalAction, BoardFileError) as problem:
            self.notify(str(problem), title="Cannot start", severity="error", markup=False)
            return
        if self.game_at_risk():
            self._replace_after_asking("Start the new safari", lambda: self._begin(setup, session))
        else:
            self._begin(setup, session)

    def start_photo_safari(self, setup: PhotoSetup) -> None:
        """Start a Photo Safari game from ``setup`` (after asking, when the game in play is
        not saved)."""
        from bigfive_tui.photo_safari.formats.setup_file import SetupFileError

        try:
            session = setup.session()
        except SetupFileError as problem:
            self.notify(str(problem), title="Cannot start", severity="error", markup=False)
            return

        def begin() -> None:
            if self.autosave_enabled:
                settings.remember_photo_setup(setup)
            self._switch_to(session, session.computer_seats, holds_game=False)

        if self.game_at_risk():
            self._replace_after_asking("Start Photo Safari", begin)
        else:
            begin()

    def _begin(self, setup: GameSetup, session: Session) -> None:
        if self.autosave_enabled:
            settings.remember_setup(setup)
        self.computer_strength = setup.teammates or "strong"
        self._switch_to(session, setup.computer_seats, holds_game=False)

    def _switch_to(
        self, session: Session | PhotoSession, computer_seats: frozenset[int], holds_game: bool
    ) -> None:
        """Make ``session`` the game in play. Unless the autosave file already ``holds_game``,
        its first autosave files the game there away among the named saves first."""
        if self.autosave_file is not None:
            self.autosave_file.holds_game = holds_game
        self.session = session
        self.computer_seats = computer_seats
        self._show_game()

    def _is_autosave(self, path: Path) -> bool:
        return Path(os.path.abspath(path)) == Path(os.path.abspath(saves.autosave_path()))

    def open_save(self, path: Path) -> bool:
        """Load ``path`` and show its game; a bad file gives a message, never a crash, and
        False. A game that needs the player's word first (actions that no longer replay, a
        game in play that is not saved) is shown once it is given."""
        try:
            loaded = saves.read_save(path)
        except saves.SaveError as problem:
            self.notify(
                str(problem),
                title="Cannot load the game",
                severity="error",
                timeout=12,
                markup=False,
            )
            return False
        self._take_loaded(loaded)
        return True

    def _take_loaded(self, loaded: saves.LoadedGame) -> None:
        if loaded.doubt or self.game_at_risk():
            self._load_after_asking(loaded)
        else:
            self._show_loaded(loaded)

    @work(group="replace-game", exclusive=True)
    async def _load_after_asking(self, loaded: saves.LoadedGame) -> None:
        from bigfive_tui.app.screens.dialogs import ConfirmDialog

        if loaded.doubt:
            dialog = ConfirmDialog(loaded.doubt, yes="Go on from there", no="Do not load it")
            if not await self.push_screen_wait(dialog):
                return
        if await self._keep_game_in_play("Load the other game"):
            self._show_loaded(loaded)

    def _show_loaded(self, loaded: saves.LoadedGame, announce: bool = True) -> None:
        """Make the loaded game the game in play; ``announce`` says so in a notice (a game
        loaded at start-up needs none)."""
        name = printable(loaded.path.name)
        continuing = self._is_autosave(loaded.path)
        kept = None
        if continuing and loaded.doubt and self.autosave_file is not None:
            # The autosave is about to hold another game than the one it holds: keep that.
            try:
                kept = self.autosave_file.set_aside()
            except saves.SaveError as problem:
                self.notify(str(problem), title="Not loaded", severity="error", markup=False)
                return
        practice = loaded.practice
        if practice is not None and isinstance(loaded.session, Session):
            self.computer_strength = practice.teammates
            self.computer_pace = practice.pace
            set_hints(loaded.session, practice.hints)
        self._switch_to(loaded.session, loaded.computer_seats, holds_game=continuing)
        without = (
            f", without its last {loaded.dropped} action{'s' * (loaded.dropped != 1)}"
            if loaded.dropped
            else ""
        )
        if kept is not None:
            self.notify(
                f"The game goes on{without}; the autosave as it was is kept as {kept}.",
                timeout=10,
                markup=False,
            )
        elif announce:
            words = "The saved game goes on where it stopped" if continuing else f"Loaded {name}"
            self.notify(f"{words}{without}.", timeout=3, markup=False)

    # ------------------------------------------------------------------ keeping the game

    def game_at_risk(self) -> str:
        """Why the game in memory would be lost if it were replaced or the app quit now: ""
        when it is on disk, is over, has not begun, or autosave is off by choice."""
        session, autosave = self.session, self.autosave_file
        if autosave is None or session is None or session.state.over or not session.texts:
            return ""
        if not session.recordable:
            return ""
        return autosave.problem()

    async def _keep_game_in_play(self, going: str) -> bool:
        """Before the game in memory goes: when it is not safely on disk, say why and offer to
        save it under a name or path. True when it may go."""
        from bigfive_tui.app.screens.dialogs import ChoiceDialog

        problem = self.game_at_risk()
        while problem:
            choice = await self.push_screen_wait(
                ChoiceDialog(
                    "The game in play is not saved",
                    [
                        "Save it under a name or path first…",
                        f"{going} anyway: this game is lost",
                        "Back to the game",
                    ],
                    prompt=problem,
                )
            )
            if choice == 0:
                if await self._save_by_name():
                    return True
                continue  # cancelled, or the disk refused: ask again
            return choice == 1
        return True

    @work(group="replace-game", exclusive=True)
    async def _replace_after_asking(self, going: str, replace: Callable[[], None]) -> None:
        if await self._keep_game_in_play(going):
            replace()

    async def action_quit(self) -> None:
        """Quit, after asking when the game in play is not saved (autosave failing, or
        another process holding the autosave file)."""
        if self.game_at_risk():
            self._quit_after_asking()
        else:
            self.exit()

    @work(group="quit", exclusive=True)
    async def _quit_after_asking(self) -> None:
        if await self._keep_game_in_play("Quit"):
            self.exit()

    # ------------------------------------------------------------------ messages from screens

    def _from_new_game_on_top(self) -> bool:
        """A second Enter can post a second start before the next screen shows: only the first
        one, sent while a new-game screen is still on top, counts."""
        if self.game == PHOTO_SAFARI:
            from bigfive_tui.app.photo_safari.new_game import PhotoNewGameScreen

            return isinstance(self.screen, PhotoNewGameScreen)
        from bigfive_tui.app.screens.new_game import NewGameScreen

        return isinstance(self.screen, NewGameScreen)

    @on(StartGame)
    def _start_game(self, message: StartGame) -> None:
        if self._from_new_game_on_top():
            self.start(message.setup)

    @on(StartPhotoSafari)
    def _start_photo_safari(self, message: StartPhotoSafari) -> None:
        if self._from_new_game_on_top():
            self.start_photo_safari(message.setup)

    @on(SwitchGame)
    def _switch_game(self, message: SwitchGame) -> None:
        """The other game's new-game screen, in place of this one."""
        if message.game in (BIG_FIVE, PHOTO_SAFARI) and message.game != self.game:
            self.game = message.game
            self._show_new_game(focus_game=True)

    @on(ChooseStartSpaces)
    def _choose_starts(self, message: ChooseStartSpaces) -> None:
        from bigfive_tui.app.screens.start_spaces import StartSpacesScreen

        if not self._from_new_game_on_top():
            return
        setup = message.setup
        try:
            board = setup.board()
        except BoardFileError as problem:
            self.notify(str(problem), title="Cannot start", severity="error", markup=False)
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
        try:
            loaded = saves.read_save(saves.autosave_path())
        except saves.SaveError as problem:
            self._show_new_game(
                self._set_aside_autosave(
                    f"The autosaved game could not be continued ({str(problem).rstrip('.')})"
                )
            )
            return
        self._take_loaded(loaded)

    @on(GameChanged)
    def _game_changed(self) -> None:
        # After the frame that shows the change: the writer thread's work would otherwise
        # compete with drawing it (bench/app.py: a few milliseconds of a move's repaint).
        self.call_after_refresh(self._autosave)

    def practice_note(self) -> saves.PracticeNote | None:
        """What a save keeps of practice: the computer teammates' strength and pace, and the
        hints asked (None for a hot-seat game without hints, and for Photo Safari)."""
        session = self.session
        if not isinstance(session, Session):
            return None
        hints = hints_used(session)
        if not self.computer_seats and not hints:
            return None
        return saves.PracticeNote.model_validate(
            {
                "teammates": self.computer_strength
                if self.computer_strength in STRENGTHS
                else "strong",
                "pace": self.computer_pace if self.computer_pace in PACES else "normal",
                "hints": hints,
            }
        )

    def _autosave(self) -> None:
        autosave, session = self.autosave_file, self.session
        if (
            self.replaying
            or autosave is None
            or not autosave.active
            or session is None
            or not session.recordable
        ):
            return
        if session.state.over:
            autosave.clear()
            return
        try:
            kept = autosave.save(session, self.computer_seats, self.practice_note())
        except saves.SaveError as problem:
            self._autosave_trouble(str(problem))
            return
        if kept is not None:
            # Among the named saves the name says enough; elsewhere (the saves folder refused
            # it) the whole path, to type into the load dialog.
            where = kept.name if kept.parent == saves.saves_dir() else str(kept)
            self.notify(
                f"The unfinished safari was kept as {where}; "
                f"{command_key('load', self.is_web)} loads it.",
                timeout=8,
                markup=False,
            )

    def _autosave_finished(self, outcome: Outcome) -> None:
        """From the writer thread: hand the outcome to the UI thread."""
        self.post_message(AutosaveFinished(outcome.job, outcome.problem))

    @on(AutosaveFinished)
    def _autosave_reported(self, message: AutosaveFinished) -> None:
        self._autosave_trouble(message.problem)

    def _autosave_trouble(self, problem: str) -> None:
        """Tell the player when autosave starts failing and when it works again; not after
        every action."""
        if problem == self.autosave_problem:
            return
        self.autosave_problem = problem
        if problem:
            self.notify(
                f"{problem}. The game is not saved: Ctrl+S saves it under a name or path, "
                "and quitting asks first.",
                title="Autosave failed",
                severity="error",
                timeout=15,
                markup=False,
            )
        else:
            self.notify("Autosave works again: the game is saved.", timeout=4)

    # ------------------------------------------------------------------ the whole game

    @property
    def big_five(self) -> Session | None:
        """The game in play when it is a Big Five game (the timeline, rigging and editing are
        the Big Five's)."""
        return self.session if isinstance(self.session, Session) else None

    def going_back_refusal(self) -> str:
        """Why the timeline may not go back to play on in this game, or "" (D-branch): only
        in debug mode, in practice games (one person with computer teammates) and in finished
        games. Undo keeps the fair rule in every game."""
        session = self.big_five
        if session is None:
            return "There is no game."
        if not session.recordable:
            return "This game began from a position that cannot be saved: it has no going back."
        if self.step_through or session.state.over:
            return ""
        seats = len(session.game.guides)
        if self.computer_seats and seats - len(self.computer_seats) == 1:
            return ""
        debug = command_key("toggle_debug", self.is_web)
        return (
            f"Going back to play on is for debug mode ({debug}), practice games and finished "
            "games; u undoes within a turn."
        )

    @on(OpenTimeline)
    def _open_timeline(self, message: OpenTimeline) -> None:
        self.open_timeline(0 if message.from_start else None, log_index=message.log_index)

    def open_timeline(
        self, moment: int | None = None, log_index: int | None = None, *, replay: bool = False
    ) -> None:
        """The whole game on the timeline, over the screen on top (the game, or its end)."""
        from bigfive_tui.app.screens.timeline import TimelineScreen

        session = self.big_five
        if session is None:
            self.notify(
                "The timeline is the Big Five's: there is no such game.", severity="warning"
            )
            return
        self.push_screen(
            TimelineScreen(
                session,
                self.computer_seats,
                moment=moment,
                log_index=log_index,
                refusal=self.going_back_refusal(),
                title="Replay" if replay else "Timeline",
                closing="Quit" if replay else "Back",
            ),
            self._from_timeline if not replay else self._from_replay,
        )

    def _from_replay(self, branching: Branching | None) -> None:
        if branching is None:
            self.exit()
        else:
            self._play_from(branching)

    def _from_timeline(self, branching: Branching | None) -> None:
        if branching is not None:
            self._play_from(branching)

    def _play_from(self, branching: Branching) -> None:
        """Go back (D-branch): keep the whole line as a named save first - if it cannot be
        written, nothing changes - then cut the game there and play on."""
        from bigfive_tui.engine.session import Branch

        session = self.big_five
        assert session is not None
        try:
            path = saves.save_named(
                branching.name, session, self.computer_seats, self.practice_note()
            )
        except saves.SaveError as problem:
            self.notify(
                f"Not gone back: the line could not be kept ({problem}).",
                title="Play from here",
                severity="error",
                markup=False,
            )
            return
        kept = session.entries[: branching.keep]
        actions = sum(1 for entry in kept if not entry.is_rig)
        turn = session.state_after(branching.keep).turn
        session.truncate(
            branching.keep,
            Branch(actions=actions, turn=turn, how="play from here", abandoned=path.name),
        )
        if self.autosave_file is not None:
            if self.replaying:  # the autosave holds another game, if any: keep it
                self.replaying = False
                self.autosave_file.claim()
            else:
                self.autosave_file.holds_game = True
        self._show_game()
        self.notify(
            f"The game goes on from turn {turn}. The line left is kept as {path.name}; "
            f"{command_key('load', self.is_web)} loads it.",
            timeout=8,
            markup=False,
        )

    @on(PlayOnFrom)
    def _play_on_from(self, message: PlayOnFrom) -> None:
        """The editor's position becomes the game (D-edit): the game as it was is kept as a
        named save first - if it cannot be, nothing changes."""
        from bigfive_tui.app.positions import PositionError, check
        from bigfive_tui.engine.session import Branch

        session = self.big_five
        if session is None:
            return
        state, problem = check(message.position)
        if state is None:
            self.notify(f"Not possible: {problem}", severity="error", markup=False)
            return
        try:
            path = saves.save_named(
                message.name, session, self.computer_seats, self.practice_note()
            )
            edited = saves.position_session(message.position)
        except (saves.SaveError, PositionError) as problem:
            self.notify(f"Not changed: {problem}", severity="error", markup=False)
            return
        set_hints(edited, hints_used(session))
        edited.branches = [
            *session.branches,
            Branch(actions=0, turn=state.turn, how="edited position", abandoned=path.name),
        ]
        self._switch_to(edited, self.computer_seats, holds_game=True)
        self.notify(
            f"The game goes on from the edited position. The game as it was is kept as "
            f"{path.name}; {command_key('load', self.is_web)} loads it.",
            timeout=8,
            markup=False,
        )

    @on(ExportPosition)
    def _export_position(self, message: ExportPosition) -> None:
        self._export_after_asking(message.keep)

    @work
    async def _export_after_asking(self, keep: int) -> None:
        from bigfive_tui.app.positions import PositionError, export, export_path, scenarios_dir
        from bigfive_tui.app.screens.dialogs import SaveDialog

        session = self.big_five
        if session is None:
            return
        state = session.state_after(keep)
        name = await self.push_screen_wait(
            SaveDialog(
                f"{state.guide.title.lower()}-turn{state.turn}",
                title="Write the position as a scenario",
                about=f"A name (written in {scenarios_dir()}), or a path ending in .toml. "
                "bigfive scenario run plays it; bigfive play --scenario plays on from it.",
                verb="writes it",
                saves_name=False,
            )
        )
        if not name:
            return
        try:
            exported = export(session, keep, export_path(name))
        except PositionError as problem:
            self.notify(str(problem), title="Not written", severity="error", markup=False)
            return
        self.notify(f"Wrote {exported.note} to {exported.path}.", timeout=8, markup=False)

    def play_again(self) -> None:
        """The same game from its start: same board, guides, seed and start spaces."""
        session = self.big_five
        assert session is not None
        self._switch_to(session.restart(), self.computer_seats, holds_game=False)
        self.notify("The same safari again: the same board, seed and start.", timeout=4)

    @on(GameOver)
    def _game_over(self) -> None:
        session = self.session
        if session is None:
            return
        self._autosave()  # the file of a finished game goes

        def next_step(choice: str | None) -> None:
            if choice == "new":
                self._show_new_game()
            elif choice == "again":
                self.play_again()
            elif choice == "quit":
                self.exit()

        if isinstance(session, Session):
            from bigfive_tui.app.screens.end import EndScreen

            self.push_screen(EndScreen(session, hints_used(session)), next_step)
        else:
            from bigfive_tui.app.photo_safari.end import PhotoEndScreen

            self.push_screen(PhotoEndScreen(session), next_step)

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

        game = self._game_screen()
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
        game = self._game_screen()
        if game is None:
            self.step_through = not self.step_through
            self.notify(f"Debug mode {'on' if self.step_through else 'off'}.")
            return
        game.action_toggle_debug()
        self.step_through = game.step_through

    def _on_game(self, action: str) -> None:
        """Run a Big Five game screen action from the palette, which is open over the game."""
        game = self._big_five_screen()
        if game is None:
            self.notify("This works on the Big Five's game screen.", severity="warning")
            return
        getattr(game, f"action_{action}")()

    def action_bigger_board(self) -> None:
        self._on_game("bigger_board")

    def action_smaller_board(self) -> None:
        self._on_game("smaller_board")

    def action_panels(self) -> None:
        game = self._big_five_screen()
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

        game = self._game_screen()
        if not isinstance(game, PhotoGameScreen):
            self.notify("This works on Photo Safari's game screen.", severity="warning")
            return
        getattr(game, f"action_{action}")()

    def action_photo_preview(self) -> None:
        self._on_photo_safari("preview")

    def action_photo_stay(self) -> None:
        self._on_photo_safari("stay")

    def action_timeline(self) -> None:
        self.open_timeline()

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
        game = self._game_screen()
        if game is None or self.screen is not game:
            self.notify("Undo works on the game screen.", severity="warning")
            return
        if game.check_action("undo", ()):
            game.action_undo()
        else:
            game.warn("Nothing to undo now.")

    async def _save_by_name(self) -> bool:
        """Ask for a name or path and save the game there; True when it was saved."""
        from bigfive_tui.app.screens.dialogs import SaveDialog

        if self.session is None:
            self.notify("There is no game to save yet.", severity="warning")
            return False
        game = self._game_screen()
        suggestion = game.save_name() if game is not None else "safari"
        name = await self.push_screen_wait(SaveDialog(suggestion))
        if not name or self.session is None:
            return False
        try:
            path = saves.save_named(name, self.session, self.computer_seats, self.practice_note())
        except saves.SaveError as problem:
            self.notify(str(problem), title="Not saved", severity="error", markup=False)
            return False
        self.notify(f"Saved as {path}.", timeout=4, markup=False)
        return True

    @work
    async def action_save(self) -> None:
        await self._save_by_name()

    @work
    async def action_load(self) -> None:
        from bigfive_tui.app.screens.dialogs import LoadDialog

        path = await self.push_screen_wait(LoadDialog())
        if path is not None:
            self.open_save(path)
