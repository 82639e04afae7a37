"""Small modal dialogs: hand-over, the drawn card, choices, exchange, save and load."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from bigfive_tui.app.components.column_text import ColumnText, Row
from bigfive_tui.app.components.cycle_field import CycleField
from bigfive_tui.app.files import saves
from bigfive_tui.app.files.names import Chosen, NameRefused, place
from bigfive_tui.app.keys.table import command_bindings
from bigfive_tui.app.messages import FieldChanged
from bigfive_tui.app.words.describe import joined
from bigfive_tui.app.words.rules_text import rule_text_alone
from bigfive_tui.engine.actions import FOOD, FUEL, RESOURCE_NAMES, Action, Step
from bigfive_tui.engine.apply_action import loses_at_once
from bigfive_tui.engine.content import Card
from bigfive_tui.engine.state import GameState
from bigfive_tui.files.writing import NotAFile, regular_target
from bigfive_tui.safe_text import printable


class HandOverScreen(ModalScreen[bool]):
    """ "Kate's turn — pass the keyboard, press Enter": Enter draws the card, Esc looks first.

    ``summary`` tells what the other guides did since this guide's last turn, one line each:
    computer turns pass quickly and the game log has only a few rows.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "go", "Draw the card"),
        Binding("escape", "look", "Look at the board first"),
        # Between turns is a natural moment to stop: a popup would otherwise block these keys.
        *command_bindings("new_game"),
        *command_bindings("load"),
    ]

    #: Width with a summary: its lines are long (the dialog style gives 76 columns).
    SUMMARY_WIDTH = 100

    def __init__(
        self,
        name: str,
        turn: int,
        detail: str = "",
        summary: Sequence[str] = (),
        *,
        first_turn: bool = False,
    ) -> None:
        super().__init__(classes="dialog-screen")
        self.guide_name = name
        self.turn = turn
        self.detail = detail
        self.summary = list(summary)
        self.first_turn = first_turn

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="handover") as dialog:
            yield Static(
                Content.from_markup(
                    "Turn $turn — [b]$name[/]'s turn", turn=str(self.turn), name=self.guide_name
                ),
                classes="dialog-title",
            )
            yield Static(f"Pass the keyboard to {self.guide_name}.")
            if self.detail:
                yield Static(self.detail, classes="muted")
            if self.summary:
                dialog.styles.width = self.SUMMARY_WIDTH
                dialog.styles.max_width = "100%"
                heading = Content.from_markup(
                    "[b]Since the safari began:[/]"
                    if self.first_turn
                    else "[b]Since $name's last turn:[/]",
                    name=self.guide_name,
                )
                summary = Static(
                    Content("\n").join([heading, *(Content(line) for line in self.summary)]),
                    id="handover-summary",
                )
                summary.styles.margin = (1, 0)
                yield summary
            yield Static(
                Content.from_markup(
                    "Press [b]Enter[/] to draw the event card, "
                    "[b]Esc[/] to look at the board first."
                )
            )
            with Horizontal(classes="buttons"):
                yield Button("Draw the card", variant="primary", id="go", compact=True)
                yield Button("Look first", id="look", compact=True)

    def action_go(self) -> None:
        self.dismiss(True)

    def action_look(self) -> None:
        self.dismiss(False)

    @on(Button.Pressed, "#go")
    def _go(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#look")
    def _look(self) -> None:
        self.dismiss(False)


class CardScreen(ModalScreen[None]):
    """The event card just drawn and what it did; any key or a click closes it.

    A card can do a lot (a buffalo chased from one burning piece to the next): when its
    effects do not fit the terminal, the first and the last stay (what the card started and
    where it ended) and one line says how many more the log holds."""

    def __init__(self, who: str, card: Card | None, effects: Sequence[Step]) -> None:
        super().__init__(classes="dialog-screen")
        self.who = who
        self.card = card
        self.effects = list(effects)

    def compose(self) -> ComposeResult:
        name = self.card.name if self.card else "Event card"
        with Vertical(classes="dialog", id="card-dialog"):
            yield Static(
                Content.from_markup("[b]$who draws: $name[/]", who=self.who, name=name),
                classes="dialog-title",
            )
            rule = rule_text_alone(self.card.rule) if self.card is not None else ""
            if rule:
                yield Static(rule, classes="muted")
            # What the card did, in the log's words, each step a point of its own (their rule
            # ids are debug mode's: there the steps are shown one by one instead).
            yield ColumnText(
                [Row("•", step.text) for step in self.effects],
                label_style="$text-muted",
                widest_label=2,
                elided="… {count} more steps: the log (L) has them all",
                id="card-effects",
            )
            yield Static(
                Content.from_markup("[$text-muted]Press any key to go on.[/]"), id="card-go-on"
            )

    def on_mount(self) -> None:
        self.call_after_refresh(self._fit_effects)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit_effects)

    def _fit_effects(self) -> None:
        """As many rows of effects as the terminal has room for beside the rest of the box."""
        dialog = self.query_one("#card-dialog")
        effects = self.query_one(ColumnText)
        others = sum(
            child.outer_size.height + child.styles.margin.height
            for child in dialog.children
            if child is not effects
        )
        chrome = dialog.styles.gutter.height + others
        height = self.size.height
        if dialog.styles.max_height is not None:
            height = min(height, int(dialog.styles.max_height.resolve(self.size, self.size)))
        effects.max_rows = max(3, height - chrome)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self._close()

    def on_click(self, event: events.Click) -> None:
        self._close()

    def _close(self) -> None:
        """Once. Keys typed fast (or sent together by a browser) all reach this dialog before
        it is gone, and each dismiss pops the top screen: a second one took the game's."""
        if self.is_active:
            self.dismiss(None)


class ChoiceDialog(ModalScreen[int | None]):
    """Pick one of a few labelled options (↑ ↓ Enter, or click); Esc cancels if allowed."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(
        self, title: str, options: Sequence[str], prompt: str = "", *, cancellable: bool = True
    ) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.options = list(options)
        self.prompt = prompt
        self.cancellable = cancellable

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            if self.prompt:
                yield Static(self.prompt, classes="muted", markup=False)
            yield OptionList(
                *[Option(f"{i + 1}. {text}", id=str(i)) for i, text in enumerate(self.options)],
                id="choices",
            )
            keys = f"↑ ↓ and Enter, or 1–{len(self.options)}"
            yield Static(
                f"{keys}; Esc cancels." if self.cancellable else f"{keys}: a choice is needed.",
                id="choice-keys",
                classes="muted",
            )

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape" and not self.cancellable:
            event.stop()
            self.notify("This choice cannot be skipped: pick one of the options.", timeout=3)
            return
        if event.character and event.character.isdigit():
            index = int(event.character) - 1
            if 0 <= index < len(self.options):
                event.stop()
                if self.is_active:  # a second digit typed fast must not pop the screen below
                    self.dismiss(index)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel":
            return self.cancellable
        return True

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmDialog(ModalScreen[bool]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,y", "yes", "Yes"),
        Binding("escape,n", "no", "No"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__(classes="dialog-screen")
        self.question = question
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(f"{self.yes} (Enter)", variant="primary", id="yes", compact=True)
                yield Button(f"{self.no} (Esc)", id="no", compact=True)

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class LosingConfirmDialog(ConfirmDialog):
    """A question before a step that loses something (the game, a file's contents): Enter and
    Esc keep it, only ``y`` (or the button) goes ahead, so a quick Enter never ends a safari
    nor replaces a save."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "yes", "Yes"),
        Binding("enter,escape,n", "no", "No"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(f"{self.no} (Enter)", variant="primary", id="no", compact=True)
                yield Button(f"{self.yes} (y)", variant="error", id="yes", compact=True)


class ExchangeDialog(ModalScreen[Action | None]):
    """Giver, receiver, fuel or food, amount: each field offers only what is legal."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "give", "Give"),
        Binding("up", "app.focus_previous", "Previous field", show=False),
        Binding("down", "app.focus_next", "Next field", show=False),
    ]

    def __init__(self, state: GameState, options: Sequence[Action]) -> None:
        super().__init__(classes="dialog-screen")
        self.state = state
        self.options = list(options)

    def _guide_name(self, seat: int) -> str:
        return self.state.game.guides[seat].title

    def _matching(self, **fixed: int) -> list[Action]:
        return [a for a in self.options if all(getattr(a, k) == v for k, v in fixed.items())]

    def _first_exchange(self) -> tuple[int, int, int]:
        """Giver, receiver and resource offered first. The guide whose turn it is gives if
        they can, to the partner in clear view lowest on fuel or food; else they receive, from
        the partner best supplied: the player decides their own exchange, not two others'.
        The resource is the one the receiver has less of. An exchange that would lose the game
        (the giver's last food) is never the one offered first."""
        state, seat = self.state, self.state.seat
        pairs = sorted({(a.giver, a.target) for a in self.options if not self._loses(a)})
        pairs = pairs or sorted({(a.giver, a.target) for a in self.options})

        def low(other: int) -> int:
            return min(state.fuel[other], state.food[other])

        giving = [pair for pair in pairs if pair[0] == seat]
        receiving = [pair for pair in pairs if pair[1] == seat]
        if giving:
            giver, receiver = min(giving, key=lambda pair: low(pair[1]))
        elif receiving:
            giver, receiver = max(receiving, key=lambda pair: low(pair[0]))
        else:
            giver, receiver = pairs[0]
        matching = self._matching(giver=giver, target=receiver)
        kinds = {a.resource for a in matching if not self._loses(a)}
        kinds = kinds or {a.resource for a in matching}
        short = FOOD if state.food[receiver] < state.fuel[receiver] else FUEL
        return giver, receiver, short if short in kinds else min(kinds)

    def _loses(self, action: Action) -> bool:
        """Whether this exchange loses the game at once; only one that empties the giver's
        track can, so the others are not played through."""
        track = self.state.fuel if action.resource == FUEL else self.state.food
        return action.amount == track[action.giver] and bool(loses_at_once(self.state, action))

    def compose(self) -> ComposeResult:
        givers = sorted({a.giver for a in self.options})
        first, partner, what = self._first_exchange()
        with Vertical(classes="dialog", id="exchange"):
            yield Static("Give fuel or food (free)", classes="dialog-title")
            yield Static(
                "← → change a field, ↑ ↓ move between fields, Enter gives, Esc cancels. "
                "Only exchanges the rules allow right now are offered.",
                classes="muted",
            )
            guides = [(seat, self._guide_name(seat)) for seat in givers]
            # The first choices only: the other legal ones join them on mount.
            fields = (
                ("From", guides, first, "giver"),
                ("To", [(partner, self._guide_name(partner))], partner, "receiver"),
                ("What", [(what, RESOURCE_NAMES[what])], what, "resource"),
                ("Amount", [(1, "1")], 1, "amount"),
            )
            for label, options, value, name in fields:
                yield CycleField(label, options, value, id=name, arrows_on_focus_only=True)
            yield Static(id="exchange-summary")
            with Horizontal(classes="buttons"):
                yield Button("Give (Enter)", variant="primary", id="give", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)

    def on_mount(self) -> None:
        self._refilter("giver")
        self.query_one("#giver", CycleField).focus()

    def _refilter(self, changed: str) -> None:
        giver = self.query_one("#giver", CycleField)
        receiver = self.query_one("#receiver", CycleField)
        resource = self.query_one("#resource", CycleField)
        amount = self.query_one("#amount", CycleField)
        if changed == "giver":
            seats = sorted({a.target for a in self._matching(giver=giver.value)})
            receiver.set_options([(s, self._guide_name(s)) for s in seats])
        if changed in ("giver", "receiver"):
            kinds = sorted(
                {a.resource for a in self._matching(giver=giver.value, target=receiver.value)}
            )
            resource.set_options([(k, RESOURCE_NAMES[k]) for k in kinds])
        if changed in ("giver", "receiver", "resource"):
            amounts = sorted(
                {
                    a.amount
                    for a in self._matching(
                        giver=giver.value, target=receiver.value, resource=resource.value
                    )
                }
            )
            amount.set_options([(n, str(n)) for n in amounts])
        action = self.chosen()
        summary = self.query_one("#exchange-summary", Static)
        if action is None:
            summary.update("")
            return
        track = self.state.fuel if action.resource == FUEL else self.state.food
        what = "fuel" if action.resource == FUEL else "food"
        g, r = action.giver, action.target
        text = (
            f"{self._guide_name(g)} gives {action.amount} {what} to {self._guide_name(r)}: "
            f"{self._guide_name(g)} {track[g]} → {track[g] - action.amount}, "
            f"{self._guide_name(r)} {track[r]} → {track[r] + action.amount}"
        )
        losing = loses_at_once(self.state, action)
        summary.update(f"{text}\n⚠ This loses the game: {losing}" if losing else text)

    def chosen(self) -> Action | None:
        found = self._matching(
            giver=self.query_one("#giver", CycleField).value,
            target=self.query_one("#receiver", CycleField).value,
            resource=self.query_one("#resource", CycleField).value,
            amount=self.query_one("#amount", CycleField).value,
        )
        return found[0] if found else None

    @on(FieldChanged)
    def _changed(self, event: FieldChanged) -> None:
        event.stop()
        self._refilter(event.field_id)

    def action_give(self) -> None:
        self.dismiss(self.chosen())

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(self.chosen() if event.button.id == "give" else None)


FOOD_NAME = RESOURCE_NAMES[FOOD]


class SaveDialog(ModalScreen[Chosen | None]):
    """Asks for a name (in a terminal, also a path) and where it writes: ``folder`` and
    ``suffix`` place a name. A name whose file exists asks before replacing it (Enter keeps
    it); a device, a FIFO or a folder there is refused. In a browser tab only names are
    taken (:mod:`bigfive_tui.app.files.names`)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(
        self,
        suggestion: str,
        *,
        folder: Path,
        suffix: str = saves.SAVE_SUFFIX,
        title: str = "Save the game",
        about: str = "",
        verb: str = "saves",
        saves_name: bool = True,
    ) -> None:
        """``about``: a question or explanation above the name; ``verb``: what Enter does;
        ``saves_name``: the name is a save's (the line saying where saves go is shown)."""
        super().__init__(classes="dialog-screen")
        self.suggestion = suggestion
        self.folder = folder
        self.suffix = suffix
        self.title_text = title
        self.about = about
        self.verb = verb
        self.saves_name = saves_name

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            if self.about:
                yield Static(self.about, markup=False, id="save-about")
            if self.saves_name:
                where = f"A name (saved in {printable(str(self.folder))})"
                yield Static(
                    f"{where}." if self.app.is_web else f"{where}, or a path ending in .json.",
                    classes="muted",
                    markup=False,
                )
            yield Input(self.suggestion, id="name", compact=True)
            yield Static(id="save-error", classes="error", markup=False)
            yield Static(
                Content.from_markup("[$text-muted]Enter $verb, Esc cancels.[/]", verb=self.verb)
            )

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if not name:
            return
        try:
            path = place(name, self.folder, self.suffix, names_only=self.app.is_web)
        except NameRefused as refused:
            self._refuse(str(refused))
            return
        try:
            regular_target(path)
        except NotAFile as problem:
            self._refuse(f"{problem.strerror}: choose another name.")
            return
        except OSError as problem:
            self._refuse(f"{path} cannot be written ({problem.strerror or problem}).")
            return
        if not os.path.lexists(path):
            self.dismiss(Chosen(name, path, replace=False))
            return

        def answered(agreed: bool | None) -> None:
            if agreed:
                self.dismiss(Chosen(name, path, replace=True))
            else:
                self._refuse(f"{path.name} is kept: choose another name.")

        self.app.push_screen(
            LosingConfirmDialog(
                f"{printable(str(path))} exists already. Replace it? What it holds now is lost.",
                yes="Replace it",
                no="Keep it",
            ),
            answered,
        )

    def _refuse(self, why: str) -> None:
        self.query_one("#save-error", Static).update(why)
        self.query_one("#name", Input).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)


LOAD_LINE_WIDTH = 90  # the list's width in a 100-column dialog (refitted on resize)
NAME_MIN = 16  # cells a save's name keeps before the guides give way
GAP = "  "


def _fit(text: str, width: int) -> str:
    """``text`` padded or cut to ``width`` cells, ending in "…" when cut."""
    if cell_len(text) > width:
        text = set_cell_size(text, width - 1) + "…" if width > 0 else ""
    return set_cell_size(text, width)


def save_lines(infos: Sequence[saves.SaveInfo], width: int) -> list[str]:
    """One line of ``width`` cells per save, in columns: name, date, turn (with "won" or "lost"
    for a finished game), then the guides and
    difficulty. When they do not fit, the name gives way first (down to ``NAME_MIN``), then
    the end of the line (the difficulty, then the last guides); each cut ends in "…". A file
    that cannot be read has no date or turn: what is wrong with it starts in their columns."""
    dates = [info.saved_at[:16] for info in infos]  # seconds dropped
    turns = [  # a finished game is marked in the column no cut reaches
        "" if info.problem else f"{info.outcome} · {info.when}" if info.outcome else info.when
        for info in infos
    ]
    details = [info.problem or f"{joined(info.guides)} · {info.difficulty}" for info in infos]
    date_width = max(map(cell_len, dates), default=0)
    turn_width = max(map(cell_len, turns), default=0)
    room = width - date_width - turn_width - 3 * len(GAP)
    longest_name = max((cell_len(info.name) for info in infos), default=0)
    longest_details = max(
        (cell_len(more) for info, more in zip(infos, details, strict=True) if not info.problem),
        default=0,
    )
    name_width = min(longest_name, max(NAME_MIN, room - longest_details))
    return [
        _fit(
            GAP.join(
                (_fit(info.name, name_width), more)
                if info.problem
                else (
                    _fit(info.name, name_width),
                    _fit(date, date_width),
                    _fit(turn, turn_width),
                    more,
                )
            ),
            width,
        )
        for info, date, turn, more in zip(infos, dates, turns, details, strict=True)
    ]


class SaveList(OptionList):
    """The saves, one line each whatever the width (a wrapped entry reads as two saves)."""

    def __init__(self, entries: Sequence[tuple[str, saves.SaveInfo]], width: int) -> None:
        """``entries``: (option id, save) pairs; the lines start fitted to ``width``."""
        self.infos = [info for _, info in entries]
        lines = save_lines(self.infos, width)
        super().__init__(
            *[Option(line, id=key) for (key, _), line in zip(entries, lines, strict=True)],
            id="saves",
            markup=False,
        )

    def on_resize(self) -> None:
        padding = self.get_component_styles("option-list--option").padding
        width = self.scrollable_content_region.width - padding.width
        for index, line in enumerate(save_lines(self.infos, width)):
            if self.get_option_at_index(index).prompt != line:
                self.replace_option_prompt_at_index(index, line)


class LoadDialog(ModalScreen[Path | None]):
    """Named saves (newest first), the autosave, or any file path."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        found: list[tuple[str, saves.SaveInfo]] = []
        if saves.has_autosave():
            info = saves.describe(saves.autosave_path())
            found.append(("::autosave", replace(info, name="(autosave)")))
        found += [(str(info.path), info) for info in saves.list_saves()]
        with Vertical(classes="dialog", id="load-dialog"):
            yield Static("Load a game", classes="dialog-title")
            if found:
                yield SaveList(found, LOAD_LINE_WIDTH)
            else:
                yield Label(
                    f"No saved games in {printable(str(saves.saves_dir()))} yet.",
                    classes="muted",
                    markup=False,
                )
            if self.app.is_web:  # a browser tab loads from the data folder only
                yield Static("Or type a save's name and press Enter:", classes="muted")
                yield Input(placeholder="jack-turn3", id="path", compact=True)
            else:
                yield Static("Or type a file path and press Enter:", classes="muted")
                yield Input(placeholder="path/to/game.json", id="path", compact=True)
            yield Static(id="load-error", classes="error", markup=False)

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        key = event.option.id or ""
        self.dismiss(saves.autosave_path() if key == "::autosave" else Path(key))

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            return
        if self.app.is_web:
            try:
                path = place(text, saves.saves_dir(), saves.SAVE_SUFFIX, names_only=True)
            except NameRefused as refused:
                self.query_one("#load-error", Static).update(str(refused))
                return
            missing = f"No save named {printable(path.stem)}."
        else:
            path = Path(text).expanduser()
            missing = f"No file at {printable(str(path))}."
        if not path.is_file():
            self.query_one("#load-error", Static).update(missing)
            return
        self.dismiss(path)

    def action_cancel(self) -> None:
        self.dismiss(None)
