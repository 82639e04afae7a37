"""How long the search player thinks per decision at each setting (docs/balance.md).

Plays ``--games`` games per setting (``--players`` guides drawn per game, three unless told;
normal difficulty; game seeds ``--seed``, ``--seed``+1, ...) with the search player at that
setting in every seat, timing every decision in CPU time of this process. Two figures per
setting:

* *per decision*: a turn's thinking shared over the decisions it covers (the plan is made
  once a turn and reused while nothing new comes to light), as the issue counts it;
* *per plan*: the decisions that made a plan, alone (what a hint costs: a hint always plans).

    python bench/decision_times.py --games 3 --seed 500
    python bench/decision_times.py --games 3 --seed 600000 --players 5 --settings practice,hint
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bigfive_tui.assets import seeded_board
from bigfive_tui.engine.apply_action import apply_in_place
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.session import make_game
from bigfive_tui.engine.setup import new_game
from bigfive_tui.players.search_player import SETTINGS, SearchPlayer
from bigfive_tui.simulation.playing import game_setup
from bigfive_tui.simulation.settings import Settings


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(
    setting: str, games: int, seed: int, players: int = 3
) -> tuple[list[float], list[float]]:
    shared: list[float] = []
    plans: list[float] = []
    player = SearchPlayer(SETTINGS[setting])
    for index in range(games):
        setup = game_setup(Settings(1, None, players, "normal", "search", seed, None), seed + index)
        game = make_game(seeded_board(setup.seed), setup.guides, setup.difficulty, (), setup.seed)
        state, _ = new_game(game)
        rng = random.Random(setup.seed)
        log: list = []  # type: ignore[type-arg]
        turn, spent, count = state.turn, 0.0, 0
        while not state.outcome:
            legal = legal_actions(state)
            before = player._plan  # a new plan object: this decision planned
            start = time.process_time()
            action = player.choose(state, legal, rng)
            took = time.process_time() - start
            if player._plan is not before:
                plans.append(took)
            spent += took
            count += 1
            apply_in_place(state, action, log)
            log.clear()
            if state.turn != turn or state.outcome:
                shared += [spent / count] * count
                turn, spent, count = state.turn, 0.0, 0
    return shared, plans


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6))
    parser.add_argument("--settings", default="measured,practice,hint")
    args = parser.parse_args()
    print("setting   decisions  per decision: median   p95   | plans  per plan: median", end="")
    print("   p95    max")
    for setting in args.settings.split(","):
        shared, plans = measure(setting, args.games, args.seed, args.players)
        print(
            f"{setting:<9} {len(shared):>9}  {statistics.median(shared) * 1000:>13.1f} ms "
            f"{percentile(shared, 0.95) * 1000:>6.1f} ms | {len(plans):>5}  "
            f"{statistics.median(plans) * 1000:>11.1f} ms "
            f"{percentile(plans, 0.95) * 1000:>6.1f} ms {max(plans) * 1000:>6.1f} ms",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
