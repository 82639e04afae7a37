"""The footer of the game screen as one widget: the shown key bindings on one line.

Textual's Footer recomposes on every ``refresh_bindings``: it unmounts and mounts one
FooterKey widget per binding, styles each and lays the screen out again, 15-20 ms each time,
several times per action. This bar draws the same line as one Content and repaints only when
the line changed.

At 120 columns target mode has more keys than room, and Textual cuts the line at the edge,
mid-key. The bar leaves out whole keys instead, the least useful first: the app's own keys
(rules, save, quit: in the help and the palette too), then the keys that only change the view
(the board's size, the timeline, the log), then the palette's, then the keys of the current
mode, from the right. The way back (Esc) and help, which lists every key, stay to the last."""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum

from textual.app import App
from textual.binding import ActiveBinding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from bigfive_tui.app.components.kept_drawing import KeptDrawing
from bigfive_tui.app.keys.table import VIEW_KEYS


class Rank(IntEnum):
    """How much a key matters on the bar: when they do not all fit, the highest goes first."""

    ESSENTIAL = 0  # the way back (Esc) and help, which names every other key
    MODE = 1  # the keys of what the player is doing now
    PALETTE = 2
    VIEW = 3  # keys that change only what is shown (the board's size, the timeline, the log)
    GENERAL = 4  # the app's own keys (save, quit, rules), listed in help and the palette


ESSENTIAL, MODE, PALETTE, VIEW, GENERAL = Rank
#: The actions of the view keys (app/keys/table.py) that rank as VIEW; the compact layout's panels
#: key is how the other guides and the log are reached there, so it stays a mode key.
_VIEW_ACTIONS = frozenset(entry.action for entry in VIEW_KEYS if entry.action != "panels")

KEY_STYLE = "bold $footer-key-foreground on $footer-key-background"
TEXT_STYLE = "$footer-description-foreground"


class KeyBar(KeptDrawing, Static):
    KEPT = 8
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom; height: 1; width: 1fr;
        background: $footer-background; color: $footer-foreground;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._shown: tuple[object, ...] | None = None
        #: Lines made for the key sets shown so far: a move goes from the actions to target
        #: mode and back, and the line is drawn again each time (drawings: KeptDrawing).
        self._lines: dict[tuple[object, ...], tuple[Content, list[str]]] = {}
        self._pending = False
        #: The way back or help left out for want of room: the screen should make room.
        self.left_out_essential: list[str] = []

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
        entries: list[tuple[str, str, bool, Rank]] = []  # key(s), description, enabled, rank
        groups: dict[object, int] = {}  # binding group -> index in entries
        seen: set[str] = set()
        bindings = self.screen.active_bindings  # worked out anew at each read: read once
        for active in bindings.values():
            binding = active.binding
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            key = app.get_key_display(binding)
            group = binding.group
            if group is None:
                entries.append((key, binding.description, active.enabled, _rank(active)))
            elif group in groups:
                keys, description, enabled, rank = entries[groups[group]]
                entries[groups[group]] = (keys + key, description, enabled, rank)
            else:
                groups[group] = len(entries)
                entries.append((key, group.description, True, _rank(active)))
        palette = self._palette(bindings)
        signature = (tuple(entries), palette, self.size.width)
        if signature == self._shown:
            return
        self._shown = self.drawing_key = signature
        kept = self._lines.get(signature)
        if kept is None:
            if len(self._lines) >= self.KEPT:
                self._lines.clear()
            kept = self._lines[signature] = self._line(entries, palette)
        line, self.left_out_essential = kept
        self.update(line, layout=False)

    def _line(
        self, entries: list[tuple[str, str, bool, Rank]], palette: Content | None
    ) -> tuple[Content, list[str]]:
        """The keys that fit, in one line, and the essential keys left out for want of room."""
        parts = [
            (
                Content.assemble((f" {key} ", KEY_STYLE), (f"{description} ", TEXT_STYLE)).stylize(
                    "" if enabled else "dim"
                ),
                rank,
            )
            for key, description, enabled, rank in entries
        ]
        right = None if palette is None else Content.assemble(("▏", TEXT_STYLE), palette)
        kept, right = fitted(parts, right, self.size.width)
        shown = {id(content) for content, _ in kept}
        left_out = [
            content.plain.strip()
            for content, rank in parts
            if id(content) not in shown and rank == ESSENTIAL
        ]
        line = Content("").join(part for part, _ in kept)
        if right is not None:
            gap = max(1, self.size.width - line.cell_length - right.cell_length)
            line = Content.assemble(line, " " * gap, right)
        return line, left_out

    def _palette(self, bindings: Mapping[str, ActiveBinding]) -> Content | None:
        """The command palette's key, right-aligned as in Textual's Footer."""
        app = self.app
        if not app.ENABLE_COMMAND_PALETTE:
            return None
        active = bindings.get(app.COMMAND_PALETTE_BINDING)
        if active is None:
            return None
        key = app.get_key_display(active.binding)
        return Content.assemble(
            (f"{key} ", KEY_STYLE), (f"{active.binding.description} ", TEXT_STYLE)
        )


def _rank(active: ActiveBinding) -> Rank:
    binding = active.binding
    action = binding.action.removeprefix("app.")
    if action == "help" or "escape" in binding.key.split(","):
        return ESSENTIAL
    if action.split("(")[0] in _VIEW_ACTIONS:
        return VIEW
    if binding.action.startswith("app.") or isinstance(active.node, App):
        return GENERAL
    return MODE


def fitted(
    parts: list[tuple[Content, Rank]], palette: Content | None, width: int
) -> tuple[list[tuple[Content, Rank]], Content | None]:
    """``parts`` (each with its rank) and ``palette`` without the least useful keys, dropped
    whole until the line fits ``width`` (the palette keeps a gap of one cell before it)."""
    parts = list(parts)
    while parts or palette is not None:
        used = sum(part.cell_length for part, _ in parts)
        if palette is not None:
            used += 1 + palette.cell_length
        if used <= width:
            break
        worst = max((rank for _, rank in parts), default=PALETTE)
        if palette is not None and worst <= PALETTE:
            palette = None
            continue
        index = max(i for i, (_, rank) in enumerate(parts) if rank == worst)
        del parts[index]
    return parts, palette
