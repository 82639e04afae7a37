"""The host: a websocket server that keeps tables and is the only one that decides their games.

Each client connects to ``/t/CODE/ws``; its first message must be a :class:`Join` with the
table's secret (within :data:`JOIN_WAIT` seconds), and every message after it is read whole
against the protocol, under the size and rate limits of :mod:`.limits`. A refused message is
answered with its reason; only a flood, an oversized message or a failed join ends the
connection. A browser's connection must come from the host's own page (its ``Origin`` is this
server's address): any other page a person visits could otherwise sit down at the table.

After every change the table's view goes to everybody at it (one text for all of them, each
client's own queue, so that a slow client delays nobody), the computer teammates move, and the
table is written to disk (off the loop, one write at a time, the newest state last).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from aiohttp import WSMessage, WSMsgType, web
from pydantic import ValidationError

from bigfive_tui.engine.actions import Action
from bigfive_tui.engine.state import GameState
from bigfive_tui.files.reading import LoadError
from bigfive_tui.online.keeping import read_tables, table_path, table_snapshot, write_table
from bigfive_tui.online.limits import MESSAGE_LIMIT, TIMELINE_BURST, TIMELINE_RATE, Rate
from bigfive_tui.online.protocol import (
    CLIENT_MESSAGE,
    Act,
    AskTimeline,
    HandOver,
    Join,
    Ping,
    Pong,
    Refused,
    Undo,
    Welcome,
)
from bigfive_tui.online.table import Table, TableRefusal
from bigfive_tui.players.search_player import Decision

log = logging.getLogger("bigfive.online")

#: Seconds a new connection has to say which table it joins.
JOIN_WAIT = 10.0
#: Messages waiting for one client before it counts as gone (it reads nothing).
QUEUE_LIMIT = 256
#: Threads writing tables to disk.
KEEPERS = 2
#: Seconds a computer teammate waits before moving, so that people can follow.
COMPUTER_DELAY = 0.4

Decider = Callable[[GameState, list[Action], random.Random], Decision]


@dataclass(eq=False)
class Client:
    """One connection at a table."""

    socket: web.WebSocketResponse
    table: Table
    seat: int | None = None
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)

    def send(self, text: str) -> bool:
        """Queue ``text``; False when the client has fallen too far behind (it is dropped)."""
        if self.outbox.qsize() >= QUEUE_LIMIT:
            return False
        self.outbox.put_nowait(text)
        return True


#: A message that was refused and answered: the connection goes on.
ANSWERED = object()


def _refusal(reason: str, *, closing: bool = False, about: Literal["", "timeline"] = "") -> str:
    return Refused(reason=reason, closing=closing, about=about).model_dump_json()


class Host:
    """Tables by code, the clients at each, and the server's routes."""

    def __init__(
        self,
        folder: Path | None = None,
        *,
        teammate: Callable[[], Decider] | None = None,
        computer_delay: float = COMPUTER_DELAY,
    ) -> None:
        self.folder = folder
        self.tables: dict[str, Table] = {}
        self.clients: dict[str, set[Client]] = {}
        self.problems: list[str] = []
        self._teammate = teammate
        self._deciders: dict[str, Decider] = {}
        self.computer_delay = computer_delay
        self._thinking: set[str] = set()
        self._saving: dict[str, bool] = {}  # table code -> another write is wanted
        self._tasks: set[asyncio.Task[object]] = set()
        #: The threads that write tables to disk: few, so that they seldom hold the
        #: interpreter while the loop serves moves (each table has one write under way).
        self._keeper = ThreadPoolExecutor(max_workers=KEEPERS, thread_name_prefix="bigfive-keep")
        self.rng = random.Random()

    # ------------------------------------------------------------------ tables

    def add(self, table: Table) -> Table:
        self.tables[table.code] = table
        self.clients.setdefault(table.code, set())
        return table

    def reopen(self) -> list[Table]:
        """The tables kept in the folder, opened again (problems kept in ``problems``)."""
        if self.folder is None:
            return []
        tables, problems = read_tables(self.folder)
        self.problems += problems
        for table in tables:
            self.add(table)
        return tables

    def application(self) -> web.Application:
        app = web.Application(client_max_size=MESSAGE_LIMIT)
        app.router.add_get("/t/{code}/ws", self._websocket)
        app.on_shutdown.append(self._shutdown)
        return app

    def start_table(self, table: Table) -> None:
        """After adding a table to a running host: keep it, and let the computer move."""
        self._changed(table)

    # ------------------------------------------------------------------ connections

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin != f"{request.scheme}://{request.host}":
            return web.Response(status=403, text="This table opens only from its own page.\n")
        table = self.tables.get(request.match_info["code"])
        if table is None:
            return web.Response(status=404, text="No such table on this host.\n")
        socket = web.WebSocketResponse(max_msg_size=MESSAGE_LIMIT, heartbeat=30.0)
        await socket.prepare(request)
        client = Client(socket, table)
        writer = asyncio.ensure_future(self._write(client))
        try:
            if await self._join(client):
                await self._read(client)
        finally:
            clients = self.clients.get(table.code, set())
            if client in clients:
                clients.discard(client)
                table.leave(client.seat)
                self._changed(table)
            client.outbox.put_nowait(None)
            await writer
            await socket.close()
        return socket

    async def _write(self, client: Client) -> None:
        while (text := await client.outbox.get()) is not None:
            if client.socket.closed:
                return
            try:
                await client.socket.send_str(text)
            except (ConnectionError, RuntimeError):
                return

    async def _join(self, client: Client) -> bool:
        try:
            message = await client.socket.receive(timeout=JOIN_WAIT)
        except TimeoutError:
            client.send(_refusal("no join came: a client joins first", closing=True))
            return False
        join = self._message(client, message)
        if not isinstance(join, Join):
            if join is not None:
                client.send(_refusal("join the table first", closing=True))
            return False
        table = client.table
        try:
            if join.table != table.code:
                raise TableRefusal("this is another table's address")
            table.check_secret(join.secret)
            secret = table.sit(join.seat, join.seat_secret, join.name)
        except TableRefusal as refusal:
            client.send(_refusal(str(refusal), closing=True))
            return False
        client.seat = join.seat
        self.clients[table.code].add(client)
        welcome = Welcome(
            table=table.code, seat=join.seat, seat_secret=secret, view=table.view(whole=True)
        )
        client.send(welcome.model_dump_json())
        self._changed(table)
        return True

    def _message(self, client: Client, message: WSMessage) -> object | None:
        """The client's message read against the protocol; None (and the client told why, or
        the connection over) when it is not one."""
        if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
            return None
        if message.type == WSMsgType.ERROR:  # too large, or not a websocket frame
            client.send(_refusal("message too large or malformed", closing=True))
            return None
        if message.type != WSMsgType.TEXT:
            client.send(_refusal("messages are JSON text"))
            return ANSWERED
        try:
            return CLIENT_MESSAGE.validate_json(message.data)
        except ValidationError as error:
            problem = "; ".join(
                f"{'.'.join(map(str, e['loc'])) or 'message'}: {e['msg']}"
                for e in error.errors(include_url=False, include_input=False)[:3]
            )
            client.send(_refusal(f"not a message of this game: {problem}"))
            return ANSWERED

    async def _read(self, client: Client) -> None:
        rate = Rate()
        pages = Rate(TIMELINE_RATE, TIMELINE_BURST)
        table = client.table
        async for message in client.socket:
            if not rate.allow():
                if rate.flooding:
                    client.send(_refusal("too many messages; hanging up", closing=True))
                    return
                client.send(_refusal("too many messages: slow down"))
                continue
            request = self._message(client, message)
            if request is None:
                return
            try:
                if isinstance(request, Act):
                    table.act(client.seat, request.action, request.at)
                elif isinstance(request, Undo):
                    table.undo(client.seat, request.at)
                elif isinstance(request, HandOver):
                    table.hand_over(client.seat, request.seat)
                elif isinstance(request, Join):
                    raise TableRefusal("already at the table")
                elif isinstance(request, AskTimeline):
                    self._timeline(client, request.first, pages)
                    continue
                else:
                    if isinstance(request, Ping):
                        client.send(Pong().model_dump_json())
                    continue
            except TableRefusal as refusal:
                log.debug("table %s refused seat %s: %s", table.code, client.seat, refusal)
                client.send(_refusal(str(refusal)))
                continue
            self._changed(table)

    def _timeline(self, client: Client, first: int, pages: Rate) -> None:
        """A page of the timeline, to anybody at the table (watchers too)."""
        if not pages.allow():
            reason = "too many requests for the timeline: wait a moment and open it again"
            client.send(_refusal(reason, about="timeline"))
            return
        try:
            page = client.table.timeline_page(first)
        except TableRefusal as refusal:
            client.send(_refusal(str(refusal), about="timeline"))
            return
        client.send(page.model_dump_json())

    # ------------------------------------------------------------------ after every change

    def _changed(self, table: Table) -> None:
        text = '{"type":"update","view":' + table.view().model_dump_json() + "}"
        table.sent()
        clients = self.clients.get(table.code, set())
        for client in list(clients):
            if not client.send(text):
                clients.discard(client)
                self._spawn(client.socket.close())
        self._keep(table)
        self._computer(table)

    def _spawn(self, coroutine: Coroutine[Any, Any, object]) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _keep(self, table: Table) -> None:
        if self.folder is None:
            return
        if table.code in self._saving:
            self._saving[table.code] = True  # the write under way is followed by another
            return
        self._saving[table.code] = False
        self._spawn(self._write_table(table))

    async def _write_table(self, table: Table) -> None:
        assert self.folder is not None
        path = table_path(self.folder, table.code)
        loop = asyncio.get_running_loop()
        try:
            while True:
                text = table_snapshot(table)
                try:
                    await loop.run_in_executor(self._keeper, keep_table, path, text)
                except OSError as error:
                    log.warning("table %s not kept: %s", table.code, error)
                if not self._saving.get(table.code):
                    return
                self._saving[table.code] = False
        finally:
            self._saving.pop(table.code, None)

    def _computer(self, table: Table) -> None:
        state = table.session.state
        if state.over or table.code in self._thinking or self._teammate is None:
            return
        if state.seat not in table.computer_seats():
            return
        self._thinking.add(table.code)
        self._spawn(self._computer_move(table))

    async def _computer_move(self, table: Table) -> None:
        try:
            await asyncio.sleep(self.computer_delay)
            session = table.session
            at = len(session.texts)
            state = session.state.copy()
            legal = session.legal_actions()
            decide = self._deciders.get(table.code)
            if decide is None:
                assert self._teammate is not None
                decide = self._deciders[table.code] = self._teammate()
            rng = random.Random(self.rng.getrandbits(64))
            decision = await asyncio.to_thread(decide, state, legal, rng)
            with contextlib.suppress(TableRefusal):  # somebody moved meanwhile
                table.play_computer(decision.action, decision.reason, at)
        finally:
            self._thinking.discard(table.code)
        self._changed(table)

    async def _shutdown(self, app: web.Application) -> None:
        for clients in self.clients.values():
            for client in list(clients):
                with contextlib.suppress(Exception):
                    await client.socket.close()
        for task in list(self._tasks):
            with contextlib.suppress(Exception):
                await task
        self._keeper.shutdown(wait=True)


def keep_table(path: Path, text: Callable[[], str]) -> None:
    """In a keeper thread: the table's text, written."""
    write_table(path, text())


__all__ = ["Host", "LoadError"]
