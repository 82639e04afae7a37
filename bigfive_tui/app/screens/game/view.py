"""What the game screen holds and shows of the game, and how: its state, the board, table,
player boards, action bar and log drawn from the session in the layout of the drawing that fits
the terminal (and the compact layout's pages), the prompt, warnings and the too-small notice."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar, cast

from textual import events
from textual.app import ComposeResult
from textual.containers import Grid, Vertical
from textual.content import Content
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Static

from bigfive_tui.app.components.action_bar import ROOMY, TIGHT, ActionBar
from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.components.covered import CoveredColumn, CoveredRow
from bigfive_tui.app.components.game_log import GameLog
from bigfive_tui.app.components.guide_card import GuideCard
from bigfive_tui.app.components.key_bar import KeyBar
from bigfive_tui.app.components.one_pass import OnePassContainer, OnePassSwitcher
from bigfive_tui.app.components.player_board import PlayerBoard
from bigfive_tui.app.components.table_info import TableInfo
from bigfive_tui.app.css_files import read_css
from bigfive_tui.app.drawing.sizes import (
    DRAWING_WORDS,
    MIN_HEIGHT,
    MIN_WIDTH,
    SCREEN_NEEDS,
    choose,
    fits,
    needs_text,
    neighbour,
)
from bigfive_tui.app.keys.table import BY_NAME, ActionKey, command_key
from bigfive_tui.app.screens.base import ScreenPart
from bigfive_tui.app.setups.practice import PACES
from bigfive_tui.app.words.describe import drawn_card
from bigfive_tui.boardmap import Drawing
from bigfive_tui.engine.actions import Act, Action, Step
from bigfive_tui.engine.session import Session
from bigfive_tui.engine.state import GameState, Phase

if TYPE_CHECKING:
    from bigfive_tui.players.teammates import Decider, Hints

W = TypeVar("W", bound=Widget)


@lru_cache(maxsize=64)
def markup_content(markup: str, **variables: str) -> Content:
    """``Content.from_markup``, kept: the prompt after an action is one of a few (a guide's
    actions left), and parsing its markup again each time was a tenth of the action's own work
    on the screen."""
    return Content.from_markup(markup, **variables)


def load_teammate(strength: str) -> Decider | None:
    """The computer teammate of this strength, or None if no computer player is installed."""
    try:
        from bigfive_tui.players.teammates import teammate
    except ImportError:
        return None
    return teammate(strength)


def too_small_text(width: int, height: int) -> str:
    """Said by the game screen, and by the app over a dialog, when the terminal is too small."""
    return (
        f"The safari needs a terminal of at least {MIN_WIDTH} × {MIN_HEIGHT} "
        f"characters (120 × 34 for the normal board, 160 × 48 for the large one); this one "
        f"is {width} × {height}.\n\n"
        "Make the window bigger or the font smaller. The game is saved; nothing is lost."
    )


#: The pages of the compact layout, in the order the panels key shows them.
PAGES = ("board-page", "guides-page", "log")


class GameView(ScreenPart):
    """The screen's state, its picture of the game and its layout; every other part of the
    game screen builds on this one."""

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
        log_before: Sequence[Step] = (),
    ) -> None:
        """``log_before``: the steps of the game an edited position was made from (D-edit),
        shown above this game's in the log; they are not this game's (its timeline and its
        save begin at the position), and that game is kept as a named save."""
        super().__init__()
        self.session = session
        self.log_before = tuple(log_before)
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
        self._hints: Hints | None = None  # made at the first hint of this game
        self._hint_shown = False  # a hint's notice is on screen
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
        whole screen, and an action's repaint asked for six. A kind the layout lacks is
        remembered as absent too, not looked for again on every call."""
        found = self._parts.get(kind)
        if found is None:
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
        log = self.session.log
        self._one(GameLog).show_log([*self.log_before, *log] if self.log_before else log)
        self.refresh_bindings()

    def _show_position(self, state: GameState, log: Sequence[Step]) -> None:
        """Board, table and player boards drawn from ``state`` and ``log``: the live game, or
        in debug mode the game as it was after one rule step of the last action."""
        self._one(BoardView).show_state(state)
        if self.drawing == "compact":  # the only layout with the card (else: a query)
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

    def _leave_modes(self) -> None:
        self._at_once = None
        board = self.query_one(BoardView)
        if self._pending is not None:
            self._pending = None
            board.clear_targets()
        if self._sight:
            self._sight = False
            board.clear_sight()

    def _continue_flow(self) -> None:
        """After every change: end screen, computer move, hand-over or influence choice.
        The game's flow is :class:`~bigfive_tui.app.screens.game.GameScreen`'s, which knows
        every part of the screen; the parts below it call it here."""
        raise NotImplementedError

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
        read_css(self.app, [f"game_{drawing}.tcss"])  # before its widgets mount
        state = self.session.state
        board = BoardView(state.game.board, drawing=drawing, id="board")
        players = [
            PlayerBoard(
                seat,
                guide,
                computer=seat in self.computer_seats,
                active=seat == state.seat and not state.over,
            )
            for seat, guide in enumerate(state.game.guides)
        ]
        # The compact and normal layouts fill the game's column (their pages, their log: 1fr);
        # the large one leaves lines under the action bar on a terminal over 48 lines.
        column = Vertical if drawing == "large" else CoveredColumn
        with column(id="game", classes=f"-{drawing}"):
            if drawing == "compact":
                board.centred = False  # the guide's card takes the top right corner
                with OnePassSwitcher(initial=PAGES[0], id="pages"):
                    with OnePassContainer(id="board-page"):
                        yield board
                        yield GuideCard(self.computer_seats, id="guide")
                    with CoveredRow(id="guides-page"):
                        yield TableInfo(id="table")
                        with Grid(id="players"):
                            yield from players
                    yield GameLog(id="log", rule_ids=self.step_through)
                yield ActionBar(id="action-bar")
            elif drawing == "normal":
                with CoveredRow(id="top"):
                    yield board
                    yield TableInfo(id="table")
                with CoveredRow(id="players"):
                    yield from players
                yield ActionBar(id="action-bar")
                yield GameLog(id="log", rule_ids=self.step_through)
            else:
                with CoveredRow(id="top"):
                    yield board
                    with Vertical(id="side"):
                        yield TableInfo(id="table")
                        yield GameLog(id="log", rule_ids=self.step_through)
                with CoveredRow(id="players"):
                    yield from players
                yield ActionBar(id="action-bar")
        yield Static(id="too-small")
        yield KeyBar()

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
        self._parts.clear()  # what a repaint between compose and mount found, if any
        self._fit_action_bar()
        self.refresh_view()
        self._check_size()
        self.query_one(BoardView).focus()

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
