"""A tab's websocket relayed to its game process, message by checked message.

textual.js (textual-serve's page script) sends five kinds of message, each a JSON list: the
keys typed (``["stdin", text]``), the terminal's size (``["resize", {"width", "height"}]``), a
ping, and the page's focus and blur. Each is checked here (pydantic, as every message that
comes from a network) before it reaches the game; anything else — not JSON, another shape, a
size no screen has, a binary frame — ends the connection with a close code and one line on the
server's console (the tab's game is left as it was: its autosave keeps it for the next tab).
"""

# No ``from __future__ import annotations``: pydantic reads the annotations.

import logging
from typing import Annotated, Literal

from aiohttp import WSCloseCode, WSMsgType, web
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from textual_serve.app_service import AppService

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
