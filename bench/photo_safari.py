"""Photo Safari's planning computer player against the greedy one that takes the nearest photo.

The issue's target: the planner scores at least 70 % over 200 games (a win 1, a draw 1/2), each
side starting half of them, and decides in at most 0.2 s (median). Game i uses the random
set-up of seed S + i; the players swap colours every game. Run it under ``nice`` on a shared
machine; record the figures in docs/benchmarks.md.

    nice -n 10 python bench/photo_safari.py --games 200 --seed 0
"""

from __future__ import annotations

import argparse
import platform
import statistics

from bigfive_tui.photo_safari.setups import RANDOM, chosen_layout
from bigfive_tui.photo_safari.simulate import Settings, simulate

TARGET_SCORE = 0.70
TARGET_MEDIAN_SECONDS = 0.2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--setup", default=RANDOM, help="random (default), typical or a file")
    args = parser.parse_args()
    settings = Settings(args.games, ("planner", args.opponent), args.seed, args.setup)
    report = simulate(settings, lambda seed: chosen_layout(args.setup, seed))
    planner, opponent = report.tallies
    median = statistics.median(planner.seconds)
    print(f"{platform.platform()}, CPython {platform.python_version()}")
    print(
        f"{args.games} games, set-up {args.setup}, "
        f"seeds {args.seed}..{args.seed + args.games - 1}, "
        f"planner Red in {planner.as_red}, {args.opponent} Red in {opponent.as_red}"
    )
    print(
        f"planner: {planner.wins} wins, {planner.draws} draws, {planner.losses} losses; "
        f"score {planner.score:.1%} (target >= {TARGET_SCORE:.0%}: "
        f"{'met' if planner.score >= TARGET_SCORE else 'NOT met'})"
    )
    print(
        f"planner decisions: {len(planner.seconds)}, median {median * 1000:.2f} ms, "
        f"90th percentile {statistics.quantiles(planner.seconds, n=10)[-1] * 1000:.2f} ms, "
        f"max {max(planner.seconds) * 1000:.1f} ms (target median <= "
        f"{TARGET_MEDIAN_SECONDS * 1000:.0f} ms: "
        f"{'met' if median <= TARGET_MEDIAN_SECONDS else 'NOT met'})"
    )
    print(
        f"mean photos: planner {planner.photos / planner.games:.2f}, {args.opponent} "
        f"{opponent.photos / opponent.games:.2f}; ended with ten {report.ended_by['ten']}, by "
        f"the 40-move limit {report.ended_by['forty']}; mean rounds "
        f"{report.rounds / args.games:.1f}; {report.seconds:.1f} s"
    )


if __name__ == "__main__":
    main()
