"""``bigfive simulate``: play many whole games with computer players and report.

Every game is fixed by one game seed: the board (unless ``--layout``), the guides when only
``--players`` is given, the difficulty for ``mixed``, the engine's dice and cards, and the
policy's choices. Game ``i`` of a run uses seed ``S + i``, so any game can be replayed alone
with ``--games 1 --seed S+i`` and the same flags; an engine error prints the exact command.

Because every game depends on its own seed alone, a run gives the same games however it is
spread: one process, ``--workers N`` processes on this machine, or the workers of a Dask
``distributed`` cluster (``--scheduler ADDRESS``). With ``--results FILE`` every finished game
is appended to FILE as one JSON line, and a run started again with the same FILE and flags
plays only the games that are missing: long benchmark runs survive being stopped.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from bigfive_tui.commands.values import MAX_SEED, seed_value
from bigfive_tui.engine.actions import Action
from bigfive_tui.engine.board import Board
from bigfive_tui.engine.content import Difficulty, Guide
from bigfive_tui.engine.state import GameState

#: A game that has not ended after this many actions counts as an error (a runaway game).
MAX_ACTIONS = 20_000
DIFFICULTY_CHOICES = ("beginner", "normal", "expert", "mixed")
POLICY_CHOICES = ("random", "greedy", "tactics", "search", "search-practice", "search-hint")

Policy = Callable[[GameState, Sequence[Action], random.Random], Action]


class UsageError(ValueError):
    """A flag value that makes no sense; reported with exit status 2."""


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
        help="random (default), greedy, tactics (the search player's fast policy), search "
        "(the search player, measured setting), search-practice or search-hint",
    )
    parser.add_argument(
        "--seed", type=seed_value, metavar="S", help="seed of the first game (0 to 2^63-1)"
    )
    parser.add_argument("--layout", metavar="FILE", help="play every game on this layout")
    parser.add_argument(
        "--workers", type=int, default=1, metavar="N", help="processes to play in (default 1)"
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play on a Dask distributed cluster, e.g. tcp://10.0.0.5:8786 "
        "(needs the cluster extra: pip install 'bigfive[cluster]')",
    )
    parser.add_argument(
        "--results",
        metavar="FILE",
        help="append each game to FILE (JSON lines); a run with the same FILE and flags "
        "plays only the games still missing",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


# --------------------------------------------------------------------------- settings


@dataclass(frozen=True)
class Settings:
    games: int
    guides: tuple[Guide, ...] | None
    players: int | None
    difficulty: str
    policy: str
    seed: int
    layout: str | None
    workers: int = 1
    scheduler: str | None = None
    results: str | None = None

    def same_games(self) -> dict[str, Any]:
        """What fixes the games of a run (not how many, nor where they are played)."""
        return {
            "guides": [g.name.lower() for g in self.guides] if self.guides else None,
            "players": self.players,
            "difficulty": self.difficulty,
            "policy": self.policy,
            "layout": self.layout,
        }


def parse_guides(text: str) -> tuple[Guide, ...]:
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    known = {guide.name.lower(): guide for guide in Guide}
    guides = []
    for name in names:
        if name not in known:
            raise UsageError(f"unknown guide {name!r}; the guides are {', '.join(known)}")
        guides.append(known[name])
    if len(set(guides)) != len(guides):
        raise UsageError("each guide can be chosen only once")
    if not 2 <= len(guides) <= 5:
        raise UsageError(f"a game needs 2 to 5 guides, got {len(guides)}")
    return tuple(guides)


def settings_from(args: argparse.Namespace) -> Settings:
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, got {args.games}")
    guides = parse_guides(args.guides) if args.guides is not None else None
    players = args.players
    if players is not None and not 2 <= players <= 5:
        raise UsageError(f"--players must be between 2 and 5, got {players}")
    if guides is not None and players is not None and players != len(guides):
        raise UsageError(f"--players {players} does not match {len(guides)} guides in --guides")
    difficulty = args.difficulty.lower()
    if difficulty not in DIFFICULTY_CHOICES:
        raise UsageError(
            f"unknown difficulty {args.difficulty!r}; choose {', '.join(DIFFICULTY_CHOICES)}"
        )
    policy = args.policy.lower()
    if policy not in POLICY_CHOICES:
        raise UsageError(f"unknown policy {args.policy!r}; choose {', '.join(POLICY_CHOICES)}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    if seed < 0:
        raise UsageError(f"--seed must not be negative, got {seed}")
    if seed + args.games - 1 > MAX_SEED:
        raise UsageError(
            f"--seed {seed} with --games {args.games} runs past the largest seed, 2^63-1"
        )
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, got {args.workers}")
    if args.scheduler is not None and args.workers != 1:
        raise UsageError("--workers and --scheduler do not go together: the cluster has workers")
    return Settings(
        args.games,
        guides,
        players,
        difficulty,
        policy,
        seed,
        args.layout,
        args.workers,
        args.scheduler,
        args.results,
    )


# --------------------------------------------------------------------------- one game


@dataclass(frozen=True)
class GameSetup:
    seed: int
    guides: tuple[Guide, ...]
    difficulty: Difficulty


def game_setup(settings: Settings, seed: int) -> GameSetup:
    """Guides and difficulty of one game, drawn from its seed alone (not from the policy rng)."""
    pick = random.Random(f"bigfive-simulate-setup:{seed}")
    if settings.guides is not None:
        guides = settings.guides
    else:
        count = settings.players or pick.randint(2, 5)
        guides = tuple(pick.sample(list(Guide), count))
    if settings.difficulty == "mixed":
        difficulty = Difficulty(pick.randrange(len(Difficulty)))
    else:
        difficulty = Difficulty[settings.difficulty.upper()]
    return GameSetup(seed, guides, difficulty)


@dataclass(frozen=True)
class GameResult:
    outcome: str  # "won", "lost:<cause>", or "error"
    turns: int
    actions: int
    error: str = ""
    #: Seconds of thought per decision: a turn's time shared out over the decisions in it
    #: (a plan made once a turn counts once for every action it covers).
    times: tuple[float, ...] = ()


class RunawayGame(RuntimeError):
    """A game that went on far longer than any real game can."""


def play_game(
    board: Board, setup: GameSetup, policy: Policy, max_actions: int = MAX_ACTIONS
) -> GameResult:
    """Set up and play one whole game with ``policy`` for every seat, timing its decisions."""
    from bigfive_tui.engine.session import make_game
    from bigfive_tui.engine.setup import new_game

    game = make_game(board, setup.guides, setup.difficulty, (), setup.seed)
    state, _ = new_game(game)
    return play_out(state, policy, random.Random(setup.seed), max_actions, timed=True)


def play_out(
    state: GameState,
    policy: Policy,
    rng: random.Random,
    max_actions: int = MAX_ACTIONS,
    *,
    timed: bool = False,
) -> GameResult:
    """Play a set-up game to its end on the engine's fast path (``state`` is changed).

    ``apply_in_place`` trusts that the action is legal, so ``policy`` must only ever return one
    of the actions it is given (tests/test_players.py checks this for every shipped policy).
    ``timed`` times each decision for the report; two clock reads cost the random player's
    loop about a twentieth, so only a caller that reports them asks for it.
    """
    from bigfive_tui.engine.apply_action import apply_in_place
    from bigfive_tui.engine.legal_actions import legal_actions

    actions = 0
    times: list[float] = []
    turn, turn_time, turn_count = state.turn, 0.0, 0
    clock = time.perf_counter
    while not state.outcome:
        if actions >= max_actions:
            raise RunawayGame(f"no end after {max_actions} actions (turn {state.turn})")
        legal = legal_actions(state)
        if timed:
            start = clock()
            action = policy(state, legal, rng)
            turn_time += clock() - start
            turn_count += 1
        else:
            action = policy(state, legal, rng)
        apply_in_place(state, action, None)  # no rule steps: nobody reads them here
        actions += 1
        if timed and (state.turn != turn or state.outcome):
            times += [turn_time / turn_count] * turn_count
            turn, turn_time, turn_count = state.turn, 0.0, 0
    return GameResult(state.outcome, state.turn, actions, times=tuple(times))


def safe_game(
    board_for: Callable[[int], Board], setup: GameSetup, policy: Policy, max_actions: int
) -> GameResult:
    """``play_game`` with any exception turned into an error result."""
    try:
        return play_game(board_for(setup.seed), setup, policy, max_actions)
    except Exception as error:  # any failure is counted and reported, never raised
        frame = traceback.extract_tb(error.__traceback__)[-1]
        where = f"{frame.filename.rsplit('/', 1)[-1]}:{frame.lineno} in {frame.name}"
        return GameResult("error", 0, 0, f"{type(error).__name__}: {error} ({where})")


# --------------------------------------------------------------------------- a whole run


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    losses: Counter[str] = field(default_factory=Counter)
    errors: int = 0
    turns: int = 0
    actions: int = 0

    def add(self, result: GameResult) -> None:
        self.games += 1
        if result.outcome == "error":
            self.errors += 1
            return
        self.turns += result.turns
        self.actions += result.actions
        if result.outcome == "won":
            self.wins += 1
        else:
            self.losses[result.outcome.removeprefix("lost:")] += 1

    @property
    def finished(self) -> int:
        return self.games - self.errors

    def as_dict(self) -> dict[str, Any]:
        finished = self.finished
        interval = wilson_interval(self.wins, finished) if finished else None
        return {
            "games": self.games,
            "wins": self.wins,
            "losses": dict(sorted(self.losses.items())),
            "lost": sum(self.losses.values()),
            "errors": self.errors,
            "win_rate": round(self.wins / finished, 4) if finished else None,
            "win_rate_95": [round(bound, 4) for bound in interval] if interval else None,
            "turns": self.turns,
            "actions": self.actions,
            "mean_turns": round(self.turns / finished, 2) if finished else None,
            "mean_actions": round(self.actions / finished, 2) if finished else None,
        }


def wilson_interval(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate: sound also near 0 % and 100 %."""
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    return max(0.0, centre - half), min(1.0, centre + half)


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass
class Report:
    settings: Settings
    total: Tally = field(default_factory=Tally)
    by_players: dict[int, Tally] = field(default_factory=dict)
    errors: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    times: list[float] = field(default_factory=list)
    resumed: int = 0  # games read back from the results file, not played in this run

    def add(self, setup: GameSetup, result: GameResult) -> None:
        self.times.extend(result.times)
        self.total.add(result)
        self.by_players.setdefault(len(setup.guides), Tally()).add(result)
        if result.outcome == "error":
            self.errors.append(
                {
                    "seed": setup.seed,
                    "guides": [g.name.lower() for g in setup.guides],
                    "difficulty": setup.difficulty.name.lower(),
                    "error": result.error,
                    "reproduce": reproduce_command(self.settings, setup),
                }
            )

    def as_dict(self) -> dict[str, Any]:
        data = self.total.as_dict()
        data["seconds"] = round(self.seconds, 3)
        data["actions_per_second"] = round(self.total.actions / self.seconds) if self.seconds else 0
        data["seed"] = self.settings.seed
        data["policy"] = self.settings.policy
        data["difficulty"] = self.settings.difficulty
        data["layout"] = self.settings.layout
        data["workers"] = self.settings.workers
        data["scheduler"] = self.settings.scheduler
        data["resumed"] = self.resumed
        data["by_players"] = {
            str(count): tally.as_dict() for count, tally in sorted(self.by_players.items())
        }
        data["decision_ms"] = (
            {
                "decisions": len(self.times),
                "median": round(_percentile(self.times, 0.5) * 1000, 3),
                "p95": round(_percentile(self.times, 0.95) * 1000, 3),
                "max": round(max(self.times) * 1000, 3),
            }
            if self.times
            else None
        )
        data["error_games"] = self.errors
        return data


def reproduce_command(settings: Settings, setup: GameSetup) -> str:
    parts = [
        "bigfive simulate --games 1",
        f"--seed {setup.seed}",
        f"--guides {','.join(g.name.lower() for g in setup.guides)}",
        f"--difficulty {setup.difficulty.name.lower()}",
        f"--policy {settings.policy}",
    ]
    if settings.layout:
        parts.append(f"--layout {settings.layout}")
    return " ".join(parts)


def simulate(
    settings: Settings,
    board_for: Callable[[int], Board],
    on_game: Callable[[], None] | None = None,
    max_actions: int = MAX_ACTIONS,
) -> Report:
    """Play the run's games (those not already in the results file) and report on all."""
    report = Report(settings)
    seeds = [settings.seed + index for index in range(settings.games)]
    done: dict[int, GameResult] = {}
    if settings.results:
        done = read_results(Path(settings.results), settings)
    start = time.perf_counter()
    todo = [seed for seed in seeds if seed not in done]
    for _ in range(len(seeds) - len(todo)):
        if on_game is not None:
            on_game()
    if settings.scheduler:
        played = _on_cluster(settings, todo, max_actions)
    elif settings.workers > 1:
        played = _in_processes(settings, todo, max_actions)
    else:
        played = _serially(settings, todo, board_for, max_actions)
    results = dict(done)
    for seed, result in played:
        results[seed] = result
        if settings.results:
            append_result(Path(settings.results), settings, game_setup(settings, seed), result)
        if on_game is not None:
            on_game()
    report.seconds = time.perf_counter() - start
    report.resumed = len(seeds) - len(todo)
    for seed in seeds:
        report.add(game_setup(settings, seed), results[seed])
    return report


def _serially(
    settings: Settings, seeds: Sequence[int], board_for: Callable[[int], Board], max_actions: int
) -> Iterator[tuple[int, GameResult]]:
    from bigfive_tui.players import POLICIES

    policy = POLICIES[settings.policy]
    for seed in seeds:
        yield seed, safe_game(board_for, game_setup(settings, seed), policy, max_actions)


def play_seed(settings: Settings, seed: int, max_actions: int = MAX_ACTIONS) -> GameResult:
    """One game of a run, in whatever process or cluster worker runs it."""
    from bigfive_tui.players import POLICIES

    setup = game_setup(settings, seed)
    return safe_game(_board_source(settings.layout), setup, POLICIES[settings.policy], max_actions)


def _play_task(task: tuple[Settings, int, int]) -> tuple[int, GameResult]:
    settings, seed, max_actions = task
    return seed, play_seed(settings, seed, max_actions)


def _in_processes(
    settings: Settings, seeds: Sequence[int], max_actions: int
) -> Iterator[tuple[int, GameResult]]:
    from multiprocessing import get_context

    tasks = [(settings, seed, max_actions) for seed in seeds]
    with get_context("spawn").Pool(settings.workers) as pool:
        yield from pool.imap_unordered(_play_task, tasks)


def _on_cluster(
    settings: Settings, seeds: Sequence[int], max_actions: int
) -> Iterator[tuple[int, GameResult]]:
    """The games as tasks of a Dask ``distributed`` cluster; results arrive as they finish."""
    try:  # the optional cluster extra: typed loosely, as distributed ships no type hints
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise UsageError(
            "--scheduler needs Dask's distributed: pip install 'bigfive[cluster]'"
        ) from None
    try:
        client = distributed.Client(settings.scheduler, timeout=20)
    except (OSError, TimeoutError) as problem:
        raise UsageError(f"cannot reach the scheduler at {settings.scheduler}: {problem}") from None
    try:
        futures = [
            client.submit(_play_task, (settings, seed, max_actions), pure=False) for seed in seeds
        ]
        for future in distributed.as_completed(futures):
            yield future.result()
    finally:
        client.close()


@lru_cache(maxsize=4)
def _fixed_layout(layout: str) -> Board:
    from bigfive_tui.assets import load_layout

    return load_layout(layout)


def _board_source(layout: str | None) -> Callable[[int], Board]:
    from bigfive_tui.assets import seeded_board

    if layout:
        fixed = _fixed_layout(layout)
        return lambda seed: fixed
    return seeded_board


# --------------------------------------------------------------------------- results file

RESULTS_FORMAT = "bigfive-simulate-results"


def read_results(path: Path, settings: Settings) -> dict[int, GameResult]:
    """The games already in a results file, by seed; a file written for other flags is an
    error (its games would not be this run's)."""
    if not path.exists():
        return {}
    done: dict[int, GameResult] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as problem:
        raise UsageError(f"cannot read {path}: {problem}") from None
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines):
                # A line cut off when the run was stopped: drop it, and play that game again.
                kept = "".join(f"{kept}\n" for kept in lines[:-1])
                path.write_text(kept, encoding="utf-8")
                continue
            raise UsageError(f"{path}:{number}: not a JSON line") from None
        if entry.get("format") != RESULTS_FORMAT or entry.get("run") != settings.same_games():
            raise UsageError(
                f"{path}:{number}: written by a run with other flags ({entry.get('run')}); "
                "use another results file"
            )
        done[entry["seed"]] = GameResult(
            entry["outcome"],
            entry["turns"],
            entry["actions"],
            entry.get("error", ""),
            tuple(ms / 1000 for ms in entry.get("times_ms", ())),
        )
    return done


def append_result(path: Path, settings: Settings, setup: GameSetup, result: GameResult) -> None:
    """One finished game as a JSON line, flushed at once."""
    entry = {
        "format": RESULTS_FORMAT,
        "run": settings.same_games(),
        "seed": setup.seed,
        "guides": [g.name.lower() for g in setup.guides],
        "difficulty": setup.difficulty.name.lower(),
        **{k: v for k, v in asdict(result).items() if k != "times"},
        "times_ms": [round(t * 1000, 3) for t in result.times],
    }
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(entry) + "\n")


# --------------------------------------------------------------------------- the command


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from bigfive_tui.commands.output import print_error
    from bigfive_tui.engine.pieces import BoardFileError

    errors = Console(stderr=True)
    try:
        settings = settings_from(args)
        board_for = _board_source(settings.layout)
    except (UsageError, BoardFileError) as error:
        print_error(errors, "error", error)
        return 2

    try:
        if args.json:
            report = simulate(settings, board_for)
            sys.stdout.write(json.dumps(report.as_dict(), indent=2) + "\n")
            return 0
        report = _with_progress(settings, board_for, errors)
    except UsageError as error:
        print_error(errors, "error", error)
        return 2
    print_report(Console(), report)
    return 0


def _with_progress(settings: Settings, board_for: Callable[[int], Board], errors: Any) -> Report:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

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

    from bigfive_tui.commands.output import safe

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
        resumed = f"; {report.resumed} games read back from {settings.results}"
    console.print(
        f"{data['actions']} actions in {data['seconds']:.2f} s {where} "
        f"({data['actions_per_second']} actions/s, board assembly included){resumed}",
        highlight=False,
    )
    if report.errors:
        console.print(f"[bold red]{len(report.errors)} engine error(s):[/]")
        for item in report.errors:
            console.print(f"  seed {item['seed']}: {item['error']}", highlight=False, markup=False)
            console.print(f"    reproduce: {item['reproduce']}", highlight=False, markup=False)
    else:
        console.print("no engine errors")
