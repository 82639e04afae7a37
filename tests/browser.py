"""A headless Chromium driven by Playwright, for the browser tests and bench/serve_page.py (no
tests here).

Playwright for Python drives the browser; it never downloads one here: Chromium comes from the
system (Debian's ``chromium`` package; ``BIGFIVE_CHROMIUM`` names another) through
``executable_path``, and ``playwright install`` is never run. The page draws the game with
xterm.js on a canvas, so the text on screen is read from xterm's own buffer: a script added
before the page's own keeps a reference to the terminal when textual.js creates it.

Use::

    async with chromium(find_chromium()) as browser:
        page = await browser.new_page()
        await page.open(url)
        await page.wait_for(lambda text: "Start the safari" in text, "the new-game screen")
        await page.press("Enter", "ctrl+s", *"name")
        await page.screenshot(path)
        await browser.close_page(page)

``page.playwright`` is Playwright's own page for anything else (clicks, cookies, requests);
the tabs of one ``chromium()`` share one browser context, so they share cookies as the tabs of
one browser window do.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import socket
import subprocess
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from playwright.async_api import BrowserContext, async_playwright
from playwright.async_api import Page as PlaywrightPage

#: Flags for a headless Chromium on a machine with no screen and a closed network
#: (Playwright adds --headless itself).
CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
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

SCREEN_TEXT = """() => {
  const terminal = window.__terminal;
  if (!terminal) return null;
  const buffer = terminal.buffer.active;
  const lines = [];
  for (let row = 0; row < terminal.rows; row++) {
    const line = buffer.getLine(buffer.viewportY + row);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\\n");
}"""

PAGE_STATE = """() => {
  const terminal = window.__terminal;
  return {
    page: document.body.className,
    buffer: terminal ? terminal.buffer.active.type : null,
    size: terminal ? [terminal.cols, terminal.rows] : null,
  };
}"""


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


def printed_address(process: subprocess.Popen[bytes], timeout: float = 60.0) -> tuple[str, str]:
    """The address ``bigfive serve`` printed to open (with its token), and what it printed up
    to that line. ``process`` writes its standard output to a pipe; it is read a byte at a
    time, so that nothing after the line is kept in a buffer that ``communicate`` would miss."""
    assert process.stdout is not None
    said = ""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        read = b""
        while not read.endswith(b"\n") and (byte := os.read(process.stdout.fileno(), 1)):
            read += byte
        line = read.decode()
        if not line:
            raise AssertionError(f"the server ended before it printed its address:\n{said}")
        said += line
        if " in a web browser." in line:
            return line.split(" open ", 1)[1].split(" in a web browser.")[0], said
    raise AssertionError(f"no address printed in {timeout} s:\n{said}")


class Page:
    """One browser tab showing the game: its screen as text, keys typed as a person would."""

    def __init__(self, page: PlaywrightPage) -> None:
        self.playwright = page
        #: Where a screenshot goes when something never shows (None: nowhere).
        self.failure_shot: Path | None = None
        #: How often wait_for reads the screen.
        self.poll_seconds = 0.05

    async def evaluate(self, expression: str) -> Any:
        return await self.playwright.evaluate(expression)

    async def open(self, url: str) -> None:
        await self.playwright.add_init_script(KEEP_TERMINAL)
        await self.playwright.goto(url, wait_until="commit")

    async def screen(self) -> str:
        """The text the game shows now (empty before the terminal exists)."""
        return str(await self.playwright.evaluate(SCREEN_TEXT) or "")

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
        state = await self.playwright.evaluate(PAGE_STATE)
        if self.failure_shot is not None:
            await self.screenshot(self.failure_shot)
        raise AssertionError(f"{what} never showed in {timeout} s ({state}); the screen:\n{text}")

    async def settled(self, quiet: float = 0.5, timeout: float = 30.0) -> str:
        """The screen text once it has stayed the same for ``quiet`` seconds: a read can come
        in the middle of a frame (the terminal parses the game's output as it arrives), which
        on a loaded machine showed the top line of a new state without its prompt line."""
        end = time.monotonic() + timeout
        text = await self.screen()
        still_since = time.monotonic()
        while time.monotonic() < end:
            await asyncio.sleep(self.poll_seconds)
            now = await self.screen()
            if now != text:
                text, still_since = now, time.monotonic()
            elif time.monotonic() - still_since >= quiet:
                return text
        return text

    async def press(self, *keys: str) -> None:
        """Type keys as a person would: Playwright's key names (Enter, Escape, ArrowUp…),
        single characters, or ctrl+ and a key."""
        for key in keys:
            if key.startswith("ctrl+"):
                key = "Control+" + key.removeprefix("ctrl+")
            await self.playwright.keyboard.press(key)

    async def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        await self.playwright.screenshot(path=path)


class Browser:
    """The tabs of one browser window (one context: they share cookies)."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context

    async def new_page(self) -> Page:
        return Page(await self.context.new_page())

    async def close_page(self, page: Page) -> None:
        await page.playwright.close()


@contextlib.asynccontextmanager
async def chromium(executable: str, size: tuple[int, int] = (1400, 1000)) -> AsyncIterator[Browser]:
    """A headless Chromium (a profile of its own, ``size`` pixels a tab) while the block runs."""
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=executable, headless=True, args=list(CHROMIUM_FLAGS)
        )
        try:
            context = await browser.new_context(viewport={"width": size[0], "height": size[1]})
            yield Browser(context)
        finally:
            await browser.close()
