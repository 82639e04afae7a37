"""Tables kept on disk, so that a host that restarts (or was killed) opens them again and
lets everybody back in with the secrets they have.

Each table is one file, ``CODE.json`` in the host's tables folder: the table's code and
secret, its seats with their secrets, and the game's record (the save format's, replayed on
opening). Files are written whole or not at all (:mod:`bigfive_tui.files.writing`), only
over a regular file, and read only from regular files of a bounded size (never through a
symbolic link, which the writes would not follow); a file that cannot be read is named and
left as it is.
"""

# No ``from __future__ import annotations``: pydantic reads the annotations.

import copy
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bigfive_tui.files.reading import LoadError, read_json
from bigfive_tui.files.writing import write_atomically
from bigfive_tui.formats.record import GameRecord
from bigfive_tui.formats.replay import record_of, replay
from bigfive_tui.online.protocol import Secret
from bigfive_tui.online.table import Seat, Table
from bigfive_tui.online.view import PlayerKind
from bigfive_tui.shared.problems import RecordError, validation_problems

FOLDER_NAME = "tables"


class SeatRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    player: PlayerKind
    secret: Secret
    name: str = Field(default="", max_length=40)
    claimed: bool = False
    handed_over: bool = False


class TableRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["bigfive-table"] = "bigfive-table"
    version: Literal[1] = 1
    code: Secret
    secret: Secret
    seats: list[SeatRecord] = Field(min_length=2, max_length=5)
    game: GameRecord


def tables_folder(data: Path) -> Path:
    """Where a host with the data folder ``data`` keeps its tables."""
    return data / "online" / FOLDER_NAME


def table_path(folder: Path, code: str) -> Path:
    return folder / f"{code}.json"


def table_snapshot(table: Table) -> Callable[[], str]:
    """What the table's file will hold, taken now (a few list copies, on the host's loop) and
    turned into text later (in the writer's thread, while the game goes on)."""
    session = copy.copy(table.session)
    session.entries = list(session.entries)
    session.texts = list(session.texts)
    session.branches = list(session.branches)
    seats = [
        SeatRecord(
            player=seat.player,
            secret=seat.secret,
            name=seat.name,
            claimed=seat.claimed,
            handed_over=seat.handed_over,
        )
        for seat in table.seats
    ]
    code, secret = table.code, table.secret

    def text() -> str:
        record = TableRecord(code=code, secret=secret, seats=seats, game=record_of(session))
        return record.model_dump_json()

    return text


def write_table(path: Path, text: str) -> None:
    """Write a table's file; OSError when the place holds anything but a regular file."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        raise OSError(f"{path} is not a regular file; the table is not kept there")
    write_atomically(path, text)


def read_table(path: Path) -> Table:
    """The table kept in ``path``; LoadError naming the file and what is wrong."""
    from bigfive_tui.assets import load_pieces

    if path.is_symlink():  # its writes would not follow it: every move would be lost
        raise LoadError(
            path, "is a symbolic link; a host keeps its tables only in regular files of its folder"
        )
    data = read_json(path)
    try:
        record = TableRecord.model_validate(data)
    except ValidationError as error:
        raise LoadError(path, validation_problems(error), in_content=True) from None
    if path.stem != record.code:
        raise LoadError(path, f"holds table {record.code}, not {path.stem}", in_content=True)
    try:
        session = replay(record.game, load_pieces())
    except RecordError as error:
        raise LoadError(path, str(error), in_content=True) from None
    if len(record.seats) != len(session.game.guides):
        raise LoadError(
            path,
            f"{len(record.seats)} seats for {len(session.game.guides)} guides",
            in_content=True,
        )
    table = Table(
        session, [seat.player for seat in record.seats], code=record.code, secret=record.secret
    )
    table.seats = [
        Seat(
            seat.player,
            secret=seat.secret,
            name=seat.name,
            claimed=seat.claimed,
            handed_over=seat.handed_over,
        )
        for seat in record.seats
    ]
    return table


def read_tables(folder: Path) -> tuple[list[Table], list[str]]:
    """Every table kept in ``folder`` whose game is not over, and the problems of the files
    that could not be read (each left as it is)."""
    tables: list[Table] = []
    problems: list[str] = []
    if not folder.is_dir():
        return tables, problems
    for path in sorted(folder.glob("*.json")):
        try:
            table = read_table(path)
        except LoadError as error:
            problems.append(str(error))
            continue
        if not table.session.state.over:
            tables.append(table)
    return tables, problems
