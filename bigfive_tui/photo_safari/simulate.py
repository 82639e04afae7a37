"""Many whole Photo Safari games between two computer players, and what came of them.

Game ``i`` of a run is fixed by the seed ``S + i``: the set-up (when random) and the players'
tie-breaking. With ``alternate`` the two players swap colours every game, so each starts half
of the games (the first player is Red in the even games). ``bigfive photo-safari simulate`` and
``bench/photo_safari.py`` (the planner's benchmark) both run on this.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bigfive_tui.photo_safari.engine.rules import apply_in_place, legal_actions, new_game
from bigfive_tui.photo_safari.engine.state import SEATS, Game, Layout
from bigfive_tui.photo_safari.players import POLICIES


class UsageError(ValueError):
    """A setting that makes no sense; the command reports it with exit status 2."""


@dataclass(frozen=True)
class Settings:
    games: int
    players: tuple[str, str]  # policy names; the first is Red in game 0
    seed: int
    setup: str = "random"
    alternate: bool = True

    def __post_init__(self) -> None:
        if self.games < 1:
            raise UsageError(f"--games must be at least 1, got {self.games}")
        for name in self.players:
            if name not in POLICIES:
                raise UsageError(f"unknown player {name!r}; choose {', '.join(POLICIES)}")
        if self.seed < 0:
            raise UsageError(f"--seed must not be negative, got {self.seed}")

    def colours(self, index: int) -> tuple[int, int]:
        """Which of the two players is Red and which Yellow in game ``index``."""
        return (1, 0) if self.alternate and index % 2 else (0, 1)


@dataclass(frozen=True)
class GameResult:
    seed: int
    outcome: str  # "won:<seat>" or "draw"
    rounds: int
    photos: tuple[int, int]  # by seat
    ended_by: str  # "ten" or "forty"
    seconds: tuple[list[float], list[float]]  # decision times by seat


def play_game(
    layout: Layout, seed: int, policies: tuple[str, str], rng: random.Random
) -> GameResult:
    """One whole game; ``policies`` by seat (Red first)."""
    state, _ = new_game(Game(layout, seed))
    seconds: tuple[list[float], list[float]] = ([], [])
    choosers = [POLICIES[name] for name in policies]
    while not state.over:
        legal = legal_actions(state)
        began = time.perf_counter()
        square = choosers[state.seat](state, legal, rng)
        seconds[state.seat].append(time.perf_counter() - began)
        if square not in legal:
            raise AssertionError(f"{policies[state.seat]} chose an illegal move")
        apply_in_place(state, square)
    photos = (state.photos[0].bit_count(), state.photos[1].bit_count())
    ended_by = "ten" if 10 in photos and min(state.moves) < state.game.move_limit else "forty"
    return GameResult(seed, state.outcome, state.round, photos, ended_by, seconds)


@dataclass
class Tally:
    """One player's games."""

    games: int = 0
    as_red: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    photos: int = 0
    seconds: list[float] = field(default_factory=list)

    @property
    def score(self) -> float:
        """Wins plus half the draws, per game."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "as_red": self.as_red,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": round(self.score, 4),
            "mean_photos": round(self.photos / self.games, 2) if self.games else None,
            "median_decision_ms": round(statistics.median(self.seconds) * 1000, 3)
            if self.seconds
            else None,
            "max_decision_ms": round(max(self.seconds) * 1000, 3) if self.seconds else None,
        }


@dataclass
class Report:
    settings: Settings
    tallies: tuple[Tally, Tally] = field(default_factory=lambda: (Tally(), Tally()))
    ended_by: dict[str, int] = field(default_factory=lambda: {"ten": 0, "forty": 0})
    rounds: int = 0
    seconds: float = 0.0

    def add(self, result: GameResult, red: int) -> None:
        self.ended_by[result.ended_by] += 1
        self.rounds += result.rounds
        for seat in range(SEATS):
            player = red if seat == 0 else 1 - red
            tally = self.tallies[player]
            tally.games += 1
            tally.as_red += seat == 0
            tally.photos += result.photos[seat]
            tally.seconds += result.seconds[seat]
            if result.outcome == "draw":
                tally.draws += 1
            elif result.outcome == f"won:{seat}":
                tally.wins += 1
            else:
                tally.losses += 1

    def as_dict(self) -> dict[str, Any]:
        games = self.settings.games
        return {
            "games": games,
            "seed": self.settings.seed,
            "setup": self.settings.setup,
            "alternate": self.settings.alternate,
            "players": {
                name: tally.as_dict()
                for name, tally in zip(self.settings.players, self.tallies, strict=True)
            }
            if self.settings.players[0] != self.settings.players[1]
            else {"first": self.tallies[0].as_dict(), "second": self.tallies[1].as_dict()},
            "ended_by": dict(self.ended_by),
            "mean_rounds": round(self.rounds / games, 2),
            "seconds": round(self.seconds, 3),
        }


def simulate(
    settings: Settings,
    layout_for: Callable[[int], Layout],
    on_game: Callable[[], None] | None = None,
) -> Report:
    report = Report(settings)
    began = time.perf_counter()
    for index in range(settings.games):
        seed = settings.seed + index
        red, yellow = settings.colours(index)
        names = (settings.players[red], settings.players[yellow])
        result = play_game(layout_for(seed), seed, names, random.Random(seed))
        report.add(result, red)
        if on_game is not None:
            on_game()
    report.seconds = time.perf_counter() - began
    return report
