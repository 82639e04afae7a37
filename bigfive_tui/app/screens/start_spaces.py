"""Choosing start spaces on the board: one seat after another, each on a piece not yet taken.

Computer seats choose their own space (:func:`~bigfive_tui.players.start_space.computer_start`)
when their turn comes; a line above the board says where they went, and when they choose last
the screen waits for Enter, so the person sees every vehicle before the safari starts.

Esc (or Backspace) goes back to the last seat a person chose for, or to the game setup when
there is none; the hint above the board and the key bar say which.

At 80 × 24 the board needs every line but two: the question stays above it, the board's own
status line describes the space under the cursor, and the key bar names the keys.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.components.key_bar import KeyBar
from bigfive_tui.app.drawing.sizes import choose
from bigfive_tui.app.setups.big_five import GameSetup
from bigfive_tui.boardmap import Drawing
from bigfive_tui.engine.board import Board
from bigfive_tui.engine.content import GUIDE_ROLES
from bigfive_tui.engine.setup import place_gate_tokens
from bigfive_tui.engine.state import Game, GameState, empty_state
from bigfive_tui.players.start_space import computer_start

SEAT_KEYS = "Arrows or n/p pick a free numbered space (one vehicle per piece) · Enter chooses"
DONE_KEYS = "Enter starts the safari"
BACK_A_SEAT = " · Esc goes back a seat"
BACK_TO_SETUP = " · Esc goes back to the game setup"


class StartSpacesScreen(Screen[tuple[int, ...] | None]):
    """Dismisses with one start cell per seat, or None when the player goes back."""

    # Priority, so Esc goes back here rather than to the board's "Cancel"; one of the two is
    # active (check_action), and the footer names what Esc does now.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,backspace", "back_seat", "Back a seat", priority=True),
        Binding("escape,backspace", "back_to_setup", "Back to the game setup", priority=True),
        # Once computer seats chose last: Enter starts (the button is for the mouse, and
        # 80 × 24 has no line for it).
        Binding("enter", "start", "Start the safari", priority=True),
    ]

    def __init__(self, setup: GameSetup, board: Board) -> None:
        super().__init__()
        self.setup = setup
        self.board = board
        self.chosen: list[int] = []
        self._shown = False

    def _preview(self) -> GameState:
        """The bare board with the vehicles placed so far (fires and animals are rolled only
        after every vehicle stands on the board, so none are shown).

        The park entrance tokens are put on their gates as on the printed board: the board
        view draws only what a state holds, so without them the ``G`` would vanish as soon
        as the first vehicle is shown.
        """
        guides = tuple(seat.guide for seat in self.setup.seats[: len(self.chosen)])
        game = Game(board=self.board, guides=guides, difficulty=self.setup.difficulty)
        state = empty_state(game, 0)
        state.vehicle = list(self.chosen)
        place_gate_tokens(state)
        return state

    def _drawing(self) -> Drawing:
        """The largest drawing of the board the terminal holds (the player's choice first)."""
        preferred: Drawing | None = getattr(self.app, "preferred_drawing", None)
        return choose(*self.app.size, preferred) or "compact"

    def compose(self) -> ComposeResult:
        with Vertical(id="start-spaces"):
            yield Static(id="start-prompt")
            yield Static(SEAT_KEYS, id="start-hint", classes="muted")
            yield Static(id="start-computers")
            yield BoardView(self.board, drawing=self._drawing(), id="board")
            yield Static(id="start-info", classes="muted")
            with Horizontal(id="start-done", classes="buttons"):
                yield Button(
                    "Start the safari (Enter)", variant="primary", id="start", compact=True
                )
        yield KeyBar()

    async def on_mount(self) -> None:
        await self._next_seat()

    def on_resize(self, event: events.Resize) -> None:
        """Another terminal size: the drawing that fits it, as the game screen does (the
        screen kept the drawing it was opened with, too large after a shrink)."""
        del event
        board = self.query_one(BoardView)
        board.drawing = self._drawing()  # the same targets, cursor and vehicles, redrawn

    def _targets(self) -> list[int]:
        taken = {self.board.slot[cell] for cell in self.chosen}
        return [cell for cell in self.board.numbered_cells if self.board.slot[cell] not in taken]

    def _place_computers(self) -> None:
        """Computer seats whose turn has come choose now, each seeing the spaces taken."""
        seats = self.setup.seats
        while len(self.chosen) < len(seats) and seats[len(self.chosen)].computer:
            guide = seats[len(self.chosen)].guide
            self.chosen.append(computer_start(self.board, self.chosen, guide))

    def _show_computers(self) -> None:
        placed = [
            f"{seat.guide.title} on {self.board.names[cell]}"
            for seat, cell in zip(self.setup.seats, self.chosen, strict=False)
            if seat.computer
        ]
        line = self.query_one("#start-computers", Static)
        line.set_class(not placed, "-none")
        if placed:
            line.update(
                f"Computer seats: {' · '.join(placed)} (each took the free start space from "
                "which the numbered spaces, where animals appear, come into sight with the "
                "fewest driving actions on average)"
            )

    async def _next_seat(self, cursor: int | None = None) -> None:
        """Show the next person's seat (the cursor on ``cursor`` when going back to it), or
        finish: at once, or after Enter when computer seats chose last."""
        self._place_computers()
        self._show_computers()
        self.refresh_bindings()  # the footer's Esc: back a seat or to the setup
        seat = len(self.chosen)
        seats = len(self.setup.seats)
        done = self.query_one("#start-done")
        done.set_class(False, "-shown")
        board_view = self.query_one(BoardView)
        if self.chosen:
            board_view.show_state(self._preview())
        elif self._shown:
            # Back to the first seat: a bare board again (a state needs a vehicle).
            await board_view.remove()
            board_view = BoardView(self.board, drawing=self._drawing(), id="board")
            await self.query_one("#start-spaces").mount(board_view, after="#start-computers")
        self._shown = bool(self.chosen)
        if seat == seats:
            if not self.setup.seats[-1].computer:
                self.dismiss(tuple(self.chosen))
                return
            board_view.clear_targets()
            self.query_one("#start-info", Static).update("")
            self.query_one("#start-prompt", Static).update("Every vehicle has its start space.")
            self.query_one("#start-hint", Static).update(DONE_KEYS + self._back_words())
            done.set_class(True, "-shown")
            self.refresh_bindings()
            return
        guide = self.setup.seats[seat].guide
        self.query_one("#start-prompt", Static).update(
            f"Seat {seat + 1} of {seats}: where does {guide.title} ({GUIDE_ROLES[guide]}) start?"
        )
        self.query_one("#start-hint", Static).update(SEAT_KEYS + self._back_words())
        # The board's status line also describes the space under the cursor: keep it short.
        board_view.set_targets(self._targets(), f"{guide.title}'s start space")
        if cursor is not None:
            board_view.cursor = cursor

    @on(BoardView.TargetChosen)
    async def _chosen(self, event: BoardView.TargetChosen) -> None:
        event.stop()
        if event.cell in self._targets():
            self.chosen.append(event.cell)
            await self._next_seat()

    @on(BoardView.CursorMoved)
    def _cursor(self, event: BoardView.CursorMoved) -> None:
        self.query_one("#start-info", Static).update(event.control.describe(event.cell))

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        self.dismiss(tuple(self.chosen))

    def _people_chosen(self) -> list[int]:
        """The seats a person has chosen a space for so far."""
        return [i for i in range(len(self.chosen)) if not self.setup.seats[i].computer]

    def _back_words(self) -> str:
        return BACK_A_SEAT if self._people_chosen() else BACK_TO_SETUP

    @property
    def done(self) -> bool:
        return len(self.chosen) == len(self.setup.seats)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return self.done
        if action == "back_seat":
            return bool(self._people_chosen())
        if action == "back_to_setup":
            return not self._people_chosen()
        return True

    async def action_back_seat(self) -> None:
        """Back to the last seat a person chose for, with the cursor on their space; the
        computer seats after it choose again."""
        people = self._people_chosen()
        cell = self.chosen[people[-1]]
        del self.chosen[people[-1] :]
        await self._next_seat(cursor=cell)

    def action_back_to_setup(self) -> None:
        self.dismiss(None)
