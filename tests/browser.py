"""A headless Chromium driven over the Chrome DevTools Protocol, for the browser test and
bench/serve_page.py (no tests here).

Python only: the protocol is JSON over a websocket, and aiohttp (which textual-serve brings)
speaks websockets, so neither Node nor a driver binary is needed. Chromium comes from the
system (Debian's ``chromium`` package; ``BIGFIVE_CHROMIUM`` names another), never from a
download at run time. The page draws the game with xterm.js on a canvas, so the text on screen
is read from xterm's own buffer: a script added before the page's own keeps a reference to the
terminal when textual.js creates it.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiohttp

#: Flags for a headless Chromium on a machine with no screen and a closed network.
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--mute-audio",
)

#: Runs before the page's scripts: textual.js sets ``this.terminal = new Terminal(...)``; a
#: setter on Object.prototype sees that assignment, keeps the terminal and stores it as the
#: object's own property, so the page works as before.
KEEP_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {
      value, writable: true, configurable: true, enumerable: true,
    });
    if (value && value.buffer && !window.__terminal) window.__terminal = value;
  },
});
"""

SCREEN_TEXT = """(() => {
  const terminal = window.__terminal;
  if (!terminal) return null;
  const buffer = terminal.buffer.active;
  const lines = [];
  for (let row = 0; row < terminal.rows; row++) {
    const line = buffer.getLine(buffer.viewportY + row);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\\n");
})()"""

PAGE_STATE = """(() => {
  const terminal = window.__terminal;
  return {
    page: document.body.className,
    buffer: terminal ? terminal.buffer.active.type : null,
    size: terminal ? [terminal.cols, terminal.rows] : null,
  };
})()"""

#: Key names → (key, code, key code, text) for Input.dispatchKeyEvent.
SPECIAL_KEYS = {
    "Enter": ("Enter", "Enter", 13, "\r"),
    "Escape": ("Escape", "Escape", 27, ""),
    "Tab": ("Tab", "Tab", 9, ""),
    "Backspace": ("Backspace", "Backspace", 8, ""),
    "ArrowUp": ("ArrowUp", "ArrowUp", 38, ""),
    "ArrowDown": ("ArrowDown", "ArrowDown", 40, ""),
    "ArrowLeft": ("ArrowLeft", "ArrowLeft", 37, ""),
    "ArrowRight": ("ArrowRight", "ArrowRight", 39, ""),
    " ": (" ", "Space", 32, " "),
    "-": ("-", "Minus", 189, "-"),
}


def find_chromium() -> str | None:
    named = os.environ.get("BIGFIVE_CHROMIUM")
    if named:
        return named
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if process.poll() is not None:
            raise AssertionError(f"the server stopped (exit code {process.returncode})")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError(f"nothing listens on port {port} after {timeout} s")


class ProtocolError(Exception):
    pass


class Page:
    """One browser tab, over its own DevTools websocket."""

    def __init__(self, websocket: aiohttp.ClientWebSocketResponse) -> None:
        self._websocket = websocket
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reader = asyncio.create_task(self._read())
        #: Where a screenshot goes when something never shows (None: nowhere).
        self.failure_shot: Path | None = None
        #: How often wait_for reads the screen.
        self.poll_seconds = 0.05

    async def _read(self) -> None:
        async for message in self._websocket:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(message.data)
            waiting = self._waiting.pop(data.get("id", -1), None)
            if waiting is not None and not waiting.done():
                waiting.set_result(data)
        for waiting in self._waiting.values():
            if not waiting.done():
                waiting.set_exception(ProtocolError("the page's websocket closed"))

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        identity = next(self._ids)
        answer = asyncio.get_running_loop().create_future()
        self._waiting[identity] = answer
        await self._websocket.send_json({"id": identity, "method": method, "params": params})
        data = await asyncio.wait_for(answer, 60)
        if "error" in data:
            raise ProtocolError(f"{method}: {data['error']}")
        result: dict[str, Any] = data.get("result", {})
        return result

    async def evaluate(self, expression: str) -> Any:
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise ProtocolError(f"{expression[:60]}…: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def open(self, url: str) -> None:
        await self.send("Page.enable")
        await self.send("Page.addScriptToEvaluateOnNewDocument", source=KEEP_TERMINAL)
        await self.send("Page.navigate", url=url)

    async def screen(self) -> str:
        """The text the game shows now (empty before the terminal exists)."""
        return str(await self.evaluate(SCREEN_TEXT) or "")

    async def wait_for(
        self, condition: Callable[[str], bool], what: str, timeout: float = 60.0
    ) -> str:
        """The screen text once ``condition`` holds for it."""
        end = time.monotonic() + timeout
        text = ""
        while time.monotonic() < end:
            text = await self.screen()
            if condition(text):
                return text
            await asyncio.sleep(self.poll_seconds)
        state = await self.evaluate(PAGE_STATE)
        if self.failure_shot is not None:
            await self.screenshot(self.failure_shot)
        raise AssertionError(f"{what} never showed in {timeout} s ({state}); the screen:\n{text}")

    async def press(self, *keys: str) -> None:
        """Type keys as a person would: Enter, Escape, arrows, single characters, or ctrl+ and
        a letter."""
        for name in keys:
            control = name.startswith("ctrl+")
            name = name.removeprefix("ctrl+")
            if name in SPECIAL_KEYS:
                key, code, key_code, text = SPECIAL_KEYS[name]
            elif name.isascii() and name.isalpha() and len(name) == 1:
                key, code, key_code, text = name, f"Key{name.upper()}", ord(name.upper()), name
            elif name.isdigit() and len(name) == 1:
                key, code, key_code, text = name, f"Digit{name}", ord(name), name
            else:
                raise ValueError(f"no key for {name!r} here yet")
            down = {
                "key": key,
                "code": code,
                "windowsVirtualKeyCode": key_code,
                "modifiers": 2 if control else 0,  # 2: Ctrl
            }
            typed = "" if control else text
            await self.send("Input.dispatchKeyEvent", type="keyDown", text=typed, **down)
            await self.send("Input.dispatchKeyEvent", type="keyUp", **down)

    async def screenshot(self, path: Path) -> None:
        shot = await self.send("Page.captureScreenshot", format="png")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))


class Browser:
    def __init__(self, http: aiohttp.ClientSession, port: int) -> None:
        self._http = http
        self._port = port

    async def new_page(self) -> Page:
        async with self._http.put(f"http://127.0.0.1:{self._port}/json/new?about:blank") as made:
            target = await made.json()
        websocket = await self._http.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0)
        return Page(websocket)

    async def close_page(self, page: Page) -> None:
        await page.send("Page.close")


@contextlib.asynccontextmanager
async def chromium(executable: str, size: tuple[int, int] = (1400, 1000)) -> AsyncIterator[Browser]:
    """A headless Chromium with a profile of its own, for as long as the block runs."""
    # Chromium's helper processes may still be writing to the profile as it is removed.
    with tempfile.TemporaryDirectory(
        prefix="bigfive-chromium-", ignore_cleanup_errors=True
    ) as profile:
        process = subprocess.Popen(
            [
                executable,
                *CHROMIUM_FLAGS,
                f"--user-data-dir={profile}",
                f"--window-size={size[0]},{size[1]}",
                "--remote-debugging-port=0",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # its own process group: it ends with its helpers
        )
        try:
            port_file = Path(profile) / "DevToolsActivePort"
            end = time.monotonic() + 60
            while not port_file.is_file() or not port_file.read_text().strip():
                if process.poll() is not None or time.monotonic() > end:
                    raise AssertionError(f"Chromium did not start ({executable})")
                await asyncio.sleep(0.05)
            port = int(port_file.read_text().split()[0])
            async with aiohttp.ClientSession() as http:
                yield Browser(http, port)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
