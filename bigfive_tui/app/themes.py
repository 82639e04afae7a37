"""The app's own theme, "savanna" (dry grass, dust and dusk), next to Textual's built-ins."""

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

THEMES = (SAVANNA, SAVANNA_LIGHT)
DEFAULT_THEME = "savanna"
