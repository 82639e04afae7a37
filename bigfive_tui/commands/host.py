"""``bigfive host``: open a table on this computer that others join (``bigfive join``).

With no flags the game opens on its new-game screen, which sets the game up as in hot-seat,
and the person here takes the first seat not played by the computer. ``--guides`` opens the
table without a screen instead (a host on a server): it prints each table's invitation and
keeps the tables until Ctrl+C. Either way the tables are kept in the data folder and opened
again at the next start, so that everybody can come back after a restart.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from bigfive_tui.listen_address import ListenError, check_port, is_local

DEFAULT_PORT = 8765
GUIDES = ("jack", "david", "anna", "kate", "sam")


def guide_list(text: str, least: int = 2) -> list[str]:
    names = [name.strip().lower() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in GUIDES]
    if unknown or not least <= len(names) <= 5 or len(set(names)) != len(names):
        raise argparse.ArgumentTypeError(
            f"{text[:60]!r}: give {least} to 5 different guides, comma-separated, from "
            + ", ".join(GUIDES)
        )
    return names


def some_guides(text: str) -> list[str]:
    return guide_list(text, least=1)


def configure(parser: argparse.ArgumentParser) -> None:
    from bigfive_tui.commands.values import seed_value

    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: only this computer; 0.0.0.0 lets "
        "other computers join, with the invitation's secret)",
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})"
    )
    parser.add_argument(
        "--guides",
        type=guide_list,
        metavar="A,B,…",
        help="open a table of these guides without a screen (jack,anna,kate …) and print its "
        "invitation; without it the new-game screen sets the game up",
    )
    parser.add_argument(
        "--computer",
        type=some_guides,
        default=[],
        metavar="A,B",
        help="with --guides: the guides computer teammates play",
    )
    parser.add_argument("--seed", type=seed_value, default=None, help="with --guides: the seed")
    parser.add_argument(
        "--difficulty", choices=("beginner", "normal", "expert"), default="beginner"
    )
    parser.add_argument(
        "--data-dir", metavar="DIR", help="where tables are kept (default: the user data folder)"
    )


def run(args: argparse.Namespace) -> int:
    if args.data_dir:
        os.environ["BIGFIVE_DATA_DIR"] = str(Path(args.data_dir).expanduser().absolute())
    try:
        is_local(args.host)
        check_port(args.host, args.port, DEFAULT_PORT)
    except ListenError as problem:
        print(f"bigfive host: {problem}", file=sys.stderr)
        return 2
    from bigfive_tui.app.files.saves import data_dir
    from bigfive_tui.files.writing import NotAFolder, writable_folder
    from bigfive_tui.online.keeping import tables_folder

    try:  # a host that cannot keep its tables would lose them all at its next start
        writable_folder(tables_folder(data_dir()))
    except NotAFolder as problem:
        where = "--data-dir" if args.data_dir else "the data folder"
        print(
            f"bigfive host: tables cannot be kept: {problem.strerror} (give a folder with "
            f"--data-dir; {where} is {data_dir()})",
            file=sys.stderr,
        )
        return 2
    if args.guides is None:
        if args.computer:
            print("bigfive host: --computer goes with --guides", file=sys.stderr)
            return 2
        from bigfive_tui.online.terminal.app import HostApp

        HostApp(args.host, args.port).run()
        return 0
    strays = [name for name in args.computer if name not in args.guides]
    if strays:
        print(f"bigfive host: --computer {','.join(strays)} is not among --guides", file=sys.stderr)
        return 2
    from bigfive_tui.online.serving import serve_forever

    return serve_forever(
        args.host, args.port, args.guides, args.computer, args.seed, args.difficulty
    )
