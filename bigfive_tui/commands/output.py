"""Printing text that came from files and players: never read as Rich markup (a ``[/x]`` in a
layout name would crash the print), and without terminal control characters."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigfive_tui.safe_text import printable

if TYPE_CHECKING:
    from rich.console import Console


def safe(text: object) -> str:
    """``text`` ready to go inside a markup string: cleaned and escaped."""
    from rich.markup import escape

    return escape(printable(str(text)))


def print_error(console: Console, label: str, problem: object) -> None:
    """``label:`` in bold red, then the problem as plain text."""
    from rich.text import Text

    console.print(
        Text.assemble((f"{label}:", "bold red"), " ", printable(str(problem))), highlight=False
    )
