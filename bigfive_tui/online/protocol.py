"""The messages between a table's host and its clients, each a pydantic model: a client's
message is validated whole before the table sees it, and a bad one is answered with a
:class:`Refused` that says what is wrong (the table goes on).

A client joins with the table's code and secret (and, to come back to a seat it had, that
seat's secret), then sends actions in the game's notation with the number of moves it has
seen (``at``): an action sent again after a dropped connection finds the game moved on and is
refused, never played twice. Anybody at the table may ask for the timeline, a page at a time
(:mod:`bigfive_tui.online.timeline`).
"""

# No ``from __future__ import annotations``: pydantic reads the annotations.

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from bigfive_tui.online.timeline import TimelinePage
from bigfive_tui.online.view import TableView

#: Longest text a client may send in any field: an action in the notation is far shorter.
TEXT_LIMIT = 200
#: Secrets are ``secrets.token_urlsafe`` texts; a longer one is no secret of ours.
SECRET_LIMIT = 64

Secret = Annotated[str, Field(min_length=1, max_length=SECRET_LIMIT, pattern=r"^[A-Za-z0-9_-]+$")]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Join(_Message):
    """Sit at a table: a seat by its number (claiming it, or coming back to it with its
    secret), or ``seat`` None to watch."""

    type: Literal["join"] = "join"
    table: Secret
    secret: Secret
    seat: int | None = Field(default=None, ge=0, le=4)
    seat_secret: Secret | None = None
    name: str = Field(default="", max_length=40)


class Act(_Message):
    """Play an action (the game's notation) at the guide's turn; ``at``: the moves seen."""

    type: Literal["act"] = "act"
    action: str = Field(min_length=1, max_length=TEXT_LIMIT)
    at: int = Field(ge=0, le=100_000)


class Undo(_Message):
    """Take back the guide's last action (as far as undo goes in hot-seat)."""

    type: Literal["undo"] = "undo"
    at: int = Field(ge=0, le=100_000)


class HandOver(_Message):
    """Give a seat left empty too long to a computer teammate."""

    type: Literal["hand_over"] = "hand_over"
    seat: int = Field(ge=0, le=4)


class Ping(_Message):
    type: Literal["ping"] = "ping"


class AskTimeline(_Message):
    """The timeline's page from moment ``first`` (online/timeline.py): 0 for its first."""

    type: Literal["timeline"] = "timeline"
    first: int = Field(ge=0, le=1_000_000)


ClientMessage = Annotated[
    Join | Act | Undo | HandOver | Ping | AskTimeline, Field(discriminator="type")
]
CLIENT_MESSAGE: TypeAdapter[Join | Act | Undo | HandOver | Ping | AskTimeline] = TypeAdapter(
    ClientMessage
)


class Welcome(_Message):
    """You sit at the table: your seat (None: watching) and its secret, to come back with."""

    type: Literal["welcome"] = "welcome"
    table: str
    seat: int | None
    seat_secret: Secret | None
    view: TableView


class Update(_Message):
    """The game changed: the view (its log and moves from ``log_from``/``moves_from`` on)."""

    type: Literal["update"] = "update"
    view: TableView


class Refused(_Message):
    """A message that was not taken, and why (in words); ``closing``: the host hangs up;
    ``about``: "timeline" when it answers a request for the timeline."""

    type: Literal["refused"] = "refused"
    reason: str
    closing: bool = False
    about: Literal["", "timeline"] = ""


class Pong(_Message):
    type: Literal["pong"] = "pong"


HostMessage = Annotated[
    Welcome | Update | Refused | Pong | TimelinePage, Field(discriminator="type")
]
HOST_MESSAGE: TypeAdapter[Welcome | Update | Refused | Pong | TimelinePage] = TypeAdapter(
    HostMessage
)
