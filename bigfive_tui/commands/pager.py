"""Showing a Markdown document on the terminal, through ``less`` where there is one: the
rules of either game (``bigfive rules``, ``bigfive photo-safari rules``)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path


def show(path: Path, *, plain: bool, no_pager: bool) -> int:
    """Print a rules file (also Photo Safari's), through ``less`` on a terminal."""
    from rich.console import Console
    from rich.markdown import Markdown

    text = path.read_text(encoding="utf-8")
    console = Console()
    document = text if plain else Markdown(text)
    less = shutil.which("less")
    if less is None or not console.is_terminal or no_pager:
        console.print(document, markup=False, highlight=False)
        return 0
    # Several hundred lines: a pager lets a reader page back instead of scrolling the terminal.
    # less -R shows the colours (a plain PAGER may not), -F quits at once when it all fits.
    with console.capture() as captured:
        console.print(document, markup=False, highlight=False)
    subprocess.run([less, "-R", "-F"], input=captured.get(), text=True, check=False)
    return 0
