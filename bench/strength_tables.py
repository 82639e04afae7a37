"""The tables of docs/balance.md's *Strength against the ceiling*: every player per guide count
and difficulty, on the same seeds as the fast policy, with its distance to the ceiling.

    python bench/strength_tables.py RESULTS_DIR [POLICY ...]

reads ``<policy>-<guides>-<difficulty>.jsonl`` (results files of ``bigfive simulate --players N
--difficulty LEVEL --results`` or of ``bench/clairvoyant.py``) for ``tactics``, ``clairvoyant``
and the policies named (default: ``greedy search search-practice search-hint``). Each row
compares a player with the fast policy on the seeds both played: the wins with a 95 % interval,
the paired gain over the fast policy (a game's win less the fast policy's win on the same seed)
with a 95 % interval, and the distance to the clairvoyant player on the seeds all three played;
the last lines pool each player's paired gains over every cell.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bigfive_tui.simulation.report import wilson_interval

LEVELS = ("beginner", "normal", "expert")


def wins_by_seed(path: Path) -> dict[int, int]:
    if not path.exists():
        return {}
    games = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            entry = json.loads(line)
            if "seed" in entry:  # not the header, nor a game cut off by a stopped run
                games[int(entry["seed"])] = int(entry["outcome"] == "won")
    return games


def paired(gains: list[int]) -> str:
    count = len(gains)
    mean = sum(gains) / count
    spread = sum((gain - mean) ** 2 for gain in gains) / max(1, count - 1)
    half = 1.96 * math.sqrt(spread / count)
    return f"{100 * mean:+.1f} ({100 * (mean - half):+.1f} to {100 * (mean + half):+.1f})"


def main() -> int:
    folder = Path(sys.argv[1])
    policies = sys.argv[2:] or ["greedy", "search", "search-practice", "search-hint"]
    print(
        "| guides | difficulty | player | games | wins (95 % interval) | gain over tactics, "
        "same seeds (95 %) | below the ceiling |\n|---:|---|---|---:|---|---|---|"
    )
    pooled: dict[str, list[int]] = {}
    for guides in (3, 5):
        for level in LEVELS:
            runs = {
                policy: wins_by_seed(folder / f"{policy}-{guides}-{level}.jsonl")
                for policy in ("tactics", *policies, "clairvoyant")
            }
            base, ceiling = runs["tactics"], runs["clairvoyant"]
            for policy, games in runs.items():
                if not games:
                    continue
                seeds = sorted(set(games) & set(base)) if policy != "tactics" else sorted(games)
                if not seeds:
                    continue
                won = sum(games[seed] for seed in seeds)
                low, high = wilson_interval(won, len(seeds))
                gain = "–"
                if policy != "tactics":
                    gains = [games[seed] - base[seed] for seed in seeds]
                    gain = paired(gains)
                    pooled.setdefault(policy, []).extend(gains)
                below = "–"
                shared = [seed for seed in seeds if seed in ceiling]
                if policy != "clairvoyant" and shared:
                    rate = sum(games[seed] for seed in shared) / len(shared)
                    top = sum(ceiling[seed] for seed in shared) / len(shared)
                    below = f"{100 * (top - rate):.1f} points ({len(shared)} games)"
                print(
                    f"| {guides} | {level} | {policy} | {len(seeds)} | {won / len(seeds):.1%} "
                    f"({low:.1%}–{high:.1%}) | {gain} | {below} |"
                )
    print()
    for policy, gains in pooled.items():
        print(f"{policy}: {len(gains)} games in all, gain over tactics {paired(gains)} points")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
