"""The games in the box, by the names that settings, messages and the app's options use (a
module of its own: the start-up needs the names, not the new-game screens' game switcher)."""

from __future__ import annotations

BIG_FIVE = "big-five"
PHOTO_SAFARI = "photo-safari"
