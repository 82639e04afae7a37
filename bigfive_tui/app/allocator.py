"""One malloc arena for the whole process, where the C library is glibc.

Textual reads keys on a thread of its own, the computer teammates think on worker threads and
the autosave writes on one; glibc gives each thread that allocates while another does an arena
of its own, and each arena keeps the pages its long-lived blocks sit among. Over a 300-action
game that was about 1.3 MiB of the resident set's growth (docs/benchmarks.md, "Long game
memory, third round"). Python allocates under its GIL, so the threads hardly ever wait for the
one arena. The limit only stops arenas being made, so it is set before the app starts a thread.
"""

from __future__ import annotations

import sys

#: glibc's mallopt() parameter for the most arenas (malloc.h).
M_ARENA_MAX = -8


def one_malloc_arena() -> bool:
    """Ask the C library for one arena; True when it took the setting (glibc), False where
    there is no such setting (another C library or system), which changes nothing."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt  # the C library the interpreter runs on
    except (OSError, AttributeError):
        return False
    return bool(mallopt(M_ARENA_MAX, 1))
