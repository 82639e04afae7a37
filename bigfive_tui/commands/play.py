"""``bigfive play`` (also plain ``bigfive``): open the game in the terminal."""

from __future__ import annotations

import argparse


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=None, help="seed for the board and dice")
    parser.add_argument("--load", metavar="FILE", help="open a saved game")
    parser.add_argument(
        "--theme", default=None, help="a Textual theme name (default: savanna; try textual-light)"
    )
    parser.add_argument(
        "--debug",
        action="store_true",
        help="debug mode: step through the rule resolution of every action (F12 toggles it)",
    )
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="where autosave and saves live (default: the user data folder; "
        "BIGFIVE_DATA_DIR works too)",
    )


def run(args: argparse.Namespace) -> int:
    import os
    from pathlib import Path

    if args.data_dir:
        os.environ["BIGFIVE_DATA_DIR"] = args.data_dir

    from bigfive_tui.app import saves
    from bigfive_tui.app.main import BigFiveApp
    from bigfive_tui.app.themes import DEFAULT_THEME

    session = None
    computer: frozenset[int] = frozenset()
    if args.load:
        try:
            loaded = saves.read_save(Path(args.load))
        except saves.SaveError as problem:
            print(f"bigfive: {problem}")
            return 2
        session, computer = loaded.session, loaded.computer_seats
    app = BigFiveApp(
        session=session,
        computer_seats=computer,
        seed=args.seed,
        theme=args.theme or DEFAULT_THEME,
        step_through=args.debug,
    )
    if app.theme != (args.theme or DEFAULT_THEME):
        print(f"bigfive: unknown theme {args.theme!r}")
        return 2
    app.run()
    return 0
