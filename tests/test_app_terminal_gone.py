"""A terminal that goes away under a game (ssh dropped, terminal window or tmux session
closed, SIGHUP ignored by ``nohup``): the game is put on disk and the app ends, instead of
playing on for nobody at 60 % of a core."""

from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from pty_terminal import Terminal
from textual import constants
from textual.drivers._writer_thread import MAX_QUEUED_WRITES, WriterThread
from textual.drivers.headless_driver import HeadlessDriver
from textual.drivers.linux_driver import LinuxDriver
from textual.drivers.web_driver import WebDriver

from bigfive_tui.app.files import saves
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.terminal.driver import EndingDriver, terminal_driver
from bigfive_tui.files.lock import FileLock

#: Seconds a process whose terminal went away may take to put its game on disk and end.
ENDS_WITHIN = 10.0


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(folder))
    monkeypatch.delenv("BIGFIVE_AUTOSAVE", raising=False)
    return folder


@pytest.fixture
def terminal(data_dir: Path) -> Iterator[Terminal]:
    running = Terminal(data_dir, ignore_hangups=True)
    yield running
    running.end()


def _start_and_draw(terminal: Terminal) -> None:
    """Start the default game from the new-game screen and draw the first event card."""
    terminal.wait_for(b"Quit")  # the new-game screen is up
    terminal.drain(0.5)
    terminal.type(b"\r")  # start the default game
    terminal.type(b"\r")  # hand-over: draw the card


def _ended(process: subprocess.Popen[bytes]) -> int | None:
    try:
        return process.wait(timeout=ENDS_WITHIN)
    except subprocess.TimeoutExpired:
        return None


def test_a_closed_terminal_ends_the_app_with_the_game_autosaved(
    terminal: Terminal, data_dir: Path
) -> None:
    _start_and_draw(terminal)
    terminal.close()
    assert _ended(terminal.process) == 0, f"still running {ENDS_WITHIN} s after the terminal went"
    autosave = json.loads(saves.autosave_path().read_text())
    assert autosave["record"]["actions"] == ["draw"]
    # It ended as a quit ends: the lock is given back, so the next start continues the game.
    assert FileLock(data_dir / "autosave.lock").acquire() is None


def test_a_closed_terminal_keeps_a_game_the_autosave_cannot_hold(data_dir: Path) -> None:
    """Another bigfive holds the autosave file, so this one's game is only in memory: with
    nobody left to ask, it goes among the named saves (``unfinished-<time>``)."""
    data_dir.mkdir(parents=True)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path; from bigfive_tui.files.lock import FileLock; "
            f"assert FileLock(Path({str(data_dir / 'autosave.lock')!r})).acquire() is None; "
            "print('held', flush=True); sys.stdin.read()",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    terminal = Terminal(data_dir, ignore_hangups=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        _start_and_draw(terminal)
        terminal.close()
        assert _ended(terminal.process) == 0
    finally:
        terminal.end()
        holder.communicate("")
    assert not saves.autosave_path().exists()  # the other process's file is left alone
    (kept,) = saves.saves_dir().glob("unfinished-*.json")
    assert saves.read_save(kept).session.texts == ["draw"]
    assert not list(data_dir.glob("autosave.*.json"))  # nothing left beside it on the way


async def test_the_hang_up_does_not_restart_the_terminal_but_ctrl_z_and_fg_do(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hang-up comes with SIGCONT, as ``fg`` after Ctrl+Z does; only the terminal that is
    still there is taken up again (Textual would start a second input thread on the gone one)."""
    # The driver sets handlers for SIGTSTP and SIGCONT: the test process's stay as they are.
    monkeypatch.setattr(signal, "signal", lambda *_: None)
    driver = EndingDriver(BigFiveApp(autosave=False))
    resumed: list[int] = []
    monkeypatch.setattr(driver, "resume_application_mode", lambda: resumed.append(driver.fileno))
    master, slave = pty.openpty()
    driver.input_tty, driver.fileno = True, slave
    try:
        driver._sigcont_application()
        assert resumed == [slave]  # back from Ctrl+Z
        os.close(master)
        driver._sigcont_application()
        assert resumed == [slave]  # hung up
    finally:
        os.close(slave)


async def test_nothing_waits_on_the_terminal_once_it_has_gone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Textual's writer thread dies at the first write to a terminal that has hung up; the
    frames drawn after that fill its queue, and the next write, or the stop when the app ends,
    would wait for good."""
    monkeypatch.setattr(signal, "signal", lambda *_: None)  # as above
    driver = EndingDriver(BigFiveApp(autosave=False))
    with open(os.devnull, "w") as devnull:
        dead = WriterThread(devnull)  # never started: as the dead one, it takes nothing out
        for _ in range(MAX_QUEUED_WRITES):
            dead.write("a frame")
        driver._writer_thread = dead
        driver.terminal_gone = True

        def write_and_close() -> None:
            driver.write("the next frame")
            driver.close()

        writing = threading.Thread(target=write_and_close, daemon=True)
        writing.start()
        writing.join(timeout=5)
        assert not writing.is_alive(), "waits on a writer thread that takes nothing"


def test_the_terminal_driver_is_ours_and_any_other_is_textuals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert terminal_driver(LinuxDriver) is EndingDriver
    assert terminal_driver(HeadlessDriver) is HeadlessDriver
    assert BigFiveApp(autosave=False).driver_class is EndingDriver
    # ``bigfive serve`` runs each tab's game with the browser's driver named in TEXTUAL_DRIVER.
    monkeypatch.setattr(constants, "DRIVER", "textual.drivers.web_driver:WebDriver")
    assert BigFiveApp(autosave=False).driver_class is WebDriver
