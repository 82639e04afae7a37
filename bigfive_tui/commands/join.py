"""``bigfive join INVITATION``: sit at a table another computer hosts (``bigfive host``)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

GUIDES = ("jack", "david", "anna", "kate", "sam")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "invitation", help="the address the host printed: http://HOST:PORT/t/CODE?key=SECRET"
    )
    seat = parser.add_mutually_exclusive_group()
    seat.add_argument(
        "--seat",
        choices=GUIDES,
        help="the guide to play (default: the seat this computer had at the table, else a "
        "choice among the free seats)",
    )
    seat.add_argument("--watch", action="store_true", help="watch without a seat")
    parser.add_argument("--name", default="", help="your name, as the others see it")
    parser.add_argument(
        "--as",
        dest="who",
        default="",
        metavar="ID",
        help="remember the seat under ID (a host's browser tabs: the browser's)",
    )
    parser.add_argument("--theme", default=None, help="the colour theme")
    parser.add_argument(
        "--data-dir", metavar="DIR", help="where settings and remembered seats live"
    )


def run(args: argparse.Namespace) -> int:
    from bigfive_tui.online.invitation import InvitationError, parse_invitation

    if args.data_dir:
        os.environ["BIGFIVE_DATA_DIR"] = str(Path(args.data_dir).expanduser().absolute())
    try:
        invitation = parse_invitation(args.invitation)
    except InvitationError as problem:
        print(f"bigfive join: {problem}", file=sys.stderr)
        return 2
    from bigfive_tui.app.files import settings
    from bigfive_tui.app.files.saves import data_dir
    from bigfive_tui.online.remembered import remembered_seat
    from bigfive_tui.online.terminal.app import JoinApp

    seat: int | None = None
    secret: str | None = None
    who = "".join(c for c in args.who if c.isalnum() or c in "-_")[:64]
    remembered = remembered_seat(data_dir(), invitation, who)
    if args.seat is None and not args.watch and remembered is not None:
        seat, secret = remembered
    app = JoinApp(
        invitation,
        seat,
        seat_secret=secret,
        name=args.name[:40],
        guide=args.seat,
        offer_seats=args.seat is None and not args.watch and remembered is None,
        who=who,
        theme=args.theme or settings.remembered_theme() or "textual-dark",
    )
    if args.theme and app.theme != args.theme:
        from bigfive_tui.safe_text import printable

        print(f"bigfive join: unknown theme {printable(args.theme)!r}", file=sys.stderr)
        return 2
    app.run()
    return app.return_code or 0
