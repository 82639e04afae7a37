"""Widgets that keep the drawing of their content while what it shows is the same.

Textual draws a widget's content again whenever the widget is refreshed, also when only its
border title changed (a player board's "3 actions left") or when the content goes back to one
it showed a moment ago (the action keys: the actions, the targets of one, the actions again).
Drawing content (markup styles, wrapping, click targets) is the dearest part of a move's
repaint, so these widgets keep their drawings by a key that says what the content shows.
"""

from __future__ import annotations

from collections.abc import Hashable

from textual.strip import Strip
from textual.widget import Widget, _RenderCache


class KeptDrawing(Widget):
    """A widget whose drawings are kept by ``drawing_key`` (set it with the content): the same
    key, size, theme and style draw the same strips. ``KEPT`` drawings at most."""

    KEPT = 1
    #: What the content shows now; None draws it anew every time.
    drawing_key: Hashable = None
    _drawings: dict[Hashable, list[Strip]] | None = None

    def _render_content(self) -> None:
        if self.drawing_key is None:
            super()._render_content()
            return
        key = (self.drawing_key, self.size, self.app.theme, self.visual_style)
        if self._drawings is None:
            self._drawings = {}
        strips = self._drawings.get(key)
        if strips is None:
            super()._render_content()
            if len(self._drawings) >= self.KEPT:
                self._drawings.clear()
            self._drawings[key] = self._render_cache.lines
            return
        self._render_cache = _RenderCache(self.size, strips)
        self._dirty_regions.clear()
