"""Widgets whose focus changes restyle the widget alone, not its component classes.

Textual restyles a widget when it gains or loses the focus (``:focus`` rules), and with it
every one of its component classes, each as a node of its own: the board view's 35 cost
about 9 ms each time, one of them at start-up when the board takes the focus. None of our
component rules depends on the focus, so those styles stay as they are (a test holds the
result equal to a full restyle)."""

from __future__ import annotations

from textual.widget import Widget


class FocusKeepsComponentStyles(Widget):
    """Put it after the widget's class among the bases: Textual takes the CSS of the first."""

    _focus_restyle = False  # the styles being updated are for a change of focus

    def watch_has_focus(self, has_focus: bool) -> None:
        self._focus_restyle = True
        try:
            super().watch_has_focus(has_focus)
        finally:
            self._focus_restyle = False

    def _get_component_classes(self) -> frozenset[str]:  # type: ignore[override]
        """None while the focus restyles the widget (Textual then keeps their styles)."""
        return frozenset() if self._focus_restyle else super()._get_component_classes()
