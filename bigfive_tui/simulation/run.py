"""A whole simulation run: the games missing from its results file played, then reported."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

from bigfive_tui.engine.board import Board
from bigfive_tui.simulation.cluster import on_cluster
from bigfive_tui.simulation.playing import MAX_ACTIONS, GameResult, game_setup
from bigfive_tui.simulation.report import Report
from bigfive_tui.simulation.results import ResultsFile
from bigfive_tui.simulation.settings import Settings
from bigfive_tui.simulation.workers import in_processes, serially


def simulate(
    settings: Settings,
    board_for: Callable[[int], Board],
    on_game: Callable[[], None] | None = None,
    max_actions: int = MAX_ACTIONS,
) -> Report:
    """Play the run's games (those not already in the results file) and report on all.

    The results file is read and opened before the first game: a file that cannot be used
    stops the run at once (``ResultsFileError``), not after hours of play."""
    report = Report(settings)
    seeds = [settings.seed + index for index in range(settings.games)]
    results_file = ResultsFile.read(Path(settings.results), settings) if settings.results else None
    done = dict(results_file.done) if results_file else {}
    todo = [seed for seed in seeds if seed not in done]
    if results_file is not None:
        report.cut_off = list(results_file.cut_off)
        if todo:
            results_file.open_for_games()
    start = time.perf_counter()
    for _ in range(len(seeds) - len(todo)):
        if on_game is not None:
            on_game()
    try:
        if not todo:
            played: Iterator[tuple[int, GameResult]] = iter(())
        elif settings.scheduler:
            played = on_cluster(settings, todo, max_actions)
        elif settings.workers > 1:
            played = in_processes(settings, todo, max_actions)
        else:
            played = serially(settings, todo, board_for, max_actions)
        results: dict[int, GameResult] = {seed: done[seed] for seed in seeds if seed in done}
        for seed, result in played:
            results[seed] = result
            if results_file is not None:
                results_file.append(game_setup(settings, seed), result)
            if on_game is not None:
                on_game()
    finally:
        if results_file is not None:
            results_file.close()
    report.seconds = time.perf_counter() - start
    report.resumed = len(seeds) - len(todo)
    for seed in seeds:
        report.add(game_setup(settings, seed), results[seed])
    return report
