"""The app's own themes, next to Textual's built-ins: "savanna" (dry grass, dust and dusk), its
light sibling, and "savanna-colour-blind", whose colours (Okabe and Ito's palette) stay apart
with every common colour blindness. The board's own colours per theme are in main.tcss."""

from __future__ import annotations

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
