"""Where a run's games are played on this machine: in this process, or a pool of processes."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator, Sequence

from bigfive_tui.engine.board import Board
from bigfive_tui.simulation.playing import GameResult, game_setup, play_task, run_game
from bigfive_tui.simulation.settings import Settings


def machine_cores() -> int:
    """The cores this process may run on (its affinity, where the system says), at least 1."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def serially(
    settings: Settings, seeds: Sequence[int], board_for: Callable[[int], Board], max_actions: int
) -> Iterator[tuple[int, GameResult]]:
    for seed in seeds:
        yield seed, run_game(board_for, game_setup(settings, seed), settings, max_actions)


def _leave_ctrl_c_to_the_run() -> None:
    """Ctrl+C reaches every process of the terminal: the run stops the pool and says so once,
    rather than each process printing its own traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def in_processes(
    settings: Settings, seeds: Sequence[int], max_actions: int
) -> Iterator[tuple[int, GameResult]]:
    from multiprocessing import get_context

    tasks = [(settings, seed, max_actions) for seed in seeds]
    if not tasks:
        return
    processes = min(settings.workers, len(tasks))
    with get_context("spawn").Pool(processes, initializer=_leave_ctrl_c_to_the_run) as pool:
        yield from pool.imap_unordered(play_task, tasks)
