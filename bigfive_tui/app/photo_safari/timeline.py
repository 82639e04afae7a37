"""Photo Safari's timeline: the whole game, every camera move and every animal's step, as it
was; play on from a moment (the line left is kept as a save first).

The moments are the game log's steps. Each shows the board as it was right after its step,
the animal of an animal's step underlined; the log below runs up to it. The states are
worked out again from the session's states between moves (``apply_recorded``), so the
engine decides what each step looked like, once.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, NamedTuple

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from bigfive_tui.app.components.game_log import GameLog
from bigfive_tui.app.components.key_bar import KeyBar
from bigfive_tui.app.files.names import Chosen
from bigfive_tui.app.keys.table import BOARD_SIZE_GROUP, PHOTO_TIMELINE_KEYS, VIEW
from bigfive_tui.app.photo_safari.board import PhotoBoard
from bigfive_tui.app.photo_safari.game import (
    MIN_HEIGHT,
    MIN_WIDTH,
    SEAT_COLOURS,
    animal_table,
    choose_drawing,
    compact_animal_table,
    photo_words,
)
from bigfive_tui.photo_safari.engine.rules import apply_recorded
from bigfive_tui.photo_safari.engine.session import REASON_KIND, PhotoSession
from bigfive_tui.photo_safari.engine.state import SEAT_NAMES, SEATS, PhotoState


class PhotoBranching(NamedTuple):
    """Play on after the first ``keep`` moves; the line left is kept first as the save the
    player ``chose``."""

    keep: int
    chose: Chosen


class Moments(NamedTuple):
    """For each step of the log: the state right after it, the moves made by then (a move
    counts from its first step, the camera's move; its reason before that does not), and how
    many moves a game played on from there keeps: all made by a move's last step, the ones
    before it from inside a move (the camera's choice is open again there)."""

    states: list[PhotoState]
    moves_made: list[int]
    keep: list[int]


def moments(session: PhotoSession) -> Moments:
    """Every step's state, from the session's states between moves."""
    log = session.log
    marks = [*session.log_marks, len(log)]
    states: list[PhotoState] = []
    made: list[int] = []
    keep: list[int] = []
    for _ in range(marks[0]):  # the set-up (or the steps a built position came with)
        states.append(session.states[0])
        made.append(0)
        keep.append(0)
    for number, square in enumerate(session.moves):
        before = session.states[number]
        if log[marks[number]].kind == REASON_KIND:
            states.append(before)
            made.append(number)
            keep.append(number)
        _, steps, after_each = apply_recorded(before, square)
        # A step's state is taken as the step is told; the move's last is the move done
        # (whose move it is next included).
        states += [*after_each[:-1], session.states[number + 1]]
        made += [number + 1] * len(steps)
        keep += [number] * (len(steps) - 1) + [number + 1]
    assert len(states) == len(log), "the log and the moves disagree"
    return Moments(states, made, keep)


class PhotoTimelineScreen(Screen[PhotoBranching | None]):
    """Dismisses with where to play on from, or None (closed)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *[
            Binding(key, entry.action, entry.label, key_display=display, show=key == keys[0])
            for entry in PHOTO_TIMELINE_KEYS
            for keys in [entry.key.split(",")]
            for key, display in zip(keys, entry.display.split(" "), strict=False)
        ],
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
    ]

    def __init__(
        self,
        session: PhotoSession,
        *,
        moment: int | None = None,
        title: str = "Timeline",
        closing: str = "Back",
        refusal: str = "",
    ) -> None:
        """``refusal``: why this game may not go back to play on ("" if it may)."""
        super().__init__(classes="photo-screen")
        self.refusal = refusal
        self.session = session
        self.timeline = moments(session)
        last = len(session.log) - 1
        self.moment = last if moment is None else max(0, min(moment, last))
        self.title_text = title
        self.closing = closing
        self.drawing: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="photo-game"):
            yield Static(id="timeline-title")
            with Horizontal(id="photo-top"):
                board = PhotoBoard(self.session.state, id="photo-board")
                board.can_focus = False  # nothing to choose here: the keys move in time
                yield board
                with Vertical(id="photo-side"):
                    yield Static(id="photo-status")
                    yield Static(id="photo-animals")
            yield Static(id="photo-prompt")
            log = GameLog(id="log")
            log.can_focus = False  # the keys move in time; Enter on a line has nothing to open
            yield log
        yield Static(id="too-small")
        yield KeyBar()

    def on_mount(self) -> None:
        self._check_size()
        self.show_moment(self.moment)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    def _check_size(self) -> None:
        width, height = self.app.size
        preferred = getattr(self.app, "preferred_drawing", None)
        drawing = choose_drawing(width, height, "normal" if preferred == "large" else preferred)
        self.set_class(drawing is None, "-too-small")
        if drawing is None:
            self.query_one("#too-small", Static).update(
                f"The timeline needs a terminal of at least {MIN_WIDTH} × {MIN_HEIGHT}; this "
                f"one is {width} × {height}. Esc goes back."
            )
            return
        if drawing != self.drawing:
            self.drawing = drawing
            self.set_class(drawing == "compact", "-compact")
            self.query_one(PhotoBoard).set_compact(drawing == "compact")
            if self.is_mounted:
                self.show_moment(self.moment)

    # ------------------------------------------------------------------ showing a moment

    def show_moment(self, moment: int) -> None:
        self.moment = moment
        session = self.session
        state = self.timeline.states[moment]
        step = session.log[moment]
        self.query_one(PhotoBoard).show(state, focus_animal=step.animal)
        compact = self.drawing == "compact"
        made = self.timeline.moves_made[moment]
        where = (
            f"Round {(made + 1) // 2} · move {made} of {len(session.moves)}"
            if made
            else "The set-up"
        )
        lines = [
            Content.styled(where, "bold"),
            *(photo_words(state, seat, compact) for seat in range(SEATS)),
        ]
        if not compact:
            lines.insert(1, Content(f"step {moment + 1} of {len(session.log)}").stylize("dim"))
        self.query_one("#photo-status", Static).update(Content("\n").join(lines))
        table = compact_animal_table(state) if compact else animal_table(state)
        self.query_one("#photo-animals", Static).update(table)
        title = Content.assemble(
            (f"{self.title_text}: ", "bold"),
            f"step {moment + 1} of {len(session.log)} · Esc {self.closing.lower()}",
        )
        self.query_one("#timeline-title", Static).update(title)
        who = ""
        if step.kind in ("move", "photo") or step.kind == REASON_KIND:
            seat = next((s for s in range(SEATS) if step.text.startswith(SEAT_NAMES[s])), -1)
            if seat >= 0:
                who = SEAT_COLOURS[seat]
        self.query_one("#photo-prompt", Static).update(
            Content.styled(step.text, f"bold {who}" if who else "bold")
        )
        self.query_one(GameLog).show_log(session.log[: moment + 1])

    def warn(self, text: str) -> None:
        self.query_one("#photo-prompt", Static).update(Content.styled(text, "bold $warning"))
        self.app.bell()

    def _go(self, moment: int) -> None:
        last = len(self.session.log) - 1
        if not 0 <= moment <= last:
            self.warn("That is the first step." if moment < 0 else "That is the last step.")
            return
        self.show_moment(moment)

    # ------------------------------------------------------------------ keys

    def _move_starts(self) -> list[int]:
        """The first step of each move: the camera's move (a computer's reason before it)."""
        return [i for i, step in enumerate(self.session.log) if step.kind == "move"]

    def action_step(self, delta: int) -> None:
        self._go(self.moment + delta)

    def action_move(self, delta: int) -> None:
        starts = self._move_starts()
        if delta > 0:
            later = [i for i in starts if i > self.moment]
            self._go(later[0] if later else len(self.session.log))
        else:
            earlier = [i for i in starts if i < self.moment]
            self._go(earlier[-1] if earlier else -1)

    def action_round(self, delta: int) -> None:
        """The start of the round: Red's move (its first step)."""
        starts = [i for i in self._move_starts() if self.session.log[i].text.startswith("Red")]
        if delta > 0:
            later = [i for i in starts if i > self.moment]
            self._go(later[0] if later else len(self.session.log))
        else:
            earlier = [i for i in starts if i < self.moment]
            self._go(earlier[-1] if earlier else -1)

    def action_ends(self, end: int) -> None:
        self.show_moment(len(self.session.log) - 1 if end else 0)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_bigger_board(self) -> None:
        self._step_drawing("normal")

    def action_smaller_board(self) -> None:
        self._step_drawing("compact")

    def _step_drawing(self, target: str) -> None:
        width, height = self.app.size
        if choose_drawing(width, height, target) != target:
            self.warn(f"The {target} board does not fit a terminal of {width} × {height}.")
            return
        set_preferred = getattr(self.app, "choose_drawing", None)
        if set_preferred is not None:
            set_preferred(target)
        self._check_size()

    def action_play_from_here(self) -> None:
        """Ask for the name that keeps the line left, then dismiss with where to go on: after
        the moves made by the moment shown (a moment inside a move goes back before it: the
        camera's choice is open again there)."""
        from bigfive_tui.app.files import saves
        from bigfive_tui.app.screens.dialogs import SaveDialog

        if self.refusal:
            self.warn(self.refusal)
            return
        session = self.session
        keep = self.timeline.keep[self.moment]
        if keep >= len(session.moves):
            if session.state.over:
                self.warn("The game ended here: choose an earlier moment to play on from.")
            else:
                self.warn(f"This is the game as it stands: Esc goes {self.closing.lower()}.")
            return
        state = session.states[keep]
        left = len(session.moves) - keep
        question = (
            f"Play on from round {state.round}, {SEAT_NAMES[state.seat]} to move? The {left} "
            f"move{'s' * (left != 1)} after it {'are' if left != 1 else 'is'} kept as a save of "
            "its own, under this name:"
        )
        stamp = datetime.now().strftime("%H%M%S")
        suggestion = saves.free_save_name(
            f"photo-safari-line-to-round{session.state.round}-{stamp}"
        )

        def named(chosen: Chosen | None) -> None:
            if chosen is not None:
                self.dismiss(PhotoBranching(keep, chosen))

        self.app.push_screen(
            SaveDialog(
                suggestion,
                folder=saves.saves_dir(),
                title="Play from here",
                about=question,
                verb="goes back",
            ),
            named,
        )
