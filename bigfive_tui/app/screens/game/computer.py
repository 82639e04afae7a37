"""The computer teammates on the game screen: the computer seats' turns at their pace, and
hints for the guide at the wheel, each worked out in a worker thread."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.content import Content

from bigfive_tui.app.components.action_bar import ActionBar
from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.keys.table import ACTION_KEYS, COACH
from bigfive_tui.app.messages import GameChanged
from bigfive_tui.app.screens.game.actions import PlayingActions
from bigfive_tui.app.setups.practice import PACE_ORDER, PACES, count_hint
from bigfive_tui.engine.actions import END
from bigfive_tui.engine.state import GameState, Phase

if TYPE_CHECKING:
    from bigfive_tui.players.search_player import Decision
    from bigfive_tui.players.teammates import Hint

#: A computer seat never takes more actions than this in one turn (then it ends the turn).
COMPUTER_TURN_LIMIT = 60


SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class ComputerTeammates(PlayingActions):
    """Drives the computer seats and shows the strong teammate's hints."""

    # ------------------------------------------------------------------ computer seats

    def _schedule_computer(self) -> None:
        if self._computer_timer is not None or self._thinking or self._policy is None:
            if self._policy is None:
                self.warn("No computer player is installed; this seat cannot play by itself.")
            return
        share = PACES[self.pace][1]
        if share is None and not (self._finishing or self._step_granted):
            self.query_one(ActionBar).prompt(
                Content.from_markup(
                    "[b]$name[/] (computer), step by step: [b]$next[/] plays the next action, "
                    "[b]$finish[/] the rest of the turn, [b]$pace[/] changes the pace.",
                    name=self.state.guide.title,
                    next=COACH["computer_step"].display,
                    finish=COACH["finish"].display,
                    pace=COACH["pace"].display,
                )
            )
            return
        delay = 0.0 if self._finishing or share is None else self.computer_delay * share
        self._computer_timer = self.set_timer(max(0.01, delay), self._computer_step)

    def _computer_step(self) -> None:
        """Ask the computer teammate in a worker thread: the search player may think for a
        good part of a second, and the screen stays responsive meanwhile."""
        self._computer_timer = None
        state = self.state
        if state.over or state.seat not in self.computer_seats or self._policy is None:
            return
        if not self.is_attached or not self.query(ActionBar):
            return  # the screen is being taken down (a new game, the app quitting)
        if not self.is_current:
            self._schedule_computer()
            return
        self._clear_hint()  # a person's hint has no place over a computer's turn
        legal = self.legal()
        if state.phase == Phase.DRAW:
            self._computer_count = 0
        self._computer_count += 1
        self._step_granted = False
        if self._computer_count > COMPUTER_TURN_LIMIT and END in legal:
            from bigfive_tui.players.search_player import Decision

            self._computer_decided(state, Decision(END, "End the turn: it has gone on too long"))
            return
        self._thinking = True
        self._show_thinking(f"{state.guide.title} (computer) is thinking")
        decide, rng = self._policy, self._rng
        self.run_worker(
            lambda: self.app.call_from_thread(
                self._computer_decided, state, decide(state, legal, rng)
            ),
            thread=True,
            group="computer",
            exit_on_error=True,
        )

    def _computer_decided(self, state: GameState, decision: Decision) -> None:
        self._thinking = False
        self._stop_thinking()
        if self.session.state is not state or not self.is_attached:
            self.call_after_refresh(self._continue_flow)  # the game moved on meanwhile
            return
        self.query_one(ActionBar).prompt(
            Content.from_markup(
                "[b]$name[/] (computer): $what",
                name=state.guide.title,
                what=decision.reason or self.session.describe(decision.action),
            )
        )
        turn = state.turn
        self.play(decision.action, decision.reason)
        if self.state.turn != turn or self.state.over:
            self._finishing = False

    def _show_thinking(self, text: str) -> None:
        """A spinner in the prompt line while a worker thinks."""
        self._spin = 0
        bar = self.query_one(ActionBar)

        def spin() -> None:
            self._spin += 1
            bar.prompt(Content.from_markup("$text $dots", text=text, dots=SPINNER[self._spin % 10]))

        spin()
        if self._spinner is None:
            self._spinner = self.set_interval(0.12, spin)

    def _stop_thinking(self) -> None:
        if self._spinner is not None and not (self._thinking or self._hinting):
            self._spinner.stop()
            self._spinner = None

    def action_pace(self) -> None:
        """The next pace of computer turns (the app keeps it for the next games)."""
        if not self.computer_seats:  # from the palette: the key is not offered here
            self.warn("Every seat of this game is a person's: there are no computer turns to pace.")
            return
        self.pace = PACE_ORDER[(PACE_ORDER.index(self.pace) + 1) % len(PACE_ORDER)]
        self.app.computer_pace = self.pace  # type: ignore[attr-defined]
        self.notify(f"Computer turns: {PACES[self.pace][0]}.", timeout=3)
        self.post_message(GameChanged())  # saves keep the pace
        if not self.human_turn and not self.state.over:
            self._continue_flow()

    def action_computer_step(self) -> None:
        """Step by step: the computer's next action."""
        if self.human_turn or self.state.over:
            self.warn("It is not a computer's turn.")
            return
        self._step_granted = True
        self._continue_flow()

    def action_finish(self) -> None:
        """The rest of the computer's turn at once, whatever the pace."""
        if self.human_turn or self.state.over:
            self.warn("It is not a computer's turn.")
            return
        self._finishing = True
        if self._computer_timer is not None:
            self._computer_timer.stop()
            self._computer_timer = None
        self._continue_flow()

    # ------------------------------------------------------------------ hints

    def action_hint(self) -> None:
        """What the strong teammate would do now for the guide at the wheel, worked out in a
        worker; then that action's target mode opens with the cursor on its target."""
        state = self.state
        if state.over or not self.human_turn:
            self.warn("A hint is for your own turn.")
            return
        if self._hinting:
            return
        try:
            from bigfive_tui.players.teammates import Hints
        except ImportError:
            self.warn("No computer player is installed, so there is no hint.")
            return
        self._hinting = True
        self._show_thinking(f"Thinking about a hint for {state.guide.title}")
        legal = self.legal()
        played = tuple(self.session.actions)
        if self._hints is None:  # one per game: it keeps the plan it showed (players/teammates)
            self._hints = Hints()
        hints = self._hints
        self.run_worker(
            lambda: self.app.call_from_thread(
                self._hinted, state, hints.hint(state, legal, played)
            ),
            thread=True,
            group="hint",
            exit_on_error=True,
        )

    def _hinted(self, state: GameState, hint: Hint) -> None:
        from bigfive_tui.players.teammates import hint_words

        self._hinting = False
        self._stop_thinking()
        if self.session.state is not state or not self.is_attached:
            return  # the game moved on while the hint was worked out
        count_hint(self.session)
        self.post_message(GameChanged())  # saves keep the count
        # A new hint replaces what is shown: hints asked one after another stacked up over
        # the board (at 80 x 24 over half of it); the log keeps what the computers did.
        self.app.clear_notifications()
        self.notify(hint_words(hint), title="Hint", timeout=20)
        self._hint_shown = True
        decision = hint.decision
        action = decision.action
        entry = next((e for e in ACTION_KEYS if action.kind in e.kinds), None)
        cell = self._cell_of(action)
        if entry is not None and cell is not None and state.phase == Phase.ACTIONS:
            legal = [a for a in self.legal() if a.kind in entry.kinds]
            self._target_mode(entry, legal)
            self.query_one(BoardView).cursor = cell
        hint_text = Content.from_markup(
            "[b]Hint:[/] $reason. $more",
            reason=decision.reason,
            more="Enter plays it." if cell is not None else f"Press {entry.key if entry else 'D'}.",
        )
        self.query_one(ActionBar).prompt(hint_text)
