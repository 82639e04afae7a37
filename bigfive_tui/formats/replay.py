"""A Big Five game and its record, each turned into the other: the record of a session to save,
and a session rebuilt from a record that was read (replayed as far as it goes, or whole).

The engine's session keeps its inputs as plain data (entries, branches, the game it began
with); this is the one place that knows the record's shape and words its problems.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from pydantic import ValidationError

from bigfive_tui.engine.actions import IllegalAction, Step
from bigfive_tui.engine.board import Board, assemble
from bigfive_tui.engine.content import Difficulty, Guide, Species
from bigfive_tui.engine.notation import NotationError
from bigfive_tui.engine.pieces import BoardFileError, Piece
from bigfive_tui.engine.rigging import RigError
from bigfive_tui.engine.session import Branch, Session, make_game
from bigfive_tui.engine.state import GameState
from bigfive_tui.formats.placements import resolve_placements
from bigfive_tui.formats.record import (
    BranchRecord,
    GameRecord,
    RigRecord,
    SetupRecord,
)
from bigfive_tui.shared.problems import RecordError, validation_problems


def record_of(session: Session) -> GameRecord:
    """What a save keeps of ``session``: its setup (or the position it began at), its actions
    and rigs in the notation, and its branches."""
    if not session.recordable:
        raise RecordError("this game started from a built position and has no record")
    game = session.game
    board = game.board
    rigs: list[RigRecord] = []
    actions = 0
    for entry in session.entries:
        if entry.is_rig:
            rigs.append(RigRecord(before=actions, rig=entry.text))
        else:
            actions += 1
    position = session.start_position
    return GameRecord(
        setup=SetupRecord(
            guides=[g.name.lower() for g in game.guides],
            difficulty=game.difficulty.name.lower(),
            removed_species=[s.name.lower() for s in game.removed_species],
            # A game that began from a position has its seed in the position.
            seed=game.seed if position is None else 0,
            layout_name=board.layout_name,
            board=[placement.text() for placement in board.placements],
            start_spaces=[board.names[cell] for cell in session.start_cells],
        ),
        position=None if position is None else dict(position),
        actions=list(session.texts),
        rigs=rigs,
        branches=[BranchRecord(**branch._asdict()) for branch in session.branches],
    )


def board_from_setup(setup: SetupRecord, pieces: Mapping[str, Piece]) -> Board:
    available = dict(pieces)
    if setup.pieces:  # a custom board's own pieces, checked in full as a piece file's are
        from bigfive_tui.formats.board_files import parse_piece

        for index, data in enumerate(setup.pieces):
            piece = parse_piece(data, f"setup.pieces[{index}]")
            available[piece.name] = piece
    entries = [(f"setup.board[{i}]", text) for i, text in enumerate(setup.board)]
    placements, chosen = resolve_placements(entries, available, "setup.board")
    return assemble(placements, chosen, setup.layout_name)


#: Builds the first state of a game that began from a position (the scenario format), with the
#: log of its setup; it raises ValueError naming what is wrong. The scenario format lives above
#: this one, so whoever loads a record passes this in.
PositionBuilder = Callable[[Mapping[str, Any]], tuple[GameState, list[Step]]]


def _start_session(
    record: GameRecord, pieces: Mapping[str, Piece], build_position: PositionBuilder | None
) -> Session:
    """The session at the start of the recorded game; RecordError naming what is wrong."""
    if record.position is None:
        return _setup_session(record.setup, pieces)
    if build_position is None:
        raise RecordError("position: this game began from a position that cannot be read here")
    try:
        state, log = build_position(record.position)
    except ValueError as error:
        raise RecordError(f"position: {error}") from None
    return Session.from_position(state, record.position, log)


def _setup_session(setup: SetupRecord, pieces: Mapping[str, Piece]) -> Session:
    try:
        board = board_from_setup(setup, pieces)
    except BoardFileError as error:
        raise RecordError(f"board: {error}") from None
    try:
        game = make_game(
            board,
            [Guide[name.upper()] for name in setup.guides],
            Difficulty[setup.difficulty.upper()],
            [Species[name.upper()] for name in setup.removed_species],
            setup.seed,
        )
        starts = None
        if setup.start_spaces is not None:
            starts = []
            for name in setup.start_spaces:
                cell = board.find(name)
                if cell is None:
                    raise RecordError(f"setup.start_spaces: no space called {name!r}")
                starts.append(cell)
        return Session(game, starts)
    except IllegalAction as error:
        raise RecordError(f"setup: {error}") from None


class Replay(NamedTuple):
    """A record replayed as far as its actions go: ``session`` after the actions that
    replayed; ``problem`` names the first one that did not (empty when all did)."""

    session: Session
    played: int
    problem: str = ""

    @property
    def complete(self) -> bool:
        return not self.problem


def replay_longest(
    record: GameRecord,
    pieces: Mapping[str, Piece],
    build_position: PositionBuilder | None = None,
) -> Replay:
    """Replay the setup (or the position) and then the actions, with the rigs made between
    them, until one no longer replays (a rules change, a hand edit): the game up to there is
    kept. A setup that does not work raises RecordError."""
    session = _start_session(record, pieces, build_position)
    session.branches = [Branch(**branch.model_dump()) for branch in record.branches]
    rigs = sorted(record.rigs, key=lambda rig: rig.before)  # stable: their own order kept
    waiting = 0
    for index in range(len(record.actions) + 1):
        while waiting < len(rigs) and rigs[waiting].before == index:
            text = rigs[waiting].rig
            try:
                session.rig_text(text)
            except (RigError, IllegalAction) as error:
                return Replay(session, index, f"rigs: {text!r} before action {index}: {error}")
            waiting += 1
        if index == len(record.actions):
            break
        text = record.actions[index]
        try:
            session.play_text(text)
        except (NotationError, IllegalAction) as error:
            said = str(error)  # a notation error quotes the text itself
            quoted = said if said.startswith(repr(text)) else f"{text!r}: {said}"
            return Replay(session, index, f"actions[{index}] {quoted}")
    if waiting < len(rigs):
        return Replay(
            session,
            len(record.actions),
            f"rigs: a rig after action {rigs[-1].before}, but the game has "
            f"{len(record.actions)} actions",
        )
    return Replay(session, len(record.actions))


def replay(
    record: GameRecord,
    pieces: Mapping[str, Piece],
    build_position: PositionBuilder | None = None,
) -> Session:
    """Rebuild a session from a record; any problem raises RecordError naming where."""
    replayed = replay_longest(record, pieces, build_position)
    if replayed.problem:
        raise RecordError(replayed.problem)
    return replayed.session


def load_record(
    data: Any,
    pieces: Mapping[str, Piece],
    source: str = "record",
    build_position: PositionBuilder | None = None,
) -> Session:
    """Validate JSON-like data as a GameRecord and replay it."""
    try:
        record = GameRecord.model_validate(data)
    except ValidationError as error:
        problems = validation_problems(error)
        raise RecordError(f"{source}: {problems}") from None
    try:
        return replay(record, pieces, build_position)
    except RecordError as error:
        raise RecordError(f"{source}: {error}") from None
