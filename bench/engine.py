"""Engine speed against catanatron: the play loop, and whole games with their setup.

Not a test: it prints figures (record them in docs/benchmarks.md). Run from the project root::

    .venv/bin/python bench/engine.py                     # 7 rounds of 2 s per measurement
    .venv/bin/python bench/engine.py --rounds 11 --seconds 1
    /path/to/other-venv/bin/python bench/engine.py --installed   # e.g. the compiled engine

By default it measures this checkout's sources; ``--installed`` measures the ``bigfive_tui`` the
interpreter has installed instead, such as the engine compiled by ``BIGFIVE_COMPILE=1 pip
install .`` (README, "A compiled engine"). The first line says which engine ran.

Each round measures bigfive with 2, 3 and 5 guides and catanatron once each, alternating which
engine goes first from round to round, so that a change of load on a shared machine falls on
both alike; every round gives a ratio, and the summary prints the median ratio and the spread
(lowest to highest) over the rounds.

bigfive plays whole games with the random policy of ``bigfive_tui.players.random_player`` (an
action kind uniformly, then an action of that kind) through ``simulation.playing.play_out``, the
path ``bigfive simulate`` uses (``legal_actions`` + ``apply_in_place``; no rule steps are built,
as ``simulate`` reads none), a random set of guides per game at normal difficulty. Each game
builds its own board from its seed (``seeded_board``), makes the game and sets it up
(``new_game``): that is its *setup*. The reference is catanatron (the project's ``bench`` extra)
with four ``RandomPlayer``s: its setup is ``Game(...)``, its actions are counted from the game's
action records.

* *play loop*: actions per second of play alone (``play_out``; catanatron's ``game.play()``).
  The decisions are not timed (``bigfive simulate`` times each one for its report, which costs
  two clock reads, about 0.3 us, an action);
* *whole games*: actions per second of setup and play together.

Times are CPU time of this process (``time.process_time``), which other work on a shared
machine disturbs less than wall-clock time.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

if "--installed" not in sys.argv:  # decided before the imports below
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bigfive_tui.assets import load_pieces, seeded_board
from bigfive_tui.engine import state as engine_state
from bigfive_tui.engine.content import Difficulty, Guide
from bigfive_tui.engine.session import make_game
from bigfive_tui.engine.setup import new_game
from bigfive_tui.players.random_player import choose
from bigfive_tui.simulation.playing import play_out

ROOT = Path(__file__).resolve().parent.parent
GUIDE_COUNTS = (2, 3, 5)
PLAY_TARGET = 6.0
WHOLE_TARGET = 3.0


@dataclass
class Measure:
    """Games of one engine in one round: how many, their actions, setup and play seconds."""

    games: int = 0
    actions: int = 0
    setup_s: float = 0.0
    play_s: float = 0.0

    @property
    def play_rate(self) -> float:
        return self.actions / self.play_s

    @property
    def whole_rate(self) -> float:
        return self.actions / (self.setup_s + self.play_s)


class Bigfive:
    def __init__(self, guide_count: int) -> None:
        self.label = f"bigfive, {guide_count} guides"
        self.guide_count = guide_count
        self.pick = random.Random(guide_count)
        self.seed = 0

    def measure(self, seconds: float) -> Measure:
        measure = Measure()
        clock = time.process_time
        while measure.setup_s + measure.play_s < seconds:
            seed = self.seed
            self.seed += 1
            guides = tuple(self.pick.sample(list(Guide), self.guide_count))
            start = clock()
            board = seeded_board(seed)
            state, _ = new_game(make_game(board, guides, Difficulty.NORMAL, (), seed))
            set_up = clock()
            result = play_out(state, choose, random.Random(seed))
            end = clock()
            measure.games += 1
            measure.actions += result.actions
            measure.setup_s += set_up - start
            measure.play_s += end - set_up
        return measure


class Catanatron:
    label = "catanatron, 4 random"

    def __init__(self) -> None:
        from catanatron import Color, Game, RandomPlayer

        self.make: Callable[[int], Game] = lambda seed: Game(
            [RandomPlayer(color) for color in Color], seed=seed
        )
        self.seed = 1

    def measure(self, seconds: float) -> Measure:
        measure = Measure()
        clock = time.process_time
        while measure.setup_s + measure.play_s < seconds:
            start = clock()
            game = self.make(self.seed)
            set_up = clock()
            game.play()
            end = clock()
            self.seed += 1
            records = getattr(game.state, "action_records", None) or game.state.actions
            measure.games += 1
            measure.actions += len(records)
            measure.setup_s += set_up - start
            measure.play_s += end - set_up
        return measure


def machine() -> str:
    return (
        f"{platform.platform()}, {platform.python_implementation()} "
        f"{platform.python_version()}, {os.cpu_count()} CPUs"
        f"{', ' + platform.processor() if platform.processor() else ''}"
    )


def commit() -> str:
    try:
        found = subprocess.run(
            ["git", "-C", str(ROOT), "describe", "--always", "--dirty"],
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return found.stdout.strip()


def engine_kind() -> str:
    """Compiled when the engine's modules are extension modules (mypyc), not .py files."""
    module = Path(engine_state.__file__ or "")
    kind = "pure Python" if module.suffix == ".py" else "compiled (mypyc)"
    return f"{kind}, {module.parent}"


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f}x ({min(values):.2f}-{max(values):.2f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="rounds (default 7)")
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement and round")
    parser.add_argument(
        "--installed", action="store_true", help="the installed bigfive_tui, not this checkout's"
    )
    args = parser.parse_args()

    try:
        import catanatron
    except ImportError:
        print("catanatron is not installed: pip install -e '.[bench]'")
        return 2
    version = getattr(catanatron, "__version__", None) or _installed_version("catanatron")
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    print(f"machine: {machine()}\ncommit {commit()}, catanatron {version}, load average {load}")
    print(f"engine: {engine_kind()}")
    print(f"{args.rounds} rounds of {args.seconds:g} s CPU per measurement\n")
    load_pieces()
    engines = [Bigfive(count) for count in GUIDE_COUNTS]
    reference = Catanatron()
    rounds: list[tuple[list[Measure], Measure]] = []
    for index in range(args.rounds):
        if index % 2:
            base = reference.measure(args.seconds)
            ours = [engine.measure(args.seconds) for engine in engines]
        else:
            ours = [engine.measure(args.seconds) for engine in engines]
            base = reference.measure(args.seconds)
        rounds.append((ours, base))
        cells = "  ".join(
            f"{m.play_rate / base.play_rate:4.2f}x/{m.whole_rate / base.whole_rate:4.2f}x"
            for m in ours
        )
        print(f"round {index + 1}: play/whole ratio by guides {GUIDE_COUNTS}: {cells}")

    print("\nper game (medians over the rounds; setup = board + make_game + new_game):")
    print(
        f"  {'engine':<22} {'actions/game':>12} {'setup ms':>9} {'play ms':>8}"
        f" {'play actions/s':>15} {'whole actions/s':>16}"
    )
    for label, measures in [
        *((engine.label, [r[0][i] for r in rounds]) for i, engine in enumerate(engines)),
        (reference.label, [r[1] for r in rounds]),
    ]:
        games = sum(m.games for m in measures)
        actions = sum(m.actions for m in measures)

        def median(value: Callable[[Measure], float], measures: list[Measure] = measures) -> float:
            return statistics.median(value(m) for m in measures)

        print(
            f"  {label:<22} {actions / games:>12,.0f}"
            f" {median(lambda m: m.setup_s / m.games * 1000):>9.3f}"
            f" {median(lambda m: m.play_s / m.games * 1000):>8.3f}"
            f" {median(lambda m: m.play_rate):>15,.0f} {median(lambda m: m.whole_rate):>16,.0f}"
        )
    print("\nratio to catanatron, median (lowest-highest) over the rounds:")
    for i, engine in enumerate(engines):
        play = [r[0][i].play_rate / r[1].play_rate for r in rounds]
        whole = [r[0][i].whole_rate / r[1].whole_rate for r in rounds]
        print(
            f"  {engine.label:<22} play loop {spread(play)} (target {PLAY_TARGET:g}x)"
            f"   whole games {spread(whole)} (target {WHOLE_TARGET:g}x)"
        )
    return 0


def _installed_version(name: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return "?"


if __name__ == "__main__":
    sys.exit(main())
