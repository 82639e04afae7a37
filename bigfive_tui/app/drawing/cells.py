"""How many terminal cells a text takes, and where it wraps, as Rich counts them, without Rich's
cache of every string it measures.

Rich keeps the last 4,096 strings it measured (``rich.cells.cached_cell_len``) with their
widths, and Textual measures every segment it draws through it; a long game draws thousands of
texts once (each log step, each cursor space's description), and the cache keeps each of them:
about 0.2 KB a text until it is full. Where our widgets know a text is drawn once, they
measure it here and hand the width on with it, so the strings the cache keeps are those drawn
again and again.
"""

from __future__ import annotations

import re

from rich.cells import cell_len, chop_cells, get_character_cell_size

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


def cut_to_cells(text: str, width: int) -> str:
    """The longest start of ``text`` that takes at most ``width`` cells, measured as
    :func:`cell_width` does (keeping no string)."""
    taken = 0
    for index, char in enumerate(text):
        taken += get_character_cell_size(char)
        if taken > width:
            return text[:index]
    return text


_WORD = re.compile(r"\s*\S+\s*")


def line_breaks(text: str, width: int) -> list[int]:
    """Where Rich breaks ``text`` to wrap it at ``width`` cells, folding words too long for a
    line (``rich._wrap.divide_line``), measured without keeping the words."""
    breaks: list[int] = []
    offset = 0  # cells taken on the line so far
    for word in _WORD.finditer(text):
        start, chars = word.start(), word.group()
        length = cell_width(chars.rstrip())
        if width - offset >= length:
            offset += cell_width(chars)
        elif length > width:
            folded = chop_cells(chars, width)
            for piece in folded[:-1]:
                if start:
                    breaks.append(start)
                start += len(piece)
            if start:
                breaks.append(start)
            offset = cell_width(folded[-1])
        elif offset and start:
            breaks.append(start)
            offset = cell_width(chars)
    return breaks
