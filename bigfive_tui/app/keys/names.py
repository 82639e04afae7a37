"""Bound keys' characters and labels, written out instead of looked up by Unicode name.

Textual finds the character of a key such as ``question_mark`` (whether an input box would
take it, on every look at the bindings) and the label of a key in the footer by looking
names up in Python's Unicode name table (``unicodedata.lookup``). The lookups are few but
each reads pages of that table: at a loaded game's start about 0.7 MiB of the resident set
(docs/benchmarks.md, "Main at the end of the eighth session"). The answers for every key bound
in the app (ours and Textual's own widgets') are written here; any other key is still looked
up. tests/test_key_names.py holds both tables equal to Textual's lookups for every bound key.
"""

from __future__ import annotations

from typing import Final

import textual.app
import textual.screen
from textual.keys import format_key as textual_format_key
from textual.keys import key_to_character as textual_key_to_character

#: A bound key's name (without modifiers) -> its character, as ``textual.keys.key_to_character``
#: answers (None: no character).
KEY_CHARACTERS: Final[dict[str, str | None]] = {
    "backspace": "\x08",
    "delete": "\x7f",
    "down": None,
    "end": None,
    "enter": None,
    "escape": "\x1b",
    "exclamation_mark": "!",
    "f1": None,
    "f12": None,
    "f2": None,
    "full_stop": ".",
    "greater_than_sign": ">",
    "home": None,
    "left": None,
    "left_square_bracket": "[",
    "minus": None,
    "pagedown": None,
    "pageup": None,
    "plus": None,
    "question_mark": "?",
    "right": None,
    "right_square_bracket": "]",
    "slash": None,
    "space": " ",
    "tab": "\t",
    "up": None,
}

#: A bound key's name (without modifiers) -> its label, as ``textual.keys.format_key``
#: answers (a single-character key is its own label).
KEY_LABELS: Final[dict[str, str]] = {
    "backspace": "⌫",
    "delete": "del",
    "down": "↓",
    "end": "end",
    "enter": "⏎",
    "escape": "esc",
    "exclamation_mark": "!",
    "f1": "f1",
    "f12": "f12",
    "f2": "f2",
    "full_stop": ".",
    "greater_than_sign": ">",
    "home": "home",
    "left": "←",
    "left_square_bracket": "[",
    "minus": "-",
    "pagedown": "pgdn",
    "pageup": "pgup",
    "plus": "+",
    "question_mark": "?",
    "right": "→",
    "right_square_bracket": "]",
    "slash": "/",
    "space": "space",
    "tab": "tab",
    "up": "↑",
}


def key_to_character(key: str) -> str | None:
    """Textual's ``key_to_character``, from the table for a bound key (Textual's own answers
    a single character or a key with modifiers without a lookup)."""
    if key in KEY_CHARACTERS:
        return KEY_CHARACTERS[key]
    return textual_key_to_character(key)


def format_key(key: str) -> str:
    """Textual's ``format_key``, from the table for a bound key."""
    if len(key) == 1:
        return key
    label = KEY_LABELS.get(key)
    return label if label is not None else textual_format_key(key)


def use_written_key_names() -> None:
    """Have Textual's bindings (``Screen._binding_chain``) and key labels
    (``App.get_key_display``) read the tables; both call these module-level names."""
    textual.screen.key_to_character = key_to_character  # type: ignore[attr-defined,assignment]
    textual.app.format_key = format_key  # type: ignore[attr-defined,assignment]
