"""Which drawing of the board a terminal gets (compact, normal, large).

Each drawing comes with a layout of the game screen and the smallest terminal that holds both
(:data:`SCREEN_NEEDS`). The game uses the player's choice (``+``/``-``, remembered between
starts) when it fits the terminal, otherwise the largest drawing that fits.
"""

from __future__ import annotations

from typing import Final

from bigfive_tui.boardmap import DRAWINGS, Drawing

#: The smallest terminal (columns, lines) each drawing's game screen needs.
SCREEN_NEEDS: Final[dict[Drawing, tuple[int, int]]] = {
    "compact": (80, 24),
    "normal": (120, 34),
    "large": (160, 48),
}
MIN_WIDTH, MIN_HEIGHT = SCREEN_NEEDS[DRAWINGS[0]]
#: In words, for messages and the help.
DRAWING_WORDS: Final[dict[Drawing, str]] = {
    "compact": "compact board",
    "normal": "normal board",
    "large": "large board",
}


def fits(drawing: Drawing, width: int, height: int) -> bool:
    need_width, need_height = SCREEN_NEEDS[drawing]
    return width >= need_width and height >= need_height


def choose(width: int, height: int, preferred: Drawing | None = None) -> Drawing | None:
    """The preferred drawing when it fits, else the largest that fits; None when none does."""
    if preferred is not None and fits(preferred, width, height):
        return preferred
    fitting = [drawing for drawing in DRAWINGS if fits(drawing, width, height)]
    return fitting[-1] if fitting else None


def neighbour(drawing: Drawing, step: int) -> Drawing | None:
    """The next larger (``step`` 1) or smaller (-1) drawing, or None past either end."""
    index = DRAWINGS.index(drawing) + step
    return DRAWINGS[index] if 0 <= index < len(DRAWINGS) else None


def needs_text(drawing: Drawing) -> str:
    """``"160 × 48"``: the terminal a drawing needs."""
    width, height = SCREEN_NEEDS[drawing]
    return f"{width} × {height}"
