"""The ``bigfive`` command. Each subcommand lives in ``bigfive_tui/commands/<name>.py`` with
``configure(parser)`` and ``run(args) -> exit code``; modules load only when their command runs,
so ``bigfive board`` never pays for importing Textual."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from bigfive_tui import __version__

COMMANDS = {
    "play": "open the game (the default)",
    "board": "print an assembled board",
    "rules": "show the rules (docs/rules.md)",
    "simulate": "play many games with computer players and report",
    "scenario": "run a scenario file and check its expectations",
    "replay": "open a saved game on its timeline",
    "playthrough": "write every state, legal action and rule step of a game",
    "serve": "play in a web browser: serve the game on this computer",
    "photo-safari": "play Photo Safari, the second game in the box",
}


def _module(command: str) -> str:
    return f"bigfive_tui.commands.{command.replace('-', '_')}"


def _parser(
    command: str | None = None,
) -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The parser and each command's own; only ``command``'s options are added (all commands'
    when None).

    Options matter only to the command that runs, and adding a command's options imports its
    module (``simulate`` pulls in the engine): ``bigfive play`` should not pay for the others.
    The list of commands in ``bigfive --help`` needs only their summaries."""
    parser = argparse.ArgumentParser(
        prog="bigfive", description="The Big Five: Safari Tour, a cooperative safari in a terminal."
    )
    parser.add_argument("--version", action="version", version=f"bigfive {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    subs: dict[str, argparse.ArgumentParser] = {}
    for name, summary in COMMANDS.items():
        subs[name] = commands.add_parser(name, help=summary, description=summary)
        if command is None or name == command:
            importlib.import_module(_module(name)).configure(subs[name])
    return parser, subs


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if not args or (args[0].startswith("-") and args[0] not in ("-h", "--help", "--version")):
        args = ["play", *args]  # `bigfive --seed 4` means `bigfive play --seed 4`
    parser, subs = _parser(args[0] if args[0] in COMMANDS else None)
    parsed, unknown = parser.parse_known_args(args)
    if unknown:
        # argparse hands a command's unknown options up to the top parser, whose usage lists
        # only the commands: the command's own parser says it, with the command's options.
        subs[parsed.command].error(f"unrecognized arguments: {' '.join(unknown)}")
    module = importlib.import_module(_module(parsed.command))
    result: int = module.run(parsed)
    return result


if __name__ == "__main__":
    sys.exit(main())
