"""The game screen at a table: the hot-seat screen, fed by the host's views.

What differs from hot-seat is only where the game lives. The screen shows a game rebuilt from
the newest view (:func:`bigfive_tui.online.view.state_from_view`) and its log; the person's
action goes to the host instead of the engine here, and comes back as the next view, as do the
others' moves, as they happen. The other seats are, to this screen, seats it does not play (as
the computer's are in hot-seat), but it never plays them: the host does. The hand-over box
becomes a notice that it is your turn. Undo asks the host; hints and the log work on the game
as shown, which holds nothing hidden (a hint's look-ahead deals the hidden part itself).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.message import Message

from bigfive_tui.app.components.guide_card import GuideCard
from bigfive_tui.app.components.player_board import PlayerBoard
from bigfive_tui.app.screens.game import GameScreen
from bigfive_tui.app.screens.game.view import markup_content
from bigfive_tui.app.words.describe import since_last_turn
from bigfive_tui.engine.actions import Action
from bigfive_tui.engine.session import Session
from bigfive_tui.engine.state import Game, Phase
from bigfive_tui.online.connection import Seen, TableLink
from bigfive_tui.online.view import TableView, game_of, state_from_view, steps_of


class Refusal(Message):
    """The host refused what this client asked (in words)."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


def mirror(game: Game, seen: Seen) -> Session:
    """The game as the host sent it, as a session the screens can show."""
    assert seen.view is not None
    session = Session.from_state(state_from_view(game, seen.view.state), steps_of(seen.log))
    session.start_position = {}  # no seed of its own to show: the host's is secret
    return session


def computers_of(view: TableView) -> frozenset[int]:
    """The seats a computer plays (from the start, or handed over while their person was
    away)."""
    return frozenset(i for i, seat in enumerate(view.seats) if seat.player != "person")


class OnlineGameScreen(GameScreen):
    def __init__(self, link: TableLink, seen: Seen) -> None:
        assert seen.view is not None
        self.link = link
        self.table_game = game_of(seen.view.setup)
        self.view: TableView = seen.view
        super().__init__(mirror(self.table_game, seen), computers_of(self.view), card_pause=False)
        self._told_turn = -1
        #: The moves played so far (the session shown starts at the view: its record is
        #: the host's).
        self.moves = len(seen.moves)
        #: The moves played when this client last asked its person to influence: a view that
        #: only says who is present must not ask again while the answer is on its way.
        self._influence_at = -1
        self._shown_once = False  # mounted: views can be shown (before, the mount shows it)

    def on_mount(self) -> None:
        self._shown_once = True
        super().on_mount()

    @property
    def seat(self) -> int | None:
        return self.link.seat

    @property
    def human_turn(self) -> bool:
        """This client's turn: its seat is at the wheel (the others act on their screens)."""
        state = self.state
        return not state.over and state.seat == self.seat

    def _default_prompt(self, legal: Sequence[Action] | None = None) -> Content:
        state = self.state
        if state.over or state.seat == self.seat:
            return super()._default_prompt(legal)
        place = self.view.seats[state.seat]
        who = "the computer" if place.player == "computer" else place.name or "another player"
        if place.player == "person" and not place.present:
            who += ", away just now"
        return markup_content("[b]$name[/] ($who) is playing…", name=state.guide.title, who=who)

    def show(self, seen: Seen) -> None:
        """The host's newest view: shown at once; a move of the game ends any choosing."""
        assert seen.view is not None
        moved = len(seen.moves) != self.moves  # the game went on (or back)
        self.moves = len(seen.moves)
        self.view = seen.view
        self.session = mirror(self.table_game, seen)
        self._mark_computers(computers_of(seen.view))
        if not self._shown_once:
            return
        if moved and self._pending is not None and self.state.seat != self.seat:
            self._leave_modes()
        if (moved or self.state.over) and self._dialog_open and self.app.screen is not self:
            # A question the game has moved past (asked again before the answer arrived), or
            # any question left open at the game's end: the end screen follows its closing.
            self.app.screen.dismiss(None)
        self.refresh_view()
        self._continue_flow()

    def _mark_computers(self, computers: frozenset[int]) -> None:
        """Seats handed to the computer (or back to their person) since the last view: the
        player boards and the guide's card say so at once (refresh_view shows them)."""
        if computers == self.computer_seats:
            return
        self.computer_seats = computers
        for board in self.query(PlayerBoard):
            board.mark_computer(board.seat in computers)
        for card in self.query(GuideCard):
            card.computer_seats = computers

    # ------------------------------------------------------------------ the flow

    def _continue_flow(self) -> None:
        state = self.state
        if self._dialog_open or not self.is_current:
            return
        if state.over:
            self._announce_over()
            return
        if state.seat != self.seat:
            return  # another guide's turn: their moves arrive as they happen
        if state.phase == Phase.DRAW and self._told_turn != state.turn:
            self._told_turn = state.turn
            summary = since_last_turn(self.session.log, state.guide.title)
            self.notify(
                "\n".join([f"{state.guide.title}, it is your turn: draw an event card.", *summary]),
                title="Your turn",
                timeout=12,
            )
        elif state.phase == Phase.INFLUENCE:
            self._ask_influence()

    def _ask_influence(self) -> None:
        if self._influence_at != self.moves:
            self._influence_at = self.moves
            super()._ask_influence()

    def _schedule_computer(self) -> None:
        """The host plays the computer's seats."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.human_turn and self.view.can_undo and not self.too_small
        if action in ("computer_step", "finish", "pace", "toggle_debug", "rig", "edit_position"):
            return False
        return super().check_action(action, parameters)

    # ------------------------------------------------------------------ asking the host

    def play(self, action: Action, reason: str = "") -> bool:
        self._leave_modes()
        if self.state.seat != self.seat or self.state.over:
            self.warn("It is not your turn.")
            return False
        self.run_worker(self.link.act(self.session.describe(action)), group="send")
        return True

    def action_undo(self) -> None:
        if not self.check_action("undo", ()):
            self.warn("Nothing to undo now.")
            return
        self._leave_modes()
        self.run_worker(self.link.undo(), group="send")

    def on_refusal(self, message: Refusal) -> None:
        self.warn(message.reason)
        self._influence_at = -1  # a refused choice is asked again
        self._continue_flow()
