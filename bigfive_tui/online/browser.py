"""The invitation opened in a browser: the host serves the game's page at ``/t/CODE?key=…``.

The page is ``bigfive serve``'s (its template, colours and xterm.js, through textual-serve's
public parts); its websocket runs ``bigfive join`` for this table on the host's computer, one
process a tab, with the tab's keys relayed to it message by checked message, as ``bigfive
serve``'s tabs are (:func:`bigfive_tui.web.relay.serve_tab`). So a browser is one more client
of the table: it is sent only what a guide sees, and acts through the same protocol and checks.

Only the invited get in: the page needs the table's secret (the invitation's ``key``), and the
websocket both the secret and an ``Origin`` that is this host's own page. A table serves at
most :data:`~bigfive_tui.online.limits.BROWSER_TABS` tabs at once, each a process here. Each
browser gets a cookie naming it (HttpOnly, SameSite=Strict), under which its tab's process
remembers the seat and its secret: a reload, or a tab opened again, comes back to the same
seat.
"""

from __future__ import annotations

import secrets
import shlex
import sys
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
import textual_serve
from aiohttp import web
from textual_serve.download_manager import DownloadManager

from bigfive_tui.online.host import Host
from bigfive_tui.online.invitation import Invitation
from bigfive_tui.online.limits import BROWSER_TABS
from bigfive_tui.online.table import TableRefusal
from bigfive_tui.web.access import same_origin
from bigfive_tui.web.relay import serve_tab

#: The cookie that names this browser to the tables of this host.
BROWSER_COOKIE = "bigfive-browser"
STATICS = Path(textual_serve.__file__).resolve().parent / "static"
TITLE = "The Big Five: Safari Tour"


class BrowserDoor:
    """The page and the play websocket of every table of ``host``, listening on ``port``."""

    def __init__(self, host: Host, port: int) -> None:
        self.host = host
        self.port = port
        self.downloads = DownloadManager()
        #: The browser tabs open at each table (by code): at most BROWSER_TABS.
        self.tabs: dict[str, int] = {}

    def add_routes(self, app: web.Application) -> None:
        from bigfive_tui.web.server import TEMPLATES, page_colours

        environment = aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(TEMPLATES))
        environment.globals["colours"] = lambda: page_colours(None)
        app.router.add_get("/t/{code}", self.page)
        # The key in the path: the page's script adds ``?width=…&height=…`` to the address.
        app.router.add_get("/t/{code}/play/{key}", self.play)
        app.router.add_static("/static", STATICS)

    def _table(self, request: web.Request) -> Any:
        table = self.host.tables.get(request.match_info["code"])
        if table is None:
            raise web.HTTPNotFound(text="No such table on this host.\n")
        key = request.match_info.get("key") or request.query.get("key", "")
        try:
            table.check_secret(key or "-")
        except TableRefusal as refusal:
            raise web.HTTPForbidden(text=f"{refusal}.\n") from None
        return table

    async def page(self, request: web.Request) -> web.StreamResponse:
        table = self._table(request)
        base = f"{request.scheme}://{request.host}"
        socket = f"ws{base.removeprefix('http')}/t/{table.code}/play/{table.secret}"
        context = {
            "font_size": 16,
            "app_websocket_url": socket,
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": TITLE},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        if not _browser_id(request):
            response.set_cookie(
                BROWSER_COOKIE,
                secrets.token_urlsafe(16),
                httponly=True,
                samesite="Strict",
                max_age=365 * 24 * 3600,
            )
        response.headers["Cache-Control"] = "no-store"
        return response

    async def play(self, request: web.Request) -> web.StreamResponse:
        if not same_origin(request.headers.get("Origin", ""), request.scheme, request.host):
            return web.Response(status=403, text="The game opens only from its own page.\n")
        table = self._table(request)
        if self.tabs.get(table.code, 0) >= BROWSER_TABS:
            return web.Response(
                status=503,
                text=f"This table has {BROWSER_TABS} browser tabs open; close one and reload.\n",
            )
        browser = _browser_id(request) or secrets.token_urlsafe(16)
        invitation = Invitation("127.0.0.1", self.port, table.code, table.secret)
        command = shlex.join(
            [sys.executable, "-m", "bigfive_tui.cli", "join", invitation.url(), "--as", browser]
        )
        self.tabs[table.code] = self.tabs.get(table.code, 0) + 1
        try:
            return await serve_tab(request, f"exec {command}", self.downloads)
        finally:
            self.tabs[table.code] -= 1


def _browser_id(request: web.Request) -> str:
    value = request.cookies.get(BROWSER_COOKIE, "")
    return value if value.replace("-", "").replace("_", "").isalnum() and len(value) <= 64 else ""
