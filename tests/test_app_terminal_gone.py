"""A terminal that goes away under a game (ssh dropped, terminal window or tmux session
closed, SIGHUP ignored by ``nohup``): the game is put on disk and the app ends, instead of
playing on for nobody at 60 % of a core."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from fcntl import ioctl
from pathlib import Path
from termios import TIOCSCTTY, TIOCSWINSZ

import pytest
from textual import constants
from textual.drivers._writer_thread import MAX_QUEUED_WRITES, WriterThread
from textual.drivers.headless_driver import HeadlessDriver
from textual.drivers.linux_driver import LinuxDriver
from textual.drivers.web_driver import WebDriver

from bigfive_tui.app import saves
from bigfive_tui.app.driver import EndingDriver, terminal_driver
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.files.lock import FileLock

#: Seconds a process whose terminal went away may take to put its game on disk and end.
ENDS_WITHIN = 10.0


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(folder))
    monkeypatch.delenv("BIGFIVE_AUTOSAVE", raising=False)
    return folder


def _own_terminal_without_hangups() -> None:
    """In the child: the pty becomes its controlling terminal, as a shell's is, so that closing
    it sends SIGHUP and SIGCONT; SIGHUP is ignored, as ``nohup`` or ``trap '' HUP`` leave it."""
    ioctl(0, TIOCSCTTY, 0)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)


class Terminal:
    """``bigfive play`` in a pseudo-terminal, as a terminal window runs it."""

    def __init__(self, data_dir: Path) -> None:
        env = {**os.environ, "BIGFIVE_DATA_DIR": str(data_dir), "TEXTUAL_ANIMATIONS": "none"}
        self.master, slave = pty.openpty()
        ioctl(slave, TIOCSWINSZ, struct.pack("HHHH", 36, 120, 0, 0))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bigfive_tui.cli", "play", "--seed", "11"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            preexec_fn=_own_terminal_without_hangups,
        )
        os.close(slave)
        self.open = True

    def drain(self, seconds: float) -> bytes:
        seen = b""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    seen += os.read(self.master, 65536)
                except OSError:
                    break
        return seen

    def wait_for(self, marker: bytes, timeout: float = 60.0) -> None:
        """Wait for text on the terminal (a slow machine may take seconds to start)."""
        seen = b""
        end = time.monotonic() + timeout
        while marker not in seen:
            if time.monotonic() > end:
                raise AssertionError(f"{marker!r} never appeared on the terminal")
            seen = seen[-4096:] + self.drain(0.2)

    def type(self, keys: bytes, settle: float = 1.0) -> None:
        os.write(self.master, keys)
        self.drain(settle)

    def close(self) -> None:
        """The terminal window goes away."""
        os.close(self.master)
        self.open = False

    def end(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        if self.open:
            self.close()


@pytest.fixture
def terminal(data_dir: Path) -> Iterator[Terminal]:
    running = Terminal(data_dir)
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
    terminal = Terminal(data_dir)
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
