"""One malloc arena for the whole process, where the C library is glibc.

Textual reads keys on a thread of its own, the computer teammates think on worker threads and
the autosave writes on one; glibc gives each thread that allocates while another does an arena
of its own, and each arena keeps the pages its long-lived blocks sit among. Over a 300-action
game that was about 1.3 MiB of the resident set's growth (docs/benchmarks.md, "Long game
memory, third round"). Python allocates under its GIL, so the threads hardly ever wait for the
one arena. The limit only stops arenas being made, so it is set before the app starts a thread.

The call goes through ``_ctypes``, CPython's C half of ctypes, without the ctypes package: the
package is a Python layer over these same calls (``CDLL`` opens a library with
``_ctypes.dlopen``, and its functions are ``CFuncPtr`` classes with ``_flags_`` cdecl), and its
dozens of C types cost ~0.1 MiB of a loaded game's peak memory for this one call
(docs/benchmarks.md, "Peak memory, our own code's side").
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
        import _ctypes
    except ImportError:
        return False

    class IntFunction(_ctypes.CFuncPtr):
        """A C function called as ctypes calls one of a library's: ints in, a C int out."""

        _flags_ = _ctypes.FUNCFLAG_CDECL

    try:
        mallopt = IntFunction(_ctypes.dlsym(_ctypes.dlopen(GLIBC), "mallopt"))
    except OSError:
        return False
    return bool(mallopt(M_ARENA_MAX, 1))
