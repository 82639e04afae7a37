"""``bigfive simulate``: play many whole games with computer players and report.

The flags are read here into ``Settings``; the games are played by ``bigfive_tui.simulation``
(its docstring says how seeds fix games and how runs spread over processes and clusters).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bigfive_tui.commands.values import MAX_SEED, seed_value
from bigfive_tui.simulation.cluster import CONNECT_SECONDS, scheduler_address
from bigfive_tui.simulation.settings import (
    DIFFICULTY_CHOICES,
    POLICY_CHOICES,
    Settings,
    UsageError,
    parse_guides,
)
from bigfive_tui.simulation.workers import machine_cores

#: A run's games are listed up front; a million random games take about an hour and a half.
MAX_GAMES = 1_000_000

if TYPE_CHECKING:
    from bigfive_tui.engine.board import Board
    from bigfive_tui.simulation.report import Report


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=100, metavar="N", help="games to play")
    parser.add_argument(
        "--guides",
        metavar="LIST",
        help="comma-separated guides in seat order, e.g. jack,kate (default: random per game)",
    )
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="number of guides, 2 to 5, chosen at random per game (default: 2 to 5 at random)",
    )
    parser.add_argument(
        "--difficulty",
        default="normal",
        metavar="LEVEL",
        help="beginner, normal, expert or mixed (random per game); default normal",
    )
    parser.add_argument(
        "--policy",
        default="random",
        metavar="NAME",
        help="random (default), greedy, tactics (the search player's fast policy), team (the "
        "fast policy with the team's rules: the strong teammate's steady turn), search (the "
        "search player, measured setting), search-practice or search-hint",
    )
    parser.add_argument(
        "--seed", type=seed_value, metavar="S", help="seed of the first game (0 to 2^63-1)"
    )
    parser.add_argument("--layout", metavar="FILE", help="play every game on this layout")
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="processes to play in (default 1; at most this machine's cores)",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play on a Dask distributed cluster, e.g. tcp://10.0.0.5:8786; reaching it is "
        f"given up after {CONNECT_SECONDS} s (needs the cluster extra: "
        "pip install 'bigfive[cluster]')",
    )
    parser.add_argument(
        "--results",
        metavar="FILE",
        help="append each game to FILE (JSON lines); a run with the same FILE and flags "
        "plays only the games still missing",
    )
    parser.add_argument(
        "--explain",
        action="store_true",
        help="build the words of every computer action as the app shows them; an exception "
        "is the game's error, and any error makes the exit status 1",
    )
    parser.add_argument(
        "--hints",
        action="store_true",
        help="also work out the hint a person would be shown at every position (implies "
        "--explain; the hint thinks long: a few games take minutes)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _shown(value: object) -> str:
    """A flag's value in a message: quoted if text, and cut short if long."""
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def settings_from(args: argparse.Namespace, note: Callable[[str], None]) -> Settings:
    """The run's settings from its flags; ``note`` is told of a flag that was adjusted."""
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be 1 to {MAX_GAMES:,}, got {_shown(args.games)}")
    try:
        guides = parse_guides(args.guides) if args.guides is not None else None
    except UsageError as problem:
        raise UsageError(f"--guides: {problem}") from None
    players = args.players
    if players is not None and not 2 <= players <= 5:
        raise UsageError(f"--players must be between 2 and 5, got {_shown(players)}")
    if guides is not None and players is not None and players != len(guides):
        raise UsageError(f"--players {players} does not match {len(guides)} guides in --guides")
    difficulty = args.difficulty.lower()
    if difficulty not in DIFFICULTY_CHOICES:
        raise UsageError(
            f"--difficulty: unknown difficulty {_shown(args.difficulty)}; "
            f"choose {', '.join(DIFFICULTY_CHOICES)}"
        )
    policy = args.policy.lower()
    if policy not in POLICY_CHOICES:
        raise UsageError(
            f"--policy: unknown policy {_shown(args.policy)}; choose {', '.join(POLICY_CHOICES)}"
        )
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    if seed < 0:
        raise UsageError(f"--seed must not be negative, got {seed}")
    if seed + args.games - 1 > MAX_SEED:
        raise UsageError(
            f"--seed {seed} with --games {args.games} runs past the largest seed, 2^63-1"
        )
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, got {_shown(args.workers)}")
    if args.results is not None and not args.results.strip():
        raise UsageError("--results needs a file name, got an empty one")
    if args.scheduler is not None and args.workers != 1:
        raise UsageError("--workers and --scheduler do not go together: the cluster has workers")
    scheduler = None if args.scheduler is None else scheduler_address(args.scheduler)
    workers = min(args.workers, machine_cores())
    if workers < args.workers:
        cores = f"{workers} core{'s' * (workers > 1)}"
        note(f"--workers {args.workers}: this machine has {cores}; playing in {workers}")
    return Settings(
        args.games,
        guides,
        players,
        difficulty,
        policy,
        seed,
        args.layout,
        workers,
        scheduler,
        args.results,
        explain=args.explain or args.hints,
        hints=args.hints,
    )


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from bigfive_tui.engine.pieces import BoardFileError
    from bigfive_tui.printing.output import print_error
    from bigfive_tui.simulation.playing import board_source
    from bigfive_tui.simulation.run import simulate

    errors = Console(stderr=True, soft_wrap=True)  # a message is one line, however long
    try:
        settings = settings_from(args, lambda text: print_error(errors, "note", text))
        board_for = board_source(settings.layout)
    except UsageError as error:
        print_error(errors, "error", error)
        return 2
    except BoardFileError as error:
        print_error(errors, "error", f"--layout: {error}")
        return 2

    try:
        if args.json:
            report = simulate(settings, board_for)
            sys.stdout.write(json.dumps(report.as_dict(), indent=2) + "\n")
        else:
            report = _with_progress(settings, board_for, errors)
            print_report(Console(), report)
    except UsageError as error:
        print_error(errors, "error", error)
        return 2
    except KeyboardInterrupt:
        kept = f"; the games played are in {args.results}" if args.results else ""
        print_error(errors, "stopped", f"Ctrl+C{kept}")
        return 130
    # Explained runs are checks: a game whose words could not be built fails the run.
    return 1 if settings.explain and report.errors else 0


def _with_progress(settings: Settings, board_for: Callable[[int], Board], errors: Any) -> Report:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from bigfive_tui.simulation.run import simulate

    with Progress(
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=errors,
        transient=True,
    ) as progress:
        task = progress.add_task("games", total=settings.games)
        return simulate(settings, board_for, lambda: progress.advance(task))


def print_report(console: Any, report: Report) -> None:
    from rich.table import Table

    from bigfive_tui.printing.output import safe

    data = report.as_dict()
    settings = report.settings
    guides = (
        ",".join(g.name.lower() for g in settings.guides)
        if settings.guides
        else f"{settings.players} random"
        if settings.players
        else "2-5 random"
    )
    last_seed = settings.seed + settings.games - 1
    console.print(
        f"[bold]{data['games']} games[/], seeds {settings.seed}..{last_seed}, policy "
        f"{settings.policy}\nguides {guides}, {settings.difficulty}, "
        f"{safe(settings.layout or 'random boards')}",
        highlight=False,
    )
    table = Table(show_edge=False, box=None, pad_edge=False)
    table.add_column("guides", justify="right")
    for name in (
        "games",
        "wins",
        "win rate",
        "95 % interval",
        "lost",
        "errors",
        "mean turns",
        "mean actions",
    ):
        table.add_column(name, justify="right")
    rows = [(str(count), tally.as_dict()) for count, tally in sorted(report.by_players.items())]
    rows.append(("all", data))
    for label, row in rows:
        rate = row["win_rate"]
        table.add_row(
            label,
            str(row["games"]),
            str(row["wins"]),
            "-" if rate is None else f"{rate:.1%}",
            "-" if rate is None else "{:.1%}-{:.1%}".format(*row["win_rate_95"]),
            str(row["lost"]),
            str(row["errors"]),
            "-" if row["mean_turns"] is None else f"{row['mean_turns']:.1f}",
            "-" if row["mean_actions"] is None else f"{row['mean_actions']:.1f}",
        )
    console.print(table)
    if data["losses"]:
        console.print("[bold]losses by cause[/]")
        for cause, count in sorted(data["losses"].items(), key=lambda item: -item[1]):
            console.print(f"  {cause:<20} {count:>7}", highlight=False)
    if data["decision_ms"]:
        times = data["decision_ms"]
        console.print(
            f"time per decision (a turn's thinking shared over its actions): median "
            f"{times['median']:.2f} ms, p95 {times['p95']:.2f} ms, max {times['max']:.1f} ms",
            highlight=False,
        )
    where = (
        f"on {settings.scheduler}"
        if settings.scheduler
        else f"in {settings.workers} processes"
        if settings.workers > 1
        else "in one process"
    )
    resumed = ""
    if report.resumed:
        resumed = f"; {report.resumed} games read back from {safe(settings.results)}"
    console.print(
        f"{data['actions']} actions in {data['seconds']:.2f} s {where} "
        f"({data['actions_per_second']} actions/s, board assembly included){resumed}",
        highlight=False,
    )
    if report.cut_off:
        lines = ", ".join(map(str, report.cut_off))
        console.print(
            f"line(s) {lines} of {safe(settings.results)}: a game cut off when a run was "
            "stopped (played again)",
            highlight=False,
        )
    if settings.explain:
        hints = " and the hint of every position" if settings.hints else ""
        console.print(
            f"words built for every computer action{hints}, as the app builds them",
            highlight=False,
        )
    if report.errors:
        console.print(f"[bold red]{len(report.errors)} engine error(s):[/]")
        for item in report.errors:
            console.print(f"  seed {item['seed']}: {item['error']}", highlight=False, markup=False)
            console.print(f"    reproduce: {item['reproduce']}", highlight=False, markup=False)
    else:
        console.print("no engine errors")
