"""Writing files so that nothing is lost: whole or not at all, on disk before we say so, never
over another file by accident.

A write goes to a temporary file beside the target (its name carries the writer's process id),
which is flushed to the disk (``fsync``) and then renamed over the target; the folder is then
flushed too, so that after a kill or a power cut the target holds the old or the new text,
never an empty or half-written file. A kill between the two leaves the temporary file behind:
:func:`remove_stale_temporaries` clears those of processes that no longer run.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

TEMP_PREFIX = ".save-"
TEMP_SUFFIX = ".tmp"
_TEMP_NAME = re.compile(rf"^{re.escape(TEMP_PREFIX)}(\d+)-.*{re.escape(TEMP_SUFFIX)}$")
#: A temporary file without a process id in its name (an older version wrote those) is stale
#: once it is this old: writing one takes milliseconds.
OLD_TEMP_AGE = 60.0


def sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable. Where folders cannot be opened (Windows) or
    flushed (some network file systems) there is nothing more to do."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8): the old or the new file, whatever happens."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(
        dir=path.parent, prefix=f"{TEMP_PREFIX}{os.getpid()}-", suffix=TEMP_SUFFIX
    )
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(text.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    sync_folder(path.parent)


def _numbered(stem: str, suffix: str) -> Iterator[str]:
    yield f"{stem}{suffix}"
    for number in itertools.count(2):
        yield f"{stem}-{number}{suffix}"


def move_to_unique(source: Path, folder: Path, stem: str, suffix: str) -> Path:
    """Move ``source`` into ``folder`` as ``stem + suffix``, or ``stem-2 + suffix`` and so on:
    the first name no file has. The name is claimed by creating it exclusively, so two moves
    at the same moment (two processes, one second) never pick the same one. Raises OSError."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in _numbered(stem, suffix):
        target = folder / name
        try:
            claim = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            continue
        os.close(claim)
        try:
            os.replace(source, target)
        except BaseException:
            target.unlink(missing_ok=True)
            raise
        sync_folder(folder)
        if source.parent != folder:
            sync_folder(source.parent)
        return target
    raise AssertionError("unreachable: the names never run out")


def process_alive(pid: int) -> bool:
    """Whether a process with this id runs. Where that cannot be asked safely (on Windows
    ``os.kill`` would end it), the answer is yes, which keeps a file rather than losing it."""
    if os.name != "posix" or pid <= 0:
        return pid > 0
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists but belongs to someone else
        return True
    return True


def remove_stale_temporaries(folder: Path) -> list[Path]:
    """Remove the temporary files of writes that a killed process never finished; returns them.
    A file of a process that still runs is left alone: it may be writing it right now."""
    removed: list[Path] = []
    try:
        candidates = list(folder.glob(f"{TEMP_PREFIX}*{TEMP_SUFFIX}"))
    except OSError:
        return removed
    now = time.time()
    for path in candidates:
        match = _TEMP_NAME.match(path.name)
        try:
            if match:
                stale = not process_alive(int(match.group(1)))
            else:
                stale = now - path.lstat().st_mtime > OLD_TEMP_AGE
            if stale:
                path.unlink()
                removed.append(path)
        except (OSError, ValueError):
            continue
    return removed
