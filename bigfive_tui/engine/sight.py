"""Who sees what: clear view (R-land-clear-view, RU-clear-view) and Kate's lines (RU-kate-lines)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigfive_tui.engine.boardspec import Feature, Terrain
from bigfive_tui.engine.hexgrid import cell_index, cell_of, ray

if TYPE_CHECKING:
    from bigfive_tui.engine.board import Board


def sees_neighbour(board: Board, viewer: int, direction: int) -> bool:
    """Bushes block the view to an adjacent space unless the viewer stands on a hill; nobody
    sees onto a mountain (R-land-mountain)."""
    target = board.neighbours[viewer][direction]
    if target < 0 or board.terrain[target] == Terrain.MOUNTAIN:
        return False
    return board.hill[viewer] or not board.features[viewer][direction] & Feature.BUSH


def clear_view(board: Board, viewer: int, target: int) -> bool:
    return target in board.view[viewer]


def clear_view_between(board: Board, a: int, b: int) -> bool:
    """Two vehicles see each other when either can see the other (RU-clear-view)."""
    return b in board.view[a] or a in board.view[b]


def compute_view(board: Board, viewer: int) -> tuple[int, ...]:
    """The viewer's own space and every adjacent space it has clear view of."""
    seen = [viewer]
    for direction in range(6):
        if sees_neighbour(board, viewer, direction):
            seen.append(board.neighbours[viewer][direction])
    return tuple(seen)


def compute_long_view(board: Board, viewer: int) -> tuple[int, ...]:
    """Every space Kate sees along the six straight lines from ``viewer`` (not ``viewer``)."""
    on_hill = board.hill[viewer]
    seen: list[int] = []
    for direction in range(6):
        cell = viewer
        for nxt in map(cell_index, ray(cell_of(viewer), direction)):
            if board.features[cell][direction] & Feature.BUSH and not on_hill:
                break
            kind = board.terrain[nxt]
            if kind == Terrain.MOUNTAIN or (kind == Terrain.FOREST and not on_hill):
                break
            seen.append(nxt)
            cell = nxt
    return tuple(seen)
