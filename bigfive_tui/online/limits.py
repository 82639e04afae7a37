"""How much a client may send: the size of one message and how many it may send a second;
and how much a client takes from a host.

A message larger than :data:`MESSAGE_LIMIT` bytes ends the connection (the websocket refuses
to read it whole); a client over its rate is answered with a refusal, and one that goes on
flooding is hung up on. A person clicking sends a few messages a second at most. Asking for
the timeline's pages has a rate of its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: The largest message a client may send, in bytes (a join is about 200).
MESSAGE_LIMIT = 4096
#: Messages a second a client may send on average, and in one burst.
RATE = 20.0
BURST = 40.0
#: Messages refused for the rate, in a row, before the host hangs up.
FLOOD_LIMIT = 50
#: Pages of the timeline a client may ask for a second, and in one burst: a page costs the
#: host some milliseconds (replaying moments), so they have a tighter rate of their own. A
#: long game's whole timeline is a burst of about 16 pages.
TIMELINE_RATE = 4.0
TIMELINE_BURST = 40.0

#: Browser tabs a table serves at once: each is a game process on the host's computer
#: (``bigfive join`` for the tab), so whoever has the invitation may not start them without
#: end. Five seats and as many watchers, each with a tab to spare.
BROWSER_TABS = 20

#: The largest message a client reads from the host, in bytes: a long game's whole view or a
#: page of its timeline is some 100 KB.
HOST_MESSAGE_LIMIT = 4 * 1024 * 1024
#: The most steps, moves or timeline moments a client keeps of one game: the longest game
#: has some thousands of steps.
KEPT_LIMIT = 50_000


class Rate:
    """A token bucket: ``allow()`` takes one message's token, or says the client is too fast."""

    def __init__(
        self, rate: float = RATE, burst: float = BURST, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = burst
        self.last = clock()
        self.refused_in_a_row = 0

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.refused_in_a_row = 0
            return True
        self.refused_in_a_row += 1
        return False

    @property
    def flooding(self) -> bool:
        return self.refused_in_a_row >= FLOOD_LIMIT
