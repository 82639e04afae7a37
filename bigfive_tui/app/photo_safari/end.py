"""The end of a Photo Safari game: who won and why, the step that ended it (as the Big Five's
end screen has it, with c to see it on the timeline), each camera's photos and how they grew
round by round, what next (the replay on the timeline among it)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.content import Content
from textual.widgets import Static

from bigfive_tui.app.components.column_text import ColumnText, Line, Row
from bigfive_tui.app.keys.table import END
from bigfive_tui.app.messages import OpenTimeline
from bigfive_tui.app.photo_safari.game import SEAT_COLOURS
from bigfive_tui.app.photo_safari.timeline import moments
from bigfive_tui.app.screens.end_base import EndScreenBase, button_bindings, button_palette
from bigfive_tui.photo_safari.engine.animals import ALL_PHOTOS, ANIMAL_COUNT, ANIMAL_NAMES
from bigfive_tui.photo_safari.engine.session import PhotoSession
from bigfive_tui.photo_safari.engine.state import SEAT_NAMES, SEATS, PhotoState


class PhotoEndScreen(EndScreenBase):
    """Dismisses with "new", "board" (look at the final board) or "quit"; r opens the
    timeline from the start, c at the step that ended the game."""

    BUTTON_ROWS = (("new", "replay", "cause"), ("board", "quit"))
    BINDINGS: ClassVar[list[BindingType]] = [*button_bindings(BUTTON_ROWS)]
    #: The palette's entries while this screen is on top (app/keys/palette.py).
    palette_commands: ClassVar[tuple[tuple[str, str, str], ...]] = button_palette(BUTTON_ROWS)

    def __init__(self, session: PhotoSession) -> None:
        super().__init__()
        self.session = session
        self.ending = ending_step(session)

    def headline(self) -> tuple[str, str, bool]:
        state = self.session.state
        if state.outcome == "draw":
            headline = "A draw!"
        else:
            computer = state.winner in self.session.computer_seats
            headline = f"{SEAT_NAMES[state.winner]} wins!" + " (the computer)" * computer
        return headline, self.session.log[-1].text, True

    def account(self) -> ComposeResult:
        """How it ended, the rounds played, then each camera's photos."""
        state = self.session.state
        computers = self.session.computer_seats
        if self.ending is not None:
            yield Static(
                Content.assemble(
                    ("How it ended: ", "bold"),
                    f"round {state.round}: {self.session.log[self.ending].text}",
                    (f"  ({END['cause'].display}: that step on the timeline)", "$text-muted"),
                ),
                id="end-cause",
            )
        yield Static(f"Rounds played: {state.round} · set-up: {state.game.layout.name}", id="turns")
        rows: list[Line] = [Content.styled("Photos", "bold")]
        for seat in range(SEATS):
            mask = state.photos[seat]
            names = [ANIMAL_NAMES[a] for a in range(ANIMAL_COUNT) if mask >> a & 1]
            kind = " (computer)" if seat in computers else ""
            who = Content.assemble(
                (f"{SEAT_NAMES[seat]}{kind}".ljust(20), f"bold {SEAT_COLOURS[seat]}"),
                (f"{len(names)}/10", "$success" if len(names) == 10 else "$warning"),
            )
            # A long list wraps under itself, not under the camera's name.
            rows.append(Row(who, ", ".join(names) or "none"))
        yield ColumnText(rows, widest_label=29, id="spotted")
        yield Static(photos_over_the_rounds(self.session), id="photo-rounds")

    def action_replay(self) -> None:
        """The whole game on the timeline, from its start; Esc comes back here."""
        self.post_message(OpenTimeline(from_start=True))

    def action_cause(self) -> None:
        """The step that ended the game on the timeline (its end, if none is known)."""
        self.post_message(OpenTimeline(self.ending))


def ending_step(session: PhotoSession) -> int | None:
    """The log index of the step that ended the game: the photo that completed the winner's
    ten (both cameras' for a draw; a tenth on Red's move ends the game only after Yellow's),
    or the camera move that used the last of both cameras' allowance. None for a game that
    is not over."""
    log, state = session.log, session.state
    if not state.over or not log or log[-1].kind != "end":
        return None
    by_moves = log[-1].rule == "P-end-forty"
    seats = range(SEATS) if state.outcome == "draw" else (state.winner,)

    def ended(after: PhotoState) -> bool:
        if by_moves:
            return min(after.moves) >= after.game.move_limit
        return all(after.photos[seat] == ALL_PHOTOS for seat in seats)

    return next((i for i, after in enumerate(moments(session).states) if ended(after)), None)


#: A column's height by photos: none, then eight steps up to ten.
LEVELS = "·▁▂▃▄▅▆▇█"


def photos_over_the_rounds(session: PhotoSession) -> Content:
    """Each camera's photo count at the end of every round, a column a round (the last
    number is the count at the end)."""
    rounds = session.rounds()
    lines = [Content.styled("Photos over the rounds (a column a round)", "bold")]
    computers = session.computer_seats
    for seat in range(SEATS):
        counts = [pair[seat] for pair in rounds]
        bars = "".join(LEVELS[(count * (len(LEVELS) - 1) + 9) // 10] for count in counts)
        kind = " (computer)" if seat in computers else ""
        lines.append(
            Content.assemble(
                (f"{SEAT_NAMES[seat]}{kind}".ljust(18), f"bold {SEAT_COLOURS[seat]}"),
                (bars, SEAT_COLOURS[seat]),
                f" {counts[-1] if counts else 0}",
            )
        )
    if len(rounds) >= 5:
        ticks = "".join(str(n).ljust(5) for n in range(1, len(rounds) + 1, 5))
        lines.append(Content.styled(f"{'round':<18}{ticks[: len(rounds)]}", "$text-muted"))
    return Content("\n").join(lines)
