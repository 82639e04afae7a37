"""Keeping the game in play: autosaved after every change, off the UI thread (the player is
told when autosave fails and when it works again), and never lost: a game that is not safely on
disk is offered a save under a name or path before it is replaced or the app quits."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from bigfive_tui.app.app_parts.core import AppCore
from bigfive_tui.app.files import saves
from bigfive_tui.app.keys.table import command_key
from bigfive_tui.app.setups.practice import PACES, STRENGTHS, hints_used
from bigfive_tui.engine.session import Session

if TYPE_CHECKING:
    from bigfive_tui.photo_safari.engine.session import PhotoSession


class Keeper:
    """Hands each change to the autosave file's writer thread, and asks before the game in
    memory goes. Owns what the player was told about autosave: why it failed last, and whether
    a game was shown while this process does not autosave."""

    def __init__(self, app: AppCore) -> None:
        self.app = app
        #: Why autosave failed last ("" while it works), as the player was told.
        self.problem = ""
        self._told_not_autosaving = False
        #: The game last autosaved while it went on: if it ends, it is kept among the saves.
        self._live: Session | PhotoSession | None = None

    def close(self) -> None:
        """The last writes reach the disk before the process ends, and the lock is given back."""
        if self.app.autosave_file is not None:
            self.app.autosave_file.close()

    def practice_note(self) -> saves.PracticeNote | None:
        """What a save keeps of practice: the computer teammates' strength and pace, and the
        hints asked (None for a hot-seat game without hints, and for Photo Safari)."""
        app = self.app
        session = app.session
        if not isinstance(session, Session):
            return None
        hints = hints_used(session)
        if not app.computer_seats and not hints:
            return None
        return saves.PracticeNote.model_validate(
            {
                "teammates": app.computer_strength
                if app.computer_strength in STRENGTHS
                else "strong",
                "pace": app.computer_pace if app.computer_pace in PACES else "normal",
                "hints": hints,
            }
        )

    def autosave(self) -> None:
        app = self.app
        autosave, session = app.autosave_file, app.session
        if (
            app.replaying
            or autosave is None
            or not autosave.active
            or session is None
            or not session.recordable
        ):
            return
        if session.state.over:
            self._keep_finished(session)
            return
        try:
            kept = autosave.save(session, app.computer_seats, self.practice_note())
        except saves.SaveError as problem:
            self.report(str(problem))
            return
        self._live = session
        if kept is not None:
            # Among the named saves the name says enough; elsewhere (the saves folder refused
            # it) the whole path, to type into the load dialog.
            where = kept.name if kept.parent == saves.saves_dir() else str(kept)
            self.say_kept(f"The unfinished safari was kept as {where}")

    def _keep_finished(self, session: Session | PhotoSession) -> None:
        """A game that ended here stays among the saves (``won-<time>``, ``lost-<time>``),
        marked so in the load list, which replays it; it used to be deleted with the autosave,
        and was gone once a new game started. A finished game loaded from the saves is there
        already: nothing is written for it."""
        autosave = self.app.autosave_file
        assert autosave is not None
        if session is not self._live and not autosave.holds_game:
            return
        self._live = None
        # Said by the load list, not by a notice over the end screen's buttons.
        try:
            autosave.save(session, self.app.computer_seats, self.practice_note())
            autosave.keep_finished(saves.outcome_of(session))
        except saves.SaveError as problem:
            self.report(str(problem))

    def say_kept(self, words: str) -> None:
        """``words`` (where a game that made way was kept), and the key that loads it."""
        self.app.notify(
            f"{words}; {command_key('load', self.app.is_web)} loads it.", timeout=8, markup=False
        )

    def report(self, problem: str) -> None:
        """Tell the player when autosave starts failing and when it works again; not after
        every action."""
        if problem == self.problem:
            return
        self.problem = problem
        if problem:
            self.app.notify(
                f"{problem}. The game is not saved: Ctrl+S saves it under a name or path, "
                "and quitting asks first.",
                title="Autosave failed",
                severity="error",
                timeout=15,
                markup=False,
            )
        else:
            self.app.notify("Autosave works again: the game is saved.", timeout=4)

    def tell_if_not_autosaving(self) -> None:
        """The first game shown while this process does not autosave says so: the notice on the
        new-game screen may have gone unread."""
        autosave = self.app.autosave_file
        if autosave is not None and autosave.blocked and not self._told_not_autosaving:
            self._told_not_autosaving = True
            self.app.notify(
                autosave.blocked, title="Not autosaving", severity="warning", timeout=20
            )

    def terminal_gone(self) -> None:
        """Nobody is left to play or to answer a question: the game in play goes to disk as it
        stands (among the named saves when the autosave cannot hold it), and the app ends."""
        self.autosave()
        app = self.app
        session, autosave = app.session, app.autosave_file
        if self.at_risk() and session is not None and autosave is not None:
            with contextlib.suppress(saves.SaveError):  # nobody could be told
                autosave.keep_apart(session, app.computer_seats, self.practice_note())
        app.exit()

    # ------------------------------------------------------------------ keeping the game

    def at_risk(self) -> str:
        """Why the game in memory would be lost if it were replaced or the app quit now: ""
        when it is on disk, is over, has not begun, or autosave is off by choice."""
        session, autosave = self.app.session, self.app.autosave_file
        if autosave is None or session is None or session.state.over or not session.texts:
            return ""
        if not session.recordable:
            return ""
        return autosave.problem()

    async def keep_game_in_play(self, going: str) -> bool:
        """Before the game in memory goes: when it is not safely on disk, say why and offer to
        save it under a name or path. True when it may go. (In a worker: it waits for the
        player.)"""
        from bigfive_tui.app.screens.dialogs import ChoiceDialog

        problem = self.at_risk()
        while problem:
            choice = await self.app.push_screen_wait(
                ChoiceDialog(
                    "The game in play is not saved",
                    [
                        "Save it under a name first…"
                        if self.app.is_web
                        else "Save it under a name or path first…",
                        f"{going} anyway: this game is lost",
                        "Back to the game",
                    ],
                    prompt=problem,
                )
            )
            if choice == 0:
                if await self.save_by_name():
                    return True
                continue  # cancelled, or the disk refused: ask again
            return choice == 1
        return True

    def replace_after_asking(self, going: str, replace: Callable[[], None]) -> None:
        """``replace`` the game in play once :meth:`keep_game_in_play` lets it go."""
        self.app.run_worker(
            self._replace_after_asking(going, replace),
            name="replace_after_asking",
            group="replace-game",
            exclusive=True,
        )

    async def _replace_after_asking(self, going: str, replace: Callable[[], None]) -> None:
        if await self.keep_game_in_play(going):
            replace()

    def quit(self) -> None:
        """Quit, after asking when the game in play is not saved (autosave failing, or
        another process holding the autosave file)."""
        if self.at_risk():
            self.app.run_worker(
                self._quit_after_asking(), name="quit_after_asking", group="quit", exclusive=True
            )
        else:
            self.app.exit()

    async def _quit_after_asking(self) -> None:
        if await self.keep_game_in_play("Quit"):
            self.app.exit()

    async def save_by_name(self) -> bool:
        """Ask for a name or path and save the game there; True when it was saved. (In a
        worker: it waits for the player.)"""
        from bigfive_tui.app.screens.dialogs import SaveDialog

        app = self.app
        if app.session is None:
            app.notify("There is no game to save yet.", severity="warning")
            return False
        game = app.game_screen()
        suggestion = saves.free_save_name(game.save_name() if game is not None else "safari")
        chosen = await app.push_screen_wait(SaveDialog(suggestion, folder=saves.saves_dir()))
        if chosen is None or app.session is None:
            return False
        try:
            path = saves.write_save(
                chosen.path,
                app.session,
                app.computer_seats,
                self.practice_note(),
                replace=chosen.replace,
            )
        except saves.SaveError as problem:
            app.notify(str(problem), title="Not saved", severity="error", markup=False)
            return False
        app.notify(f"Saved as {path}.", timeout=4, markup=False)
        return True
