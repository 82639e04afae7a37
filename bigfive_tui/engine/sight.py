"""Who sees what: clear view (R-land-clear-view, RU-clear-view) and Kate's lines (RU-kate-lines)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigfive_tui.engine.hexgrid import cell_index, cell_of, ray
from bigfive_tui.engine.pieces import Feature, Terrain

if TYPE_CHECKING:
    from bigfive_tui.engine.board import Board


def clear_view(board: Board, viewer: int, target: int) -> bool:
    return target in board.view[viewer]


def clear_view_between(board: Board, a: int, b: int) -> bool:
    """Two vehicles see each other when each can see the other (RU-clear-view): a vehicle on a
    hill sees over a bush, the one below does not see it."""
    return b in board.view[a] and a in board.view[b]


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
