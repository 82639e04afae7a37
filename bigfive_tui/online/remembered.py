"""The seats this computer sat at, with their secrets, so that a client that was closed or
killed comes back to its seat by running ``bigfive join`` with the same invitation again.

One small JSON file in the data folder; it is a convenience, so a file that cannot be read
is as good as none (and is replaced only when it is a regular file).
"""

from __future__ import annotations

import contextlib
import json
import stat
from pathlib import Path

from bigfive_tui.files.reading import LoadError, read_json
from bigfive_tui.files.writing import write_atomically
from bigfive_tui.online.invitation import Invitation

FILE_NAME = "online-seats.json"
#: Seats remembered at most (the oldest forgotten first).
KEPT = 50


def _key(invitation: Invitation, who: str = "") -> str:
    """The table's place, and (for a host's browser tabs, which share the host's data folder)
    the browser that sat there."""
    place = f"{invitation.host}:{invitation.port}/{invitation.table}"
    return f"{place} {who}" if who else place


def _read(path: Path) -> dict[str, dict[str, object]]:
    try:
        data = read_json(path)
    except LoadError:
        return {}
    return data if isinstance(data, dict) else {}


def remembered_seat(folder: Path, invitation: Invitation, who: str = "") -> tuple[int, str] | None:
    entry = _read(folder / FILE_NAME).get(_key(invitation, who))
    if not isinstance(entry, dict):
        return None
    seat, secret = entry.get("seat"), entry.get("secret")
    if isinstance(seat, int) and 0 <= seat <= 4 and isinstance(secret, str) and secret:
        return seat, secret
    return None


def remember_seat(
    folder: Path, invitation: Invitation, seat: int, secret: str, who: str = ""
) -> None:
    path = folder / FILE_NAME
    try:
        if not stat.S_ISREG(path.lstat().st_mode):
            return
    except FileNotFoundError:
        pass
    except OSError:
        return
    seats = _read(path)
    seats.pop(_key(invitation, who), None)
    seats[_key(invitation, who)] = {"seat": seat, "secret": secret}
    kept = dict(list(seats.items())[-KEPT:])
    with contextlib.suppress(OSError):
        write_atomically(path, json.dumps(kept, indent=1))
