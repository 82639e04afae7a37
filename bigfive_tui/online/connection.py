"""A client's link to a table: it joins, keeps the game as far as the host has sent it, sends
the person's requests, and after a dropped connection comes back to its seat with the seat's
secret (the host then sends the whole game again).

The link runs on the client's asyncio loop (the Textual app's, or a test's); ``on_change`` is
called after every view and ``on_refused`` with each refusal, in words.

The host is a door too: whoever wrote the invitation runs it. Its messages are read under a
size limit, as plain JSON of bounded depth with terminal control characters taken out of every
text, then validated whole; a view must be one the game's screens can show
(:func:`bigfive_tui.online.view.check_table_view`). A host that sends anything else, or sends
the connection elsewhere (a redirect, never followed: the join carries the table's secret),
is left for good with a :class:`HostError` that says what it did. Reaching the host and being
welcomed each have a time limit; a host that does not answer in time is tried again, as one
that cannot be reached.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

import aiohttp
from pydantic import ValidationError

from bigfive_tui.engine.state import Game
from bigfive_tui.files.reading import parse_json
from bigfive_tui.online.invitation import Invitation
from bigfive_tui.online.limits import HOST_MESSAGE_LIMIT, KEPT_LIMIT
from bigfive_tui.online.protocol import (
    HOST_MESSAGE,
    Act,
    AskTimeline,
    HandOver,
    Join,
    Ping,
    Pong,
    Refused,
    Undo,
    Update,
    Welcome,
)
from bigfive_tui.online.timeline import PublicTimeline, TimelineError, TimelinePage
from bigfive_tui.online.view import (
    SetupView,
    StepView,
    TableView,
    ViewError,
    check_table_view,
    game_of,
)
from bigfive_tui.safe_text import printable, printable_data
from bigfive_tui.shared.problems import validation_problems

#: Seconds between tries to come back after the connection dropped (then doubling, to 5 s).
RETRY = 0.2
RETRY_MOST = 5.0
#: Seconds to wait for a page of the timeline.
PAGE_WAIT = 15.0
#: Tries at fetching the timeline when the game is taken back meanwhile.
TIMELINE_TRIES = 3
#: Seconds to reach the host and finish the websocket's handshake, and then to be welcomed.
HANDSHAKE_WAIT = 15.0
WELCOME_WAIT = 15.0
#: Seconds the host has to answer our closing of the connection (a host that does not is
#: left all the same).
CLOSE_WAIT = 2.0
#: Seconds between the websocket's pings to the host (one not answered within half of it
#: drops the connection), and between the link's own pings, which a host answers with a
#: message: a connection with no whole message for :data:`QUIET_MOST` seconds counts as
#: dropped (a host gone silent, or one that sends a message a byte at a time, which keeps
#: the websocket's pings alive).
HEARTBEAT = 30.0
PING_EVERY = 20.0
QUIET_MOST = 45.0


class LinkError(Exception):
    """The host refused us for good (a wrong secret, a taken seat): the message says why."""


class HostError(LinkError):
    """The host sent what no table's host sends (a message too large or not of the protocol,
    a view that cannot be a game, a redirect): the link leaves it for good, and the message
    says what it did."""


def _shown(text: str, most: int = 80) -> str:
    """A text the host chose, safe and short enough to be told in one line."""
    text = printable(text).replace("\n", " ")
    return text if len(text) <= most else text[: most - 1] + "…"


async def _refuse_redirect(
    session: aiohttp.ClientSession,
    context: object,
    params: aiohttp.TraceRequestRedirectParams,
) -> None:
    where = _shown(params.response.headers.get("Location", "") or "another address")
    raise HostError(
        f"the host sent the connection elsewhere ({where}); a table's host never does, so the "
        "invitation's secret was not sent there"
    )


class Seen:
    """The game as far as the host has sent it: the newest view, the whole log and moves."""

    def __init__(self, setup: SetupView | None = None, game: Game | None = None) -> None:
        self.view: TableView | None = None
        self.log: list[StepView] = []
        self.moves: list[str] = []
        #: The table's set-up and game, from the first view: a table's never change.
        self.setup = setup
        self.game = game

    def take(self, view: TableView) -> bool:
        """Take ``view``; False when it continues a log this client does not have. ViewError
        (nothing taken) when the view cannot be this table's game."""
        if view.log_from > len(self.log) or view.moves_from > len(self.moves):
            return False
        if view.log_from + len(view.log) > KEPT_LIMIT or (
            view.moves_from + len(view.moves) > KEPT_LIMIT
        ):
            raise ViewError(f"its game is longer than any game ({KEPT_LIMIT} steps)")
        if self.game is None or self.setup is None:
            self.game, self.setup = game_of(view.setup), view.setup
        elif view.setup != self.setup:
            raise ViewError("the table's set-up changed during the game")
        check_table_view(view, self.game)
        del self.log[view.log_from :]
        self.log.extend(view.log)
        del self.moves[view.moves_from :]
        self.moves.extend(view.moves)
        self.view = view
        return True


async def _ping(socket: aiohttp.ClientWebSocketResponse) -> None:
    """Ask the host for a message every :data:`PING_EVERY` seconds (its answer: a pong)."""
    ping = Ping().model_dump_json()
    with contextlib.suppress(ConnectionError, RuntimeError):
        while not socket.closed:
            await asyncio.sleep(PING_EVERY)
            await socket.send_str(ping)


def read_host_message(data: str) -> Welcome | Update | Refused | Pong | TimelinePage:
    """A message from the host: plain JSON of bounded depth and numbers, every text without
    terminal control characters (a host's words reach the person's terminal), validated
    whole; HostError saying what is wrong otherwise."""
    plain = parse_json(data, "the host's message", HostError)
    try:
        return HOST_MESSAGE.validate_python(printable_data(plain))
    except ValidationError as error:
        problems = _shown(validation_problems(error), 200)
        raise HostError(f"the host sent a message that is not this game's: {problems}") from None


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
        tracing = aiohttp.TraceConfig()
        tracing.on_request_redirect.append(_refuse_redirect)
        async with aiohttp.ClientSession(trace_configs=[tracing]) as http:
            while not self._closing:
                try:
                    await self._session(http)
                    wait = RETRY
                except HostError:
                    self._closing = True
                    raise
                except aiohttp.WSServerHandshakeError as refused:
                    if refused.status in (403, 404):  # no such table here, or not from here
                        self._closing = True
                        why = (
                            "no such table on this host"
                            if refused.status == 404
                            else ("the host refused this connection")
                        )
                        raise LinkError(why) from None
                    if refused.status < 500:  # a web server, or no websocket: no table's host
                        self._closing = True
                        where = f"{self.invitation.host}:{self.invitation.port}"
                        raise HostError(
                            f"{where} answered HTTP {refused.status} where a table's host "
                            "opens its websocket: it is no bigfive host (is the invitation "
                            "right?)"
                        ) from None
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
        async with asyncio.timeout(HANDSHAKE_WAIT):
            socket = await http.ws_connect(
                self.invitation.websocket(),
                headers=headers,
                heartbeat=HEARTBEAT,
                max_msg_size=HOST_MESSAGE_LIMIT,
                timeout=aiohttp.ClientWSTimeout(ws_close=CLOSE_WAIT),
            )
        self._socket = socket
        pinging = asyncio.ensure_future(_ping(socket))
        try:
            join = Join(
                table=self.invitation.table,
                secret=self.invitation.secret,
                seat=self.seat,
                seat_secret=self.seat_secret,
                name=self.name,
            )
            await socket.send_str(join.model_dump_json())
            await self._listen(socket)
        finally:
            pinging.cancel()
            self._socket = None
            # Closing reads the host's messages until its answer: a host that floods would
            # keep it reading, so it has CLOSE_WAIT in all, and the connection is cut after.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(CLOSE_WAIT):
                    await socket.close()

    async def _listen(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        """Take the host's messages until the connection ends (HostError when the host
        sends what no host sends; TimeoutError when it is silent too long)."""
        welcome_by = asyncio.get_running_loop().time() + WELCOME_WAIT
        while True:
            wait = QUIET_MOST
            if not self.connected.is_set():  # welcomed in time, or tried again
                wait = max(0.0, welcome_by - asyncio.get_running_loop().time())
            message = await socket.receive(timeout=wait)
            if message.type == aiohttp.WSMsgType.TEXT:
                self._receive(message.data)
            elif message.type == aiohttp.WSMsgType.BINARY:
                raise HostError("the host sent binary data; a table's host sends JSON text")
            elif message.type == aiohttp.WSMsgType.ERROR and isinstance(
                message.data, aiohttp.WebSocketError
            ):  # a message over the limit, or frames no websocket sends
                raise HostError(
                    f"the host broke the websocket protocol: {_shown(str(message.data))}"
                )
            else:  # closed or dropped: come back
                return

    def _receive(self, data: str) -> None:
        message = read_host_message(data)
        try:
            if isinstance(message, Welcome):
                seen = Seen(self.seen.setup, self.seen.game)
                if not seen.take(message.view):
                    raise ViewError("the welcome's view continues a game not sent")
                self.seat_secret = message.seat_secret or self.seat_secret
                self.seen = seen
                self.joined += 1
                self.connected.set()
                self.on_change(self.seen)
                return
            if isinstance(message, Update):
                if self.seen.view is not None and self.seen.take(message.view):
                    self.on_change(self.seen)
                return
        except ViewError as problem:
            raise HostError(f"the host sent a view that cannot be a game: {problem}") from None
        if isinstance(message, TimelinePage):
            self._page_came(message)
        elif isinstance(message, Refused) and message.about == "timeline":
            self._page_came(_shown(message.reason, 300))
        elif isinstance(message, Refused):
            reason = _shown(message.reason, 300)
            if message.closing and not self.connected.is_set():
                self._closing = True
                self.on_refused(reason)
                raise LinkError(reason)
            self.on_refused(reason)

    def _page_came(self, page: TimelinePage | str) -> None:
        """Keep a page of the timeline (or why the host sends none) while one is asked for: a
        host that sends pages unasked fills no queue."""
        if self._fetching.locked() and self._pages.qsize() < 2:
            self._pages.put_nowait(page)

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
            if page.total > KEPT_LIMIT:
                raise TimelineError(f"the host's timeline is longer than any game ({page.total})")
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
