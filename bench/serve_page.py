"""Browser play: the time from opening the page of ``bigfive serve`` to the board shown.

Not a test: it prints figures (record them in docs/benchmarks.md). Needs Chromium (Debian's
``chromium`` package). Run from the project root::

    .venv/bin/python bench/serve_page.py             # 8 page openings of each kind
    .venv/bin/python bench/serve_page.py --runs 20

A real ``bigfive serve`` runs on a free local port with a temporary data folder; a headless
Chromium (the browser test's driver, tests/browser.py, on Playwright) opens the
page in a new tab for every run, 1400×1000 pixels (a 155×43 terminal), and reads the screen from
xterm.js's buffer every 50 ms. The clock starts when the page is asked to navigate.

* **continue**: the tab finds an unfinished game (bench/app.py's mid-game save: 3 guides, turn
  9) among the tab autosaves, as after a reload or a closed tab. "First screen" is the
  new-game screen offering it; Enter continues; "board" is the game screen with the board.
* **first visit**: an empty data folder. Enter on the new-game screen starts the default game;
  "board" is the board drawn behind the first hand-over.

Each run also reports the browser's own ``load`` event (page, xterm.css and textual.js loaded)
and when the page's websocket opened (textual-serve starts the tab's game process then): the
rest is the game process starting and drawing. The tab is closed after each run, and the
next waits until its game process has ended.

**In a terminal, for comparison:** after every *continue* run, the same save is started the way
bench/app.py times it (``bench/app_minimal.py game --load SAVE``, headless at 120×36 with
terminal encoding, spawn to the first frame showing the board), so that a busy machine slows
both alike and the ratio stays readable.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

from app import child_env, load, machine, make_save, spawn  # noqa: E402  (bench/app.py)
from browser import (  # noqa: E402
    Page,
    chromium,
    find_chromium,
    free_port,
    printed_address,
    wait_for_port,
)

TABS = "browser-tabs"


#: Notes when the page's websocket to the game opens (the game process starts then).
SOCKET_OPENED = """
const PageSocket = window.WebSocket;
window.WebSocket = function (url, protocols) {
  const socket = new PageSocket(url, protocols);
  socket.addEventListener("open", () => { window.__socketOpened = performance.now(); });
  return socket;
};
window.WebSocket.prototype = PageSocket.prototype;
"""


@dataclass
class Run:
    loaded_s: float  # navigate to the page's load event
    socket_s: float  # navigate to the websocket open (textual-serve starts the game process)
    first_s: float  # navigate to the new-game screen on the page
    board_s: float  # navigate to the board, with the one Enter between


def board_shown(text: str) -> bool:
    return "West" in text and "East" in text


async def open_and_play(page: Page, url: str, first_words: str) -> Run:
    await page.playwright.add_init_script(SOCKET_OPENED)
    start = time.perf_counter()
    await page.open(url)
    await page.wait_for(lambda text: first_words in text, "the new-game screen")
    first = time.perf_counter() - start
    await page.press("Enter")
    await page.wait_for(board_shown, "the board")
    board = time.perf_counter() - start
    loaded = await page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    socket = await page.evaluate("window.__socketOpened")
    return Run(float(loaded) / 1000, float(socket) / 1000, first, board)


async def bench(
    runs: int, save: Path, data: Path, address: str, url: str, folder: Path
) -> tuple[dict[str, list[Run]], list[float]]:
    executable = find_chromium()
    if executable is None:
        raise SystemExit("bench/serve_page.py needs Chromium: apt-get install chromium")
    results: dict[str, list[Run]] = {"continue": [], "first visit": []}
    terminal: list[float] = []
    env = child_env(folder / "terminal")
    spawn("game", save, env, folder)  # warms its bytecode cache, not counted
    tabs = data / TABS
    async with chromium(executable) as browser:
        warm = await browser.new_page()  # the browser's own first start is not the game's
        await warm.open(address)
        await warm.wait_for(lambda text: "Start the safari" in text, "the warm-up page")
        await browser.close_page(warm)
        for run in range(runs * 2):
            kind = "continue" if run % 2 == 0 else "first visit"
            await until_no_tab_plays(tabs)
            for left in tabs.glob("tab-*.json"):
                left.unlink()  # a first visit finds no game; a continue finds exactly one
            if kind == "continue":
                tabs.mkdir(parents=True, exist_ok=True)
                shutil.copy(save, tabs / "tab-bench.json")
            page = await browser.new_page()
            words = "Continue the saved game" if kind == "continue" else "Start the safari"
            results[kind].append(await open_and_play(page, url, words))
            await browser.close_page(page)
            if kind == "continue":
                terminal.append(spawn("game", save, env, folder).content_s)
    return results, terminal


async def until_no_tab_plays(tabs: Path) -> None:
    end = time.monotonic() + 60
    while list(tabs.glob("tab-*.lock")):
        if time.monotonic() > end:
            raise AssertionError("a closed tab's game process did not end")
        await asyncio.sleep(0.05)


def describe(values: list[float]) -> str:
    return f"{statistics.median(values):6.2f} s  (min {min(values):.2f}, max {max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=8, help="page openings of each kind")
    args = parser.parse_args()
    started = datetime.now().astimezone().isoformat(timespec="seconds")
    print(f"bench/serve_page.py — {started}\n{machine()}, load average {load()}")
    with tempfile.TemporaryDirectory(prefix="bigfive-serve-bench-") as temporary:
        folder = Path(temporary)
        data = folder / "data"
        os.environ["BIGFIVE_DATA_DIR"] = str(data)
        save = make_save(folder)
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "bigfive_tui.cli", "serve", "--port", str(port)],
            stdout=subprocess.PIPE,
        )
        try:
            # The warm-up opens the address with its token; its cookie lets the timed tabs in.
            address, _ = printed_address(server)
            wait_for_port(port, server)
            url = f"http://127.0.0.1:{port}/"
            results, terminal = asyncio.run(bench(args.runs, save, data, address, url, folder))
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(f"{args.runs} page openings of each kind; medians (min, max)")
    for kind, measured in results.items():
        print(f"\n{kind}:")
        print(f"  page loaded (load event)      {describe([r.loaded_s for r in measured])}")
        print(f"  websocket to the game open    {describe([r.socket_s for r in measured])}")
        print(f"  page opened to first screen   {describe([r.first_s for r in measured])}")
        print(f"  page opened to board shown    {describe([r.board_s for r in measured])}")
        enter = [r.board_s - r.first_s for r in measured]
        print(f"    of which Enter to board     {describe(enter)}")
    board = statistics.median(r.board_s for r in results["continue"])
    print(f"\nin a terminal: start to board  {describe(terminal)}")
    print(
        f"browser (continue) / terminal: {board / statistics.median(terminal):.1f}x, "
        f"+{board - statistics.median(terminal):.2f} s"
    )
    print(f"\nload average after the runs: {load()}")


if __name__ == "__main__":
    main()
