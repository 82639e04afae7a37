"""The app's own themes, next to Textual's built-ins: "savanna" (dry grass, dust and dusk), its
light sibling, and "savanna-colour-blind", whose colours (Okabe and Ito's palette) stay apart
with every common colour blindness; and the board's own colours (BOARD_PAINTS), the same in
every theme but where a theme has its own (the colour-blind one)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from textual.theme import Theme

SAVANNA = Theme(
    name="savanna",
    primary="#D9A441",
    secondary="#8FA35B",
    accent="#E07B39",
    foreground="#F2E6CF",
    background="#231C13",
    surface="#2E261B",
    panel="#3A3022",
    success="#9CC65A",
    warning="#F2B134",
    error="#E0573E",
    dark=True,
    variables={
        "footer-key-foreground": "#F2B134",
        "input-selection-background": "#D9A44155",
        "block-cursor-background": "#D9A441",
        "block-cursor-foreground": "#231C13",
    },
)

SAVANNA_LIGHT = Theme(
    name="savanna-light",
    primary="#9A6412",
    secondary="#5C7A2E",
    accent="#B5521B",
    foreground="#2B2115",
    # Chosen to stay cream and sand in 256-colour terminals too (#F5EBD6 became pink there).
    background="#F4EEDC",
    surface="#EAE2CB",
    panel="#DDD3B6",
    success="#3F7A1F",
    warning="#A86A00",
    error="#B3261E",
    dark=False,
)

SAVANNA_COLOUR_BLIND = Theme(
    name="savanna-colour-blind",
    primary="#E69F00",
    secondary="#56B4E9",
    accent="#E69F00",
    foreground="#F2E6CF",
    background="#1E1E1E",
    surface="#2A2A2A",
    panel="#363636",
    success="#56B4E9",  # blue and orange, never green against red
    warning="#F0E442",
    error="#D55E00",
    dark=True,
    variables={
        "footer-key-foreground": "#F0E442",
        "block-cursor-background": "#E69F00",
        "block-cursor-foreground": "#1E1E1E",
    },
)

THEMES = (SAVANNA, SAVANNA_LIGHT, SAVANNA_COLOUR_BLIND)
DEFAULT_THEME = "savanna"


class Paint(NamedTuple):
    """How one part of the board's picture is painted, each value written as in CSS:
    ``background`` and ``color`` a colour, a ``$theme-variable`` or ``auto`` (the text colour
    that contrasts best), each with an optional opacity (``#ffffff 45%``); ``style`` text
    styles (``bold reverse``). An empty value leaves what lies under the part.

    Plain data, not CSS component classes: Textual styles each component class of a widget
    as a node of its own (the board's 35 were a tenth of the styling at start-up), and a
    theme's colours need none of that."""

    background: str = ""
    color: str = ""
    style: str = ""


#: The parts of the board (board_view.py paints them one over another): terrain, edges,
#: items, highlights, the status line and the legend.
BOARD_PAINTS: Mapping[str, Paint] = {
    "savanna": Paint("#dcc27a", "#2b2200"),
    "hill": Paint("#b4844e", "#2a1600"),
    "forest": Paint("#2f6a35", "#d4f0c8"),
    "water": Paint("#3c7cc4", "#eef6ff"),
    "mountain": Paint("#8e8e8e", "#1c1c1c"),
    "name": Paint(style="bold"),
    "outline": Paint(color="$foreground 45%"),
    "bush": Paint(color="#2f9e2f", style="bold"),
    "river": Paint(color="#3f86e8", style="bold"),
    "bush-river": Paint(color="#1fa5a5", style="bold"),
    "gate-label": Paint(color="$text-error", style="bold"),
    "vehicle": Paint(style="bold"),
    # Each guide's vehicle letter sits on a chip of the guide's colour (Okabe and Ito's
    # palette, told apart with every common colour blindness); the letter alone tells it.
    "vehicle-jack": Paint("#D55E00", "#ffffff"),
    "vehicle-david": Paint("#0072B2", "#ffffff"),
    "vehicle-anna": Paint("#CC79A7", "#1a0010"),
    "vehicle-kate": Paint("#009E73", "#ffffff"),
    "vehicle-sam": Paint("#E69F00", "#1a1000"),
    "animal": Paint(color="#6a1b9a", style="bold"),
    "animal-down": Paint(color="#4a148c", style="bold"),
    "buffalo": Paint(color="#4e342e", style="bold"),
    "food": Paint(color="#1b5e20", style="bold"),
    "fire": Paint("#b02000", "#ffd000", "bold"),
    "gate": Paint("#b03020", "#ffffff", "bold"),
    "gate-broken": Paint("#ffd000", "#b03020", "bold"),
    "more": Paint(style="bold reverse"),
    "sight": Paint(background="#ffffff 45%", style="underline"),
    "target": Paint("#d0307f 75%", "auto 95%", "bold"),
    "target-mark": Paint("#ffffff", "#9c1457"),
    "cursor": Paint(style="reverse bold"),
    "status": Paint(color="$foreground"),
    "prompt": Paint(color="$text-accent", style="bold"),
    "legend": Paint(color="$foreground-muted"),
    "legend-heading": Paint(color="$foreground", style="bold"),
    "message": Paint(color="$text-warning", style="bold"),
}

#: Where a theme paints parts of the board its own way. The colour-blind-safe theme: terrain,
#: edges and highlights from Okabe and Ito's palette (every fact also has its glyph; see
#: boardmap.py).
THEME_BOARD_PAINTS: Mapping[str, Mapping[str, Paint]] = {
    SAVANNA_COLOUR_BLIND.name: {
        "savanna": Paint("#E6D7A3", "#1E1E1E"),
        "hill": Paint("#F5C26B", "#1E1E1E"),
        "forest": Paint("#009E73", "#ffffff"),
        "water": Paint("#56B4E9", "#0b1f33"),
        "mountain": Paint("#8C8C8C", "#000000"),
        "bush": Paint(color="#D55E00", style="bold"),
        "river": Paint(color="#0072B2", style="bold"),
        "bush-river": Paint(color="#CC79A7", style="bold"),
        "target": Paint("#F0E442 80%", "auto 95%", "bold"),
        "fire": Paint("#D55E00", "#ffffff", "bold"),
    },
}


def board_paint(theme: str, part: str) -> Paint:
    """How ``part`` of the board is painted in ``theme``."""
    own = THEME_BOARD_PAINTS.get(theme)
    if own is not None and part in own:
        return own[part]
    return BOARD_PAINTS[part]


def theme_list(names: list[str], width: int) -> str:
    """The theme names, wrapped to ``width`` between names (a name is never broken, also not
    at its hyphens)."""
    import textwrap

    return textwrap.fill(
        ", ".join(sorted(names)),
        width=max(width, 20),
        break_long_words=False,
        break_on_hyphens=False,
    )
