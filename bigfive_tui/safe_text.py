"""Text from files and players made safe to show: without terminal control characters.

A layout name, a file name or an action typed by a player may hold ESC or other control
characters; printed as they are, they would reach the terminal as escape sequences (a changed
title, a cleared screen, colours that stay). Such text is also never read as markup: the places
that print it use Rich's ``Text`` or ``markup=False``, and this module only cleans it.
"""

from __future__ import annotations

import re

#: C0 controls except tab and newline, DEL, and the C1 controls (ESC's 8-bit twins).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """``text`` without terminal control characters (tab and newline stay)."""
    return _CONTROL.sub("", text)


def printable_data(data: object) -> object:
    """Plain data (as JSON gives it) with every string, keys too, :func:`printable`."""
    if isinstance(data, str):
        return printable(data)
    if isinstance(data, list):
        return [printable_data(item) for item in data]
    if isinstance(data, dict):
        return {printable(str(key)): printable_data(value) for key, value in data.items()}
    return data
