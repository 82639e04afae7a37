"""Online play under load: many tables of scripted clients against one host process.

Not a test: it prints figures (record them in docs/online.md; tests/test_online_load.py runs a
small bounded version of it). Run from the project root, niced on a shared machine::

    nice -n 19 .venv/bin/python bench/online.py                  # 200 tables × 5 clients, 60 s
    nice -n 19 .venv/bin/python bench/online.py --tables 1000 --seconds 90 --think 2

The host is a process of its own (this script with ``--serve``): it opens the tables (five
guides each, every seat a person), listens on a free loopback port and keeps each table on
disk as ``bigfive host`` does (``--no-keep`` leaves that out). This process runs the clients:
five websockets a table, each a scripted guide that reads every message against the protocol,
keeps the log, and at its turn waits ``--think`` seconds (± half) and plays a random legal
action of the game it rebuilt from the view.

Figures:

* **move to every screen**: from the moment a client sends an action to the moment each of the
  table's five clients has the view with that move; p50, p99 and the worst, over every move
  and every screen.
* **lost or doubled actions**: every action sent is either refused (with a reason) or is the
  move at the place it was sent for, once; every client ends with the same moves as the host.
* **memory per table**: the host's resident memory after the run, less before the tables were
  opened, divided by the tables.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bigfive_tui.engine.legal_actions import legal_actions  # noqa: E402
from bigfive_tui.engine.notation import format_action  # noqa: E402
from bigfive_tui.online.connection import Seen  # noqa: E402
from bigfive_tui.online.protocol import HOST_MESSAGE, Act, Join, Refused, Update, Welcome  # noqa: E402
from bigfive_tui.online.view import game_of, state_from_view  # noqa: E402

SEATS = 5
#: After the time is up no action is sent; the clients read on until every action is
#: answered and every screen of a table shows the same move, for LAST_WAIT seconds at most.
LAST_WAIT = 60.0
#: Clients connecting at once.
CONNECTING = 50


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


# --------------------------------------------------------------------------- the host process


async def serve_tables(count: int, keep: Path | None) -> None:
    from bigfive_tui.assets import seeded_board
    from bigfive_tui.engine.content import Difficulty, Guide
    from bigfive_tui.engine.session import Session, make_game
    from bigfive_tui.online.host import Host
    from bigfive_tui.online.listening import serve
    from bigfive_tui.online.table import Table

    seeded_board(0)  # the pieces and the engine loaded before the baseline
    base = rss_kib(os.getpid())
    host = Host(keep)
    guides = list(Guide)
    for seed in range(count):
        game = make_game(seeded_board(seed), guides, Difficulty.NORMAL, seed=seed)
        host.add(Table(Session(game), ["person"] * SEATS))
    runner, port = await serve(host, "127.0.0.1", 0)
    tables = [[table.code, table.secret] for table in host.tables.values()]
    print(json.dumps({"port": port, "base_kib": base, "tables": tables}), flush=True)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()
    await runner.cleanup()


# --------------------------------------------------------------------------- the clients


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    sent: dict[tuple[str, int], tuple[float, str, int]] = field(default_factory=dict)
    refused: set[tuple[str, int]] = field(default_factory=set)
    reasons: list[str] = field(default_factory=list)
    finals: dict[str, list[list[str]]] = field(default_factory=dict)
    games_over: set[str] = field(default_factory=set)
    doubled_sends: int = 0
    reconnects: int = 0
    resent: int = 0  # actions sent again after the connection they went on was found closed
    unanswered: int = 0  # clients whose last action had no answer when the run ended


class Scripted:
    def __init__(
        self, port: int, code: str, secret: str, seat: int, rng: random.Random, think: float
    ) -> None:
        self.url = f"ws://127.0.0.1:{port}/t/{code}/ws"
        self.code, self.secret, self.seat = code, secret, seat
        self.rng, self.think = rng, think
        self.seen = Seen()
        self.acting_at = -1  # the move count this client last acted at
        self.answered = True  # its last action was refused or played
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self.seat_secret: str | None = None
        self.http: aiohttp.ClientSession | None = None

    async def connect(self, http: aiohttp.ClientSession, gate: asyncio.Semaphore) -> None:
        self.http = http
        async with gate:
            self.socket = await http.ws_connect(self.url, max_msg_size=0)
            join = Join(
                table=self.code, secret=self.secret, seat=self.seat, seat_secret=self.seat_secret
            )
            await self.socket.send_str(join.model_dump_json())

    async def come_back(self, figures: Figures) -> None:
        """The connection dropped (the host hung up on a client too slow to read, or a
        heartbeat went unanswered on a starved machine): back to the seat with its secret, as
        a real client does."""
        figures.reconnects += 1
        assert self.http is not None
        if self.socket is not None:
            await self.socket.close()
        await self.connect(self.http, asyncio.Semaphore(1))

    async def play(self, figures: Figures, until: float, stop: asyncio.Event) -> None:
        """Play until ``until``; then send nothing more and read on until ``stop`` (every
        action answered, every screen of every table at the same move)."""
        socket = self.socket
        assert socket is not None
        game = None
        while not stop.is_set():
            ending = time.monotonic() >= until
            # Waits shorter than the host's heartbeat (30 s): aiohttp answers a ping inside
            # receive() and starts its timeout again, so the clients of a game over (which
            # hear nothing but pings) would never see the end of the run.
            wait = 0.2 if ending else min(5.0, until - time.monotonic())
            try:
                message = await socket.receive(timeout=wait)
            except TimeoutError:
                continue
            if message.type != aiohttp.WSMsgType.TEXT:
                await self.come_back(figures)
                socket = self.socket
                assert socket is not None
                continue
            now = time.perf_counter()
            data = HOST_MESSAGE.validate_json(message.data)
            if isinstance(data, Refused):
                figures.refused.add((self.code, self.acting_at))
                figures.reasons.append(data.reason)
                self.answered = True
                continue
            if not isinstance(data, (Welcome, Update)):
                continue
            if isinstance(data, Welcome):
                self.seat_secret = data.seat_secret
            known = len(self.seen.moves)
            if not self.seen.take(data.view):
                raise AssertionError("a view continued a log this client does not have")
            back_unplayed = len(self.seen.moves) == self.acting_at and not self.answered
            if isinstance(data, Welcome) and back_unplayed:
                # Sent on a connection the host had already closed (a ping unanswered while
                # this client slept over its move): the host never had it, and the seat is
                # still to act here, as a person back at the table would see.
                del figures.sent[(self.code, self.acting_at)]
                figures.resent += 1
                self.acting_at, self.answered = -1, True
            for index in range(known, len(self.seen.moves)):
                sent = figures.sent.get((self.code, index))
                if sent is not None:
                    figures.latencies.append(now - sent[0])
                if index == self.acting_at:
                    self.answered = True
            view = self.seen.view
            assert view is not None
            if game is None:
                game = game_of(view.setup)
            if view.state.outcome:
                figures.games_over.add(self.code)
                self.answered = True
                continue
            at = len(self.seen.moves)
            if view.state.seat == self.seat and self.acting_at != at and not ending:
                self.acting_at = at
                self.answered = False
                state = state_from_view(game, view.state)
                action = self.rng.choice(legal_actions(state))
                text = format_action(game, action, state.seat)
                await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                if (self.code, at) in figures.sent:
                    figures.doubled_sends += 1
                figures.sent[(self.code, at)] = (time.perf_counter(), text, self.seat)
                try:
                    await socket.send_str(Act(action=text, at=at).model_dump_json())
                except ConnectionError:
                    # Lost with the connection: the client comes back and acts again at this
                    # place (the host refuses a second action for one place, if it got one).
                    del figures.sent[(self.code, at)]
                    self.acting_at, self.answered = -1, True
                    await self.come_back(figures)
                    socket = self.socket
                    assert socket is not None
        figures.finals.setdefault(self.code, []).append(list(self.seen.moves))
        await socket.close()


async def drive(port: int, tables: list[list[str]], seconds: float, think: float) -> Figures:
    """Connect every client (a few at a time), then play for ``seconds``."""
    figures = Figures()
    rng = random.Random(29)
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None, connect=120)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:
        clients = [
            Scripted(port, code, secret, seat, random.Random(rng.getrandbits(64)), think)
            for code, secret in tables
            for seat in range(SEATS)
        ]
        gate = asyncio.Semaphore(CONNECTING)
        await asyncio.gather(*(client.connect(http, gate) for client in clients))
        until = time.monotonic() + seconds
        stop = asyncio.Event()
        playing = asyncio.gather(*(client.play(figures, until, stop) for client in clients))
        await asyncio.sleep(seconds)
        end = time.monotonic() + LAST_WAIT
        while time.monotonic() < end and not settled(clients):
            await asyncio.sleep(0.2)
        figures.unanswered = sum(1 for client in clients if not client.answered)
        stop.set()
        await asyncio.wait_for(playing, LAST_WAIT)
    return figures


def settled(clients: list[Scripted]) -> bool:
    """Every action answered, and the screens of each table at the same move."""
    moves: dict[str, set[int]] = {}
    for client in clients:
        if not client.answered:
            return False
        moves.setdefault(client.code, set()).add(len(client.seen.moves))
    return all(len(counts) == 1 for counts in moves.values())


def check(figures: Figures) -> tuple[int, int, int]:
    """(moves played, actions lost, actions doubled) over every table: every action sent is
    refused or is the move at the place it was sent for; the host played no move nobody sent
    (or one twice); every client ends with the host's moves."""
    moves, lost, doubled = 0, 0, figures.doubled_sends
    for code, finals in figures.finals.items():
        longest = max(finals, key=len)
        doubled += sum(1 for final in finals if final != longest)  # a screen that differs
        moves += len(longest)
        accepted = 0
        for (table, at), (_, text, _) in figures.sent.items():
            if table != code or (table, at) in figures.refused:
                continue
            accepted += 1
            if at >= len(longest) or longest[at] != text:
                lost += 1
        doubled += max(0, len(longest) - accepted)
    return moves, lost, doubled


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def run_load(tables: int, seconds: float, think: float, keep: bool) -> dict[str, float]:
    """Start a host process with ``tables`` tables, play for ``seconds``, and return figures."""
    folder = tempfile.mkdtemp(prefix="bigfive-online-") if keep else ""
    command = [sys.executable, __file__, "--serve", str(tables)]
    if folder:
        command += ["--keep", folder]
    host = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert host.stdout is not None
        started = json.loads(host.stdout.readline())
        opened = rss_kib(host.pid)
        host_cpu, own_cpu = cpu_seconds(host.pid), cpu_seconds(os.getpid())
        start = time.perf_counter()
        figures = asyncio.run(drive(started["port"], started["tables"], seconds, think))
        took = time.perf_counter() - start
        host_cpu = cpu_seconds(host.pid) - host_cpu
        own_cpu = cpu_seconds(os.getpid()) - own_cpu
        end_kib = rss_kib(host.pid)
    finally:
        host.send_signal(signal.SIGTERM)
        host.wait(timeout=60)
        if host.stdout is not None:
            host.stdout.close()
    moves, lost, doubled = check(figures)
    late = [1000 * value for value in figures.latencies]
    stale = sum(1 for reason in figures.reasons if "moved on" in reason)
    return {
        "tables": tables,
        "clients": tables * SEATS,
        "seconds": took,
        "moves": moves,
        "moves_per_s": moves / took,
        "screens_updated": len(late),
        "p50_ms": statistics.median(late) if late else 0.0,
        "p99_ms": percentile(late, 0.99),
        "max_ms": max(late, default=0.0),
        "lost": lost,
        "doubled": doubled,
        "refused": len(figures.refused),
        "refused_stale": stale,
        "reconnects": figures.reconnects,
        "resent": figures.resent,
        "unanswered": figures.unanswered,
        "games_over": len(figures.games_over),
        "host_cpu_s": host_cpu,
        "host_cpu_ms_per_move": 1000 * host_cpu / max(1, moves),
        "clients_cpu_s": own_cpu,
        "host_kib_base": started["base_kib"],
        "host_kib_opened": opened,
        "host_kib_end": end_kib,
        "kib_per_table": (end_kib - started["base_kib"]) / tables,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=0.5, help="seconds a guide thinks")
    parser.add_argument("--no-keep", action="store_true", help="do not keep tables on disk")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--keep", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        profile = os.environ.get("BIGFIVE_PROFILE_HOST")  # a file for the host's profile
        if profile:
            import cProfile

            profiler = cProfile.Profile()
            keep = Path(args.keep) if args.keep else None
            try:
                profiler.runcall(asyncio.run, serve_tables(args.serve, keep))
            finally:
                profiler.dump_stats(profile)
        else:
            asyncio.run(serve_tables(args.serve, Path(args.keep) if args.keep else None))
        return
    print(f"load: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores", flush=True)
    figures = run_load(args.tables, args.seconds, args.think, not args.no_keep)
    for name, value in figures.items():
        print(f"{name:>16}: {value:,.2f}" if isinstance(value, float) else f"{name:>16}: {value}")
    print(f"load: {os.getloadavg()[0]:.2f} (1 min) at the end", flush=True)


if __name__ == "__main__":
    main()
