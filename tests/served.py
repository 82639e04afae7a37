"""A real ``bigfive serve`` for tests, on a free loopback port, and requests to it.

Used by the server's tests (tests/test_serve*.py) and the loading fuzz (its requests).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path
from typing import Any, NamedTuple

from browser import free_port, printed_address, wait_for_port


class Served:
    """A ``bigfive serve`` process: ``address`` is the one it printed (with its token), ``url``
    the page's own (which needs the token's cookie, ``cookie``)."""

    def __init__(self, process: subprocess.Popen[bytes], port: int, data: Path) -> None:
        self.process, self.port, self.data = process, port, data
        self.address, self.said = printed_address(process)
        self.token = self.address.split("?token=", 1)[1]
        self.url = f"http://127.0.0.1:{port}/"
        self.cookie = f"bigfive-serve-{port}={self.token}"

    def stop(self) -> tuple[str, str]:
        """Ctrl+C; what it printed on its standard output and on its standard error."""
        self.process.send_signal(signal.SIGINT)
        out, err = self.process.communicate(timeout=30)
        return self.said + out.decode(), err.decode()


def serve(data: Path, *flags: str) -> Served:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "bigfive_tui.cli", "serve", "--port", str(port), *flags],
        env={**os.environ, "BIGFIVE_DATA_DIR": str(data)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    served = Served(process, port, data)
    wait_for_port(port, process)
    return served


class Answer(NamedTuple):
    status: int
    headers: Message
    text: str


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def answer(url: str, *, cookie: str = "", **headers: str) -> Answer:
    """The server's answer to a GET of ``url`` (a redirect is an answer, not followed)."""
    sent = {**headers, **({"Cookie": cookie} if cookie else {})}
    request = urllib.request.Request(url, headers=sent)
    opener = urllib.request.build_opener(NoRedirects)
    try:
        with opener.open(request, timeout=30) as response:
            return Answer(response.status, response.headers, text(response.read()))
    except urllib.error.HTTPError as refused:
        return Answer(refused.code, refused.headers, text(refused.read()))


def text(body: bytes) -> str:
    return body.decode("utf-8", "replace")  # a font is no text: its bytes are not checked
