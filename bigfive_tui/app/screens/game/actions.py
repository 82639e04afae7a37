"""Choosing and playing an action on the game screen: action keys, target mode on the board,
choices and confirmations in dialogs, clicks on the board's spaces; then the action played and
what follows it there (the repaint, the card dialog, the debug steps, what it did)."""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.content import Content
from textual.screen import Screen

from bigfive_tui.app.components.action_bar import ActionBar
from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.keys.table import (
    BY_NAME,
    DUTCH_ONLY,
    DUTCH_WORDS,
    ActionKey,
    command_key,
)
from bigfive_tui.app.messages import GameChanged
from bigfive_tui.app.screens.game.debug import DebugMode
from bigfive_tui.app.screens.game.view import PAGES
from bigfive_tui.app.words.describe import card_effect, drawn_card
from bigfive_tui.engine.actions import END, RESOURCE_NAMES, Act, Action, IllegalAction, Step
from bigfive_tui.engine.apply_action import loses_at_once
from bigfive_tui.engine.board import GATE_CELLS, GATE_NAMES
from bigfive_tui.engine.content import CARDS
from bigfive_tui.engine.costs import EXTRA_ANIMAL_COST, INFLUENCE_COST, action_cost
from bigfive_tui.engine.refusals import out_for_the_cost, why_not_any, why_not_at
from bigfive_tui.engine.state import GameState, Phase

#: Actions that reveal something (so undo stops there), with their question and "yes" label.
IRREVERSIBLE: dict[Act, tuple[str, str]] = {
    Act.INFLUENCE: (
        f"Influence an event ({DUTCH_WORDS})? {{guide}} spends {INFLUENCE_COST} actions to look "
        "at the top two event cards and discard one. Once seen, this cannot be undone.",
        "Look at the cards",
    ),
    Act.EXTRA_ANIMAL: (
        f"Place an extra animal token ({DUTCH_WORDS})? {{guide}} spends {EXTRA_ANIMAL_COST} "
        "actions and the dice decide where it goes (on a burning piece it flees). This cannot "
        "be undone.",
        "Roll for the animal",
    ),
}

#: Actions with a space as target: the board goes into target mode for them.
CELL_KINDS = (Act.MOVE, Act.SPOT, Act.EXTINGUISH, Act.REPLENISH)


class PlayingActions(DebugMode):
    """Turns keys and clicks into engine actions and plays them; which exist, what they cost
    and why one is refused is asked of the engine."""

    def _after_play(
        self,
        action: Action,
        steps: list[Step],
        states: list[GameState],
        computer: str,
        reason: str = "",
    ) -> None:
        self.refresh_view()
        self.post_message(GameChanged())
        if states:
            self._step_through(steps, states, computer, reason)
        elif action.kind == Act.DRAW and self.card_pause and self.human_turn:
            from bigfive_tui.app.screens.dialogs import CardScreen

            card, effects = drawn_card(self.session.log)
            self._open(
                CardScreen(self.state.guide.title, card, effects), lambda _: self._continue_flow()
            )
        else:
            self._continue_flow()

    def _clear_hint(self) -> None:
        """The hint's notice goes once an action is played or a dialog opens: it was about
        the position it was asked in, and left up (20 s) it covered at 80 x 24 a third of the
        board (a vehicle among it), then the dialog of its own action, the next guide's
        hand-over box and card, still speaking of another guide's turn."""
        if self._hint_shown:
            self.app.clear_notifications()
            self._hint_shown = False

    def _open(self, screen: Screen, callback: Callable) -> None:  # type: ignore[type-arg]
        self._clear_hint()
        super()._open(screen, callback)

    def play(self, action: Action, reason: str = "") -> bool:
        """Play one action; a refusal is shown in the prompt line. True if it was played.
        ``reason`` is a computer player's, for the log."""
        self._leave_modes()
        computer = self.state.guide.title if self.state.seat in self.computer_seats else ""
        first = len(self.session.log)
        try:
            if self.step_through and (self.step_computer or not computer):
                steps, states = self.session.play_recorded(action, reason)
            else:
                steps, states = self.session.play(action, reason), []
        except IllegalAction as refusal:
            self.warn(str(refusal))
            return False
        self._clear_hint()
        self._after_play(action, steps, states, computer, reason)
        if not computer and self.drawing == "compact":
            self._say_what_it_did(first)  # the log is a page away
        return True

    def _say_what_it_did(self, first: int, how: str = "") -> None:
        """The prompt says what the action just played did (the log lines it wrote from
        ``first`` on, cut to the prompt's two lines) and the actions left, while the same
        guide goes on acting."""
        state = self.state
        if state.phase != Phase.ACTIONS or not self.human_turn or self._dialog_open:
            return
        did = " ".join(step.text for step in self.session.log[first:])
        left = state.actions_left
        tail = f" {state.guide.title}: {left} action{'s' * (left != 1)} left."
        room = 2 * (self.size.width - 2) - len(how) - len(tail)
        if len(did) > room:
            did = did[: max(0, room - 1)].rstrip() + "…"
        self.query_one(ActionBar).prompt(Content.assemble((how, "bold"), did, tail))

    # ------------------------------------------------------------------ actions by key

    def action_act(self, name: str) -> None:
        entry = BY_NAME[name]
        state = self.state
        self._at_once = None
        if self.too_small:
            self.app.bell()
            return
        if state.over:
            self.warn(
                f"The game is over. {command_key('new_game', self.app.is_web)} starts a new one."
            )
            return
        if state.seat in self.computer_seats:
            self.warn(f"It is {state.guide.title}'s turn; the computer is playing.")
            return
        legal = [a for a in self.legal() if a.kind in entry.kinds]
        if not legal:
            self.warn(f"{entry.label.capitalize()}: {self._why_not(entry)}")
            return
        kinds = {a.kind for a in legal}
        if kinds == {Act.REPLENISH} and len(legal) == 1:
            self._play_at_once(entry, legal[0])  # one food token in view, as for refuel
        elif kinds & set(CELL_KINDS) or kinds & {Act.REPAIR_VEHICLE, Act.REPAIR_GATE}:
            self._target_mode(entry, legal)
        elif Act.EXCHANGE in kinds:
            from bigfive_tui.app.screens.dialogs import ExchangeDialog

            self._open(ExchangeDialog(state, legal), self._chosen_exchange)
        elif kinds & {Act.TOKEN_USE, Act.TOKEN_GIVE}:
            self._choose_among(f"{state.guide.title}: the extra-action token", legal)
        elif Act.END in kinds and state.actions_left > 0:
            from bigfive_tui.app.screens.dialogs import ConfirmDialog

            left = state.actions_left
            self._open(
                ConfirmDialog(
                    f"End {state.guide.title}'s turn? {left} unused action"
                    f"{'s' * (left != 1)} will be lost.",
                    yes="End the turn",
                    no="Keep playing",
                ),
                lambda yes: self.play(END) if yes else self.refresh_view(),
            )
        elif kinds & set(IRREVERSIBLE):
            self._confirm_irreversible(legal[0])
        elif len(legal) == 1:
            self._play_at_once(entry, legal[0])
        else:
            self._choose_among(entry.label.capitalize(), legal)

    def _play_at_once(self, entry: ActionKey, action: Action) -> None:
        """An action key with nothing to choose acts at once, unlike those that mark targets
        for Enter to confirm. The prompt says what it did, and an Enter right after it (the
        cursor not moved) does nothing but say so: see :meth:`_cell_clicked`."""
        first = len(self.session.log)
        if not self.play(action):
            return
        if self.state.phase == Phase.ACTIONS and self.human_turn and not self._dialog_open:
            self._at_once = (entry, self.query_one(BoardView).cursor)
            dutch = f" ({DUTCH_WORDS})" if entry.name in DUTCH_ONLY else ""
            self._say_what_it_did(first, f"{entry.label.capitalize()}{dutch}, at once: ")

    def _confirm_irreversible(self, action: Action) -> None:
        """Four actions on something undo cannot take back: ask first, as for ending a turn."""
        from bigfive_tui.app.screens.dialogs import ConfirmDialog

        question, yes = IRREVERSIBLE[action.kind]

        def chosen(yes: bool | None) -> None:
            if not yes:
                self.refresh_view()
                return
            first = len(self.session.log)
            if self.play(action) and action.kind == Act.EXTRA_ANIMAL:
                self._tell_the_roll(first)

        self._open(
            ConfirmDialog(question.format(guide=self.state.guide.title), yes=yes, no="Not now"),
            chosen,
        )

    def _tell_the_roll(self, first: int) -> None:
        """What the dice did with the extra animal (placed, an X, fled a fire), whatever the
        size: the prompt goes on to the next thing to do, and an X left no mark on the board."""
        said = [step.text for step in self.session.log[first:] if step.kind != "action"]
        if said:
            self.app.notify(" ".join(said), title="The extra animal", markup=False)

    def _why_not(self, entry: ActionKey) -> str:
        """The engine's reason why no action of this key's kinds is legal now."""
        return why_not_any(self.state, entry.kinds) or "Not possible now."

    def _target_mode(self, entry: ActionKey, legal: list[Action]) -> None:
        targets: dict[int, list[Action]] = {}
        for action in legal:
            cell = self._cell_of(action)
            if cell is not None:
                targets.setdefault(cell, []).append(action)
        self._pending = targets
        self._pending_entry = entry
        which = (
            "the marked space" if len(targets) == 1 else f"one of the {len(targets)} marked spaces"
        )
        prompt = (
            f"{entry.label.capitalize()}: choose {which} ({self._cost_note(targets)}) — arrows "
            "or n/p, Enter to confirm, Esc to cancel. (Or click it.)"
        )
        self.query_one(ActionBar).prompt(Content.styled(prompt, "bold $accent"))
        self.show_page(PAGES[0])
        board = self.query_one(BoardView)
        board.set_targets(sorted(targets), f"{entry.label.capitalize()}: choose a marked space")
        self.refresh_bindings()

    def _cost_note(self, targets: dict[int, list[Action]]) -> str:
        """What the marked targets cost, as the engine counts it, so that the player knows
        before choosing: "1 action each", or "1 action; hills ■2, ★3 cost 2"."""
        state = self.state
        board = state.game.board
        costs = {
            cell: min(action_cost(state, action) for action in actions)
            for cell, actions in targets.items()
        }
        cheapest = min(costs.values())
        dearer: dict[int, list[int]] = {}
        for cell, cost in sorted(costs.items()):
            if cost > cheapest:
                dearer.setdefault(cost, []).append(cell)
        notes = ["free" if cheapest == 0 else f"{cheapest} action{'s' * (cheapest != 1)}"]
        if len(targets) > 1 and cheapest and not dearer:
            notes[0] += " each"
        for cost, cells in dearer.items():
            one = len(cells) == 1
            hills = ("hill " if one else "hills ") if all(board.hill[c] for c in cells) else ""
            names = ", ".join(board.names[cell] for cell in cells)
            notes.append(f"{hills}{names} {'costs' if one else 'cost'} {cost}")
        if self._pending_entry is not None and Act.MOVE in self._pending_entry.kinds:
            out = out_for_the_cost(state, Act.MOVE)
            if out:  # moves cost 1 or 2 (a hill), so only hills are ever out for the cost
                one = len(out) == 1
                hills = ("hill " if one else "hills ") if all(board.hill[c] for c in out) else ""
                names = ", ".join(board.names[cell] for cell in sorted(out))
                cost, left = max(out.values()), state.actions_left
                notes.append(f"{hills}{names} would cost {cost}, {left} left")
        return "; ".join(notes)

    def _cell_of(self, action: Action) -> int | None:
        """The space an action is aimed at on the board, if it has one."""
        if action.kind in CELL_KINDS:
            return action.target
        if action.kind == Act.REPAIR_VEHICLE:
            return self.state.vehicle[action.target]
        if action.kind == Act.REPAIR_GATE:
            return GATE_CELLS[action.target]
        return None

    def _choose_among(self, title: str, actions: list[Action]) -> None:
        from bigfive_tui.app.screens.dialogs import ChoiceDialog

        labels = [self._action_label(action) for action in actions]

        def chosen(index: int | None) -> None:
            if index is None:
                self.refresh_view()
            else:
                self.play(actions[index])

        self._open(ChoiceDialog(title, labels), chosen)

    def _action_label(self, action: Action) -> str:
        state = self.state
        guides = state.game.guides
        if action.kind == Act.TOKEN_USE:
            return "Use it now: +1 action this turn"
        if action.kind == Act.TOKEN_GIVE:
            return f"Lend it to {guides[action.target].title}: +1 action on their next turn"
        if action.kind == Act.REPAIR_GATE:
            return f"Repair the {GATE_NAMES[action.target]} gate"
        if action.kind == Act.REPAIR_VEHICLE:
            return f"Repair {guides[action.target].title}'s flat tyre"
        return self.session.describe(action)

    def _chosen_exchange(self, action: Action | None) -> None:
        """An exchange the rules allow but that loses the game (the last food, RU-exchange) is
        played only once the player confirms it."""
        losing = loses_at_once(self.state, action) if action is not None else None
        if action is None or losing is None:
            self._chosen_action(action)
            return
        from bigfive_tui.app.screens.dialogs import LosingConfirmDialog

        guides = self.state.game.guides
        gives = (
            f"{guides[action.giver].title} gives {action.amount} "
            f"{RESOURCE_NAMES[action.resource]} to {guides[action.target].title}"
        )
        self._open(
            LosingConfirmDialog(
                f"{gives}? This loses the game: {losing}", yes="Give it and lose", no="Keep it"
            ),
            lambda chosen: self.play(action) if chosen else self.refresh_view(),
        )

    def _chosen_action(self, action: Action | None) -> None:
        if action is None:
            self.refresh_view()
        else:
            self.play(action)

    def _ask_influence(self) -> None:
        from bigfive_tui.app.screens.dialogs import ChoiceDialog

        state = self.state
        choices = [a for a in self.legal() if a.kind == Act.CHOOSE_DISCARD]
        place = ("top card", "second card")
        labels = [
            f"Discard the {place[a.target]}: {CARDS[state.looking_at[a.target]].name} — "
            f"{card_effect(CARDS[state.looking_at[a.target]])}"
            for a in choices
        ]

        def chosen(index: int | None) -> None:
            if index is not None:
                self.play(choices[index])

        self._open(
            ChoiceDialog(
                f"{state.guide.title} influences an event",
                labels,
                "One card goes to the discard pile; the other goes back on top of the deck, "
                "so the next guide draws it.",
                cancellable=False,
            ),
            chosen,
        )

    # ------------------------------------------------------------------ board messages

    @on(BoardView.TargetChosen)
    def _target_chosen(self, event: BoardView.TargetChosen) -> None:
        event.stop()
        pending = self._pending or {}
        actions = pending.get(event.cell, [])
        self._pending = None
        if not actions:
            self.refresh_view()
        elif len(actions) == 1:
            self.play(actions[0])
        else:
            self._choose_among(self._pending_entry.label.capitalize(), actions)

    @on(BoardView.NotATarget)
    def _not_a_target(self, event: BoardView.NotATarget) -> None:
        """Say why a clicked space is no target, as a click outside target mode does."""
        event.stop()
        if self._pending is None:
            return
        cell = event.cell
        entry = self._pending_entry
        name = self.state.game.board.names[cell]
        reason = why_not_at(self.state, entry.kinds, cell)
        where = "" if name in reason else f" {name}"
        self.query_one(ActionBar).prompt(
            f"{entry.label.capitalize()}{where}: {reason} Choose a marked space, or Esc.",
            warning=True,
        )

    @on(BoardView.TargetCancelled)
    def _target_cancelled(self, event: BoardView.TargetCancelled) -> None:
        event.stop()
        self._pending = None
        self.refresh_view()
        self.query_one(ActionBar).prompt("Cancelled. " + self._default_prompt().plain)

    @on(BoardView.CursorMoved)
    def _cursor_moved(self, event: BoardView.CursorMoved) -> None:
        if self._at_once is not None and event.cell != self._at_once[1]:
            self._at_once = None  # the cursor moved on: Enter acts on its space again

    @on(BoardView.CellClicked)
    def _cell_clicked(self, event: BoardView.CellClicked) -> None:
        """A click (or Enter on the cursor) outside target mode: act on that space.

        Not the Enter right after a key that acted at once (f with one food token in reach,
        r): a player used to confirming targets with Enter presses it out of habit, and would
        move (or spot, or put out a fire) on whatever space the cursor is on. That Enter says
        so and does nothing; the next one acts."""
        event.stop()
        if not self.human_turn or self.state.phase != Phase.ACTIONS:
            return
        state = self.state
        cell = event.cell
        name = state.game.board.names[cell]
        at_once, self._at_once = self._at_once, None
        if at_once is not None and event.by_key:
            entry = at_once[0]
            self.query_one(ActionBar).prompt(
                f"Enter did nothing: {entry.key} ({entry.label}) acted at once, with nothing "
                f"to choose. Enter again acts on {name}.",
                warning=True,
            )
            return
        actions = [action for action in self.legal() if self._cell_of(action) == cell]
        if not actions:
            self.query_one(ActionBar).prompt(
                f"{self.query_one(BoardView).describe(cell)} — no action of "
                f"{state.guide.title}'s on {name} now."
            )
        elif len(actions) == 1:
            self.play(actions[0])
        else:
            self._choose_among(f"On {name}", actions)
