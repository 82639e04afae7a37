"""The ``bigfive`` command: play (default), board, rules, simulate, scenario."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bigfive", description="The Big Five: Safari Tour, cooperative safari in a terminal."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("play", help="open the game (the default)")

    board = commands.add_parser("board", help="print an assembled board")
    source = board.add_mutually_exclusive_group()
    source.add_argument("--seed", type=int, default=None, help="random board from this seed")
    source.add_argument("--layout", metavar="FILE", help="layout file or shipped layout name")

    commands.add_parser("rules", help="show the rules (docs/rules.md)")
    return parser


def _board(args: argparse.Namespace) -> int:
    from rich.console import Console

    from bigfive_tui.assets import load_layout, seeded_board
    from bigfive_tui.boardprint import board_renderable
    from bigfive_tui.engine.boardspec import BoardFileError

    console = Console()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    try:
        board = load_layout(args.layout) if args.layout else seeded_board(seed)
    except BoardFileError as error:
        console.print(f"[bold red]error:[/] {error}", highlight=False)
        return 2
    console.print(board_renderable(board))
    return 0


def _rules(_: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markdown import Markdown

    from bigfive_tui.assets import rules_path

    Console().print(Markdown(rules_path().read_text(encoding="utf-8")))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    handlers = {"board": _board, "rules": _rules}
    handler = handlers.get(args.command)
    if handler is None:
        from bigfive_tui.app.main import run_app

        return run_app()
    return handler(args)


if __name__ == "__main__":
    sys.exit(main())
