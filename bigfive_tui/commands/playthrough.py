"""``bigfive playthrough``: write a seeded game whole - every state, legal action list and rule
step - OpenSpiel style; ``--golden DIR`` writes the golden files the tests compare with.

Only regular files are written, and an existing one is replaced only when asked: ``--force``,
or ``--golden`` over the golden playthroughs it writes again (bigfive_tui/playthrough.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bigfive_tui.commands.values import plain_seed, seed_value
from bigfive_tui.safe_text import printable

if TYPE_CHECKING:
    from bigfive_tui.playthrough import Setup

POLICIES = ("random", "greedy")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seed", type=seed_value, default=1, metavar="N", help="the game's seed (1; to 2^63-1)"
    )
    parser.add_argument(
        "--guides", default="jack,kate", metavar="LIST", help="guides in seat order (jack,kate)"
    )
    parser.add_argument(
        "--policy",
        default="random",
        metavar="NAME",
        help="random (an action kind uniformly, then an action of it; the default) or greedy",
    )
    parser.add_argument(
        "--difficulty", default="normal", metavar="LEVEL", help="beginner, normal or expert"
    )
    parser.add_argument(
        "--board",
        metavar="LAYOUT|N",
        help="a shipped layout name, a layout file, or the seed of a random board "
        "(default: a random board from --seed)",
    )
    parser.add_argument(
        "--short", default="", metavar="LIST", help="species out of the game (R-variant-short)"
    )
    parser.add_argument(
        "--play-seed",
        type=seed_value,
        metavar="S",
        help="seed of the policy's choices (default --seed)",
    )
    parser.add_argument(
        "--max-lines",
        type=int,
        default=None,
        metavar="N",
        help="stop the game once the text is this long (1450; the game may end sooner)",
    )
    parser.add_argument("--name", default="", help="a title for the first line")
    parser.add_argument(
        "--out",
        metavar="FILE",
        help="write to FILE instead of standard output (a new file; --force replaces one)",
    )
    parser.add_argument(
        "--golden",
        metavar="DIR",
        help="write the golden playthroughs of the tests into DIR (tests/playthroughs), "
        "replacing the golden playthroughs there (another file of their names: --force)",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="replace an existing regular file (never a folder, device or FIFO)",
    )


class UsageError(ValueError):
    """A flag value that makes no sense; reported with exit status 2."""


def _setup(args: argparse.Namespace) -> Setup:
    from bigfive_tui.engine.content import Difficulty, Species
    from bigfive_tui.playthrough import MAX_LINES, Setup
    from bigfive_tui.simulation.settings import UsageError as GuidesError
    from bigfive_tui.simulation.settings import parse_guides

    try:
        guides = parse_guides(args.guides)
    except GuidesError as error:
        raise UsageError(f"--guides: {error}") from None
    try:
        difficulty = Difficulty[args.difficulty.upper()]
    except KeyError:
        raise UsageError(
            f"--difficulty: unknown level {args.difficulty!r}; choose beginner, normal or expert"
        ) from None
    removed = []
    for name in filter(None, (part.strip() for part in args.short.split(","))):
        if name.upper() not in Species.__members__ or name.lower() == "buffalo":
            raise UsageError(f"--short: {name!r}; take out lion, leopard, elephant or rhino")
        removed.append(Species[name.upper()])
    policy = args.policy.lower()
    if policy not in POLICIES:
        raise UsageError(f"--policy: unknown policy {args.policy!r}; choose random or greedy")
    board: str | int = args.seed if args.board is None else args.board
    if isinstance(board, str) and not board.strip():
        raise UsageError("--board needs a layout's name or file, or a random board's seed")
    if isinstance(board, str) and board.isascii() and board.isdigit():
        if plain_seed(board) is None:
            raise UsageError(
                f"--board: a random board's seed is 0 to 2^63-1, got a number of {len(board)} "
                "digits"
            )
        board = int(board)
    max_lines = MAX_LINES if args.max_lines is None else args.max_lines
    if max_lines < 1:
        raise UsageError(f"--max-lines must be at least 1, got {max_lines}")
    return Setup(
        name=args.name,
        board=board,
        guides=guides,
        difficulty=difficulty,
        seed=args.seed,
        play_seed=args.seed if args.play_seed is None else args.play_seed,
        removed=tuple(removed),
        policy=policy,
        max_lines=max_lines,
    )


def run(args: argparse.Namespace) -> int:
    from bigfive_tui.engine.actions import IllegalAction
    from bigfive_tui.engine.pieces import BoardFileError
    from bigfive_tui.playthrough import (
        OutputRefused,
        check_output,
        write,
        write_golden,
        write_output,
    )

    try:
        if args.golden == "" or args.out == "":  # an empty name is no place to write
            raise UsageError(
                "--golden needs a folder" if args.golden == "" else "--out needs a file name"
            )
        if args.golden is not None:
            for path in write_golden(Path(args.golden), force=args.force):
                print(f"wrote {path}")
            return 0
        setup = _setup(args)
        out = Path(args.out) if args.out is not None else None
        if out is not None:
            check_output(out, replace=args.force)
        text = write(setup)
        if out is not None:
            write_output(out, text, replace=args.force)
        else:
            sys.stdout.write(text)
    except BoardFileError as error:
        print(f"bigfive playthrough: --board: {printable(str(error))}", file=sys.stderr)
        return 2
    except (UsageError, OutputRefused, IllegalAction) as error:
        print(f"bigfive playthrough: {printable(str(error))}", file=sys.stderr)
        return 2
    return 0
