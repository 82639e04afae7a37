"""Debug mode: step through the rule resolution of an action, one rule step at a time.

Each step shows its rule id, what happened, and the rule itself from the game's rules file
(docs/rules.md, docs/photo-safari.md), so that a
player (or a rules lawyer) can follow exactly why the engine did what it did. The dialog lies
over the lower part of the game screen, below the board, so the board and table stay in view
and can show the game as it was after the current step. Where the terminal has no room below
the board (80 × 24) the box covers the board's lower part, and ↑ moves it to the top (↓ back).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from bigfive_tui.app.components.player_board import big_five
from bigfive_tui.app.keys.table import STEPS_KEYS, steps_bindings
from bigfive_tui.app.words.rules_text import rule_text
from bigfive_tui.engine.state import GameState, Phase
from bigfive_tui.shared.steps import RuleStep

#: Steps of the trail shown at once: the dialog has only the rows below the board.
TRAIL_LINES = 5
#: The rows the box needs (borders, what happened, the rule, a few steps of the trail): with
#: fewer below the board it lies over the board instead.
BOX_ROWS = 10
#: The rows above the box when the caller does not say (the normal layout's board and table).
BOARD_ROWS = 21


def guide_lines(state: GameState) -> Content:
    """Each guide's tracks and Big Five after the step: the dialog hides the player boards."""
    lines = []
    for seat, guide in enumerate(state.game.guides):
        cap = state.game.caps[seat]
        active = seat == state.seat and not state.over
        lines.append(
            Content.assemble(
                ("▶ " if active else "  ", "bold $accent"),
                (f"{guide.title:<6}", "bold" if active else ""),
                f"fuel {state.fuel[seat]:>2}/{cap}  food {state.food[seat]:>2}/{cap}  ",
                big_five(state.spotted[seat], wide=False),
            )
        )
    if state.phase == Phase.ACTIONS:
        left = state.actions_left
        lines.append(Content.styled(f"  {left} action{'s' * (left != 1)} left", "$text-muted"))
    return Content("\n").join(lines)


class StepsScreen(ModalScreen[bool]):
    """← → walk through the steps, Esc (or → past the last) goes back to the game.

    ``show`` is told the index of every step shown, so the game screen behind can draw that
    moment, and ``side`` gives a column beside the trail for it (the Big Five's guide tracks,
    which the dialog hides; Photo Safari's photos); the live game is the caller's and stays as
    it is.

    For a ``computer`` guide's action, c closes the dialog with True: the caller then stops
    stepping through computer turns (with three computer seats every turn would stop here).
    ``reason`` is that guide's reason for the action, shown above the rule steps.
    """

    BINDINGS: ClassVar[list[BindingType]] = [*steps_bindings()]
    #: The palette's entries while the steps are on top (app/keys/palette.py).
    palette_commands: ClassVar[tuple[tuple[str, str, str], ...]] = tuple(
        (f"Debug steps: {key.label.lower()}", key.action, f"{key.help} ({key.display})")
        for key in STEPS_KEYS
    )

    def __init__(
        self,
        title: str,
        steps: Sequence[RuleStep],
        show: Callable[[int], None] | None = None,
        *,
        side: Callable[[int], Content] | None = None,
        computer: bool = False,
        reason: str = "",
        board_rows: Callable[[], int] | None = None,
    ) -> None:
        """``board_rows`` says how many rows from the top the board (and the table beside it)
        takes on the screen behind, to be left in view."""
        super().__init__()
        self.reason = reason
        self.board_rows = board_rows or (lambda: BOARD_ROWS)
        #: The box lies over the board (no room below it), at the top if ``on_top``.
        self.over_board = False
        self.on_top = False
        self.title_text = title
        self.steps = list(steps)
        self.side = side
        self.show = show
        self.computer = computer
        self.index = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="steps-dialog") as dialog:
            dialog.border_title = self.title_text
            dialog.border_subtitle = self._keys()
            if self.reason:
                yield Static(
                    Content.assemble(("Why: ", "bold $accent"), self.reason), id="steps-reason"
                )
            yield Static(id="steps-happened")
            yield Static(id="steps-rule", classes="muted")
            with Horizontal(id="steps-columns"):
                yield Static(id="steps-trail")
                if self.side is not None:
                    yield Static(id="steps-guides")

    def _keys(self) -> str:
        keys = "→ next step · ← previous · Esc back to the game"
        if self.computer:
            keys += " · c skip computer turns"
        if self.over_board:
            keys += " · ↓ box to the bottom" if self.on_top else " · ↑ box to the top"
        return keys

    def on_mount(self) -> None:
        self._place()
        self._show()

    def on_resize(self) -> None:
        self._place()

    def _place(self) -> None:
        """Below the board where there is room; else over its lower (or upper) part."""
        height = self.app.size.height
        rows = self.board_rows()
        dialog = self.query_one("#steps-dialog")
        self.over_board = height - rows < BOX_ROWS
        if self.over_board:
            dialog.styles.height = BOX_ROWS
            dialog.styles.margin = (0 if self.on_top else height - BOX_ROWS, 0, 0, 0)
        else:
            dialog.styles.height = "1fr"
            dialog.styles.margin = (rows, 0, 0, 0)
        dialog.border_subtitle = self._keys()
        self.refresh_bindings()

    def _show(self) -> None:
        step = self.steps[self.index]
        self.query_one("#steps-happened", Static).update(
            Content.assemble(
                (f"Step {self.index + 1} of {len(self.steps)} · {step.kind}   ", "$text-muted"),
                (f"{step.rule}  ", "bold $accent"),
                step.text,
            )
        )
        quoted = rule_text(step.rule)
        self.query_one("#steps-rule", Static).update(
            f"{step.rule}: {quoted}" if quoted else "(this rule id has no text in the rules)"
        )
        # A window of the trail around the current step, so the ▶ line is always in view.
        first = max(0, min(self.index - TRAIL_LINES // 2, len(self.steps) - TRAIL_LINES))
        last = min(len(self.steps), first + TRAIL_LINES)
        trail = [
            Content.assemble(
                ("▶ " if i == self.index else "  ", "bold"), (s.rule, "$text-muted"), "  ", s.text
            )
            for i, s in enumerate(self.steps[first:last], first)
        ]
        if first:
            trail.insert(0, Content.styled(f"  … {first} earlier", "$text-muted"))
        if last < len(self.steps):
            trail.append(Content.styled(f"  … {len(self.steps) - last} more", "$text-muted"))
        self.query_one("#steps-trail", Static).update(Content("\n").join(trail))
        if self.side is not None:
            self.query_one("#steps-guides", Static).update(self.side(self.index))
        if self.show is not None:
            self.show(self.index)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "skip_computer":
            return self.computer
        if action == "place_box":
            return self.over_board
        return True

    def action_place_box(self, where: str) -> None:
        self.on_top = where == "top"
        self._place()

    def action_next(self) -> None:
        if self.index + 1 >= len(self.steps):
            self.dismiss(False)
            return
        self.index += 1
        self._show()

    def action_previous(self) -> None:
        if self.index > 0:
            self.index -= 1
            self._show()

    def action_close(self) -> None:
        self.dismiss(False)

    def action_skip_computer(self) -> None:
        if self.computer:  # (the palette runs it without asking check_action)
            self.dismiss(True)
