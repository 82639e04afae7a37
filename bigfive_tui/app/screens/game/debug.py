"""Debug mode on the game screen: each action's rule steps one by one, rigging the
randomness, editing the position and writing it as a scenario."""

from __future__ import annotations

from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.components.game_log import GameLog
from bigfive_tui.app.keys.table import DEBUG, VIEW, command_key
from bigfive_tui.app.messages import ExportPosition, GameChanged, PlayOnFrom
from bigfive_tui.app.screens.game.view import GameView
from bigfive_tui.engine.actions import IllegalAction, Step
from bigfive_tui.engine.content import ANIMAL_KIND, CARDS
from bigfive_tui.engine.rigging import ANIMAL_KINDS, Rig, RigKind
from bigfive_tui.engine.state import GameState
from bigfive_tui.engine.wording import token_name


def debug_mode_words() -> str:
    """What debug mode does, with its keys (they are off the key bar, which has no room)."""
    timeline, rig, edit, export = (
        VIEW["timeline"].display,
        DEBUG["rig"].display,
        DEBUG["edit_position"].display,
        DEBUG["export_position"].display,
    )
    return (
        "Debug mode on: each action's rule steps are shown one by one, and the log names "
        "their rules. "
        f"{timeline} the whole game (go back and play on), {rig} rig the next roll, card or a "
        f"face-down token, {edit} edit the position, {export} write it as a scenario."
    )


class DebugMode(GameView):
    """The debug mode's keys, and the stepping through an action's rule resolution."""

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

    def action_toggle_debug(self) -> None:
        """Debug mode: after each action, step through its rule resolution (turning it on
        also steps through computer turns again); the log shows each step's rule id meanwhile."""
        self.step_through = not self.step_through
        self.step_computer = True
        self.query_one(GameLog).show_rule_ids(self.step_through)
        self.notify(debug_mode_words() if self.step_through else "Debug mode off.", markup=False)

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
        from bigfive_tui.app.files import saves
        from bigfive_tui.app.files.names import Chosen
        from bigfive_tui.app.files.positions import position_of
        from bigfive_tui.app.screens.dialogs import SaveDialog
        from bigfive_tui.app.screens.editor import EditorScreen

        if not self._debug_only("Editing the position") or not self.session.recordable:
            return

        def edited(position: dict[str, object] | None) -> None:
            if position is None:
                self.refresh_view()
                return

            def named(chosen: Chosen | None) -> None:
                if chosen is not None:
                    self.post_message(PlayOnFrom(dict(position), chosen.path, chosen.replace))
                else:
                    self.refresh_view()

            self.app.push_screen(
                SaveDialog(
                    saves.free_save_name(f"before-edit-turn{self.state.turn}"),
                    folder=saves.saves_dir(),
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
