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
    """Two vehicles see each other when each can see the other (RU-clear-view): a vehicle on a
    hill sees over a bush, the one below does not see it."""
    return b in board.view[a] and a in board.view[b]


def compute_view(board: Board, viewer: int) -> tuple[int, ...]:
    """The viewer's own space and every adjacent space it has clear view of."""
    seen = [viewer]
    for direction in range(6):
        if sees_neighbour(board, viewer, direction):
            seen.append(board.neighbours[viewer][direction])
    return tuple(seen)


def _line_stop(board: Board, on_hill: bool, cell: int, nxt: int, direction: int) -> str | None:
    """What stops Kate's line on its way from ``cell`` to the next space ``nxt``, if anything
    (RU-kate-lines): "bush", "forest" or "mountain"."""
    if board.features[cell][direction] & Feature.BUSH and not on_hill:
        return "bush"
    kind = board.terrain[nxt]
    if kind == Terrain.MOUNTAIN:
        return "mountain"
    if kind == Terrain.FOREST and not on_hill:
        return "forest"
    return None


def compute_long_view(board: Board, viewer: int) -> tuple[int, ...]:
    """Every space Kate sees along the six straight lines from ``viewer`` (not ``viewer``)."""
    on_hill = board.hill[viewer]
    seen: list[int] = []
    for direction in range(6):
        cell = viewer
        for nxt in map(cell_index, ray(cell_of(viewer), direction)):
            if _line_stop(board, on_hill, cell, nxt, direction):
                break
            seen.append(nxt)
            cell = nxt
    return tuple(seen)


def line_stop(board: Board, viewer: int, target: int) -> tuple[str, int, int] | None:
    """Why Kate on ``viewer`` does not see ``target`` along her lines: what stops the line
    first and between which spaces (``("bush", cell, next)``, ``("forest", cell, next)``...),
    or None when ``target`` lies on none of her six lines or she sees it."""
    on_hill = board.hill[viewer]
    for direction in range(6):
        line = list(map(cell_index, ray(cell_of(viewer), direction)))
        if target not in line:
            continue
        cell = viewer
        for nxt in line[: line.index(target) + 1]:
            stop = _line_stop(board, on_hill, cell, nxt, direction)
            if stop:
                return stop, cell, nxt
            cell = nxt
    return None
