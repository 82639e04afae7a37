"""The whole game on a client's timeline, with only what a guide may see.

A client has the log and the moves, but not the states between them: the host's engine made
those from the seed and the hidden part, which a client never gets. So the host sends, when a
client asks, the public view of the game at each moment (each rule step) of the game so far,
built by :func:`bigfive_tui.online.view.public_state`, the live view's stripping: no seed, no
deck order, no face-down token. A page holds :data:`PAGE` moments (a long game's timeline is
several pages); the first page also says how many moments there are and the outline of the
entries (each action's text, seat, turn and first step: all in the log already).

The client rebuilds each moment's state as it rebuilds the live one
(:func:`bigfive_tui.online.view.state_from_view`), so the hot-seat timeline screen shows it
unchanged. Going back to play on from a moment is the host's, not a client's: a client's
timeline only looks.
"""

# No ``from __future__ import annotations``: pydantic reads the annotations.

from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bigfive_tui.engine.actions import END, Step
from bigfive_tui.engine.rigging import Rig, RigKind
from bigfive_tui.engine.session import Entry, Session
from bigfive_tui.engine.state import Game, GameState
from bigfive_tui.engine.timeline import Timeline
from bigfive_tui.online.limits import KEPT_LIMIT
from bigfive_tui.online.view import (
    PublicState,
    StepView,
    ViewError,
    check_steps,
    public_state,
    state_from_view,
    step_views,
    steps_of,
)

#: Moments a page holds: about 1 KB each, so a page is some 64 KB.
PAGE = 64
#: Rebuilt states a client's timeline keeps (stepping to and fro replays nothing).
_KEPT = 64


class EntryView(BaseModel):
    """An action of the game as the log tells it: its notation, who played it, in which turn,
    where its steps begin; ``rig``: a debug mode rig (whose details are not sent)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    text: str
    seat: int = Field(ge=0, le=4)
    turn: int = Field(ge=0)
    log_start: int = Field(ge=0)
    rig: bool = False


class TimelinePage(BaseModel):
    """Moments ``first`` to ``first + len(states) - 1`` of the game as the table sees it.
    ``total``: the moments of the game when the page was made; ``line`` counts the times the
    game was taken back (undo): pages of one timeline must share it. ``entries`` and
    ``setup_steps`` come with the first page only (``first`` 0)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: Literal["timeline"] = "timeline"
    first: int = Field(ge=0)
    total: int = Field(ge=1)
    line: int = Field(ge=0)
    setup_steps: int = Field(default=0, ge=0)
    entries: list[EntryView] = []
    steps: list[StepView | None]
    states: list[PublicState]


def timeline_page(
    timeline: Timeline, first: int, line: int, *, state: Callable[[int], GameState] | None = None
) -> TimelinePage:
    """The page of ``timeline`` from moment ``first`` (empty past its end); ``state`` gives a
    moment's state (the timeline's own by default: tests pass another to hold that the page
    depends on nothing hidden)."""
    state_at = state or timeline.state
    moments = range(first, min(first + PAGE, len(timeline)))
    session = timeline.session
    entries = []
    if first == 0:
        entries = [
            EntryView(
                text=entry.text,
                seat=entry.seat,
                turn=entry.turn,
                log_start=entry.log_start,
                rig=entry.is_rig,
            )
            for entry in session.entries
        ]
    return TimelinePage(
        first=first,
        total=len(timeline),
        line=line,
        setup_steps=session.setup_steps if first == 0 else 0,
        entries=entries,
        steps=[_step_view(timeline.step(moment)) for moment in moments],
        states=[public_state(state_at(moment)) for moment in moments],
    )


def _step_view(step: Step | None) -> StepView | None:
    return None if step is None else step_views([step])[0]


class TimelineError(ValueError):
    """Pages that do not make one timeline (the game was taken back meanwhile, or a host sent
    nonsense): the message says what."""


class PublicTimeline(Timeline):
    """A timeline made of the host's pages: the log and places as the host's, each moment's
    state rebuilt from its public view."""

    def __init__(self, game: Game, pages: Sequence[TimelinePage]) -> None:
        if not pages or pages[0].first != 0:
            raise TimelineError("the timeline's first page is missing")
        head = pages[0]
        total, line = head.total, head.line
        if total > KEPT_LIMIT:
            raise TimelineError(f"the host's timeline is longer than any game ({total} moments)")
        self.views: list[PublicState] = []
        steps: list[StepView | None] = []
        for page in pages:
            if page.line != line or page.first != len(self.views) or page.total < total:
                raise TimelineError("the game was taken back while its timeline was fetched")
            self.views += page.states
            steps += page.steps
            if len(page.states) != len(page.steps):
                raise TimelineError("a page of the timeline has steps and states apart")
        del self.views[total:], steps[total:]
        if len(self.views) != total:
            raise TimelineError(f"the timeline has {len(self.views)} of {total} moments")
        offset = 1 if steps[0] is None else 0
        if any(step is None for step in steps[offset:]) or offset != (head.setup_steps == 0):
            raise TimelineError("the timeline's steps do not follow its setup")
        try:
            check_steps(steps)
        except ViewError as problem:
            raise TimelineError(str(problem)) from None
        log = steps_of([step for step in steps if step is not None])
        self.game = game
        self._states: OrderedDict[int, GameState] = OrderedDict()
        session = Session.from_state(self._rebuilt(0), log)
        session.setup_steps = head.setup_steps
        session.entries = [
            # The client's timeline never plays an entry: only its text, seat, turn and
            # place are read, so the move itself stands in (a rig's details are secret).
            Entry(Rig(RigKind.ROLL) if e.rig else END, e.text, e.seat, e.turn, e.log_start)
            for e in head.entries
        ]
        if any(not 0 <= e.log_start < len(log) for e in head.entries):
            raise TimelineError("an entry of the timeline begins outside its log")
        if any(e.seat >= len(game.guides) for e in head.entries):
            raise TimelineError("an entry of the timeline is played by a guide not at the table")
        for moment in range(total):  # every view checked now, not while drawing it
            session.state = self._rebuilt(moment)
        super().__init__(session)

    def _rebuilt(self, moment: int) -> GameState:
        state = self._states.get(moment)
        if state is None:
            try:
                state = state_from_view(self.game, self.views[moment])
            except ViewError as problem:
                raise TimelineError(str(problem)) from None
            self._states[moment] = state
            if len(self._states) > _KEPT:
                self._states.popitem(last=False)
        else:
            self._states.move_to_end(moment)
        return state

    def state(self, moment: int) -> GameState:
        return self._rebuilt(self.clamp(moment))
