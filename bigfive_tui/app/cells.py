"""How many terminal cells a text takes, as Rich counts them, without Rich's cache of every
string it measures.

Rich keeps the last 4,096 strings it measured (``rich.cells.cached_cell_len``) with their
widths, and Textual measures every segment it draws through it; a long game draws thousands of
texts once (each log step, each cursor space's description), and the cache keeps each of them:
about 0.2 KB a text until it is full. Where our widgets know a text is drawn once, they
measure it here and hand the width on with it, so the strings the cache keeps are those drawn
again and again.
"""

from __future__ import annotations

from rich.cells import cell_len, get_character_cell_size

#: Characters that join or widen their neighbours (zero width joiner, variation selector 16):
#: a text with one is measured by Rich itself.
_JOINING = ("\u200d", "\ufe0f")


def cell_width(text: str) -> int:
    """Rich's ``cell_len(text)``, keeping no string (each character's width is Rich's, kept
    per character)."""
    if text.isascii() and text.isprintable():
        return len(text)
    if _JOINING[0] in text or _JOINING[1] in text:
        return cell_len(text)
    return sum(map(get_character_cell_size, text))
