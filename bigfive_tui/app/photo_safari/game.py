"""Photo Safari's game screen: the board, who has which photos, the prompt and the log.

On a person's move the legal squares of their camera are marked and the cursor jumps between
them; Enter or a click moves. The screen renders ``session.state`` and sends camera moves; which
squares are legal, why one is not, where the animals go next and what a move photographs are
always asked of the engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import ClassVar, Final

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.timer import Timer
from textual.widgets import Static

from bigfive_tui.app.components.game_log import GameLog
from bigfive_tui.app.components.key_bar import KeyBar
from bigfive_tui.app.keys.table import (
    BOARD_SIZE_GROUP,
    PHOTO_KEYS,
    VIEW,
    command_bindings,
    command_key,
)
from bigfive_tui.app.messages import GameChanged
from bigfive_tui.app.photo_safari.board import PhotoBoard
from bigfive_tui.app.screens.base import PlayScreen
from bigfive_tui.photo_safari.engine.animals import ANIMAL_COUNT, ANIMAL_NAMES, SHORT_NAMES
from bigfive_tui.photo_safari.engine.grid import FACING_ARROWS, NAMES, OFF
from bigfive_tui.photo_safari.engine.movement import Decision
from bigfive_tui.photo_safari.engine.rules import animal_preview, why_illegal
from bigfive_tui.photo_safari.engine.session import PhotoSession
from bigfive_tui.photo_safari.engine.state import (
    SEAT_NAMES,
    SEATS,
    IllegalMove,
    PhotoState,
    Step,
)
from bigfive_tui.photo_safari.players import planner

#: How long a camera flashes after it took a photo.
FLASH_SECONDS = 1.6
#: The smallest terminal (columns, lines) of each drawing of the board with its side panel,
#: the prompt and a few lines of log (as the Big Five's app/drawing/sizes.py has them).
SCREEN_NEEDS: Final[dict[str, tuple[int, int]]] = {"compact": (80, 24), "normal": (120, 34)}
PHOTO_DRAWINGS: Final = tuple(SCREEN_NEEDS)
MIN_WIDTH, MIN_HEIGHT = SCREEN_NEEDS["compact"]
SEAT_COLOURS = ("#e0573e", "#f2c40f")
Decider = Callable[[PhotoState, Sequence[int], random.Random], planner.Decision]


def photo_words(state: PhotoState, seat: int, compact: bool = False) -> Content:
    """'3 of 10: El Li Ti' for a camera, its name in its colour (compact: the count only; the
    animal table says which)."""
    mask = state.photos[seat]
    have = " ".join(SHORT_NAMES[a] for a in range(ANIMAL_COUNT) if mask >> a & 1) or "none yet"
    return Content.assemble(
        (f"{SEAT_NAMES[seat]:<7}", f"bold {SEAT_COLOURS[seat]}"),
        f"{mask.bit_count():>2} of 10" + ("" if compact else "  "),
        ("" if compact else have, "$text-muted"),
    )


def choose_drawing(width: int, height: int, preferred: str | None) -> str | None:
    """The preferred drawing when the terminal holds it, else the largest that fits (None:
    none does)."""
    fitting = [
        name
        for name, (need_width, need_height) in SCREEN_NEEDS.items()
        if width >= need_width and height >= need_height
    ]
    if preferred in fitting:
        return preferred
    return fitting[-1] if fitting else None


def compact_animal_table(state: PhotoState) -> Content:
    """The animal table in two columns of five: short name, square and facing, and who
    still needs it (R, Y, or ✓)."""
    cells: list[Content] = []
    for animal in range(ANIMAL_COUNT):
        square = state.square[animal]
        where = f"{NAMES[square]}{FACING_ARROWS[state.facing[animal]]}" if square != OFF else "-"
        needs = [not state.photos[seat] >> animal & 1 for seat in range(SEATS)]
        marks: list[tuple[str, str] | str] = []
        for seat in range(SEATS):
            letter = SEAT_NAMES[seat][0]
            marks.append((letter, f"bold {SEAT_COLOURS[seat]}") if needs[seat] else " ")
        if not any(needs):
            marks = [("✓ ", "$text-muted")]
        cells.append(Content.assemble(f"{SHORT_NAMES[animal]} {where:<5}", *marks))
    half = ANIMAL_COUNT // 2
    lines = [Content.styled("needed by: R Red, Y Yellow", "$text-muted")]
    lines += [cells[i] + Content("    ") + cells[i + half] for i in range(half)]
    return Content("\n").join(lines)


def animal_table(state: PhotoState) -> Content:
    """Every animal, where it stands and faces, and who still needs it (R, Y, or ✓)."""
    lines = [Content.styled("Animal      square  needed by", "bold")]
    for animal in range(ANIMAL_COUNT):
        square = state.square[animal]
        where = f"{NAMES[square]} {FACING_ARROWS[state.facing[animal]]}" if square != OFF else "-"
        needs = [not state.photos[seat] >> animal & 1 for seat in range(SEATS)]
        marks: list[tuple[str, str] | str] = []
        for seat in range(SEATS):
            letter = SEAT_NAMES[seat][0]
            marks.append((letter, f"bold {SEAT_COLOURS[seat]}") if needs[seat] else " ")
            marks.append(" ")
        if not any(needs):
            marks = [("✓ nobody", "$text-muted")]
        lines.append(Content.assemble(f"{ANIMAL_NAMES[animal].capitalize():<12}{where:<8}", *marks))
    return Content("\n").join(lines)


class PhotoGameScreen(PlayScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(entry.key, entry.action, entry.label) for entry in PHOTO_KEYS],
        *command_bindings("toggle_debug"),  # the app keeps the choice
        Binding("escape", "hide_preview", "Hide the steps", show=False),
        *[
            Binding(
                VIEW[action].key,
                action,
                VIEW[action].label,
                key_display=VIEW[action].display,
                group=BOARD_SIZE_GROUP,
            )
            for action in ("bigger_board", "smaller_board")
        ],
        Binding(
            VIEW["timeline"].key,
            "app.timeline",
            VIEW["timeline"].label,
            key_display=VIEW["timeline"].display,
            show=False,
        ),
        Binding("question_mark", "help", "Help"),
        *command_bindings("rules", show=True),
        Binding("ctrl+s", "app.save", "Save"),
        *command_bindings("load"),
        *command_bindings("new_game"),
    ]

    def __init__(
        self,
        session: PhotoSession,
        *,
        computer_delay: float = 0.7,
        step_through: bool = False,
    ) -> None:
        super().__init__()
        self.session = session
        self.step_through = step_through
        self.step_computer = True  # debug mode: False once c in the steps dialog said so
        self.computer_delay = computer_delay
        self._decide: Decider = planner.decide
        self._rng = random.Random(session.game.seed ^ len(session.moves))
        self._computer_timer: Timer | None = None
        self._flash: frozenset[int] = frozenset()
        self._flash_timer: Timer | None = None
        self._preview = False
        self._dialog_open = False
        self._over_announced = False
        self._news: Content | None = None  # what the last move did, said once in the prompt
        self.drawing: str | None = None  # compact or normal; None while too small for both
        self._hint: Content | None = None  # the hint asked for this move, shown until it is made

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with Vertical(id="photo-game"):
            with Horizontal(id="photo-top"):
                yield PhotoBoard(self.session.state, id="photo-board")
                with Vertical(id="photo-side"):
                    yield Static(id="photo-status")
                    yield Static(id="photo-animals")
                    yield Static(id="photo-cursor", classes="muted")
            yield Static(id="photo-prompt")
            yield GameLog(id="log", rule_ids=self.step_through)
        yield Static(id="too-small")
        yield KeyBar()

    def on_mount(self) -> None:
        self.refresh_view()
        self.check_size()
        self.query_one(PhotoBoard).focus()
        self.call_after_refresh(self._continue_flow)

    def on_resize(self, event: events.Resize) -> None:
        self.check_size()

    def check_size(self) -> None:
        """The drawing the terminal holds (the player's choice if it fits); smaller than the
        compact one needs: a notice instead (nothing is lost)."""
        width, height = self.app.size
        # One choice of drawing for both games (Photo Safari's largest is the normal one).
        preferred = getattr(self.app, "preferred_drawing", None)
        drawing = choose_drawing(width, height, "normal" if preferred == "large" else preferred)
        small = drawing is None
        was_small = self.too_small
        self.set_class(small, "-too-small")
        board = self.query_one(PhotoBoard)
        if drawing is not None and drawing != self.drawing:
            self.drawing = drawing
            self.set_class(drawing == "compact", "-compact")
            board.set_compact(drawing == "compact")
            if self.is_mounted:
                self.refresh_view()
        # A hidden board must not move the camera: Enter on it played the cursor's square.
        board.disabled = small
        if small:
            self.set_focus(None)  # nor the hidden log (Enter on it opens the timeline)
        elif was_small:
            board.focus()  # hiding the board took the focus away
        if small:
            self.query_one("#too-small", Static).update(
                f"Photo Safari needs a terminal of at least {MIN_WIDTH} × {MIN_HEIGHT} "
                f"characters ({' × '.join(map(str, SCREEN_NEEDS['normal']))} for the normal "
                f"board); this one is {width} × {height}.\n\n"
                "Make the window bigger or the font smaller. The game is saved; nothing is lost."
            )

    # ------------------------------------------------------------------ rendering

    @property
    def state(self) -> PhotoState:
        return self.session.state

    @property
    def computer_seats(self) -> frozenset[int]:
        return self.session.computer_seats

    @property
    def human_turn(self) -> bool:
        return not self.state.over and self.state.seat not in self.computer_seats

    def save_name(self) -> str:
        return f"photo-safari-round{self.state.round}"

    def refresh_view(self) -> None:
        self._show(self.state, self.session.log)
        self.refresh_bindings()

    def _show(
        self,
        state: PhotoState,
        log: Sequence[Step],
        focus_animal: int = -1,
        animals_moving: bool = False,
    ) -> None:
        """Board, side panel and log drawn from ``state``: the live game, or in debug mode the
        game as it was after one rule step."""
        board = self.query_one(PhotoBoard)
        live = state is self.state
        targets = self.session.legal_actions() if live and self.human_turn else []
        preview: tuple[tuple[int, Decision], ...] = ()
        if self._preview and not state.over:
            square = board.cursor if board.cursor in targets else -1
            preview = tuple(animal_preview(state, square))
        board.show(
            state,
            targets=targets,
            flash=self._flash if live else (),
            preview=preview,
            focus_animal=focus_animal,
        )
        self._show_side(state, animals_moving)
        self.query_one(GameLog).show_log(log)
        if live:
            self.query_one("#photo-prompt", Static).update(self._prompt())

    def _show_side(self, state: PhotoState, animals_moving: bool = False) -> None:
        if state.over:
            turn = Content.styled(f"Round {state.round} · the game is over", "bold")
        elif animals_moving:
            turn = Content.styled(f"Round {state.moves[1]} · the animals move", "bold")
        else:
            who = SEAT_NAMES[state.seat]
            kind = " (computer)" if state.seat in self.computer_seats else ""
            turn = Content.assemble(
                (f"Round {state.round} of {state.game.move_limit} · ", "bold"),
                (f"{who}{kind}", f"bold {SEAT_COLOURS[state.seat]}"),
                (" to move", "bold"),
            )
        compact = self.drawing == "compact"
        lines = [turn]
        if not compact:
            lines.append(Content(state.game.layout.name).stylize("$text-muted"))
        lines += [photo_words(state, seat, compact) for seat in range(SEATS)]
        self.query_one("#photo-status", Static).update(Content("\n").join(lines))
        table = compact_animal_table(state) if compact else animal_table(state)
        self.query_one("#photo-animals", Static).update(table)

    def _prompt(self) -> Content:
        """Whose move and how to make it; after a move, first what it did (the photos). The
        prompt has two lines: with news, the how-to is short."""
        state = self.state
        if self._hint is not None and self.human_turn:
            return self._hint
        if state.over:
            new = command_key("new_game", self.app.is_web)
            return Content.from_markup(
                f"[b]The game is over:[/] $text {new} starts a new one.",
                text=self.session.log[-1].text,
            )
        who = SEAT_NAMES[state.seat]
        news = self._news or Content()
        if state.seat in self.computer_seats:
            return news + Content.from_markup("[b]$who[/] (computer) is thinking…", who=who)
        legal = self.session.legal_actions()
        here = state.camera[state.seat]
        first = state.moves[state.seat] == 0
        number = state.moves[state.seat] + 1
        limit = state.game.move_limit
        if legal == [here]:
            way = "straight way" if first else "way"
            text = f"[b]$who[/] (move $n of $limit): no {way} is open — [b]s[/] stays."
        elif self._news is not None:
            text = "[b]$who[/] (move $n of $limit): your move."
        elif first:
            text = (
                "[b]$who[/] (first move): straight like a rook, or [b]s[/] to stay — the arrows "
                "jump between the marked squares, Enter moves. [b]a[/] the animals' next steps."
            )
        else:
            text = (
                "[b]$who[/] (move $n of $limit): a marked square — the arrows jump between "
                "them, Enter or a click moves · [b]a[/] next steps · [b]?[/] help"
            )
        return news + Content.from_markup(text, who=who, n=str(number), limit=str(limit))

    def warn(self, text: str) -> None:
        prompt = self.query_one("#photo-prompt", Static)
        prompt.update(Content.styled(text, "bold $warning"))
        self.app.bell()

    # ------------------------------------------------------------------ flow

    def _continue_flow(self) -> None:
        if self._dialog_open or not self.is_current:
            return
        state = self.state
        if state.over:
            self._announce_over()
            return
        if state.seat in self.computer_seats:
            self._schedule_computer()

    def _schedule_computer(self) -> None:
        if self._computer_timer is None:
            delay = max(0.01, self.computer_delay)
            self._computer_timer = self.set_timer(delay, self._computer_move)

    def _computer_move(self) -> None:
        self._computer_timer = None
        state = self.state
        if state.over or state.seat not in self.computer_seats:
            return
        if not self.is_current:
            self._schedule_computer()
            return
        decision = self._decide(state, self.session.legal_actions(), self._rng)
        self.play(decision.square, decision.text)

    def on_screen_resume(self) -> None:
        self.refresh_view()
        self.call_after_refresh(self._continue_flow)

    def play(self, square: int, reason: str = "") -> bool:
        """Play one move (a computer's with its ``reason``); a refusal is shown in the
        prompt. True if it was played."""
        before = self.state
        computer = before.seat in self.computer_seats
        try:
            if self.step_through and (self.step_computer or not computer):
                steps, states = self.session.play_recorded(square, reason)
            else:
                steps, states = self.session.play(square, reason), []
        except IllegalMove as refusal:
            self.warn(str(refusal))
            return False
        self._after_move(before, steps, states, computer, reason)
        return True

    def _after_move(
        self,
        before: PhotoState,
        steps: list[Step],
        states: list[PhotoState],
        computer: bool,
        reason: str = "",
    ) -> None:
        after = self.state
        self._hint = None
        took = [seat for seat in range(SEATS) if after.photos[seat] != before.photos[seat]]
        self._news = self._move_news(before, steps, computer, reason)
        if took:
            self._flash_cameras(frozenset(took))
        self.refresh_view()
        self.post_message(GameChanged())
        if states:
            self._step_through(steps, states, before.seat, computer)
        else:
            self._continue_flow()

    def _move_news(
        self, before: PhotoState, steps: list[Step], computer: bool, reason: str
    ) -> Content:
        """The move just made (a computer's with why) and the photos it brought, for the
        start of the prompt."""
        who = SEAT_NAMES[before.seat]
        move = self.session.texts[-1]
        said = "stays" if move == "stay" else f"moves to {move}"
        why = f" ({reason.partition(': ')[2]})" if reason else ""
        parts = [
            Content.from_markup(
                "[b]$who[/]$kind $said$why. ",
                who=who,
                said=said,
                kind=" (computer)" * computer,
                why=why,
            )
        ]
        for step in steps:
            if step.kind == "photo":
                parts.append(Content.styled(f"⚡ {step.text} ", "bold $success"))
        return Content("").join(parts)

    def _flash_cameras(self, seats: frozenset[int]) -> None:
        self._flash = seats
        if self._flash_timer is not None:
            self._flash_timer.stop()
        self._flash_timer = self.set_timer(FLASH_SECONDS, self._end_flash)

    def _end_flash(self) -> None:
        self._flash_timer = None
        self._flash = frozenset()
        if not self._dialog_open:
            self.refresh_view()

    def _step_through(
        self, steps: list[Step], states: list[PhotoState], seat: int, computer: bool
    ) -> None:
        """Debug mode: the move's rule steps one by one, the board showing the game after the
        current step, the animal of an animal's step underlined."""
        from bigfive_tui.app.screens.steps import StepsScreen

        first = len(self.session.log) - len(steps)

        def show(index: int) -> None:
            step = steps[index]
            moving = step.kind in ("animals", "animal")
            self._show(states[index], self.session.log[: first + index + 1], step.animal, moving)

        def side(index: int) -> Content:
            state = states[index]
            return Content("\n").join(photo_words(state, seat) for seat in range(SEATS))

        def closed(skip_computer: bool | None) -> None:
            if skip_computer:
                self.step_computer = False
                self.notify(
                    "Computer moves now play without stepping for the rest of this game; "
                    "your own moves are still stepped through."
                )
            self.refresh_view()
            self._continue_flow()

        show(0)
        who = f"{SEAT_NAMES[seat]}{' (computer)' * computer}"
        title = f"Debug: {who}: {self.session.texts[-1]} - how the rules resolve it"
        self._open(StepsScreen(title, steps, show, side=side, computer=computer), closed)

    def action_toggle_debug(self) -> None:
        self.step_through = not self.step_through
        self.step_computer = True
        self.query_one(GameLog).show_rule_ids(self.step_through)
        self.notify(
            "Debug mode on: each move's rule steps, the animals' moves among them, are shown "
            "one by one."
            if self.step_through
            else "Debug mode off."
        )

    # ------------------------------------------------------------------ keys and clicks

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_small and action in ("stay", "preview", "hide_preview", "hint"):
            return False  # the notice is shown instead of the board: nothing to play on
        if action == "undo":
            return self.session.can_undo() and not self.too_small
        if action == "stay":
            return (
                self.human_turn
                and self.state.camera[self.state.seat] in self.session.legal_actions()
            )
        if action == "hide_preview":
            return self._preview
        if action in ("bigger_board", "smaller_board"):
            return not self.too_small
        return True

    def on_key(self, event: events.Key) -> None:
        if event.key == "u" and not self.check_action("undo", ()):
            event.stop()
            self.warn(
                "Nothing to undo: a move can be taken back only until the other player has "
                "moved (against the computer, together with its reply)."
            )
        elif event.key == "s" and not self.check_action("stay", ()):
            event.stop()
            if self.too_small:
                self.app.bell()
            elif self.human_turn:
                self.warn(why_illegal(self.state, self.state.camera[self.state.seat]))

    def action_stay(self) -> None:
        self.play(self.state.camera[self.state.seat])

    def action_preview(self) -> None:
        self._preview = not self._preview
        self.refresh_view()
        if self._preview:
            who = SEAT_NAMES[1 - self.state.seat]
            cursor = " (from the marked square under the cursor)" if self.human_turn else ""
            extra = f", {who}'s camera where it is" if self.state.seat == 0 else ""
            self.query_one("#photo-prompt", Static).update(
                Content.from_markup(
                    "[b]Next steps:[/] ↦ where each animal goes when the animals move next, "
                    f"with this camera's move{cursor}{extra}. [b]a[/] or Esc hides them."
                )
            )

    def action_hide_preview(self) -> None:
        if self._preview:
            self.action_preview()

    def action_bigger_board(self) -> None:
        self._step_drawing(1)

    def action_smaller_board(self) -> None:
        self._step_drawing(-1)

    def _step_drawing(self, step: int) -> None:
        """``+``/``-``: the other drawing, if the terminal holds it; the app keeps the choice
        for the next games."""
        index = PHOTO_DRAWINGS.index(self.drawing or PHOTO_DRAWINGS[0]) + step
        if not 0 <= index < len(PHOTO_DRAWINGS):
            end = "largest" if step > 0 else "smallest"
            self.warn(f"This is the {end} drawing of the board, the {self.drawing} one.")
            return
        target = PHOTO_DRAWINGS[index]
        width, height = self.app.size
        need_width, need_height = SCREEN_NEEDS[target]
        if width < need_width or height < need_height:
            self.warn(
                f"The {target} board needs a terminal of at least {need_width} × {need_height}; "
                f"this one is {width} × {height}. Make the window bigger or the font smaller."
            )
            return
        set_preferred = getattr(self.app, "choose_drawing", None)
        if set_preferred is not None:
            set_preferred(target)  # kept for the next start, as the Big Five's choice is
        self.check_size()

    def action_hint(self) -> None:
        """What the computer player would do in the mover's place, and why; the cursor goes to
        its square, so Enter plays it."""
        if not self.human_turn:
            self.warn("A hint is for your own move.")
            return
        state = self.state
        rng = random.Random(state.game.seed * 7919 + len(self.session.moves))
        decision = self._decide(state, self.session.legal_actions(), rng)
        self._hint = Content.from_markup(
            "[b]Hint:[/] $why. [b]Enter[/] plays it.", why=decision.text
        )
        self.query_one(PhotoBoard).cursor = decision.square
        self.query_one("#photo-prompt", Static).update(self._hint)

    def action_undo(self) -> None:
        try:
            taken = self.session.undo()
        except IllegalMove as refusal:
            self.warn(str(refusal))
            return
        if self._computer_timer is not None:
            self._computer_timer.stop()
            self._computer_timer = None
        self._hint = None
        self._news = Content.from_markup("Taken back: [b]$moves[/]. ", moves=", ".join(taken))
        self._flash = frozenset()
        self.refresh_view()
        self.post_message(GameChanged())
        self._continue_flow()

    def action_help(self) -> None:
        from bigfive_tui.app.photo_safari.help import photo_help_lines
        from bigfive_tui.app.screens.help import HelpScreen

        def closed(result: str | None) -> None:
            if result == "rules":
                self.call_later(self.run_action, "app.rules")

        self.app.push_screen(HelpScreen(photo_help_lines()), closed)

    @on(PhotoBoard.SquareChosen)
    def _square_chosen(self, event: PhotoBoard.SquareChosen) -> None:
        event.stop()
        state = self.state
        if state.over:
            self.warn(
                f"The game is over. {command_key('new_game', self.app.is_web)} starts a new one."
            )
            return
        if state.seat in self.computer_seats:
            self.warn(f"It is {SEAT_NAMES[state.seat]}'s move; the computer is playing.")
            return
        if event.square not in self.session.legal_actions():
            self.warn(why_illegal(state, event.square))
            return
        self.play(event.square)

    @on(PhotoBoard.CursorMoved)
    def _cursor_moved(self, event: PhotoBoard.CursorMoved) -> None:
        board = self.query_one(PhotoBoard)
        self.query_one("#photo-cursor", Static).update(board.describe(event.square))
        if self._preview and not self._dialog_open:
            self._show(self.state, self.session.log)
