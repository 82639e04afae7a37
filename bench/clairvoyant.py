"""The ceiling: a benchmark player that sees the whole future (docs/balance.md).

No honest player can do this. The game's seeded generator, the deck's order and the face-down
tokens are all in :class:`GameState`, so a copy of the true state *is* the future: played on
with the same actions it draws the same cards, rolls the same dice and turns over the same
tokens. The clairvoyant player uses that:

* at a decision without a plan it plays whole games to their end on copies of the true state,
  the first with the fast policy (:mod:`tactics`) alone, then with each intent the search
  player weighs for this turn, then lines where every later turn takes a random intent;
* the first line that wins is kept and played action by action (it is certain to win: the
  engine and the future are fixed, and every action checks it stands where the line expects);
* if no line wins it follows this turn of the line that lasted longest, and tries again at the
  next turn, from a future it now knows better.

So its losses are an upper bound on the losses no player can avoid: those games had no win
among the ``tries`` whole lines it tried at each turn. It is not in ``bigfive_tui.players``,
nor in ``simulate``'s choices, nor reachable from the app; tests/test_clairvoyant.py holds that
apart.

    python bench/clairvoyant.py --games 200 --players 3 --difficulty normal --seed 500000 \\
        --results clairvoyant-3-normal.jsonl

writes the same results lines as ``bigfive simulate --results`` (policy ``clairvoyant``), and
a stopped run continues where it stopped.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bigfive_tui.assets import seeded_board
from bigfive_tui.engine.actions import Action
from bigfive_tui.engine.apply_action import apply_in_place
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.state import GameState
from bigfive_tui.players import tactics
from bigfive_tui.players.search_player import candidates
from bigfive_tui.players.tactics import Intent
from bigfive_tui.simulation.playing import MAX_ACTIONS, GameResult, game_setup, safe_game
from bigfive_tui.simulation.report import wilson_interval
from bigfive_tui.simulation.results import ResultsFile
from bigfive_tui.simulation.settings import Settings

#: Share of the later turns of an exploring line that take a random intent.
EXPLORE = 0.35

Fingerprint = tuple[Any, ...]


def fingerprint(state: GameState) -> Fingerprint:
    """Where a line stands: enough to tell that the game is at the position it expects."""
    return (
        state.turn,
        state.seat,
        state.phase,
        state.actions_left,
        state.rng,
        state.script_pos,
        len(state.deck),
        tuple(state.vehicle),
        tuple(state.fuel),
        tuple(state.food),
    )


@dataclass
class Line:
    """A whole game played from a position: each action with the position it was taken at."""

    steps: list[tuple[Fingerprint, Action]]
    outcome: str
    last_turn: int


def play_line(state: GameState, first: Intent, explore: float, rng: random.Random) -> Line:
    """Play on a copy of the true state to the end: ``first`` this turn, then the fast policy,
    each later turn taking a random intent with chance ``explore``."""
    world = state.copy()
    steps: list[tuple[Fingerprint, Action]] = []
    turn, intent = world.turn, first
    while not world.outcome and len(steps) < MAX_ACTIONS:
        if world.turn != turn:
            turn = world.turn
            intent = Intent.STEADY
            if explore and rng.random() < explore:
                intent = rng.choice([*candidates(world), Intent.INFLUENCE, Intent.EXTRA])
        action = tactics.decide(world, legal_actions(world), rng, intent).action
        steps.append((fingerprint(world), action))
        apply_in_place(world, action, None)
    return Line(steps, world.outcome, world.turn)


@dataclass
class Clairvoyant:
    """Plays every seat with the true future in view; one per game."""

    tries: int = 16
    steps: list[tuple[Fingerprint, Action]] = field(default_factory=list)  # the line followed
    _next: int = 0
    plans: int = 0  # how often it searched (for the report)

    def choose(self, state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
        if self._next < len(self.steps):
            where, action = self.steps[self._next]
            if where == fingerprint(state) and action in legal:
                self._next += 1
                return action
        self._plan(state, rng)
        self._next = 1
        return self.steps[0][1]

    def _plan(self, state: GameState, rng: random.Random) -> None:
        self.plans += 1
        firsts = [Intent.STEADY, *[i for i in candidates(state) if i != Intent.STEADY]]
        firsts += [Intent.INFLUENCE, Intent.EXTRA]
        best: Line | None = None
        for attempt in range(self.tries):
            first = firsts[attempt] if attempt < len(firsts) else rng.choice(firsts)
            explore = 0.0 if attempt < len(firsts) else EXPLORE
            line = play_line(state, first, explore, random.Random(rng.getrandbits(32)))
            if line.outcome == "won":
                self.steps = line.steps
                return
            if best is None or line.last_turn > best.last_turn:
                best = line
        assert best is not None
        # No line won: follow this turn of the longest, and search again at the next.
        this_turn = [step for step in best.steps if step[0][0] == state.turn]
        self.steps = this_turn or best.steps[:1]


def play_seed(task: tuple[Settings, int, int]) -> tuple[int, GameResult]:
    settings, seed, tries = task
    setup = game_setup(settings, seed)
    player = Clairvoyant(tries)
    return seed, safe_game(seeded_board, setup, player.choose, MAX_ACTIONS)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--difficulty", default="normal")
    parser.add_argument("--seed", type=int, default=500000)
    parser.add_argument("--tries", type=int, default=16, help="whole lines per search")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--results", help="JSON lines file; a run again plays only what is missing")
    args = parser.parse_args(argv)
    settings = Settings(
        args.games, None, args.players, args.difficulty, "clairvoyant", args.seed, None,
        results=args.results,
    )  # fmt: skip
    seeds = range(args.seed, args.seed + args.games)
    results_file = ResultsFile.read(Path(args.results), settings) if args.results else None
    done = dict(results_file.done) if results_file else {}
    todo = [(settings, seed, args.tries) for seed in seeds if seed not in done]
    results = dict(done)
    if results_file is not None and todo:
        results_file.open_for_games()
    try:
        with Pool(args.workers) as pool:
            for seed, result in pool.imap_unordered(play_seed, todo):
                results[seed] = result
                if results_file is not None:
                    results_file.append(game_setup(settings, seed), result)
    finally:
        if results_file is not None:
            results_file.close()
    wins = sum(result.outcome == "won" for result in results.values())
    low, high = wilson_interval(wins, len(results))
    losses: dict[str, int] = {}
    for result in results.values():
        if result.outcome != "won":
            losses[result.outcome] = losses.get(result.outcome, 0) + 1
    report = {
        "games": len(results),
        "wins": wins,
        "win_rate": round(wins / len(results), 4),
        "win_rate_95": [round(low, 4), round(high, 4)],
        "losses": losses,
    }
    sys.stdout.write(json.dumps(report) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
