"""Containers that their children cover whole. Textual draws every line of every container on
screen, also where its children hide it (the game screen's rows and column: 63 lines of 120
cells at start-up, each built through the widget's styles as if it showed); a container that
is always covered draws one blank line for them all (``BLANK``)."""

from __future__ import annotations

from typing import ClassVar

from textual.containers import Horizontal, Vertical


class CoveredRow(Horizontal):
    """A ``Horizontal`` whose children fill it (a ``1fr`` child, or widths that add up to its
    own): nothing of it is ever seen, so it draws nothing of its own."""

    BLANK: ClassVar[bool] = True


class CoveredColumn(Vertical):
    """A ``Vertical`` whose children fill it (a ``1fr`` child): it draws nothing of its own."""

    BLANK: ClassVar[bool] = True
