"""``?``: the keys of the game, and ``r`` from here for the rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from bigfive_tui.app.components.column_text import ColumnText, Line, Row
from bigfive_tui.app.drawing.overlays import LEGEND
from bigfive_tui.app.keys.table import (
    ACTION_KEYS,
    EDITOR_KEYS,
    END_KEYS,
    LOG_KEYS,
    OTHER_KEYS,
    SECOND_KEYS_NOTE,
    TIMELINE_KEYS,
    ActionKey,
    PhotoKey,
    ViewKey,
)
from bigfive_tui.boardmap import FEATURE_GLYPHS, FEATURE_LABELS, TERRAIN_GLYPHS, TERRAIN_LABELS


def row(keys: str, text: str) -> Row:
    return Row(keys, text)


def turn_and_other_keys(
    title: str, turn_keys: Sequence[ActionKey | PhotoKey], other_keys: Sequence[tuple[str, str]]
) -> list[Line]:
    """How a game's help opens, either game's: the keys of a turn under ``title``, then
    everything else."""
    lines: list[Line] = [Content.styled(title, "bold")]
    lines += [row(entry.key, f"{entry.label}: {entry.help}") for entry in turn_keys]
    lines.append(Content(""))
    lines.append(Content.styled("Everything else", "bold"))
    lines += [row(keys, text) for keys, text in other_keys]
    lines.append(Content.styled(SECOND_KEYS_NOTE, "italic"))
    lines.append(Content(""))
    return lines


def big_five_help_lines() -> list[Line]:
    lines = turn_and_other_keys("Actions (the guide whose turn it is)", ACTION_KEYS, OTHER_KEYS)
    for title, keys in (
        ("On the timeline (T): the whole game", TIMELINE_KEYS),
        ("In the enlarged log (L)", LOG_KEYS),
        ("In the position editor (E, debug mode)", EDITOR_KEYS),
        ("When the game has ended", END_KEYS),
    ):
        lines += _section(title, keys)
    lines.append(Content.styled("On the board", "bold"))
    lines += [row(glyph, meaning) for glyph, meaning in LEGEND]
    terrain = ", ".join(
        f"{glyph.strip() or 'blank'} {TERRAIN_LABELS[kind]}"
        for kind, glyph in TERRAIN_GLYPHS.items()
    )
    edges = ", ".join(
        f"{glyph} {FEATURE_LABELS[feature]}" for feature, glyph in FEATURE_GLYPHS.items()
    )
    lines.append(row("terrain", terrain))
    lines.append(row("edges", edges))
    lines += [
        row(
            "^#^",
            "at 80 × 24 the row under a space's name is its terrain whatever lies on it (^^^ a "
            "hill, ___ savanna), with its S edge in the middle: ^#^ a bush below a hill",
        ),
        row(
            "4F*",
            "at 80 × 24 a space holding two things shows its number and them: its piece's "
            "symbol is its neighbours', and the line above the board names it",
        ),
    ]
    return lines


def _section(title: str, keys: Sequence[ViewKey]) -> list[Line]:
    return [
        Content.styled(title, "bold"),
        *(row(entry.display, entry.help) for entry in keys),
        Content(""),
    ]


class HelpScreen(ModalScreen[str | None]):
    """The keys of a game (the Big Five's unless ``lines`` are given); dismisses with "rules"
    when the player asks for the rules."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", "Close"),
        Binding("r", "rules", "Rules"),
    ]

    def __init__(self, lines: Sequence[Line] | None = None) -> None:
        super().__init__()
        self.lines = list(lines) if lines is not None else None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="help"):
            yield Static("Keys", classes="dialog-title")
            with VerticalScroll(id="help-body"):
                lines = self.lines if self.lines is not None else big_five_help_lines()
                yield ColumnText(lines)
            yield Static(
                Content.from_markup(
                    "[b]↑ ↓ PgUp PgDn[/] scroll   [b]r[/] the rules   [b]Esc[/] close"
                ),
                classes="muted",
            )

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rules(self) -> None:
        self.dismiss("rules")
