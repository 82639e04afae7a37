"""``bigfive learn``: Learn to play, a guided first game (docs/tutorial.md)."""

from __future__ import annotations

import argparse
import sys


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        choices=("big-five", "photo-safari"),
        default="big-five",
        help="the game to learn (default: the Big Five)",
    )
    parser.add_argument("--theme", default=None, help="a Textual theme name")


def run(args: argparse.Namespace) -> int:
    from bigfive_tui.app.drawing.themes import DEFAULT_THEME
    from bigfive_tui.app.files import settings
    from bigfive_tui.app.main import BigFiveApp
    from bigfive_tui.app.setups.games import BIG_FIVE, PHOTO_SAFARI
    from bigfive_tui.app.tutorial.screens import load_big_five_tutorial, load_photo_tutorial
    from bigfive_tui.safe_text import printable
    from bigfive_tui.tutorial.steps import TutorialError

    try:  # a broken steps file is told here, before the app
        (load_photo_tutorial if args.game == PHOTO_SAFARI else load_big_five_tutorial)()
    except TutorialError as problem:
        print(f"bigfive learn: {printable(str(problem))}", file=sys.stderr)
        return 2
    app = BigFiveApp(
        theme=args.theme or settings.remembered_theme() or DEFAULT_THEME,
        drawing=settings.remembered_drawing(),
        game=PHOTO_SAFARI if args.game == "photo-safari" else BIG_FIVE,
    )
    if args.theme and app.theme != args.theme:
        print(f"bigfive learn: unknown theme {printable(args.theme)!r}", file=sys.stderr)
        return 2
    app.learn_first = True
    app.run()
    return app.return_code or 0
