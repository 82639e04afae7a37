"""The footer of the game screen as one widget: the shown key bindings on one line.

Textual's Footer recomposes on every ``refresh_bindings``: it unmounts and mounts one
FooterKey widget per binding, styles each and lays the screen out again, 15-20 ms each time,
several times per action. This bar draws the same line as one Content and repaints only when
the line changed."""

from __future__ import annotations

from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

KEY_STYLE = "bold $footer-key-foreground on $footer-key-background"
TEXT_STYLE = "$footer-description-foreground"


class KeyBar(Static):
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom; height: 1; width: 1fr;
        background: $footer-background; color: $footer-foreground;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._shown: tuple[object, ...] | None = None
        self._pending = False

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def on_resize(self) -> None:
        self._redraw()

    def _bindings_changed(self, screen: Screen) -> None:  # type: ignore[type-arg]
        if not self._pending and self.is_attached and screen is self.screen:
            self._pending = True  # several refresh_bindings in one handler: one redraw
            self.call_later(self._redraw)

    def _redraw(self) -> None:
        self._pending = False
        app = self.app
        entries: list[tuple[str, str, bool]] = []  # key(s), description, enabled
        groups: dict[object, int] = {}  # binding group -> index in entries
        seen: set[str] = set()
        for active in self.screen.active_bindings.values():
            binding = active.binding
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            key = app.get_key_display(binding)
            group = binding.group
            if group is None:
                entries.append((key, binding.description, active.enabled))
            elif group in groups:
                keys, description, enabled = entries[groups[group]]
                entries[groups[group]] = (keys + key, description, enabled)
            else:
                groups[group] = len(entries)
                entries.append((key, group.description, True))
        palette = self._palette()
        signature = (tuple(entries), palette, self.size.width)
        if signature == self._shown:
            return
        self._shown = signature
        parts = [
            Content.assemble((f" {key} ", KEY_STYLE), (f"{description} ", TEXT_STYLE)).stylize(
                "" if enabled else "dim"
            )
            for key, description, enabled in entries
        ]
        line = Content("").join(parts)
        if palette is not None:
            right = Content.assemble(("▏", TEXT_STYLE), palette)
            gap = max(1, self.size.width - line.cell_length - right.cell_length)
            line = Content.assemble(line, " " * gap, right)
        self.update(line, layout=False)

    def _palette(self) -> Content | None:
        """The command palette's key, right-aligned as in Textual's Footer."""
        app = self.app
        if not app.ENABLE_COMMAND_PALETTE:
            return None
        active = self.screen.active_bindings.get(app.COMMAND_PALETTE_BINDING)
        if active is None:
            return None
        key = app.get_key_display(active.binding)
        return Content.assemble(
            (f"{key} ", KEY_STYLE), (f"{active.binding.description} ", TEXT_STYLE)
        )
