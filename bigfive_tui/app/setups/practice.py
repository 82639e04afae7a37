"""Practice with computer teammates: the pace of their turns and the hints a player asked for.

Both belong to a game as much as its computer seats do, so a save keeps them
(:class:`bigfive_tui.app.files.saves.PracticeNote`) and a loaded game goes on with them.
"""

from __future__ import annotations

from typing import Final
from weakref import WeakKeyDictionary

from bigfive_tui.engine.session import Session

#: The paces of computer turns, as the pace key cycles through them, with their words; each
#: is a share of the app's computer delay (None: wait for the next-action key).
PACES: Final[dict[str, tuple[str, float | None]]] = {
    "normal": ("normal", 1.0),
    "step": ("step by step (. plays the next action)", None),
    "instant": ("instant", 0.0),
    "fast": ("fast", 0.3),
}
PACE_ORDER: Final = tuple(PACES)
#: The teammates' strengths (players/teammates.py): the search player, and the greedy bot.
STRENGTHS: Final = ("strong", "steady")

#: Hints asked for in each game (the end screen counts them, saves keep them).
_HINTS: WeakKeyDictionary[Session, int] = WeakKeyDictionary()


def hints_used(session: Session) -> int:
    return _HINTS.get(session, 0)


def count_hint(session: Session) -> None:
    _HINTS[session] = hints_used(session) + 1


def set_hints(session: Session, hints: int) -> None:
    """A loaded game (or one going on from an edited position) keeps the hints asked."""
    _HINTS[session] = hints
