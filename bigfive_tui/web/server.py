"""The web server of ``bigfive serve``: textual-serve's, with the game's page.

textual-serve runs the command once per browser tab (each websocket), with Textual's web
driver, and relays the terminal to xterm.js in the page. What is ours: the page (its title is
the game's, its colours the theme's, its font served from here rather than from a font CDN,
its texts the game's), the address the page connects back to (the one the browser used, so
that a page opened from another computer does not connect to ``0.0.0.0``); what it says when
it starts is ``bigfive serve``'s (textual-serve's banner is left out).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual.theme import BUILTIN_THEMES, Theme
from textual_serve.server import Server

from bigfive_tui.app.drawing.themes import DEFAULT_THEME, THEMES

TEMPLATES = Path(__file__).resolve().parent / "templates"


def page_colours(theme_name: str | None) -> dict[str, str]:
    """The colours of ``theme_name`` (or of the default theme) for the page around the game."""
    themes: dict[str, Theme] = {**BUILTIN_THEMES, **{theme.name: theme for theme in THEMES}}
    theme = themes.get(theme_name or DEFAULT_THEME, themes[DEFAULT_THEME])
    colours = theme.to_color_system().generate()
    return {name: colours[name] for name in ("background", "foreground", "primary", "surface")}


class GameServer(Server):
    """Serves ``command`` to every tab, under the game's ``title``."""

    def __init__(self, command: str, *, host: str, port: int, title: str) -> None:
        super().__init__(command, host=host, port=port, title=title, templates_path=TEMPLATES)

    def initialize_logging(self) -> None:
        """textual-serve's log (problems, and what a game process printed when it failed),
        without a line for every file a page loads."""
        super().initialize_logging()
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

    async def on_startup(self, app: web.Application) -> None:
        """No banner; the page asks the remembered theme for its colours at every load (a
        theme chosen in a tab is the next page's too)."""
        from bigfive_tui.app.files.settings import remembered_theme

        aiohttp_jinja2.get_env(app).globals["colours"] = lambda: page_colours(remembered_theme())

    async def handle_index(self, request: web.Request) -> Any:
        """The page, connecting back to the address this browser used to reach it."""
        self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)
