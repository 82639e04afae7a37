"""What came of a simulation run: wins, losses by cause, 95 % intervals, time per decision."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bigfive_tui.simulation.playing import GameResult, GameSetup
from bigfive_tui.simulation.settings import Settings


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
    #: Lines of the results file that hold a game cut off by a stopped run (played again).
    cut_off: list[int] = field(default_factory=list)

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
        data["explain"] = self.settings.explain
        data["hints"] = self.settings.hints
        data["difficulty"] = self.settings.difficulty
        data["layout"] = self.settings.layout
        data["workers"] = self.settings.workers
        data["scheduler"] = self.settings.scheduler
        data["resumed"] = self.resumed
        data["cut_off_lines"] = self.cut_off
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
    parts += [
        flag
        for flag, asked in (("--explain", settings.explain), ("--hints", settings.hints))
        if asked
    ]
    return " ".join(parts)
