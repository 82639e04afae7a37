"""``bigfive scenario run FILE``: set up a position from a scenario file, play it, check it.

Reading files happens here (the engine stays pure): the scenario TOML, the shipped pieces and
layouts, and docs/rules.md for the list of known rule ids. Exit codes: 0 all expectations hold,
1 one failed, 2 the file cannot be used.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

    from bigfive_tui.engine.board import Board
    from bigfive_tui.scenarios.results import ScenarioResult

RULE_ID = re.compile(r"\*\*((?:R|RU)-[a-z0-9-]+)\*\*")


def configure(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="scenario_command", metavar="ACTION", required=True)
    run_parser = actions.add_parser(
        "run", help="play scenario files and check their expectations (docs/scenarios.md)"
    )
    run_parser.add_argument("files", nargs="+", metavar="FILE", help="scenario TOML file(s)")
    output = run_parser.add_mutually_exclusive_group()
    output.add_argument(
        "--json",
        action="store_true",
        help="print only the result as JSON on stdout (one object; a list for several files), "
        "also for invalid files",
    )
    output.add_argument(
        "--board",
        action="store_true",
        help="print the starting position first: the board with its vehicles, tokens and fires",
    )
    coverage = actions.add_parser(
        "coverage", help="list the rule ids of docs/rules.md that no scenario names yet"
    )
    coverage.add_argument(
        "folder", nargs="?", default="tests/scenarios", help="folder of scenario files"
    )


def known_rule_ids() -> set[str]:
    """Rule ids defined in docs/rules.md, so scenarios cannot cite a rule that does not exist."""
    from bigfive_tui.assets import rules_path

    return set(RULE_ID.findall(rules_path().read_text(encoding="utf-8")))


def read_scenario(path: Path) -> dict[str, Any]:
    from bigfive_tui.assets import read_toml
    from bigfive_tui.scenarios.model import ScenarioError

    return read_toml(path, ScenarioError)


def layout_loader(path: Path) -> Any:
    """Shipped layouts by name; a name with a slash or .toml is a file next to the scenario."""
    from bigfive_tui.assets import load_layout

    def load(name: str) -> Board:
        if "/" in name or name.endswith(".toml"):
            return load_layout(str((path.parent / name).resolve()))
        return load_layout(name)

    return load


def run_file(path: Path) -> ScenarioResult:
    """Play one scenario file; an unusable file raises ScenarioError naming it."""
    from bigfive_tui.assets import load_pieces
    from bigfive_tui.scenarios.runner import run

    data = read_scenario(path)
    return run(data, str(path), load_pieces(), layout_loader(path), known_rule_ids())


def run(args: argparse.Namespace) -> int:
    if args.scenario_command == "coverage":
        return coverage(Path(args.folder))
    return run_files(args)


def coverage(folder: Path) -> int:
    """Which rule ids have a scenario (by its ``rules`` list); exit 2 if a file is unusable."""
    from rich.console import Console

    from bigfive_tui.commands.output import print_error
    from bigfive_tui.scenarios.model import ScenarioError, parse_scenario

    console = Console(highlight=False)
    known = known_rule_ids()
    covered: dict[str, list[str]] = {}
    files = sorted(folder.glob("*.toml"))
    try:
        for path in files:
            scenario = parse_scenario(read_scenario(path), str(path))
            for rule in scenario.rules:
                covered.setdefault(rule, []).append(path.name)
    except ScenarioError as error:
        print_error(Console(stderr=True), "invalid scenario", error)
        return 2
    rules = sorted(known, key=_rule_order())
    missing = [rule for rule in rules if rule not in covered]
    console.print(
        f"{len(files)} scenarios cover {len(known) - len(missing)} of {len(known)} rule ids.",
        markup=False,
    )
    if missing:
        console.print("Not covered yet: " + ", ".join(missing), markup=False)
    unknown = sorted(set(covered) - known)
    if unknown:
        console.print("Unknown ids: " + ", ".join(unknown), markup=False)
    return 0


def _rule_order() -> Any:
    """Sort rule ids in the order docs/rules.md defines them."""
    from bigfive_tui.assets import rules_path

    order = RULE_ID.findall(rules_path().read_text(encoding="utf-8"))
    return lambda rule: order.index(rule) if rule in order else len(order)


def run_files(args: argparse.Namespace) -> int:
    from rich.console import Console

    from bigfive_tui.commands.output import print_error
    from bigfive_tui.scenarios.model import ScenarioError
    from bigfive_tui.scenarios.results import ScenarioResult

    console = _console()
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
        if not result.passed:
            code = max(code, 1)
        if args.json:
            results.append(result.model_dump(mode="json"))
        else:
            if args.board:
                _print_board(console, path)
            report(console, result)
    if args.json:
        payload: Any = results[0] if len(results) == 1 else results
        print(json.dumps(payload, ensure_ascii=False, indent=2))
    return code


def _console() -> Console:
    """The report's console: the terminal's width, or when piped wide enough for the large
    board and with no line broken, so that nothing is cut (the east gate, a long message)."""
    from rich.console import Console

    if Console().is_terminal:
        return Console(highlight=False)
    return Console(highlight=False, width=PIPED_WIDTH, soft_wrap=True)


#: When piped: room for the large board drawing (114 columns) and its legend.
PIPED_WIDTH = 120


def _print_board(console: Console, path: Path) -> None:
    """The scenario's starting position: terrain, vehicles, tokens and fires, with a legend."""
    from bigfive_tui.app.drawing.overlays import LEGEND, overlays_for
    from bigfive_tui.assets import load_pieces
    from bigfive_tui.boardprint import board_renderable
    from bigfive_tui.scenarios.build import build
    from bigfive_tui.scenarios.model import parse_scenario

    source = str(path)
    scenario = parse_scenario(read_scenario(path), source)
    built = build(scenario, source, load_pieces(), layout_loader(path))
    console.print(board_renderable(built.game.board, overlays_for(built.state)), soft_wrap=False)
    console.print("Items on the board", style="bold")
    for glyphs, meaning in LEGEND:
        console.print(f"  {glyphs:<10} {meaning}", markup=False)
    console.print()


def report(console: Console, result: ScenarioResult) -> None:
    """Each action with its rule steps and checks, then the final expectations and a verdict."""
    from bigfive_tui.commands.output import print_heading, print_played, print_steps, print_verdict

    print_heading(console, result.file, result.title, result.rules)
    if result.setup:
        console.print("  [bold]setup[/]")
        print_steps(console, result.setup, 22)
    for action in result.actions:
        print_played(console, action.guide, action, 22)
    print_verdict(console, result.checks, result.failures)
