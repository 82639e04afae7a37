"""Writing files so that nothing is lost: whole or not at all, on disk before we say so, never
over another file by accident.

A write goes to a temporary file beside the target (its name carries the writer's process id),
which is flushed to the disk (``fsync``) and then renamed over the target; the folder is then
flushed too, so that after a kill or a power cut the target holds the old or the new text,
never an empty or half-written file. A kill between the two leaves the temporary file behind:
:func:`remove_stale_temporaries` clears those of processes that no longer run.

Only regular files are ever written, moved, replaced or removed, whoever runs the game (root
may rename over ``/dev/null``; we never do): a target that is a device, a FIFO, a socket or a
folder raises :class:`NotAFile` and is left as it is. A symbolic link is followed to the file
it names, which is written in its place (the link stays). A write that must not replace
anything (``replace=False``) takes the name only if no file has it, in one step, so two
writers never both think they made it.
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import os
import re
import stat
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


class NotAFile(OSError):
    """The path names something that is not a regular file (a device, a FIFO, a socket, a
    folder): it is never written, moved, replaced or removed. ``strerror`` says what it is."""

    def __init__(self, path: Path, what: str) -> None:
        super().__init__(
            errno.EINVAL, f"{path} is {what}, not a regular file, and is left as it is"
        )
        self.path = path
        self.what = what


def kind_of(mode: int) -> str:
    """What a file of ``mode`` is, in words: 'a device', 'a FIFO', …"""
    for test, words in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO (a named pipe)"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISLNK, "a symbolic link"),
    ):
        if test(mode):
            return words
    return "a regular file" if stat.S_ISREG(mode) else "a special file"


class NotAFolder(OSError):
    """A folder that files cannot be kept in; the message names it and says why."""

    def __init__(self, folder: Path, what: str) -> None:
        super().__init__(errno.ENOTDIR, f"{folder} {what}")
        self.folder = folder


def writable_folder(folder: Path) -> None:
    """Make ``folder`` (and the folders above it) if missing; NotAFolder, naming the file in
    the way (a data folder that is a file, a FIFO, …), unless files can be written in it.
    Nothing that is there is changed."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        for place in (folder, *folder.parents):
            try:
                mode = place.lstat().st_mode
            except OSError:
                continue
            if not stat.S_ISDIR(place.stat().st_mode if stat.S_ISLNK(mode) else mode):
                raise NotAFolder(place, f"is {kind_of(mode)}, not a folder") from None
            break
        raise NotAFolder(folder, f"cannot be made ({error.strerror or error})") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise NotAFolder(folder, "is a folder this user cannot write in")


def regular_target(path: Path) -> Path:
    """Where writing ``path`` writes: ``path`` itself, or the file a symbolic link there names
    (resolved, so that the link stays a link). NotAFile if that exists and is not a regular
    file; other OSErrors (a loop of links) as they come."""
    target = Path(os.path.realpath(path, strict=False)) if path.is_symlink() else path
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return target
    if not stat.S_ISREG(mode):
        raise NotAFile(path, kind_of(mode))
    return target


def is_regular_or_missing(path: Path) -> bool:
    """May ``path`` be written (nothing there, or a regular file, maybe through a link)?"""
    try:
        regular_target(path)
    except OSError:
        return False
    return True


def write_atomically(path: Path, text: str, *, replace: bool = True) -> None:
    """Write ``text`` (UTF-8) to ``path``: the old or the new file, whatever happens. With
    ``replace=False`` a file already there is left alone and FileExistsError is raised.
    NotAFile when ``path`` is no regular file (nothing is written then)."""
    target = regular_target(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f"{TEMP_PREFIX}{os.getpid()}-", suffix=TEMP_SUFFIX
    )
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(text.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        if replace:
            regular_target(path)  # still a regular file (or none) a moment later
            os.replace(temporary, target)
        else:
            _take_new_name(Path(temporary), target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    sync_folder(target.parent)


def _take_new_name(temporary: Path, target: Path) -> None:
    """Give ``temporary`` the name ``target`` only if no file has it: a hard link does that in
    one step (FileExistsError otherwise). Where the file system has no hard links, the name is
    claimed by creating it exclusively first."""
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise
    except OSError:
        claim = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        os.close(claim)
        os.replace(temporary, target)
        return
    temporary.unlink()


def remove_file(path: Path) -> None:
    """Remove ``path`` if it is a regular file (or a link); NotAFile if it is anything else,
    which stays."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return
    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        raise NotAFile(path, kind_of(mode))
    path.unlink(missing_ok=True)


def _numbered(stem: str, suffix: str) -> Iterator[str]:
    yield f"{stem}{suffix}"
    for number in itertools.count(2):
        yield f"{stem}-{number}{suffix}"


def move_to_unique(source: Path, folder: Path, stem: str, suffix: str) -> Path:
    """Move ``source`` into ``folder`` as ``stem + suffix``, or ``stem-2 + suffix`` and so on:
    the first name no file has. The name is claimed by creating it exclusively, so two moves
    at the same moment (two processes, one second) never pick the same one. Only a regular
    file is moved (NotAFile for anything else, which stays). Raises OSError."""
    mode = source.lstat().st_mode
    if not stat.S_ISREG(mode):
        raise NotAFile(source, kind_of(mode))
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
            if not stat.S_ISREG(path.lstat().st_mode):
                continue  # not ours: we only ever write regular files
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
