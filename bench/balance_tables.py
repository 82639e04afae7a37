"""The tables of docs/balance.md, from the results files of ``bigfive simulate --results``.

    python bench/balance_tables.py RESULTS_DIR

reads ``<policy>-<difficulty>.jsonl`` (three guides per game) and ``<policy>-mixed.jsonl``
(2-5 guides, mixed difficulty) for the policies random, greedy, tactics and search, and prints
win rates with 95 % intervals, mean turns, losses by cause and time per decision. Games are
compared on the seeds every policy played (a shorter run counts only its own seeds).
"""

from __future__ import annotations

import json
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bigfive_tui.simulation.report import wilson_interval

POLICIES = ("random", "greedy", "tactics", "search")
HEADER = (
    "| player | wins (95 % interval) | games | mean turns | losses "
    "| ms per decision: median / p95 |\n|---|---|---|---:|---:|---|---|---|"
)


def read(path: Path) -> dict[int, dict[str, object]]:
    if not path.exists():
        return {}
    games = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:  # a blank line, or a game cut off by a stopped run
            continue
        if "seed" in entry:  # not the header
            games[entry["seed"]] = entry
    return games


def row(games: list[dict[str, object]]) -> str:
    wins = sum(1 for g in games if g["outcome"] == "won")
    low, high = wilson_interval(wins, len(games))
    turns = statistics.mean(float(g["turns"]) for g in games)  # type: ignore[arg-type]
    causes: Counter[str] = Counter()
    for g in games:
        outcome = str(g["outcome"])
        if outcome != "won":
            causes[outcome.removeprefix("lost:").split(":")[0]] += 1
    lost = ", ".join(f"{cause} {count}" for cause, count in causes.most_common())
    times = [t for g in games for t in g.get("times_ms", [])]  # type: ignore[attr-defined]
    timing = ""
    if times:
        ordered = sorted(times)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        timing = f"{statistics.median(times):.2f} / {p95:.1f}"
    return (
        f"{wins / len(games):.1%} ({low:.1%}–{high:.1%}) | {len(games)} | {turns:.1f} | "
        f"{lost or '–'} | {timing}"
    )


def main() -> int:
    folder = Path(sys.argv[1])
    print(f"| difficulty {HEADER}")
    for level in ("beginner", "normal", "expert"):
        runs = {policy: read(folder / f"{policy}-{level}.jsonl") for policy in POLICIES}
        runs = {policy: games for policy, games in runs.items() if games}
        seeds = set.intersection(*(set(games) for games in runs.values()))
        for policy, games in runs.items():
            print(f"| {level} | {policy} | {row([games[seed] for seed in sorted(seeds)])} |")
    print()
    runs = {policy: read(folder / f"{policy}-mixed.jsonl") for policy in POLICIES}
    runs["search"] = runs["search"] or read(folder / "search-mixed200.jsonl")
    runs = {policy: games for policy, games in runs.items() if games}
    seeds = set.intersection(*(set(games) for games in runs.values()))
    print(f"| guides {HEADER}")
    for count in (2, 3, 4, 5):
        for policy, games in runs.items():
            chosen = [games[seed] for seed in sorted(seeds)]
            chosen = [game for game in chosen if len(game["guides"]) == count]  # type: ignore[arg-type]
            if chosen:
                print(f"| {count} | {policy} | {row(chosen)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
