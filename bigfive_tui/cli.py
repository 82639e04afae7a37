"""The ``bigfive`` command. Each subcommand lives in ``bigfive_tui/commands/<name>.py`` with
``configure(parser)`` and ``run(args) -> exit code``; modules load only when their command runs,
so ``bigfive board`` never pays for importing Textual."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn

from bigfive_tui import __version__

if TYPE_CHECKING:
    import argparse

COMMANDS = {
    "play": "open the game (the default)",
    "learn": "learn to play: a guided first game, one thing at a time",
    "board": "print an assembled board",
    "rules": "show the rules (docs/rules.md)",
    "simulate": "play many games with computer players and report",
    "scenario": "run a scenario file and check its expectations",
    "replay": "open a saved game on its timeline",
    "playthrough": "write every state, legal action and rule step of a game",
    "serve": "play in a web browser: serve the game on this computer",
    "photo-safari": "play Photo Safari, the second game in the box",
    "host": "play together: open a table others join",
    "join": "play together: join a host's table",
}


def _module(command: str) -> str:
    return f"bigfive_tui.commands.{command.replace('-', '_')}"


def _command_parser(command: str) -> argparse.ArgumentParser:
    """``command``'s own parser, made alone (adding a command's options imports its module:
    ``simulate`` pulls in the engine). The whole command line's parser makes one for every
    command, which cost ``bigfive play`` ~6 M instructions of its start-up, for nothing."""
    import argparse

    summary = COMMANDS[command]
    parser = argparse.ArgumentParser(prog=f"bigfive {command}", description=summary)
    importlib.import_module(_module(command)).configure(parser)
    return parser


def _answer_without_command(args: list[str]) -> NoReturn:
    """``--help`` (the list of commands), ``--version`` or an unknown command: the whole
    command line answers, and argparse ends the program."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="bigfive", description="The Big Five: Safari Tour, a cooperative safari in a terminal."
    )
    parser.add_argument("--version", action="version", version=f"bigfive {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, summary in COMMANDS.items():
        commands.add_parser(name, help=summary, description=summary)
    parser.parse_args(args)
    raise AssertionError(f"argparse let {args!r} through without a command")


def _command_first(args: list[str]) -> list[str]:
    """Options written before the command are its options: ``bigfive --data-dir X replay FILE``
    means ``bigfive replay --data-dir X FILE``. The first command name after leading options
    is the command; a line with none stays as it is (``bigfive --seed 4`` is ``play``)."""
    if not args or not args[0].startswith("-"):
        return args
    for place, word in enumerate(args):
        if word in COMMANDS:
            return [word, *args[:place], *args[place + 1 :]]
        if word == "--":
            break
    return args


def main(argv: Sequence[str] | None = None) -> int:
    # bigfive takes no pydantic plugins: looking for them reads every installed package's entry
    # points (15-21 M instructions of a loaded game's start-up, docs/benchmarks.md). pydantic
    # documents this variable ("Disabling Plugins"); a player's own setting is kept.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    args = _command_first(sys.argv[1:] if argv is None else list(argv))
    if not args or (args[0].startswith("-") and args[0] not in ("-h", "--help", "--version")):
        args = ["play", *args]  # `bigfive --seed 4` means `bigfive play --seed 4`
    command = args[0]
    if command not in COMMANDS:
        _answer_without_command(args)
    parsed = _command_parser(command).parse_args(args[1:])
    module = importlib.import_module(_module(command))
    result: int = module.run(parsed)
    return result


if __name__ == "__main__":
    sys.exit(main())
