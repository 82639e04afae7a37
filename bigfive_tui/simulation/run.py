"""A whole simulation run: the games missing from its results file played, then reported."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from bigfive_tui.engine.board import Board
from bigfive_tui.simulation.cluster import on_cluster
from bigfive_tui.simulation.playing import MAX_ACTIONS, GameResult, game_setup
from bigfive_tui.simulation.report import Report
from bigfive_tui.simulation.results import append_result, read_results
from bigfive_tui.simulation.settings import Settings
from bigfive_tui.simulation.workers import in_processes, serially


def simulate(
    settings: Settings,
    board_for: Callable[[int], Board],
    on_game: Callable[[], None] | None = None,
    max_actions: int = MAX_ACTIONS,
) -> Report:
    """Play the run's games (those not already in the results file) and report on all."""
    report = Report(settings)
    seeds = [settings.seed + index for index in range(settings.games)]
    done: dict[int, GameResult] = {}
    if settings.results:
        done = read_results(Path(settings.results), settings)
    start = time.perf_counter()
    todo = [seed for seed in seeds if seed not in done]
    for _ in range(len(seeds) - len(todo)):
        if on_game is not None:
            on_game()
    if settings.scheduler:
        played = on_cluster(settings, todo, max_actions)
    elif settings.workers > 1:
        played = in_processes(settings, todo, max_actions)
    else:
        played = serially(settings, todo, board_for, max_actions)
    results = dict(done)
    for seed, result in played:
        results[seed] = result
        if settings.results:
            append_result(Path(settings.results), settings, game_setup(settings, seed), result)
        if on_game is not None:
            on_game()
    report.seconds = time.perf_counter() - start
    report.resumed = len(seeds) - len(todo)
    for seed in seeds:
        report.add(game_setup(settings, seed), results[seed])
    return report
