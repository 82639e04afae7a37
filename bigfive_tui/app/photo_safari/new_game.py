"""Photo Safari's new-game screen: who plays Red and Yellow, and the start set-up.

The first field chooses the game, as on the Big Five's new-game screen; the defaults (you as
Red against the computer, the documented set-up) let a newcomer press Enter and play. A game in
play (Ctrl+N) or an autosaved one is offered first, as on the Big Five's screen.
"""

from __future__ import annotations

import os
from typing import ClassVar, Unpack

from rich.cells import cell_len
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Input, Static

from bigfive_tui.app.components.cycle_field import CycleField
from bigfive_tui.app.components.game_choice import game_row
from bigfive_tui.app.components.key_bar import KeyBar
from bigfive_tui.app.files import settings
from bigfive_tui.app.files.names import data_file, data_file_hint
from bigfive_tui.app.files.saves import data_dir
from bigfive_tui.app.keys.table import command_key
from bigfive_tui.app.messages import FieldChanged, StartPhotoSafari, SwitchGame
from bigfive_tui.app.screens.new_game_base import (
    NEW_GAME_BINDINGS,
    NewGameBase,
    NewGameOptions,
    seed_input,
)
from bigfive_tui.app.setups.games import PHOTO_SAFARI
from bigfive_tui.app.setups.photo_safari import PhotoSetup
from bigfive_tui.photo_safari.formats.setup_file import SetupFileError
from bigfive_tui.photo_safari.setups import DEFAULT_SETUP, RANDOM, setup_names

HOW_IT_PLAYS = (
    "Red moves the camera, then Yellow, then every animal takes one step by fixed rules. A "
    "camera moves like a chess queen (its first move like a rook, or it stays), never onto or "
    "across bush, water or an animal. Photos are taken by themselves: stand in front of an "
    "animal or beside it, never behind. The first with all ten wins; after 40 moves each, the "
    "most photos win. In the game, a shows where each animal goes next; ? lists the keys."
)
PLAYER_KINDS = [(False, "person"), (True, "computer")]
FILE = "file"


class PhotoNewGameScreen(NewGameBase):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "Start Photo Safari"),
        *NEW_GAME_BINDINGS,
    ]
    FIRST_FIELD = "#red"
    NEW_GAME_WORDS = "a new game"

    def __init__(
        self, seed: int, *, setup: str | None = None, **options: Unpack[NewGameOptions]
    ) -> None:
        """``setup``: the set-up offered first; the rest as for :class:`NewGameBase`."""
        super().__init__(seed, **options)
        #: The fields start at the last Photo Safari setup (a ``setup`` given wins).
        remembered = settings.remembered_photo_setup() or PhotoSetup()
        self.computer = remembered.computer
        self.initial = setup or remembered.setup
        shipped = (*setup_names(), RANDOM)
        if not setup and self.initial not in shipped and not os.path.isfile(self.initial):
            self.notice = self.notice or (
                f"The last game's set-up file {self.initial} is no longer there: the typical "
                "set-up is offered."
            )
            self.initial = DEFAULT_SETUP

    def compose(self) -> ComposeResult:
        names = setup_names()
        shipped = [(name, name) for name in names]
        sources = [*shipped, (RANDOM, "random"), (FILE, "set-up file")]
        chosen = self.initial if self.initial in (*names, RANDOM) else FILE
        # One value width for the fields, so the explanations after them line up.
        width = max(cell_len(text) for _, text in [*PLAYER_KINDS, *sources])
        with VerticalScroll(id="photo-new-game"):
            yield Static(
                Content.from_markup(
                    "[b]Photo Safari[/]  [$text-muted]— a photo hunt for two on a 10 × 10 grid. "
                    "Be the first to photograph all ten animals, which walk about by fixed "
                    "rules.[/]"
                ),
                id="title",
            )
            yield Static(
                Content.from_markup(
                    "[b]↑ ↓[/] move between fields · [b]← →[/] (or a click) change a choice · "
                    "[b]Enter[/] starts"
                ),
                id="keys-hint",
                classes="muted",
            )
            yield Static(
                self.notice, id="notice", classes="error" if self.notice else "-empty", markup=False
            )
            yield game_row(PHOTO_SAFARI)
            yield Static(id="photo-size-note", classes="muted")
            yield Vertical(id="continue-row")
            with Vertical(id="photo-players", classes="box") as players:
                players.border_title = "Cameras"
                with Horizontal(classes="option-row"):
                    yield CycleField(
                        "Red",
                        PLAYER_KINDS,
                        self.computer[0],
                        label_width=8,
                        value_width=width,
                        id="red",
                    )
                    yield Static("moves first, from the top-left corner", classes="muted")
                with Horizontal(classes="option-row"):
                    yield CycleField(
                        "Yellow",
                        PLAYER_KINDS,
                        self.computer[1],
                        label_width=8,
                        value_width=width,
                        id="yellow",
                    )
                    yield Static("moves second, from the bottom-right corner", classes="muted")
            with Vertical(id="photo-setup-box", classes="box") as setup_box:
                setup_box.border_title = "Start set-up"
                with Horizontal(classes="option-row"):
                    yield CycleField(
                        "Set-up", sources, chosen, label_width=8, value_width=width, id="setup"
                    )
                    yield Static("seed ", classes="muted photo-random")
                    yield seed_input(self.seed, "photo-seed", "photo-random")
                    yield Input(
                        self.initial if chosen == FILE else "",
                        placeholder=data_file_hint(data_dir() / "setups")
                        if self.app.is_web
                        else "path/to/setup.toml",
                        id="photo-setup-file",
                        compact=True,
                        classes="photo-file",
                    )
                yield Static(id="photo-about", classes="muted")
            with Vertical(id="photo-how", classes="box") as how:
                how.border_title = "How it plays"
                yield Static(HOW_IT_PLAYS, classes="muted")
            with Horizontal(classes="buttons"):
                yield Button(
                    "Start Photo Safari (Enter)", variant="primary", id="start", compact=True
                )
                yield Button(
                    f"Learn to play ({command_key('learn', self.app.is_web)})",
                    id="learn",
                    compact=True,
                )
                yield Button(
                    f"Load a game… ({command_key('load', self.app.is_web)})",
                    id="load",
                    compact=True,
                )
                yield Button(
                    f"Rules ({command_key('rules', self.app.is_web)})", id="rules", compact=True
                )
                yield Button(
                    f"Quit ({command_key('quit', self.app.is_web)})", id="quit", compact=True
                )
            yield Static(id="error", classes="error -empty")
        yield KeyBar()

    def on_mount(self) -> None:
        if not self.built:
            return
        self._show_setup_fields()
        self._offer_continue()

    def _show_setup_fields(self) -> None:
        source = self.query_one("#setup", CycleField).value
        for widget in self.query(".photo-random"):
            widget.display = source == RANDOM
        for widget in self.query(".photo-file"):
            widget.display = source == FILE
        # In words: the rulings behind them (PU-playable, PU-start-setup) are in the rules (F1).
        about = {
            RANDOM: "drawn from the seed, always playable: no camera or animal walled in",
            FILE: "a set-up file of your own (the format is in the rules, F1)",
        }.get(source, "the standard start: bush and water laid out alike on both halves")
        self.query_one("#photo-about", Static).update(about)

    @on(FieldChanged)
    def _field_changed(self, event: FieldChanged) -> None:
        event.stop()
        if event.field_id == "game" and event.value != PHOTO_SAFARI:
            self.post_message(SwitchGame(str(event.value)))
        elif event.field_id == "setup":
            self._show_setup_fields()
        self._say_error("")

    def setup(self) -> PhotoSetup:
        """The chosen setup; ValueError with a player-facing message if it is incomplete."""
        source = self.query_one("#setup", CycleField).value
        seed_text = self.query_one("#photo-seed", Input).value.strip()
        seed = int(seed_text) if seed_text else self.seed
        name = source
        if source == FILE:
            name = self.query_one("#photo-setup-file", Input).value.strip()
            if not name:
                raise ValueError("Type the path of a set-up file, or choose another set-up.")
            if self.app.is_web:  # a browser tab reads the data folder's files only, by name
                name = str(data_file(name, data_dir() / "setups"))
        computer = (
            bool(self.query_one("#red", CycleField).value),
            bool(self.query_one("#yellow", CycleField).value),
        )
        return PhotoSetup(computer, name, seed)

    def _start(self) -> None:
        try:
            setup = self.setup()
            setup.session()  # a broken set-up file is reported here, before anything else
        except (ValueError, SetupFileError) as problem:
            self._say_error(str(problem))
            return
        self._say_error("")
        self.post_message(StartPhotoSafari(setup))

    def on_resize(self) -> None:
        """Set up here, play where the board fits: say so before the game's notice does."""
        from bigfive_tui.app.photo_safari.game import MIN_HEIGHT, MIN_WIDTH

        width, height = self.app.size
        note = self.query_one("#photo-size-note", Static)
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        note.display = small
        if small:
            note.update(
                f"This terminal is {width} × {height}: Photo Safari plays from {MIN_WIDTH} × "
                f"{MIN_HEIGHT} on. Set it up here, then make the window bigger."
            )
