"""The results file of a run: one JSON line per finished game, so a stopped run resumes."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

from bigfive_tui.simulation.playing import GameResult, GameSetup
from bigfive_tui.simulation.settings import Settings, UsageError

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
