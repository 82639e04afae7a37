"""Each browser tab's own autosave file, in the ``browser-tabs`` folder of the data folder.

``bigfive serve`` starts ``bigfive play --browser-tab`` for every tab it serves. That process
claims a file no other process writes: a new name of its own, and, as a reload or a closed tab
expects, it takes over the newest game that no open tab is playing (as ``bigfive`` in a
terminal continues the autosaved game). Whether a tab still plays a file is told by the lock
beside it (``tab-….lock``, :mod:`bigfive_tui.files.lock`), which the claim takes before
anything else and the app's autosave keeps until the process ends: the system lets go of it
even when the process is killed, so a game is never taken over while its tab lives, and never
lost when its tab dies. Taking a game over is one atomic rename, which one process only wins.
Tab names are never used twice, so a lock file whose game is gone can be removed.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import secrets
import stat
import threading
import time
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bigfive_tui.files.lock import FileLock, process_lock
from bigfive_tui.files.writing import remove_file

if TYPE_CHECKING:
    from textual.app import App

FOLDER_NAME = "browser-tabs"


def claim_autosave(folder: Path) -> tuple[Path, Path | None]:
    """A new autosave file in ``folder`` that this process alone writes, and the file of the
    game it took over (now moved to the new file), or None. OSError if the folder or the lock
    cannot be made."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"tab-{datetime.now():%Y%m%d-%H%M%S}-{os.getpid()}-{secrets.token_hex(3)}"
    own = folder / f"{stem}.json"
    lock = own.with_suffix(".lock")
    refused = process_lock(lock).acquire()  # a new name: nobody else holds it
    if refused is not None:
        raise OSError(f"the lock {lock} cannot be taken ({refused})")
    atexit.register(_tidy, lock)
    for stale in folder.glob("tab-*.lock"):
        if not stale.with_suffix(".json").exists():
            _in_use(stale.with_suffix(".json"))  # removes it when its tab is gone
    for candidate in sorted(folder.glob("tab-*.json"), key=_age):
        if candidate == own or not _regular(candidate) or _in_use(candidate):
            continue  # (only a regular file is a game: anything else is never moved)
        try:
            os.replace(candidate, own)
        except FileNotFoundError:
            continue  # another tab took it over first
        return own, candidate
    return own, None


def _age(path: Path) -> float:
    """Newest first; a file gone meanwhile sorts last (and is skipped when tried)."""
    try:
        return -path.stat().st_mtime
    except OSError:
        return 0.0


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(path.lstat().st_mode)
    except OSError:
        return False


def _in_use(game: Path) -> bool:
    """Does a live process hold the lock of ``game``? A lock found free is its dead tab's and
    is removed (a lock that cannot even be tried counts as held: the game is left alone)."""
    lock = game.with_suffix(".lock")
    probe = FileLock(lock)
    if probe.acquire() is not None:
        return True
    with contextlib.suppress(OSError):
        remove_file(lock)
    probe.release()
    return False


def _tidy(lock: Path) -> None:
    """At the end of the process (the app has given the lock back by then) the lock file goes;
    the game left in the file is free for the next tab."""
    with contextlib.suppress(OSError):
        remove_file(lock)


def end_with_server(app: App[Any], every: float = 1.0) -> None:
    """End the game when the server that started it is gone. The server ends its tabs' games
    when it stops, but one that is killed cannot: its games would play on unseen, holding their
    autosave files, which the next server's tabs could then never take over. Textual's web
    driver stops reading at the end of its input and leaves the app running, so a thread
    watches the parent process instead (``bigfive serve`` starts the game with ``exec``, so the
    parent is the server itself)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        with contextlib.suppress(RuntimeError):  # the app has ended already
            app.call_from_thread(app.exit)

    threading.Thread(target=watch, name="end-with-server", daemon=True).start()
