"""What both games' end screens do alike: the headline (won, or lost) and its reason, each
game's own account of the game, then buttons named from the key table (app/keys/table.py,
``END_KEYS``) with the key bar under them. A button does what its key does: choosing what next
dismisses the screen with the choice ("new", "board", "quit"; the Big Five also has "again"),
other keys act on the screen (the Big Five's replay and how it ended).

Each game's screen adds its account of the game, its buttons and their bindings."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Static

from bigfive_tui.app.components.key_bar import KeyBar
from bigfive_tui.app.keys.table import END, END_KEYS, end_bindings

#: The end screens' buttons by id, with the action of their key (app/keys/table.py).
BUTTON_ACTIONS = {
    "new": "choose('new')",
    "replay": "replay",
    "again": "choose('again')",
    "cause": "cause",
    "board": "choose('board')",
    "quit": "quit",
}


def end_button(name: str) -> Button:
    """ "Replay (r)": the key's label and key, as the key table has them; a new game first."""
    key = END[BUTTON_ACTIONS[name]]
    label = f"{key.label} ({key.display})"
    return Button(label, variant="primary" if name == "new" else "default", id=name, compact=True)


def button_bindings(rows: tuple[tuple[str, ...], ...]) -> list[Binding]:
    """The keys of the buttons in ``rows``, in the key table's order."""
    return end_bindings({BUTTON_ACTIONS[name] for row in rows for name in row})


def button_palette(rows: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, str, str], ...]:
    """The palette's entries for the keys of the buttons in ``rows`` (app/keys/palette.py), but
    Quit: the app's own is there."""
    actions = {BUTTON_ACTIONS[name] for row in rows for name in row} - {"quit"}
    return tuple(
        (f"End of the game: {key.label.lower()}", key.action, f"{key.help} ({key.display})")
        for key in END_KEYS
        if key.action in actions
    )


class EndScreenBase(Screen[str]):
    """Dismisses with the choice of a button or its key (see ``BUTTON_ROWS``)."""

    #: Help lists the end keys too ("When the game has ended"); it was not reachable here.
    BINDINGS: ClassVar[list[BindingType]] = [Binding("question_mark", "app.help", "Help")]
    #: The buttons by id (``BUTTON_ACTIONS``), row by row; the first has the focus.
    BUTTON_ROWS: ClassVar[tuple[tuple[str, ...], ...]]

    def __init_subclass__(cls, **options: Any) -> None:
        """The first button takes the focus through Textual's auto focus, which looks for it
        instead of requiring it: a screen still being built when the app quits has none."""
        super().__init_subclass__(**options)
        cls.AUTO_FOCUS = f"#{cls.BUTTON_ROWS[0][0]}"

    def headline(self) -> tuple[str, str, bool]:
        """(headline, reason, whether it reads as a win)."""
        raise NotImplementedError

    def account(self) -> ComposeResult:
        """The game's own account of how it went, between the reason and the buttons."""
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        headline, reason, won = self.headline()
        with Vertical(id="end"):
            yield Static(headline, id="headline", classes="-won" if won else "-lost")
            yield Static(reason, id="reason")
            yield from self.account()
            for row, names in enumerate(self.BUTTON_ROWS):
                buttons: list[Widget] = [end_button(name) for name in names]
                yield Horizontal(*buttons, classes="buttons" if not row else "buttons -more")
        yield KeyBar()

    def action_choose(self, what: str) -> None:
        self.dismiss(what)

    def action_quit(self) -> None:
        self.dismiss("quit")

    @on(Button.Pressed)
    async def _pressed(self, event: Button.Pressed) -> None:
        await self.run_action(BUTTON_ACTIONS[event.button.id or "new"])
