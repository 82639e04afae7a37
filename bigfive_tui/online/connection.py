"""A client's link to a table: it joins, keeps the game as far as the host has sent it, sends
the person's requests, and after a dropped connection comes back to its seat with the seat's
secret (the host then sends the whole game again).

The link runs on the client's asyncio loop (the Textual app's, or a test's); ``on_change`` is
called after every view and ``on_refused`` with each refusal, in words.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

import aiohttp
from pydantic import ValidationError

from bigfive_tui.engine.state import Game
from bigfive_tui.online.invitation import Invitation
from bigfive_tui.online.protocol import (
    HOST_MESSAGE,
    Act,
    AskTimeline,
    HandOver,
    Join,
    Refused,
    Undo,
    Update,
    Welcome,
)
from bigfive_tui.online.timeline import PublicTimeline, TimelineError, TimelinePage
from bigfive_tui.online.view import StepView, TableView

#: Seconds between tries to come back after the connection dropped (then doubling, to 5 s).
RETRY = 0.2
RETRY_MOST = 5.0
#: Seconds to wait for a page of the timeline.
PAGE_WAIT = 15.0
#: Tries at fetching the timeline when the game is taken back meanwhile.
TIMELINE_TRIES = 3


class LinkError(Exception):
    """The host refused us for good (a wrong secret, a taken seat): the message says why."""


class Seen:
    """The game as far as the host has sent it: the newest view, the whole log and moves."""

    def __init__(self) -> None:
        self.view: TableView | None = None
        self.log: list[StepView] = []
        self.moves: list[str] = []

    def take(self, view: TableView) -> bool:
        """Take ``view``; False when it continues a log this client does not have."""
        if view.log_from > len(self.log) or view.moves_from > len(self.moves):
            return False
        del self.log[view.log_from :]
        self.log.extend(view.log)
        del self.moves[view.moves_from :]
        self.moves.extend(view.moves)
        self.view = view
        return True


class TableLink:
    def __init__(
        self,
        invitation: Invitation,
        seat: int | None,
        *,
        seat_secret: str | None = None,
        name: str = "",
        on_change: Callable[[Seen], None] = lambda seen: None,
        on_refused: Callable[[str], None] = lambda reason: None,
        origin: str | None = None,
    ) -> None:
        self.invitation = invitation
        self.seat = seat
        self.seat_secret = seat_secret
        self.name = name
        self.seen = Seen()
        self.on_change = on_change
        self.on_refused = on_refused
        self.origin = origin
        self.connected = asyncio.Event()
        self.joined = 0  # times the link has sat down (1 + the times it came back)
        self._socket: aiohttp.ClientWebSocketResponse | None = None
        self._closing = False
        #: The timeline's pages (or the host's reason for not sending one) as they come.
        self._pages: asyncio.Queue[TimelinePage | str] = asyncio.Queue()
        self._fetching = asyncio.Lock()

    async def run(self) -> None:
        """Stay at the table until :meth:`close`, coming back after every dropped connection;
        LinkError when the host refuses us for good."""
        wait = RETRY
        async with aiohttp.ClientSession() as http:
            while not self._closing:
                try:
                    await self._session(http)
                    wait = RETRY
                except aiohttp.WSServerHandshakeError as refused:
                    if refused.status in (403, 404):  # no such table here, or not from here
                        self._closing = True
                        why = (
                            "no such table on this host"
                            if refused.status == 404
                            else ("the host refused this connection")
                        )
                        raise LinkError(why) from None
                    self.on_refused(f"the host answered {refused.status}; trying again…")
                except (TimeoutError, aiohttp.ClientError, OSError) as problem:
                    if not self.connected.is_set():
                        where = f"{self.invitation.host}:{self.invitation.port}"
                        self.on_refused(
                            f"cannot reach {where} ({problem or 'no answer'}); trying again…"
                        )
                self.connected.clear()
                if self._closing:
                    return
                await asyncio.sleep(wait)
                wait = min(RETRY_MOST, wait * 2)

    async def _session(self, http: aiohttp.ClientSession) -> None:
        headers = {"Origin": self.origin} if self.origin else {}
        async with http.ws_connect(
            self.invitation.websocket(), headers=headers, heartbeat=30.0, max_msg_size=0
        ) as socket:
            self._socket = socket
            join = Join(
                table=self.invitation.table,
                secret=self.invitation.secret,
                seat=self.seat,
                seat_secret=self.seat_secret,
                name=self.name,
            )
            await socket.send_str(join.model_dump_json())
            async for message in socket:
                if message.type != aiohttp.WSMsgType.TEXT:
                    break
                self._receive(message.data)
            self._socket = None

    def _receive(self, data: str) -> None:
        try:
            message = HOST_MESSAGE.validate_json(data)
        except ValidationError:
            self.on_refused("the host sent something this game cannot read")
            return
        if isinstance(message, Welcome):
            self.seat_secret = message.seat_secret or self.seat_secret
            self.seen = Seen()
            self.seen.take(message.view)
            self.joined += 1
            self.connected.set()
            self.on_change(self.seen)
        elif isinstance(message, Update):
            if self.seen.view is not None and self.seen.take(message.view):
                self.on_change(self.seen)
        elif isinstance(message, TimelinePage):
            self._pages.put_nowait(message)
        elif isinstance(message, Refused) and message.about == "timeline":
            self._pages.put_nowait(message.reason)
        elif isinstance(message, Refused):
            if message.closing and not self.connected.is_set():
                self._closing = True
                self.on_refused(message.reason)
                raise LinkError(message.reason)
            self.on_refused(message.reason)

    async def _send(self, text: str) -> bool:
        socket = self._socket
        if socket is None or socket.closed:
            self.on_refused("not connected to the host just now; coming back…")
            return False
        try:
            await socket.send_str(text)
        except (ConnectionError, RuntimeError):
            return False
        return True

    async def act(self, action: str) -> bool:
        return await self._send(Act(action=action, at=len(self.seen.moves)).model_dump_json())

    async def undo(self) -> bool:
        return await self._send(Undo(at=len(self.seen.moves)).model_dump_json())

    async def hand_over(self, seat: int) -> bool:
        return await self._send(HandOver(seat=seat).model_dump_json())

    async def timeline(self, game: Game) -> PublicTimeline:
        """The game so far as the host's timeline pages show it (TimelineError, in words,
        when it cannot be had)."""
        async with self._fetching:
            for _ in range(TIMELINE_TRIES - 1):
                with contextlib.suppress(TimelineError):
                    return PublicTimeline(game, await self._fetch_pages())
            return PublicTimeline(game, await self._fetch_pages())

    async def _fetch_pages(self) -> list[TimelinePage]:
        while not self._pages.empty():  # left from a fetch that gave up
            self._pages.get_nowait()
        pages: list[TimelinePage] = []
        first = 0
        while not pages or first < pages[0].total:
            if not await self._send(AskTimeline(first=first).model_dump_json()):
                raise TimelineError("not connected to the host just now")
            try:
                page = await asyncio.wait_for(self._pages.get(), PAGE_WAIT)
            except TimeoutError:
                raise TimelineError("the host did not send the timeline") from None
            if isinstance(page, str):
                raise TimelineError(page)
            if page.first != first or not page.states:
                raise TimelineError("the host sent the timeline out of order")
            pages.append(page)
            first += len(page.states)
        return pages

    async def drop(self) -> None:
        """Drop the connection (as a network would); the link comes back by itself."""
        if self._socket is not None:
            with contextlib.suppress(Exception):
                await self._socket.close()

    async def close(self) -> None:
        self._closing = True
        await self.drop()
