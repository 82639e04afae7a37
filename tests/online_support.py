"""A host on a free loopback port, raw websocket clients, and scripted players for the online
tests and the load benchmark."""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web
from textual.pilot import Pilot

from bigfive_tui.assets import seeded_board
from bigfive_tui.engine.content import Difficulty, Guide
from bigfive_tui.engine.session import Session, make_game
from bigfive_tui.online.host import Decider, Host
from bigfive_tui.online.invitation import Invitation
from bigfive_tui.online.listening import serve
from bigfive_tui.online.protocol import Welcome
from bigfive_tui.online.table import Table
from bigfive_tui.online.view import PlayerKind
from bigfive_tui.players import random_player
from bigfive_tui.players.search_player import Decision

GUIDES = (Guide.JACK, Guide.ANNA, Guide.KATE)


def quick_teammate() -> Decider:
    """A computer teammate that decides at once (the random player), for tests."""

    def decide(state: Any, legal: Sequence[Any], rng: random.Random) -> Decision:
        return Decision(random_player.choose(state, legal, rng), "a random move")

    return decide


def new_table(
    seed: int = 3,
    guides: Sequence[Guide] = GUIDES,
    players: Sequence[PlayerKind] | None = None,
) -> Table:
    session = Session(make_game(seeded_board(seed), list(guides), Difficulty.NORMAL, seed=seed))
    return Table(session, list(players or ["person"] * len(guides)))


class Running:
    def __init__(self, host: Host, port: int, runner: Any) -> None:
        self.host = host
        self.port = port
        self.runner = runner

    def invitation(self, table: Table) -> Invitation:
        return Invitation("127.0.0.1", self.port, table.code, table.secret)

    def ws_url(self, code: str) -> str:
        return f"ws://127.0.0.1:{self.port}/t/{code}/ws"


@asynccontextmanager
async def running(
    *tables: Table, folder: Path | None = None, teammate: Any = quick_teammate, delay: float = 0.0
) -> AsyncIterator[Running]:
    host = Host(folder, teammate=teammate, computer_delay=delay)
    host.reopen()
    for table in tables:
        host.add(table)
    runner, port = await serve(host, "127.0.0.1", 0)
    try:
        for table in tables:
            host.start_table(table)
        yield Running(host, port, runner)
    finally:
        await runner.cleanup()


def join_text(table: Table, seat: int | None, seat_secret: str | None = None, **extra: Any) -> str:
    message: dict[str, Any] = {"type": "join", "table": table.code, "secret": table.secret}
    if seat is not None:
        message["seat"] = seat
    if seat_secret is not None:
        message["seat_secret"] = seat_secret
    message.update(extra)
    return json.dumps(message)


async def next_of(socket: aiohttp.ClientWebSocketResponse, kind: str, timeout: float = 5) -> Any:
    """The next message of ``kind`` the host sends (others skipped); None if it hangs up."""
    async with asyncio.timeout(timeout):
        async for message in socket:
            if message.type != aiohttp.WSMsgType.TEXT:
                return None
            data = json.loads(message.data)
            if data["type"] == kind:
                return data
    return None


def load_factor() -> float:
    """How many processes share each core just now (the 1-minute load per core, at least 1):
    a wait for the apps gets that many times its budget, so that a machine busy with other
    suites slows an online test down instead of failing it."""
    return max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))


async def wait_for(
    pilot: Pilot[None],
    condition: Callable[[], bool],
    what: str,
    *,
    seconds: float = 30.0,
    state: Callable[[], str] = lambda: "",
) -> None:
    """Let the apps run until ``condition()`` holds. The budget is ``seconds`` on an idle
    machine, scaled by :func:`load_factor` (read again while waiting: the load changes); a
    wait that runs out says what it waited for, how long, at what load, and ``state()``
    (what the apps showed)."""
    start = time.monotonic()
    while not condition():
        waited = time.monotonic() - start
        factor = load_factor()
        if waited > seconds * factor:
            raise AssertionError(
                f"still waiting for {what} after {waited:.0f} s (budget {seconds:.0f} s x "
                f"{factor:.1f}, the load per core): {state()}"
            )
        await pilot.pause(0.02)


# ---------------------------------------------------------------------- a hostile host

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def welcome_data() -> dict[str, Any]:
    """A real table's welcome, as plain data to spoil."""
    table = new_table()
    table.sit(0, None)
    welcome = Welcome(
        table=table.code, seat=0, seat_secret=table.seats[0].secret, view=table.view(whole=True)
    )
    data: dict[str, Any] = json.loads(welcome.model_dump_json())
    return data


@asynccontextmanager
async def fake_host(handler: Handler) -> AsyncIterator[Invitation]:
    """A host on a free loopback port that answers the table's websocket with ``handler``."""
    app = web.Application()
    app.router.add_get("/t/{code}/ws", handler)
    runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = int(runner.addresses[0][1])
    try:
        yield Invitation("127.0.0.1", port, "table1", "secret1")
    finally:
        await runner.cleanup()


def sending(*texts: str) -> Handler:
    """A host that takes the join, sends ``texts`` and stays until the client leaves."""

    async def handler(request: web.Request) -> web.StreamResponse:
        socket = web.WebSocketResponse(max_msg_size=0)
        await socket.prepare(request)
        await socket.receive()  # the join
        for text in texts:
            await socket.send_str(text)
        async for _ in socket:  # until the client closes
            pass
        return socket

    return handler
