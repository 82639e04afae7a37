"""The end of a Photo Safari game: who won and why, each camera's photos, what next."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from bigfive_tui.app.photo_safari.game import SEAT_COLOURS
from bigfive_tui.photo_safari.engine.animals import ANIMAL_COUNT, ANIMAL_NAMES
from bigfive_tui.photo_safari.engine.session import PhotoSession
from bigfive_tui.photo_safari.engine.state import SEAT_NAMES, SEATS


class PhotoEndScreen(Screen[str]):
    """Dismisses with "new", "board" (look at the final board) or "quit"."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('new')", "New game"),
        Binding("b", "choose('board')", "Look at the board"),
        # The action of the app's Ctrl+Q: the footer shows one key per action, so "Quit" once.
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, session: PhotoSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        state = self.session.state
        computers = self.session.computer_seats
        if state.outcome == "draw":
            headline = "A draw!"
        else:
            winner = SEAT_NAMES[state.winner]
            headline = f"{winner} wins!" + (" (the computer)" if state.winner in computers else "")
        reason = self.session.log[-1].text
        with Vertical(id="end"):
            yield Static(headline, id="headline", classes="-won")
            yield Static(reason, id="reason")
            yield Static(
                f"Rounds played: {state.round} · set-up: {state.game.layout.name}", id="turns"
            )
            lines = [Content.styled("Photos", "bold")]
            for seat in range(SEATS):
                mask = state.photos[seat]
                names = [ANIMAL_NAMES[a] for a in range(ANIMAL_COUNT) if mask >> a & 1]
                kind = " (computer)" if seat in computers else ""
                lines.append(
                    Content.assemble(
                        (f"{SEAT_NAMES[seat]}{kind}".ljust(20), f"bold {SEAT_COLOURS[seat]}"),
                        (f"{len(names)}/10  ", "$success" if len(names) == 10 else "$warning"),
                        ", ".join(names) or "none",
                    )
                )
            yield Static(Content("\n").join(lines), id="spotted")
            with Horizontal(classes="buttons"):
                yield Button("New game (n)", variant="primary", id="new", compact=True)
                yield Button("Look at the board (b)", id="board", compact=True)
                yield Button("Quit (q)", id="quit", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#new", Button).focus()

    def action_choose(self, what: str) -> None:
        self.dismiss(what)

    def action_quit(self) -> None:
        self.dismiss("quit")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "new")
