"""The first row of both new-game screens: which game in the box to set up."""

from __future__ import annotations

from textual.containers import Horizontal
from textual.widgets import Static

from bigfive_tui.app.components.cycle_field import CycleField
from bigfive_tui.app.setups.games import BIG_FIVE, PHOTO_SAFARI

GAMES = [(BIG_FIVE, "The Big Five: Safari Tour"), (PHOTO_SAFARI, "Photo Safari")]


def game_row(current: str) -> Horizontal:
    """The row that switches between the games' new-game screens (on both of them)."""
    other = "Photo Safari, a photo hunt for two" if current == BIG_FIVE else "the Big Five"
    return Horizontal(
        CycleField("Game", GAMES, current, value_width=25, id="game"),
        Static(f"← → switches to {other}", classes="muted option-words"),
        classes="option-row",
        id="game-row",
    )
