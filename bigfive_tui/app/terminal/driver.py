"""The terminal driver on Linux and macOS: Textual's own, except when the terminal goes away.

A terminal closed under a game whose process ignores SIGHUP (``nohup``, an ``ssh`` connection
that dropped, a tmux session killed) leaves the input at its end: Textual 8.2.8's input thread
then selects, reads nothing and selects again, about 60 % of a core for good, and the app plays
on for nobody (Textualize/textual#6690, open, stops the reading but keeps the app running).
Here the end of input is news for the app instead (:class:`TerminalGone`): it puts the game in
play on disk and ends. The hang-up also sends SIGCONT, on which Textual would start a second
input thread, and every write to the terminal fails from then on; both are left out.
"""

from __future__ import annotations

import os
import selectors
from codecs import getincrementaldecoder

from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver

from bigfive_tui.app.messages import TerminalGone

#: Bytes read from the terminal at once, as Textual reads them.
READ_SIZE = 4096
#: Seconds between the input thread's looks at whether the app is stopping (Textual's figure).
POLL_SECONDS = 0.1


def terminal_driver(chosen: type[Driver]) -> type[Driver]:
    """Ours where Textual chose its Linux driver; any other (the browser's, a test's) as is."""
    return EndingDriver if chosen is LinuxDriver else chosen


class EndingDriver(LinuxDriver):
    """Textual's Linux driver, whose end of input ends the app."""

    #: Set by the input thread when the terminal has gone (read by the app's thread).
    terminal_gone = False

    def run_input_thread(self) -> None:
        """Textual's input loop (8.2.8), but an empty read (or a failing one) is the end."""
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")().decode
        with selectors.SelectSelector() as selector:
            selector.register(self.fileno, selectors.EVENT_READ)
            while not self.exit_event.is_set():
                if selector.select(POLL_SECONDS):
                    try:
                        data = os.read(self.fileno, READ_SIZE)
                    except OSError:  # EIO: the terminal has hung up
                        data = b""
                    if not data:
                        self._end_of_input()
                        return
                    for event in parser.feed(decode(data)):
                        self.process_message(event)
                for event in parser.tick():
                    self.process_message(event)

    def _end_of_input(self) -> None:
        self.terminal_gone = True
        self._app.post_message(TerminalGone())

    def write(self, data: str) -> None:
        """Nothing reaches a terminal that has gone: Textual's writer thread dies on the first
        write there, and a write after its queue is full would wait for good."""
        if not self.terminal_gone:
            super().write(data)

    def close(self) -> None:
        """The writer thread is stopped unless the terminal has gone (see :meth:`write`)."""
        if not self.terminal_gone:
            super().close()

    def _sigcont_application(self, *_: object) -> None:
        """Back from Ctrl+Z; not the SIGCONT that comes with a hang-up (the input, once a
        terminal, is none any more), which would start a second input thread."""
        if self.input_tty and not os.isatty(self.fileno):
            return
        super()._sigcont_application()
