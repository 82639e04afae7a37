"""Autosave off the UI thread: one writer thread per autosave file, writes in order.

The UI hands over a snapshot (a function that makes the file's text from data that no longer
changes) and goes on drawing; the writer thread turns it into text and writes it with
:func:`~bigfive_tui.files.writing.write_atomically`. Snapshots that arrive while a write is under
way replace each other, so the file only ever moves forward: the newest snapshot is written
last, an older one never after a newer. Each finished job is reported to ``on_done`` (on the
writer thread) with the problem, if any, so the UI can warn and stop warning.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from bigfive_tui.files.writing import remove_file, sync_folder, write_atomically

#: Makes the text to write; None removes the file instead (a finished game).
Snapshot = Callable[[], str] | None


class Outcome(NamedTuple):
    """How job number ``job`` ended: ``problem`` is empty when it went to disk."""

    job: int
    problem: str = ""


class Autosaver:
    def __init__(self, path: Path, on_done: Callable[[Outcome], None] | None = None) -> None:
        self.path = path
        self._on_done = on_done
        self._lock = threading.Condition()
        self._pending: tuple[int, Snapshot] | None = None
        self._submitted = 0
        self._finished = 0
        self._closed = False
        self._last = Outcome(0)
        self._thread = threading.Thread(target=self._run, name="bigfive-autosave", daemon=True)
        self._thread.start()

    @property
    def last(self) -> Outcome:
        """The outcome of the newest finished job."""
        with self._lock:
            return self._last

    def submit(self, snapshot: Snapshot) -> int:
        """Queue a write (or, with None, the removal) of the file; returns the job number."""
        with self._lock:
            if self._closed:
                raise RuntimeError("the autosaver is closed")
            self._submitted += 1
            self._pending = (self._submitted, snapshot)
            self._lock.notify_all()
            return self._submitted

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every job submitted so far has finished; False if ``timeout`` ran out."""
        with self._lock:
            target = self._submitted
            return self._lock.wait_for(lambda: self._finished >= target, timeout)

    def close(self, timeout: float | None = 10.0) -> bool:
        """Finish what was submitted, then stop the thread; False if it did not finish."""
        done = self.flush(timeout)
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        self._thread.join(timeout if done else 0)
        return done

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None:
                    return  # closed, and nothing left to write
                job, snapshot = self._pending
                self._pending = None
            outcome = Outcome(job, self._do(snapshot))
            with self._lock:
                self._finished = job  # the jobs it replaced count as finished too
                self._last = outcome
                self._lock.notify_all()
            if self._on_done is not None:
                self._on_done(outcome)

    def _do(self, snapshot: Snapshot) -> str:
        """Write or remove the file; the problem in words, or "" when it worked."""
        try:
            if snapshot is None:
                remove_file(self.path)
                sync_folder(self.path.parent)
            else:
                write_atomically(self.path, snapshot())
        except OSError as problem:
            return f"Could not save to {self.path}: {problem.strerror or problem}"
        except Exception as problem:  # a snapshot that fails must not end the writer
            return f"Could not save to {self.path}: {type(problem).__name__}: {problem}"
        return ""
