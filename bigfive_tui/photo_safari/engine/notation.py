"""The text of a camera move (records, logs, scenarios): the square it ends on, or "stay"."""

from __future__ import annotations

from bigfive_tui.photo_safari.engine.grid import NAMES, find
from bigfive_tui.photo_safari.engine.state import PhotoState

STAY = "stay"


class NotationError(ValueError):
    """Text that is not a camera move; the message says what was expected."""


def format_move(state: PhotoState, square: int) -> str:
    """``c5``, or ``stay`` for the camera's own square."""
    return STAY if square == state.camera[state.seat] else NAMES[square]


def check_notation(text: str) -> None:
    """Raise NotationError unless ``text`` is a move's text in any position: a square or
    ``stay`` (a scenario checks its moves before it plays any)."""
    word = text.strip().lower()
    if word != STAY and find(word) is None:
        raise NotationError(f"{text!r} is not a move: write a square a1 to j10 (e.g. c5) or 'stay'")


def parse_move(state: PhotoState, text: str) -> int:
    """The square a move's text names (``stay`` is the camera's own square)."""
    check_notation(text)
    word = text.strip().lower()
    if word == STAY:
        return state.camera[state.seat]
    square = find(word)
    assert square is not None  # check_notation found it
    return square
