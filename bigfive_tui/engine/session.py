"""A game in progress: its state, its record of actions, the rule-step log, and fair undo.

Undo goes back within the current turn, but never past a moment that revealed something random
or hidden (a card, a roll, a turned token, a look at the deck) - the Board Game Arena rule - and
never out of a finished game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bigfive_tui.engine.actions import REVEALING_KINDS, Act, Action, IllegalAction, Step
from bigfive_tui.engine.apply_action import apply, apply_recorded
from bigfive_tui.engine.board import Board, assemble
from bigfive_tui.engine.boardspec import BoardFileError, Piece, parse_piece, resolve_placements
from bigfive_tui.engine.content import Difficulty, Guide, Species
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.notation import NotationError, format_action, parse_action
from bigfive_tui.engine.setup import new_game
from bigfive_tui.engine.state import Game, GameState

GuideName = Literal["jack", "david", "anna", "kate", "sam"]
DifficultyName = Literal["beginner", "normal", "expert"]
RemovableSpecies = Literal["lion", "leopard", "elephant", "rhino"]


class RecordError(ValueError):
    """A game record or save that cannot be loaded; nothing was half-loaded."""


class SetupRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    guides: list[GuideName] = Field(min_length=2, max_length=5)
    difficulty: DifficultyName = "beginner"
    removed_species: list[RemovableSpecies] = Field(default_factory=list, max_length=2)
    seed: int = Field(ge=0, lt=2**63)
    layout_name: str = "custom"
    board: list[str] = Field(min_length=9, max_length=9, description="'<piece> <side> [turned]'")
    pieces: list[dict[str, Any]] = Field(
        default_factory=list, description="inline pieces for a custom board"
    )
    start_spaces: list[str] | None = None


class GameRecord(BaseModel):
    """Setup, seed and actions: enough to replay a game exactly."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["bigfive-record"] = "bigfive-record"
    version: Literal[1] = 1
    setup: SetupRecord
    actions: list[str] = Field(default_factory=list)


def make_game(
    board: Board,
    guides: Sequence[Guide],
    difficulty: Difficulty = Difficulty.BEGINNER,
    removed_species: Sequence[Species] = (),
    seed: int = 0,
) -> Game:
    if len(set(guides)) != len(guides):
        raise IllegalAction("each guide can be chosen only once")
    if not 2 <= len(guides) <= 5:
        raise IllegalAction("a game needs 2 to 5 guides")
    if len(set(removed_species)) != len(removed_species):
        raise IllegalAction("the short game removes each species at most once")
    if Species.BUFFALO in removed_species or len(removed_species) > 2:
        raise IllegalAction("the short game removes one or two of lion, leopard, elephant, rhino")
    return Game(
        board=board,
        guides=tuple(guides),
        difficulty=difficulty,
        removed_species=tuple(removed_species),
        seed=seed,
    )


class Session:
    def __init__(self, game: Game, start_cells: Sequence[int] | None = None) -> None:
        self.game = game
        self.state, setup_log = new_game(game, start_cells)
        self.start_cells = tuple(self.state.vehicle)
        self.actions: list[Action] = []
        self.texts: list[str] = []  # the actions in notation, as written when played
        self.log: list[Step] = list(setup_log)
        self._undo_stack: list[tuple[GameState, int]] = []  # (state before, log length)
        self.recordable = True  # False for sessions built from a position, not a setup

    @classmethod
    def from_state(cls, state: GameState, log: Sequence[Step] = ()) -> Session:
        """A session starting from a built position (scenarios, tests). Its record replays
        only from a real setup, so such sessions are for play, not for saving."""
        session = cls.__new__(cls)
        session.game = state.game
        session.state = state
        session.start_cells = tuple(state.vehicle)
        session.actions = []
        session.texts = []
        session.log = list(log)
        session._undo_stack = []
        session.recordable = False
        return session

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.state)

    def describe(self, action: Action) -> str:
        return format_action(self.game, action, self.state.seat)

    def play(self, action: Action) -> list[Step]:
        """Apply a legal action; an illegal one raises IllegalAction and changes nothing."""
        before = self.state
        self.state, steps = apply(before, action)
        self._played(before, action, steps)
        return steps

    def play_recorded(self, action: Action) -> tuple[list[Step], list[GameState]]:
        """``play``, also returning the state after each step (debug mode steps through them)."""
        before = self.state
        self.state, steps, states = apply_recorded(before, action)
        self._played(before, action, steps)
        return steps, states

    def _played(self, before: GameState, action: Action, steps: list[Step]) -> None:
        """Record the action just applied and decide whether undo may go back past it."""
        self.texts.append(format_action(self.game, action, before.seat))
        self.actions.append(action)
        self.log.extend(steps)
        revealing = (
            action.kind in (Act.DRAW, Act.END)
            or self.state.over  # the end of the game is final
            or any(step.kind in REVEALING_KINDS for step in steps)
        )
        if revealing:
            self._undo_stack.clear()
        else:
            self._undo_stack.append((before, len(self.log) - len(steps)))

    def play_text(self, text: str) -> list[Step]:
        return self.play(parse_action(self.game, text, self.state.seat))

    def can_undo(self) -> bool:
        return bool(self._undo_stack)

    def undo(self) -> Action:
        if not self._undo_stack:
            raise IllegalAction(
                "Nothing to undo: undo stops at the start of the turn and at anything that "
                "revealed a card, a roll or a hidden token."
            )
        self.state, log_length = self._undo_stack.pop()
        del self.log[log_length:]
        self.texts.pop()
        return self.actions.pop()

    def record(self) -> GameRecord:
        if not self.recordable:
            raise RecordError("this game started from a built position and has no record")
        board = self.game.board
        return GameRecord(
            setup=SetupRecord(
                guides=[g.name.lower() for g in self.game.guides],
                difficulty=self.game.difficulty.name.lower(),
                removed_species=[s.name.lower() for s in self.game.removed_species],
                seed=self.game.seed,
                layout_name=board.layout_name,
                board=[placement.text() for placement in board.placements],
                start_spaces=[board.names[cell] for cell in self.start_cells],
            ),
            actions=list(self.texts),
        )


def board_from_setup(setup: SetupRecord, pieces: Mapping[str, Piece]) -> Board:
    available = dict(pieces)
    for index, data in enumerate(setup.pieces):
        piece = parse_piece(data, f"setup.pieces[{index}]")
        available[piece.name] = piece
    entries = [(f"setup.board[{i}]", text) for i, text in enumerate(setup.board)]
    placements, chosen = resolve_placements(entries, available, "setup.board")
    return assemble(placements, chosen, setup.layout_name)


def _setup_session(record: GameRecord, pieces: Mapping[str, Piece]) -> Session:
    """The session at the start of the recorded game; RecordError naming what is wrong."""
    setup = record.setup
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


@dataclass(frozen=True, slots=True)
class Replay:
    """A record replayed as far as its actions go: ``session`` after the actions that
    replayed; ``problem`` names the first one that did not (empty when all did)."""

    session: Session
    played: int
    problem: str = ""

    @property
    def complete(self) -> bool:
        return not self.problem


def replay_longest(record: GameRecord, pieces: Mapping[str, Piece]) -> Replay:
    """Replay the setup and then the actions until one no longer replays (a rules change, a
    hand edit): the game up to there is kept. A setup that does not work raises RecordError."""
    session = _setup_session(record, pieces)
    for index, text in enumerate(record.actions):
        try:
            session.play_text(text)
        except (NotationError, IllegalAction) as error:
            said = str(error)  # a notation error quotes the text itself
            quoted = said if said.startswith(repr(text)) else f"{text!r}: {said}"
            return Replay(session, index, f"actions[{index}] {quoted}")
    return Replay(session, len(record.actions))


def replay(record: GameRecord, pieces: Mapping[str, Piece]) -> Session:
    """Rebuild a session from a record; any problem raises RecordError naming where."""
    replayed = replay_longest(record, pieces)
    if replayed.problem:
        raise RecordError(replayed.problem)
    return replayed.session


def load_record(data: Any, pieces: Mapping[str, Piece], source: str = "record") -> Session:
    """Validate JSON-like data as a GameRecord and replay it."""
    try:
        record = GameRecord.model_validate(data)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in item['loc']) or 'file'}: {item['msg']}"
            for item in error.errors()
        )
        raise RecordError(f"{source}: {problems}") from None
    try:
        return replay(record, pieces)
    except RecordError as error:
        raise RecordError(f"{source}: {error}") from None
