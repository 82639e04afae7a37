"""One guide's player board: role, ability, fuel and food tracks, Big Five tokens, effects."""

from __future__ import annotations

from typing import Self

from textual.content import Content
from textual.geometry import Region

from bigfive_tui.app.components.kept_drawing import KeptDrawing
from bigfive_tui.engine.content import (
    CARDS,
    GUIDE_ABILITIES,
    GUIDE_ROLES,
    CardKind,
    Guide,
    Species,
)
from bigfive_tui.engine.state import GameState, Phase

SHORT_SPECIES = {
    Species.LION: "Li",
    Species.LEOPARD: "Le",
    Species.ELEPHANT: "El",
    Species.RHINO: "Rh",
    Species.BUFFALO: "Bu",
}
LOW = 2  # a track at or below this is drawn in warning style
#: Abilities in two lines of a narrow board (five guides at 120 columns); the tooltip keeps the
#: whole text. Anna's token has a line of its own there, so hers fits one line.
SHORT_ABILITIES = {
    Guide.JACK: "Fires on his piece go out; extinguishes free",
    Guide.DAVID: "Drives through bushes; repairs for free",
    Guide.ANNA: "Uses or lends +1 token",
    Guide.KATE: "Spots free, far along six lines",
    Guide.SAM: "Hills cost 1; longer tracks; supplies free",
}
#: Narrower than this, the board shows the short forms (of species and abilities).
WIDE = 40
#: Short forms of the lasting words of a player board, for a narrow line: the guide card's 21
#: cells, a player board of five at 120 columns.
_SHORT_WORDS = (
    ("flat tyre", "flat tyre"),
    ("hippos", "hippos"),
    ("heavy rain", "rain"),
    ("no fuel", "no fuel"),
    ("extra-action token (used", "+1 token used"),
    ("extra-action token", "+1 token"),
    ("Anna's token: +1 action in", "+1 counted (Anna)"),
    ("Anna's token: +1 action next", "+1 next turn (Anna)"),
)


def track_bar(label: str, value: int, cap: int) -> Content:
    """``Fuel ██████░░ 6/8``: the cap is the bar's length, the number repeats it in digits."""
    style = "$error" if value <= LOW else "$success"
    return Content.assemble(
        (f"{label} ", "$text-muted"),
        ("█" * value, style),
        ("░" * (cap - value), "$text-muted"),
        (f" {value}/{cap}", "bold" if value > LOW else "bold $error"),
        ("!" if value <= LOW else "", "bold $error"),
    )


def big_five(mask: int, wide: bool) -> Content:
    parts: list[tuple[str, str] | str] = []
    for species in Species:
        seen = bool(mask & (1 << species))
        name = species.title if wide else SHORT_SPECIES[species]
        parts.append((f"{name}{'✓' if seen else '·'}", "bold $success" if seen else "$text-muted"))
        parts.append(" ")
    return Content.assemble(*parts[:-1])


def lasting_words(state: GameState, seat: int) -> list[str]:
    """What lies beside this player board (cards, the token) or holds the vehicle back."""
    words: list[str] = []
    if state.flat[seat] == 1:
        words.append("flat tyre (repair from next turn)")
    elif state.flat[seat] == 2:
        broken = bool(state.broken_gates())  # RU-broken-gate: no repairs until it is mended
        words.append("flat tyre: repair after the gate" if broken else "flat tyre: repairable")
    for card, owner in state.lasting:
        kind = CARDS[card].kind
        if owner != seat:
            continue
        if kind == CardKind.HIPPOS:
            words.append("hippos: rivers closed this turn")
        elif kind == CardKind.RAIN:
            words.append("heavy rain card")
    if state.fuel[seat] == 0:
        words.append("no fuel: cannot drive")
    if state.token_holder == seat:
        words.append(_token_words(state, seat))
    return words


def _token_words(state: GameState, seat: int) -> str:
    """Anna's token where it is and whether it is spent: a first game's reader saw "+1 token"
    stay on Anna's board after she used it, and the teammate she lent it to got an action
    more with nothing on his board saying why. No piece symbol: "★ token" was read at 80 x 24
    as a token on the ★ piece."""
    if seat != state.game.anna_seat:
        # The receiver's +1 came at the start of this turn (RU-anna); back to Anna after it.
        # "+1 action this turn" was read, after the last action, as an action still to come.
        if state.seat == seat and not state.over:
            return "Anna's token: +1 action in this turn's count"
        return "Anna's token: +1 action next turn"
    if state.token_spent and state.seat == seat:
        return "extra-action token (used this turn)"
    return "extra-action token"


def short_effects(state: GameState, seat: int) -> str:
    words = []
    for text in lasting_words(state, seat):
        short = next((word for start, word in _SHORT_WORDS if text.startswith(start)), text)
        if short not in words:
            words.append(short)
    return " · ".join(words)


class PlayerBoard(KeptDrawing):
    """A guide's tracks, spotted animals and lasting effects; the border says whose turn it is
    and what is left of it. Its drawing is kept while the tracks and effects stay the same (a
    move changes only the border's "3 actions left")."""

    DEFAULT_CSS = """
    PlayerBoard {
        height: 7; width: 1fr; border: round $foreground 35%; padding: 0 0;
        border-title-color: $text; border-subtitle-color: $accent;
    }
    PlayerBoard.-active { border: heavy $accent; border-title-style: bold; }
    PlayerBoard.-computer { border-title-style: italic; }
    """

    def __init__(
        self, seat: int, guide: Guide, *, computer: bool = False, active: bool = False
    ) -> None:
        """``active``: the seat whose turn it is, styled so from the start (a class set after
        the board mounted styles it a second time)."""
        super().__init__(id=f"player-{seat}")
        self.seat = seat
        self.guide = guide
        self.computer = computer
        self._state: GameState | None = None
        self._unplaced = False
        self._key: tuple[object, ...] | None = None
        self._titles: tuple[str | None, str] = (None, "")  # border title and subtitle shown
        #: While set, a refresh of the whole board repaints only this region (content
        #: coordinates): the bottom border, for a new subtitle.
        self._repaint_only: Region | None = None
        self.tooltip = f"{guide.title}, {GUIDE_ROLES[guide]}: {GUIDE_ABILITIES[guide]}"
        self.set_class(computer, "-computer")
        self.set_class(active, "-active")

    def mark_computer(self, computer: bool) -> None:
        """The seat is played by the computer now, or by its person again (a seat at a table
        handed over while its person was away): the title says so at the next state shown."""
        self.computer = computer
        self.set_class(computer, "-computer")

    def show_state(self, state: GameState, *, in_setup: bool = False) -> None:
        """``in_setup``: a moment of the setup (the timeline), where a guide whose vehicle is not
        placed yet has empty tracks that are no warning."""
        self._state = state
        self._unplaced = in_setup and state.fuel[self.seat] == state.food[self.seat] == 0
        active = state.seat == self.seat and not state.over
        self.set_class(active, "-active")
        if not active:
            subtitle = ""
        elif state.phase == Phase.DRAW:
            subtitle = "draws a card"
        elif state.phase == Phase.INFLUENCE:
            subtitle = "influencing"
        else:
            left = state.actions_left
            subtitle = f"{left} action{'s' * (left != 1)} left"
        self._show_titles(self._title(active), subtitle)
        seat = self.seat
        key = (
            self._unplaced,
            state.fuel[seat],
            state.food[seat],
            state.spotted[seat],
            state.game.caps[seat],
            tuple(lasting_words(state, seat)),
        )
        if key != self._key:  # the tracks and effects; title and classes refresh themselves
            self._key = self.drawing_key = key
            self.refresh()

    def _title(self, active: bool) -> str:
        """The longest title that fits the border: with five guides at 120 columns the role
        gives way first, so "(computer)" stays readable."""
        title, role = self.guide.title, GUIDE_ROLES[self.guide]
        mark = " (computer)" if self.computer else ""
        forms = [f"{title} · {role}{mark}", f"{title}{mark}", title]
        room = (self.size.width or 60) - 6  # corners, padding and the ▶ of the active seat
        who = next((form for form in forms if len(form) <= room), forms[-1])
        return f"▶ {who}" if active else who

    def _show_titles(self, title: str, subtitle: str) -> None:
        """Setting a border title repaints the whole board, even to the same text: an action
        would repaint every player board. So only what changed is set, and a new subtitle
        alone (the "3 actions left" of every action) repaints only the bottom border."""
        if title != self._titles[0]:
            self.border_title = title
        if subtitle != self._titles[1]:
            height, width = self.outer_size.height, self.outer_size.width
            if height and title == self._titles[0]:
                left, top = self.content_offset
                self._repaint_only = Region(-left, height - 1 - top, width, 1)
            try:
                self.border_subtitle = subtitle
            finally:
                self._repaint_only = None
        self._titles = (title, subtitle)

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        if self._repaint_only is not None and not (regions or layout or recompose):
            regions = (self._repaint_only,)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def on_resize(self) -> None:
        if self._state is not None:
            self._show_titles(self._title(self.has_class("-active")), self._titles[1])

    def render(self) -> Content:
        state = self._state
        if state is None:
            return Content("")
        seat = self.seat
        cap = state.game.caps[seat]
        width = self.content_size.width
        abilities = GUIDE_ABILITIES if width >= WIDE else SHORT_ABILITIES
        if self._unplaced:
            return Content("\n").join(
                [
                    Content.styled("Setting up: the vehicle is not placed yet;", "$text-muted"),
                    Content.styled("its fuel and food are set when it is.", "$text-muted"),
                    Content.styled(abilities[self.guide], "$text-muted italic"),
                ]
            )
        lines = [
            track_bar("Fuel", state.fuel[seat], cap),
            track_bar("Food", state.food[seat], cap),
            big_five(state.spotted[seat], wide=width >= WIDE),
        ]
        effects = " · ".join(lasting_words(state, seat))
        if len(effects) > width:  # a second line would push the ability off the board
            effects = short_effects(state, seat)
        if effects:
            lines.append(Content.styled(effects, "$warning"))
        lines.append(Content.styled(abilities[self.guide], "$text-muted italic"))
        return Content("\n").join(lines)
