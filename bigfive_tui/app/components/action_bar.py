"""The action bar: the current guide's actions with their keys, plus a prompt of up to two
lines. Every entry is clickable and runs the same action as its key (a click on one that is not
possible now says why).

Legal and illegal actions differ by more than colour, so that the difference survives a
monochrome terminal: a legal action's key is a reverse-video chip with its label in bold; an
illegal one is dim, and where the bar has too few lines for every label (the compact layout
has one) an illegal action shows its key alone."""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence
from functools import lru_cache

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content, Span
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Static

from bigfive_tui.app.components.kept_drawing import KeptDrawing
from bigfive_tui.app.keys.table import ACTION_KEYS, ActionKey
from bigfive_tui.engine.actions import Act

#: Rows of the prompt (its max-height below): the log needs the rest of a 34-row screen.
PROMPT_LINES = 2
#: How the action keys may be laid out, tried in order: (every label shown, rows at most).
#: With room to spare every action keeps its label; in a tight layout (``TIGHT``) an illegal
#: action may show its key alone so that the keys keep to one row and the prompt gets two.
ROOMY: tuple[tuple[bool, int], ...] = ((True, 2), (False, 2))
TIGHT: tuple[tuple[bool, int], ...] = ((True, 1), (False, 1), (False, 2))
GAP = "  "
#: Sets of legal keys whose rows and drawings are kept: a game shows a few dozen in all, a
#: turn goes back and forth between a few.
KEPT_ROWS = 16


@lru_cache(maxsize=128)
def _entry(entry: ActionKey, legal: bool, labelled: bool, pad: str) -> Content:
    """One entry of the bar: its text, styles and click action, made once (as the markup
    ``[@click=...][b reverse $accent] m [/] [b]move[/][/]`` reads, without parsing it:
    that was most of the bar's first drawing, and a tenth of a move's repaint)."""
    click = f"@click=screen.act('{entry.name}')"
    if legal:
        chip = f"{pad}{entry.key}{pad}"
        text = f"{chip} {entry.label}"
        styles = [(0, len(chip), "b reverse $accent"), (len(chip) + 1, len(text), "b")]
    else:
        text = f"{entry.key} {entry.label}" if labelled else entry.key
        styles = [(0, len(text), "dim $text-disabled")]
    return Content(text, [Span(0, len(text), click), *(Span(*style) for style in styles)])


#: [kind] -> the bits of the entries of ``ACTION_KEYS`` that the kind of action makes legal.
_KIND_BITS: dict[Act, int] = {
    kind: sum(1 << bit for bit, entry in enumerate(ACTION_KEYS) if kind in entry.kinds)
    for kind in Act
}


def legal_mask(legal_kinds: Collection[Act], enabled: bool) -> int:
    """Bit ``i`` set when ``ACTION_KEYS[i]`` is legal: what the bar shows of the legal actions,
    in one small int (many sets of legal actions show the same keys)."""
    mask = 0
    if enabled:
        for kind in legal_kinds:
            mask |= _KIND_BITS[kind]
    return mask


def key_lines(
    mask: int,
    hidden: frozenset[str],
    width: int,
    plan: Sequence[tuple[bool, int]] = ROOMY,
) -> list[Content]:
    """The entries (legal by ``mask``, see :func:`legal_mask`) in rows of ``width`` cells, in
    the first way of ``plan`` that fits (the last way whether it fits or not)."""
    shown = [
        (entry, bool(mask >> bit & 1))
        for bit, entry in enumerate(ACTION_KEYS)
        if entry.name not in hidden
    ]
    rows: list[list[Content]] = []
    for labelled, most in plan:
        pad = " " if plan is ROOMY else ""  # a tight bar spends no cells on the chips
        parts = [_entry(entry, is_legal, labelled or is_legal, pad) for entry, is_legal in shown]
        rows = [[]]
        used = 0
        for part in parts:
            size = part.cell_length
            if rows[-1] and used + len(GAP) + size > width:
                rows.append([])
                used = 0
            used += size + (len(GAP) if rows[-1] else 0)
            rows[-1].append(part)
        if len(rows) <= most:
            break
    return [Content(GAP).join(row) for row in rows]


@lru_cache(maxsize=KEPT_ROWS)
def key_rows(
    mask: int, hidden: frozenset[str], width: int, plan: tuple[tuple[bool, int], ...]
) -> tuple[Content, int]:
    """The rows of :func:`key_lines` as one Content, and how many there are. Kept: a turn goes
    back and forth between a few sets of legal keys."""
    lines = key_lines(mask, hidden, width, plan)
    return Content("\n").join(lines), len(lines)


class OnePassStatic(Static):
    """A Static laid out in one pass. Textual gives a widget of a new size its size as its
    virtual size too, and that asks for a second layout (and a second frame after the one that
    showed the change); a Static never scrolls, so nothing depends on it (a new size repaints
    the widget anyway)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class KeyRows(KeptDrawing, OnePassStatic):
    """The rows of action keys, each drawing kept: a move goes back and forth between the same
    few (the actions, then the targets of one, then the actions again)."""

    KEPT = KEPT_ROWS
    _count = -1  # rows shown

    def show_rows(self, rows: Content, key: Hashable) -> None:
        """Show ``rows``; ``key`` says what they are (the same key, the same rows). Only a
        change in the number of rows lays the screen out again."""
        count = len(rows.split("\n"))
        self.drawing_key = key
        self.update(rows, layout=count != self._count)
        self._count = count


class ActionBar(Vertical):
    #: Laid out in one pass, as ``OnePassStatic`` (the bar never scrolls): a prompt of a new
    #: height gave the bar a new virtual size, and that laid the screen out again a frame later.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)

    DEFAULT_CSS = """
    ActionBar { height: auto; padding: 0 1; }
    ActionBar #action-keys { height: auto; link-style: none; link-style-hover: underline; }
    ActionBar #prompt { height: auto; max-height: 2; color: $text; }
    ActionBar #prompt.-warning { color: $warning; text-style: bold; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._legal: tuple[Collection[Act], bool, frozenset[str]] | None = None
        self._shown: tuple[object, ...] | None = None
        self._prompt: tuple[str, tuple[object, ...], bool] | None = None
        self._prompt_content = Content()
        self.plan = ROOMY
        self.rows = 0  # the rows the bar may take in all, 0: as many as it needs
        self.prompt_lines = PROMPT_LINES
        self._prompt_rows = -1
        self._prompt_width = -1  # the width the prompt was last wrapped to
        #: Held, not queried: a computer's answer or the thinking spinner may reach the bar
        #: while the app takes its widgets down, and a query then finds nothing.
        self._key_rows = KeyRows(id="action-keys")
        self._prompt_line = OnePassStatic(id="prompt")

    def compose(self) -> ComposeResult:
        yield self._key_rows
        yield self._prompt_line

    def fit_lines(self, plan: Sequence[tuple[bool, int]], rows: int) -> None:
        """The layout's choice: how the keys may be laid out, and the rows of keys and prompt
        together (the prompt gets what the keys leave, at most two)."""
        plan = tuple(plan)
        if (plan, rows) != (self.plan, self.rows):
            self.plan, self.rows = plan, rows
            self._shown = None
            if self._legal is not None:
                self.show_actions(*self._legal)
            self._show_prompt()

    def show_actions(
        self,
        legal_kinds: Collection[Act],
        enabled: bool = True,
        hidden: frozenset[str] = frozenset(),
    ) -> None:
        """``hidden`` names keys that mean nothing in this game (the token without Anna)."""
        width = max(20, self.content_size.width or 118)
        self._legal = (legal_kinds, enabled, hidden)
        shown = (legal_mask(legal_kinds, enabled), hidden, width, self.plan)
        if shown == self._shown:
            return
        self._shown = shown
        rows, count = key_rows(*shown)
        self._key_rows.show_rows(rows, shown)
        if self.rows:
            prompt_lines = max(1, min(PROMPT_LINES, self.rows - count))
            if prompt_lines != self.prompt_lines:
                self.prompt_lines = prompt_lines
                self._prompt_line.styles.max_height = prompt_lines
                self._show_prompt()

    def on_resize(self) -> None:
        if self._legal is not None:
            self.show_actions(*self._legal)
        # A new height alone (a prompt of two lines after one) wraps nothing anew; drawing
        # the prompt again then cost a second frame after the one that showed it.
        if max(20, self.content_size.width or 118) != self._prompt_width:
            self._show_prompt()

    def prompt(self, text: str | Content, *, warning: bool = False) -> None:
        content = Content(text) if isinstance(text, str) else text
        key = (content.plain, tuple(content.spans), warning)
        if key == self._prompt:
            return
        self._prompt = key
        self._prompt_content = content
        self._prompt_line.set_class(warning, "-warning")
        self._show_prompt()

    def _show_prompt(self) -> None:
        """The prompt wrapped to the bar; one too long for its rows ends in a visible "…"
        (never cut silently) and keeps its whole text as the tooltip."""
        widget = self._prompt_line
        content = self._prompt_content
        width = self._prompt_width = max(20, self.content_size.width or 118)
        lines = content.wrap(width)
        # A prompt of as many lines as the last one leaves the layout as it is.
        rows = min(len(lines), self.prompt_lines)
        layout, self._prompt_rows = rows != self._prompt_rows, rows
        if len(lines) <= self.prompt_lines:
            widget.tooltip = None
            widget.update(content, layout=layout)
            return
        shown = lines[: self.prompt_lines]
        shown[-1] = shown[-1].rstrip().truncate(width - 1).append("…")
        widget.tooltip = content.plain
        widget.update(Content("\n").join(shown), layout=layout)
