"""What the Photo Safari new-game screen hands to the app: who plays each camera and which
start set-up; plain data plus the one call that makes the engine session."""

from __future__ import annotations

from dataclasses import dataclass

from bigfive_tui.photo_safari.engine.session import PhotoSession
from bigfive_tui.photo_safari.engine.state import SEAT_NAMES, Game
from bigfive_tui.photo_safari.setups import DEFAULT_SETUP, RANDOM, chosen_layout


@dataclass(frozen=True, slots=True)
class PhotoSetup:
    """``computer`` by seat (Red, Yellow); ``setup`` is a shipped set-up's name, ``random`` or a
    set-up file path; ``seed`` draws the random set-up."""

    computer: tuple[bool, bool] = (False, True)
    setup: str = DEFAULT_SETUP
    seed: int = 0

    @property
    def computer_seats(self) -> frozenset[int]:
        return frozenset(seat for seat, computer in enumerate(self.computer) if computer)

    def session(self) -> PhotoSession:
        """A new game; a broken set-up file raises ``SetupFileError`` with a readable message."""
        layout = chosen_layout(self.setup, self.seed)
        seed = self.seed if self.setup == RANDOM else 0
        return PhotoSession(Game(layout, seed), self.computer_seats)


def photo_summary(session: PhotoSession) -> str:
    """A game in play in the words of a save's summary."""
    cameras = " and ".join(
        f"{name}{' (computer)' * (seat in session.computer_seats)}"
        for seat, name in enumerate(SEAT_NAMES)
    )
    state = session.state
    return f"Photo Safari · {cameras} · {state.game.layout.name} · round {state.round}"
