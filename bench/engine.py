"""Engine speed: actions and games per second of random legal play, against catanatron.

Not a test: it prints figures (record them in docs/benchmarks.md). Run from the project root::

    .venv/bin/python bench/engine.py            # 10 s per measurement
    .venv/bin/python bench/engine.py --seconds 3

bigfive plays whole games with the random policy of ``bigfive_tui.players.random_player`` (an
action kind uniformly, then an action of that kind) through ``simulate.play_out``, the same
fast path (``legal_actions`` + ``apply_in_place``, rule steps logged) that ``bigfive simulate``
uses, with 2, 3 and 5 guides (a random set of guides per game) at normal difficulty. Boards
are assembled and games set up before the clock starts (assembly time is printed separately),
just as catanatron's ``Game(...)`` is built before its clock starts. The reference is
catanatron (``pip install catanatron``, the project's ``bench`` extra) with four
``RandomPlayer``s; its actions are counted from the game's action records
(``game.state.actions``) and only ``game.play()`` is timed.

Times are CPU time of this process (``time.process_time``), so other work on a shared machine
disturbs the figures less than wall-clock time would; both engines are timed the same way.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bigfive_tui.assets import load_pieces, seeded_board
from bigfive_tui.commands.simulate import GameSetup, play_out
from bigfive_tui.engine.board import Board
from bigfive_tui.engine.content import Difficulty, Guide
from bigfive_tui.engine.session import make_game
from bigfive_tui.engine.setup import new_game
from bigfive_tui.players.random_player import choose

BOARD_POOL = 32


@dataclass
class Figure:
    label: str
    games: int
    actions: int
    seconds: float

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    def line(self) -> str:
        return (
            f"{self.label:<22} {self.actions_per_second:>10,.0f} actions/s "
            f"{self.games_per_second:>8,.1f} games/s   "
            f"({self.games} games, {self.actions / self.games:,.0f} actions/game, "
            f"{self.seconds:.1f} s)"
        )


def machine() -> str:
    return (
        f"{platform.platform()}, {platform.python_implementation()} "
        f"{platform.python_version()}, {os.cpu_count()} CPUs"
        f"{', ' + platform.processor() if platform.processor() else ''}"
    )


def bench_bigfive(guide_count: int, seconds: float, boards: list[Board]) -> Figure:
    pick = random.Random(guide_count)
    games = actions = 0
    elapsed = 0.0
    seed = 0
    while elapsed < seconds:
        guides = tuple(pick.sample(list(Guide), guide_count))
        setup = GameSetup(seed, guides, Difficulty.NORMAL)
        board = boards[seed % len(boards)]
        game = make_game(board, setup.guides, setup.difficulty, (), setup.seed)
        state, _ = new_game(game)  # set up untimed, like catanatron's Game(...)
        start = time.process_time()
        result = play_out(state, choose, random.Random(seed))
        elapsed += time.process_time() - start
        games += 1
        actions += result.actions
        seed += 1
    return Figure(f"bigfive, {guide_count} guides", games, actions, elapsed)


def bench_catanatron(seconds: float) -> Figure | None:
    try:
        from catanatron import Color, Game, RandomPlayer
    except ImportError:
        return None
    games = actions = 0
    elapsed = 0.0
    seed = 1
    while elapsed < seconds:
        game = Game([RandomPlayer(color) for color in Color], seed=seed)
        start = time.process_time()
        game.play()
        elapsed += time.process_time() - start
        records = getattr(game.state, "action_records", None) or game.state.actions
        games += 1
        actions += len(records)
        seed += 1
    return Figure("catanatron, 4 random", games, actions, elapsed)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per measurement")
    parser.add_argument("--no-catanatron", action="store_true", help="skip the reference")
    args = parser.parse_args()

    print(f"machine: {machine()}")
    load_pieces()
    start = time.process_time()
    boards = [seeded_board(seed) for seed in range(BOARD_POOL)]
    assembly_ms = (time.process_time() - start) / BOARD_POOL * 1000
    print(f"board assembly: {assembly_ms:.2f} ms per board (not timed below)")
    print(f"{args.seconds:g} s of play per measurement\n")

    figures = [bench_bigfive(count, args.seconds, boards) for count in (2, 3, 5)]
    for figure in figures:
        print(figure.line())
    reference = None if args.no_catanatron else bench_catanatron(args.seconds)
    if reference is None:
        if not args.no_catanatron:
            print("catanatron is not installed: pip install catanatron (or the bench extra)")
        return 0
    print(reference.line())
    print()
    for figure in figures:
        ratio = figure.actions_per_second / reference.actions_per_second
        print(f"{figure.label}: {ratio:.2f}x catanatron's actions per second (target 3x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
