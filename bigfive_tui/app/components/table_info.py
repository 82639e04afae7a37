"""The table beside the board: supply, species out of the game, lasting effects, the piles and
the event card just drawn.

The column is narrow (16 cells at 120 columns) and 21 rows tall, so its lines are fitted to
the widget's size: the supply and the species at risk come first and always keep their rows,
with a row under them for each of their marks (``!``, ``✓``) that is shown; lasting effects
get one short line each; the card's effects take the rows left over and end with an ellipsis
when they do not fit (the game log keeps the full text). No line wraps."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from textual import events
from textual.content import Content
from textual.widgets import Static

from bigfive_tui.app.words.describe import card_effect_texts, lasting_effects, round_number
from bigfive_tui.engine.actions import Step
from bigfive_tui.engine.content import CARDS, FIRE_MARKERS, SPECIES_WITH_THREE, Card, Species
from bigfive_tui.engine.dice import die_text
from bigfive_tui.engine.end_checks import species_discarded
from bigfive_tui.engine.state import GameState

HEADING = "bold $accent"
MUTED = "$text-muted"
#: The most rows the card's name takes before it is cut with an ellipsis.
NAME_ROWS = 2
#: Texts whose wrapped rows are kept: a card's name and effects, and those of the card before.
WRAPPED_KEPT = 16
#: Before the first layout the size is unknown: fit to the game screen's column meanwhile.
DEFAULT_SIZE = (16, 21)


#: The marks after a species' tokens, and what they mean (longest wording first).
AT_RISK, SPOTTED = " !", " ✓"
OUT = "✗"
LEGEND: dict[str, tuple[str, ...]] = {
    OUT: ("✗ a token out of the game", "✗ out of the game", "✗ out of game", "✗ gone"),
    AT_RISK: (
        "! one more out and the safari is lost",
        "! one more loses",
        "! 3rd out loses",
        "! 3rd loses",
    ),
    SPOTTED: ("✓ every vehicle has spotted it", "✓ spotted by all", "✓ seen by all", "✓ all saw"),
}


def species_mark(state: GameState, species: int) -> str:
    """:data:`AT_RISK` when 2 of 3 are gone and a vehicle still has to spot it, :data:`SPOTTED`
    when no vehicle needs it any more (losing it no longer matters), else nothing."""
    kind = Species(species)
    if not any(not mask & (1 << kind) for mask in state.spotted):
        return SPOTTED
    return AT_RISK if species_discarded(state, kind) >= 2 else ""


def species_line(state: GameState, species: int) -> Content:
    """``Lion ✗✗· !``: one mark per token, ✗ for out of the game; 2 of 3 gone stands out."""
    kind = Species(species)
    name = kind.title.ljust(9)
    if kind in state.game.removed_species:
        return Content.assemble((name, MUTED), ("removed", MUTED))
    gone = species_discarded(state, kind)
    marks = "✗" * gone + "·" * (3 - gone)
    mark = species_mark(state, species)
    if mark == AT_RISK:
        return Content.assemble(
            (name, "bold $error"), (marks, "bold $error"), (mark, "bold $error")
        )
    if mark == SPOTTED:
        return Content.assemble((name, MUTED), (marks, MUTED), (mark, "$success"))
    return Content.assemble((name, ""), (marks, "bold" if gone else ""))


def species_legend(width: int) -> list[Content]:
    """What the marks of the species rows mean, from the start of the game: a newcomer read
    "Leopard ··· ok" as nothing in particular, and met ✗ and ! only once they mattered."""
    return [
        fit(Content.styled(first_fitting(forms, width), MUTED), width) for forms in LEGEND.values()
    ]


def fit(content: Content, width: int) -> Content:
    """One row: cut with an ellipsis rather than wrapped, so no row pushes another out."""
    return content.truncate(width, ellipsis=True) if content.cell_length > width else content


def first_fitting(forms: Sequence[str], width: int) -> str:
    """The longest wording that fits; the shortest, cut later, if none does."""
    return next((text for text in forms if len(text) <= width), forms[-1])


def wrapped(content: Content, width: int, most: int) -> list[Content]:
    """``content`` word-wrapped into at most ``most`` rows, the last one ending in ``…`` when
    text is left over."""
    return list(_wrapped(content, width, most))


@lru_cache(maxsize=WRAPPED_KEPT)
def _wrapped(content: Content, width: int, most: int) -> tuple[Content, ...]:
    """Kept for the texts seen last: the table is drawn again after every action, and its
    card and effects stay the same for a whole turn (wrapping them was half its cost)."""
    rows = tuple(row.rstrip() for row in content.wrap(width))
    if len(rows) <= most:
        return rows
    return (*rows[: most - 1], with_ellipsis(rows[most - 1], width)) if most > 0 else ()


def with_ellipsis(row: Content, width: int) -> Content:
    """``row`` ending in ``…``: more follows in the log."""
    if row.cell_length < width:
        return row + "…"
    return row.truncate(width, ellipsis=True) if width > 1 else Content("…")


def turn_forms(state: GameState) -> tuple[str, ...]:
    """The turn number and the round (every guide's turn once) it belongs to."""
    number, round_ = state.turn, round_number(state)
    return (
        f"Turn {number} · round {round_}",
        f"Turn {number}, round {round_}",
        f"Turn {number} round {round_}",
        f"Turn {number} · R{round_}",
        f"Turn {number}",
    )


def fires_forms(state: GameState) -> tuple[str, str]:
    """Fire markers left in the supply, with the total when the column has room for it."""
    left = state.fire_supply
    return (f"Fires left {left}/{FIRE_MARKERS}", f"Fires left {left}")


def pile_lines(state: GameState, width: int) -> list[Content]:
    """Draw and discard pile counts in one row when it fits, else two; never wrapped."""
    deck, discard = str(len(state.deck)), str(len(state.discard))
    # Chosen for two-digit counts, so the wording does not change as the piles shrink.
    for deck_word, gap, discard_word in (
        ("Deck ", " · ", "Discard "),
        ("Deck ", " · ", "Disc "),
        ("Deck ", "  ", "Disc "),
        ("Deck ", " ", "Disc "),
    ):
        if len(deck_word + gap + discard_word) + 4 <= width:
            return [
                Content.assemble(deck_word, (deck, "bold"), gap, discard_word, (discard, "bold"))
            ]
    return [
        fit(Content.assemble("Deck ", (deck, "bold")), width),
        fit(Content.assemble("Discard ", (discard, "bold")), width),
    ]


def lasting_lines(state: GameState, width: int, most: int) -> list[Content]:
    """A heading and one short row per lasting effect; a count when rows run short."""
    effects = lasting_effects(state)
    if not effects:
        return [fit(Content.assemble(("Lasting: ", HEADING), ("none", MUTED)), width)]
    if most <= 1 or (most == 2 and len(effects) > 1):
        return [fit(Content.assemble(("Lasting: ", HEADING), (str(len(effects)), "bold")), width)]
    rows = [
        fit(Content.styled(first_fitting(forms, width), "$warning"), width) for forms in effects
    ]
    if len(rows) + 1 > most:
        hidden = len(rows) - (most - 2)
        rows = [*rows[: most - 2], fit(Content.styled(f"+{hidden} more", MUTED), width)]
    return [fit(Content.styled("Lasting", HEADING), width), *rows]


def rig_lines(state: GameState, width: int) -> list[Content]:
    """Debug mode's rigs still waiting: the rolls in the order they come, and the card. Until
    they are used the board shows nothing of them, and a player who rigged two rolls ago had
    only the log to remember them by."""
    rows = [
        f"Roll {'next' if order == 0 else f'+{order}'}: {die_text(state, face, number)}"
        for order, (face, number) in enumerate(state.rigged_dice)
    ]
    if state.rigged_card >= 0:
        rows.append(f"Card: {CARDS[state.rigged_card].name}")
    if not rows:
        return []
    return [
        fit(Content.styled("Rigged (debug)", "bold $warning"), width),
        *(fit(Content.styled(row, "$warning"), width) for row in rows),
    ]


def card_heading(card: Card | None, width: int) -> list[Content]:
    """``Card: <name>`` in at most two rows (the name says what the card does)."""
    if card is None:
        forms = ("not drawn yet", "none yet")
        text = first_fitting(forms, width - len("Card: "))
        return [fit(Content.assemble(("Card: ", HEADING), (text, MUTED)), width)]
    name = Content.assemble(("Card: ", HEADING), (card.name, "bold"))
    return wrapped(name, width, NAME_ROWS)


def table_lines(
    state: GameState, card: Card | None, effects: Sequence[Step], width: int, height: int
) -> list[Content]:
    """Every row of the table for a ``width`` × ``height`` column, at most ``height`` rows
    when it can be done (the fixed part alone needs 12 to 15)."""
    fixed = [
        fit(Content.styled(first_fitting(turn_forms(state), width), "bold"), width),
        fit(Content.styled("Supply", HEADING), width),
        fit(Content(first_fitting(fires_forms(state), width)), width),
        fit(Content(f"Animals left {len(state.animal_supply)}"), width),
        fit(Content.styled("Out of game", HEADING), width),
        *(fit(species_line(state, species), width) for species in SPECIES_WITH_THREE),
        *species_legend(width),
    ]
    piles = [*pile_lines(state, width), *rig_lines(state, width)]
    heading = card_heading(card, width)
    texts = card_effect_texts(card, effects) if card is not None else []
    effect_rows = [row for text in texts for row in wrapped(Content(text), width, height)]
    spare = height - len(fixed) - len(piles) - len(heading)
    # Lasting effects are the state of the game, the card's effects only news: the lasting
    # ones get their rows first, but leave one for the card's first effect.
    lasting = lasting_lines(state, width, max(1, spare - min(1, len(effect_rows))))
    room = spare - len(lasting)
    if len(effect_rows) > room:
        kept = effect_rows[: max(0, room)]
        effect_rows = [*kept[:-1], with_ellipsis(kept[-1], width)] if kept else []
    return [*fixed, *lasting, *piles, *heading, *effect_rows]


def table_inputs(
    state: GameState, card: Card | None, effects: Sequence[Step]
) -> tuple[object, ...]:
    """Everything of the game that :func:`table_lines` reads: the same inputs, the same rows.
    A move changes none of them, and building the rows was a twentieth of its repaint."""
    return (
        state.game,
        state.turn,
        state.fire_supply,
        len(state.animal_supply),
        tuple(state.discarded),
        tuple(state.spotted),
        tuple(state.lasting),
        len(state.deck),
        len(state.discard),
        state.rigged_dice,
        state.rigged_card,
        card,
        tuple(effects),
    )


class TableInfo(Static):
    """Redrawn from the last state on every resize, because its rows are fitted to its size."""

    DEFAULT_CSS = """
    TableInfo { width: 1fr; height: 100%; overflow-x: hidden; overflow-y: auto; }
    """

    _shown: tuple[GameState, Card | None, tuple[Step, ...]] | None = None
    _inputs: tuple[object, ...] | None = None  # of the rows shown, and the size
    _key: tuple[object, ...] | None = None

    def show_state(self, state: GameState, card: Card | None, effects: Sequence[Step]) -> None:
        self._shown = (state, card, tuple(effects))
        self._paint()

    def on_resize(self, event: events.Resize) -> None:
        self._paint()

    def _paint(self) -> None:
        if self._shown is None:
            return
        width, height = self.content_size
        if width <= 0 or height <= 0:
            width, height = DEFAULT_SIZE
        inputs = (*table_inputs(*self._shown), width, height)
        if inputs == self._inputs:  # the same rows: no repaint (the layout is not the rows')
            return
        self._inputs = inputs
        content = Content("\n").join(table_lines(*self._shown, width, height))
        key = (content.plain, tuple(content.spans))
        if key != self._key:  # unchanged: no repaint; its size is the layout's, not the text's
            self._key = key
            self.update(content, layout=False)
