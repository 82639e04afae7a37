"""``bigfive rules``: show docs/rules.md."""

from __future__ import annotations

import argparse


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--plain", action="store_true", help="print the Markdown source")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markdown import Markdown

    from bigfive_tui.assets import rules_path

    text = rules_path().read_text(encoding="utf-8")
    console = Console()
    if args.plain:
        console.print(text, markup=False, highlight=False)
    else:
        console.print(Markdown(text))
    return 0
