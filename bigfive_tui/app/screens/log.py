"""The log, enlarged: every step of the game on one line each, a search by rule id, guide or
any word, and the chosen step in full with its rule. Enter (or a click on the chosen line)
opens that moment on the timeline."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from bigfive_tui.app.components.step_views import StepList
from bigfive_tui.app.keys.table import LOG_KEYS, log_bindings
from bigfive_tui.app.messages import StepChosen
from bigfive_tui.app.words.rules_text import rule_text
from bigfive_tui.engine.timeline import Timeline


class LogScreen(ModalScreen[int | None]):
    """Dismisses with the index in the log of the chosen step, or None (Esc)."""

    BINDINGS: ClassVar[list[BindingType]] = [*log_bindings()]

    def __init__(
        self,
        timeline: Timeline,
        *,
        current: int | None = None,
        search: bool = False,
        title: str = "Timeline",
    ) -> None:
        super().__init__()
        self.timeline = timeline
        self.current = current
        self.search = search
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(id="log-screen"):
            yield Static(id="log-title", classes="dialog-title")
            yield Input(
                placeholder="search: a rule id (R-fire), a guide (Kate) or any word",
                id="log-search",
            )
            yield StepList(self.timeline.log, id="log-list")
            yield Static(id="log-detail")
            yield Static(
                Content("   ").join(
                    Content.assemble((entry.display, "bold"), f" {entry.help}")
                    for entry in LOG_KEYS
                ),
                classes="muted",
            )

    def on_mount(self) -> None:
        steps = self.query_one(StepList)
        if self.current is not None:
            steps.set_indices(list(range(len(self.timeline.log))), keep=self.current)
        self._title(len(self.timeline.log))
        if self.search:
            self.query_one(Input).focus()
        else:
            steps.focus()

    def _title(self, shown: int) -> None:
        total = len(self.timeline.log)
        count = f"{total} steps" if shown == total else f"{shown} of {total} steps"
        self.query_one("#log-title", Static).update(f"The log of the whole game · {count}")

    @on(Input.Changed, "#log-search")
    def _filter(self, event: Input.Changed) -> None:
        steps = self.query_one(StepList)
        found = self.timeline.search(event.value)
        steps.set_indices(found, keep=steps.chosen)
        self._title(len(found))

    @on(Input.Submitted, "#log-search")
    def _to_list(self) -> None:
        self.query_one(StepList).focus()

    @on(StepList.Highlighted)
    def _detail(self, event: StepList.Highlighted) -> None:
        detail = self.query_one("#log-detail", Static)
        if event.index is None:
            detail.update(Content.styled("No step matches the search.", "$text-muted"))
            return
        step = self.timeline.log[event.index]
        moment = self.timeline.moment_of_log(event.index)
        from bigfive_tui.app.components.timeline_bar import place_words

        quoted = rule_text(step.rule) or "(this rule id has no text in docs/rules.md)"
        detail.update(
            Content("\n").join(
                [
                    place_words(self.timeline, moment),
                    Content.assemble((f"{step.rule}  ", "bold $accent"), step.text),
                    Content.styled(quoted, "$text-muted"),
                ]
            )
        )

    @on(StepChosen)
    def _chosen(self, event: StepChosen) -> None:
        event.stop()
        self.dismiss(event.index)

    def action_search_log(self) -> None:
        self.query_one(Input).focus()

    def action_close(self) -> None:
        self.dismiss(None)
