"""Debug mode: step through the rule resolution of an action, one rule step at a time.

Each step shows its rule id, what happened, and the rule itself from docs/rules.md, so that a
player (or a rules lawyer) can follow exactly why the engine did what it did.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from bigfive_tui.app.rules_text import rule_text
from bigfive_tui.engine.actions import Step

#: Steps of the trail shown at once (the dialog has room for about a dozen lines).
TRAIL_LINES = 10


class StepsScreen(ModalScreen[None]):
    """← → walk through the steps, Esc (or → past the last) goes back to the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space,enter,l", "next", "Next step"),
        Binding("left,h", "previous", "Previous step"),
        Binding("escape", "close", "Back to the game"),
    ]

    def __init__(self, title: str, steps: Sequence[Step]) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.steps = list(steps)
        self.index = 0

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="steps-dialog"):
            yield Static(
                Content.from_markup("[b]$title[/]", title=self.title_text), classes="dialog-title"
            )
            yield Static(id="steps-position")
            yield Static(id="steps-happened")
            yield Static(id="steps-rule", classes="muted")
            yield Static(id="steps-trail")
            yield Static(
                Content.from_markup(
                    "[$text-muted]→ next step · ← previous · Esc back to the game[/]"
                )
            )

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        step = self.steps[self.index]
        position = f"Step {self.index + 1} of {len(self.steps)} · {step.kind}"
        self.query_one("#steps-position", Static).update(
            Content.assemble((position, "$text-muted"))
        )
        self.query_one("#steps-happened", Static).update(
            Content.assemble((f"{step.rule}  ", "bold $accent"), step.text)
        )
        quoted = rule_text(step.rule)
        self.query_one("#steps-rule", Static).update(
            f"{step.rule}: {quoted}" if quoted else "(this rule id has no text in docs/rules.md)"
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

    def action_next(self) -> None:
        if self.index + 1 >= len(self.steps):
            self.dismiss(None)
            return
        self.index += 1
        self._show()

    def action_previous(self) -> None:
        if self.index > 0:
            self.index -= 1
            self._show()

    def action_close(self) -> None:
        self.dismiss(None)
