"""``bigfive rules``: show docs/rules.md (``bigfive photo-safari rules`` shows its own file)."""

from __future__ import annotations

import argparse


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--plain", action="store_true", help="print the Markdown source")
    parser.add_argument(
        "--no-pager", action="store_true", help="print straight to the terminal, without a pager"
    )


def run(args: argparse.Namespace) -> int:
    from bigfive_tui.assets import rules_path
    from bigfive_tui.commands.pager import show

    return show(rules_path(), plain=args.plain, no_pager=args.no_pager)
