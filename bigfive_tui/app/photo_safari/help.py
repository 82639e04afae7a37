"""The help screen's text for Photo Safari: its keys (app/keys/table.py) and what the board
shows."""

from __future__ import annotations

from textual.content import Content

from bigfive_tui.app.components.column_text import Line
from bigfive_tui.app.keys.table import PHOTO_KEYS, PHOTO_OTHER_KEYS
from bigfive_tui.app.screens.help import row, turn_and_other_keys

#: What the board shows, glyph by glyph (the board draws each of these).
PHOTO_LEGEND = (
    ("Li↑", "an animal (the lion) and the way it faces: ↑ north, → east, ↓ south, ← west"),
    ("R Y", "under an animal: who still needs a photo of it (Red, Yellow); ✓ nobody"),
    ("[R] [Y]", "the cameras; ⚡ under a camera: it just took a photo"),
    ("•", "a square the camera to move may end on (the cursor jumps between them)"),
    ("♣ ≈", "bush, water (coloured too); no camera enters them; animals only by exception"),
    ("↦c4↑", "with a: where the animal goes next and how it then faces (li↑ its ghost there)"),
    (
        "Li↑R",
        "compact board (80 × 24): the letter after an animal says who alone still needs it "
        "(R, Y; ✓ nobody, none: both); ↦ it moves on with a, · it stays",
    ),
)


def photo_help_lines() -> list[Line]:
    title = "Your move (the camera whose move it is)"
    lines = turn_and_other_keys(title, PHOTO_KEYS, PHOTO_OTHER_KEYS)
    lines.append(Content.styled("On the board", "bold"))
    lines += [row(glyph, meaning) for glyph, meaning in PHOTO_LEGEND]
    lines.append(Content(""))
    lines.append(
        Content.styled(
            "A camera photographs every animal it stands in front of or beside (never behind, "
            "never diagonally), at the end of its move and after the animals move. F1: rules.",
            "$text-muted",
        )
    )
    return lines
