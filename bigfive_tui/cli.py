"""The ``bigfive`` command. Each subcommand lives in ``bigfive_tui/commands/<name>.py`` with
``configure(parser)`` and ``run(args) -> exit code``; modules load only when their command runs,
so ``bigfive board`` never pays for importing Textual."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

COMMANDS = {
    "play": "open the game (the default)",
    "board": "print an assembled board",
    "rules": "show the rules (docs/rules.md)",
    "simulate": "play many games with computer players and report",
    "scenario": "run a scenario file and check its expectations",
    "photo-safari": "Photo Safari, the second game in the box",
}


def _module(command: str) -> str:
    return f"bigfive_tui.commands.{command.replace('-', '_')}"


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; only ``command``'s options are added (all commands' when None).

    Options matter only to the command that runs, and adding a command's options imports its
    module (``simulate`` pulls in the engine): ``bigfive play`` should not pay for the others.
    The list of commands in ``bigfive --help`` needs only their summaries."""
    parser = argparse.ArgumentParser(
        prog="bigfive", description="The Big Five: Safari Tour, a cooperative safari in a terminal."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, summary in COMMANDS.items():
        sub = commands.add_parser(name, help=summary, description=summary)
        if command is None or name == command:
            importlib.import_module(_module(name)).configure(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if not args or (args[0].startswith("-") and args[0] not in ("-h", "--help")):
        args = ["play", *args]  # `bigfive --seed 4` means `bigfive play --seed 4`
    parsed = _parser(args[0] if args[0] in COMMANDS else None).parse_args(args)
    module = importlib.import_module(_module(parsed.command))
    result: int = module.run(parsed)
    return result


if __name__ == "__main__":
    sys.exit(main())
