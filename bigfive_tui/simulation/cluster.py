"""A run's games as tasks of a Dask ``distributed`` cluster (the optional cluster extra)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Sequence
from typing import Any

from bigfive_tui.simulation.playing import GameResult, play_task
from bigfive_tui.simulation.settings import Settings, UsageError


def on_cluster(
    settings: Settings, seeds: Sequence[int], max_actions: int
) -> Iterator[tuple[int, GameResult]]:
    """The games as tasks of a Dask ``distributed`` cluster; results arrive as they finish."""
    try:  # the optional cluster extra: typed loosely, as distributed ships no type hints
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise UsageError(
            "--scheduler needs Dask's distributed: pip install 'bigfive[cluster]'"
        ) from None
    try:
        client = distributed.Client(settings.scheduler, timeout=20)
    except (OSError, TimeoutError) as problem:
        raise UsageError(f"cannot reach the scheduler at {settings.scheduler}: {problem}") from None
    try:
        futures = [
            client.submit(play_task, (settings, seed, max_actions), pure=False) for seed in seeds
        ]
        for future in distributed.as_completed(futures):
            yield future.result()
    finally:
        client.close()
