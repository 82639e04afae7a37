"""The one door through which files come in: saves, settings, layouts, pieces and scenarios.

Whatever a file holds (a FIFO, ``/dev/zero``, a symlink loop, bytes that are not UTF-8, an
integer of 5,000 digits, brackets nested 100,000 deep), reading it either gives plain data
(dicts, lists, strings, numbers) or raises the caller's own error class with a message naming
the file and the problem. Nothing else escapes, so each kind of file needs only its own
validation on top: the shape of that data is checked here once, for all of them.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: Far above any real file (a long game's save is some tens of kilobytes), far below what would
#: hurt: a larger file is refused before it is read.
MAX_FILE_BYTES = 4 * 1024 * 1024
#: No bigfive file nests deeper than a handful of levels.
MAX_DEPTH = 32
#: What a file nested deeper is told, by the parsers and by :func:`check_shape` alike.
TOO_DEEP = f"is nested more than {MAX_DEPTH} levels deep; no bigfive file is"
#: Every number in a bigfive file fits in 64 bits (seeds are below 2**63).
MAX_NUMBER = 2**63


class LoadError(ValueError):
    """A file that cannot be used; the message names the file and says why, for players.
    ``problem`` alone reads after the file's name ("is a folder, not a file"), for callers
    that name the file in their own words."""

    def __init__(self, path: Path | str, problem: str, *, in_content: bool = False) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem
        #: Whether the file was read and what it holds is the problem (else the file itself:
        #: missing, a folder, a device, too large).
        self.in_content = in_content


def _fail(
    error: type[Exception], path: Path | str, problem: str, *, in_content: bool = False
) -> Exception:
    """``error`` for ``path``: a LoadError keeps the parts, any other class gets the message."""
    if issubclass(error, LoadError):
        return error(path, problem, in_content=in_content)
    return error(f"{path}: {problem}")


def _bad_content(error: type[Exception], source: Path | str, problem: str) -> Exception:
    return _fail(error, source, problem, in_content=True)


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "is a pipe (FIFO), not a file; only regular files are read"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device, not a file; only regular files are read"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a file; only regular files are read"
    return "is not a regular file; only regular files are read"


def _open_problem(path: Path, problem: OSError) -> str:
    if isinstance(problem, FileNotFoundError):
        if path.is_symlink():
            return f"is a symbolic link to {os.readlink(path)}, which does not exist"
        return "does not exist"
    if problem.errno == errno.ELOOP:
        return "is a symbolic link that leads back to itself (a loop)"
    if isinstance(problem, IsADirectoryError):
        return "is a folder, not a file"
    return f"cannot be read ({problem.strerror or problem})"


def read_bytes(
    path: Path, error: type[Exception] = LoadError, limit: int = MAX_FILE_BYTES
) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. Anything else (a folder, a
    pipe that would block, a device that never ends) is refused before it is opened."""
    try:
        before = os.stat(path)
    except OSError as problem:
        raise _fail(error, path, _open_problem(path, problem)) from None
    except ValueError:  # a NUL byte in the name
        raise _fail(error, repr(str(path)), "is not a usable file name") from None
    if not stat.S_ISREG(before.st_mode):
        raise _fail(error, path, _kind_of(before.st_mode))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        handle = os.open(path, flags)
    except OSError as problem:
        raise _fail(error, path, _open_problem(path, problem)) from None
    try:
        info = os.fstat(handle)  # the file opened may not be the one looked at
        if not stat.S_ISREG(info.st_mode):
            raise _fail(error, path, _kind_of(info.st_mode))
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(handle, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as problem:
        raise _fail(error, path, f"cannot be read ({problem.strerror or problem})") from None
    finally:
        os.close(handle)
    if size > limit:
        raise _fail(
            error, path, f"is larger than {limit // 1024} KiB; no bigfive file is that large"
        )
    return b"".join(chunks)


def decode(data: bytes, source: Path | str, error: type[Exception] = LoadError) -> str:
    """UTF-8 text (a byte-order mark is allowed and dropped)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as problem:
        raise _bad_content(
            error,
            source,
            f"is not UTF-8 text (byte {problem.start} is 0x{data[problem.start]:02x})",
        ) from None


def read_text(path: Path, error: type[Exception] = LoadError) -> str:
    return decode(read_bytes(path, error), path, error)


def check_shape(data: object, source: Path | str, error: type[Exception] = LoadError) -> None:
    """Plain data no deeper than :data:`MAX_DEPTH` and with no number beyond 64 bits. Walked
    without recursion: data that is too deep must not exhaust the stack here either."""
    pending: list[tuple[object, int]] = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict):
            children: list[object] = list(value.values())
        elif isinstance(value, list):
            children = value
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if not -MAX_NUMBER <= value < MAX_NUMBER:
                raise _bad_content(
                    error,
                    source,
                    f"holds a number of {len(str(abs(value)))} digits; "
                    "numbers in bigfive files fit in 64 bits",
                )
            continue
        elif isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                raise _bad_content(error, source, "holds a number that is not finite")
            continue
        else:
            continue
        if depth > MAX_DEPTH:
            raise _bad_content(error, source, TOO_DEEP)
        pending.extend((child, depth + 1) for child in children)


def _parsed(
    parse: Callable[[str], Any],
    text: str,
    source: Path | str,
    error: type[Exception],
    invalid: Callable[[ValueError], str],
) -> Any:
    """``parse(text)`` checked by :func:`check_shape`. What goes wrong alike in both formats
    (nesting too deep, an integer of thousands of digits) is said here, anything else the
    parser refuses by ``invalid``, in the format's own words."""
    try:
        data = parse(text)
    except RecursionError:
        raise _bad_content(error, source, TOO_DEEP) from None
    except ValueError as problem:
        if "integer string conversion" in str(problem):
            words = "holds a number of thousands of digits; numbers in bigfive files fit in 64 bits"
        else:
            words = invalid(problem)
        raise _bad_content(error, source, words) from None
    check_shape(data, source, error)
    return data


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def _load_json(text: str) -> Any:
    return json.loads(text, parse_constant=_reject_constant)


def parse_json(text: str, source: Path | str, error: type[Exception] = LoadError) -> Any:
    """JSON text as plain data, checked by :func:`check_shape`."""

    def invalid(problem: ValueError) -> str:
        if not isinstance(problem, json.JSONDecodeError):
            where = str(problem)
        elif problem.pos >= len(text.rstrip()):
            where = "it ends too soon (was the file cut short?)"
        else:
            where = f"{problem.msg.lower()} at line {problem.lineno}, column {problem.colno}"
        return f"is not valid JSON: {where}"

    return _parsed(_load_json, text, source, error, invalid)


def parse_toml(text: str, source: Path | str, error: type[Exception] = LoadError) -> dict[str, Any]:
    """TOML text as plain data, checked by :func:`check_shape`."""
    import tomllib  # only layouts, pieces and scenarios are TOML: a game loads without it

    data: dict[str, Any] = _parsed(
        tomllib.loads, text, source, error, lambda problem: f"is not valid TOML ({problem})"
    )
    return data


def read_json(path: Path, error: type[Exception] = LoadError) -> Any:
    """A JSON file as plain data; any problem raises ``error`` naming the file."""
    return parse_json(read_text(path, error), path, error)


def read_toml(path: Path, error: type[Exception] = LoadError) -> dict[str, Any]:
    """A TOML file as plain data; any problem raises ``error`` naming the file."""
    return parse_toml(read_text(path, error), path, error)
