"""What the server prints on its console while it runs: one line per problem, never a traceback.

A malformed request (a path or a header that is not HTTP, a Host that is not an address, a
websocket frame that is not the page's) is somebody else's mistake or mischief: it is refused
and named in one line, as a refused door is. textual-serve's own logging would print every such
request as a traceback, with its local variables, some thirty lines each. The lines go to
standard error; what the game processes themselves printed when they failed still shows.
"""

from __future__ import annotations

import logging
import sys
from typing import TextIO

from aiohttp.http import HttpProcessingError

from bigfive_tui.safe_text import printable

#: The loggers of the server's parts: the web server's, textual-serve's, ours.
LOGGERS = ("aiohttp", "textual-serve", "bigfive.serve")


class OneLine(logging.Formatter):
    """``bigfive serve: <message> (<exception>: <its first line>)``, all on one line."""

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        problem = record.exc_info[1] if record.exc_info else None
        if record.name == "aiohttp.server" and message.startswith("Error handling request"):
            what = "refused a malformed request" if malformed(problem) else "a request failed"
            message = what + message.removeprefix("Error handling request")
        if problem is not None:
            said = " ".join(str(problem).split())
            message = f"{message} ({type(problem).__name__}{': ' if said else ''}{said})"
        return "bigfive serve: " + " ".join(printable(message).split())[:300]


def malformed(problem: BaseException | None) -> bool:
    """Is ``problem`` aiohttp's finding that a request is not HTTP (a bad line or header)?"""
    return isinstance(problem, HttpProcessingError)


def show_problems(stream: TextIO | None = None) -> None:
    """Send the server's log to ``stream`` (standard error), a line per problem."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(OneLine())
    for name in LOGGERS:
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.propagate = False
        logger.setLevel(logging.WARNING)
