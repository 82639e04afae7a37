"""What fixes the games of a simulation run, and the guides' names read from text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bigfive_tui.engine.content import Guide

DIFFICULTY_CHOICES = ("beginner", "normal", "expert", "mixed")
POLICY_CHOICES = (
    "random",
    "greedy",
    "tactics",
    "team",
    "search",
    "search-practice",
    "search-hint",
)


class UsageError(ValueError):
    """A setting that makes no sense; the command reports it with exit status 2."""


@dataclass(frozen=True)
class Settings:
    games: int
    guides: tuple[Guide, ...] | None
    players: int | None
    difficulty: str
    policy: str
    seed: int
    layout: str | None
    workers: int = 1
    scheduler: str | None = None
    results: str | None = None
    #: Build the words of every computer action as the app does, and the hint of every
    #: position (players/teammates): the look-ahead of a plan draws from the policy's
    #: generator, so these are other games than the same seeds without them.
    explain: bool = False
    hints: bool = False

    def same_games(self) -> dict[str, Any]:
        """What fixes the games of a run (not how many, nor where they are played)."""
        explained = {"explain": self.explain, "hints": self.hints}
        return {
            "guides": [g.name.lower() for g in self.guides] if self.guides else None,
            "players": self.players,
            "difficulty": self.difficulty,
            "policy": self.policy,
            "layout": self.layout,
            # Only when asked: results files of plain runs stay valid.
            **{key: True for key, asked in explained.items() if asked},
        }


def parse_guides(text: str) -> tuple[Guide, ...]:
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    known = {guide.name.lower(): guide for guide in Guide}
    guides = []
    for name in names:
        if name not in known:
            shown = repr(name) if len(name) <= 20 else repr(name[:17] + "...")
            raise UsageError(f"unknown guide {shown}; the guides are {', '.join(known)}")
        guides.append(known[name])
    if len(set(guides)) != len(guides):
        raise UsageError("each guide can be chosen only once")
    if not 2 <= len(guides) <= 5:
        raise UsageError(f"a game needs 2 to 5 guides, got {len(guides)}")
    return tuple(guides)
