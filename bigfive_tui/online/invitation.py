"""The invitation a host hands out: ``http://HOST:PORT/t/CODE?key=SECRET``. A browser opens it
as it is (the host serves the game's page there); ``bigfive join`` reads the same text."""

from __future__ import annotations

import re
import socket
from typing import NamedTuple
from urllib.parse import parse_qs, urlsplit

_PART = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class InvitationError(ValueError):
    """Not an invitation; the message says what is wrong."""


class Invitation(NamedTuple):
    host: str
    port: int
    table: str
    secret: str

    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/t/{self.table}?key={self.secret}"

    def websocket(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"ws://{host}:{self.port}/t/{self.table}/ws"

    def origin(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"


def _quoted(text: str, most: int = 60) -> str:
    """``text`` as a refusal quotes it: in quotes, escapes shown, cut short."""
    return repr(text if len(text) <= most else text[:most] + "…")


def parse_invitation(text: str) -> Invitation:
    text = text.strip()
    if not text:
        raise InvitationError("the invitation is empty; paste the address the host printed")
    try:
        parts = urlsplit(text if "://" in text else f"http://{text}")
        port = parts.port
    except ValueError as error:
        raise InvitationError(
            f"{_quoted(text)} is not an address: {_quoted(str(error))[1:-1]}"
        ) from None
    if parts.scheme != "http":
        # A host serves plain http (its secret is what keeps strangers out); an https
        # address would be joined in plain text on another port.
        raise InvitationError(
            f"an invitation starts with http://, not {_quoted(parts.scheme, 20)[1:-1]}://"
        )
    if not parts.hostname:
        raise InvitationError(f"{_quoted(text)} names no computer")
    if port == 0:
        raise InvitationError(f"{_quoted(text)} names port 0, which no host listens on")
    match = re.fullmatch(r"/t/([^/]+)/?", parts.path)
    keys = parse_qs(parts.query).get("key", [])
    if match is None or len(keys) != 1:
        raise InvitationError(
            f"{_quoted(text)} is not an invitation: it looks like "
            "http://HOST:PORT/t/CODE?key=SECRET"
        )
    code, secret = match.group(1), keys[0]
    if not _PART.match(code) or not _PART.match(secret):
        raise InvitationError("the invitation's table code or key has characters it cannot have")
    return Invitation(parts.hostname, port or 80, code, secret)


def public_address(address: str) -> str:
    """The address others use to reach a host listening on ``address``."""
    if address in ("0.0.0.0", "::"):
        return socket.gethostname()
    return address
