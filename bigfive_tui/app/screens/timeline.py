"""The whole game as a timeline: turns, their actions (and rigs), and each one's rule steps.

Moving along it shows the board, the player boards, the table (deck counts, the card of the
turn) and the log exactly as they were at that step, in the same layout as the game screen for
the terminal's size (game.tcss styles both). The states come from the session's snapshots
(engine/timeline.py), so a jump anywhere in a long game costs a few replays and one frame.

The screen changes nothing: it dismisses with the moment to play on from ("play from here"),
which the app carries out (keeping the line that is left as a named save), or with None.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import ClassVar, NamedTuple

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Static

from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.components.guide_card import GuideCard
from bigfive_tui.app.components.key_bar import KeyBar
from bigfive_tui.app.components.player_board import PlayerBoard
from bigfive_tui.app.components.step_views import StepTail
from bigfive_tui.app.components.table_info import TableInfo
from bigfive_tui.app.components.timeline_bar import TimelineBar
from bigfive_tui.app.css_files import read_css
from bigfive_tui.app.drawing.sizes import choose
from bigfive_tui.app.files.names import Chosen
from bigfive_tui.app.keys.table import (
    TIMELINE_KEYS,
    command_bindings,
    timeline_bindings,
    view_bindings,
)
from bigfive_tui.app.messages import ExportPosition, StepChosen
from bigfive_tui.app.words.describe import drawn_card
from bigfive_tui.boardmap import Drawing
from bigfive_tui.engine.session import Session
from bigfive_tui.engine.timeline import Timeline

#: The compact layout's pages, as on the game screen.
PAGES = ("board-page", "guides-page", "log")


class Branching(NamedTuple):
    """Play on from ``moment``: the game keeps its first ``keep`` entries, and the line left
    is kept first as the save the player ``chose``."""

    moment: int
    keep: int
    chose: Chosen


def timeline_too_small(width: int, height: int) -> str:
    from bigfive_tui.app.screens.game.view import too_small_text

    return too_small_text(width, height)


class TimelineScreen(Screen[Branching | None]):
    """Dismisses with where to play on from, or None (Esc)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *[binding for binding in view_bindings() if binding.action == "panels"],
        *timeline_bindings(),
        *[
            binding
            for binding in view_bindings()
            if binding.action in ("bigger_board", "smaller_board")
        ],
        Binding("question_mark", "app.help", "Help"),
        *command_bindings("rules"),
    ]

    #: The palette's entries while the timeline is on top (app/keys/palette.py): moving along it
    #: (play from here, the log, the search and the export are the app's entries too).
    palette_commands: ClassVar[tuple[tuple[str, str, str], ...]] = tuple(
        (f"Timeline: {title}", key.action, f"{key.help} ({key.display})")
        for key in TIMELINE_KEYS
        for action, title in (
            ("step(-1)", "a step back"),
            ("step(1)", "a step on"),
            ("action(-1)", "the action before"),
            ("action(1)", "the next action"),
            ("turn(-1)", "the start of the turn"),
            ("turn(1)", "the next turn"),
            ("ends(0)", "the first step (the setup)"),
            ("ends(1)", "the last step (the game as it stands)"),
        )
        if key.action == action
    )

    def __init__(
        self,
        session: Session,
        computer_seats: frozenset[int] = frozenset(),
        *,
        moment: int | None = None,
        log_index: int | None = None,
        refusal: str = "",
        title: str = "Timeline",
        closing: str = "Back",
        rule_ids: bool = False,
        timeline: Timeline | None = None,
    ) -> None:
        """Opens at ``moment``, or at the step ``log_index`` of the log (else at the end);
        ``refusal`` says why "play from here" is not allowed in this game ("" when it is);
        ``closing`` is what Esc does, in words; ``rule_ids``: the log shows them (debug mode);
        ``timeline``: the session's, made elsewhere (a table's client gets it from the host)."""
        super().__init__()
        self.session = session
        self.computer_seats = computer_seats
        self.timeline = timeline if timeline is not None else Timeline(session)
        if moment is None:
            last = self.timeline.last
            moment = last if log_index is None else self.timeline.moment_of_log(log_index)
        self.moment = self.timeline.clamp(moment)
        self.closing = closing
        self.refusal = refusal
        self.title_text = title
        self.rule_ids = rule_ids
        self.drawing: Drawing | None = None

    @property
    def preferred_drawing(self) -> Drawing | None:
        preferred: Drawing | None = getattr(self.app, "preferred_drawing", None)
        return preferred

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        """The game screen's layouts (game.tcss), with the timeline bar in the action bar's
        place and the log as it was in the game log's."""
        if self.drawing is None:
            self.drawing = choose(*self.app.size, self.preferred_drawing) or "compact"
        drawing = self.drawing
        read_css(self.app, [f"game_{drawing}.tcss"])  # a replay opens here, before any game screen
        game = self.session.game
        board = BoardView(game.board, drawing=drawing, id="board")
        board.can_focus = False  # the keys move along the timeline, not the board's cursor
        players = [
            PlayerBoard(seat, guide, computer=seat in self.computer_seats)
            for seat, guide in enumerate(game.guides)
        ]
        tail = StepTail(id="log", rule_ids=self.rule_ids)
        bar = TimelineBar(id="timeline-bar")
        with Vertical(id="game", classes=f"-{drawing} -timeline"):
            if drawing == "compact":
                board.centred = False
                with ContentSwitcher(initial=PAGES[0], id="pages"):
                    with Container(id="board-page"):
                        yield board
                        yield GuideCard(self.computer_seats, id="guide")
                    with Horizontal(id="guides-page"):
                        yield TableInfo(id="table")
                        with Grid(id="players"):
                            yield from players
                    yield tail
                yield bar
            elif drawing == "normal":
                with Horizontal(id="top"):
                    yield board
                    yield TableInfo(id="table")
                with Horizontal(id="players"):
                    yield from players
                yield bar
                yield tail
            else:
                with Horizontal(id="top"):
                    yield board
                    with Vertical(id="side"):
                        yield TableInfo(id="table")
                        yield tail
                with Horizontal(id="players"):
                    yield from players
                yield bar
        yield Static(id="too-small")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(StepTail).border_title = f"{self.title_text}: the log as it was"
        if self.closing != "Back":  # the key bar says what Esc does here
            by_key = self._bindings.key_to_bindings
            by_key["escape"] = [
                replace(binding, description=self.closing) for binding in by_key["escape"]
            ]
            self.refresh_bindings()
        self.show_moment(self.moment)
        self._check_size()

    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    def _check_size(self) -> None:
        width, height = self.app.size
        drawing = choose(width, height, self.preferred_drawing)
        self.set_class(drawing is None, "-too-small")
        if drawing is None:
            self.query_one("#too-small", Static).update(timeline_too_small(width, height))
        elif drawing != self.drawing:
            self.call_later(self.switch_drawing, drawing)

    async def switch_drawing(self, drawing: Drawing | None) -> None:
        if drawing is None or drawing == self.drawing or not self.is_attached:
            return
        self.drawing = drawing
        await self.recompose()
        self.on_mount()

    # ------------------------------------------------------------------ showing a moment

    def show_moment(self, moment: int) -> None:
        """Draw the game as it was right after the step of ``moment``."""
        timeline = self.timeline
        self.moment = moment = timeline.clamp(moment)
        state = timeline.state(moment)
        self.query_one(BoardView).show_state(state)
        for card_view in self.query(GuideCard):
            card_view.show_state(state)
        card, effects = drawn_card(timeline.log_until(moment))
        self.query_one(TableInfo).show_state(state, card, effects)
        in_setup = timeline.place(moment).entry == -1
        for board in self.query(PlayerBoard):
            board.show_state(state, in_setup=in_setup)
        self.query_one(StepTail).show(timeline.log, moment - timeline.offset)
        self.query_one(TimelineBar).show(timeline, moment)

    def warn(self, text: str) -> None:
        """Say it in the bar, where the eyes are (wrapped there when longer than a line)."""
        bar = self.query_one(TimelineBar)
        bar.notice = text
        bar.refresh(layout=True)
        self.app.bell()

    def _go(self, moment: int) -> None:
        bar = self.query_one(TimelineBar)
        bar.notice = ""
        if moment == self.moment:
            bar.refresh(layout=True)
            self.app.bell()  # already at that end
            return
        self.show_moment(moment)

    # ------------------------------------------------------------------ keys

    def action_step(self, delta: int) -> None:
        self._go(self.timeline.clamp(self.moment + delta))

    def action_action(self, delta: int) -> None:
        timeline = self.timeline
        if delta > 0:
            self._go(timeline.next_action(self.moment))
        else:
            self._go(timeline.previous_action(self.moment))

    def action_turn(self, delta: int) -> None:
        timeline = self.timeline
        if delta > 0:
            self._go(timeline.next_turn(self.moment))
        else:
            self._go(timeline.previous_turn(self.moment))

    def action_ends(self, end: int) -> None:
        self._go(self.timeline.last if end else 0)

    def go_to(self, moment: int) -> None:
        """Show ``moment`` (for the log, the ruler and the tests)."""
        self._go(self.timeline.clamp(moment))

    def action_play_from_here(self) -> None:
        """Ask for the name that keeps the line left, then dismiss with where to go on."""
        from bigfive_tui.app.files import saves
        from bigfive_tui.app.screens.dialogs import SaveDialog

        if self.refusal:
            self.warn(self.refusal)
            return
        session, timeline, moment = self.session, self.timeline, self.moment
        keep = timeline.continue_after(moment)
        if keep >= len(session.entries):
            if session.state.over:
                self.warn("The game ended here: choose an earlier moment to play on from.")
            else:
                self.warn(f"This is the game as it stands: {self.closing_key} goes back to it.")
            return
        state = session.state_after(keep)
        left = sum(1 for entry in session.entries[keep:] if not entry.is_rig)
        entry, step, steps = timeline.place(moment)
        whole = ""
        if entry >= 0 and step + 1 < steps:
            whole = f" ('{session.entries[entry].text}' resolves whole first)"
        phase = {0: "to draw", 1: "in the actions phase", 2: "influencing"}.get(state.phase, "")
        question = (
            f"Play on from turn {state.turn}, {state.guide.title} {phase}{whole}? The "
            f"{left} action{'s' * (left != 1)} after it, up to turn {session.state.turn}, are "
            "kept as a save of their own, under this name (D-branch):"
        )
        stamp = datetime.now().strftime("%H%M%S")
        suggestion = saves.free_save_name(f"line-to-turn{session.state.turn}-{stamp}")

        def named(chosen: Chosen | None) -> None:
            if chosen is not None:
                self.dismiss(Branching(moment, keep, chosen))

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

    @property
    def closing_key(self) -> str:
        return "Esc"

    def action_close(self) -> None:
        self.dismiss(None)

    def action_export_position(self) -> None:
        """The position at the moment shown (after its action: an action resolves whole) as a
        scenario file, with the rest of the game; where going back is allowed."""
        if self.refusal:
            self.warn(self.refusal.replace("Going back to play on", "Writing a position out"))
            return
        self.post_message(ExportPosition(self.timeline.continue_after(self.moment)))

    def action_log(self) -> None:
        self._open_log(search=False)

    def action_search_log(self) -> None:
        self._open_log(search=True)

    def _open_log(self, *, search: bool) -> None:
        from bigfive_tui.app.screens.log import LogScreen

        current = self.timeline.step(self.moment)
        index = self.moment - self.timeline.offset if current is not None else None

        def chosen(index: int | None) -> None:
            if index is not None:
                self.go_to(self.timeline.moment_of_log(index))

        self.app.push_screen(
            LogScreen(self.timeline, current=index, search=search, title=self.title_text),
            chosen,
        )

    def action_panels(self) -> None:
        pages = self.query(ContentSwitcher)
        if not pages:
            return
        switcher = pages.first()
        current = switcher.current or PAGES[0]
        switcher.current = PAGES[(PAGES.index(current) + 1) % len(PAGES)]

    def action_bigger_board(self) -> None:
        self._step_drawing(1)

    def action_smaller_board(self) -> None:
        self._step_drawing(-1)

    def _step_drawing(self, step: int) -> None:
        from bigfive_tui.app.drawing.sizes import DRAWING_WORDS, fits, needs_text, neighbour

        target = neighbour(self.drawing or "compact", step)
        width, height = self.app.size
        if target is None:
            self.warn("There is no other drawing of the board that way.")
            return
        if not fits(target, width, height):
            self.warn(f"The {DRAWING_WORDS[target]} needs a terminal of {needs_text(target)}.")
            return
        set_preferred = getattr(self.app, "choose_drawing", None)
        if set_preferred is not None:
            set_preferred(target)
        self.call_later(self.switch_drawing, target)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "panels":
            return self.drawing == "compact"
        return True

    # ------------------------------------------------------------------ clicks

    @on(StepChosen)
    def _step_clicked(self, event: StepChosen) -> None:
        event.stop()
        self.go_to(self.timeline.moment_of_log(event.index))

    @on(TimelineBar.Seek)
    def _seek(self, event: TimelineBar.Seek) -> None:
        event.stop()
        self.go_to(round(event.fraction * self.timeline.last))
