"""``bigfive scenario run FILE``: set up a position from a scenario file, play it, check it.

Reads the flags, then runs the files (scenarios/files.py reads them; the engine stays pure)
and prints their reports (printing/scenario.py). Exit codes: 0 all expectations hold, 1 one
failed, 2 the file cannot be used.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


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


def run(args: argparse.Namespace) -> int:
    if args.scenario_command == "coverage":
        return coverage(Path(args.folder))
    return run_files(args)


def coverage(folder: Path) -> int:
    """Which rule ids have a scenario (by its ``rules`` list); exit 2 if a file is unusable."""
    from rich.console import Console

    from bigfive_tui.printing.output import print_error
    from bigfive_tui.scenarios.files import known_rule_ids, read_scenario, rule_order
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
    rules = sorted(known, key=rule_order())
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


def run_files(args: argparse.Namespace) -> int:
    from rich.console import Console

    from bigfive_tui.printing.output import print_error
    from bigfive_tui.printing.scenario import print_board, report, report_console
    from bigfive_tui.scenarios.files import run_file
    from bigfive_tui.scenarios.model import ScenarioError
    from bigfive_tui.scenarios.results import ScenarioResult

    console = report_console()
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
                print_board(console, path)
            report(console, result)
    if args.json:
        payload: Any = results[0] if len(results) == 1 else results
        print(json.dumps(payload, ensure_ascii=False, indent=2))
    return code
