"""``bigfive serve``: the game in a web browser, one game process per tab (textual-serve).

The address, the port and the data folder are checked before anything starts, so a wrong flag
gets a sentence rather than a traceback from the web server (or tabs that stay blank). The
server makes a secret token at every start and prints it in the address to open: only whoever
has that address gets in (bigfive_tui/web/access.py). Only this computer can reach the server
unless ``--host`` says otherwise, and then the server says so.
"""

from __future__ import annotations

import argparse
import os
import shlex
import socket
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bigfive_tui.listen_address import (
    DEFAULT_HOST,
    ListenError,
    check_port,
    is_local,
    port_problem,
)

if TYPE_CHECKING:
    from bigfive_tui.web.access import Access

DEFAULT_PORT = 8000


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"the address to listen on (default {DEFAULT_HOST}: only this computer can reach "
        "the game; 0.0.0.0 lets every computer that can reach this one try, and the token in "
        "the printed address is then the only way in)",
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})"
    )
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="where autosaves, saves and settings live (default: the user data and config "
        "folders, as for the game in a terminal; BIGFIVE_DATA_DIR works too)",
    )


class ServeError(Exception):
    """A flag the server cannot work with; the message says why and what to do."""


def run(args: argparse.Namespace) -> int:
    if args.data_dir:
        os.environ["BIGFIVE_DATA_DIR"] = str(Path(args.data_dir).expanduser().absolute())

    from bigfive_tui.app.files.saves import data_dir

    try:
        local = is_local(args.host)
        check_port(args.host, args.port, DEFAULT_PORT)
        check_data_dir(data_dir(), "--data-dir" if args.data_dir else "the data folder")
    except (ListenError, ServeError) as problem:
        print(f"bigfive serve: {problem}", file=sys.stderr)
        return 2

    from bigfive_tui.app.main import BigFiveApp
    from bigfive_tui.web.access import Access
    from bigfive_tui.web.server import GameServer

    access = Access(args.port)
    print(greeting(args.host, args.port, local, data_dir(), access), flush=True)
    if not local:
        print(warning(args.host, args.port, data_dir()), file=sys.stderr, flush=True)
    # exec: the game process is the server's own child, and ends when the server is gone.
    game = shlex.join([sys.executable, "-m", "bigfive_tui.cli", "play", "--browser-tab"])
    command = f"exec {game}"
    server = GameServer(
        command, host=args.host, port=args.port, title=BigFiveApp.TITLE, access=access
    )
    try:
        server.serve()
    except OSError as error:  # the port was taken between the check and the start
        taken = port_problem(args.host, args.port, error, DEFAULT_PORT)
        print(f"bigfive serve: {taken}", file=sys.stderr)
        return 1
    return 0


def check_data_dir(folder: Path, named: str) -> None:
    """Raise ServeError unless ``folder`` is a folder the tabs' games can keep files in (made
    if missing): a file, a FIFO or a device there would leave every tab blank."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        pass
    except OSError as error:
        raise ServeError(
            f"{named} {folder} cannot be made ({error.strerror or error}); give a folder with "
            "--data-dir"
        ) from None
    if not folder.is_dir():
        raise ServeError(
            f"{named} {folder} is {kind_of(folder)}, not a folder; give a folder for autosaves, "
            "saves and settings with --data-dir"
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ServeError(f"{named} {folder} is a folder this user cannot write in")


def kind_of(path: Path) -> str:
    """What ``path`` is, in words ('a file', 'a FIFO', …)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return "not reachable"
    for test, words in (
        (stat.S_ISREG, "a file"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
    ):
        if test(mode):
            return words
    return "not a folder"


def url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def greeting(host: str, port: int, local: bool, data: Path, access: Access) -> str:
    from bigfive_tui.app.main import BigFiveApp

    unspecified = host in ("0.0.0.0", "::")
    where = url(socket.gethostname(), port) if unspecified else url(host, port)
    lines = [f"{BigFiveApp.TITLE}: open {access.address(where)} in a web browser."]
    if local:
        lines.append(
            f"Only this computer can reach it: the server listens on {host} (--host changes "
            "that); the token in the address lets in only whoever has it."
        )
    elif unspecified:
        here = url("127.0.0.1" if host == "0.0.0.0" else "::1", port)
        lines.append(f"On this computer: {access.address(here)}")
    lines += [
        f"Each browser tab plays a game of its own; autosaves and saves go to {data}.",
        "Ctrl+C stops the server.",
    ]
    return "\n".join(lines)


def warning(host: str, port: int, data: Path) -> str:
    return (
        f"Warning: the server listens on {host}, not on this computer alone: every computer "
        f"that can reach port {port} of this one can try to come in. The token in the address "
        "is the only way in: whoever has the address can play, and can load, save and start "
        f"games in {data}. Give it only to people you would let do that; the page and the "
        "token travel unencrypted (plain http), so use a network you trust. Leave out --host "
        "to keep the game to this computer."
    )
