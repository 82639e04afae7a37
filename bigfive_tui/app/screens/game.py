"""The main game screen: board, table, player boards, action bar and log.

The screen renders ``session.state`` and turns keys and clicks into engine actions. Which
actions exist, what they cost and why one is refused is always asked of the engine
(``Session.legal_actions``, ``refusals.why_not_any``); nothing here knows a rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, TypeVar, cast
from weakref import WeakKeyDictionary

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Static

from bigfive_tui.app.components.action_bar import ROOMY, TIGHT, ActionBar
from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.components.game_log import GameLog
from bigfive_tui.app.components.guide_card import GuideCard
from bigfive_tui.app.components.key_bar import KeyBar
from bigfive_tui.app.components.one_pass import OnePassContainer, OnePassSwitcher
from bigfive_tui.app.components.player_board import PlayerBoard
from bigfive_tui.app.components.table_info import TableInfo
from bigfive_tui.app.describe import card_effect, drawn_card, since_last_turn
from bigfive_tui.app.drawings import (
    DRAWING_WORDS,
    MIN_HEIGHT,
    MIN_WIDTH,
    SCREEN_NEEDS,
    choose,
    fits,
    needs_text,
    neighbour,
)
from bigfive_tui.app.keys import (
    ACTION_KEYS,
    BY_NAME,
    COACH,
    COACH_KEYS,
    DEBUG,
    VIEW,
    ActionKey,
    command_bindings,
    command_key,
    debug_bindings,
    view_bindings,
)
from bigfive_tui.app.messages import (
    ExportPosition,
    GameChanged,
    GameOver,
    OpenTimeline,
    PlayOnFrom,
    StepChosen,
)
from bigfive_tui.app.practice import PACE_ORDER, PACES, count_hint
from bigfive_tui.app.screens.base import PlayScreen
from bigfive_tui.boardmap import Drawing
from bigfive_tui.engine.actions import END, RESOURCE_NAMES, Act, Action, IllegalAction, Step
from bigfive_tui.engine.apply_action import loses_at_once
from bigfive_tui.engine.board import GATE_CELLS, GATE_NAMES
from bigfive_tui.engine.content import ANIMAL_KIND, CARDS, Guide
from bigfive_tui.engine.costs import EXTRA_ANIMAL_COST, INFLUENCE_COST, action_cost
from bigfive_tui.engine.legal_actions import sight
from bigfive_tui.engine.refusals import why_not_any, why_not_at
from bigfive_tui.engine.rigging import ANIMAL_KINDS, Rig, RigKind
from bigfive_tui.engine.session import Session
from bigfive_tui.engine.state import GameState, Phase
from bigfive_tui.engine.wording import token_name

if TYPE_CHECKING:
    from bigfive_tui.players.search_player import Decision
    from bigfive_tui.players.teammates import Decider

# Dialogs and the steps screen are imported where they open: a game on screen does not need
# them, and importing them would delay its first frame (bench/app.py, start-up).

#: Actions that reveal something (so undo stops there), with their question and "yes" label.
IRREVERSIBLE: dict[Act, tuple[str, str]] = {
    Act.INFLUENCE: (
        f"Influence an event? {{guide}} spends {INFLUENCE_COST} actions to look at the top two "
        "event cards and discard one. Once seen, this cannot be undone.",
        "Look at the cards",
    ),
    Act.EXTRA_ANIMAL: (
        f"Place an extra animal token? {{guide}} spends {EXTRA_ANIMAL_COST} actions and the dice "
        "decide where it goes (on a burning piece it flees). This cannot be undone.",
        "Roll for the animal",
    ),
}

#: The turn of each game whose hand-over was shown: a game screen built anew for the same game
#: (Esc back from the new-game screen) must not show it again.
_HANDED_OVER: WeakKeyDictionary[Session, int] = WeakKeyDictionary()


def too_small_text(width: int, height: int) -> str:
    """Said by the game screen, and by the app over a dialog, when the terminal is too small."""
    return (
        f"The safari needs a terminal of at least {MIN_WIDTH} × {MIN_HEIGHT} "
        f"characters (120 × 34 for the normal board, 160 × 48 for the large one); this one "
        f"is {width} × {height}.\n\n"
        "Make the window bigger or the font smaller. The game is saved; nothing is lost."
    )


#: Actions with a space as target: the board goes into target mode for them.
CELL_KINDS = (Act.MOVE, Act.SPOT, Act.EXTINGUISH, Act.REPLENISH)
#: A computer seat never takes more actions than this in one turn (then it ends the turn).
COMPUTER_TURN_LIMIT = 60

W = TypeVar("W", bound=Widget)


@lru_cache(maxsize=64)
def markup_content(markup: str, **variables: str) -> Content:
    """``Content.from_markup``, kept: the prompt after an action is one of a few (a guide's
    actions left), and parsing its markup again each time was a tenth of the action's own work
    on the screen."""
    return Content.from_markup(markup, **variables)


SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


def load_teammate(strength: str) -> Decider | None:
    """The computer teammate of this strength, or None if no computer player is installed."""
    try:
        from bigfive_tui.players.teammates import teammate
    except ImportError:
        return None
    return teammate(strength)


#: The pages of the compact layout, in the order the panels key shows them.
PAGES = ("board-page", "guides-page", "log")


def debug_mode_words() -> str:
    """What debug mode does, with its keys (they are off the key bar, which has no room)."""
    timeline, rig, edit, export = (
        VIEW["timeline"].display,
        DEBUG["rig"].display,
        DEBUG["edit_position"].display,
        DEBUG["export_position"].display,
    )
    return (
        "Debug mode on: each action's rule steps are shown one by one. "
        f"{timeline} the whole game (go back and play on), {rig} rig the next roll, card or a "
        f"face-down token, {edit} edit the position, {export} write it as a scenario."
    )


class GameScreen(PlayScreen):
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

    def __init__(
        self,
        session: Session,
        computer_seats: frozenset[int] = frozenset(),
        *,
        computer_delay: float = 0.7,
        card_pause: bool = True,
        step_through: bool = False,
        strength: str = "strong",
        pace: str = "normal",
    ) -> None:
        super().__init__()
        self.session = session
        self.step_through = step_through
        self.computer_seats = computer_seats
        self.computer_delay = computer_delay
        self.card_pause = card_pause
        self.strength = strength
        self.pace = pace if pace in PACES else "normal"
        self._policy: Decider | None = load_teammate(strength) if computer_seats else None
        self._rng = random.Random(session.game.seed ^ len(session.actions))
        self._thinking = False  # a worker is deciding a computer action
        self._finishing = False  # the finish key: the rest of this computer turn at once
        self._step_granted = False  # step by step: the next-action key was pressed
        self._hinting = False
        self._spinner: Timer | None = None
        self._spin = 0
        self._computer_timer: Timer | None = None
        self._computer_count = 0
        self._pending: dict[int, list[Action]] | None = None
        self._pending_entry = BY_NAME["move"]  # the key that started target mode
        #: The key that just acted at once (nothing to choose) and where the cursor was: the
        #: Enter a player presses next out of habit must not act on the space under it.
        self._at_once: tuple[ActionKey, int | None] | None = None
        self.step_computer = True  # debug mode: False once c in the steps dialog said so
        self._sight = False
        self._dialog_open = False
        self._over_announced = False
        self.drawing: Drawing | None = None  # chosen when composed, from the terminal's size
        #: The parts of the screen found so far by their class, until it is composed again.
        self._parts: dict[type[Widget], list[Widget]] = {}

    # ------------------------------------------------------------------ layout

    @property
    def preferred_drawing(self) -> Drawing | None:
        """The drawing the player chose last (``+``/``-``), kept by the app."""
        preferred: Drawing | None = getattr(self.app, "preferred_drawing", None)
        return preferred

    def compose(self) -> ComposeResult:
        """One layout per drawing of the board: compact (80 × 24) shows the board and the guide
        at the wheel, with the other panels one key away; normal (120 × 34) the board, the table
        beside it, the player boards and the log below; large (160 × 48) the big board with the
        table and a tall log beside it."""
        self._parts.clear()
        if self.drawing is None:
            self.drawing = choose(*self.app.size, self.preferred_drawing) or "compact"
        drawing = self.drawing
        state = self.session.state
        board = BoardView(state.game.board, drawing=drawing, id="board")
        players = [
            PlayerBoard(seat, guide, computer=seat in self.computer_seats)
            for seat, guide in enumerate(state.game.guides)
        ]
        with Vertical(id="game", classes=f"-{drawing}"):
            if drawing == "compact":
                board.centred = False  # the guide's card takes the top right corner
                with OnePassSwitcher(initial=PAGES[0], id="pages"):
                    with OnePassContainer(id="board-page"):
                        yield board
                        yield GuideCard(self.computer_seats, id="guide")
                    with Horizontal(id="guides-page"):
                        yield TableInfo(id="table")
                        with Grid(id="players"):
                            yield from players
                    yield GameLog(id="log")
                yield ActionBar(id="action-bar")
            elif drawing == "normal":
                with Horizontal(id="top"):
                    yield board
                    yield TableInfo(id="table")
                with Horizontal(id="players"):
                    yield from players
                yield ActionBar(id="action-bar")
                yield GameLog(id="log")
            else:
                with Horizontal(id="top"):
                    yield board
                    with Vertical(id="side"):
                        yield TableInfo(id="table")
                        yield GameLog(id="log")
                with Horizontal(id="players"):
                    yield from players
                yield ActionBar(id="action-bar")
        yield Static(id="too-small")
        yield KeyBar()

    def on_mount(self) -> None:
        self._fit_action_bar()
        self.refresh_view()
        self._check_size()
        self.query_one(BoardView).focus()
        self.call_after_refresh(self._continue_flow)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    def _check_size(self) -> None:
        """Too small for any drawing: a notice. Another drawing fits better: switch to it."""
        width, height = self.app.size
        drawing = choose(width, height, self.preferred_drawing)
        small = drawing is None
        was_small = self.too_small
        self.set_class(small, "-too-small")
        if was_small and not small:
            self.query_one(BoardView).focus()  # hiding the board took the focus away
        if small:
            self.query_one("#too-small", Static).update(too_small_text(width, height))
        elif drawing != self.drawing:
            self.call_later(self.switch_drawing, drawing)
        else:
            self._fit_action_bar()

    def _fit_action_bar(self) -> None:
        """Rows for the action keys and the prompt: the compact layout has one row of keys;
        the large one at 48 lines one row of prompt (a longer prompt ends in … and keeps its
        whole text as a tooltip)."""
        bar = self.query_one(ActionBar)
        height = self.app.size.height
        if self.drawing == "compact":
            bar.fit_lines(TIGHT, 3)
        elif self.drawing == "large":
            bar.fit_lines(ROOMY, 3 if height > SCREEN_NEEDS["large"][1] else 2)
        else:
            bar.fit_lines(ROOMY, 0)

    async def switch_drawing(self, drawing: Drawing | None) -> None:
        """Lay the screen out again for another drawing of the board (target mode and the line
        of sight end; everything else is drawn again from the game)."""
        if drawing is None or drawing == self.drawing or not self.is_attached:
            return
        self._leave_modes()
        self.drawing = drawing
        await self.recompose()
        self._fit_action_bar()
        self.refresh_view()
        self._check_size()
        self.query_one(BoardView).focus()

    def save_name(self) -> str:
        state = self.state
        return f"{state.guide.title.lower()}-turn{state.turn}"

    # ------------------------------------------------------------------ rendering

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def human_turn(self) -> bool:
        state = self.state
        return not state.over and state.seat not in self.computer_seats

    def legal(self) -> list[Action]:
        """The engine's legal actions, each once (the engine may list one twice)."""
        return list(dict.fromkeys(self.session.legal_actions()))

    def _all(self, kind: type[W]) -> list[W]:
        """The screen's widgets of ``kind``, found once per composition: a query walks the
        whole screen, and an action's repaint asked for six."""
        found = self._parts.get(kind)
        if not found:
            found = self._parts[kind] = list(self.query(kind))
        return cast(list[W], found)

    def _one(self, kind: type[W]) -> W:
        found = self._all(kind)
        return found[0] if found else self.query_one(kind)

    def refresh_view(self) -> None:
        state = self.state
        self._show_position(state, self.session.log)
        legal = self.legal()
        bar = self._one(ActionBar)
        no_anna = frozenset({"token"}) if state.game.anna_seat < 0 else frozenset()
        bar.show_actions({action.kind for action in legal}, enabled=self.human_turn, hidden=no_anna)
        if self._pending is None:
            bar.prompt(self._default_prompt(legal))
        self._one(GameLog).show_log(self.session.log)
        self.refresh_bindings()

    def _show_position(self, state: GameState, log: Sequence[Step]) -> None:
        """Board, table and player boards drawn from ``state`` and ``log``: the live game, or
        in debug mode the game as it was after one rule step of the last action."""
        self._one(BoardView).show_state(state)
        if self.drawing == "compact":  # the only layout with the card (else: a query per action)
            for guide_card in self._all(GuideCard):
                guide_card.show_state(state)
        card, effects = drawn_card(log)
        self._one(TableInfo).show_state(state, card, effects)
        for board in self._all(PlayerBoard):
            board.show_state(state)

    def _default_prompt(self, legal: Sequence[Action] | None = None) -> Content:
        """``legal``: the legal actions, when the caller has them already."""
        state = self.state
        name = state.guide.title
        if state.over:
            new = command_key("new_game", self.app.is_web)
            return markup_content(f"[b]The game is over.[/] {new} starts a new one.")
        if state.seat in self.computer_seats:
            return markup_content("[b]$name[/] (computer) is playing…", name=name)
        if state.phase == Phase.DRAW:
            return markup_content("[b]$name[/]: press [b]D[/] to draw the event card.", name=name)
        if state.phase == Phase.INFLUENCE:
            return markup_content("[b]$name[/]: choose the card to discard.", name=name)
        left = state.actions_left
        if not any(action.kind != Act.END for action in legal or self.legal()):
            return markup_content(
                "[b]$name[/]: nothing more to do this turn — press [b]e[/] to end it.", name=name
            )
        # The compact layout's prompt has room for what the last action did instead (its key
        # bar names v and ?).
        more = "" if self.drawing == "compact" else " [b]v[/] line of sight, [b]?[/] help."
        return markup_content(
            "[b]$name[/]: $left action$s left — press a key above, or click a space." + more,
            name=name,
            left=str(left),
            s="s" if left != 1 else "",
        )

    def warn(self, text: str) -> None:
        self.query_one(ActionBar).prompt(text, warning=True)
        self.app.bell()

    # ------------------------------------------------------------------ flow

    def _continue_flow(self) -> None:
        """After every change: end screen, computer move, hand-over or influence choice."""
        state = self.state
        if self._dialog_open or not self.is_current:
            return
        if state.over:
            if not self._over_announced:
                self._over_announced = True
                self.post_message(GameOver())
            return
        if state.seat in self.computer_seats:
            self._schedule_computer()
            return
        if state.phase == Phase.DRAW and _HANDED_OVER.get(self.session) != state.turn:
            from bigfive_tui.app.screens.dialogs import HandOverScreen

            _HANDED_OVER[self.session] = state.turn
            summary = since_last_turn(self.session.log, state.guide.title)
            if not self._keyboard_passes():
                # One person at the keyboard: no box to press away, the summary as a notice.
                if summary:
                    self.notify("\n".join(summary), title="While you waited", timeout=12)
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

    def _open(self, screen: Screen, callback: Callable) -> None:  # type: ignore[type-arg]
        self._dialog_open = True

        def done(result: object) -> None:
            self._dialog_open = False
            callback(result)

        self.app.push_screen(screen, done)

    def _handover_done(self, draw: bool | None) -> None:
        if draw:
            self.action_act("draw")
        else:
            self.refresh_view()

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

    def _step_through(
        self, steps: list[Step], states: list[GameState], computer: str, reason: str = ""
    ) -> None:
        """Debug mode: the rule steps one by one, the screen behind showing the game after the
        current one (the live game is untouched; closing shows it again). The steps include a
        drawn card and its effects, so no card dialog follows. ``computer`` names the computer
        guide who acted (empty for a person): the dialog then offers to stop stepping through
        computer turns."""
        from bigfive_tui.app.screens.steps import StepsScreen, guide_lines

        first = len(self.session.log) - len(steps)

        def show(index: int) -> None:
            self._show_position(states[index], self.session.log[: first + index + 1])

        def closed(skip_computer: bool | None) -> None:
            if skip_computer:
                self.step_computer = False
                self.notify(
                    "Computer turns now play without stepping for the rest of this game; "
                    "your own actions are still stepped through. "
                    f"{command_key('toggle_debug', self.app.is_web)} twice steps them again."
                )
            self._continue_flow()

        show(0)  # now, so that the final state never flashes up before the dialog
        who = f"{computer} (computer): " if computer else ""
        title = f"Debug: {who}{self.session.texts[-1]} - how the rules resolve it"
        self._open(
            StepsScreen(
                title,
                steps,
                show,
                side=lambda index: guide_lines(states[index]),
                computer=bool(computer),
                reason=reason,
                board_rows=lambda: self.query_one(BoardView).region.bottom,
            ),
            closed,
        )

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

    def action_toggle_debug(self) -> None:
        """Debug mode: after each action, step through its rule resolution (turning it on
        also steps through computer turns again)."""
        self.step_through = not self.step_through
        self.step_computer = True
        self.notify(debug_mode_words() if self.step_through else "Debug mode off.", markup=False)

    def _leave_modes(self) -> None:
        self._at_once = None
        board = self.query_one(BoardView)
        if self._pending is not None:
            self._pending = None
            board.clear_targets()
        if self._sight:
            self._sight = False
            board.clear_sight()

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
            from bigfive_tui.players.teammates import hint
        except ImportError:
            self.warn("No computer player is installed, so there is no hint.")
            return
        self._hinting = True
        self._show_thinking(f"Thinking about a hint for {state.guide.title}")
        legal = self.legal()
        rng = random.Random(state.game.seed * 7919 + len(self.session.actions))
        decide = hint()
        self.run_worker(
            lambda: self.app.call_from_thread(self._hinted, state, decide(state, legal, rng)),
            thread=True,
            group="hint",
            exit_on_error=True,
        )

    def _hinted(self, state: GameState, decision: Decision) -> None:
        from bigfive_tui.players.reasons import plan_words

        self._hinting = False
        self._stop_thinking()
        if self.session.state is not state or not self.is_attached:
            return  # the game moved on while the hint was worked out
        count_hint(self.session)
        self.post_message(GameChanged())  # saves keep the count
        plan = f" Then: {plan_words(decision.reason, decision.plan)}." if decision.plan else ""
        # A new hint replaces what is shown: hints asked one after another stacked up over
        # the board (at 80 x 24 over half of it); the log keeps what the computers did.
        self.app.clear_notifications()
        self.notify(f"{decision.reason}.{plan}", title="Hint", timeout=20)
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

    def on_screen_resume(self) -> None:
        self.refresh_view()
        self.call_after_refresh(self._continue_flow)

    # ------------------------------------------------------------------ actions by key

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

    # ------------------------------------------------------------------ drawings and panels

    @property
    def page(self) -> str:
        """The page on show: the board's, or in the compact layout the guides' or the log's."""
        if self.drawing != "compact":
            return PAGES[0]
        pages = self.query(ContentSwitcher)
        return (pages.first().current or PAGES[0]) if pages else PAGES[0]

    def show_page(self, page: str) -> None:
        pages = self.query(ContentSwitcher)
        if not pages or pages.first().current == page:
            return
        pages.first().current = page
        if page == PAGES[0]:
            self.query_one(BoardView).focus()
        else:
            if page == "log":
                self.query_one(GameLog).focus()
            else:
                self.set_focus(None)  # the keys are the screen's: o, Esc, the actions
            log = self.query_one(GameLog)
            # A hidden log writes its lines once it has a size: scroll after that.
            self.call_after_refresh(log.scroll_end, animate=False, immediate=True)
        self.refresh_bindings()

    def action_panels(self) -> None:
        """Compact layout: the board, the other guides and the table, the log, in turn."""
        self.show_page(PAGES[(PAGES.index(self.page) + 1) % len(PAGES)])

    def action_bigger_board(self) -> None:
        self._step_drawing(1)

    def action_smaller_board(self) -> None:
        self._step_drawing(-1)

    def _step_drawing(self, step: int) -> None:
        current = self.drawing or "compact"
        target = neighbour(current, step)
        width, height = self.app.size
        if target is None:
            end = "largest" if step > 0 else "smallest"
            self.warn(f"This is the {end} drawing of the board, the {DRAWING_WORDS[current]}.")
            return
        if not fits(target, width, height):
            self.warn(
                f"The {DRAWING_WORDS[target]} needs a terminal of at least {needs_text(target)}; "
                f"this one is {width} × {height}. Make the window bigger or the font smaller."
            )
            return
        set_preferred = getattr(self.app, "choose_drawing", None)
        if set_preferred is not None:
            set_preferred(target)
        self.call_later(self.switch_drawing, target)

    def action_log_up(self) -> None:
        self.query_one(GameLog).scroll_page_up(animate=False)

    def action_log_down(self) -> None:
        self.query_one(GameLog).scroll_page_down(animate=False)

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
            self._say_what_it_did(first, f"{entry.label.capitalize()}, at once: ")

    def _confirm_irreversible(self, action: Action) -> None:
        """Four actions on something undo cannot take back: ask first, as for ending a turn."""
        from bigfive_tui.app.screens.dialogs import ConfirmDialog

        question, yes = IRREVERSIBLE[action.kind]
        self._open(
            ConfirmDialog(question.format(guide=self.state.guide.title), yes=yes, no="Not now"),
            lambda chosen: self.play(action) if chosen else self.refresh_view(),
        )

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
        self.post_message(OpenTimeline(event.index))

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

    # ------------------------------------------------------------------ rigging (debug mode)

    def action_rig(self) -> None:
        """Debug mode: rig the next roll, the next card, or look at a face-down token (and
        make it another animal). The engine records it (D-rig-*) and the log marks it."""
        from bigfive_tui.app.screens.dialogs import ChoiceDialog

        if not self.step_through:
            toggle = command_key("toggle_debug", self.app.is_web)
            self.warn(f"Rigging the dice, cards and tokens is for debug mode ({toggle}).")
            return
        if self.state.over:
            self.warn("The game is over: there is nothing left to rig.")
            return
        kinds = ["The next roll of the dice…", "The next event card…", "A face-down token…"]
        follow = (self._rig_roll, self._rig_card, self._rig_token)

        def chosen(index: int | None) -> None:
            if index is not None:
                follow[index]()

        self._open(
            ChoiceDialog(
                "Rig the randomness (debug mode)",
                kinds,
                "What you rig is kept in the log, the save and the end screen.",
            ),
            chosen,
        )

    def _rigged(self, chosen: Rig) -> None:
        try:
            steps = self.session.rig(chosen)
        except IllegalAction as refusal:
            self.warn(str(refusal))
            return
        self.refresh_view()
        self.post_message(GameChanged())
        said = " ".join(step.text.removeprefix("Debug: ") for step in steps)
        self.notify(said[:1].upper() + said[1:], title="Rigged (debug mode)", markup=False)

    def _rig_roll(self) -> None:
        from bigfive_tui.app.screens.dialogs import ChoiceDialog

        board = self.state.game.board
        faces = [f"{symbol}  (the {symbol} piece)" for symbol in board.symbols] + ["X"]

        def face_chosen(face: int | None) -> None:
            if face is None:
                return
            shown = "X and" if face == len(board.symbols) else board.symbols[face]

            def number_chosen(number: int | None) -> None:
                if number is not None:
                    self._rigged(Rig(RigKind.ROLL, face=face, number=number + 1))

            self._open(
                ChoiceDialog(
                    "The next roll: the six-sided die",
                    [f"{shown} {n}" for n in range(1, 7)],
                    "An X places no fire and no animal; the buffalo and food tokens roll again.",
                ),
                number_chosen,
            )

        waiting = len(self.state.rigged_dice)
        when = (
            "Rolled next, for whatever rolls first (a fire, an animal, the buffalo, food)."
            if not waiting
            else f"Rolled after the {waiting} roll{'s' * (waiting != 1)} rigged already: "
            f"roll {waiting + 1} from now, for whatever rolls then."
        )
        self._open(ChoiceDialog("The next roll: the ten-sided die", faces, when), face_chosen)

    def _rig_card(self) -> None:
        from bigfive_tui.app.screens.dialogs import ChoiceDialog

        state = self.state
        pile = state.deck or state.discard  # an empty draw pile is shuffled from the discards
        counts: dict[str, list[int]] = {}
        for card in reversed(pile):
            counts.setdefault(CARDS[card].name, []).append(card)
        names = sorted(counts)
        where = "in the draw pile" if state.deck else "to be shuffled into a new draw pile"
        labels = [f"{name}  ({len(counts[name])} {where})" for name in names]

        def chosen(index: int | None) -> None:
            if index is not None:
                self._rigged(Rig(RigKind.CARD, card=counts[names[index]][0]))

        self._open(ChoiceDialog("The next event card", labels), chosen)

    def _rig_token(self) -> None:
        from bigfive_tui.app.screens.dialogs import ChoiceDialog
        from bigfive_tui.engine.content import is_animal

        state = self.state
        board = state.game.board
        hidden = [
            cell
            for cell, token in enumerate(state.token_at)
            if is_animal(token) and not state.face_up[token]
        ]
        if not hidden:
            self.warn("No face-down token lies on the board.")
            return

        def chosen(index: int | None) -> None:
            if index is None:
                return
            cell = hidden[index]
            self._rigged(Rig(RigKind.TOKEN, cell=cell))
            token = self.state.token_at[cell]
            own = ANIMAL_KIND[token]
            kinds = [kind for kind in ANIMAL_KINDS.values() if kind != own]
            names = {kind: name for name, kind in ANIMAL_KINDS.items()}

            def made(choice: int | None) -> None:
                if choice:
                    self._rigged(Rig(RigKind.TOKEN, cell=cell, animal=kinds[choice - 1]))

            self._open(
                ChoiceDialog(
                    f"The face-down token on {board.names[cell]} is {token_name(token)}",
                    [f"Keep it: {token_name(token)}"] + [f"Make it a {names[k]}" for k in kinds],
                    "Made another animal, it swaps with one of that kind still face down.",
                ),
                made,
            )

        self._open(
            ChoiceDialog(
                "Look at a face-down token",
                [f"{board.names[cell]}  (face down)" for cell in hidden],
                "Seeing it is kept in the log (D-rig-token); undo stops there.",
            ),
            chosen,
        )

    # ------------------------------------------------------------------ editing (debug mode)

    def _debug_only(self, what: str) -> bool:
        if not self.step_through:
            toggle = command_key("toggle_debug", self.app.is_web)
            self.warn(f"{what} is for debug mode ({toggle}).")
        return self.step_through

    def action_edit_position(self) -> None:
        """Debug mode: edit the position, checked as a scenario file is (D-edit); playing on
        from it keeps the line before it as a named save."""
        from bigfive_tui.app.positions import position_of
        from bigfive_tui.app.screens.dialogs import SaveDialog
        from bigfive_tui.app.screens.editor import EditorScreen

        if not self._debug_only("Editing the position") or not self.session.recordable:
            return

        def edited(position: dict[str, object] | None) -> None:
            if position is None:
                self.refresh_view()
                return

            def named(name: str | None) -> None:
                if name:
                    self.post_message(PlayOnFrom(dict(position), name))
                else:
                    self.refresh_view()

            self.app.push_screen(
                SaveDialog(
                    f"before-edit-turn{self.state.turn}",
                    title="Play on from the edited position",
                    about="The game as it is now is kept as a save of its own, under this "
                    "name (D-edit):",
                    verb="plays on",
                ),
                named,
            )

        self._leave_modes()
        position = position_of(self.session, self.state)
        self.app.push_screen(EditorScreen(self.session, position), edited)

    def action_export_position(self) -> None:
        """Debug mode: the position as it stands, written as a scenario file."""
        if self._debug_only("Writing the position as a scenario"):
            self.post_message(ExportPosition(len(self.session.entries)))
