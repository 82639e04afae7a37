"""The whole game as a timeline: every rule step of the setup and of every action (and rig), in
order, as *moments*; the game as it was at each; and the ways to move along it - step by step,
action by action, turn by turn, to either end.

Moment ``i`` is the game right after log step ``i`` (a game that began from a position without
a setup log has one moment before its first step: the position itself). The states come from
the session's snapshots, so any moment is a few replays away however long the game.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import OrderedDict
from typing import NamedTuple

from bigfive_tui.engine.actions import Step
from bigfive_tui.engine.session import POSITION_RULE, Session
from bigfive_tui.engine.state import GameState

#: Entries whose step states are kept: stepping back and forth inside a few actions replays
#: nothing.
_KEPT_ENTRIES = 16


def opens_turn(step: Step) -> bool:
    """The step that hands the game to the next guide ("Turn 7: Kate."): the last step of the
    action that ended the turn before (or of the setup), and the moment the new turn begins."""
    return step.kind == "turn" and step.rule == "R-turn-order"


class Place(NamedTuple):
    """Where a moment lies: ``entry`` is -1 in the setup (or at the position the game began
    from); ``step`` counts within the entry (or the setup), ``steps`` is how many it has."""

    entry: int
    step: int
    steps: int


class Timeline:
    """A view of a session's whole game; it does not change the session. Built again when the
    game goes on (it reads the session's entries and log as they are when built)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.log: list[Step] = list(session.log)
        #: 1 when the game began from a position with no setup steps: moment 0 is that position.
        self.offset = 0 if session.setup_steps else 1
        #: The game began from a position, not a setup: moment 0 is that position, named by the
        #: log's first line (D-position) or, without one, a moment before the log.
        self.from_position = bool(self.offset) or self.log[0].rule == POSITION_RULE
        self.starts = [entry.log_start for entry in session.entries]
        self._setup: list[GameState] | None = None
        self._kept: OrderedDict[int, list[GameState]] = OrderedDict()
        self.turn_starts = self._turn_starts()

    def __len__(self) -> int:
        return len(self.log) + self.offset

    @property
    def last(self) -> int:
        return len(self) - 1

    def _turn_starts(self) -> list[int]:
        """Moments where a turn begins (its "Turn n: guide." step; the game's first moment
        when it began from a position in the middle of a turn)."""
        starts = [index + self.offset for index, step in enumerate(self.log) if opens_turn(step)]
        if not starts or (starts[0] != 0 and self.from_position):
            starts.insert(0, 0)
        return starts

    # ------------------------------------------------------------------ what is at a moment

    def step(self, moment: int) -> Step | None:
        """The rule step of ``moment`` (None for a position the game began from)."""
        index = moment - self.offset
        return self.log[index] if index >= 0 else None

    def at_start(self, moment: int) -> bool:
        """Whether ``moment`` is the position a game that began from one began from."""
        return self.from_position and self.place(moment).entry < 0

    def log_until(self, moment: int) -> list[Step]:
        """The log as it was at ``moment``."""
        return self.log[: moment - self.offset + 1]

    def place(self, moment: int) -> Place:
        index = moment - self.offset
        if index < 0:
            return Place(-1, 0, 1)
        entry = bisect_right(self.starts, index) - 1
        if entry < 0:
            return Place(-1, index, self.session.setup_steps)
        first = self.starts[entry]
        end = self.starts[entry + 1] if entry + 1 < len(self.starts) else len(self.log)
        return Place(entry, index - first, end - first)

    def moment_of_log(self, index: int) -> int:
        """The moment of log step ``index``."""
        return index + self.offset

    def entry_start(self, entry: int) -> int:
        """The first moment of entry ``entry`` (-1: the setup)."""
        return 0 if entry < 0 else self.starts[entry] + self.offset

    def state(self, moment: int) -> GameState:
        """The game right after the step of ``moment``."""
        entry, step, _ = self.place(moment)
        if entry < 0:
            if moment < self.offset:
                return self.session.start
            if self._setup is None:
                self._setup = self.session.setup_states()
            return self._setup[step]
        states = self._kept.get(entry)
        if states is None:
            states = self.session.steps_of(entry)[1]
            self._kept[entry] = states
            if len(self._kept) > _KEPT_ENTRIES:
                self._kept.popitem(last=False)
        else:
            self._kept.move_to_end(entry)
        return states[step]

    def round_starts(self) -> list[int]:
        """Moments where a round begins (the first seat's turn)."""
        first = self.session.start.turn
        seats = len(self.session.game.guides)
        return [
            moment
            for number, moment in enumerate(self.turn_starts, first)
            if (number - 1) % seats == 0
        ]

    def turn_of(self, moment: int) -> int:
        """The index in ``turn_starts`` of the turn ``moment`` lies in."""
        return max(0, bisect_right(self.turn_starts, moment) - 1)

    # ------------------------------------------------------------------ moving along it

    def clamp(self, moment: int) -> int:
        return min(max(moment, 0), self.last)

    def next_action(self, moment: int) -> int:
        """The first step of the next entry (the end of the game after the last one)."""
        entry = self.place(moment).entry
        return self.entry_start(entry + 1) if entry + 1 < len(self.starts) else self.last

    def previous_action(self, moment: int) -> int:
        """The first step of this entry, or of the one before when already there."""
        entry = self.place(moment).entry
        start = self.entry_start(entry)
        if moment > start or entry < 0:
            return start
        return self.entry_start(entry - 1)

    def next_turn(self, moment: int) -> int:
        later = [start for start in self.turn_starts if start > moment]
        return later[0] if later else self.last

    def previous_turn(self, moment: int) -> int:
        earlier = [start for start in self.turn_starts if start < moment]
        return earlier[-1] if earlier else 0

    def continue_after(self, moment: int) -> int:
        """How many entries the game keeps when it goes on from ``moment``: the whole entry
        whose step it is (an action resolves whole), none in the setup."""
        entry = self.place(moment).entry
        return entry + 1

    def search(self, text: str) -> list[int]:
        """Log steps whose rule id starts with ``text`` or whose text names it (any case): a
        rule id (``R-fire``), any word, or a guide (``Kate``), which also finds every step of
        that guide's actions and rigs (the card Kate drew, the fire it rolled)."""
        wanted = text.strip().lower()
        if not wanted:
            return list(range(len(self.log)))
        titles = [guide.title.lower() for guide in self.session.game.guides]
        seat = titles.index(wanted) if wanted in titles else None
        entries = self.session.entries
        found = []
        for index, step in enumerate(self.log):
            if step.rule.lower().startswith(wanted) or wanted in step.text.lower():
                found.append(index)
            elif seat is not None:
                entry = bisect_right(self.starts, index) - 1
                if entry >= 0 and entries[entry].seat == seat:
                    found.append(index)
        return found
