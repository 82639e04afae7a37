"""The results file of a run: one JSON line per finished game, so a stopped run resumes.

A results file is someone's work of hours, and ``--results`` names any path, so the file is
recognised before anything is written: its first line is the header this module writes
(``{"format": "bigfive-simulate-results", "version": 1, "run": ...}``) or, in a file written
before there was a header, a game line of exactly the shape written below. Anything else is
refused and left as it was. Only a regular file is read or written: a FIFO, a device, a folder
or a symbolic link to one of those is refused before it is opened, and what is opened is checked
again (``fstat``) before one byte is read or written. Reading is bounded by line and in all.
Lines are only ever appended, never rewritten: a game cut off by a stopped run stays in the file
as a line that begins like a game line and does not parse; it is skipped, and the game is
played again.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bigfive_tui.files.reading import parse_json
from bigfive_tui.simulation.playing import GameResult, GameSetup, game_setup
from bigfive_tui.simulation.settings import Settings, UsageError

RESULTS_FORMAT = "bigfive-simulate-results"
VERSION = 1
#: How every line this module writes begins: a line that begins so and does not parse is a game
#: cut off when a run was stopped mid-write.
LINE_START = f'{{"format": "{RESULTS_FORMAT}"'
#: A game line holds one time per decision; a long search game has a few hundred.
MAX_LINE_BYTES = 1024 * 1024
#: Far above a real run's file (a game line is some hundreds of bytes to a few kilobytes).
MAX_FILE_BYTES = 256 * 1024 * 1024
#: Where the JSON parser stops in a line cut short: a word, a number or a ``\u`` escape, each
#: unfinished, or nothing at all.
_UNFINISHED = re.compile(
    r"n(u(l(l)?)?)?|t(r(u(e)?)?)?|f(a(l(s(e)?)?)?)?|[-+.0-9eE]*|u[0-9a-fA-F]{0,4}"
)
#: Lines that do not parse named one by one; more are counted.
MAX_LISTED = 10


class ResultsFileError(UsageError):
    """A results file that cannot be used; the message names the file and says why."""


class _Header(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    format: Literal["bigfive-simulate-results"]
    version: Literal[1]
    run: dict[str, Any]


class _GameLine(BaseModel):
    """A game line's exact shape, as :meth:`ResultsFile.append` writes it."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    format: Literal["bigfive-simulate-results"]
    run: dict[str, Any]
    seed: int = Field(ge=0, lt=2**63)
    guides: list[str] = Field(min_length=2, max_length=5)
    difficulty: str
    outcome: str = Field(pattern=r"^(won|error|lost:[a-z][a-z:_-]{0,40})$")
    turns: int = Field(ge=0, lt=2**31)
    actions: int = Field(ge=0, lt=2**31)
    error: str = Field(max_length=10_000)
    times_ms: list[float]


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "is a folder"
    if stat.S_ISFIFO(mode):
        return "is a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device"
    if stat.S_ISSOCK(mode):
        return "is a socket"
    return "is not a regular file"


def _not_a_file(path: Path, mode: int) -> ResultsFileError:
    return ResultsFileError(
        f"{path} {_kind(mode)}, not a results file; only a regular file is read or written"
    )


def _why(problem: OSError) -> str:
    return problem.strerror or str(problem)


def _first_problem(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    return f"{where}: {first['msg'].lower()}" if where else first["msg"].lower()


@dataclass
class ResultsFile:
    """A checked results file: the games it holds for this run, and where to append more."""

    path: Path
    settings: Settings
    done: dict[int, GameResult] = field(default_factory=dict)
    #: Lines that held a game cut off by a stopped run (played again).
    cut_off: list[int] = field(default_factory=list)
    #: The file as it was read (device, inode): what is opened to append must be this file.
    identity: tuple[int, int] | None = None
    #: Whether the file must first end its last line (a cut-off game without its newline).
    needs_newline: bool = False
    #: Whether the file is new or empty, so the header comes first.
    needs_header: bool = False
    _handle: int | None = None

    # ------------------------------------------------------------------ reading

    @classmethod
    def read(cls, path: Path, settings: Settings) -> ResultsFile:
        """The games already in ``path`` for ``settings``' run; a file that is not a results
        file of this run raises :class:`ResultsFileError` and is not touched."""
        results = cls(path, settings)
        try:
            before = os.stat(path)
        except (FileNotFoundError, NotADirectoryError):
            results._check_new()
            return results
        except ValueError:  # a NUL byte in the name
            raise ResultsFileError(f"{str(path)!r} is not a usable file name") from None
        except OSError as problem:
            raise ResultsFileError(f"{path} cannot be read ({_describe(path, problem)})") from None
        if not stat.S_ISREG(before.st_mode):
            raise _not_a_file(path, before.st_mode)
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        try:
            handle = os.open(path, flags)
        except OSError as problem:
            raise ResultsFileError(f"{path} cannot be read ({_describe(path, problem)})") from None
        with os.fdopen(handle, "rb") as stream:
            info = os.fstat(handle)  # the file opened may not be the one looked at
            if not stat.S_ISREG(info.st_mode):
                raise _not_a_file(path, info.st_mode)
            if info.st_size > MAX_FILE_BYTES:
                raise results._too_large()
            results.identity = (info.st_dev, info.st_ino)
            try:
                results._read_lines(stream)
            except OSError as problem:
                raise ResultsFileError(f"{path} cannot be read ({_why(problem)})") from None
        return results

    def _check_new(self) -> None:
        """A missing file is made when the run starts; say now if it cannot be."""
        path = self.path
        if path.is_symlink():
            raise ResultsFileError(
                f"{path} is a symbolic link to {os.readlink(path)}, which does not exist; "
                "give the results file's own path"
            )
        folder = path.parent
        if not folder.is_dir():
            problem = "does not exist" if not folder.exists() else "is not a folder"
            raise ResultsFileError(f"cannot make {path}: the folder {folder} {problem}")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise ResultsFileError(f"cannot make {path}: the folder {folder} is read-only for you")
        self.needs_header = True

    def _too_large(self) -> ResultsFileError:
        return ResultsFileError(
            f"{self.path} is larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB; no results file "
            "of a run is; give another results file"
        )

    def _read_lines(self, stream: IO[bytes]) -> None:
        problems: list[str] = []
        number = 0
        total = 0
        last_ended = True
        while True:
            raw = stream.readline(MAX_LINE_BYTES + 1)
            if not raw:
                break
            number += 1
            total += len(raw)
            if total > MAX_FILE_BYTES:
                raise self._too_large()
            last_ended = raw.endswith(b"\n")
            if len(raw) > MAX_LINE_BYTES:
                while raw and not raw.endswith(b"\n"):  # skip the rest of the line, bounded
                    raw = stream.readline(MAX_LINE_BYTES)
                    total += len(raw)
                    if total > MAX_FILE_BYTES:
                        raise self._too_large()
                last_ended = True
                problem: str | None = f"is longer than {MAX_LINE_BYTES // 1024} KiB"
            else:
                problem = self._take_line(number, raw, ends=last_ended)
            if problem is None:
                continue
            if number == 1:
                raise ResultsFileError(
                    f"{self.path} is not a results file of bigfive simulate (its first line "
                    f"{problem}); it was left as it was: give another file"
                )
            problems.append(f"line {number} {problem}")
        if number == 0:
            self.needs_header = True
        self.needs_newline = not last_ended
        if problems:
            listed = "\n  ".join(problems[:MAX_LISTED])
            more = len(problems) - MAX_LISTED
            tail = f"\n  and {more} more" if more > 0 else ""
            raise ResultsFileError(
                f"{self.path}: {len(problems)} line(s) cannot be read, so the file was left as "
                f"it was:\n  {listed}{tail}"
            )

    def _take_line(self, number: int, raw: bytes, *, ends: bool) -> str | None:
        """Read one line into ``done``; what is wrong with it, if anything."""
        try:
            text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError as problem:
            return f"is not UTF-8 text (byte {problem.start + 1} is 0x{raw[problem.start]:02x})"
        text = text.rstrip("\r\n")
        if not text.strip():
            return "is empty" if number == 1 else None
        try:
            data = parse_json(text, "line", ResultsFileError)
        except ResultsFileError as problem:
            if number > 1 and _cut_short(text, ends=ends):
                self.cut_off.append(number)  # a game cut off by a stop: played again
                return None
            return str(problem).removeprefix("line: ")
        if not isinstance(data, dict):
            return "is not a JSON object"
        if number == 1 and "version" in data:
            try:
                header = _Header.model_validate(data)
            except ValidationError as problem:
                return f"is not a results header ({_first_problem(problem)})"
            self._check_run(number, header.run)
            return None
        try:
            line = _GameLine.model_validate(data)
        except ValidationError as problem:
            return f"is not a game line ({_first_problem(problem)})"
        self._check_run(number, line.run)
        setup = game_setup(self.settings, line.seed)
        if line.guides != _guide_names(setup) or line.difficulty != _difficulty(setup):
            return (
                f"holds seed {line.seed}'s game with {','.join(line.guides)} at "
                f"{line.difficulty}, but this run's flags give {','.join(_guide_names(setup))} "
                f"at {_difficulty(setup)}"
            )
        self.done[line.seed] = GameResult(
            line.outcome,
            line.turns,
            line.actions,
            line.error,
            tuple(ms / 1000 for ms in line.times_ms),
        )
        return None

    def _check_run(self, number: int, run: dict[str, Any]) -> None:
        if run != self.settings.same_games():
            raise ResultsFileError(
                f"{self.path}:{number}: written by a run with other flags "
                f"({json.dumps(run)[:300]}); use another results file"
            )

    # ------------------------------------------------------------------ writing

    def open_for_games(self) -> None:
        """Open the file to append to, before any game is played: a file that cannot be
        written says so now, not after the first game."""
        path = self.path
        base = os.O_WRONLY | os.O_APPEND | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        try:
            if self.identity is None:  # a new file, made here and only here
                handle = os.open(path, base | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
            else:
                handle = os.open(path, base)
        except FileExistsError:
            raise ResultsFileError(
                f"{path} appeared while the run started; run again to read it"
            ) from None
        except OSError as problem:
            problem_text = _describe(path, problem)
            raise ResultsFileError(f"{path} cannot be written ({problem_text})") from None
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or (
            self.identity is not None and (info.st_dev, info.st_ino) != self.identity
        ):
            os.close(handle)
            raise ResultsFileError(f"{path} changed while it was read; run again")
        self._handle = handle
        if self.needs_header:
            header = {"format": RESULTS_FORMAT, "version": VERSION}
            self._write({**header, "run": self.settings.same_games()})
            self.needs_header = False

    def append(self, setup: GameSetup, result: GameResult) -> None:
        """One finished game as a JSON line, written at once."""
        entry = {
            "format": RESULTS_FORMAT,
            "run": self.settings.same_games(),
            "seed": setup.seed,
            "guides": _guide_names(setup),
            "difficulty": _difficulty(setup),
            **{k: v for k, v in asdict(result).items() if k != "times"},
            "times_ms": [round(t * 1000, 3) for t in result.times],
        }
        self._write(entry)

    def _write(self, entry: dict[str, Any]) -> None:
        assert self._handle is not None, "open_for_games comes first"
        data = (json.dumps(entry) + "\n").encode("utf-8")
        if self.needs_newline:  # end the cut-off line first: it stays, and is skipped
            data = b"\n" + data
        try:
            while data:
                data = data[os.write(self._handle, data) :]
        except OSError as problem:
            raise ResultsFileError(
                f"{self.path} cannot be written ({_why(problem)}); the games before are in it"
            ) from None
        self.needs_newline = False

    def close(self) -> None:
        if self._handle is not None:
            with contextlib.suppress(OSError):
                os.close(self._handle)
            self._handle = None


def _cut_short(text: str, *, ends: bool) -> bool:
    """Whether ``text`` is a line this module began and a stop cut short: it begins as every
    line written here does (or, the file's last line, as a piece of that beginning) and its
    JSON breaks off inside its last string, number or word, or after it: what follows where
    the parser stopped could still have become valid JSON."""
    if not (text.startswith(LINE_START) or (not ends and LINE_START.startswith(text))):
        return False
    try:
        json.loads(text)
    except json.JSONDecodeError as problem:
        if problem.msg.startswith("Unterminated string"):
            return True
        return _UNFINISHED.fullmatch(text[problem.pos :].rstrip()) is not None
    except (ValueError, RecursionError):
        return False
    return False


def _guide_names(setup: GameSetup) -> list[str]:
    return [guide.name.lower() for guide in setup.guides]


def _difficulty(setup: GameSetup) -> str:
    return setup.difficulty.name.lower()


def _describe(path: Path, problem: OSError) -> str:
    if problem.errno == errno.ELOOP:
        return "a symbolic link that leads back to itself"
    if problem.errno == errno.ENOTDIR:
        return "a part of its path is a file, not a folder"
    if problem.errno == errno.EACCES:
        return "permission denied"
    if problem.errno == errno.EROFS:
        return "the file system is read-only"
    return _why(problem)
