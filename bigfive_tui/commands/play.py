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
    parser.add_argument(
        "--autosave",
        metavar="FILE",
        help="autosave to FILE, and continue the game in it, instead of autosave.json in the "
        "data folder (BIGFIVE_AUTOSAVE works too); named saves stay in the data folder",
    )


def run(args: argparse.Namespace) -> int:
    import gc
    import os
    from pathlib import Path

    if args.data_dir:
        os.environ["BIGFIVE_DATA_DIR"] = args.data_dir
    if args.autosave:
        autosave = Path(args.autosave).expanduser().absolute()
        if autosave.is_dir():
            print(f"bigfive: --autosave {args.autosave} is a folder; give a file name")
            return 2
        os.environ["BIGFIVE_AUTOSAVE"] = str(autosave)

    # Loading creates the objects that live as long as the game (modules, classes, the replayed
    # session): the cyclic garbage collector finds next to nothing to free among them but
    # would walk them all again and again (about 20 ms of start-up in bench/app.py). So it
    # stays off while they are made; then they are frozen out of later collections (which
    # also keeps full collections during play short) and it is on again.
    collecting = gc.isenabled()
    gc.disable()
    try:
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
        gc.freeze()
    finally:
        if collecting:
            gc.enable()
    app = BigFiveApp(
        session=session,
        computer_seats=computer,
        seed=args.seed,
        theme=args.theme or saves.remembered_theme() or DEFAULT_THEME,
        step_through=args.debug,
    )
    if args.theme and app.theme != args.theme:
        known = ", ".join(sorted(app.available_themes))
        print(f"bigfive: unknown theme {args.theme!r}; the themes are: {known}")
        return 2
    app.run()
    return 0
