"""What the new-game screen hands to the app: seats, difficulty, board and start spaces.

This is plain data plus the few calls that turn it into an engine :class:`Session`; every rule
of setup (each guide once, start spaces on different pieces, ...) is checked by the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bigfive_tui.assets import load_layout, seeded_board
from bigfive_tui.engine.board import Board
from bigfive_tui.engine.content import Difficulty, Guide, Species
from bigfive_tui.engine.session import Session, make_game

BoardSource = Literal["random", "layout", "file"]


@dataclass(frozen=True, slots=True)
class SeatChoice:
    guide: Guide
    computer: bool = False


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything chosen on the new-game screen. ``seed`` drives the random board and dice."""

    seats: tuple[SeatChoice, ...] = (SeatChoice(Guide.JACK), SeatChoice(Guide.KATE))
    difficulty: Difficulty = Difficulty.BEGINNER
    removed: tuple[Species, ...] = ()
    board_source: BoardSource = "random"
    seed: int = 0
    layout: str = ""  # a shipped layout name, or a layout file path
    choose_starts: bool = False
    start_cells: tuple[int, ...] | None = field(default=None)
    #: How strong the computer teammates play: "strong" (the search player) or "steady".
    teammates: str = "strong"
    #: Practice: one person (the first seat) and computer teammates in every other seat.
    practice: bool = False

    @property
    def guides(self) -> tuple[Guide, ...]:
        return tuple(seat.guide for seat in self.seats)

    @property
    def computer_seats(self) -> frozenset[int]:
        return frozenset(i for i, seat in enumerate(self.seats) if seat.computer)

    def board(self) -> Board:
        """The board; a bad layout raises ``BoardFileError`` with a readable message."""
        if self.board_source == "random":
            return seeded_board(self.seed)
        return load_layout(self.layout)

    def session(self, board: Board | None = None) -> Session:
        """A new game; raises ``IllegalAction`` or ``BoardFileError`` when the setup is wrong."""
        game = make_game(
            board or self.board(), self.guides, self.difficulty, self.removed, self.seed
        )
        return Session(game, self.start_cells)
