"""A host without a screen (``bigfive host --guides …``): it opens one table set up from the
flags, reopens the tables kept from earlier runs, prints their invitations, and serves them
until it is stopped (Ctrl+C, or a signal)."""

from __future__ import annotations

import asyncio
import errno
import signal
import sys
from collections.abc import Sequence

from bigfive_tui.assets import seeded_board
from bigfive_tui.engine.actions import IllegalAction
from bigfive_tui.engine.content import Difficulty, Guide
from bigfive_tui.engine.session import Session, make_game
from bigfive_tui.online.host import Host
from bigfive_tui.online.invitation import Invitation, public_address
from bigfive_tui.online.keeping import tables_folder
from bigfive_tui.online.listening import serve
from bigfive_tui.online.table import Table
from bigfive_tui.online.view import PlayerKind
from bigfive_tui.safe_text import printable


def table_from_flags(
    guides: Sequence[str], computer: Sequence[str], seed: int, difficulty: str
) -> Table:
    game = make_game(
        seeded_board(seed),
        [Guide[name.upper()] for name in guides],
        Difficulty[difficulty.upper()],
        seed=seed,
    )
    players: list[PlayerKind] = ["computer" if name in computer else "person" for name in guides]
    return Table(Session(game), players)


async def _serve(host: Host, address: str, port: int, public: str) -> int:
    try:
        runner, port = await serve(host, address, port)
    except OSError as error:  # the port was taken between the check and the start
        hint = "; choose another port with --port" if error.errno == errno.EADDRINUSE else ""
        problem = error.strerror or str(error)
        print(f"bigfive host: cannot listen on {address}:{port}: {problem}{hint}", file=sys.stderr)
        return 1
    for table in host.tables.values():
        host.start_table(table)
        guides = ", ".join(guide.title for guide in table.session.game.guides)
        link = Invitation(public, port, table.code, table.secret).url()
        print(f"Table {table.code} ({guides}): bigfive join {link}", flush=True)
    for problem in host.problems:
        print(f"Not reopened: {printable(problem)}", file=sys.stderr, flush=True)
    print("Ctrl+C closes the tables; they are kept and open again at the next start.", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        await stop.wait()
    finally:
        await runner.cleanup()
    return 0


def serve_forever(
    address: str,
    port: int,
    guides: Sequence[str],
    computer: Sequence[str],
    seed: int | None,
    difficulty: str,
) -> int:
    import random

    from bigfive_tui.app.files.saves import data_dir
    from bigfive_tui.players.teammates import teammate

    host = Host(tables_folder(data_dir()), teammate=lambda: teammate("strong"))
    host.reopen()
    chosen = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
    try:
        host.add(table_from_flags(guides, computer, chosen, difficulty))
    except IllegalAction as problem:
        print(f"bigfive host: {problem}", file=sys.stderr)
        return 2
    return asyncio.run(_serve(host, address, port, public_address(address)))
