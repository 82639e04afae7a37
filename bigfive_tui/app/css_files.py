"""Style files read after the app has started. Textual parses an app's ``CSS_PATH`` when the
first screen mounts, and parsing is most of what a rule costs a start-up (bench/app.py): the
rules that a game loaded from the command line does not use are read when a screen first needs
them (the other screens' files, the other drawings' layouts)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from textual.app import App


def read_css(app: App[Any], names: Iterable[str]) -> None:
    """Add the style files ``names`` (in this folder) to ``app``'s stylesheet, in this order,
    each once. Only they are parsed at the next styling (the stylesheet keeps what it parsed
    before), and no widget is styled again, as Textual would for a screen's own ``CSS_PATH``
    (it parses every file again and restyles the whole app): the caller reads them before the
    widgets they style are mounted, or they match no widget on screen."""
    folder = Path(__file__).parent
    for name in names:
        path = os.path.abspath(folder / name)  # as Textual names a CSS file it reads
        if not app.stylesheet.has_source(path):
            css = (folder / name).read_text(encoding="utf-8")
            app.stylesheet.add_source(css, read_from=(path, ""), is_default_css=False)
            if app.css_monitor is not None:  # `textual run --dev` reloads it when edited
                app.css_monitor.add_paths([Path(path)])
