"""A Photo Safari game and its record, each turned into the other: the record of a session to
save, and a session rebuilt from a record that was read (replayed as far as it goes, or whole).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from bigfive_tui.photo_safari.engine.notation import NotationError
from bigfive_tui.photo_safari.engine.session import PhotoSession
from bigfive_tui.photo_safari.engine.state import Game, IllegalMove
from bigfive_tui.photo_safari.formats.record import LayoutFile, PhotoRecord
from bigfive_tui.photo_safari.formats.setup_file import SetupFileError, layout_data, parse_layout
from bigfive_tui.shared.problems import RecordError, validation_problems


def record_of(session: PhotoSession) -> PhotoRecord:
    """What a save keeps of ``session``: its set-up in full, its seed and its moves."""
    if not session.recordable:
        raise RecordError("this game started from a built position and has no record")
    return PhotoRecord(
        seed=session.game.seed,
        setup=LayoutFile.model_validate(layout_data(session.game.layout)),
        moves=list(session.texts),
    )


@dataclass(frozen=True, slots=True)
class Replay:
    """A record replayed as far as its moves go: ``session`` after the moves that replayed;
    ``problem`` names the first one that did not (empty when all did)."""

    session: PhotoSession
    played: int
    problem: str = ""


def replay_longest(record: PhotoRecord, computer_seats: Collection[int] = ()) -> Replay:
    """Replay the set-up and then the moves until one no longer replays (a rules change, a hand
    edit): the game up to there is kept. A set-up that does not work raises RecordError."""
    try:
        layout = parse_layout(record.setup.model_dump(), "setup")
    except SetupFileError as error:
        raise RecordError(str(error)) from None
    session = PhotoSession(Game(layout, record.seed), computer_seats)
    for index, text in enumerate(record.moves):
        if session.state.over:
            return Replay(session, index, f"moves[{index}] {text!r}: the game was already over")
        try:
            session.play_text(text)
        except (NotationError, IllegalMove) as error:
            return Replay(session, index, f"moves[{index}] {text!r}: {error}")
    return Replay(session, len(record.moves))


def replay(record: PhotoRecord, computer_seats: Collection[int] = ()) -> PhotoSession:
    """Rebuild a session from a record; any problem raises RecordError naming where."""
    replayed = replay_longest(record, computer_seats)
    if replayed.problem:
        raise RecordError(replayed.problem)
    return replayed.session


def load_record(
    data: Any, source: str = "record", computer_seats: Collection[int] = ()
) -> PhotoSession:
    """Validate JSON-like data as a PhotoRecord and replay it."""
    try:
        record = PhotoRecord.model_validate(data)
    except ValidationError as error:
        problems = validation_problems(error)
        raise RecordError(f"{source}: {problems}") from None
    try:
        return replay(record, computer_seats)
    except RecordError as error:
        raise RecordError(f"{source}: {error}") from None
