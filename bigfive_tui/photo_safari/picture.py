"""A position as plain text: ``bigfive photo-safari board``, scenario reports and the golden
playthroughs. Each square is four characters: its terrain (``.`` savanna, ``#`` bush, ``~``
water), then an animal's two letters and its facing arrow, or a camera (``R``, ``Y``)."""

from __future__ import annotations

from bigfive_tui.photo_safari.engine.animals import SHORT_NAMES
from bigfive_tui.photo_safari.engine.grid import COLUMNS, FACING_ARROWS, SIZE
from bigfive_tui.photo_safari.engine.layout import CHAR_OF
from bigfive_tui.photo_safari.engine.state import CAMERA, EMPTY, SEAT_NAMES, PhotoState


def square_text(state: PhotoState, square: int) -> str:
    terrain = CHAR_OF[state.game.layout.terrain[square]]
    held = state.occupant[square]
    if held == EMPTY:
        return f"{terrain}   "
    if held >= CAMERA:
        return f"{terrain}[{SEAT_NAMES[held - CAMERA][0]}]"
    return f"{terrain}{SHORT_NAMES[held]}{FACING_ARROWS[state.facing[held]]}"


def board_lines(state: PhotoState) -> list[str]:
    lines = [("    " + "".join(f"{column}   " for column in COLUMNS)).rstrip()]
    for row in range(SIZE):
        squares = "".join(square_text(state, row * SIZE + column) for column in range(SIZE))
        lines.append(f"{row + 1:>3} {squares}".rstrip())
    return lines
