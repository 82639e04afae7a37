"""Profile random legal play with pyinstrument and print where the time goes.

Not a test. Run from the project root::

    .venv/bin/python bench/profile_engine.py                 # 5 guides, 6 s
    .venv/bin/python bench/profile_engine.py --guides 2 --seconds 10 --policy greedy

The loop is the one ``bench/engine.py`` times (``play_out``, decisions not timed) on
pre-assembled boards, each game set up with ``new_game`` as ``bigfive simulate`` does, so the
profile shows the engine (``legal_actions``, ``apply_in_place``) and the policy, not board
assembly.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyinstrument import Profiler

from bigfive_tui.assets import seeded_board
from bigfive_tui.engine.content import Difficulty, Guide
from bigfive_tui.engine.session import make_game
from bigfive_tui.engine.setup import new_game
from bigfive_tui.players import POLICIES
from bigfive_tui.simulation.playing import play_out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--guides", type=int, default=5, choices=range(2, 6), help="2 to 5")
    parser.add_argument("--seconds", type=float, default=6.0, help="how long to play")
    parser.add_argument("--policy", choices=sorted(POLICIES), default="random")
    parser.add_argument("--interval", type=float, default=0.0002, help="sampling interval, s")
    parser.add_argument("--html", metavar="FILE", help="also write an HTML profile")
    args = parser.parse_args()

    policy = POLICIES[args.policy]
    boards = [seeded_board(seed) for seed in range(16)]
    pick = random.Random(args.guides)
    profiler = Profiler(interval=args.interval)
    games = actions = 0
    profiler.start()
    end = time.perf_counter() + args.seconds
    while time.perf_counter() < end:
        guides = tuple(pick.sample(list(Guide), args.guides))
        game = make_game(boards[games % len(boards)], guides, Difficulty.NORMAL, (), games)
        state, _ = new_game(game)
        actions += play_out(state, policy, random.Random(games)).actions
        games += 1
    profiler.stop()
    print(f"{games} games, {actions} actions, {args.guides} guides, policy {args.policy}")
    print(profiler.output_text(unicode=True, color=False, show_all=False))
    if args.html:
        Path(args.html).write_text(profiler.output_html(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
