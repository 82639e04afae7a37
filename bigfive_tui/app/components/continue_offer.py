"""The row both new-game screens open with when there is a game to go back to: a button for it,
and under it the game in words and what a new game does with it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from textual.widgets import Button, Static


@dataclass(frozen=True, slots=True)
class ContinueOffer:
    """The game the screen offers to go on with: the one in play, or the autosaved one."""

    kind: Literal["running", "saved"]
    summary: str


def offer_widgets(
    offer: ContinueOffer, keeps_games: bool, load_key: str, new: str
) -> tuple[Button, Static]:
    """The button and the line under it. ``keeps_games``: a ``new`` game (``"a new safari"``)
    files the offered one away among the saves (``load_key`` loads it again); without autosave
    the game in memory goes, and a saved file stays as it is."""
    label = "Back to the game (Esc)" if offer.kind == "running" else "Continue the saved game"
    button = Button(label, variant="success", id="continue", compact=True)
    kept = (
        f"{new} keeps it among the saved games ({load_key})"
        if keeps_games
        else f"{new} replaces it"
        if offer.kind == "running"
        else f"{new} leaves it as it is"
    )
    # A line of its own under the button, which wraps between words in a narrow window.
    info = Static(f"{offer.summary} — {kept}.", id="continue-info", classes="muted", markup=False)
    return button, info
