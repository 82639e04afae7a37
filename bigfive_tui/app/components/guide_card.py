"""The guide at the wheel in six short lines, for the compact layout (80 × 24): the player boards,
the table and the log are one key away there, but what the current guide has and may still do
stays on screen, in the empty corner beside the board."""

from __future__ import annotations

from textual.content import Content, Span
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from bigfive_tui.app.components.player_board import big_five, short_effects, track_bar
from bigfive_tui.app.words.describe import round_number
from bigfive_tui.engine.content import CARDS
from bigfive_tui.engine.dice import die_text
from bigfive_tui.engine.state import GameState, Phase

WIDTH = 21
HEIGHT = 6


def doing(state: GameState, computer: bool) -> str:
    """What the guide at the wheel is doing, in a few words."""
    if state.over:
        return "game over"
    if computer:
        return "computer plays"
    if state.phase == Phase.DRAW:
        return "draws a card"
    if state.phase == Phase.INFLUENCE:
        return "influencing"
    left = state.actions_left
    return f"{left} action{'s' * (left != 1)}"


def rig_words(state: GameState) -> str:
    """Debug mode's rigs still waiting, shortest: ``rig: roll ♣4 X · Fire``. The table shows
    them in full, but at 80 × 24 it is a page away from the board."""
    parts = []
    if state.rigged_dice:
        parts.append("roll " + " ".join(die_text(state, f, n) for f, n in state.rigged_dice))
    if state.rigged_card >= 0:
        parts.append(CARDS[state.rigged_card].name)
    return "rig: " + " · ".join(parts) if parts else ""


def card_lines(state: GameState, computer: bool, width: int = WIDTH) -> list[Content]:
    """The card's lines: who and what, fuel, food, the Big Five spotted, effects, turn."""
    seat = state.seat
    cap = state.game.caps[seat]
    lines = [
        Content.assemble(
            ("▶ ", "$accent"), (state.guide.title, "bold"), f" · {doing(state, computer)}"
        ),
        track_bar("Fuel", state.fuel[seat], cap),
        track_bar("Food", state.food[seat], cap),
        big_five(state.spotted[seat], wide=False),
        Content.styled(
            " · ".join(words for words in (short_effects(state, seat), rig_words(state)) if words),
            "$warning",
        ),
        Content.styled(f"Turn {state.turn} · round {round_number(state)}", "$text-muted"),
    ]
    return [line.truncate(width, ellipsis=True) for line in lines]


class GuideCard(Widget):
    """Drawn line by line, and only the lines that changed are drawn again: an action changes
    one or two of the six (the actions left, the fuel)."""

    DEFAULT_CSS = f"""
    GuideCard {{ width: {WIDTH}; height: {HEIGHT}; }}
    """

    def __init__(self, computer_seats: frozenset[int], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.computer_seats = computer_seats
        self._lines: list[Content] = []
        self._keys: list[tuple[str, tuple[Span, ...]]] = []
        #: The drawing of each line, with what it was drawn from.
        self._drawn: dict[int, tuple[tuple[object, ...], Strip]] = {}

    def show_state(self, state: GameState) -> None:
        lines = card_lines(state, state.seat in self.computer_seats, self.size.width or WIDTH)
        keys = [(line.plain, tuple(line.spans)) for line in lines]
        if keys == self._keys:
            return
        old = self._keys
        changed = [y for y, key in enumerate(keys) if y >= len(old) or old[y] != key]
        self._keys, self._lines = keys, lines
        width = self.size.width
        if len(old) != len(keys) or not width:
            self.refresh()
        else:
            self.refresh(*(Region(0, y, width, 1) for y in changed))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        style = self.visual_style
        if y >= len(self._lines):
            return Strip.blank(width, style.rich_style)
        key = (self._keys[y], width, self.app.theme, style)
        drawn = self._drawn.get(y)
        if drawn is not None and drawn[0] == key:
            return drawn[1]
        strips = Visual.to_strips(self, self._lines[y], width, 1, style)
        strip = strips[0] if strips else Strip.blank(width, style.rich_style)
        self._drawn[y] = (key, strip)
        return strip
