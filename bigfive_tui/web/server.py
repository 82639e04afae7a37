"""The web server of ``bigfive serve``: textual-serve's, with the game's page and its doors.

textual-serve runs the command once per browser tab (each websocket), with Textual's web
driver, and relays the terminal to xterm.js in the page. What is ours: the page (its title is
the game's, its colours the theme's, its font served from here rather than from a font CDN,
its texts the game's), the address the page connects back to (the one the browser used, so
that a page opened from another computer does not connect to ``0.0.0.0``); what it says when
it starts is ``bigfive serve``'s (textual-serve's banner is left out).

And who gets in: every request passes :class:`~bigfive_tui.web.access.Access` (the token and
the Origin), the websocket's messages are checked (:mod:`~bigfive_tui.web.relay`) and problems
are one line each on the console (:mod:`~bigfive_tui.web.console`). This is done through
textual-serve's public parts only: its handlers for the page and for downloads, its
``AppService`` for a tab's game, its static files; the web application itself is made here
(with the check as aiohttp middleware) rather than by textual-serve's private ``_make_app``.
"""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual.theme import BUILTIN_THEMES, Theme
from textual_serve.server import Server

from bigfive_tui.app.drawing.themes import DEFAULT_THEME, THEMES
from bigfive_tui.web.access import Access
from bigfive_tui.web.console import show_problems
from bigfive_tui.web.relay import serve_tab

TEMPLATES = Path(__file__).resolve().parent / "templates"


def page_colours(theme_name: str | None) -> dict[str, str]:
    """The colours of ``theme_name`` (or of the default theme) for the page around the game."""
    themes: dict[str, Theme] = {**BUILTIN_THEMES, **{theme.name: theme for theme in THEMES}}
    theme = themes.get(theme_name or DEFAULT_THEME, themes[DEFAULT_THEME])
    colours = theme.to_color_system().generate()
    return {name: colours[name] for name in ("background", "foreground", "primary", "surface")}


class GameServer(Server):
    """Serves ``command`` to every tab that passes ``access``, under the game's ``title``."""

    def __init__(self, command: str, *, host: str, port: int, title: str, access: Access) -> None:
        super().__init__(command, host=host, port=port, title=title, templates_path=TEMPLATES)
        self.access = access

    def initialize_logging(self) -> None:
        """Problems only (and what a game process printed when it failed), a line each."""
        show_problems()

    def make_app(self) -> web.Application:
        """textual-serve's routes (the page, the websocket, downloads, its static files, whose
        folder is not listed), behind the check of who may come in."""
        app = web.Application(middlewares=[self.access.middleware])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    def serve(self, debug: bool = False) -> None:
        """Run until Ctrl+C (or SIGTERM), as textual-serve's ``serve`` does, on our app."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for stop in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(stop, self.request_exit)
        web.run_app(
            self.make_app(),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            print=None,
            access_log=None,
        )

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A tab: its game process, and the page's messages checked on their way to it."""
        return await serve_tab(request, self.command, self.download_manager, debug=self.debug)

    async def on_startup(self, app: web.Application) -> None:
        """No banner; the page asks the remembered theme for its colours at every load (a
        theme chosen in a tab is the next page's too)."""
        from bigfive_tui.app.files.settings import remembered_theme

        aiohttp_jinja2.get_env(app).globals["colours"] = lambda: page_colours(remembered_theme())

    async def handle_index(self, request: web.Request) -> Any:
        """The page, connecting back to the address this browser used to reach it."""
        self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)
