"""A Photo Safari game in progress: its state, its record of moves, the rule-step log and undo.

Undo (PU-undo) takes back a person's last move as long as the other player has not moved since:
in hot-seat play the mover may change their mind before handing over; against the computer the
computer's reply is taken back with it. The game has no hidden information, but a move the
other player has answered stays played, and a finished game stays finished.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from bigfive_tui.photo_safari.engine.layout import SetupFileError, layout_data, parse_layout
from bigfive_tui.photo_safari.engine.notation import NotationError, format_move, parse_move
from bigfive_tui.photo_safari.engine.record import LayoutFile, PhotoRecord
from bigfive_tui.photo_safari.engine.rules import apply, apply_recorded, legal_actions, new_game
from bigfive_tui.photo_safari.engine.state import Game, IllegalMove, Log, PhotoState, Step
from bigfive_tui.shared.problems import validation_problems


class RecordError(ValueError):
    """A record or save that cannot be loaded; nothing was half-loaded."""


class PhotoSession:
    def __init__(self, game: Game, computer_seats: Collection[int] = ()) -> None:
        self.game = game
        self.state, setup_log = new_game(game)
        self.computer_seats = frozenset(computer_seats)
        self.moves: list[int] = []
        self.texts: list[str] = []  # the moves in notation, as written when played
        self.log: Log = list(setup_log)
        #: (state before, log length) of the moves an undo would take back, oldest first.
        self._undo_stack: list[tuple[PhotoState, int]] = []
        self.recordable = True  # False for sessions built from a position, not a set-up

    @classmethod
    def from_state(cls, state: PhotoState, log: Collection[Step] = ()) -> PhotoSession:
        """A session starting from a built position (scenarios, tests); it has no record."""
        session = cls.__new__(cls)
        session.game = state.game
        session.state = state
        session.computer_seats = frozenset()
        session.moves = []
        session.texts = []
        session.log = list(log)
        session._undo_stack = []
        session.recordable = False
        return session

    def legal_actions(self) -> list[int]:
        return legal_actions(self.state)

    def describe(self, square: int) -> str:
        return format_move(self.state, square)

    def play(self, square: int) -> list[Step]:
        """Play a legal move; an illegal one raises IllegalMove and changes nothing."""
        before = self.state
        self.state, steps = apply(before, square)
        self._played(before, square, steps)
        return steps

    def play_recorded(self, square: int) -> tuple[list[Step], list[PhotoState]]:
        """``play``, also returning the state after each step (debug mode)."""
        before = self.state
        self.state, steps, states = apply_recorded(before, square)
        self._played(before, square, steps)
        return steps, states

    def play_text(self, text: str) -> list[Step]:
        return self.play(parse_move(self.state, text))

    def _played(self, before: PhotoState, square: int, steps: list[Step]) -> None:
        self.texts.append(format_move(before, square))
        self.moves.append(square)
        self.log.extend(steps)
        entry = (before, len(self.log) - len(steps))
        if self.state.over:
            self._undo_stack.clear()  # the end of the game is final
        elif before.seat not in self.computer_seats:
            self._undo_stack = [entry]  # a person's move: the others are answered now
        elif self._undo_stack:
            self._undo_stack.append(entry)  # the computer's reply goes back with it

    def can_undo(self) -> bool:
        return bool(self._undo_stack)

    def undo(self) -> list[str]:
        """Take back the last person's move (and the computer's replies to it); returns the
        moves taken back in notation, oldest first."""
        if not self._undo_stack:
            raise IllegalMove(
                "Nothing to undo: a move can be taken back only until the other player has "
                "moved, and never out of a finished game."
            )
        count = len(self._undo_stack)
        self.state, log_length = self._undo_stack[0]
        self._undo_stack.clear()
        del self.log[log_length:]
        taken = self.texts[-count:]
        del self.texts[-count:]
        del self.moves[-count:]
        return taken

    def record(self) -> PhotoRecord:
        if not self.recordable:
            raise RecordError("this game started from a built position and has no record")
        return PhotoRecord(
            seed=self.game.seed,
            setup=LayoutFile.model_validate(layout_data(self.game.layout)),
            moves=list(self.texts),
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
