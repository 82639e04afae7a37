"""Keeping the game in play: autosaved after every change, off the UI thread (the player is
told when autosave fails and when it works again), and never lost: a game that is not safely on
disk is offered a save under a name or path before it is replaced or the app quits."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from textual import on, work

from bigfive_tui.app.app_parts import AppBase
from bigfive_tui.app.files import saves
from bigfive_tui.app.keys.table import command_key
from bigfive_tui.app.messages import AutosaveFinished, GameChanged, TerminalGone
from bigfive_tui.app.setups.practice import PACES, STRENGTHS, hints_used
from bigfive_tui.engine.session import Session


class KeepingGames(AppBase):
    """Hands each change to the autosave file's writer thread, and asks before the game in
    memory goes."""

    def on_unmount(self) -> None:
        """The last writes reach the disk before the process ends, and the lock is given back."""
        if self.autosave_file is not None:
            self.autosave_file.close()

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
            self._say_kept(f"The unfinished safari was kept as {where}")

    def _say_kept(self, words: str) -> None:
        """``words`` (where a game that made way was kept), and the key that loads it."""
        self.notify(
            f"{words}; {command_key('load', self.is_web)} loads it.", timeout=8, markup=False
        )

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

    @on(TerminalGone)
    def _terminal_gone(self) -> None:
        """Nobody is left to play or to answer a question: the game in play goes to disk as it
        stands (among the named saves when the autosave cannot hold it), and the app ends."""
        self._autosave()
        session, autosave = self.session, self.autosave_file
        if self.game_at_risk() and session is not None and autosave is not None:
            with contextlib.suppress(saves.SaveError):  # nobody could be told
                autosave.keep_apart(session, self.computer_seats, self.practice_note())
        self.exit()

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
