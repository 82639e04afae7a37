"""The new-game screen: seats and guides, difficulty, short game, board, start spaces.

Everything has a default, so a newcomer can press Enter and play; after that the screen opens
with the setup of the last game started (kept in the settings file), so a group can play again
at once. Up and down move between fields, left and right change a field, Enter starts.

With a game in play (Ctrl+N) or an autosaved one, that game is offered first and has the focus,
so Enter goes back to it; Esc goes back to a game in play from anywhere on the screen. Enter
presses a focused button and starts a new safari from the fields, and the hint line and the
button labels always say which of the two it will do.
"""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar, Unpack, cast

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
from bigfive_tui.app.messages import ChooseStartSpaces, FieldChanged, StartGame, SwitchGame
from bigfive_tui.app.screens.new_game_base import (
    NEW_GAME_BINDINGS,
    NewGameBase,
    NewGameOptions,
    seed_input,
)
from bigfive_tui.app.setups.big_five import GameSetup, SeatChoice
from bigfive_tui.app.setups.games import BIG_FIVE
from bigfive_tui.app.words.describe import joined
from bigfive_tui.assets import layout_names
from bigfive_tui.engine.content import (
    FOOD_TOKENS_BY_DIFFICULTY,
    GUIDE_ABILITIES,
    GUIDE_ROLES,
    MONKEYS_BY_DIFFICULTY,
    SPECIES_WITH_THREE,
    START_MARK_BY_DIFFICULTY,
    Difficulty,
    Guide,
    Species,
)
from bigfive_tui.engine.pieces import BoardFileError
from bigfive_tui.engine.session import Session

if TYPE_CHECKING:
    from bigfive_tui.photo_safari.engine.session import PhotoSession

MAX_SEATS = 5


def computer_players_available() -> bool:
    return importlib.util.find_spec("bigfive_tui.players.greedy_player") is not None


def difficulty_words(level: Difficulty) -> str:
    monkeys = MONKEYS_BY_DIFFICULTY[level]
    return (
        f"fuel and food start at {START_MARK_BY_DIFFICULTY[level]}; "
        f"{monkeys} monkey{'s' * (monkeys != 1)}; {FOOD_TOKENS_BY_DIFFICULTY[level]} food tokens"
    )


SHORT_GAMES = [()] + [combo for size in (1, 2) for combo in combinations(SPECIES_WITH_THREE, size)]


def short_game(removed: tuple[Species, ...]) -> tuple[Species, ...]:
    """``removed`` in the order of :data:`SHORT_GAMES`, whatever order it was kept in."""
    return tuple(species for species in SPECIES_WITH_THREE if species in removed)


def game_summary(session: Session | PhotoSession) -> str:
    """A game in play in the words of a save's summary (guides, difficulty, turn)."""
    if not isinstance(session, Session):
        from bigfive_tui.app.setups.photo_safari import photo_summary

        return photo_summary(session)
    game = session.game
    guides = joined([guide.title for guide in game.guides])
    return f"{guides} · {game.difficulty.name.lower()} · turn {session.state.turn}"


def seat_options(taken: set[Guide]) -> list[tuple[Guide | None, str]]:
    """A seat's choices: nobody, or a guide no other seat has taken."""
    return [(None, "— nobody")] + [
        (g, f"{g.title} {GUIDE_ROLES[g]}") for g in Guide if g not in taken
    ]


def relabel(button: Button, label: str) -> None:
    """A new label, and room for it (a button's label does not resize it by itself)."""
    button.label = label
    button.refresh(layout=True)


#: Computer teammate strengths: (name, words); the players module turns a name into a player.
STRENGTHS: tuple[tuple[str, str], ...] = (
    ("strong", "strong: plan each turn ahead"),
    ("steady", "steady: play by rules of thumb"),
)

KEYS_HINT = "[b]↑ ↓[/] move between fields · [b]← →[/] (or a click) change a choice"


class NewGameScreen(NewGameBase):
    # Enter starts from the fields (a focused button takes its own Enter first); the footer
    # says "a new safari" when there is another game to go back to (see check_action).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "Start the safari"),
        Binding("enter", "start_new", "Start a new safari"),
        *NEW_GAME_BINDINGS,
    ]
    FIRST_FIELD = "#seat-0"
    NEW_GAME_WORDS = "a new safari"

    def __init__(self, seed: int, **options: Unpack[NewGameOptions]) -> None:
        super().__init__(seed, **options)
        #: The fields start at the last game's setup; the seed is this screen's own.
        self.initial = settings.remembered_setup() or GameSetup()
        gone = self.initial.board_source == "layout" and self.initial.layout not in layout_names()
        if gone:
            self.notice = self.notice or (
                f"The last game's layout {self.initial.layout!r} is no longer there: "
                "the board is random."
            )
            self.initial = replace(self.initial, board_source="random", layout="")
        seats = self.initial.seats
        self._guides: list[Guide | None] = [s.guide for s in seats]
        self._guides += [None] * (MAX_SEATS - len(seats))
        self._computers = computer_players_available()
        #: The guide whose ability the guides box shows where it has room for one (80 × 24).
        self._described: Guide | None = None

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        initial = self.initial
        with VerticalScroll(id="new-game"):
            yield Static(
                Content.from_markup(
                    "[b]The Big Five: Safari Tour[/]  [$text-muted]— a cooperative safari for "
                    "2 to 5 guides. Spot lion, leopard, elephant, rhino and buffalo with every "
                    "vehicle before fire, hunger or breakdowns end the tour.[/]"
                ),
                id="title",
            )
            yield Static(id="keys-hint", classes="muted")
            yield Static(
                self.notice, id="notice", classes="error" if self.notice else "-empty", markup=False
            )
            yield game_row(BIG_FIVE)
            yield Vertical(id="continue-row")
            with Horizontal(id="setup-top"):
                with Vertical(id="seats", classes="box") as seats:
                    seats.border_title = "Players and guides"
                    guide_options = seat_options(set())
                    # Every seat keeps room for the longest guide, so the person/computer
                    # column stays put while the seats offer fewer guides.
                    guide_width = max(cell_len(text) for _, text in guide_options)
                    for seat in range(MAX_SEATS):
                        with Horizontal(classes="seat-row"):
                            yield CycleField(
                                f"Seat {seat + 1}",
                                guide_options,
                                self._guides[seat],
                                label_width=8,
                                value_width=guide_width,
                                id=f"seat-{seat}",
                            )
                            if self._computers:
                                yield CycleField(
                                    "",
                                    [(False, "person"), (True, "computer")],
                                    seat in initial.computer_seats,
                                    label_width=0,
                                    id=f"kind-{seat}",
                                    classes="seat-kind",
                                )
                    yield Static(
                        "Seat 1 starts. Each guide plays once, so a seat offers only the "
                        "guides nobody else has.",
                        id="seats-note",
                        classes="muted",
                    )
                with Vertical(id="guides", classes="box") as guides:
                    guides.border_title = "The guides"
                    for guide in Guide:
                        yield Static(id=f"guide-{guide.name.lower()}", classes="guide-name")
                        yield Static(
                            GUIDE_ABILITIES[guide],
                            id=f"ability-{guide.name.lower()}",
                            classes="guide-ability muted",
                        )
            difficulties = [(d, d.name.capitalize()) for d in Difficulty]
            shorts = [
                (combo, " + ".join(s.title for s in combo) or "off (all five)")
                for combo in SHORT_GAMES
            ]
            sources = [("random", "random"), ("layout", "layout"), ("file", "layout file")]
            starts = [(False, "random"), (True, "choose on the board")]
            # One value width for the whole column, so the explanations line up after it.
            option_width = max(
                cell_len(text) for _, text in [*difficulties, *shorts, *sources, *starts]
            )
            with Vertical(id="options", classes="box") as options:
                options.border_title = "Safari"
                if self._computers:
                    # One row for both: the screen must still fit 80 × 24 and 120 × 34.
                    with Horizontal(classes="option-row"):
                        yield CycleField(
                            "Play",
                            [(False, "hot-seat"), (True, "practice")],
                            initial.practice,
                            value_width=option_width,
                            id="practice",
                        )
                        yield CycleField(
                            "teammates",
                            [(name, name) for name, _ in STRENGTHS],
                            initial.teammates,
                            label_width=10,
                            id="teammates",
                        )
                        yield Static(id="teammates-words", classes="muted option-words")
                with Horizontal(classes="option-row"):
                    yield CycleField(
                        "Difficulty",
                        difficulties,
                        initial.difficulty,
                        value_width=option_width,
                        id="difficulty",
                    )
                    yield Static(id="difficulty-words", classes="muted option-words")
                with Horizontal(classes="option-row"):
                    yield CycleField(
                        "Short game",
                        shorts,
                        short_game(initial.removed),
                        value_width=option_width,
                        id="short",
                    )
                    yield Static(
                        "removes one or two species; every guide starts with them",
                        classes="muted option-words",
                    )
                with Horizontal(classes="option-row"):
                    yield CycleField(
                        "Board",
                        sources,
                        initial.board_source,
                        value_width=option_width,
                        id="board-source",
                    )
                    yield Static("seed ", classes="muted board-random")
                    yield seed_input(self.seed, "seed", "board-random")
                    names = layout_names()
                    yield CycleField(
                        "",
                        [(n, n) for n in names] or [("", "no layouts shipped")],
                        initial.layout,
                        label_width=0,
                        id="layout",
                        classes="board-layout",
                    )
                    yield Input(
                        initial.layout if initial.board_source == "file" else "",
                        placeholder=data_file_hint(data_dir() / "layouts")
                        if self.app.is_web
                        else "path/to/layout.toml",
                        id="layout-file",
                        compact=True,
                        classes="board-file",
                    )
                with Horizontal(classes="option-row"):
                    yield CycleField(
                        "Start spaces",
                        starts,
                        initial.choose_starts,
                        value_width=option_width,
                        id="starts",
                    )
                    yield Static(
                        "each vehicle on a numbered space of a different piece",
                        classes="muted option-words",
                    )
            with Horizontal(classes="buttons", id="new-buttons"):
                yield Button("Start the safari", variant="primary", id="start", compact=True)
                web = self.app.is_web
                yield Button(
                    f"Learn to play ({command_key('learn', web)})", id="learn", compact=True
                )
                yield Button(f"Load a game… ({command_key('load', web)})", id="load", compact=True)
                yield Button(f"Rules ({command_key('rules', web)})", id="rules", compact=True)
                yield Button(f"Quit ({command_key('quit', web)})", id="quit", compact=True)
            yield Static(id="error", classes="error -empty", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        if not self.built:
            return
        self._show_board_fields()
        self._offer_free_guides()
        self._show_guides()
        self._show_difficulty()
        self._show_practice()
        self._show_teammates()
        self._offer_continue()
        self._show_enter()

    def _show_enter(self) -> None:
        """The hint line and the button labels say what Enter does now: a focused button
        presses itself (Continue, Back, Load…), anywhere else Enter starts the safari."""
        focused = self.focused
        if isinstance(focused, Button):
            button = focused.id
        elif focused is None and self._other:
            button = "continue"  # the offer takes the focus after the next refresh
        else:
            button = "start"
        new = "a new safari" if self._other else "the safari"
        running = self._other == "running"
        if button == "continue" and running:
            keys = "[b]Enter[/] or [b]Esc[/] goes back to the game"
        elif button == "continue":
            keys = "[b]Enter[/] continues the saved game"
        else:
            keys = (
                f"[b]Enter[/] starts {new}"
                if button == "start"
                else "[b]Enter[/] presses the button"
            )
            keys += " · [b]Esc[/] goes back to the game" * running
        # Nothing in play or saved. Not hung on the focus: a click on a button focuses it first,
        # and a hint that lost a line then would move the button from under the pointer.
        newcomer = not self._other
        if newcomer:
            keys += f" · [b]{command_key('learn', self.app.is_web)}[/] learn to play first"
        # 80 columns (and the newcomer's longer line): what Enter does on a line of its own,
        # rather than cut anywhere.
        between = "\n" if self.has_class("-narrow") or newcomer else " · "
        self.query_one("#keys-hint", Static).update(
            Content.from_markup(f"{KEYS_HINT}{between}{keys}")
        )
        start = self.query_one("#start", Button)
        # As wide with "(Enter)" as without, so that the buttons after it stay where a click
        # that focused one of them (and so took "(Enter)" away) is still to land.
        start.styles.min_width = cell_len(f"Start {new} (Enter)") + 2
        relabel(start, f"Start {new}" + " (Enter)" * (button == "start"))
        if self._other == "saved":
            label = "Continue the saved game" + " (Enter)" * (button == "continue")
            relabel(self.query_one("#continue", Button), label)

    # ------------------------------------------------------------------ fields

    def _show_guides(self) -> None:
        """Each guide's seat; the guide of the focused seat marked. At 80 × 24 the box has the
        room for one guide's ability, named in its title: the marked one, or while no seat has
        the focus the one marked last (first the first seat's)."""
        focused = self.focused
        current: Guide | None = None
        if isinstance(focused, CycleField) and (focused.id or "").startswith("seat-"):
            current = focused.value
        if current is not None:
            self._described = current
        described = self._described
        if described is None:  # (a Guide is an int: Jack is 0)
            described = next((g for g in self._guides if g is not None), Guide.JACK)
        for guide in Guide:
            seat = self._guides.index(guide) + 1 if guide in self._guides else 0
            chosen = f"seat {seat}" if seat else "not playing"
            if seat and self._computers and self.query_one(f"#kind-{seat - 1}", CycleField).value:
                chosen += ", computer"
            marker = "▶ " if guide == current else "  "
            name = guide.name.lower()
            self.query_one(f"#ability-{name}").set_class(guide == described, "-described")
            self.query_one(f"#guide-{name}", Static).update(
                Content.assemble(
                    (marker, "$accent"),
                    (f"{guide.title} {GUIDE_ROLES[guide]}", "bold" if seat else ""),
                    (f"  ({chosen})", "$accent" if seat else "$text-muted"),
                )
            )
        short = self.has_class("-short")
        title = f"{described.title} {GUIDE_ROLES[described]}" if short else "The guides"
        self.query_one("#guides").border_title = title

    def on_resize(self) -> None:
        # The guides box's title ("The guides", or the guide it describes) and the hint's
        # lines follow the terminal's size.
        self._show_guides()
        self._show_enter()

    def _offer_free_guides(self) -> None:
        """Each seat cycles through "nobody" and the guides no other seat has taken.

        The fields are read afresh rather than trusting ``_guides``: keys typed faster than
        the change messages arrive may already have moved several seats, and resetting a
        seat to a stale guide would show one guide while another is set up. If two seats
        picked the same guide meanwhile, the earlier seat keeps it.
        """
        fields = [self.query_one(f"#seat-{seat}", CycleField) for seat in range(MAX_SEATS)]
        chosen: list[Guide | None] = []
        for field in fields:
            guide = cast("Guide | None", field.value)
            chosen.append(None if guide in chosen else guide)
        for seat, field in enumerate(fields):
            others = {g for i, g in enumerate(chosen) if i != seat and g is not None}
            field.set_options(seat_options(others), chosen[seat])
            if self._computers:
                # An empty seat has nobody to play: its person/computer choice is hidden (and
                # so out of the focus chain) but keeps its place, so the column stays put.
                self.query_one(f"#kind-{seat}", CycleField).visible = chosen[seat] is not None
        self._guides = chosen

    def _show_practice(self) -> None:
        """Practice: seat 1 is the person, every other seat a computer teammate."""
        if not self._computers or not self.query_one("#practice", CycleField).value:
            return
        for seat in range(MAX_SEATS):
            self.query_one(f"#kind-{seat}", CycleField).set_value(seat > 0)
        self._show_guides()

    def _show_teammates(self) -> None:
        if self._computers:
            chosen = self.query_one("#teammates", CycleField).value
            words = dict(STRENGTHS)[chosen].split(": ", 1)[1]
            who = (
                "seat 1 is yours; the teammates"
                if self.query_one("#practice", CycleField).value
                else "computer seats"
            )
            self.query_one("#teammates-words", Static).update(f" {who} {words}")

    def _show_difficulty(self) -> None:
        level = self.query_one("#difficulty", CycleField).value
        self.query_one("#difficulty-words", Static).update(difficulty_words(level))

    def _show_board_fields(self) -> None:
        source = self.query_one("#board-source", CycleField).value
        for kind in ("random", "layout", "file"):
            for widget in self.query(f".board-{kind}"):
                widget.display = source == kind

    @on(FieldChanged)
    def _field_changed(self, event: FieldChanged) -> None:
        event.stop()
        field_id = event.field_id
        if field_id.startswith("seat-"):
            self._offer_free_guides()
            self._show_guides()
        elif field_id.startswith("kind-"):
            self._show_guides()
        elif field_id == "difficulty":
            self._show_difficulty()
        elif field_id == "practice":
            self._show_practice()
            self._show_teammates()
        elif field_id == "teammates":
            self._show_teammates()
        elif field_id == "board-source":
            self._show_board_fields()
        elif field_id == "game" and event.value != BIG_FIVE:
            self.post_message(SwitchGame(str(event.value)))
        self._say_error("")

    def on_descendant_focus(self) -> None:
        self._show_guides()
        self._show_enter()

    # ------------------------------------------------------------------ starting

    def setup(self) -> GameSetup:
        """The chosen setup; ValueError with a player-facing message if it is incomplete."""
        seats: list[SeatChoice] = []
        practice = self._computers and bool(self.query_one("#practice", CycleField).value)
        for seat, guide in enumerate(self._guides):
            if guide is None:
                continue
            computer = False
            if practice:
                computer = bool(seats)  # the first guide chosen is the person's
            elif self._computers:
                computer = bool(self.query_one(f"#kind-{seat}", CycleField).value)
            seats.append(SeatChoice(guide, computer))
        if len(seats) < 2:
            raise ValueError("Choose at least two guides (seats 1 to 5).")
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else self.seed
        source = self.query_one("#board-source", CycleField).value
        layout = ""
        if source == "layout":
            layout = self.query_one("#layout", CycleField).value
        elif source == "file":
            layout = self.query_one("#layout-file", Input).value.strip()
            if not layout:
                raise ValueError("Type the path of a layout file, or choose another board.")
            if self.app.is_web:  # a browser tab reads the data folder's files only, by name
                layout = str(data_file(layout, data_dir() / "layouts"))
        return GameSetup(
            seats=tuple(seats),
            difficulty=self.query_one("#difficulty", CycleField).value,
            removed=tuple(self.query_one("#short", CycleField).value),
            board_source=source,
            seed=seed,
            layout=layout,
            choose_starts=bool(self.query_one("#starts", CycleField).value),
            teammates=self.query_one("#teammates", CycleField).value if self._computers else "",
            practice=practice,
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return not self._other
        if action == "start_new":
            return bool(self._other)
        return super().check_action(action, parameters)

    def action_start_new(self) -> None:
        """Enter while another game is on offer: the same start, named a new safari."""
        self.action_start()

    def _start(self) -> None:
        try:
            setup = self.setup()
            setup.board()  # a broken layout is reported here, before anything else
        except (ValueError, BoardFileError) as problem:
            self._say_error(str(problem))
            return
        self._say_error("")
        self.post_message(ChooseStartSpaces(setup) if setup.choose_starts else StartGame(setup))
