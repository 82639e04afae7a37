"""The end of a game: won or lost and why, turns played, animals per guide, what next."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from bigfive_tui.app.describe import outcome_words, spotted_names
from bigfive_tui.app.messages import OpenTimeline
from bigfive_tui.engine.content import GUIDE_ROLES, Species
from bigfive_tui.engine.session import Session


class EndScreen(Screen[str]):
    """Dismisses with "new", "again" (the same seed again), "board" (look at the final board)
    or "quit"; "replay" opens the timeline over it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "replay", "Replay"),
        Binding("s", "choose('again')", "Same seed again"),
        Binding("n", "choose('new')", "New game"),
        Binding("b", "choose('board')", "Look at the board"),
        # The action of the app's Ctrl+Q: the footer shows one key per action, so "Quit" once.
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, session: Session, hints: int = 0) -> None:
        super().__init__()
        self.session = session
        self.hints = hints

    def compose(self) -> ComposeResult:
        state = self.session.state
        headline, reason = outcome_words(state, self.session.log)
        won = state.outcome == "won"
        with Vertical(id="end"):
            yield Static(headline, id="headline", classes="-won" if won else "-lost")
            yield Static(reason, id="reason")
            hints = "no hints" if not self.hints else f"{self.hints} hint{'s' * (self.hints != 1)}"
            yield Static(
                f"Turns played: {state.turn} · seed {state.game.seed} · {hints} asked", id="turns"
            )
            lines = [Content.styled("Animals spotted", "bold")]
            for seat, guide in enumerate(state.game.guides):
                seen = spotted_names(state.spotted[seat])
                count = len(seen)
                lines.append(
                    Content.assemble(
                        (f"{guide.title} ({GUIDE_ROLES[guide]})".ljust(26), "bold"),
                        (f"{count}/{len(Species)}  ", "$success" if count == 5 else "$warning"),
                        ", ".join(seen) or "none",
                    )
                )
            yield Static(Content("\n").join(lines), id="spotted")
            with Horizontal(classes="buttons"):
                yield Button("New game (n)", variant="primary", id="new", compact=True)
                yield Button("Replay (r)", id="replay", compact=True)
                yield Button("Same seed again (s)", id="again", compact=True)
            with Horizontal(classes="buttons"):
                yield Button("Look at the board (b)", id="board", compact=True)
                yield Button("Quit (q)", id="quit", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#new", Button).focus()

    def action_choose(self, what: str) -> None:
        self.dismiss(what)

    def action_quit(self) -> None:
        self.dismiss("quit")

    def action_replay(self) -> None:
        """The whole game on the timeline, from its start; Esc comes back here."""
        self.post_message(OpenTimeline(from_start=True))

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "replay":
            self.action_replay()
            return
        self.dismiss(event.button.id or "new")
