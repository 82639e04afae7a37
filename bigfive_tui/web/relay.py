"""A tab's websocket relayed to its game process, message by checked message.

textual.js (textual-serve's page script) sends five kinds of message, each a JSON list: the
keys typed (``["stdin", text]``), the terminal's size (``["resize", {"width", "height"}]``), a
ping, and the page's focus and blur. Each is checked here (pydantic, as every message that
comes from a network) before it reaches the game; anything else — not JSON, another shape, a
size no screen has, a binary frame — ends the connection with a close code and one line on the
server's console (the tab's game is left as it was: its autosave keeps it for the next tab).

:func:`serve_tab` is a tab's whole websocket: its game process started, the page's messages
relayed, both ended together. ``bigfive serve`` and the browser door of ``bigfive host`` both
answer their tabs with it, each after its own check of who may come in.
"""

# No ``from __future__ import annotations``: pydantic reads the annotations.

import asyncio
import contextlib
import logging
from typing import Annotated, Literal

from aiohttp import WSCloseCode, WSMsgType, web
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

log = logging.getLogger("bigfive.serve")

#: The longest message a tab sends: a paste of text, at most this many bytes.
MAX_MESSAGE = 256 * 1024
#: The largest terminal, in cells, a page may ask for (a 8K screen in a tiny font is smaller).
MAX_CELLS = 2000


class Size(BaseModel):
    """The terminal's size in cells, as xterm.js measured it."""

    model_config = ConfigDict(strict=True, extra="ignore")

    width: int = Field(ge=1, le=MAX_CELLS)
    height: int = Field(ge=1, le=MAX_CELLS)


Keys = tuple[Literal["stdin"], Annotated[str, Field(max_length=MAX_MESSAGE)]]
Resize = tuple[Literal["resize"], Size]
Ping = tuple[Literal["ping"], Annotated[str, Field(max_length=40)]]
Focus = tuple[Literal["focus", "blur"]]

MESSAGE: TypeAdapter[Keys | Resize | Ping | Focus] = TypeAdapter(Keys | Resize | Ping | Focus)


def terminal_size(request: web.Request) -> tuple[int, int]:
    """The size the page asked for in the websocket's address; 80×24 when it is not one."""
    try:
        size = Size(
            width=int(request.query.get("width", "80")),
            height=int(request.query.get("height", "24")),
        )
    except (ValueError, ValidationError):
        return 80, 24
    return size.width, size.height


async def serve_tab(
    request: web.Request, command: str, downloads: DownloadManager, *, debug: bool = False
) -> web.WebSocketResponse:
    """The tab's websocket (the caller has let it in): ``command`` runs as its game, whose
    screen goes to the tab and which gets the tab's checked messages, until either ends (the
    game's end closes the tab's connection; the tab's going, or the server stopping, stops
    the game)."""
    websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
    if not websocket.can_prepare(request).ok:
        raise web.HTTPBadRequest(text="This address is the game's websocket.\n")
    width, height = terminal_size(request)
    game: AppService | None = None

    async def close() -> None:  # when the game ends, its tab's connection does too
        await websocket.close()

    try:
        await websocket.prepare(request)
        game = AppService(
            command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=downloads,
            debug=debug,
        )
        await game.start(width, height)
        await relay(websocket, game, request.remote)
    except (asyncio.CancelledError, ConnectionError):  # the server stops, or the tab went
        pass
    finally:
        if game is not None:
            with contextlib.suppress(ConnectionError):
                await game.stop()
        with contextlib.suppress(ConnectionError):
            await websocket.close()
    return websocket


async def relay(websocket: web.WebSocketResponse, game: AppService, remote: str | None) -> None:
    """Pass the tab's messages to its game until the tab closes or sends one that is not the
    page's."""
    async for message in websocket:
        if message.type == WSMsgType.TEXT:
            try:
                checked = MESSAGE.validate_json(message.data)
            except ValidationError:
                await refuse(websocket, remote, "a message that is not the page's")
                return
        else:  # a binary frame, or a protocol error the reader found
            await refuse(websocket, remote, f"a websocket {message.type.name.lower()} frame")
            return
        if checked[0] == "stdin":
            await game.send_bytes(checked[1].encode("utf-8", "replace"))
        elif checked[0] == "resize":
            await game.set_terminal_size(checked[1].width, checked[1].height)
        elif checked[0] == "ping":
            await websocket.send_json(["pong", checked[1]])
        elif checked[0] == "blur":
            await game.blur()
        else:
            await game.focus()


async def refuse(websocket: web.WebSocketResponse, remote: str | None, what: str) -> None:
    log.warning("closed a tab's connection from %s: it sent %s", remote, what)
    await websocket.close(code=WSCloseCode.UNSUPPORTED_DATA, message=b"not a message of the page")
