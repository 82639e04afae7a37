"""The real ``bigfive play`` in a pseudo-terminal, as a terminal window runs it (no tests here):
for what only a real process shows (a kill, a terminal that goes away)."""

from __future__ import annotations

import os
import pty
import select
import signal
import struct
import subprocess
import sys
import time
from fcntl import ioctl
from pathlib import Path
from termios import TIOCSCTTY, TIOCSWINSZ

#: The terminal's lines and columns.
ROWS, COLUMNS = 36, 120


def _as_in_a_terminal_window() -> None:
    """In the child: the pty becomes its controlling terminal, as a shell's is, so that closing
    the terminal sends SIGHUP and SIGCONT."""
    ioctl(0, TIOCSCTTY, 0)


def _ignoring_hangups() -> None:
    """As above, with SIGHUP ignored, as ``nohup`` or ``trap '' HUP`` leave it."""
    _as_in_a_terminal_window()
    signal.signal(signal.SIGHUP, signal.SIG_IGN)


class Terminal:
    """``bigfive play --seed 11`` in a pseudo-terminal of :data:`ROWS` × :data:`COLUMNS`, with
    its data in ``data_dir``."""

    def __init__(self, data_dir: Path, *, ignore_hangups: bool = False) -> None:
        env = {**os.environ, "BIGFIVE_DATA_DIR": str(data_dir), "TEXTUAL_ANIMATIONS": "none"}
        self.master, slave = pty.openpty()
        ioctl(slave, TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bigfive_tui.cli", "play", "--seed", "11"],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            preexec_fn=_ignoring_hangups if ignore_hangups else _as_in_a_terminal_window,
        )
        os.close(slave)
        self.open = True

    def drain(self, seconds: float) -> bytes:
        """What the app writes in the next ``seconds`` (read, so that it never waits on us)."""
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
        """Kill the app if it still runs, and close the terminal if it is still open."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        if self.open:
            self.close()
