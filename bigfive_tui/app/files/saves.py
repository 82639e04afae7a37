"""Saved games: the autosave and named saves, each a game record (:func:`record_of`) as JSON,
of either game in the box (a Big Five record or a Photo Safari record, told apart by format).

Files live in ``platformdirs.user_data_dir("bigfive")``; ``--data-dir`` / ``BIGFIVE_DATA_DIR``
moves them (tests use it), and ``--autosave FILE`` / ``BIGFIVE_AUTOSAVE`` gives one process an
autosave file of its own (the browser server gives each tab one). Files are read through the
one loading edge (:mod:`bigfive_tui.files.reading`) and written whole and durably
(:mod:`bigfive_tui.files.writing`), so loading never raises anything but :class:`SaveError`,
whose message is meant for players, and a kill or a power cut never leaves half a save.

A save also keeps the version of bigfive that wrote it and a fingerprint of the position it
ended at: a replay that ends elsewhere (the rules changed since) is reported, and a save whose
last actions no longer replay is offered from the last action that does.
"""

# No ``from __future__ import annotations`` here: pydantic would compile each field's
# annotation from its text, at every start-up.

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bigfive_tui import __version__
from bigfive_tui.app.files.names import NameRefused, free_name, place
from bigfive_tui.app.words.describe import joined
from bigfive_tui.assets import load_pieces
from bigfive_tui.engine.actions import Step
from bigfive_tui.engine.pieces import BoardFileError
from bigfive_tui.engine.session import POSITION_RULE, Session
from bigfive_tui.engine.state import GameState, fingerprint
from bigfive_tui.files.reading import LoadError, read_json
from bigfive_tui.files.writing import (
    is_regular_or_missing,
    move_to_unique,
    remove_stale_temporaries,
    write_atomically,
)
from bigfive_tui.formats.record import GameRecord
from bigfive_tui.formats.replay import record_of as game_record_of
from bigfive_tui.formats.replay import replay_longest
from bigfive_tui.photo_safari.formats.record import RECORD_FORMAT, PhotoRecord
from bigfive_tui.safe_text import printable
from bigfive_tui.shared.problems import RecordError

if TYPE_CHECKING:  # a Big Five game needs none of Photo Safari's engine
    from bigfive_tui.photo_safari.engine.session import PhotoSession

#: Photo Safari's cameras, for a save's summary (the engine's SEAT_NAMES, without importing it).
PHOTO_CAMERAS = ("Red", "Yellow")
DATA_DIR_VARIABLE = "BIGFIVE_DATA_DIR"
AUTOSAVE_ENV = "BIGFIVE_AUTOSAVE"
AUTOSAVE_NAME = "autosave.json"
SAVE_SUFFIX = ".json"


class SaveError(Exception):
    """A save that cannot be read or written; the message says why, in plain words."""


# The models are built on first use (``defer_build``), the records' inside the save's.


class EngineStamp(BaseModel):
    """Who wrote a save and where its game stood: checked against the replay on loading."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    version: str = Field(max_length=40)
    position: str = Field(pattern=r"^[0-9a-f]{16}$")


class PracticeNote(BaseModel):
    """How a Big Five game with computer teammates was being played: their strength, the pace
    of their turns, and the hints the player asked for (the end screen counts them). A save
    without it (older, or of a hot-seat game) loads with the app's own strength and pace."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    teammates: Literal["strong", "steady"] = "strong"
    pace: Literal["normal", "step", "instant", "fast"] = "normal"
    hints: int = Field(default=0, ge=0, le=1_000_000)


class SaveFile(BaseModel):
    """What a save holds: the engine's game record plus which seats the computer plays.
    Version 1 had no ``engine`` stamp; such saves still load (without the check)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    format: Literal["bigfive-save"] = "bigfive-save"
    version: Literal[1, 2] = 2
    saved_at: str = Field(default="", max_length=40)
    engine: EngineStamp | None = None
    computer_seats: list[int] = Field(default=[], max_length=5)
    practice: PracticeNote | None = None
    #: How a finished game ended ("won", "lost"; "finished" for Photo Safari), read by the
    #: load list without replaying the game; absent while the game goes on.
    outcome: Literal["", "won", "lost", "finished"] = ""
    #: Either game's record, told apart by its ``format``.
    record: Annotated[GameRecord | PhotoRecord, Field(discriminator="format")]


class LoadedGame(NamedTuple):
    """A save replayed. ``doubt`` is why the player should be asked before going on with it
    (its last ``dropped`` actions no longer replay, or its replay ends at another position
    than it was saved at); empty when it replays exactly as saved."""

    session: "Session | PhotoSession"
    computer_seats: frozenset[int]
    saved_at: str
    path: Path
    dropped: int = 0
    doubt: str = ""
    practice: PracticeNote | None = None


@dataclass
class SaveInfo:
    """A save found on disk, described without replaying it; ``problem`` says why a damaged
    one cannot be read. The parts are kept apart so a list can shorten each on its own. Not
    frozen: a frozen dataclass with slots cost 2.2 M more instructions of every start-up to
    define (its extra methods are compiled from text at import)."""

    name: str
    path: Path
    saved_at: str
    guides: tuple[str, ...] = ()  # Photo Safari: the cameras, "(computer)" marked
    difficulty: str = ""  # Photo Safari: the set-up's name
    turn: int = 0  # Photo Safari: the round
    problem: str = ""
    photo_safari: bool = False
    outcome: str = ""  # "won", "lost" or "finished" for a finished game

    @property
    def when(self) -> str:
        """'turn 3', or for Photo Safari 'round 3'."""
        return f"{'round' if self.photo_safari else 'turn'} {self.turn}"

    @property
    def summary(self) -> str:
        if self.problem:
            return f"damaged: {self.problem}"
        if self.outcome:
            return f"{self.outcome} · {self._playing}"
        return self._playing

    @property
    def _playing(self) -> str:
        if self.photo_safari:
            return f"Photo Safari · {' and '.join(self.guides)} · {self.difficulty} · {self.when}"
        return f"{joined(self.guides)} · {self.difficulty} · {self.when}"


# ---------------------------------------------------------------------------- where files are


def data_dir() -> Path:
    override = os.environ.get(DATA_DIR_VARIABLE)
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("bigfive"))


def autosave_path() -> Path:
    """This process's autosave: ``BIGFIVE_AUTOSAVE`` (set by ``--autosave``) or the data
    folder's ``autosave.json``."""
    own = os.environ.get(AUTOSAVE_ENV)
    if own:
        return Path(own).expanduser().absolute()
    return data_dir() / AUTOSAVE_NAME


def saves_dir() -> Path:
    return data_dir() / "saves"


def clear_stale_writes() -> list[Path]:
    """Remove the unfinished writes of killed processes from every folder saves go to."""
    folders = {data_dir(), saves_dir(), autosave_path().parent}
    return [path for folder in sorted(folders) for path in remove_stale_temporaries(folder)]


def _now() -> str:
    return datetime.now().isoformat(timespec="seconds")


def _stamp() -> str:
    return datetime.now().strftime("%Y-%m-%d-%H%M%S")


# ---------------------------------------------------------------------------- writing


def snapshot_text(
    record: GameRecord | PhotoRecord,
    position: str,
    computer_seats: frozenset[int],
    practice: PracticeNote | None = None,
    outcome: Literal["", "won", "lost", "finished"] = "",
) -> str:
    """The file text of a save of ``record``, whose game stands at ``position`` (its
    fingerprint) and ended with ``outcome`` ("" while it goes on). Made from data that no
    longer changes, so any thread may make it."""
    left_out = {name for name, value in (("practice", practice), ("outcome", outcome)) if not value}
    return SaveFile(
        saved_at=_now(),
        engine=EngineStamp(version=__version__, position=position),
        computer_seats=sorted(computer_seats),
        practice=practice,
        outcome=outcome,
        record=record,
    ).model_dump_json(indent=1, exclude=left_out or None)


def outcome_of(session: "Session | PhotoSession") -> Literal["", "won", "lost", "finished"]:
    """How the game ended, for its save ("" while it goes on)."""
    if not session.state.over:
        return ""
    if isinstance(session, Session):
        return "won" if session.state.outcome == "won" else "lost"
    return "finished"


def position_of(session: "Session | PhotoSession") -> str:
    """The fingerprint of where ``session``'s game stands, by its own engine."""
    if isinstance(session, Session):
        return fingerprint(session.state)
    from bigfive_tui.photo_safari.engine.state import fingerprint as photo_fingerprint

    return photo_fingerprint(session.state)


def record_of(session: "Session | PhotoSession") -> GameRecord | PhotoRecord:
    """The record of ``session``'s game as it stands, in its own game's format."""
    if isinstance(session, Session):
        return game_record_of(session)
    from bigfive_tui.photo_safari.formats.replay import record_of as photo_record_of

    return photo_record_of(session)


def save_text(
    session: "Session | PhotoSession",
    computer_seats: frozenset[int],
    practice: PracticeNote | None = None,
) -> str:
    """The file text of a save of ``session`` as it stands now."""
    return snapshot_text(
        record_of(session), position_of(session), computer_seats, practice, outcome_of(session)
    )


def write_save(
    path: Path,
    session: "Session | PhotoSession",
    computer_seats: frozenset[int],
    practice: PracticeNote | None = None,
    *,
    replace: bool = True,
) -> Path:
    """Write atomically and durably; raises SaveError if the disk refuses, if ``path`` is not
    a regular file, or (``replace=False``) if a file is there already — which stays as it is."""
    try:
        write_atomically(path, save_text(session, computer_seats, practice), replace=replace)
    except FileExistsError:
        raise SaveError(
            f"Not saved: {path} exists already, and it is kept as it is; choose another name"
        ) from None
    except OSError as error:
        raise SaveError(f"Could not save to {path}: {error.strerror or error}") from None
    return path


def named_path(name: str, *, names_only: bool = False) -> Path:
    """Where a named save goes: the saves folder; outside a browser tab (``names_only``) a
    name ending in .json or containing a slash is a path. SaveError for a name refused."""
    try:
        return place(name, saves_dir(), SAVE_SUFFIX, names_only=names_only)
    except NameRefused as refused:
        raise SaveError(str(refused)) from None


def free_save_name(stem: str) -> str:
    """``stem`` or the first of ``stem-2``, ``stem-3``… that no save has: a suggestion."""
    return free_name(stem, saves_dir(), SAVE_SUFFIX)


def save_named(
    name: str,
    session: "Session | PhotoSession",
    computer_seats: frozenset[int],
    practice: PracticeNote | None = None,
    *,
    replace: bool = False,
    names_only: bool = False,
) -> Path:
    """Save under ``name`` (see :func:`named_path`); a file there is replaced only when
    ``replace`` says the player agreed to it, else SaveError."""
    path = named_path(name, names_only=names_only)
    return write_save(path, session, computer_seats, practice, replace=replace)


def set_aside(path: Path) -> Path:
    """Move a save that cannot be continued out of the way, kept for inspection beside it
    under a name no other file has (``autosave.damaged-<time>.json``, then ``…-2``, …).
    Raises SaveError saying why it could not be moved."""
    try:
        return move_to_unique(path, path.parent, f"{path.stem}.damaged-{_stamp()}", SAVE_SUFFIX)
    except OSError as error:
        raise SaveError(
            f"{path} could not be moved aside ({error.strerror or error}); it stays where it is"
        ) from None


def keep_finished(path: Path, outcome: str) -> Path | None:
    """Move the autosave of a finished game among the named saves as ``won-<time>.json`` (or
    ``lost-``, ``finished-``), under a name no other file has, where the load list marks it
    and replays it; None if there is none. SaveError says why it could not move (it then stays
    where it is: nothing is lost)."""
    if not os.path.lexists(path):
        return None
    try:
        return move_to_unique(path, saves_dir(), f"{outcome or 'finished'}-{_stamp()}", SAVE_SUFFIX)
    except OSError as error:
        raise SaveError(
            f"The finished game in {path} could not be kept among the saves: "
            f"{error.strerror or error}"
        ) from None


def keep_unfinished(path: Path) -> Path | None:
    """Move the autosave of an unfinished game among the named saves, under a name no other
    file has (``unfinished-<time>.json``, then ``…-2``, …), before another game takes its
    place; None if there is none. When the saves folder refuses, it stays in the autosave's
    folder under that name; when that fails too, SaveError says why."""
    if not os.path.lexists(path):
        return None
    stem = f"unfinished-{_stamp()}"
    try:
        return move_to_unique(path, saves_dir(), stem, SAVE_SUFFIX)
    except OSError:
        pass
    try:
        return move_to_unique(path, path.parent, stem, SAVE_SUFFIX)
    except OSError as error:
        raise SaveError(
            f"The unfinished game in {path} could not be kept: {error.strerror or error}"
        ) from None


# ---------------------------------------------------------------------------- reading


def _parse(path: Path, *, short: bool = False) -> tuple[SaveFile | None, GameRecord | PhotoRecord]:
    """A file as a save, or as a bare game record; SaveError for anything else. The message
    names the file by its name when the problem is what it holds (or when ``short``), else by
    the path as given."""
    name = printable(path.name)
    try:
        data = read_json(path)
    except LoadError as error:
        # What a file holds is told by its name; what it is (a pipe, a device, missing) by the
        # path as given, which says more (``/dev/zero``, not ``zero``).
        which = name if error.in_content or short else printable(str(path))
        raise SaveError(f"{which} {error.problem}.") from None
    try:
        if isinstance(data, dict) and data.get("format") == "bigfive-save":
            save = SaveFile.model_validate(data)
            return save, save.record
        if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
            return None, PhotoRecord.model_validate(data)
        return None, GameRecord.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "file"
        known = ("bigfive-save", RECORD_FORMAT, None)
        if not isinstance(data, dict) or data.get("format") not in known:
            raise SaveError(f"{name} is not a bigfive save.") from None
        raise SaveError(f"{name} is damaged: {where}: {first['msg']}.") from None


def build_start(position: Mapping[str, Any]) -> tuple[GameState, list[Step]]:
    """The first state of a game that began from a position (a scenario, an edited position),
    written in the scenario format and checked exactly like a scenario file; ScenarioError (a
    ValueError) names what is wrong."""
    from bigfive_tui.assets import load_layout
    from bigfive_tui.scenarios.build import build
    from bigfive_tui.scenarios.model import parse_scenario

    where = "the position the game began from"
    built = build(parse_scenario(position, where), where, load_pieces(), load_layout)
    return built.state, built.setup or [began_from(position)]


def began_from(position: Mapping[str, Any]) -> Step:
    """The first line of the log of a game that began from a written position, which has no
    setup steps (D-position): the scenario it came from, by its title, or an edited position
    (the editor's positions have no title). Kept in the position, it is the same on reload."""
    title = printable(str(position.get("title") or ""))
    where = f"the scenario “{title}”" if title else "an edited position"
    return Step(POSITION_RULE, "setup", f"The game begins from {where}.")


def position_session(position: Mapping[str, Any], log: Sequence[Step] = ()) -> Session:
    """A game that begins at ``position`` (the scenario format), built from it as a reload of
    its save will build it, so that the save replays to the very same state (alike cards and
    tokens keep their ids). ``log``: the steps that led there, shown in this game's log."""
    state, setup = build_start(position)
    return Session.from_position(state, position, list(log) or setup)


def read_save(path: Path) -> LoadedGame:
    """Load and replay a save (or a bare game record); never raises anything but SaveError.

    Actions at the end that no longer replay are left out and the reason is given in
    ``doubt``, as is a replay that ends at another position than the save was made at."""
    save, record = _parse(path)
    name = printable(path.name)
    wanted = save.computer_seats if save else []
    session: Session | PhotoSession
    try:
        if isinstance(record, PhotoRecord):
            from bigfive_tui.photo_safari.formats.replay import replay_longest as photo_replay

            photo = photo_replay(record, frozenset(wanted))
            session, played, problem = photo.session, photo.played, photo.problem
            steps, seats = record.moves, len(PHOTO_CAMERAS)
        else:
            replayed = replay_longest(record, load_pieces(), build_start)
            session, played, problem = replayed.session, replayed.played, replayed.problem
            steps, seats = record.actions, len(replayed.session.game.guides)
    except (RecordError, BoardFileError) as error:
        raise SaveError(f"{name} cannot be replayed: {error}") from None
    except Exception as error:  # a save must never crash the app
        raise SaveError(f"{name} cannot be loaded: {type(error).__name__}: {error}") from None
    doubt = ""
    dropped = len(steps) - played
    what = "move" if isinstance(record, PhotoRecord) else "action"
    if dropped:
        which = what if dropped == 1 else f"{dropped} {what}s"
        doubt = (
            f"The last {which} of {name} no longer {'replays' if dropped == 1 else 'replay'} "
            f"({problem}). Go on from {what} {played}, the last that "
            f"replays, without {'it' if dropped == 1 else 'them'}?"
        )
    elif save is not None and save.engine and save.engine.position != position_of(session):
        doubt = (
            f"{name} replays to another position than it was saved at (saved by bigfive "
            f"{printable(save.engine.version)}, this is {__version__}): the rules may have "
            "changed since. Go on from the position it replays to?"
        )
    computer = frozenset(s for s in wanted if 0 <= s < seats)
    saved_at = save.saved_at if save else ""
    practice = save.practice if save is not None and isinstance(session, Session) else None
    return LoadedGame(session, computer, printable(saved_at), path, dropped, doubt, practice)


def describe(path: Path) -> SaveInfo:
    """Name, time and a one-line summary, read without replaying; damaged files say so."""
    name = printable(path.stem)
    try:
        save, record = _parse(path, short=True)  # listed in a column
    except SaveError as error:
        return SaveInfo(name, path, "", problem=str(error))
    saved_at = printable(save.saved_at) if save else ""
    outcome = save.outcome if save else ""
    if isinstance(record, PhotoRecord):
        computer = set(save.computer_seats) if save else set()
        return SaveInfo(
            name,
            path,
            saved_at.replace("T", " "),
            guides=tuple(
                f"{camera}{' (computer)' * (seat in computer)}"
                for seat, camera in enumerate(PHOTO_CAMERAS)
            ),
            difficulty=printable(record.setup.name),
            turn=len(record.moves) // len(PHOTO_CAMERAS) + 1,  # both cameras move each round
            photo_safari=True,
            outcome=outcome,
        )
    return SaveInfo(
        name,
        path,
        saved_at.replace("T", " "),
        guides=tuple(name.capitalize() for name in record.setup.guides),
        difficulty=record.setup.difficulty,
        turn=1 + sum(1 for text in record.actions if text == "end"),  # turns close with "end"
        outcome=outcome,
    )


def has_autosave() -> bool:
    """Is there an autosave to offer? A device, a FIFO or a folder in its place holds no game
    (and is never read, moved or written)."""
    path = autosave_path()
    return os.path.lexists(path) and is_regular_or_missing(path)


def _modified(path: Path) -> float:
    try:
        return path.lstat().st_mtime
    except OSError:
        return 0.0


def list_saves() -> list[SaveInfo]:
    """Named saves, newest first; a file that cannot be read is listed as damaged."""
    try:
        paths = list(saves_dir().glob(f"*{SAVE_SUFFIX}"))
    except OSError:
        return []
    paths.sort(key=_modified, reverse=True)
    return [describe(path) for path in paths]
