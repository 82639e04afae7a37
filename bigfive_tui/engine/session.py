"""A game in progress: its state, its record of actions and rigs, the rule-step log, fair undo,
and the whole game back to its start (the timeline).

Undo goes back within the current turn, but never past a moment that revealed something random
or hidden (a card, a roll, a turned token, a look at the deck) - the Board Game Arena rule - and
never out of a finished game. Going back further is the timeline's "play from here"
(``truncate``), which the record keeps as a branch.

The session keeps its inputs as plain data; a save's record of them is made and read at the
edge (:mod:`bigfive_tui.formats.replay`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Self

from bigfive_tui.engine.actions import REVEALING_KINDS, Act, Action, IllegalAction, Step
from bigfive_tui.engine.apply_action import apply, apply_recorded
from bigfive_tui.engine.board import Board
from bigfive_tui.engine.content import Difficulty, Guide, Species
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.notation import format_action, parse_action
from bigfive_tui.engine.rigging import Rig, RigKind, format_rig, parse_rig, rig
from bigfive_tui.engine.setup import new_game
from bigfive_tui.engine.state import Game, GameState

#: The log step that carries a computer player's reason for the action after it.
REASON_RULE = "why"
REASON_KIND = "reason"


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


class Entry(NamedTuple):
    """One input of the game in the order played: an action, or a rig made in debug mode."""

    move: Action | Rig
    text: str  # in the notation, as written when played
    seat: int  # the guide at the wheel before it
    turn: int  # the turn it belongs to (the turn counter before it)
    log_start: int  # where its steps begin in the session's log

    @property
    def is_rig(self) -> bool:
        return isinstance(self.move, Rig)


class Branch(NamedTuple):
    """A place where the game went back through the timeline, or had its position edited, and
    went on from there (``actions``: the actions kept from the line that was left)."""

    actions: int
    turn: int
    how: str  # "play from here" or "edited position"
    abandoned: str  # the named save that keeps the line that was left ("" if none)


#: The rule the first log line of a game that began from a written position cites (D-position):
#: such a position has no setup steps, so that line says where the game began, and its moment
#: on the timeline is the position itself.
POSITION_RULE = "D-position"

#: The session keeps the state after every this-many entries, so that any moment of the game
#: is at most this many replays away (the timeline jumps anywhere in a long game at once: 31
#: replays take about 0.3 ms). The record itself is the actions; a kept state costs about 3.4 KB,
#: which every 8 entries was a twentieth of a long game's memory growth.
SNAPSHOT_EVERY = 32


class Session:
    def __init__(self, game: Game, start_cells: Sequence[int] | None = None) -> None:
        self.game = game
        self.state, setup_log = new_game(game, start_cells)
        self.start_cells = tuple(self.state.vehicle)
        self._begin(list(setup_log))
        self.recordable = True  # False for sessions built from a position, not a setup
        self.start_position: Mapping[str, Any] | None = None

    def _begin(self, setup_log: list[Step]) -> None:
        self.actions: list[Action] = []
        self.texts: list[str] = []  # the actions in notation, as written when played
        self.entries: list[Entry] = []  # actions and rigs, in the order played
        self.branches: list[Branch] = []
        self.log: list[Step] = setup_log
        self.setup_steps = len(setup_log)
        self._snapshots: list[GameState] = [self.state]  # after 0, 32, 64 ... entries
        self._undo_stack: list[tuple[GameState, int]] = []  # (state before, log length)

    @classmethod
    def from_state(cls, state: GameState, log: Sequence[Step] = ()) -> Self:
        """A session starting from a built position (tests). Its record replays only from a
        real setup or a position in the scenario format, so such sessions are for play, not
        for saving."""
        session = cls.__new__(cls)
        session.game = state.game
        session.state = state
        session.start_cells = tuple(state.vehicle)
        session._begin(list(log))
        session.recordable = False
        session.start_position = None
        return session

    @classmethod
    def from_position(
        cls, state: GameState, position: Mapping[str, Any], log: Sequence[Step] = ()
    ) -> Self:
        """A session starting from ``state``, built from ``position`` (the scenario format):
        its record starts from that position, so it saves and replays like any game."""
        session = cls.from_state(state, log)
        session.recordable = True
        session.start_position = dict(position)
        return session

    def restart(self) -> Session:
        """The same game again from its start: the same board, guides, seed and start spaces
        (or the same position), so the same dice and cards as long as the same is played."""
        setup_log = self.log[: self.setup_steps]
        if self.start_position is not None:
            return Session.from_position(self.start, self.start_position, setup_log)
        if not self.recordable:
            return Session.from_state(self.start, setup_log)
        return Session(self.game, self.start_cells)

    @property
    def start(self) -> GameState:
        """The game before its first action (after the setup, or the position it began at)."""
        return self._snapshots[0]

    @property
    def rigged(self) -> list[Entry]:
        return [entry for entry in self.entries if entry.is_rig]

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.state)

    def describe(self, action: Action) -> str:
        return format_action(self.game, action, self.state.seat)

    def play(self, action: Action, reason: str = "") -> list[Step]:
        """Apply a legal action; an illegal one raises IllegalAction and changes nothing.
        ``reason`` (a computer player's, in words) goes into the log just before the action's
        rule steps, as a step of kind "reason"."""
        before = self.state
        self.state, steps = apply(before, action)
        self._played(before, action, steps, reason)
        return steps

    def play_recorded(self, action: Action, reason: str = "") -> tuple[list[Step], list[GameState]]:
        """``play``, also returning the state after each step (debug mode steps through them)."""
        before = self.state
        self.state, steps, states = apply_recorded(before, action)
        self._played(before, action, steps, reason)
        return steps, states

    def _played(self, before: GameState, action: Action, steps: list[Step], reason: str) -> None:
        """Record the action just applied and decide whether undo may go back past it."""
        text = format_action(self.game, action, before.seat)
        self.texts.append(text)
        self.actions.append(action)
        start = len(self.log)  # the entry's steps: its reason first, then its rule steps
        if reason:
            who = before.game.guides[before.seat].title
            self.log.append(Step(REASON_RULE, REASON_KIND, f"{who}: {reason}"))
        self._entered(Entry(action, text, before.seat, before.turn, start), steps)
        revealing = (
            action.kind in (Act.DRAW, Act.END)
            or self.state.over  # the end of the game is final
            or any(step.kind in REVEALING_KINDS for step in steps)
        )
        if revealing:
            self._undo_stack.clear()
        else:
            self._undo_stack.append((before, len(self.log) - len(steps) - bool(reason)))

    def _entered(self, entry: Entry, steps: list[Step]) -> None:
        self.entries.append(entry)
        self.log.extend(steps)
        if len(self.entries) % SNAPSHOT_EVERY == 0:
            self._snapshots.append(self.state)  # states are never changed once made

    def play_text(self, text: str) -> list[Step]:
        return self.play(parse_action(self.game, text, self.state.seat))

    def rig(self, chosen: Rig) -> list[Step]:
        """Rig the randomness (debug mode); recorded like an action. Seeing a face-down token
        reveals it, so undo then stops there as it does at a turned token."""
        before = self.state
        self.state, steps = rig(before, chosen)
        text = format_rig(before, chosen)
        self._entered(Entry(chosen, text, before.seat, before.turn, len(self.log)), steps)
        if chosen.kind == RigKind.TOKEN:
            self._undo_stack.clear()
        return steps

    def rig_text(self, text: str) -> list[Step]:
        return self.rig(parse_rig(self.state, text))

    def can_undo(self) -> bool:
        return bool(self._undo_stack)

    def undo(self) -> Action:
        """Take back the last action; rigs made after it go with it (they rigged the state
        that undo leaves)."""
        if not self._undo_stack:
            raise IllegalAction(
                "Nothing to undo: undo stops at the start of the turn and at anything that "
                "revealed a card, a roll or a hidden token."
            )
        self.state, log_length = self._undo_stack.pop()
        del self.log[log_length:]
        self.texts.pop()
        while self.entries[-1].is_rig:
            self.entries.pop()
        self.entries.pop()
        del self._snapshots[len(self.entries) // SNAPSHOT_EVERY + 1 :]
        return self.actions.pop()

    # ------------------------------------------------------------------ the whole game

    def state_after(self, entries: int) -> GameState:
        """The game after its first ``entries`` inputs (0: before the first action), from the
        nearest snapshot: at most SNAPSHOT_EVERY - 1 replays."""
        if not 0 <= entries <= len(self.entries):
            raise IndexError(f"the game has {len(self.entries)} entries, not {entries}")
        if entries == len(self.entries):
            return self.state
        first = entries // SNAPSHOT_EVERY
        state = self._snapshots[first]
        for entry in self.entries[first * SNAPSHOT_EVERY : entries]:
            state = replayed(state, entry.move)
        return state

    def steps_of(self, index: int) -> tuple[list[Step], list[GameState]]:
        """The rule steps of entry ``index`` and the game after each of them."""
        before = self.state_after(index)
        entry = self.entries[index]
        if isinstance(entry.move, Rig):
            after, steps = rig(before, entry.move)
            return steps, [after] * len(steps)
        _, steps, states = apply_recorded(before, entry.move)
        return steps, states

    def setup_states(self) -> list[GameState]:
        """The game after each setup step (the start position for all of them when the game
        began from a position, whose setup nobody saw)."""
        if self.start_position is not None or not self.recordable:
            return [self.start] * self.setup_steps
        states: list[GameState] = []
        new_game(self.game, self.start_cells, states=states)
        return states

    def truncate(self, entries: int, branch: Branch | None = None) -> None:
        """Go back to the game after its first ``entries`` inputs and go on from there (the
        timeline's "play from here"); ``branch`` says so in the record. Undo cannot go back
        past this point."""
        state = self.state_after(entries)
        kept = self.entries[:entries]
        log_end = self.entries[entries].log_start if entries < len(self.entries) else len(self.log)
        self.state = state
        del self.log[log_end:]
        actions = sum(1 for entry in kept if not entry.is_rig)
        del self.actions[actions:]
        del self.texts[actions:]
        self.entries = kept
        del self._snapshots[entries // SNAPSHOT_EVERY + 1 :]
        self._undo_stack.clear()
        if branch is not None:
            self.branches.append(branch)


def replayed(state: GameState, move: Action | Rig) -> GameState:
    """The state after ``move`` (an action or a rig), played on ``state``."""
    if isinstance(move, Rig):
        return rig(state, move)[0]
    return apply(state, move)[0]
