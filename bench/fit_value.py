"""Fit the search player's evaluation (bigfive_tui/players/value.py) to games of its fast policy.

Plays ``--games`` games with the fast policy (players/tactics.py), 2-5 random guides, random
difficulty, game seeds ``--seed``, ``--seed``+1, ...; takes the position at the start of every
turn, described by ``value.features``, labelled 1 if that game was won; fits a logistic
regression (Newton's method, a little L2) with numpy; prints the intercept and weights to
paste into value.py, and the fit's log loss and accuracy on a held-out fifth of the games.

    pip install -e '.[test,bench]'
    python bench/fit_value.py --games 3000 --seed 900000
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bigfive_tui.assets import seeded_board
from bigfive_tui.engine.apply_action import apply_in_place
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.session import make_game
from bigfive_tui.engine.setup import new_game
from bigfive_tui.engine.state import Phase
from bigfive_tui.players import tactics, value
from bigfive_tui.simulation.playing import game_setup
from bigfive_tui.simulation.settings import Settings


def positions(seed: int) -> tuple[list[list[float]], bool]:
    settings = Settings(1, None, None, "mixed", "tactics", seed, None)
    setup = game_setup(settings, seed)
    game = make_game(seeded_board(seed), setup.guides, setup.difficulty, (), seed)
    state, _ = new_game(game)
    rng = random.Random(seed)
    rows: list[list[float]] = []
    log: list = []  # type: ignore[type-arg]
    turn = -1
    while not state.outcome:
        if state.phase == Phase.DRAW and state.turn != turn:
            turn = state.turn
            rows.append(value.features(state))
        apply_in_place(state, tactics.choose(state, legal_actions(state), rng), log)
        log.clear()
    return rows, state.outcome == "won"


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Logistic regression by Newton's method; x has a leading column of ones."""
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) / len(y) + l2 * w
        hessian = (x.T * (p * (1 - p))) @ x / len(y) + l2 * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=900000)
    args = parser.parse_args()
    rows: list[list[float]] = []
    labels: list[float] = []
    games: list[int] = []
    for index in range(args.games):
        game_rows, won = positions(args.seed + index)
        rows += game_rows
        labels += [float(won)] * len(game_rows)
        games += [index] * len(game_rows)
    x = np.column_stack([np.ones(len(rows)), np.array(rows)])
    y = np.array(labels)
    held = np.array(games) % 5 == 4
    # Scale for the fit, then undo the scaling so the weights apply to raw features.
    scale = np.maximum(x[~held].std(axis=0), 1e-9)
    scale[0] = 1.0
    w = fit(x[~held] / scale, y[~held]) / scale
    p = 1 / (1 + np.exp(-x[held] @ w))
    eps = 1e-12
    loss = -np.mean(y[held] * np.log(p + eps) + (1 - y[held]) * np.log(1 - p + eps))
    accuracy = np.mean((p > 0.5) == (y[held] > 0.5))
    base = y[held].mean()
    base_loss = -(base * np.log(base) + (1 - base) * np.log(1 - base))
    print(f"{len(rows)} positions from {args.games} games (seeds {args.seed}..)")
    print(f"held-out log loss {loss:.4f} (constant guess {base_loss:.4f}), accuracy {accuracy:.3f}")
    print(f"INTERCEPT = {w[0]:.4f}")
    print("WEIGHTS: tuple[float, ...] = (")
    for name, weight in zip(value.FEATURE_NAMES, w[1:], strict=True):
        print(f"    {weight:.4f},  # {name}")
    print(")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
