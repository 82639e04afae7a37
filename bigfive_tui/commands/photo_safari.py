"""``bigfive photo-safari``: the second game in the box.

Without an action it opens the app on Photo Safari (its new-game screen, or the saved game
given by ``--load``). The actions: ``simulate`` (many computer
games), ``scenario run|coverage`` (docs/photo-safari-scenarios.md), ``rules``
(docs/photo-safari.md) and ``board`` (a set-up as text). Bad flags or files exit with status 2
and a message naming what is wrong.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bigfive_tui.photo_safari.engine.state import Layout

SETUP_HELP = "'typical' (the documented set-up), 'random' (from the seed) or a set-up file"


def configure(parser: argparse.ArgumentParser) -> None:
    from bigfive_tui.commands.opening import configure as app_flags

    app_flags(parser, seed_help="seed of a random set-up", scenarios=False)
    parser.add_argument(
        "--setup",
        default=None,
        metavar="SETUP",
        help=f"{SETUP_HELP}, offered on the new-game screen",
    )
    actions = parser.add_subparsers(dest="photo_command", metavar="ACTION")

    simulate = actions.add_parser("simulate", help="play many games between computer players")
    simulate.add_argument("--games", type=int, default=100, metavar="N", help="games to play")
    simulate.add_argument(
        "--players",
        default="planner,greedy",
        metavar="A,B",
        help="two of random, greedy, planner; A is Red in the first game (default planner,greedy)",
    )
    simulate.add_argument("--setup", default="random", metavar="SETUP", help=SETUP_HELP)
    simulate.add_argument("--seed", type=int, default=None, metavar="S", help="seed of game 1")
    simulate.add_argument(
        "--same-colours",
        action="store_true",
        help="A is always Red (by default the players swap colours every game)",
    )
    simulate.add_argument("--json", action="store_true", help="print one JSON object")

    scenario = actions.add_parser("scenario", help="run scenario files and check them")
    scenario_actions = scenario.add_subparsers(dest="scenario_command", metavar="ACTION")
    scenario_actions.required = True
    run_parser = scenario_actions.add_parser("run", help="play scenario files, check them")
    run_parser.add_argument("files", nargs="+", metavar="FILE", help="scenario TOML file(s)")
    run_parser.add_argument("--json", action="store_true", help="print the result as JSON")
    run_parser.add_argument("--board", action="store_true", help="print the position first")
    coverage = scenario_actions.add_parser("coverage", help="rule ids no scenario names yet")
    coverage.add_argument("folder", nargs="?", default="tests/photo_scenarios")

    rules = actions.add_parser("rules", help="show the rules (docs/photo-safari.md)")
    rules.add_argument("--plain", action="store_true", help="print the Markdown source")
    rules.add_argument("--no-pager", action="store_true", help="print without a pager")

    board = actions.add_parser("board", help="print a start set-up as text")
    board.add_argument("--setup", default="typical", metavar="SETUP", help=SETUP_HELP)
    board.add_argument("--seed", type=int, default=None, metavar="S", help="seed of a random one")


def run(args: argparse.Namespace) -> int:
    command = args.photo_command
    if command == "simulate":
        return run_simulate(args)
    if command == "scenario":
        return run_scenarios(args)
    if command == "rules":
        from bigfive_tui.assets import photo_safari_rules_path
        from bigfive_tui.commands.pager import show

        return show(photo_safari_rules_path(), plain=args.plain, no_pager=args.no_pager)
    if command == "board":
        return run_board(args)
    return run_play(args)


def _error(text: str) -> int:
    from rich.console import Console

    from bigfive_tui.printing.output import print_error

    print_error(Console(stderr=True), "error", text)  # text from files: never markup
    return 2


def _seed(seed: int | None) -> int:
    return seed if seed is not None else random.SystemRandom().randrange(1_000_000)


# --------------------------------------------------------------------------- play


def run_play(args: argparse.Namespace) -> int:
    """The app on Photo Safari's new-game screen (or the game of ``--load``, whichever game
    it is), with ``--setup`` offered there."""
    from bigfive_tui.app.setups.games import PHOTO_SAFARI
    from bigfive_tui.commands.opening import launch
    from bigfive_tui.photo_safari.formats.setup_file import SetupFileError
    from bigfive_tui.photo_safari.setups import chosen_layout

    if args.setup:
        try:
            chosen_layout(args.setup, _seed(args.seed))  # a broken file is said here
        except SetupFileError as problem:
            return _error(str(problem))
    return launch(args, game=PHOTO_SAFARI, photo_setup=args.setup)


# --------------------------------------------------------------------------- board


def run_board(args: argparse.Namespace) -> int:
    from bigfive_tui.photo_safari.engine.state import Game, start_state
    from bigfive_tui.photo_safari.formats.setup_file import SetupFileError
    from bigfive_tui.photo_safari.picture import board_lines
    from bigfive_tui.photo_safari.setups import chosen_layout
    from bigfive_tui.safe_text import printable

    seed = _seed(args.seed)
    try:
        layout = chosen_layout(args.setup, seed)
    except SetupFileError as problem:
        return _error(str(problem))
    print(printable(layout.name))  # a name from a file
    print("\n".join(board_lines(start_state(Game(layout, seed)))))
    print("'.' savanna  '#' bush  '~' water  [R] [Y] cameras  Li↑ an animal and its facing")
    return 0


# --------------------------------------------------------------------------- simulate


def run_simulate(args: argparse.Namespace) -> int:
    from rich.console import Console

    from bigfive_tui.photo_safari.formats.setup_file import SetupFileError
    from bigfive_tui.photo_safari.setups import RANDOM, chosen_layout
    from bigfive_tui.photo_safari.simulate import Settings, UsageError, simulate

    names = [name.strip().lower() for name in args.players.split(",")]
    try:
        if len(names) != 2:
            raise UsageError(
                f"--players wants two names, like planner,greedy; got {args.players!r}"
            )
        settings = Settings(
            args.games,
            (names[0], names[1]),
            _seed(args.seed),
            args.setup,
            alternate=not args.same_colours,
        )
        fixed = None if args.setup == RANDOM else chosen_layout(args.setup, 0)
    except (UsageError, SetupFileError) as problem:
        return _error(str(problem))

    def layout_for(seed: int) -> Layout:
        return fixed if fixed is not None else chosen_layout(RANDOM, seed)

    if args.json:
        report = simulate(settings, layout_for)
        sys.stdout.write(json.dumps(report.as_dict(), indent=2) + "\n")
        return 0
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    errors = Console(stderr=True)
    with Progress(
        TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), console=errors, transient=True
    ) as progress:
        task = progress.add_task("games", total=settings.games)
        report = simulate(settings, layout_for, lambda: progress.advance(task))
    from bigfive_tui.printing.photo_safari import print_report

    print_report(Console(highlight=False), report)
    return 0


# --------------------------------------------------------------------------- scenarios


def run_scenarios(args: argparse.Namespace) -> int:
    from rich.console import Console

    from bigfive_tui.photo_safari.scenario import ScenarioError, ScenarioResult
    from bigfive_tui.photo_safari.scenario_files import run_file
    from bigfive_tui.printing.output import print_error
    from bigfive_tui.printing.photo_safari import print_board, report

    if args.scenario_command == "coverage":
        return _coverage(Path(args.folder))
    console = Console(highlight=False)
    errors = Console(stderr=True, highlight=False)
    results: list[dict[str, Any]] = []
    code = 0
    for name in args.files:
        path = Path(name)
        try:
            result = run_file(path)
        except ScenarioError as error:
            if not args.json:  # with --json the error is in the JSON, and stderr stays empty
                print_error(errors, "invalid scenario", error)
            results.append(ScenarioResult(file=str(path), error=str(error)).model_dump(mode="json"))
            code = 2
            continue
        code = max(code, 0 if result.passed else 1)
        if args.json:
            results.append(result.model_dump(mode="json"))
            continue
        if args.board:
            print_board(console, path)
        report(console, result)
    if args.json:
        print(
            json.dumps(results[0] if len(results) == 1 else results, ensure_ascii=False, indent=2)
        )
    return code


def _coverage(folder: Path) -> int:
    from rich.console import Console

    from bigfive_tui.photo_safari.scenario import ScenarioError, parse_scenario
    from bigfive_tui.photo_safari.scenario_files import known_rule_ids, read_scenario

    known = known_rule_ids()
    covered: set[str] = set()
    files = sorted(folder.glob("*.toml"))
    try:
        for path in files:
            covered.update(parse_scenario(read_scenario(path), str(path)).rules)
    except ScenarioError as error:
        Console(stderr=True).print(f"invalid scenario: {error}", markup=False)
        return 2
    missing = sorted(known - covered)
    print(f"{len(files)} scenarios cover {len(known & covered)} of {len(known)} rule ids.")
    if missing:
        print("Not covered by a scenario (each has a test): " + ", ".join(missing))
    return 0
