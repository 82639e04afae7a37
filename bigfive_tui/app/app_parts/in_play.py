"""Which game is in play and on screen: the game or the new-game screen of the game chosen
last (with what it offers to continue), a new game started, a saved one loaded, the new-game
screens' messages, and what follows a game's end."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import TYPE_CHECKING

from textual.screen import Screen

from bigfive_tui.app.app_parts.core import AppCore
from bigfive_tui.app.app_parts.keeping import Keeper
from bigfive_tui.app.files import saves, settings
from bigfive_tui.app.screens.game import GameScreen
from bigfive_tui.app.setups.games import BIG_FIVE, PHOTO_SAFARI
from bigfive_tui.app.setups.practice import hints_used, set_hints
from bigfive_tui.engine.actions import IllegalAction
from bigfive_tui.engine.pieces import BoardFileError
from bigfive_tui.engine.session import Session
from bigfive_tui.safe_text import printable

if TYPE_CHECKING:
    from collections.abc import Sequence

    from bigfive_tui.app.components.continue_offer import ContinueOffer
    from bigfive_tui.app.setups.big_five import GameSetup
    from bigfive_tui.app.setups.photo_safari import PhotoSetup
    from bigfive_tui.engine.actions import Step
    from bigfive_tui.photo_safari.engine.session import PhotoSession


class InPlay:
    """Makes a new, loaded or restarted game the game in play, and shows it."""

    def __init__(self, app: AppCore, keeper: Keeper) -> None:
        self.app = app
        self.keeper = keeper

    # ------------------------------------------------------------------ switching screens

    def reset_to(self, screen: Screen[None]) -> None:
        """Replace the whole screen stack (above the default screen) with ``screen``."""
        while len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        self.app.push_screen(screen)

    def show_game(self, log_before: Sequence[Step] = ()) -> None:
        """Show the game in play (and autosave it). The first game shown while this process
        does not autosave says so: the notice on the new-game screen may have gone unread."""
        session = self.app.session
        assert session is not None
        if isinstance(session, Session):
            self.app.game = BIG_FIVE
            self.reset_to(
                GameScreen(
                    session,
                    self.app.computer_seats,
                    computer_delay=self.app.computer_delay,
                    card_pause=self.app.card_pause,
                    step_through=self.app.step_through,
                    strength=self.app.computer_strength,
                    pace=self.app.computer_pace,
                    log_before=log_before,
                )
            )
        else:
            from bigfive_tui.app.photo_safari.game import PhotoGameScreen

            self.app.game = PHOTO_SAFARI
            self.app.computer_seats = session.computer_seats
            self.reset_to(
                PhotoGameScreen(
                    session,
                    computer_delay=self.app.computer_delay,
                    step_through=self.app.step_through,
                )
            )
        self.keeper.autosave()
        self.keeper.tell_if_not_autosaving()

    def show_new_game(self, notice: str = "", *, focus_game: bool = False) -> None:
        """The new-game screen of the game chosen last (imported here: a game needs none);
        ``focus_game`` gives the focus to its game field (switched to from the other game's)."""
        self.app.seed = (
            random.SystemRandom().randrange(1_000_000) if self.app.session else self.app.seed
        )
        offer, trouble = self._continue_offer()
        autosave = self.app.autosave_file
        notice = " ".join(text for text in (notice, trouble) if text)
        keeps_games = autosave is not None and autosave.active
        screen: Screen[None]
        if self.app.game == PHOTO_SAFARI:
            from bigfive_tui.app.photo_safari.new_game import PhotoNewGameScreen

            screen = PhotoNewGameScreen(
                self.app.seed,
                setup=self.app.photo_setup,
                cursor_blink=self.app.cursor_blink,
                notice=notice,
                offer=offer,
                keeps_games=keeps_games,
                focus_game=focus_game,
            )
        else:
            from bigfive_tui.app.screens.new_game import NewGameScreen

            screen = NewGameScreen(
                self.app.seed,
                cursor_blink=self.app.cursor_blink,
                notice=notice,
                offer=offer,
                keeps_games=keeps_games,
                focus_game=focus_game,
            )
        self.reset_to(screen)

    def _continue_offer(self) -> tuple[ContinueOffer | None, str]:
        """What the new-game screen offers besides a new safari: the game in play, or else the
        autosaved game. A damaged autosave is moved aside: the notice says where to."""
        from bigfive_tui.app.components.continue_offer import ContinueOffer
        from bigfive_tui.app.screens.new_game import game_summary

        session = self.app.session
        if session is not None and not session.state.over:
            return ContinueOffer("running", game_summary(session)), ""
        autosave = self.app.autosave_file
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
            if self.app.autosave_file is not None:
                moved = self.app.autosave_file.set_aside()
            else:
                moved = saves.set_aside(saves.autosave_path())
        except saves.SaveError as problem:
            return f"{reason}. {problem}. A new game is offered instead."
        return f"{reason}; it was kept as {moved} and a new game is offered instead."

    def switch_to(
        self,
        session: Session | PhotoSession,
        computer_seats: frozenset[int],
        holds_game: bool,
        log_before: Sequence[Step] = (),
    ) -> None:
        """Make ``session`` the game in play. Unless the autosave file already ``holds_game``,
        its first autosave files the game there away among the named saves first."""
        if self.app.autosave_file is not None:
            self.app.autosave_file.holds_game = holds_game
        self.app.session = session
        self.app.computer_seats = computer_seats
        self.show_game(log_before)

    def start(self, setup: GameSetup) -> None:
        """Start a new game from ``setup`` (after asking, when the game in play is not saved)."""
        try:
            session = setup.session()
        except (IllegalAction, BoardFileError) as problem:
            self.app.notify(str(problem), title="Cannot start", severity="error", markup=False)
            return
        if self.keeper.at_risk():
            self.keeper.replace_after_asking(
                "Start the new safari", lambda: self._begin(setup, session)
            )
        else:
            self._begin(setup, session)

    def start_photo_safari(self, setup: PhotoSetup) -> None:
        """Start a Photo Safari game from ``setup`` (after asking, when the game in play is
        not saved)."""
        from bigfive_tui.photo_safari.formats.setup_file import SetupFileError

        try:
            session = setup.session()
        except SetupFileError as problem:
            self.app.notify(str(problem), title="Cannot start", severity="error", markup=False)
            return

        def begin() -> None:
            if self.app.autosave_enabled:
                settings.remember_photo_setup(setup)
            self.switch_to(session, session.computer_seats, holds_game=False)

        if self.keeper.at_risk():
            self.keeper.replace_after_asking("Start Photo Safari", begin)
        else:
            begin()

    def _begin(self, setup: GameSetup, session: Session) -> None:
        if self.app.autosave_enabled:
            settings.remember_setup(setup)
        self.app.computer_strength = setup.teammates or "strong"
        self.switch_to(session, setup.computer_seats, holds_game=False)

    def _is_autosave(self, path: Path) -> bool:
        return Path(os.path.abspath(path)) == Path(os.path.abspath(saves.autosave_path()))

    def open_save(self, path: Path) -> bool:
        """Load ``path`` and show its game; a bad file gives a message, never a crash, and
        False. A game that needs the player's word first (actions that no longer replay, a
        game in play that is not saved) is shown once it is given."""
        try:
            loaded = saves.read_save(path)
        except saves.SaveError as problem:
            self.app.notify(
                str(problem),
                title="Cannot load the game",
                severity="error",
                timeout=12,
                markup=False,
            )
            return False
        self.take_loaded(loaded)
        return True

    def take_loaded(self, loaded: saves.LoadedGame) -> None:
        if loaded.doubt or self.keeper.at_risk():
            self.app.run_worker(
                self._load_after_asking(loaded),
                name="load_after_asking",
                group="replace-game",
                exclusive=True,
            )
        else:
            self.show_loaded(loaded)

    async def _load_after_asking(self, loaded: saves.LoadedGame) -> None:
        from bigfive_tui.app.screens.dialogs import ConfirmDialog

        if loaded.doubt:
            dialog = ConfirmDialog(loaded.doubt, yes="Go on from there", no="Do not load it")
            if not await self.app.push_screen_wait(dialog):
                return
        if await self.keeper.keep_game_in_play("Load the other game"):
            self.show_loaded(loaded)

    def show_loaded(self, loaded: saves.LoadedGame, announce: bool = True) -> None:
        """Make the loaded game the game in play; ``announce`` says so in a notice (a game
        loaded at start-up needs none)."""
        name = printable(loaded.path.name)
        continuing = self._is_autosave(loaded.path)
        kept = None
        if continuing and loaded.doubt and self.app.autosave_file is not None:
            # The autosave is about to hold another game than the one it holds: keep that.
            try:
                kept = self.app.autosave_file.set_aside()
            except saves.SaveError as problem:
                self.app.notify(str(problem), title="Not loaded", severity="error", markup=False)
                return
        practice = loaded.practice
        if practice is not None and isinstance(loaded.session, Session):
            self.app.computer_strength = practice.teammates
            self.app.computer_pace = practice.pace
            set_hints(loaded.session, practice.hints)
        self.switch_to(loaded.session, loaded.computer_seats, holds_game=continuing)
        without = (
            f", without its last {loaded.dropped} action{'s' * (loaded.dropped != 1)}"
            if loaded.dropped
            else ""
        )
        if kept is not None:
            self.app.notify(
                f"The game goes on{without}; the autosave as it was is kept as {kept}.",
                timeout=10,
                markup=False,
            )
        elif announce:
            words = "The saved game goes on where it stopped" if continuing else f"Loaded {name}"
            self.app.notify(f"{words}{without}.", timeout=3, markup=False)

    async def load(self) -> None:
        """Ask for a saved game and load it. (In a worker: it waits for the player.)"""
        from bigfive_tui.app.screens.dialogs import LoadDialog

        path = await self.app.push_screen_wait(LoadDialog())
        if path is not None:
            self.open_save(path)

    # ------------------------------------------------------------------ messages from screens

    def _from_new_game_on_top(self) -> bool:
        """A second Enter can post a second start before the next screen shows: only the first
        one, sent while a new-game screen is still on top, counts."""
        if self.app.game == PHOTO_SAFARI:
            from bigfive_tui.app.photo_safari.new_game import PhotoNewGameScreen

            return isinstance(self.app.screen, PhotoNewGameScreen)
        from bigfive_tui.app.screens.new_game import NewGameScreen

        return isinstance(self.app.screen, NewGameScreen)

    def start_from_screen(self, setup: GameSetup) -> None:
        if self._from_new_game_on_top():
            self.start(setup)

    def start_photo_safari_from_screen(self, setup: PhotoSetup) -> None:
        if self._from_new_game_on_top():
            self.start_photo_safari(setup)

    def switch_game(self, game: str) -> None:
        """The other game's new-game screen, in place of this one."""
        if game in (BIG_FIVE, PHOTO_SAFARI) and game != self.app.game:
            self.app.game = game
            self.show_new_game(focus_game=True)

    def choose_starts(self, setup: GameSetup) -> None:
        from bigfive_tui.app.screens.start_spaces import StartSpacesScreen

        if not self._from_new_game_on_top():
            return
        try:
            board = setup.board()
        except BoardFileError as problem:
            self.app.notify(str(problem), title="Cannot start", severity="error", markup=False)
            return

        def chosen(cells: tuple[int, ...] | None) -> None:
            if cells is not None:
                from dataclasses import replace

                self.start(replace(setup, start_cells=cells))

        self.app.push_screen(StartSpacesScreen(setup, board), chosen)

    def continue_game(self) -> None:
        if self.app.session is not None and not self.app.session.state.over:
            self.show_game()  # back to the game in play, as it stands in memory
            return
        try:
            loaded = saves.read_save(saves.autosave_path())
        except saves.SaveError as problem:
            self.show_new_game(
                self._set_aside_autosave(
                    f"The autosaved game could not be continued ({str(problem).rstrip('.')})"
                )
            )
            return
        self.take_loaded(loaded)

    def play_again(self) -> None:
        """The same game from its start: same board, guides, seed and start spaces."""
        session = self.app.big_five
        assert session is not None
        self.switch_to(session.restart(), self.app.computer_seats, holds_game=False)
        self.app.notify("The same safari again: the same board, seed and start.", timeout=4)

    def game_over(self) -> None:
        session = self.app.session
        if session is None:
            return
        self.keeper.autosave()  # a finished game goes among the saves, marked won or lost

        def next_step(choice: str | None) -> None:
            if choice == "new":
                self.show_new_game()
            elif choice == "again":
                self.play_again()
            elif choice == "quit":
                self.app.exit()

        if isinstance(session, Session):
            from bigfive_tui.app.screens.end import EndScreen

            end = EndScreen(session, hints_used(session), rule_ids=self.app.step_through)
            self.app.push_screen(end, next_step)
        else:
            from bigfive_tui.app.photo_safari.end import PhotoEndScreen

            self.app.push_screen(PhotoEndScreen(session), next_step)
