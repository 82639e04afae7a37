"""A table: one game, decided by the host's engine alone, and the seats around it.

Each seat is a guide, played by a person (at the host's keyboard or elsewhere) or by a
computer teammate. A person's seat has a secret, made with :mod:`secrets` when the table is
set, handed to whoever claims the seat first and needed to come back to it; the table has a
secret of its own that every client needs to sit down or watch. A seat whose person has been
away longer than :data:`EMPTY_TOO_LONG` can be handed to a computer teammate by the others;
its person takes it back by coming back with the seat's secret.

Every request is checked here, against the engine: a refusal is a :class:`TableRefusal` with
its reason in words, and changes nothing.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bigfive_tui.engine.actions import Action, IllegalAction
from bigfive_tui.engine.notation import NotationError
from bigfive_tui.engine.session import Session
from bigfive_tui.engine.timeline import Timeline
from bigfive_tui.online.timeline import TimelinePage, timeline_page
from bigfive_tui.online.view import (
    PlayerKind,
    SeatView,
    TableView,
    public_state,
    setup_view,
    step_views,
)

#: Seconds a person's seat must stay empty before the others may hand it to the computer.
EMPTY_TOO_LONG = 60.0


class TableRefusal(Exception):
    """A request the table did not take; the message says why, to the person who sent it."""


def new_secret() -> str:
    return secrets.token_urlsafe(16)


def new_code() -> str:
    """A table's code: short enough to read out, long enough not to be guessed (the table's
    secret is what keeps strangers out)."""
    return secrets.token_urlsafe(6)


@dataclass
class Seat:
    player: PlayerKind
    secret: str = field(default_factory=new_secret)
    name: str = ""
    claimed: bool = False  # its secret has been handed to somebody
    present: int = 0  # live connections sitting here
    away_since: float = field(default_factory=time.monotonic)
    #: A person's seat that the others handed to the computer while its person was away.
    handed_over: bool = False

    @property
    def computer(self) -> bool:
        return self.player == "computer" or self.handed_over


class Table:
    """One game and its seats. ``changed`` is called after every change (the host sends the
    new view to everybody and keeps the table on disk)."""

    def __init__(
        self,
        session: Session,
        players: Sequence[PlayerKind],
        *,
        code: str | None = None,
        secret: str | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if len(players) != len(session.game.guides):
            raise ValueError(f"{len(players)} players for {len(session.game.guides)} guides")
        self.session = session
        self.code = code or new_code()
        self.secret = secret or new_secret()
        self.clock = clock
        self.seats = [Seat(player, away_since=clock()) for player in players]
        self.version = 0
        #: Times the game was taken back (undo): a timeline fetched a page at a time must be
        #: of one line.
        self.line = 0
        self._timeline: tuple[tuple[int, int, int], Timeline] | None = None
        #: The log and moves as long as they were before the last change that shortened them
        #: (undo): clients that saw the view before it keep that much.
        self._log_kept = len(session.log)
        self._moves_kept = len(session.texts)
        self._setup = setup_view(session.game)

    # ------------------------------------------------------------------ who sits where

    def check_secret(self, table_secret: str) -> None:
        if not secrets.compare_digest(table_secret.encode(), self.secret.encode()):
            raise TableRefusal("wrong table secret: ask the host for the invitation again")

    def sit(self, seat: int | None, seat_secret: str | None, name: str = "") -> str | None:
        """Take ``seat`` (None: watch); the seat's secret, to come back with. A claimed seat
        needs its secret; a seat the computer was given back goes back to its person."""
        if seat is None:
            return None
        if not 0 <= seat < len(self.seats):
            raise TableRefusal(f"there is no seat {seat}: the table has {len(self.seats)}")
        place = self.seats[seat]
        guide = self.session.game.guides[seat].title
        if place.player == "computer":
            raise TableRefusal(f"{guide} is played by a computer teammate")
        if seat_secret is not None:
            if not secrets.compare_digest(seat_secret.encode(), place.secret.encode()):
                raise TableRefusal(f"wrong secret for {guide}'s seat")
        elif place.claimed:
            raise TableRefusal(f"{guide}'s seat is taken; come back to it with its secret")
        place.claimed = True
        place.present += 1
        if name:
            place.name = name[:40]
        if place.handed_over:
            place.handed_over = False
        self._changed()
        return place.secret

    def leave(self, seat: int | None) -> None:
        if seat is None:
            return
        place = self.seats[seat]
        place.present = max(0, place.present - 1)
        if not place.present:
            place.away_since = self.clock()
        self._changed()

    def hand_over(self, by: int | None, seat: int) -> None:
        """Give ``seat`` to a computer teammate: asked by another guide at the table, when
        nobody has sat there for :data:`EMPTY_TOO_LONG` seconds."""
        if by is None:
            raise TableRefusal("only a guide at the table can hand a seat to the computer")
        if not 0 <= seat < len(self.seats) or seat == by:
            raise TableRefusal("hand over another guide's seat")
        place = self.seats[seat]
        guide = self.session.game.guides[seat].title
        if place.computer:
            raise TableRefusal(f"{guide} is already played by the computer")
        if place.present:
            raise TableRefusal(f"{guide}'s player is at the table")
        waited = self.clock() - place.away_since
        if waited < EMPTY_TOO_LONG:
            raise TableRefusal(
                f"{guide}'s seat has been empty {waited:.0f} s; it can be handed to the "
                f"computer after {EMPTY_TOO_LONG:.0f} s"
            )
        place.handed_over = True
        self._changed()

    def computer_seats(self) -> frozenset[int]:
        return frozenset(i for i, place in enumerate(self.seats) if place.computer)

    # ------------------------------------------------------------------ playing

    def act(self, seat: int | None, text: str, at: int) -> None:
        """Play ``text`` (the notation) for the guide at ``seat``, who has seen ``at`` moves."""
        self._check_turn(seat, at)
        session = self.session
        try:
            session.play_text(text)
        except (IllegalAction, NotationError) as refusal:
            raise TableRefusal(str(refusal)) from None
        self._changed()

    def play_computer(self, action: Action, reason: str, at: int) -> None:
        """A computer teammate's move, decided on the game after ``at`` moves."""
        state = self.session.state
        if state.over or state.seat not in self.computer_seats() or at != len(self.session.texts):
            raise TableRefusal("the game moved on while the computer thought")
        try:
            self.session.play(action, reason)
        except IllegalAction as refusal:
            raise TableRefusal(str(refusal)) from None
        self._changed()

    def undo(self, seat: int | None, at: int) -> None:
        self._check_turn(seat, at)
        try:
            self.session.undo()
        except IllegalAction as refusal:
            raise TableRefusal(str(refusal)) from None
        self.line += 1
        self._changed()

    def _check_turn(self, seat: int | None, at: int) -> None:
        state = self.session.state
        if seat is None:
            raise TableRefusal("watchers cannot play: join with a seat to play")
        if state.over:
            raise TableRefusal("the game is over")
        if seat != state.seat:
            wheel = state.game.guides[state.seat].title
            raise TableRefusal(f"it is {wheel}'s turn, not yours")
        if at != len(self.session.texts):
            raise TableRefusal(
                f"the game has moved on ({len(self.session.texts)} moves, you saw {at}): "
                "look again and choose"
            )

    # ------------------------------------------------------------------ what everybody sees

    def _changed(self) -> None:
        self.version += 1
        self._log_kept = min(self._log_kept, len(self.session.log))
        self._moves_kept = min(self._moves_kept, len(self.session.texts))

    def view(self, *, whole: bool = False) -> TableView:
        """The view after the last change: the log and moves since the one before it (all
        of them when ``whole``), for every client at once. Call :meth:`sent` after sending."""
        session = self.session
        log_from = 0 if whole else self._log_kept
        moves_from = 0 if whole else self._moves_kept
        now = self.clock()
        return TableView(
            table=self.code,
            version=self.version,
            setup=self._setup,
            seats=[
                SeatView(
                    guide=guide.name.lower(),
                    player="computer" if place.computer else "person",
                    name=place.name,
                    present=bool(place.present) or place.computer,
                    away=0.0 if place.present or place.computer else now - place.away_since,
                )
                for guide, place in zip(session.game.guides, self.seats, strict=True)
            ],
            state=public_state(session.state),
            log_from=log_from,
            log=step_views(session.log[log_from:]),
            moves_from=moves_from,
            moves=list(session.texts[moves_from:]),
            can_undo=session.can_undo(),
        )

    def timeline_page(self, first: int) -> TimelinePage:
        """The timeline's page from moment ``first``, with only what a guide may see (the
        timeline is built again only when the game has changed since the last page)."""
        session = self.session
        stamp = (len(session.log), len(session.entries), self.line)
        if self._timeline is None or self._timeline[0] != stamp:
            self._timeline = (stamp, Timeline(session))
        timeline = self._timeline[1]
        if first >= len(timeline):
            raise TableRefusal(f"the game has {len(timeline)} moments, not {first + 1}")
        return timeline_page(timeline, first, self.line)

    def sent(self) -> None:
        """Every client has the view: the next one starts where this one ends."""
        self._log_kept = len(self.session.log)
        self._moves_kept = len(self.session.texts)
