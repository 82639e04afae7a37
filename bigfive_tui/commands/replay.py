"""``bigfive replay SAVE``: open a saved game on its timeline, from its first step."""

from __future__ import annotations

import argparse
import sys


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", metavar="SAVE", help="a saved game (or a bare game record)")
    parser.add_argument(
        "--debug",
        action="store_true",
        help="debug mode: play on from any moment of an unfinished game too (a finished game "
        "allows it anyway)",
    )
    parser.add_argument("--theme", default=None, help="a Textual theme name")
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help="where saves live (the line a replay leaves when it plays on is kept there)",
    )


def run(args: argparse.Namespace) -> int:
    import os
    from pathlib import Path

    if args.data_dir:
        os.environ["BIGFIVE_DATA_DIR"] = args.data_dir
    from bigfive_tui.app.drawing.themes import DEFAULT_THEME
    from bigfive_tui.app.files import saves, settings
    from bigfive_tui.app.main import BigFiveApp
    from bigfive_tui.safe_text import printable

    try:
        loaded = saves.read_save(Path(args.save))
    except saves.SaveError as problem:
        print(f"bigfive replay: {printable(str(problem))}", file=sys.stderr)
        return 2
    if loaded.doubt:
        print(
            f"bigfive replay: {printable(loaded.doubt.split('?')[0])}; replaying what replays.",
            file=sys.stderr,
        )
    app = BigFiveApp(
        session=loaded.session,
        computer_seats=loaded.computer_seats,
        theme=args.theme or settings.remembered_theme() or DEFAULT_THEME,
        step_through=args.debug,
        drawing=settings.remembered_drawing(),
        replay=True,
    )
    if args.theme and app.theme != args.theme:
        print(f"bigfive replay: unknown theme {printable(args.theme)!r}", file=sys.stderr)
        return 2
    app.run()
    return app.return_code or 0
