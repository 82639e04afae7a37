"""One process per autosave file: a lock file beside it that holds the owner's process id.

The lock is an operating-system lock on the open lock file (``flock``; on Windows a locked
byte), so it ends with the process however the process ends: a killed game never leaves a lock
that blocks the next start. The process id written inside is only there to tell a second
process *which* one holds it.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from pathlib import Path
from typing import NamedTuple

from bigfive_tui.files.writing import kind_of


class HeldElsewhere(NamedTuple):
    """Another process holds the lock; ``pid`` is 0 when it could not be read."""

    pid: int


class LockFailed(NamedTuple):
    """The lock file cannot be made (a read-only folder, for one): ``problem`` says why."""

    problem: str


def _try_lock(handle: int) -> bool:
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _holder(path: Path) -> int:
    try:
        return int(path.read_text(encoding="ascii").strip() or 0)
    except (OSError, ValueError):
        return 0


#: Tries to lock a file that another process removes each time before the lock is taken.
_ATTEMPTS = 20


def _still_named(handle: int, path: Path) -> bool:
    """Is the locked open file still the one called ``path``?"""
    try:
        named = os.stat(path)
    except OSError:
        return False
    opened = os.fstat(handle)
    return (named.st_dev, named.st_ino) == (opened.st_dev, opened.st_ino)


class FileLock:
    """The lock on ``path``, taken by :meth:`acquire` and given back by :meth:`release`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle: int | None = None

    @property
    def held(self) -> bool:
        return self._handle is not None

    def acquire(self) -> HeldElsewhere | LockFailed | None:
        """Take the lock; None when this process holds it now."""
        if self._handle is not None:
            return None
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            return LockFailed(f"{folder} is not a folder")
        except OSError as problem:
            return LockFailed(f"the folder {folder} cannot be made ({problem.strerror})")
        for _attempt in range(_ATTEMPTS):
            try:
                # Non-blocking: a FIFO in its place must not hang the game (it is refused).
                handle = os.open(self.path, os.O_RDWR | os.O_CREAT | _NONBLOCK, 0o644)
            except OSError as problem:
                return LockFailed(f"its lock file {self.path} cannot be made ({problem.strerror})")
            mode = os.fstat(handle).st_mode
            if not stat.S_ISREG(mode):  # never a pid written into a device
                os.close(handle)
                return LockFailed(
                    f"its lock file {self.path} is {kind_of(mode)}, not a regular file"
                )
            if not _try_lock(handle):
                os.close(handle)
                return HeldElsewhere(_holder(self.path))
            if _still_named(handle, self.path):
                break
            # Between our open and our lock another process found the file free and removed
            # it (a browser tab tidying a dead tab's lock): a lock on a file without a name
            # shuts nobody out, so take the lock of the file that has the name now.
            os.close(handle)
        else:
            return LockFailed(f"its lock file {self.path} kept being removed")
        with contextlib.suppress(OSError):  # the lock holds without the note of who holds it
            os.ftruncate(handle, 0)
            os.write(handle, f"{os.getpid()}\n".encode("ascii"))
        self._handle = handle
        return None

    def release(self) -> None:
        """Give the lock back. The file stays: removing it could let a third process lock a
        new file while a second still waits on the old one."""
        if self._handle is None:
            return
        handle, self._handle = self._handle, None
        with contextlib.suppress(OSError):
            os.ftruncate(handle, 0)
        os.close(handle)  # closing the file gives the lock back


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)

#: The one FileLock of each lock file in this process (see :func:`process_lock`).
_process_locks: dict[str, FileLock] = {}


def process_lock(path: Path) -> FileLock:
    """This process's lock on ``path``, the same object wherever it is asked for. Two FileLocks
    on one file would shut each other out even within one process (each opens the file anew),
    so code that takes a lock early (a browser tab claiming its autosave file) and the code
    that keeps it (the app's autosave) share it."""
    return _process_locks.setdefault(os.path.abspath(path), FileLock(path))
