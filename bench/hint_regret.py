"""How good is the hint? Its regret against a much deeper evaluation (docs/balance.md).

A fixed set of positions from real games: game seeds ``--seed`` … ``--seed + --positions - 1``,
two to five guides and the difficulty drawn per game as ``bigfive simulate --difficulty mixed``
draws them, each played by the fast policy (:mod:`tactics`); from each game one position where
a guide has a choice in its actions phase, picked with the game's seed.

At each position every player named in ``--players`` picks its action as it would in a game
(the hint and the strong teammate with their own seeded generator, from what a guide can know).
Each distinct action, the first action of each of the fast policy's intents and three more legal
actions drawn at random are then judged
by a much deeper evaluation than the hint's own: in ``--worlds`` worlds dealt from what a guide
can know (:func:`engine.hidden.determinize`, as the players do: the hidden deck, tokens and dice
dealt anew) the action is taken and the game played **to its end** by the fast policy, and the
action's value is the share of those worlds won. Every action is judged in the same worlds.

A player's **regret** at a position is the chance to win of the best action less that of the
player's action. Which action is best is itself estimated, so two estimates bracket it: the best
of all the worlds' means less the player's (too high: the best is flattered by the noise that
made it look best), and the best picked on one half of the worlds with both scored on the other
half (too low: the pick may miss the best). The means over positions, with 95 % intervals, are
the figures.

    python bench/hint_regret.py --positions 300 --worlds 64 --results regret.jsonl

A stopped run continues where it stopped (one JSON line per position in ``--results``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
from collections.abc import Callable, Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bigfive_tui.assets import seeded_board
from bigfive_tui.engine.actions import Action
from bigfive_tui.engine.apply_action import apply_in_place
from bigfive_tui.engine.hidden import determinize
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.session import make_game
from bigfive_tui.engine.setup import new_game
from bigfive_tui.engine.state import GameState, Phase
from bigfive_tui.players import tactics
from bigfive_tui.players.search_player import SETTINGS, SearchPlayer, SearchSettings
from bigfive_tui.players.tactics import Intent
from bigfive_tui.simulation.playing import game_setup
from bigfive_tui.simulation.settings import Settings

#: A roll-out that has not ended after this many actions counts as lost (never seen).
_MAX_ACTIONS = 20_000

#: Legal actions judged besides the players' picks and the intents' first actions, drawn at
#: random: the best action may be one that no player considers.
_OTHERS = 3

Chooser = Callable[[GameState, Sequence[Action], random.Random], Action]


def position(seed: int) -> GameState:
    """The position of game ``seed``: a choice in some guide's actions phase."""
    settings = Settings(1, None, None, "mixed", "tactics", seed, None)
    setup = game_setup(settings, seed)
    game = make_game(seeded_board(seed), setup.guides, setup.difficulty, (), seed)
    state, _ = new_game(game)
    rng = random.Random(seed)
    choices: list[GameState] = []
    while not state.outcome:
        legal = legal_actions(state)
        if state.phase == Phase.ACTIONS and len(legal) > 1:
            choices.append(state.copy())
        apply_in_place(state, tactics.choose(state, legal, rng), None)
    return random.Random(f"bigfive-regret:{seed}").choice(choices)


def chooser(name: str) -> Chooser:
    """``tactics``, a setting of the search player (``hint``, ``practice``, ``measured``), or
    a trial setting written ``w16h3`` (worlds, horizon) with an optional gate, ``w16h3g1.5``."""
    if name == "tactics":
        return tactics.choose
    if name in SETTINGS:
        return SearchPlayer(SETTINGS[name]).choose
    trial = re.fullmatch(r"w(\d+)h(\d+)(?:g([\d.]+))?", name)
    if trial is None:
        raise SystemExit(f"unknown player {name!r}")
    worlds, horizon, gate = trial.groups()
    settings = SearchSettings(name, int(worlds), int(horizon), gate=float(gate or 0))
    return SearchPlayer(settings).choose


def play_to_end(world: GameState, rng: random.Random) -> float:
    for _ in range(_MAX_ACTIONS):
        if world.outcome:
            break
        apply_in_place(world, tactics.choose(world, legal_actions(world), rng), None)
    return 1.0 if world.outcome == "won" else 0.0


def judge(task: tuple[int, int, tuple[str, ...]]) -> dict[str, Any]:
    """One position: each player's action and every candidate's wins in each world."""
    seed, worlds, players = task
    state = position(seed)
    legal = legal_actions(state)
    picks = {name: chooser(name)(state, legal, random.Random(seed + 1)) for name in players}
    candidates = list(dict.fromkeys(picks.values()))
    for intent in Intent:
        first = tactics.decide(state, legal, random.Random(seed + 2), intent).action
        if first not in candidates:
            candidates.append(first)
    others = [action for action in legal if action not in candidates]
    candidates += random.Random(seed + 3).sample(others, min(_OTHERS, len(others)))
    dealer = random.Random(f"bigfive-regret-worlds:{seed}")
    wins = [[0.0] * worlds for _ in candidates]
    for index in range(worlds):
        world = determinize(state, dealer)
        roll = dealer.getrandbits(32)
        for number, action in enumerate(candidates):
            copy = world.copy()
            apply_in_place(copy, action, None)
            wins[number][index] = play_to_end(copy, random.Random(roll))
    return {
        "seed": seed,
        "guides": len(state.game.guides),
        "difficulty": state.game.difficulty.name.lower(),
        "turn": state.turn,
        "legal": len(legal),
        "candidates": [repr(action) for action in candidates],
        "picks": {name: candidates.index(action) for name, action in picks.items()},
        "wins": wins,
    }


def recheck(task: tuple[int, int, str, str]) -> dict[str, Any]:
    """Where a player's action differs from the fast policy's: both played to the end in
    ``worlds`` fresh worlds (not those of the first judgement), win for win."""
    seed, worlds, name, base = task
    state = position(seed)
    legal = legal_actions(state)
    mine = chooser(name)(state, legal, random.Random(seed + 1))
    theirs = chooser(base)(state, legal, random.Random(seed + 1))
    dealer = random.Random(f"bigfive-regret-recheck:{seed}")
    gains = []
    for _ in range(worlds):
        world = determinize(state, dealer)
        roll = dealer.getrandbits(32)
        results = []
        for action in (mine, theirs):
            copy = world.copy()
            apply_in_place(copy, action, None)
            results.append(play_to_end(copy, random.Random(roll)))
        gains.append(results[0] - results[1])
    return {"seed": seed, "player": name, "base": base, "gains": gains}


def regrets(entry: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Each player's regret at one position, as two estimates that bracket it: the best action
    picked on the first half of the worlds and everything scored on the second half (low: the
    pick may miss the best), and the best of all worlds' means less the player's (high: the
    best is flattered by the noise that made it look best)."""
    wins: list[list[float]] = entry["wins"]
    half = len(wins[0]) // 2
    pick_on = [sum(row[:half]) for row in wins]
    score_on = [sum(row[half:]) / (len(row) - half) for row in wins]
    mean = [sum(row) / len(row) for row in wins]
    best = max(range(len(wins)), key=lambda number: (pick_on[number], -number))
    return {
        name: (score_on[best] - score_on[number], max(mean) - mean[number])
        for name, number in entry["picks"].items()
    }


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    count = len(values)
    mean = sum(values) / count
    spread = sum((value - mean) ** 2 for value in values) / max(1, count - 1)
    half = 1.96 * math.sqrt(spread / count)
    return mean, mean - half, mean + half


def report(entries: Sequence[dict[str, Any]], players: Sequence[str]) -> str:
    lines = [
        "| player | positions | regret, best picked on other worlds (95 %) | regret against "
        "the best mean (95 %) | its action the best mean | high estimate by guides 2 / 3 / 4 / 5 |",
        "|---|---:|---|---|---:|---|",
    ]
    for name in players:
        pairs = [regrets(entry)[name] for entry in entries]
        low = mean_interval([pair[0] for pair in pairs])
        high = mean_interval([pair[1] for pair in pairs])
        best = sum(pair[1] <= 0 for pair in pairs) / len(pairs)
        by_guides = []
        for count in (2, 3, 4, 5):
            part = [regrets(e)[name][1] for e in entries if e["guides"] == count]
            by_guides.append(f"{100 * sum(part) / len(part):.2f}" if part else "–")
        lines.append(
            f"| {name} | {len(pairs)} | {points(low)} | {points(high)} | {100 * best:.0f} % "
            f"| {' / '.join(by_guides)} |"
        )
    return "\n".join(lines)


def points(estimate: tuple[float, float, float]) -> str:
    mean, low, high = estimate
    return f"{100 * mean:.2f} points ({100 * low:.2f} to {100 * high:.2f})"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=700000)
    parser.add_argument("--worlds", type=int, default=64, help="worlds per action (even)")
    parser.add_argument("--players", default="tactics,practice,hint")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--results", help="JSON lines file; a run again judges only the rest")
    parser.add_argument(
        "--recheck",
        metavar="PLAYER:WORLDS",
        help="after the run: where PLAYER's action differs from the first player's, play both "
        "in WORLDS fresh worlds and report PLAYER's gain",
    )
    args = parser.parse_args(argv)
    players = tuple(args.players.split(","))
    done: dict[int, dict[str, Any]] = {}
    path = Path(args.results) if args.results else None
    if path is not None and path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut off when the run was stopped: judged again
            if set(entry["picks"]) == set(players) and len(entry["wins"][0]) == args.worlds:
                done[entry["seed"]] = entry
    seeds = range(args.seed, args.seed + args.positions)
    todo = [(seed, args.worlds, players) for seed in seeds if seed not in done]
    with Pool(args.workers) as pool:
        for entry in pool.imap_unordered(judge, todo):
            done[entry["seed"]] = entry
            if path is not None:
                with path.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(entry) + "\n")
    entries = [done[seed] for seed in seeds if seed in done]
    sys.stdout.write(report(entries, players) + "\n")
    if args.recheck:
        name, worlds = args.recheck.split(":")
        base = players[0]
        tasks = [
            (entry["seed"], int(worlds), name, base)
            for entry in entries
            if entry["picks"][name] != entry["picks"][base]
        ]
        with Pool(args.workers) as pool:
            checked = list(pool.imap_unordered(recheck, tasks))
        per_position = [sum(item["gains"]) / len(item["gains"]) for item in checked]
        mean, low, high = mean_interval(per_position)
        sys.stdout.write(
            f"{name} against {base} where they differ: {len(checked)} positions, "
            f"{worlds} worlds each: {100 * mean:+.2f} points ({100 * low:+.2f} to "
            f"{100 * high:+.2f}) per position, {100 * mean * len(checked) / len(entries):+.3f} "
            f"points per position over all {len(entries)}\n"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
