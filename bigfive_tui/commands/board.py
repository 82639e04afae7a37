"""``bigfive board``: print an assembled board with rich."""

from __future__ import annotations

import argparse
import random


def configure(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--seed", type=int, default=None, help="random board from this seed")
    source.add_argument("--layout", metavar="FILE", help="a layout file or a shipped layout name")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from bigfive_tui.assets import load_layout, seeded_board
    from bigfive_tui.boardprint import board_renderable
    from bigfive_tui.engine.boardspec import BoardFileError

    console = Console() if Console().is_terminal else Console(width=120)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    try:
        board = load_layout(args.layout) if args.layout else seeded_board(seed)
    except BoardFileError as error:
        Console(stderr=True).print(f"[bold red]error:[/] {error}", highlight=False)
        return 2
    console.print(board_renderable(board))
    return 0
