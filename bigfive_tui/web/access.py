"""Who may come in: only the person who started the server (and whoever they give its address).

A server makes a secret token when it starts and prints it in the address it asks the person to
open (``…/?token=…``), as a notebook server does. The first request that carries it gets the
token back as a cookie (HttpOnly: no script reads it; SameSite=Strict: no other site's page
sends it) and is sent on to the same address without the token, so it stays out of the
address bar and the history. Every request after that — the page, its files, the websocket
that plays the game, a download — needs the cookie (or the token in its address). Without it
the answer is 403 and a sentence saying what to open instead.

The token alone would not stop a page elsewhere that a person visits while the server runs:
the browser sends the cookie along with requests that page makes to this server. So any
request that names its ``Origin`` (every browser websocket does) must come from this server's
own page, the address the browser used to reach it (its ``Host``); anything else is refused.
A ``Host`` that is not an address (a non-ASCII name, a header missing) is refused as well.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from typing import Final

from aiohttp import web
from yarl import URL

log = logging.getLogger("bigfive.serve")

#: The query parameter that carries the token in the address the server prints.
TOKEN_PARAMETER: Final = "token"

#: A name or an IPv4 address, or an IPv6 one in brackets; an optional port.
HOST_PATTERN: Final = re.compile(
    r"(?:[A-Za-z0-9](?:[A-Za-z0-9._-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?"
)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Refused(Exception):
    """Why a request may not come in: ``status`` and a sentence for the person refused."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


class Access:
    """One server's secret, and the checks every request to that server passes.

    ``port`` names the cookie: browsers keep cookies per computer, not per port, so two servers
    on one computer each keep a cookie of their own."""

    def __init__(self, port: int, token: str | None = None) -> None:
        self.token: Final = token or secrets.token_urlsafe(32)
        self.cookie: Final = f"bigfive-serve-{port}"

    def address(self, base: str) -> str:
        """``base`` (``http://host:port``) with the token: the address to open."""
        return f"{base}/?{TOKEN_PARAMETER}={self.token}"

    def is_token(self, given: str) -> bool:
        """Is ``given`` this server's token? (Compared in constant time.)"""
        return secrets.compare_digest(
            given.encode("utf-8", "surrogateescape"), self.token.encode("ascii")
        )

    def check(self, request: web.Request) -> bool:
        """Raise :class:`Refused` unless ``request`` may come in; True when it carried the
        token in its address (its answer sets the cookie)."""
        host = request.headers.get("Host", "")
        if not HOST_PATTERN.fullmatch(host):
            shown = printable_header(host) or "none"
            raise Refused(400, f"The request's Host header ({shown}) is not an address.")
        origin = request.headers.get("Origin")
        if origin is not None and not same_origin(origin, request.scheme, host):
            raise Refused(
                403,
                f"This game only answers its own page: the request came from "
                f"{printable_header(origin)}, not from {request.scheme}://{host}.",
            )
        given = request.query.getall(TOKEN_PARAMETER, [])
        if given:
            if len(given) == 1 and self.is_token(given[0]):
                return True
            raise Refused(
                403,
                "The address has a wrong token. Open the address bigfive serve printed when it "
                "started (each start makes a new token).",
            )
        if self.is_token(request.cookies.get(self.cookie, "")):
            return False
        raise Refused(
            403,
            "This game lets in only the person who started it. Open the address bigfive serve "
            "printed when it started: it ends in ?token=…",
        )

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """The check before every handler; the token in an address becomes the cookie."""
        try:
            with_token = self.check(request)
        except Refused as refused:
            log.warning(
                "refused %s %s from %s: %s",
                request.method,
                printable_header(request.path)[:80],
                request.remote,
                refused.reason,
            )
            return web.Response(status=refused.status, text=refused.reason + "\n")
        if with_token and request.path == "/":
            # The page, opened with the token: keep it in the cookie, and leave it out of the
            # address the browser shows and remembers.
            rest = request.rel_url.without_query_params(TOKEN_PARAMETER)
            response: web.StreamResponse = web.HTTPSeeOther(location=str(rest))
        else:
            response = await handler(request)
        if with_token and not response.prepared:  # (a websocket's answer has gone already)
            response.set_cookie(self.cookie, self.token, path="/", httponly=True, samesite="Strict")
        return response


def same_origin(origin: str, scheme: str, host: str) -> bool:
    """Is ``origin`` (a request's Origin header) ``scheme://host``, the address the request
    was sent to? Ports are compared as numbers (80 is http's when none is written)."""
    try:
        theirs = URL(origin)
        ours = URL(f"{scheme}://{host}")
        return (
            theirs.scheme.lower() == ours.scheme.lower()
            and bool(theirs.host)
            and (theirs.host or "").lower() == (ours.host or "").lower()
            and theirs.port == ours.port
            and theirs.path in ("", "/")
        )
    except (ValueError, TypeError):
        return False


def printable_header(text: str) -> str:
    """A header or a path as it may be shown on a console or a page: anything but printable
    ASCII escaped (a control character or a stray byte is shown as ``\\x..``), at most 200
    characters."""
    return "".join(
        character if " " <= character <= "~" else ascii(character)[1:-1] for character in text[:200]
    )
