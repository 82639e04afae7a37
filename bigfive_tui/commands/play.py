"""``bigfive`` / ``bigfive play``: open the game in the terminal."""

from __future__ import annotations

import argparse


def configure(parser: argparse.ArgumentParser) -> None:
    from bigfive_tui.commands.opening import configure as app_flags

    app_flags(parser)


def run(args: argparse.Namespace) -> int:
    from bigfive_tui.commands.opening import launch

    return launch(args)
