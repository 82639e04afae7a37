"""What the strong teammate gains over the fast policy, game by game and where it leaves it
(docs/balance.md, *A search to the end of the game*).

    python bench/search_gain.py play --setting practice --players 5 --seed 500000 --games 40 \
        --eval 300 --results practice-5.jsonl
    python bench/search_gain.py play --setting tactics --players 5 --seed 500000 --games 500 \
        --results tactics-5.jsonl
    python bench/search_gain.py report tactics-5.jsonl practice-5.jsonl

``--setting tactics`` or ``team`` plays that fast policy instead (players/team.py is the
practice setting's steady turn; its games are the baseline the search's deviations leave).

``play`` plays whole games (normal difficulty, the guides ``bigfive simulate --players N`` deals
for each seed; the same games as ``simulate --policy search-practice``) and appends one JSON
line a game: its outcome, and the CPU time of every decision, a turn's thinking shared over
its decisions as bench/decision_times.py counts it. With ``--eval N`` every plan that leaves
the steady turn is weighed against it once more in N fresh worlds played to the end of the
game by the setting's own steady policy (its *advantage*: the chance to win it adds). A player
that follows a steady policy except where it deviates gains over it, per game, the sum of
those advantages (the performance difference of Kakade and Langford), and that sum varies far
less from game to game than a win: some 40 games tell it to a few points, where the wins of
the same games tell nothing. ``report`` prints both, the wins against the baseline's games on
the same seeds.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bigfive_tui.assets import seeded_board
from bigfive_tui.engine.actions import Action
from bigfive_tui.engine.apply_action import apply_in_place
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.session import make_game
from bigfive_tui.engine.setup import new_game
from bigfive_tui.engine.state import GameState
from bigfive_tui.players import tactics, team
from bigfive_tui.players.search_player import (
    SETTINGS,
    STEADY,
    SearchPlayer,
    SearchSettings,
    play_intents,
)
from bigfive_tui.simulation.playing import game_setup
from bigfive_tui.simulation.settings import Settings

Entry = dict[str, Any]
#: The fast policies ``play`` plays instead of a search setting.
FAST = {"tactics": tactics.choose, "team": team.choose}


def play(setting: str, players: int, seed: int, evaluate: int) -> Entry:
    """One game of ``setting`` (or the fast policy) in every seat."""
    setup = game_setup(Settings(1, None, players, "normal", "tactics", seed, None), seed)
    game = make_game(seeded_board(seed), setup.guides, setup.difficulty, (), seed)
    state, _ = new_game(game)
    rng = random.Random(seed)
    fast = FAST.get(setting)
    player = SearchPlayer(SETTINGS[setting if fast is None else "practice"])
    steady = player.settings.steady
    judge = SearchSettings("judge", worlds=evaluate, horizon=0, aligned=True, steady=steady)
    turns: dict[int, list[float]] = {}  # turn -> [seconds, decisions]
    deviations: list[Entry] = []
    while not state.outcome:
        legal = legal_actions(state)
        if fast is not None:
            action = fast(state, legal, rng)
        else:
            action = _decide(player, state, legal, rng, turns, deviations)
            plan = player._plan
            if evaluate and deviations and deviations[-1].get("gain") is None and plan:
                judged = play_intents(
                    state, [STEADY, plan.course], judge, random.Random(seed * 1009 + state.turn)
                )
                gains = [a - b for a, b in zip(judged[plan.course], judged[STEADY], strict=True)]
                deviations[-1]["gain"] = sum(gains) / len(gains)
        apply_in_place(state, action, None)
    return {
        "seed": seed,
        "players": players,
        "setting": setting,
        "outcome": state.outcome,
        "turns": [[seconds, int(count)] for seconds, count in turns.values()],
        "deviations": deviations,
    }


def _decide(
    player: SearchPlayer,
    state: GameState,
    legal: Sequence[Action],
    rng: random.Random,
    turns: dict[int, list[float]],
    deviations: list[Entry],
) -> Action:
    before = player._plan
    start = time.process_time()
    action = player.choose(state, legal, rng)
    spent = turns.setdefault(state.turn, [0.0, 0])
    spent[0] += time.process_time() - start
    spent[1] += 1
    plan = player._plan
    if plan is not None and plan is not before and plan.course != STEADY:
        intent, focus = plan.course
        deviations.append({"turn": state.turn, "intent": intent.name, "focus": focus, "gain": None})
    return action


def _read(path: Path) -> dict[int, Entry]:
    games: dict[int, Entry] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            entry = json.loads(line)
            games[int(entry["seed"])] = entry
    return games


def _interval(values: Sequence[float]) -> str:
    count = len(values)
    mean = sum(values) / count
    spread = sum((value - mean) ** 2 for value in values) / max(1, count - 1)
    half = 1.96 * math.sqrt(spread / count)
    return f"{100 * mean:+.1f} ({100 * (mean - half):+.1f} to {100 * (mean + half):+.1f})"


def _won(entry: Entry) -> int:
    return int(entry["outcome"] == "won")


def report(baseline: Path, path: Path) -> None:
    base, games = _read(baseline), _read(path)
    seeds = sorted(set(games) & set(base))
    rows = [games[seed] for seed in seeds]
    won, against = sum(map(_won, rows)), sum(_won(base[seed]) for seed in seeds)
    print(f"games {len(rows)}: wins {won}, the fast policy on the same seeds {against}")
    print("gain in wins, same seeds:", _interval([_won(r) - _won(base[r["seed"]]) for r in rows]))
    judged = [[d for d in r["deviations"] if d["gain"] is not None] for r in rows]
    sums = [sum(d["gain"] for d in game) for game in judged]
    print("gain as the sum of the deviations' advantages:", _interval(sums))
    every = [d for game in judged for d in game]
    if every:
        count = f"deviations {len(every)} ({len(every) / len(rows):.1f} a game), each:"
        print(count, _interval([d["gain"] for d in every]))
        kinds: dict[str, list[float]] = {}
        for d in every:
            kinds.setdefault("FOCUS" if d["focus"] != -1 else d["intent"], []).append(d["gain"])
        for kind, values in sorted(kinds.items()):
            print(f"  {kind}: {len(values)}, each {_interval(values)}")
    shared = sorted(
        seconds / count for r in rows for seconds, count in r["turns"] for _ in range(count)
    )
    if shared:
        median, p95 = shared[len(shared) // 2], shared[int(0.95 * len(shared))]
        print(f"decisions {len(shared)}: median {1000 * median:.0f} ms, p95 {1000 * p95:.0f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    playing = commands.add_parser("play")
    playing.add_argument("--setting", choices=[*FAST, *SETTINGS], required=True)
    playing.add_argument("--players", type=int, default=3)
    playing.add_argument("--seed", type=int, default=500000)
    playing.add_argument("--games", type=int, default=20)
    playing.add_argument("--eval", type=int, default=0, help="worlds to weigh a deviation in")
    playing.add_argument("--results", type=Path, required=True)
    playing.add_argument("--minutes", type=float, default=0, help="stop after this long")
    reporting = commands.add_parser("report")
    reporting.add_argument("baseline", type=Path)
    reporting.add_argument("results", type=Path)
    args = parser.parse_args()
    if args.command == "report":
        report(args.baseline, args.results)
        return 0
    done = set(_read(args.results)) if args.results.exists() else set()
    stop = time.time() + 60 * args.minutes if args.minutes else math.inf
    for seed in range(args.seed, args.seed + args.games):
        if seed in done:
            continue
        if time.time() > stop:
            break
        entry = play(args.setting, args.players, seed, args.eval)
        with args.results.open("a", encoding="utf-8") as results:
            results.write(json.dumps(entry) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
