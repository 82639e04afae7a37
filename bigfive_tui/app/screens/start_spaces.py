"""Choosing start spaces on the board: one seat after another, each on a piece not yet taken."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.game_setup import GameSetup
from bigfive_tui.engine.board import Board
from bigfive_tui.engine.content import GUIDE_ROLES
from bigfive_tui.engine.rules import place_gate_tokens
from bigfive_tui.engine.state import Game, GameState, empty_state


class StartSpacesScreen(Screen[tuple[int, ...] | None]):
    """Dismisses with one start cell per seat, or None when the player goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("backspace", "back", "Previous seat")]

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

    def compose(self) -> ComposeResult:
        with Vertical(id="start-spaces"):
            yield Static(id="start-prompt")
            yield Static(
                "Arrows or n/p move between the free numbered spaces (one vehicle per piece)"
                " · Enter chooses · Esc goes back a seat",
                id="start-hint",
                classes="muted",
            )
            yield BoardView(self.board, compact=True, id="board")
            yield Static(id="start-info", classes="muted")
        yield Footer()

    async def on_mount(self) -> None:
        await self._next_seat()

    def _targets(self) -> list[int]:
        taken = {self.board.slot[cell] for cell in self.chosen}
        return [cell for cell in self.board.numbered_cells if self.board.slot[cell] not in taken]

    async def _next_seat(self) -> None:
        seat = len(self.chosen)
        if seat == len(self.setup.seats):
            self.dismiss(tuple(self.chosen))
            return
        guide = self.setup.seats[seat].guide
        board_view = self.query_one(BoardView)
        if self.chosen:
            board_view.show_state(self._preview())
        elif self._shown:
            # Back to the first seat: a bare board again (a state needs a vehicle).
            await board_view.remove()
            board_view = BoardView(self.board, compact=True, id="board")
            await self.query_one("#start-spaces").mount(board_view, after="#start-hint")
        self._shown = bool(self.chosen)
        seats = len(self.setup.seats)
        self.query_one("#start-prompt", Static).update(
            f"Seat {seat + 1} of {seats}: where does {guide.title} ({GUIDE_ROLES[guide]}) start?"
        )
        # The board's status line also describes the space under the cursor: keep it short.
        board_view.set_targets(self._targets(), f"{guide.title}'s start space")
        board_view.focus()

    @on(BoardView.TargetChosen)
    async def _chosen(self, event: BoardView.TargetChosen) -> None:
        event.stop()
        if event.cell in self._targets():
            self.chosen.append(event.cell)
            await self._next_seat()

    @on(BoardView.TargetCancelled)
    async def _cancelled(self, event: BoardView.TargetCancelled) -> None:
        event.stop()
        await self.action_back()

    @on(BoardView.CursorMoved)
    def _cursor(self, event: BoardView.CursorMoved) -> None:
        self.query_one("#start-info", Static).update(event.control.describe(event.cell))

    async def action_back(self) -> None:
        if self.chosen:
            self.chosen.pop()
            await self._next_seat()
        else:
            self.dismiss(None)
