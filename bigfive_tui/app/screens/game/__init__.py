"""The main game screen: board, table, player boards, action bar and log.

The screen renders ``session.state`` and turns keys and clicks into engine actions. Which
actions exist, what they cost and why one is refused is always asked of the engine
(``Session.legal_actions``, ``refusals.why_not_any``); nothing here knows a rule.

The screen is built in parts, one concept a module, each building on the ones below it:
:mod:`.view` (its state, its picture of the game and its layout for each drawing),
:mod:`.debug` (debug mode), :mod:`.actions` (choosing and playing an action) and
:mod:`.computer` (computer seats and hints). :class:`GameScreen` adds the game's flow and the
keys that are the screen's own.
"""

from __future__ import annotations

from typing import ClassVar
from weakref import WeakKeyDictionary

from textual import events, on
from textual.binding import Binding, BindingType
from textual.content import Content

from bigfive_tui.app.components.action_bar import ActionBar
from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.keys.table import (
    ACTION_KEYS,
    COACH,
    COACH_KEYS,
    command_bindings,
    debug_bindings,
    view_bindings,
)
from bigfive_tui.app.messages import GameChanged, OpenTimeline, StepChosen
from bigfive_tui.app.screens.base import PlayScreen
from bigfive_tui.app.screens.game.computer import ComputerTeammates
from bigfive_tui.app.screens.game.view import PAGES
from bigfive_tui.app.words.describe import setup_summary, since_last_turn
from bigfive_tui.engine.actions import IllegalAction
from bigfive_tui.engine.content import Guide
from bigfive_tui.engine.legal_actions import sight
from bigfive_tui.engine.session import Session
from bigfive_tui.engine.state import Phase

# Dialogs and the steps screen are imported where they open: a game on screen does not need
# them, and importing them would delay its first frame (bench/app.py, start-up).

#: The turn of each game whose hand-over was shown: a game screen built anew for the same game
#: (Esc back from the new-game screen) must not show it again.
_HANDED_OVER: WeakKeyDictionary[Session, int] = WeakKeyDictionary()


class GameScreen(ComputerTeammates, PlayScreen):
    #: The screen's children cover it whole (the game's ``1fr`` and the key bar, or the
    #: too-small notice's ``1fr``): Textual would draw all its lines as if they showed.
    BLANK: ClassVar[bool] = True
    BINDINGS: ClassVar[list[BindingType]] = [
        *[
            Binding(entry.key, f"act('{entry.name}')", entry.label, show=False)
            for entry in ACTION_KEYS
        ],
        Binding("u", "undo", "Undo"),
        Binding("v", "sight", "Line of sight"),
        *[
            # App actions: the key bar ranks them with the app's keys, the last left out first
            # when the line is full (the palette and help stay): Save (the game autosaves),
            # then the pace, then the timeline, then the hint.
            Binding(entry.key, f"app.{entry.action}", entry.label, key_display=entry.display)
            for entry in COACH_KEYS
            if entry.action != "pace"
        ],
        *command_bindings("toggle_debug"),  # the app keeps the choice
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("question_mark", "help", "Help"),
        *command_bindings("rules", show=True),
        *command_bindings("load"),
        *command_bindings("new_game"),
        *view_bindings(),
        *debug_bindings(),
        Binding(
            COACH["pace"].key, "app.pace", COACH["pace"].label, key_display=COACH["pace"].display
        ),
        Binding("ctrl+s", "app.save", "Save"),
    ]

    def on_mount(self) -> None:
        self._fit_action_bar()
        self.refresh_view()
        self._check_size()
        self.query_one(BoardView).focus()
        self.call_after_refresh(self._continue_flow)

    # ------------------------------------------------------------------ flow

    def _continue_flow(self) -> None:
        """After every change: end screen, computer move, hand-over or influence choice."""
        state = self.state
        if self._dialog_open or not self.is_current:
            return
        if state.over:
            self._announce_over()
            return
        if state.seat in self.computer_seats:
            self._schedule_computer()
            return
        if state.phase == Phase.DRAW and _HANDED_OVER.get(self.session) != state.turn:
            from bigfive_tui.app.screens.dialogs import HandOverScreen

            _HANDED_OVER[self.session] = state.turn
            summary = since_last_turn(self.session.log, state.guide.title)
            first = state.turn == 1
            if first:  # what the setup put where, and what fled (else told only in the log)
                summary = setup_summary(self.session.log, self.session.setup_steps) + summary
            if not self._keyboard_passes():
                # One person at the keyboard: no box to press away, the summary as a notice.
                if summary:
                    title = "The setup" if first else "While you waited"
                    self.notify("\n".join(summary), title=title, timeout=12, markup=False)
                return
            self._open(
                HandOverScreen(
                    state.guide.title,
                    state.turn,
                    self._handover_detail(),
                    summary,
                    first_turn=state.turn <= len(state.game.guides),  # seats take turns in order
                ),
                self._handover_done,
            )
        elif state.phase == Phase.INFLUENCE:
            self._ask_influence()

    def _keyboard_passes(self) -> bool:
        """Whether the keyboard goes from one person to another between turns: only with two
        or more people at the table (each person plays one seat)."""
        seats = range(len(self.state.game.guides))
        return sum(1 for seat in seats if seat not in self.computer_seats) >= 2

    def _handover_detail(self) -> str:
        humans = [s for s in range(len(self.state.game.guides)) if s not in self.computer_seats]
        if len(humans) == 1:
            return "The other guides are played by the computer."
        return ""

    def _handover_done(self, draw: bool | None) -> None:
        if draw:
            self.action_act("draw")
        else:
            self.refresh_view()

    def on_screen_resume(self) -> None:
        self.refresh_view()
        self.call_after_refresh(self._continue_flow)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.human_turn and self.session.can_undo() and not self.too_small
        if action == "cancel":
            return self._pending is not None or self._sight or self.page != PAGES[0]
        if action == "panels":
            return self.drawing == "compact" and not self.too_small
        if action in ("computer_step", "finish"):
            return not self.human_turn and not self.state.over
        if action == "hint":
            return self.human_turn
        if action == "pace":  # a hot-seat game has no computer turns to pace
            return bool(self.computer_seats)
        return True

    def on_key(self, event: events.Key) -> None:
        # u when undo is not possible: say why instead of doing nothing.
        if event.key == "u" and not self.check_action("undo", ()):
            event.stop()
            if not self.human_turn:
                self.warn("Nothing to undo now.")
            else:
                self.warn(
                    "Nothing to undo: undo stops at the start of the turn and at anything that "
                    "revealed a card, a roll or a hidden token."
                )

    # ------------------------------------------------------------------ other keys

    def action_undo(self) -> None:
        try:
            undone = self.session.undo()
        except IllegalAction as refusal:
            self.warn(str(refusal))
            return
        self._leave_modes()
        self.refresh_view()
        self.post_message(GameChanged())
        self.query_one(ActionBar).prompt(
            Content.from_markup("Undone: [b]$what[/]. ", what=self.session.describe(undone)).append(
                self._default_prompt()
            )
        )
        self._continue_flow()  # e.g. back to an influence choice: its dialog opens again

    def action_sight(self) -> None:
        board = self.query_one(BoardView)
        if self._sight:
            self._sight = False
            board.clear_sight()
            self.refresh_view()
            return
        state = self.state
        extra = " and along her six straight lines" if state.guide == Guide.KATE else ""
        self.show_page(PAGES[0])
        board.set_sight(sight(state, state.seat))
        self._sight = True
        self.query_one(ActionBar).prompt(
            f"Line of sight: the marked spaces are in {state.guide.title}'s clear view{extra}. "
            "v or Esc hides it."
        )
        self.refresh_bindings()

    def action_cancel(self) -> None:
        self._leave_modes()
        self.show_page(PAGES[0])
        self.refresh_view()

    def action_help(self) -> None:
        from bigfive_tui.app.screens.help import HelpScreen

        def closed(result: str | None) -> None:
            if result == "rules":
                self.call_later(self.run_action, "app.rules")

        self.app.push_screen(HelpScreen(), closed)

    # ------------------------------------------------------------------ the whole game

    @on(StepChosen)
    def _log_line_chosen(self, event: StepChosen) -> None:
        """A line of the log, clicked or Enter on it: that moment on the timeline."""
        event.stop()
        index = event.index - len(self.log_before)
        if index < 0:
            self.warn(
                "That line is of the game before the position was edited (kept among the "
                "saves); this game's timeline begins at the edited position."
            )
            return
        self.post_message(OpenTimeline(index))

    def action_log(self) -> None:
        self._open_log(search=False)

    def action_search_log(self) -> None:
        self._open_log(search=True)

    def _open_log(self, *, search: bool) -> None:
        from bigfive_tui.app.screens.log import LogScreen
        from bigfive_tui.engine.timeline import Timeline

        def chosen(index: int | None) -> None:
            if index is not None:
                self.post_message(OpenTimeline(index))

        timeline = Timeline(self.session)
        newest = len(timeline.log) - 1 if timeline.log else None
        self.app.push_screen(LogScreen(timeline, current=newest, search=search), chosen)
