"""One malloc arena for the whole process, where the C library is glibc.

Textual reads keys on a thread of its own, the computer teammates think on worker threads and
the autosave writes on one; glibc gives each thread that allocates while another does an arena
of its own, and each arena keeps the pages its long-lived blocks sit among. Over a 300-action
game that was about 1.3 MiB of the resident set's growth (docs/benchmarks.md, "Long game
memory, third round"). Python allocates under its GIL, so the threads hardly ever wait for the
one arena. The limit only stops arenas being made, so it is set before the app starts a thread.

The call goes through ctypes, Python's documented way to call a C library. (It went through
``_ctypes``, CPython's private C half of ctypes, to save the package's ~0.1 MiB of peak memory;
measured on 2026-12-07 the package costs no target: a loaded game's peak 50.8 MiB against
50.7 MiB = 1.13x minimal+pydantic, target 1.25x, and the same 1,745 M start-up instructions,
docs/benchmarks.md, "Issue 26".)
"""

from __future__ import annotations

import sys

#: glibc's mallopt() parameter for the most arenas (malloc.h).
M_ARENA_MAX = -8
#: glibc's library, by the name it has on every Linux with glibc (musl, say, has none).
GLIBC = "libc.so.6"


def one_malloc_arena() -> bool:
    """Ask the C library for one arena; True when it took the setting (glibc), False where
    there is no such setting (another C library or system, a Python without ctypes), which
    changes nothing."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes
    except ImportError:  # a Python built without libffi
        return False
    try:
        mallopt = ctypes.CDLL(GLIBC).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_ARENA_MAX, 1))
