"""Where a name typed in a save or export dialog writes, and names that no file has yet.

In a terminal a player may type a path (``~/games/ours.json``): it is their own computer. A
browser tab is played by whoever has the server's address, who may not own this computer: there
a dialog takes a name only, and the file goes into the data folder — a path separator, ``..``,
a leading ``~`` or an absolute path is refused with a sentence saying so, never followed.
"""

from __future__ import annotations

import itertools
import os
import re
from pathlib import Path
from typing import NamedTuple

#: What a file name keeps of a name as typed: letters, digits, dash, underscore, dot.
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


class Chosen(NamedTuple):
    """A name chosen in a save dialog: the file it writes, and whether the player agreed to
    replace the file there (else the write refuses to replace one)."""

    name: str
    path: Path
    replace: bool


class NameRefused(ValueError):
    """A name that cannot be used here; the message says why, for players."""


def safe_name(name: str) -> str:
    """A file name from what a player typed: letters, digits, dash, underscore, dot."""
    cleaned = _UNSAFE.sub("-", name.strip()).strip(".-")
    return cleaned[:60] or "safari"


def is_path(name: str) -> bool:
    """Does ``name`` say where rather than what: a separator, ``..``, ``~`` or a drive?"""
    separators = {"/", "\\", os.sep, *((os.altsep,) if os.altsep else ())}
    text = name.strip()
    return (
        any(separator in text for separator in separators)
        or ".." in text
        or text.startswith("~")
        or Path(text).is_absolute()
    )


def place(name: str, folder: Path, suffix: str, *, names_only: bool) -> Path:
    """The file ``name`` writes: ``folder/<safe name><suffix>``; outside a browser tab a name
    that is a path (it has a separator, or ends in ``suffix``) is that path. NameRefused for a
    path in a browser tab, or for no name at all."""
    text = name.strip()
    if not text:
        raise NameRefused("Type a name.")
    if names_only:
        if is_path(text) or "\x00" in text:
            raise NameRefused(
                f"A browser tab saves by name only, into {folder}: a path (a / or \\, .., ~ "
                "or a drive) cannot be used. Type a name such as jack-turn3."
            )
        return folder / f"{safe_name(text.removesuffix(suffix))}{suffix}"
    if "/" in text or os.sep in text or text.endswith(suffix):
        return Path(text).expanduser()
    return folder / f"{safe_name(text)}{suffix}"


def data_file(name: str, folder: Path) -> Path:
    """A file a browser tab reads by ``name`` from ``folder`` of the data folder (a layout, a
    Photo Safari set-up): ``folder/<name>.toml``. NameRefused for a path."""
    return place(name, folder, ".toml", names_only=True)


def data_file_hint(folder: Path) -> str:
    """What a browser tab's file field asks for: a name, and the folder it is looked for in."""
    return f"a name (NAME.toml in {folder})"


def free_name(stem: str, folder: Path, suffix: str) -> str:
    """``stem``, or ``stem-2``, ``stem-3``…: the first whose file in ``folder`` does not exist,
    so that a suggested name never points at a file already there."""
    for name in itertools.chain([stem], (f"{stem}-{number}" for number in itertools.count(2))):
        if not os.path.lexists(folder / f"{safe_name(name)}{suffix}"):
            return name
    raise AssertionError("unreachable: the names never run out")
