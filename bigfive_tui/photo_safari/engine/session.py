"""A Photo Safari game in progress: its state, its record of moves, the rule-step log and undo.

Undo (PU-undo) takes back a person's last move as long as the other player has not moved since:
in hot-seat play the mover may change their mind before handing over; against the computer the
computer's reply is taken back with it. The game has no hidden information, but a move the
other player has answered stays played, and a finished game stays finished.

A save's record of the game is made and read at the edge
(:mod:`bigfive_tui.photo_safari.formats.replay`).
"""

from __future__ import annotations

from collections.abc import Collection

from bigfive_tui.photo_safari.engine.notation import format_move, parse_move
from bigfive_tui.photo_safari.engine.rules import apply, apply_recorded, legal_actions, new_game
from bigfive_tui.photo_safari.engine.state import (
    SEAT_NAMES,
    SEATS,
    Game,
    IllegalMove,
    Log,
    PhotoState,
    Step,
)

#: The log step that carries a computer player's reason for the move after it (as the Big
#: Five's session has it).
REASON_RULE = "why"
REASON_KIND = "reason"


class PhotoSession:
    def __init__(self, game: Game, computer_seats: Collection[int] = ()) -> None:
        self.game = game
        self.state, setup_log = new_game(game)
        self.computer_seats = frozenset(computer_seats)
        self.moves: list[int] = []
        self.texts: list[str] = []  # the moves in notation, as written when played
        self.log: Log = list(setup_log)
        #: The state before the first move and after each move (the timeline, the end
        #: screen's photos over the rounds), and the log's length before each move.
        self.states: list[PhotoState] = [self.state]
        self.log_marks: list[int] = []
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
        session.states = [state]
        session.log_marks = []
        session._undo_stack = []
        session.recordable = False
        return session

    def legal_actions(self) -> list[int]:
        return legal_actions(self.state)

    def describe(self, square: int) -> str:
        return format_move(self.state, square)

    def play(self, square: int, reason: str = "") -> list[Step]:
        """Play a legal move; an illegal one raises IllegalMove and changes nothing.
        ``reason`` (a computer player's, in words) goes into the log just before the move's
        rule steps, as a step of kind "reason"."""
        before = self.state
        self.state, steps = apply(before, square)
        self._played(before, square, steps, reason)
        return steps

    def play_recorded(self, square: int, reason: str = "") -> tuple[list[Step], list[PhotoState]]:
        """``play``, also returning the state after each step (debug mode)."""
        before = self.state
        self.state, steps, states = apply_recorded(before, square)
        self._played(before, square, steps, reason)
        return steps, states

    def play_text(self, text: str) -> list[Step]:
        return self.play(parse_move(self.state, text))

    def _played(self, before: PhotoState, square: int, steps: list[Step], reason: str) -> None:
        self.texts.append(format_move(before, square))
        self.moves.append(square)
        entry = (before, len(self.log))  # the move's steps: its reason first, then its rules
        self.log_marks.append(len(self.log))
        self.states.append(self.state)
        if reason:
            self.log.append(Step(REASON_RULE, REASON_KIND, f"{SEAT_NAMES[before.seat]}: {reason}"))
        self.log.extend(steps)
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
        del self.states[-count:]
        del self.log_marks[-count:]
        return taken

    def truncate(self, keep: int) -> None:
        """Play on after the first ``keep`` moves (the timeline's play from here): the moves
        after them and their log go; nothing before them can be undone."""
        if not 0 <= keep <= len(self.moves):
            raise IllegalMove(f"There is no moment after {keep} moves in this game.")
        if keep == len(self.moves):
            return
        del self.log[self.log_marks[keep] :]
        del self.log_marks[keep:]
        del self.moves[keep:]
        del self.texts[keep:]
        del self.states[keep + 1 :]
        self.state = self.states[keep]
        self._undo_stack.clear()

    def rounds(self) -> list[tuple[int, int]]:
        """Each camera's photo count at the end of every round played (after the animals'
        move, or where the game ended), round 1 first."""
        counts = []
        for before, after in zip(self.states, self.states[1:], strict=False):
            if before.seat == SEATS - 1 or after.over:
                counts.append((after.photos[0].bit_count(), after.photos[1].bit_count()))
        return counts
