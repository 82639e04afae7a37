"""Autosave and named saves: a game record (engine ``Session.record()``) as JSON on disk.

Files live in ``platformdirs.user_data_dir("bigfive")``; the ``BIGFIVE_DATA_DIR`` environment
variable moves them (tests use it), and ``BIGFIVE_AUTOSAVE`` gives a process an autosave file of
its own (``bigfive play --autosave FILE``). Every write goes to a temporary file that then
replaces the old one, so a kill at any moment leaves either the old or the new save, never half
a file.
The settings kept between starts (theme, last setup) live there too, in ``settings.json``.
Loading never raises anything but :class:`SaveError`, whose message is meant for players.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Literal, cast

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_validator,
)

from bigfive_tui.app.describe import joined
from bigfive_tui.app.game_setup import GameSetup, SeatChoice
from bigfive_tui.assets import load_pieces
from bigfive_tui.engine.content import Difficulty, Guide, Species
from bigfive_tui.engine.session import (
    DifficultyName,
    GameRecord,
    GuideName,
    RecordError,
    RemovableSpecies,
    Session,
    load_record,
)

AUTOSAVE_NAME = "autosave.json"
AUTOSAVE_ENV = "BIGFIVE_AUTOSAVE"
SETTINGS_NAME = "settings.json"
SAVE_SUFFIX = ".json"


class SaveError(Exception):
    """A save that cannot be read or written; the message says why, in plain words."""


class SaveFile(BaseModel):
    """What a save holds: the engine's game record plus which seats the computer plays."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["bigfive-save"] = "bigfive-save"
    version: Literal[1] = 1
    saved_at: str = ""
    computer_seats: list[int] = Field(default_factory=list)
    record: GameRecord


class SeatSettings(BaseModel):
    model_config = ConfigDict(extra="ignore")

    guide: GuideName
    computer: bool = False


class SetupSettings(BaseModel):
    """The setup of the last game started, offered again by the next new-game screen. Not its
    seed or start spaces: the next game gets a new board and new dice."""

    model_config = ConfigDict(extra="ignore")

    seats: list[SeatSettings] = Field(min_length=2, max_length=5)
    difficulty: DifficultyName = "beginner"
    removed: list[RemovableSpecies] = Field(default_factory=list, max_length=2)
    board_source: Literal["random", "layout", "file"] = "random"
    layout: str = ""
    choose_starts: bool = False

    @model_validator(mode="after")
    def _each_once(self) -> SetupSettings:
        guides = [seat.guide for seat in self.seats]
        if len(set(guides)) != len(guides) or len(set(self.removed)) != len(self.removed):
            raise ValueError("each guide and each species at most once")
        return self


class Settings(BaseModel):
    """Choices kept from one start to the next: the theme and the last setup.

    A value that does not validate (a damaged file, or one from another version) is dropped on
    its own and the rest is used; unknown keys are ignored here and kept in the file."""

    model_config = ConfigDict(extra="ignore")

    theme: str | None = None
    setup: SetupSettings | None = None

    @field_validator("theme", "setup", mode="wrap")
    @classmethod
    def _none_if_invalid(cls, value: object, handler: ValidatorFunctionWrapHandler) -> object:
        try:
            return handler(value)
        except ValidationError:
            return None


def _settings() -> Settings:
    """The settings file, or the defaults when it is missing or unreadable."""
    try:
        text = (data_dir() / SETTINGS_NAME).read_text(encoding="utf-8")
        return Settings.model_validate_json(text)
    except (OSError, ValueError):  # ValidationError and UnicodeDecodeError are ValueErrors
        return Settings()


def _update_settings(key: str, value: object) -> None:
    """Change one entry and keep the others as they are, also those another version wrote.
    Settings are a convenience: a disk that refuses them is not worth a message."""
    path = data_dir() / SETTINGS_NAME
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        kept = {}
    settings = kept if isinstance(kept, dict) else {}
    settings[key] = value
    with contextlib.suppress(OSError):
        _write_atomically(path, json.dumps(settings, indent=1, ensure_ascii=False))


def remembered_theme() -> str | None:
    """The theme chosen last time; a missing or damaged settings file just means none."""
    return _settings().theme


def remember_theme(name: str) -> None:
    _update_settings("theme", name)


def remembered_setup() -> GameSetup | None:
    """The setup of the last game started (seed left at 0), or None if there is none to trust."""
    kept = _settings().setup
    if kept is None:
        return None
    return GameSetup(
        seats=tuple(SeatChoice(Guide[seat.guide.upper()], seat.computer) for seat in kept.seats),
        difficulty=Difficulty[kept.difficulty.upper()],
        removed=tuple(Species[name.upper()] for name in kept.removed),
        board_source=kept.board_source,
        layout=kept.layout,
        choose_starts=kept.choose_starts,
    )


def remember_setup(setup: GameSetup) -> None:
    kept = SetupSettings(
        seats=[
            SeatSettings(guide=cast("GuideName", seat.guide.name.lower()), computer=seat.computer)
            for seat in setup.seats
        ],
        difficulty=cast("DifficultyName", setup.difficulty.name.lower()),
        removed=[cast("RemovableSpecies", species.name.lower()) for species in setup.removed],
        board_source=setup.board_source,
        # A file path as typed would break when the game is started from another folder.
        layout=str(Path(setup.layout).resolve()) if setup.board_source == "file" else setup.layout,
        choose_starts=setup.choose_starts,
    )
    _update_settings("setup", kept.model_dump(mode="json"))


@dataclass(frozen=True, slots=True)
class LoadedGame:
    session: Session
    computer_seats: frozenset[int]
    saved_at: str
    path: Path


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """A save found on disk, described without replaying it; ``problem`` says why a damaged
    one cannot be read. The parts are kept apart so a list can shorten each on its own."""

    name: str
    path: Path
    saved_at: str
    guides: tuple[str, ...] = ()
    difficulty: str = ""
    turn: int = 0
    problem: str = ""

    @property
    def summary(self) -> str:
        if self.problem:
            return f"damaged: {self.problem}"
        return f"{joined(self.guides)} · {self.difficulty} · turn {self.turn}"


def data_dir() -> Path:
    override = os.environ.get("BIGFIVE_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("bigfive"))


def autosave_path() -> Path:
    """This process's autosave: ``BIGFIVE_AUTOSAVE`` when set, else autosave.json in the data
    folder. Two processes given different files never write over each other's game."""
    override = os.environ.get(AUTOSAVE_ENV)
    return Path(override) if override else data_dir() / AUTOSAVE_NAME


def saves_dir() -> Path:
    return data_dir() / "saves"


def _now() -> str:
    return datetime.now().isoformat(timespec="seconds")


def save_data(session: Session, computer_seats: frozenset[int]) -> SaveFile:
    return SaveFile(saved_at=_now(), computer_seats=sorted(computer_seats), record=session.record())


def _write_atomically(path: Path, text: str) -> None:
    """A temporary file that then replaces ``path``: a kill leaves the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".save-", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_save(path: Path, session: Session, computer_seats: frozenset[int]) -> Path:
    """Write atomically; raises SaveError if the disk refuses."""
    try:
        _write_atomically(path, save_data(session, computer_seats).model_dump_json(indent=1))
    except OSError as error:
        raise SaveError(f"Could not save to {path}: {error.strerror or error}") from None
    return path


def autosave(session: Session, computer_seats: frozenset[int]) -> Path:
    return write_save(autosave_path(), session, computer_seats)


def clear_autosave() -> None:
    with contextlib.suppress(OSError):
        autosave_path().unlink(missing_ok=True)


def has_autosave() -> bool:
    return autosave_path().is_file()


def set_aside_autosave() -> Path | None:
    """Move a damaged autosave out of the way (kept for inspection) so it is not offered again."""
    path = autosave_path()
    target = path.with_name(f"{path.stem}.damaged.json")  # one per autosave file
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


def keep_unfinished_autosave() -> Path | None:
    """Move the autosave of an unfinished game among the named saves (a new game is about to
    overwrite it); returns where it went, or None if there was none or it could not move."""
    path = autosave_path()
    if not path.is_file():
        return None
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
    target = saves_dir() / f"unfinished-{stamp}.json"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(path, target)
    except OSError:
        return None
    return target


def safe_name(name: str) -> str:
    """A file name from what a player typed: letters, digits, dash, underscore, dot."""
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "-", name.strip()).strip(".-")
    return cleaned[:60] or "safari"


def named_path(name: str) -> Path:
    """Where a named save goes; a name ending in .json or containing a slash is a path."""
    if "/" in name or os.sep in name or name.endswith(SAVE_SUFFIX):
        return Path(name).expanduser()
    return saves_dir() / f"{safe_name(name)}{SAVE_SUFFIX}"


def save_named(name: str, session: Session, computer_seats: frozenset[int]) -> Path:
    return write_save(named_path(name), session, computer_seats)


def _parse(path: Path) -> tuple[SaveFile | None, object]:
    """Read a file as a save, or as a bare game record; SaveError for anything else."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"There is no saved game at {path}.") from None
    except OSError as error:
        raise SaveError(f"{path} cannot be read: {error.strerror or error}.") from None
    except UnicodeDecodeError:
        raise SaveError(f"{path} is not a bigfive save (it is not text).") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(
            f"{path.name} is damaged: it is not valid JSON (line {error.lineno}). "
            "Was the file cut short?"
        ) from None
    if isinstance(data, dict) and data.get("format") == "bigfive-save":
        try:
            return SaveFile.model_validate(data), data
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "file"
            raise SaveError(f"{path.name} is damaged: {where}: {first['msg']}.") from None
    return None, data


def read_save(path: Path) -> LoadedGame:
    """Load and replay a save (or a bare game record); never raises anything but SaveError."""
    save, data = _parse(path)
    try:
        if save is not None:
            session = load_record(save.record.model_dump(), load_pieces(), path.name)
        else:
            session = load_record(data, load_pieces(), path.name)
    except RecordError as error:
        raise SaveError(f"{path.name} cannot be replayed: {error}") from None
    except Exception as error:  # a save must never crash the app
        raise SaveError(f"{path.name} cannot be loaded: {error}") from None
    seats = len(session.game.guides)
    computer = frozenset(s for s in (save.computer_seats if save else []) if 0 <= s < seats)
    saved_at = save.saved_at if save else ""
    return LoadedGame(session, computer, saved_at, path)


def describe(path: Path) -> SaveInfo:
    """Name, time and a one-line summary, read without replaying; damaged files say so."""
    try:
        save, data = _parse(path)
    except SaveError as error:
        return SaveInfo(path.stem, path, "", problem=str(error))
    if save is None:
        try:
            record = GameRecord.model_validate(data)
        except ValidationError:
            return SaveInfo(path.stem, path, "", problem="not a bigfive save")
        saved_at = ""
    else:
        record, saved_at = save.record, save.saved_at
    return SaveInfo(
        path.stem,
        path,
        saved_at.replace("T", " "),
        guides=tuple(name.capitalize() for name in record.setup.guides),
        difficulty=record.setup.difficulty,
        turn=1 + sum(1 for text in record.actions if text == "end"),  # turns close with "end"
    )


def list_saves() -> list[SaveInfo]:
    """Named saves, newest first."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    paths = sorted(folder.glob(f"*{SAVE_SUFFIX}"), key=lambda p: p.stat().st_mtime, reverse=True)
    return [describe(path) for path in paths]
