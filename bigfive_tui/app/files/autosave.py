"""The autosave of one running game: its file, the lock that keeps a second process off it, and
the writer thread that saves after every action without holding up the next frame.

It also remembers whether the file on disk holds the game in memory. Only then may it be
written over: before the first save of any other game, an autosave that is still there (an
unfinished game that another start left, or the one the player just turned away from) is moved
among the named saves.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from bigfive_tui.app.files import saves
from bigfive_tui.engine.session import Session
from bigfive_tui.files.autosaver import Autosaver, Outcome
from bigfive_tui.files.lock import HeldElsewhere, process_lock
from bigfive_tui.files.writing import NotAFile, regular_target

if TYPE_CHECKING:
    from bigfive_tui.photo_safari.engine.session import PhotoSession


def lock_path(autosave: Path) -> Path:
    """``autosave.json`` is locked by ``autosave.lock`` beside it."""
    return autosave.with_suffix(".lock")


class AutosaveFile:
    def __init__(self, path: Path, on_done: Callable[[Outcome], None]) -> None:
        self.path = path
        self._on_done = on_done
        self._lock = process_lock(lock_path(path))
        self._writer: Autosaver | None = None
        #: Why this process does not autosave at all ("" while it does).
        self.blocked = ""
        #: Whether another process holds the lock (and so plays the game in the file).
        self.held_elsewhere = False
        #: Whether the file holds the game in memory, so that writing over it loses nothing.
        self.holds_game = False
        #: Why the last save could not even be queued ("" when it was).
        self._refused = ""

    @property
    def active(self) -> bool:
        return self._writer is not None

    def claim(self) -> str:
        """Take the lock and start the writer; "" when this process may autosave, else why
        not, for players. Stale temporary files of killed processes are cleared on the way."""
        if self._writer is not None:
            return ""
        try:
            regular_target(self.path)
        except NotAFile as problem:  # a device, a FIFO, a folder: never written nor moved
            self.blocked = (
                f"Autosave is off: {problem.strerror}. The game plays without "
                "autosave; Ctrl+S saves it under a name."
            )
            return self.blocked
        except OSError:
            pass  # a folder that cannot be reached: taking the lock below says why
        outcome = self._lock.acquire()
        self.held_elsewhere = isinstance(outcome, HeldElsewhere)
        if isinstance(outcome, HeldElsewhere):
            who = f"process {outcome.pid}" if outcome.pid else "another process"
            self.blocked = (
                f"Another bigfive ({who}) is playing from {self.path}, so this one does not "
                "autosave. Ctrl+S saves by name; --autosave FILE gives a second game a file of "
                "its own."
            )
        elif outcome is not None:
            self.blocked = (
                f"Autosave is off: {outcome.problem}. Ctrl+S saves the game under a name or path."
            )
        else:
            self.blocked = ""
            saves.clear_stale_writes()
            self._writer = Autosaver(self.path, self._on_done)
        return self.blocked

    def problem(self) -> str:
        """Why the game in memory may not be on disk ("" when it is, as far as we know):
        autosave is off, or the last save could not be queued or written. Waits briefly for
        the writes queued so far."""
        if self._writer is None:
            return self.blocked
        if self._refused:
            return self._refused
        if not self._writer.flush(timeout=5.0):
            return f"the autosave to {self.path} has not finished"
        return self._writer.last.problem

    def save(
        self,
        session: Session | PhotoSession,
        computer_seats: frozenset[int],
        practice: saves.PracticeNote | None = None,
    ) -> Path | None:
        """Queue a save of ``session`` as it stands now. The first save of a game that the file
        does not hold yet moves an autosave still there among the named saves first: returns
        where it went (None when nothing moved), or raises SaveError when it could not move,
        and then nothing is written."""
        if self._writer is None:
            return None
        kept = None
        if not self.holds_game:
            try:
                kept = self.keep_unfinished()
            except saves.SaveError as problem:
                self._refused = str(problem)
                raise
        self._refused = ""
        # The record is taken now (the session changes on); made into text on the writer.
        record, position = saves.record_of(session), saves.position_of(session)
        outcome = saves.outcome_of(session)
        self._writer.submit(
            lambda: saves.snapshot_text(record, position, computer_seats, practice, outcome)
        )
        self.holds_game = True
        return kept

    def keep_finished(self, outcome: str) -> Path | None:
        """File the finished game held away among the named saves (after the writes queued
        so far), marked by how it ended; SaveError if it could not move (it stays here)."""
        self.flush()
        kept = saves.keep_finished(self.path, outcome)
        self.holds_game = False
        return kept

    def keep_unfinished(self) -> Path | None:
        """File the autosave away among the named saves (after the writes queued so far)."""
        self.flush()
        kept = saves.keep_unfinished(self.path)
        self.holds_game = False
        return kept

    def keep_apart(
        self,
        session: Session | PhotoSession,
        computer_seats: frozenset[int],
        practice: saves.PracticeNote | None = None,
    ) -> Path | None:
        """Put ``session`` among the named saves (``unfinished-<time>``) without this file: for
        when it cannot hold the game and nobody is left to ask where it should go. Written
        beside this file first, where it stays if it cannot move; SaveError if not even that."""
        spare = self.path.with_name(f"{self.path.stem}.{os.getpid()}{saves.SAVE_SUFFIX}")
        saves.write_save(spare, session, computer_seats, practice)
        return saves.keep_unfinished(spare)

    def clear(self) -> None:
        """The game held is over: queue the removal of the file."""
        if self._writer is not None and self.holds_game:
            self._writer.submit(None)

    def set_aside(self) -> Path:
        """Move the file away as damaged (after the writes queued so far); SaveError if not."""
        self.flush()
        moved = saves.set_aside(self.path)
        self.holds_game = False
        return moved

    def flush(self, timeout: float | None = None) -> bool:
        return self._writer.flush(timeout) if self._writer is not None else True

    def close(self) -> bool:
        """Finish the writes queued, stop the writer and give the lock back."""
        finished = True
        if self._writer is not None:
            finished = self._writer.close()
            self._writer = None
        self._lock.release()
        return finished
