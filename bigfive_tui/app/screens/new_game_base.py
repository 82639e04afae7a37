"""What both games' new-game screens do alike: offer the game in play (or the autosaved one)
first, show why a start failed under the buttons, and answer the buttons and Esc the same way.

Each game's screen adds its own fields, its own start and its own Enter binding.
"""

from __future__ import annotations

from typing import ClassVar, Literal, TypedDict, Unpack

from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from bigfive_tui.app.components.continue_offer import ContinueOffer, offer_widgets
from bigfive_tui.app.components.cycle_field import CycleField
from bigfive_tui.app.keys.table import command_bindings, command_key
from bigfive_tui.app.messages import ContinueGame

#: The bindings after each screen's own Enter: back to a game in play, moving between fields,
#: loading a game and the rules.
NEW_GAME_BINDINGS: list[BindingType] = [
    Binding("escape", "back", "Back to the game"),
    Binding("up", "app.focus_previous", "Previous", show=False),
    Binding("down", "app.focus_next", "Next", show=False),
    *command_bindings("load", show=True),
    *command_bindings("rules", show=True),
    *command_bindings("learn", show=True),
]


#: Below this many columns the Load button says less ("Load…"), so that Learn to play fits
#: beside it and Rules stays in view at 80 columns.
FULL_BUTTONS_WIDTH = 100


def seed_input(seed: int, input_id: str, classes: str) -> Input:
    """The seed a random board or set-up is drawn from: digits only, as many as a seed has."""
    return Input(
        str(seed), restrict=r"[0-9]*", max_length=18, id=input_id, compact=True, classes=classes
    )


class NewGameOptions(TypedDict, total=False):
    """How a new-game screen opens, whichever game it sets up (see :class:`NewGameBase`)."""

    cursor_blink: bool
    notice: str
    offer: ContinueOffer | None
    keeps_games: bool
    focus_game: bool


class NewGameBase(Screen[None]):
    #: The field that has the focus when no game is offered, and what a new game is called.
    FIRST_FIELD: ClassVar[str]
    NEW_GAME_WORDS: ClassVar[str]

    def __init__(self, seed: int, **options: Unpack[NewGameOptions]) -> None:
        """``offer``: the game to go on with, if any; ``keeps_games``: whether a new game files
        that one away among the saves (autosave on) or not."""
        super().__init__()
        self.seed = seed
        self.cursor_blink = options.get("cursor_blink", True)
        self.notice = options.get("notice", "")
        self.offer = options.get("offer")
        self.keeps_games = options.get("keeps_games", False)
        #: Opened by the other game's screen: the game field keeps the focus, so ← → goes back.
        self.focus_game = options.get("focus_game", False)
        #: The game the continue row offers: none, the autosaved one or the one in play.
        self._other: Literal["", "saved", "running"] = ""

    @property
    def built(self) -> bool:
        """Whether the screen's widgets were mounted. A screen closed while it waited to be
        built (the app quit, or a game switch replaced it, in the same burst of keys) gets no
        widgets from Textual, but its ``on_mount`` still runs: then there is nothing to set up,
        and a query for a field would end the app with a traceback."""
        return bool(self.children)

    def on_mount(self) -> None:
        """(Textual calls this besides each screen's own ``on_mount``.)"""
        for widget in self.query(Input):
            widget.cursor_blink = self.cursor_blink
        if self.built:
            self._fit_buttons()

    def on_resize(self) -> None:
        """(Textual calls this besides each screen's own ``on_resize``.)"""
        if self.built:
            self._fit_buttons()

    def _fit_buttons(self) -> None:
        """The Load button's words for the terminal's width (a label does not resize its
        button by itself)."""
        load = self.query_one("#load", Button)
        words = "Load a game…" if self.app.size.width >= FULL_BUTTONS_WIDTH else "Load…"
        label = f"{words} ({command_key('load', self.app.is_web)})"
        if str(load.label) != label:
            load.label = label
            load.refresh(layout=True)

    def _offer_continue(self) -> None:
        """Offer the game in play, or else the autosaved game: the offer takes the focus, so a
        stray Enter goes back to a game rather than filing it away for a new one."""
        row = self.query_one("#continue-row", Vertical)
        row.remove_children()
        offer = self.offer
        if offer is None or self.focus_game:
            self.query_one("#game" if self.focus_game else self.FIRST_FIELD, CycleField).focus()
        if offer is None:
            return
        self._other = offer.kind
        load = command_key("load", self.app.is_web)
        button, info_line = offer_widgets(offer, self.keeps_games, load, self.NEW_GAME_WORDS)
        row.mount(button, info_line)
        self.refresh_bindings()
        if not self.focus_game:
            self.call_after_refresh(button.focus)

    def _start(self) -> None:
        """Start the game set up in the fields, or say under the buttons why it cannot."""
        raise NotImplementedError

    def _say_error(self, text: str) -> None:
        """The error line under the buttons; without one it takes no room (80 × 24 has none)."""
        error = self.query_one("#error", Static)
        error.update(text)
        error.set_class(not text, "-empty")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return self._other == "running"
        return True

    def action_start(self) -> None:
        if isinstance(self.focused, Button):
            return  # the button handles its own Enter
        self._start()

    def action_back(self) -> None:
        self.post_message(ContinueGame())

    async def _quit(self) -> None:
        await self.app.run_action("quit")

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self._start()

    @on(Button.Pressed)
    async def _pressed(self, event: Button.Pressed) -> None:
        button = event.button.id
        if button == "start":
            self._start()
        elif button == "continue":
            self.post_message(ContinueGame())
        elif button in ("load", "rules", "learn"):
            await self.app.run_action(button)
        elif button == "quit":
            await self._quit()
