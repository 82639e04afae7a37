"""Opening the app from the command line: its flags (``bigfive play`` and ``bigfive
photo-safari`` read the same ones, but for the Big Five's scenario files) and the start from
them. A helper of those two commands, as values.py and output.py are of all of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse


def configure(
    parser: argparse.ArgumentParser,
    seed_help: str = "seed for the board and dice",
    *,
    scenarios: bool = True,
) -> None:
    """The options of opening the app (``bigfive photo-safari`` has them too, but for the Big
    Five's scenario files)."""
    from bigfive_tui.commands.values import seed_value

    parser.add_argument("--seed", type=seed_value, default=None, help=f"{seed_help} (0 to 2^63-1)")
    opening = parser.add_mutually_exclusive_group()
    opening.add_argument("--load", metavar="FILE", help="open a saved game")
    if scenarios:
        opening.add_argument(
            "--scenario",
            metavar="FILE",
            help="play on from the position a scenario file sets up (docs/scenarios.md; an "
            "exported position too); its [play] actions are for 'bigfive scenario run'",
        )
    parser.add_argument(
        "--theme", default=None, help="a Textual theme name (default: savanna; try textual-light)"
    )
    parser.add_argument(
        "--debug",
        action="store_true",
        help="debug mode: step through the rule resolution of every action (F12 or W toggles it)",
    )
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="where autosave, saves and settings live (default: the user data and config "
        "folders; BIGFIVE_DATA_DIR works too)",
    )
    autosave = parser.add_mutually_exclusive_group()
    autosave.add_argument(
        "--autosave",
        metavar="FILE",
        help="autosave to FILE, and continue the game in it, instead of autosave.json in the "
        "data folder (BIGFIVE_AUTOSAVE works too); named saves stay in the data folder. Games "
        "started side by side with files of their own never touch each other's",
    )
    autosave.add_argument(
        "--browser-tab",
        action="store_true",
        help="play as a tab of `bigfive serve`: an autosave file of this game's own in the data "
        "folder's browser-tabs folder, going on with the newest game there that no open tab plays",
    )


def launch(args: argparse.Namespace, **app_options: object) -> int:
    """Open the app as ``args`` say; ``app_options`` go to the app as they are (the game whose
    new-game screen opens, for one)."""
    import gc
    import os
    import shutil
    import sys
    from pathlib import Path

    from bigfive_tui.safe_text import printable

    if args.data_dir:
        os.environ["BIGFIVE_DATA_DIR"] = args.data_dir
    if args.autosave:
        autosave = Path(args.autosave).expanduser().absolute()
        if autosave.is_dir():
            print(
                f"bigfive: --autosave {printable(args.autosave)} is a folder; give a file name",
                file=sys.stderr,
            )
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
        from bigfive_tui.app.drawing.themes import DEFAULT_THEME
        from bigfive_tui.app.files import saves, settings
        from bigfive_tui.app.main import BigFiveApp
        from bigfive_tui.app.setups.games import BIG_FIVE

        if args.browser_tab:
            from bigfive_tui.web.tabs import FOLDER_NAME, claim_autosave

            folder = saves.data_dir() / FOLDER_NAME
            try:
                own, _ = claim_autosave(folder)
            except OSError as problem:
                print(
                    f"bigfive: no autosave file for this tab in {printable(str(folder))}: "
                    f"{printable(str(problem))}",
                    file=sys.stderr,
                )
                return 2
            os.environ[saves.AUTOSAVE_ENV] = str(own)

        loaded = None
        if getattr(args, "scenario", None):
            from bigfive_tui.app.files.positions import PositionError, import_scenario

            try:
                imported = import_scenario(Path(args.scenario))
            except PositionError as problem:
                print(f"bigfive: {printable(str(problem))}", file=sys.stderr)
                return 2
            loaded = saves.LoadedGame(imported, frozenset(), "", Path(args.scenario))
        if args.load:
            try:
                loaded = saves.read_save(Path(args.load))
            except saves.SaveError as problem:
                print(f"bigfive: {printable(str(problem))}", file=sys.stderr)
                return 2
        gc.freeze()
    finally:
        if collecting:
            gc.enable()
    if "game" not in app_options:  # the new-game screen of the game started last
        app_options["game"] = settings.remembered_game() or BIG_FIVE
    app = BigFiveApp(
        pending=loaded,
        seed=args.seed,
        theme=args.theme or settings.remembered_theme() or DEFAULT_THEME,
        step_through=args.debug,
        drawing=settings.remembered_drawing(),
        **app_options,  # type: ignore[arg-type]
    )
    if args.theme and app.theme != args.theme:
        width = shutil.get_terminal_size().columns
        from bigfive_tui.app.drawing.themes import theme_list

        names = theme_list(list(app.available_themes), width)
        print(
            f"bigfive: unknown theme {printable(args.theme)!r}; the themes are:\n{names}",
            file=sys.stderr,
        )
        return 2
    if args.browser_tab:
        from bigfive_tui.web.tabs import end_with_server

        end_with_server(app)
    app.run()
    # Textual shows the traceback of an exception that ended the app and sets this to 1.
    return app.return_code or 0
