"""Hand-made boards for rule tests, independent of the shipped piece designs."""

from __future__ import annotations

from typing import Any

from bigfive_tui.engine.board import Board, assemble
from bigfive_tui.engine.pieces import Placement
from bigfive_tui.formats.board_files import parse_piece

SYMBOLS = ("♠", "♣", "♥", "♦", "★", "●", "▲", "■", "♪")
KEYS = ("s", "c", "h", "d", "t", "o", "p", "b", "n")
OPEN_SIDE = {"spaces": ["s1 s2 s3", "s4 sa s5", "s6 sb sc"]}


def piece_data(index: int, side_a: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "name": f"p{index}",
        "symbol": SYMBOLS[index],
        "key": KEYS[index],
        "sides": {"A": side_a or OPEN_SIDE, "B": OPEN_SIDE},
    }


def open_board(special: dict[int, dict[str, Any]] | None = None) -> Board:
    """Nine open savanna pieces, side A up, unturned; ``special`` replaces side A of some.

    Slot ``s`` covers q in 3*(s%3)..+2 and r in 3*(s//3)..+2; cell index = r*9+q.
    """
    special = special or {}
    pieces = {
        f"p{i}": parse_piece(piece_data(i, special.get(i)), f"test piece {i}") for i in range(9)
    }
    placements = [Placement(piece=f"p{i}", side="A") for i in range(9)]
    return assemble(placements, pieces, "open test board")
