"""Containers laid out in one pass. Textual gives a widget of a new size its size as its
virtual size too, and a new virtual size asks for a second layout, drawn a frame after the one
that showed the change. Widgets that never scroll need no second pass: in the compact drawing
the board and its page shrink and grow with the action bar's prompt on every action.

Those widgets also keep their drawn lines when only their height changes: Textual draws
every line of a widget of a new size again, and in the compact drawing that was the board, its
page and the page switcher on every action (the most of an action's repaint there)."""

from __future__ import annotations

from typing import ClassVar

from textual.containers import Container
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import ContentSwitcher


class KeepsLinesOnNewHeight(Widget):
    """A widget whose lines stay the same when only its height changes (``keeps_lines``
    says when): a new height draws only the rows it adds.

    Put it after the widget's class among the bases: Textual takes the CSS (and the type
    names that queries match) of the first."""

    def keeps_lines(self, size: Size) -> bool:
        """Whether the lines drawn for the widget's size are the lines of ``size`` too (of the
        same width): so for a widget with no border or padding above or below."""
        del size
        styles = self.styles
        top, _, bottom, _ = styles.padding
        edges = (styles.border_top[0], styles.border_bottom[0])
        return not (top or bottom) and all(edge in ("", "none") for edge in edges)

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        old = self._size
        if old.width == size.width and old.height != size.height and self.keeps_lines(size):
            self._size = size  # what Textual compares to draw every line again
            if size.height > old.height:
                self._set_dirty(Region(0, old.height, size.width, size.height - old.height))
        return super()._size_updated(size, virtual_size, container_size, layout)


class OnePassContainer(Container, KeepsLinesOnNewHeight):
    """A container that never scrolls (``overflow: hidden``, Container's own). Its one use, the
    compact drawing's board page, is covered by the board: it draws no lines of its own (see
    ``components/covered.py``)."""

    BLANK: ClassVar[bool] = True
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class OnePassSwitcher(ContentSwitcher, KeepsLinesOnNewHeight):
    """A content switcher that never scrolls (its pages do, where they need to). The page on
    show covers it (each is ``1fr``): it draws no lines of its own."""

    BLANK: ClassVar[bool] = True
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)
