"""Containers laid out in one pass. Textual gives a widget of a new size its size as its
virtual size too, and a new virtual size asks for a second layout, drawn a frame after the one
that showed the change. Widgets that never scroll need no second pass: in the compact drawing
the board and its page shrink and grow with the action bar's prompt on every action."""

from __future__ import annotations

from textual.containers import Container
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import ContentSwitcher


class OnePassContainer(Container):
    """A container that never scrolls (``overflow: hidden``, Container's own)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class OnePassSwitcher(ContentSwitcher):
    """A content switcher that never scrolls (its pages do, where they need to)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)
