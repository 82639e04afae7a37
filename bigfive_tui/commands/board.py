"""``bigfive board``: print an assembled board with rich."""

from __future__ import annotations

import argparse
import random
import shlex

from bigfive_tui.commands.values import seed_value


def configure(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument(
        "--seed", type=seed_value, default=None, help="random board from this seed (0 to 2^63-1)"
    )
    source.add_argument("--layout", metavar="FILE", help="a layout file or a shipped layout name")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from bigfive_tui.assets import load_layout, seeded_board
    from bigfive_tui.boardprint import board_renderable, too_narrow_message
    from bigfive_tui.engine.pieces import BoardFileError
    from bigfive_tui.printing.output import print_error
    from bigfive_tui.safe_text import printable

    console = Console() if Console().is_terminal else Console(width=120)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    try:
        board = load_layout(args.layout) if args.layout else seeded_board(seed)
    except BoardFileError as error:
        print_error(Console(stderr=True), "error", error)
        return 2
    again = f"--layout {shlex.quote(args.layout)}" if args.layout else f"--seed {seed}"
    narrow = too_narrow_message(board, console.width, again) if console.is_terminal else None
    if narrow:
        Console(stderr=True).print(printable(narrow), highlight=False, markup=False)
        return 1
    console.print(board_renderable(board))
    return 0
