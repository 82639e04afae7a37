"""The app's core: the game in play, the player's choices and the autosave file, set when
the app is made and read by every part (see the package's docstring)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from textual.app import App

from bigfive_tui.app.drawing.themes import DEFAULT_THEME, THEMES
from bigfive_tui.app.drawing.whole_strips import free_whole_strips
from bigfive_tui.app.files import saves
from bigfive_tui.app.files.autosave import AutosaveFile
from bigfive_tui.app.messages import AutosaveFinished
from bigfive_tui.app.screens.base import PlayScreen
from bigfive_tui.app.screens.game import GameScreen
from bigfive_tui.app.setups.games import BIG_FIVE
from bigfive_tui.app.terminal.allocator import one_malloc_arena
from bigfive_tui.boardmap import Drawing
from bigfive_tui.engine.session import Session
from bigfive_tui.files.autosaver import Outcome

if TYPE_CHECKING:
    from bigfive_tui.photo_safari.engine.session import PhotoSession


class AppCore(App[None]):
    """The app's state, and the screens of the game in play."""

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
        free_whole_strips()  # before anything is drawn
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
        self.step_through = step_through
        #: How strong the computer teammates are, and the pace of their turns (pace key).
        self.computer_strength = strength
        self.computer_pace = pace
        self._pending = pending
        #: The drawing of the board the player chose (+/-), used wherever it fits.
        self.preferred_drawing: Drawing | None = drawing
        #: ``bigfive replay``: the game is only looked at (nothing autosaved) until the player
        #: plays on from a moment of it.
        self.replaying = replay and session is not None

    def _autosave_finished(self, outcome: Outcome) -> None:
        """From the writer thread: hand the outcome to the UI thread."""
        self.post_message(AutosaveFinished(outcome.job, outcome.problem))

    def game_screen(self) -> PlayScreen | None:
        """The screen of the game in play, either game's."""
        for screen in self.screen_stack:
            if isinstance(screen, PlayScreen):
                return screen
        return None

    def big_five_screen(self) -> GameScreen | None:
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                return screen
        return None

    @property
    def big_five(self) -> Session | None:
        """The game in play when it is a Big Five game (the timeline, rigging and editing are
        the Big Five's)."""
        return self.session if isinstance(self.session, Session) else None
