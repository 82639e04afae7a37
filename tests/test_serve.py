"""``bigfive serve``: its flags and what it says, each tab's own autosave file, the page, and a
game played in a real (headless) Chromium.

The browser test needs Chromium from the system (Debian's ``chromium`` package; ``.ci/run``
installs it). Where there is none it is skipped, saying so — except where
``BIGFIVE_REQUIRE_BROWSER`` is set, as CI sets it: there a missing browser fails the test.
Its screenshots are kept in ``artifacts/browser/`` (``BIGFIVE_ARTIFACTS`` moves them).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from browser import Page, chromium, find_chromium, free_port
from served import Served, answer, serve

from bigfive_tui.app.drawing.themes import SAVANNA, SAVANNA_LIGHT
from bigfive_tui.cli import main
from bigfive_tui.files.lock import FileLock
from bigfive_tui.listen_address import ListenError, check_port, is_local
from bigfive_tui.web.tabs import claim_autosave

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(os.environ.get("BIGFIVE_ARTIFACTS") or ROOT / "artifacts") / "browser"
TITLE = "The Big Five: Safari Tour"


# ------------------------------------------------------------------ flags and messages


@pytest.mark.parametrize("port", ["0", "65536", "-5"])
def test_a_port_out_of_range_is_refused_with_the_range(
    port: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--port", port]) == 2
    err = capsys.readouterr().err
    assert f"--port {port} is not a port; choose one from 1 to 65535" in err


def test_a_port_in_use_is_refused_with_another_to_try(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"port {port} is in use on 127.0.0.1" in err and "--port" in err


def test_a_port_that_is_not_a_number_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--port", "eighty"])
    assert stopped.value.code == 2
    assert "invalid int value: 'eighty'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("host", "words"),
    [
        ("", "--host is empty"),
        ("no-such-host.invalid", "is not an address this computer knows"),
        ("192.0.2.1", "is not an address of this computer"),  # TEST-NET-1: nobody's
    ],
)
def test_a_host_it_cannot_listen_on_is_refused(
    host: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--host", host, "--port", str(free_port())]) == 2
    assert words in capsys.readouterr().err


def test_loopback_names_are_local_and_others_are_not() -> None:
    assert is_local("127.0.0.1") and is_local("localhost") and is_local("::1")
    assert not is_local("0.0.0.0") and not is_local("::")
    with pytest.raises(ListenError, match=r"\(8000 is the default"):
        check_port("127.0.0.1", 70000, 8000)


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def served(data_dir: Path) -> Iterator[Served]:
    server = serve(data_dir)
    yield server
    if server.process.poll() is None:
        out, err = server.stop()
        print(f"The server said:\n{out}\n{err}")  # shown when a test failed


def test_it_says_where_to_open_it_and_that_only_this_computer_can(served: Served) -> None:
    out, err = served.stop()
    assert re.search(
        rf"{TITLE}: open http://127\.0\.0\.1:{served.port}/\?token=[\w-]{{43}} in a web browser\.",
        out,
    )
    assert "Only this computer can reach it: the server listens on 127.0.0.1" in out
    assert f"autosaves and saves go to {served.data}" in out
    assert "Warning" not in out + err and served.process.returncode == 0


def test_a_host_other_computers_reach_is_served_with_a_warning(data_dir: Path) -> None:
    server = serve(data_dir, "--host", "0.0.0.0")
    try:
        # The token is the only way in, whichever address a request comes to.
        assert answer(server.url).status == 403
        assert answer(server.url, cookie=server.cookie).status == 200
    finally:
        out, err = server.stop()
    assert f"On this computer: http://127.0.0.1:{server.port}/?token={server.token}" in out
    assert "Warning: the server listens on 0.0.0.0" in err
    assert f"every computer that can reach port {server.port} of this one can try" in err
    assert "The token in the address is the only way in" in err


# ------------------------------------------------------------------ the page


def fetch(served: Served, host: str | None = None) -> str:
    """The page, as a browser that has the token's cookie gets it."""
    got = answer(served.url, cookie=served.cookie, **({"Host": host} if host else {}))
    assert got.status == 200, got
    return got.text


def test_the_page_has_the_games_title_and_the_themes_colours(served: Served) -> None:
    page = fetch(served)
    assert f"<title>{TITLE}</title>" in page
    assert f"background: {SAVANNA.background};".lower() in page.lower()
    assert "fonts.googleapis.com" not in page  # the font comes from this server
    # A theme chosen in a tab (kept in settings.json) is the next page's too.
    served.data.mkdir(parents=True, exist_ok=True)
    (served.data / "settings.json").write_text('{"theme": "savanna-light"}', encoding="utf-8")
    assert f"background: {SAVANNA_LIGHT.background};".lower() in fetch(served).lower()


def test_the_page_connects_back_to_the_address_the_browser_used(served: Served) -> None:
    page = fetch(served, host=f"safari.example:{served.port}")
    assert f'data-session-websocket-url="ws://safari.example:{served.port}/ws"' in page


# ------------------------------------------------------------------ each tab's autosave


def test_each_claim_gets_a_file_of_its_own(tmp_path: Path) -> None:
    first, taken = claim_autosave(tmp_path)
    second, _ = claim_autosave(tmp_path)
    assert first != second and taken is None
    assert first.parent == tmp_path and first.name.startswith("tab-")


CLAIM = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from bigfive_tui.web.tabs import claim_autosave
    own, taken = claim_autosave(Path(sys.argv[1]))
    if taken is None:
        own.write_text(sys.argv[2])
    print(own, taken or "", sep=chr(10), flush=True)
    time.sleep(float(sys.argv[3]))
    """
)


class Tab:
    """Another process that claims an autosave file (and writes ``text`` into a new one)."""

    def __init__(self, folder: Path, text: str, seconds: float, *, wait: bool = True) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", CLAIM, str(folder), text, str(seconds)],
            stdout=subprocess.PIPE,
            text=True,
        )
        if wait:
            self.claimed()

    def claimed(self) -> None:
        """Wait until the claim is made: ``own`` and ``taken`` are known then."""
        assert self.process.stdout is not None
        self.own = Path(self.process.stdout.readline().strip())
        taken = self.process.stdout.readline().strip()
        self.taken = Path(taken) if taken else None

    def end(self, kill: bool = False) -> None:
        self.process.kill() if kill else None
        self.process.wait()


def test_only_a_regular_file_is_ever_taken_over(tmp_path: Path) -> None:
    """A FIFO (or a folder) named as a tab's game is no game: it is never moved."""
    fifo = tmp_path / "tab-20000101-000000-1-aaaaaa.json"
    os.mkfifo(fifo)
    folder = tmp_path / "tab-20000101-000000-2-bbbbbb.json"
    folder.mkdir()
    own, taken = claim_autosave(tmp_path)
    assert taken is None and own not in (fifo, folder)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and folder.is_dir()


def test_a_game_whose_tab_still_plays_is_never_taken_over(tmp_path: Path) -> None:
    other = Tab(tmp_path, "the other tab's game", 60)
    try:
        own, taken = claim_autosave(tmp_path)
        assert taken is None and own != other.own
        assert other.own.read_text() == "the other tab's game"
    finally:
        other.end(kill=True)


def test_a_killed_tabs_game_goes_on_in_the_next_tab(tmp_path: Path) -> None:
    other = Tab(tmp_path, "left behind", 60)
    other.end(kill=True)  # no clean-up at all: its lock stays, unheld
    assert other.own.with_suffix(".lock").exists()
    own, taken = claim_autosave(tmp_path)
    assert taken == other.own and own.read_text() == "left behind"
    assert not other.own.exists() and not other.own.with_suffix(".lock").exists()


def test_a_closed_tabs_game_goes_on_in_the_next_tab_and_only_in_one(tmp_path: Path) -> None:
    older = Tab(tmp_path, "older", 1)  # two tabs open at the same time, then closed
    newer = Tab(tmp_path, "newer", 1)
    assert older.taken is None and newer.taken is None
    older.end()
    newer.end()
    os.utime(older.own, (1, 1))  # long ago
    assert not list(tmp_path.glob("tab-*.lock"))  # a normal exit lets go of the lock
    next_tab = Tab(tmp_path, "", 60)
    try:
        assert next_tab.taken == newer.own and next_tab.own.read_text() == "newer"
        # Two tabs opening at once: one takes the older game, the other none.
        racing = [Tab(tmp_path, "fresh", 60, wait=False) for _ in range(2)]
        for tab in racing:
            tab.claimed()
        assert sorted(str(tab.taken) for tab in racing) == [str(older.own), "None"]
        assert sorted(tab.own.read_text() for tab in racing) == ["fresh", "older"]
        for tab in racing:
            tab.end(kill=True)
    finally:
        next_tab.end(kill=True)


def test_play_browser_tab_plays_into_a_file_of_its_own(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bigfive_tui.app.files import saves
    from bigfive_tui.app.main import BigFiveApp

    monkeypatch.setenv("BIGFIVE_AUTOSAVE", "")  # so that the variable play sets is undone
    opened: list[Path] = []
    monkeypatch.setattr(BigFiveApp, "run", lambda self: opened.append(saves.autosave_path()))
    assert main(["play", "--browser-tab"]) == 0
    assert main(["play", "--browser-tab"]) == 0
    assert opened[0] != opened[1]
    assert {path.parent for path in opened} == {data_dir / "browser-tabs"}


SERVER_STAND_IN = textwrap.dedent(
    """
    import os, subprocess, sys, time
    # As textual-serve starts a tab's game (and as bigfive serve words the command).
    environment = dict(os.environ, TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver")
    game = subprocess.Popen(
        f"exec {sys.executable} -m bigfive_tui.cli play --browser-tab",
        shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=environment,
    )
    assert game.stdout.readline() == b"__GANGLION__\\n"  # the web driver is up
    print(game.pid, flush=True)
    time.sleep(120)
    """
)


def test_a_tabs_game_ends_when_its_server_is_killed(data_dir: Path) -> None:
    """A killed server cannot end its games: they end themselves, letting go of their files."""
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER_STAND_IN], stdout=subprocess.PIPE, text=True
    )
    assert server.stdout is not None
    game = int(server.stdout.readline())
    ended = False
    try:
        (lock,) = (data_dir / "browser-tabs").glob("tab-*.lock")
        assert FileLock(lock).acquire() is not None  # the game holds it
        server.kill()
        server.wait()
        end = time.monotonic() + 30
        while lock.exists() and FileLock(lock).acquire() is not None:
            assert time.monotonic() < end, "the game played on without its server"
            time.sleep(0.1)
        ended = True
    finally:
        if not ended:  # the test failed: the game this test started is still there
            with contextlib.suppress(ProcessLookupError):
                os.kill(game, signal.SIGKILL)
        server.kill()
        server.wait()


# ------------------------------------------------------------------ in a real browser


def chromium_or_skip() -> str:
    found = find_chromium()
    if found:
        return found
    reason = (
        "no Chromium on this machine: install Debian's chromium package "
        "(apt-get install chromium) to play a game in a real browser"
    )
    if os.environ.get("BIGFIVE_REQUIRE_BROWSER"):
        pytest.fail(f"{reason}. BIGFIVE_REQUIRE_BROWSER is set (as in CI): a failure, not a skip")
    pytest.skip(reason)


def tab_files(data: Path) -> dict[Path, list[str]]:
    """Each tab's autosave file and the actions in it."""
    found = {}
    for path in (data / "browser-tabs").glob("tab-*.json"):
        try:
            found[path] = json.loads(path.read_text(encoding="utf-8"))["record"]["actions"]
        except (OSError, ValueError):
            continue  # being replaced this very moment
    return found


async def settle(condition: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"{what}: not after {timeout} s")
        await asyncio.sleep(0.1)


async def drive_with_the_keyboard(page: Page) -> str:
    """From the first hand-over: draw, then drive to the first marked space with ``m`` and
    Enter. When the card keeps the guide from driving (a flat tyre), end the turn, as a player
    would, and let the next guide drive. The screen once a vehicle has moved."""
    for _ in range(6):
        await page.wait_for(lambda text: "Draw the card" in text, "the hand-over")
        await page.press("Enter")
        await page.wait_for(lambda text: "Press any key to go on" in text, "the card")
        await page.press(" ")
        await page.wait_for(
            lambda text: "actions left" in text and "Press any key" not in text, "the game"
        )
        await page.press("m")
        await page.wait_for(lambda text: "Move: " in text, "the move's answer")
        # The whole answer: the top line's "Move: choose…" was once read before the prompt
        # line below it (with "Enter to confirm") had arrived, and the turn was ended.
        text = await page.settled()
        if "Enter to confirm" in text:
            await page.press("Enter")
            return await page.wait_for(lambda text: " drives to " in text, "the move")
        await page.press("e")  # the turn's actions are lost: a dialog asks first
        await page.wait_for(lambda text: "End the turn" in text, "the question")
        await page.press("Enter")
    raise AssertionError("no guide could drive in six turns")


async def test_a_game_in_a_real_browser(served: Served) -> None:
    """Open the page, start a game with Enter, draw, move with the keyboard; a second tab plays
    a game of its own; a closed tab's game goes on in the next tab."""
    executable = chromium_or_skip()
    async with chromium(executable) as browser:
        page = await browser.new_page()
        page.failure_shot = ARTIFACTS / "failed.png"
        await page.open(served.address)  # the address printed, with its token
        await page.wait_for(lambda text: "Start the safari" in text, "the new-game screen")
        assert await page.evaluate("document.title") == TITLE
        # The token went into a cookie, and out of the address the browser shows.
        assert await page.evaluate("location.href") == served.url
        assert await page.evaluate("document.cookie") == ""  # HttpOnly: no script reads it
        await page.screenshot(ARTIFACTS / "1-new-game.png")

        await page.press("Enter")  # start the default game: Jack and Kate
        screen = await drive_with_the_keyboard(page)
        driver = re.findall(r"(Jack|Kate) drives to", screen)[-1]

        # The board (both park gates, spaces by piece and number) and the guides' boards.
        assert re.search(r"West .*East", screen) and screen.count("gate") >= 2
        assert re.search(r"[♠♦●★♥▲♪♣■][1-6a-c]", screen)
        assert "Jack · the ranger" in screen and "Kate · the spotter" in screen
        await page.screenshot(ARTIFACTS / "2-after-a-move.png")
        # A named save goes to the data folder, as in the terminal (Ctrl+S reaches the game).
        await page.press("ctrl+s")
        await page.wait_for(lambda text: "Save the game" in text, "the save dialog")
        # The suggested name is selected: typing replaces it. Enter only once the name shows:
        # in a burst of keys, Textual was seen to apply bound keys (Backspace) after letters
        # typed after them.
        await page.press(*"from-a-tab")
        await page.wait_for(lambda text: " from-a-tab " in text, "the name typed")
        await page.press("Enter")
        await settle(lambda: (served.data / "saves" / "from-a-tab.json").is_file(), "the save")
        # The file is written before the dialog closes: on a loaded CI machine the next wait
        # for "Save the game" matched this dialog still shown, and the path's "/" reached the
        # game screen (the log's search) while the dialog was closing.
        await page.wait_for(lambda text: "Save the game" not in text, "the save dialog closed")
        saved = (served.data / "saves" / "from-a-tab.json").read_text()
        # A tab saves by name only, inside the data folder: a path is refused, saying so.
        await page.press("ctrl+s")
        await page.wait_for(lambda text: "Save the game" in text, "the save dialog again")
        await page.press(*"../../escaped")
        await page.wait_for(lambda text: " ../../escaped " in text, "the path typed")
        await page.press("Enter")
        await page.wait_for(lambda text: "saves by name only" in text, "the path refused")
        outside = (served.data / "saves" / "../../escaped.json").resolve()
        assert not outside.exists() and not list(served.data.rglob("escaped*"))
        # A name that is taken asks before replacing, and Enter keeps the save. The dialog is
        # opened anew (its suggested name selected, so typing replaces it): a burst of
        # Backspaces was seen to land after the letters typed next on a loaded machine.
        await page.press("Escape")
        await page.wait_for(lambda text: "Save the game" not in text, "the refusing dialog closed")
        await page.press("ctrl+s")
        await page.wait_for(lambda text: "Save the game" in text, "the save dialog a third time")
        await page.press(*"from-a-tab")
        await page.wait_for(lambda text: " from-a-tab " in text, "the taken name typed")
        await page.press("Enter")
        await page.wait_for(lambda text: "exists already. Replace it?" in text, "the question")
        await page.press("Enter")
        await page.wait_for(lambda text: "from-a-tab.json is kept" in text, "the save kept")
        await page.press("Escape")
        await page.wait_for(lambda text: "Save the game" not in text, "the dialog closed")
        assert (served.data / "saves" / "from-a-tab.json").read_text() == saved
        await settle(lambda: len(tab_files(served.data)) == 1, "the autosave")
        ((first, actions),) = tab_files(served.data).items()
        assert actions[0] == "draw" and actions[-1].startswith("move ")

        # A second tab: a game of its own, in a file of its own (the first is left alone).
        second = await browser.new_page()
        await second.open(served.url)
        text = await second.wait_for(lambda text: "Start the safari" in text, "a second game")
        assert "Continue the saved game" not in text  # the first tab's game is not offered
        await second.press("Enter")
        await second.wait_for(lambda text: "Draw the card" in text, "the second hand-over")
        await settle(lambda: len(tab_files(served.data)) == 2, "the second tab's autosave")
        assert tab_files(served.data)[first] == actions

        # Close the first tab: its game is offered in the next tab, and goes on there.
        await browser.close_page(page)
        locks = served.data / "browser-tabs"
        await settle(lambda: len(list(locks.glob("tab-*.lock"))) == 1, "the closed tab's exit")
        third = await browser.new_page()
        await third.open(served.url)
        await third.wait_for(lambda text: "Continue the saved game" in text, "the offer")
        await third.press("Enter")
        await third.wait_for(lambda text: f"{driver} drives to" in text, "the same game")
        await third.press("O")  # load: the second key of Ctrl+O, which a browser may keep
        await third.wait_for(lambda text: "from-a-tab" in text, "the named save in the list")
        await third.screenshot(ARTIFACTS / "3-continued-in-a-new-tab.png")
