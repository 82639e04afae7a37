"""The board of the Textual app: one Line-API widget drawing the diamond of 81 hexes.

The picture comes from :mod:`bigfive_tui.boardmap` (a grid of characters, each tagged with the
space, terrain, edge feature or item it shows); this widget only styles it, highlights spaces
and turns keys and clicks into spaces. Lines are built on demand in :meth:`render_line` and kept
in an :class:`~textual.cache.LRUCache`; a change repaints only the lines it touches (a cursor
move: the two hexes' lines and the status line).

Everything the board tells has a glyph as well as a colour: terrain glyphs, edge glyphs
(``#`` bush, ``~`` river, ``%`` both), item letters (:mod:`bigfive_tui.app.drawing.overlays`), and
for the highlights: the cursor is reverse video, legal targets carry ``>`` in place of the
piece symbol (``[name]`` in the large size) and the line of sight is underlined.

Layout inside the widget, centred: one status line (the prompt in target mode, else the space
under the cursor), then the board picture with a small legend in its empty corners.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Collection, Iterable, Mapping, Sequence
from itertools import chain, compress
from operator import is_not, ne, or_
from typing import ClassVar, Final, NamedTuple

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.color import Color
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.reactive import Reactive, reactive
from textual.strip import Strip
from textual.theme import Theme

from bigfive_tui.app.components.one_pass import KeepsLinesOnNewHeight
from bigfive_tui.app.drawing.cells import cell_width, cut_to_cells
from bigfive_tui.app.drawing.overlays import LEGEND_LINES, glyph_label, overlays_for
from bigfive_tui.app.drawing.themes import board_paint
from bigfive_tui.app.words.describe import edge_words, rivers_closed_words, seen_by
from bigfive_tui.boardmap import (
    FEATURE_GLYPHS,
    MORE_GLYPH,
    MORE_KIND,
    TARGET_GLYPH,
    TERRAIN_GLYPHS,
    TERRAIN_LABELS,
    BoardMap,
    Drawing,
    Glyph,
    Picture,
    Tag,
    board_map,
    gate_overlays,
)
from bigfive_tui.engine.board import CELL_COUNT, GATE_CELLS, GATE_NAMES, Board
from bigfive_tui.engine.content import Guide
from bigfive_tui.engine.hexgrid import BOARD_SIZE, screen_position
from bigfive_tui.engine.pieces import Feature, Terrain
from bigfive_tui.engine.state import GameState

# -- styling ---------------------------------------------------------------------------------

#: The parts of the picture (app/drawing/themes.py paints them) for each terrain and edge feature.
TERRAIN_PARTS: Final[dict[Terrain, str]] = {
    Terrain.SAVANNA: "savanna",
    Terrain.HILL: "hill",
    Terrain.FOREST: "forest",
    Terrain.WATERING_HOLE: "water",
    Terrain.MOUNTAIN: "mountain",
}
FEATURE_PARTS: Final[dict[Feature, str]] = {
    Feature.BUSH: "bush",
    Feature.RIVER: "river",
    Feature.BUSH | Feature.RIVER: "bush-river",
}
#: Each guide's vehicle letter sits on a chip of the guide's colour.
GUIDE_PARTS: Final = frozenset(f"vehicle-{guide.name.lower()}" for guide in Guide)
#: Item glyph kinds (the part before ``:``) that are painted as parts of their own.
ITEM_KINDS: Final = (
    "vehicle",
    "animal",
    "animal-down",
    "buffalo",
    "food",
    "fire",
    "gate",
    "gate-broken",
    "more",
)

#: How a legend piece is painted: a part, parts one over another (a swatch of a lit space,
#: painted as the board paints one), or None (plain legend text).
_Part = str | tuple[str, ...] | None


#: The legend's swatches of the cursor and the line of sight: a savanna space lit as the board
#: lights one, between two unlit cells of savanna as on the board (a grey or pink block on the
#: legend's own background looked like neither, and a lone dark one like nothing at all).
_CURSOR_SWATCH: Final[tuple[tuple[str, _Part], ...]] = (
    (" ", "savanna"),
    ("  ", ("savanna", "cursor")),
    (" ", "savanna"),
)
_SIGHT_SWATCH: Final[tuple[tuple[str, _Part], ...]] = (
    (" ", "savanna"),
    ("  ", ("savanna", "sight")),
    (" ", "savanna"),
)

# Highlight flags of a space.
_TARGET: Final = 1
_CURSOR: Final = 2
_SIGHT: Final = 4
#: The combinations of highlight flags.
_FLAG_SETS: Final = _TARGET | _CURSOR | _SIGHT | 1

#: A run of a picture line: its characters, the space whose highlights it takes, its Tag
#: (None: a legend piece) and its styles by highlight flags (a legend piece: its one style).
_Run = tuple[str, int | None, Tag | None, list[Style | None]]


class _StaticRuns(NamedTuple):
    """The runs of a line of the static picture, where each starts and ends, and the cells of
    the runs before each (``cells_before[-1]``: the whole line's)."""

    starts: list[int]
    ends: list[int]
    runs: list[_Run]
    cells_before: list[int]
    spaces: frozenset[int]


class _Row:
    """A picture line's runs (kept while the picture's row is ``tags``), its cells, the spaces
    it crosses, and its segments with no space highlighted once they were asked for. (A plain
    class: a dataclass costs every start-up the compiling of its methods.)"""

    __slots__ = ("cells", "plain", "runs", "spaces", "tags")

    def __init__(
        self, tags: tuple[Tag, ...], runs: list[_Run], cells: int, spaces: frozenset[int]
    ) -> None:
        self.tags = tags
        self.runs = runs
        self.cells = cells
        self.spaces = spaces
        self.plain: list[Segment] | None = None


_SQRT3_2: Final = math.sqrt(3) / 2
_DIRECTIONS: Final[dict[str, tuple[float, float]]] = {
    "up": (0.0, -1.0),
    "down": (0.0, 1.0),
    "left": (-1.0, 0.0),
    "right": (1.0, 0.0),
}


def _hex_position(cell: int) -> tuple[float, float]:
    """Centre of a space in true hex proportions (neighbours are all sqrt(3) apart)."""
    column, half_row = screen_position((cell % BOARD_SIZE, cell // BOARD_SIZE))
    return (column * 1.5, half_row * _SQRT3_2)


_POSITIONS: Final = tuple(_hex_position(cell) for cell in range(CELL_COUNT))


def reading_order(cells: Iterable[int]) -> list[int]:
    """Spaces top to bottom, then left to right, as they appear on screen."""
    return sorted(set(cells), key=lambda c: (_POSITIONS[c][1], _POSITIONS[c][0]))


def step_towards(
    start: int,
    direction: str,
    candidates: Iterable[int],
    anchor: tuple[float, float] | None = None,
) -> int | None:
    """The candidate space nearest to ``start`` in the screen ``direction`` (up/down/left/right).

    First within 60 degrees of the direction, then anywhere in that half of the screen. The
    score is distance plus sideways drift; ties (NW and SW are equally "left") go to the
    candidate closest to ``anchor`` across the direction of travel, so that holding a key
    zigzags along a row or column instead of drifting off it.
    """
    dx, dy = _DIRECTIONS[direction]
    sx, sy = _POSITIONS[start]
    pool = [c for c in candidates if c != start]
    for cone in (math.tan(math.radians(60)) + 1e-9, math.inf):
        best: tuple[float, float, float, float, int] | None = None
        for cell in pool:
            vx, vy = _POSITIONS[cell][0] - sx, _POSITIONS[cell][1] - sy
            along = vx * dx + vy * dy
            if along <= 1e-9:
                continue
            across = abs(vx * dy - vy * dx)
            if across > along * cone:
                continue
            score = round(math.hypot(vx, vy) + across, 6)
            if anchor is None:
                drift = 0.0
            elif dx:  # horizontal: keep to the anchor's row
                drift = abs(_POSITIONS[cell][1] - anchor[1])
            else:
                drift = abs(_POSITIONS[cell][0] - anchor[0])
            key = (score, round(drift, 6), across, _POSITIONS[cell][1], cell)
            if best is None or key < best:
                best = key
        if best is not None:
            return best[-1]
    return None


class _Layer(NamedTuple):
    """One part's paint (app/drawing/themes.py) as a layer: colours may be translucent."""

    background: Color | None
    color: Color | None
    auto_color: bool
    auto_alpha: float
    text: Style


def _colour(value: str, variables: Mapping[str, str]) -> tuple[Color | None, bool]:
    """A colour written as in CSS (see :class:`~bigfive_tui.app.drawing.themes.Paint`), read as
    Textual reads one: the colour (white for ``auto``) with its opacity, and whether it is
    ``auto``."""
    color: Color | None = None
    alpha: float | None = None
    auto = False
    for word in value.split():
        if word.startswith("$"):
            word = variables[word[1:]]
        if word == "auto":
            auto = True
        elif word.endswith("%"):
            alpha = float(word[:-1]) / 100
        else:
            color = Color.parse(word)
    if alpha is not None:
        color = (color or Color(255, 255, 255)).multiply_alpha(alpha)
    return color, auto


class _LegendPiece(NamedTuple):
    x: int
    text: str
    part: _Part


class _BoardMessage(Message):
    """A message from a board view; ``control`` lets handlers use ``@on(..., "#board")``."""

    def __init__(self, board_view: BoardView) -> None:
        self.board_view = board_view
        super().__init__()

    @property
    def control(self) -> BoardView:
        return self.board_view


class _CellMessage(_BoardMessage):
    """A board-view message about one space."""

    def __init__(self, board_view: BoardView, cell: int) -> None:
        self.cell = cell
        super().__init__(board_view)


class BoardView(KeepsLinesOnNewHeight, can_focus=True):
    """The game board: terrain, edges, names, items, targets, cursor and line of sight.

    Keys: arrows or h/j/k/l move the cursor to the neighbouring space on screen (in target
    mode: to the nearest legal target that way), n/p cycle the targets, Enter/Space choose,
    Esc cancels. Outside target mode Enter posts :class:`CellClicked` for the cursor's space.
    """

    #: Laid out in one pass (see ``components/one_pass.py``): the board never scrolls, and in
    #: the compact drawing it shrinks and grows with the action bar's prompt.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)

    DEFAULT_CSS = """
    BoardView {
        width: 1fr;
        height: auto;
        min-width: 20;
        min-height: 3;
    }
    """

    _MOVE = Binding.Group("Move", compact=True)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move('up')", "Up", key_display="↑", group=_MOVE),
        Binding("down", "move('down')", "Down", key_display="↓", group=_MOVE),
        Binding("left", "move('left')", "Left", key_display="←", group=_MOVE),
        Binding("right", "move('right')", "Right", key_display="→", group=_MOVE),
        Binding("k", "move('up')", "Up", show=False),
        Binding("j", "move('down')", "Down", show=False),
        Binding("h", "move('left')", "Left", show=False),
        Binding("l", "move('right')", "Right", show=False),
        Binding("n", "cycle(1)", "Next target"),
        Binding("p", "cycle(-1)", "Prev target"),
        Binding("enter,space", "choose", "Choose"),
        Binding("enter", "inspect", "Act on space"),
        Binding("escape", "cancel", "Cancel"),
    ]

    cursor: reactive[int | None] = reactive(None, repaint=False, init=False)
    """The space under the cursor (None until the board is first focused or targeted)."""

    class TargetChosen(_CellMessage):
        """Enter, Space or a click on a legal target in target mode."""

    class TargetCancelled(_BoardMessage):
        """Esc in target mode."""

    class CellClicked(_CellMessage):
        """A click on a space (or Enter on the cursor, ``by_key``) outside target mode."""

        def __init__(self, board_view: BoardView, cell: int, *, by_key: bool = False) -> None:
            super().__init__(board_view, cell)
            self.by_key = by_key

    class NotATarget(_CellMessage):
        """A click in target mode on a space that is no legal target (target mode goes on)."""

    class CursorMoved(_CellMessage):
        """The cursor is on a new space."""

    def __init__(
        self,
        board: Board,
        *,
        drawing: Drawing = "normal",
        legend: bool = True,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._board = board
        self._drawing: Drawing = drawing
        self._legend_on = legend
        #: False: the picture keeps to the left, the top right corner left to another widget.
        self.centred = True
        self._map: BoardMap = board_map(board, drawing)
        self._overlays: dict[int, list[Glyph]] = gate_overlays(board)  # until show_state
        self._drawn: Picture | None = None  # the picture, None until it is needed again
        self._state: GameState | None = None
        self._targets: tuple[int, ...] = ()  # reading order
        self._target_set: frozenset[int] = frozenset()
        self._targeting = False
        self._prompt = ""
        self._sight: frozenset[int] = frozenset()
        self._anchor: tuple[float, float] | None = None  # zigzag memory for arrow keys
        self._anchor_axis = ""
        self._auto_cursor = False  # placed on the active vehicle, not by the player
        self._anchor_end: int | None = None  # where the last arrow key left the cursor
        self._origin = Offset(0, 0)  # content position of the status line's first column
        self._fits = True
        self._layout_size = Size(-1, -1)
        self._lines: LRUCache[int, Strip] = LRUCache(128)
        self._styles: dict[tuple[object, ...], Style] = {}
        #: The styles of each look a tag can have (see ``_styles_of``).
        self._by_look: dict[tuple[object, ...], list[Style | None]] = {}
        #: The static picture's tags' styles by the tags' ids, made when first asked for.
        self._by_id: dict[int, list[Style | None]] | None = None
        self._runs: dict[int, _Row] = {}
        self._static_runs: dict[int, _StaticRuns] = {}
        self._layers: dict[str, _Layer] = {}
        self._base: tuple[Color, Color] | None = None  # the widget's background and text
        self._legend: dict[int, list[_LegendPiece]] = {}
        self._stale: set[int] = set()  # spaces whose lines wait for the next repaint
        #: Content lines repainted by the last partial refresh (for tests and profiling).
        self.last_refreshed_lines: tuple[int, ...] = ()

    # -- public API -----------------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self._board

    @property
    def board_map(self) -> BoardMap:
        """The drawing in use, for anchors and hit tests."""
        return self._map

    @property
    def drawing(self) -> Drawing:
        return self._drawing

    @drawing.setter
    def drawing(self, value: Drawing) -> None:
        """Switch to another drawing of the board (compact, normal or large)."""
        if value != self._drawing:
            self._drawing = value
            self._relayout()
            self.refresh(layout=True)

    @property
    def targets(self) -> tuple[int, ...]:
        """The legal targets of target mode, in reading order (empty outside target mode)."""
        return self._targets

    @property
    def targeting(self) -> bool:
        return self._targeting

    @property
    def sight(self) -> frozenset[int]:
        return self._sight

    @property
    def fits(self) -> bool:
        """False when the widget is too small for the board (a message is shown instead)."""
        return self._fits

    def show_state(self, state: GameState) -> None:
        """Show the items of ``state``: vehicles, tokens, fires, gates (redraws what changed).
        At the start of a turn the cursor goes to the vehicle of the guide at the wheel."""
        new_turn = self._state is not None and self._state.turn != state.turn
        self._state = state
        if new_turn or (self._auto_cursor and self.cursor != self._home_cell()):
            self._place_auto_cursor()
        if state.game.board is not self._board:
            self._board = state.game.board
            self._overlays = overlays_for(state)
            self._relayout()
            self.refresh()
            return
        overlays = overlays_for(state)
        changed = {
            cell
            for cell in self._overlays.keys() | overlays.keys()
            if self._overlays.get(cell) != overlays.get(cell)
        }
        self._overlays = overlays
        self._repicture()
        self._refresh_cells(changed, status=True)

    def set_targets(self, cells: Sequence[int], prompt: str = "") -> None:
        """Target mode: highlight ``cells``, put the cursor on the one nearest to it, focus."""
        old = self._target_set
        self._targets = tuple(reading_order(c for c in cells if 0 <= c < CELL_COUNT))
        self._target_set = frozenset(self._targets)
        self._targeting = True
        self._prompt = prompt
        self._repicture()
        self._refresh_cells(old | self._target_set, status=True)
        if self._targets:
            current = self.cursor
            if current is None or current not in self._target_set:
                self.cursor = self._nearest_target(current)
        self._anchor = None
        self.refresh_bindings()
        if not self.has_focus:  # focus() repaints the whole board, even when it has the focus
            self.focus()

    def clear_targets(self, *, repaint: bool = True) -> None:
        """Leave target mode (also done on choosing or cancelling).

        With ``repaint=False`` the lines to repaint wait for the next repaint of the board
        (at the latest 0.1 s later)."""
        if not self._targeting:
            return
        old = self._target_set
        self._targets = ()
        self._target_set = frozenset()
        self._targeting = False
        self._prompt = ""
        self._repicture()
        cells = set(old)
        if self.cursor is not None:
            cells.add(self.cursor)
        if repaint:
            self._refresh_cells(cells, status=True)
            self.refresh_bindings()
        else:
            self._stale |= cells
            self.set_timer(0.1, self._flush_stale)

    def _flush_stale(self) -> None:
        if self._stale:
            self._refresh_cells((), status=True)
            self.refresh_bindings()

    def set_sight(self, cells: Collection[int]) -> None:
        """Highlight a line of sight (tinted and underlined, unlike targets)."""
        new = frozenset(c for c in cells if 0 <= c < CELL_COUNT)
        changed = self._sight ^ new
        self._sight = new
        self._refresh_cells(changed)

    def clear_sight(self) -> None:
        self.set_sight(())

    def offset_of(self, cell: int) -> Offset:
        """Content offset of a space's name (its anchor): where a click on it can land."""
        x, y = self._map.anchor(cell)
        return Offset(self._origin.x + x, self._origin.y + 1 + y)

    def cell_at_offset(self, x: int, y: int) -> int | None:
        """The space at content offset ``(x, y)``, or None (outline, background, status line)."""
        if not self._fits:
            return None
        return self._map.cell_at(x - self._origin.x, y - self._origin.y - 1)

    def describe(self, cell: int) -> str:
        """A space in words, for the status line: its name, terrain, which edges are bushes
        or rivers (and whether rivers are closed), what lies on it (the ``+`` of a crowded hex
        explained), who sees it. The edges come before the contents: at 80 columns a crowded
        space's list of contents cut them off, and they are what blocks a move."""
        board = self._board
        parts = [board.names[cell], TERRAIN_LABELS[board.terrain[cell]]]
        if cell in GATE_CELLS:
            parts.append(f"{GATE_NAMES[GATE_CELLS.index(cell)]} gate")
        parts.append(edge_words(board, cell))
        state = self._state if self._state is not None and self._state.game.board is board else None
        if state is not None:
            closed = rivers_closed_words(state, cell)
            parts += [closed] if closed else []
        items = ", ".join(glyph_label(glyph) for glyph in self._overlays.get(cell, ()))
        if items and self._shows_more(cell):
            items += " (+: more than the hex has room for)"
        parts += [items] if items else []
        if state is not None:
            parts.append(seen_by(state, cell))
        return " · ".join(parts)

    def _shows_more(self, cell: int) -> bool:
        picture = self._picture
        return any(picture.tags[y][x].kind == MORE_KIND for x, y in self._map.inside(cell))

    # -- Textual hooks --------------------------------------------------------------------

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._on_theme_changed)

    def _on_theme_changed(self, theme: Theme) -> None:
        del theme
        self._clear_style_caches()
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._clear_style_caches()

    def _clear_style_caches(self) -> None:
        self._base = None
        self._styles.clear()
        self._by_look.clear()
        self._by_id = None
        self._runs.clear()
        self._static_runs.clear()
        self._layers.clear()
        self._lines.clear()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self._preferred_map(container.width, container.height).width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        the_map = self._preferred_map(width, container.height)
        return the_map.height + 1 if width >= the_map.width else 1  # 1: the "too small" line

    def on_resize(self, event: events.Resize) -> None:
        del event
        self._relayout()

    def on_focus(self) -> None:
        if self.cursor is None:
            self._place_auto_cursor()
        else:
            self._refresh_cells({self.cursor}, status=True)

    def on_blur(self) -> None:
        if self.cursor is not None:
            self._refresh_cells({self.cursor}, status=True)

    def validate_cursor(self, cell: int | None) -> int | None:
        if cell is None or 0 <= cell < CELL_COUNT:
            return cell
        return self.cursor

    def watch_cursor(self, old: int | None, new: int | None) -> None:
        self._auto_cursor = False
        self._refresh_cells({c for c in (old, new) if c is not None}, status=True)
        if new is not None:
            self.post_message(self.CursorMoved(self, new))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        cell = self.cell_at_offset(offset.x, offset.y)
        if cell is None:
            return
        event.stop()
        if not self._targeting:
            self.cursor = cell
            self.post_message(self.CellClicked(self, cell))
        elif cell in self._target_set:
            self.cursor = cell
            self._choose(cell)
        else:
            self.app.bell()
            self.post_message(self.NotATarget(self, cell))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("cycle", "choose", "cancel"):
            return self._targeting
        if action == "inspect":
            return not self._targeting
        return True

    # -- actions --------------------------------------------------------------------------

    def action_move(self, direction: str) -> None:
        start = self.cursor
        if start is None:
            if self._targeting:
                self.cursor = self._nearest_target(None)
            else:
                self._place_auto_cursor()
            return
        axis = "x" if direction in ("left", "right") else "y"
        # Zigzag memory: kept while the same axis is travelled by keys, else restarted here.
        if self._anchor is None or axis != self._anchor_axis or start != self._anchor_end:
            self._anchor = _POSITIONS[start]
            self._anchor_axis = axis
        pool: Iterable[int] = self._targets if self._targeting else range(CELL_COUNT)
        cell = step_towards(start, direction, pool, self._anchor)
        if cell is None:
            self.app.bell()
            return
        self._anchor_end = cell
        self.cursor = cell

    def action_cycle(self, step: int) -> None:
        if not self._targets:
            self.app.bell()
            return
        current = self.cursor
        if current in self._target_set:
            index = (self._targets.index(current) + step) % len(self._targets)
        else:
            index = 0 if step > 0 else len(self._targets) - 1
        self.cursor = self._targets[index]
        self._anchor = None

    def action_choose(self) -> None:
        cell = self.cursor
        if cell is None or cell not in self._target_set:
            self.app.bell()
            return
        self._choose(cell)

    def action_inspect(self) -> None:
        if self.cursor is not None:
            self.post_message(self.CellClicked(self, self.cursor, by_key=True))

    def action_cancel(self) -> None:
        self.clear_targets()
        self.post_message(self.TargetCancelled(self))

    # -- helpers --------------------------------------------------------------------------

    def _choose(self, cell: int) -> None:
        # Target mode ends now, but its repaint waits for the receiver's own repaint (show_state
        # or set_targets), so the choice and its outcome reach the screen in one frame.
        self.clear_targets(repaint=False)
        self.post_message(self.TargetChosen(self, cell))

    def _place_auto_cursor(self) -> None:
        """Put the cursor on the active vehicle; it follows the game until moved by hand."""
        self.cursor = self._home_cell()
        self._auto_cursor = True

    def _home_cell(self) -> int:
        if self._state is not None:
            return self._state.vehicle[self._state.seat]
        return CELL_COUNT // 2

    def _nearest_target(self, cell: int | None) -> int | None:
        if not self._targets:
            return None
        if cell is None:
            return self._targets[0]
        x0, y0 = _POSITIONS[cell]
        return min(
            self._targets,  # reading order breaks ties
            key=lambda c: round(math.hypot(_POSITIONS[c][0] - x0, _POSITIONS[c][1] - y0), 6),
        )

    def _preferred_map(self, width: int, height: int) -> BoardMap:
        del width, height
        return board_map(self._board, self._drawing)

    def _placement(self, size: Size) -> tuple[BoardMap, Offset, bool]:
        """The map for ``size``, where its status line starts, and whether it fits."""
        the_map = self._preferred_map(size.width, size.height)
        height = the_map.height + 1
        fits = size.width >= the_map.width and size.height >= height
        spare_x = max(0, size.width - the_map.width)
        origin = Offset(spare_x // 2 if self.centred else 0, max(0, (size.height - height) // 2))
        return the_map, origin, fits

    def keeps_lines(self, size: Size) -> bool:
        """Whether the lines drawn for the last size are the lines of ``size`` too: a new
        height alone that leaves the picture where it was (the compact drawing's board grows
        and shrinks with the action bar's prompt on every action)."""
        old = self._layout_size
        if old.width != size.width or old.height < 0 or not self._fits:
            return False
        the_map, origin, fits = self._placement(size)
        return the_map is self._map and origin == self._origin and fits

    def _relayout(self) -> None:
        """Pick the map for the current size, centre it, and drop every cached line (kept when
        they stay the same: see ``keeps_lines``)."""
        size = self.size
        if self.keeps_lines(size):
            self._layout_size = size
            return
        self._layout_size = size
        self._map, self._origin, self._fits = self._placement(size)
        self._repicture()
        self._legend = self._layout_legend() if self._legend_on else {}
        self._lines.clear()
        self._runs.clear()
        self._static_runs.clear()
        self._by_id = None  # the tags of the new map's static picture

    def _repicture(self) -> None:
        """The picture of the items on the board and the marked targets is drawn anew when it
        is next needed: a move ends target mode and moves a vehicle, one picture for both."""
        self._drawn = None

    @property
    def _picture(self) -> Picture:
        picture = self._drawn
        if picture is None:
            picture = self._drawn = self._map.render(self._overlays, self._target_set)
        return picture

    def _refresh_cells(self, cells: Iterable[int], status: bool = False) -> None:
        """Repaint only the lines of these spaces (and the status line)."""
        if self._stale:  # lines left stale by a choice in target mode
            cells = {*cells, *self._stale}
            self._stale = set()
            status = True
        if not self._fits:
            self.refresh()
            return
        lines = {self._origin.y + 1 + y for y in self._map.lines_of(cells)}
        if status:
            lines.add(self._origin.y)
        if not lines:
            return
        self.last_refreshed_lines = tuple(sorted(lines))
        width = self.size.width
        for y in lines:
            self._lines.discard(y)
        regions = [Region(0, y, width, 1) for y in sorted(lines)]
        self.refresh(*regions)

    # -- styles ---------------------------------------------------------------------------

    def _layer(self, part: str) -> _Layer:
        layer = self._layers.get(part)
        if layer is None:
            paint = board_paint(self.app.theme, part)
            variables = self.app.theme_variables
            background, _ = _colour(paint.background, variables)
            color, auto_color = _colour(paint.color, variables)
            layer = _Layer(
                background,
                color,
                auto_color,
                color.a if color is not None else 1.0,
                Style.parse(paint.style) if paint.style else Style(),
            )
            self._layers[part] = layer
        return layer

    def _paint_style(self, parts: Iterable[str], extra: Style | None = None) -> Style:
        """Paint the parts' layers over the widget's own colours into one rich Style."""
        if self._base is None:
            base = self.rich_style
            self._base = (
                Color.from_rich_color(base.bgcolor) if base.bgcolor else self.background_colors[1],
                Color.from_rich_color(base.color) if base.color else Color(255, 255, 255),
            )
        background, color = self._base
        text = Style()
        auto: float | None = None
        for part in parts:
            layer = self._layer(part)
            if layer.background is not None:
                background = background + layer.background
            if layer.auto_color:
                auto = layer.auto_alpha
            elif layer.color is not None:
                color = layer.color
                auto = None
            text += layer.text
        if auto is not None:
            color = background.get_contrast_text(auto)
        elif color.a < 1:
            color = background + color
        style = Style(color=color.rich_color, bgcolor=background.rich_color) + text
        return style + extra if extra is not None else style

    def _tag_style(self, tag: Tag, flags: int) -> Style:
        layers: list[str] = []
        underline = tag.underline  # a hex's lower row, its S edge and the fill beside it
        if tag.role == "edge":
            if tag.terrain is not None:
                layers.append(TERRAIN_PARTS[tag.terrain])
            elif not tag.feature:
                layers.append("outline")
            if tag.feature:
                layers.append(FEATURE_PARTS[tag.feature])
        elif tag.role == "gate":
            layers.append("gate-label")
        elif tag.terrain is not None:
            layers.append(TERRAIN_PARTS[tag.terrain])
            if tag.role == "name":
                layers.append("name")
            elif tag.role == "item":
                kind, _, detail = tag.kind.partition(":")
                if kind in ITEM_KINDS:
                    layers.append(kind)
                if kind == "vehicle" and f"vehicle-{detail}" in GUIDE_PARTS:
                    layers.append(f"vehicle-{detail}")
        if flags & _SIGHT:
            layers.append("sight")
        if flags & _TARGET:
            layers.append("target")
        if tag.role == "mark":
            layers.append("target-mark")
        if flags & _CURSOR:
            layers.append("cursor")
        # Many looks share their layers (the savanna's fill and its name, say). Painting is the
        # costly part of a first render, so paint once each.
        paint_key = ("paint", *layers, underline)
        style = self._styles.get(paint_key)
        if style is None:
            style = self._paint_style(layers, Style(underline=True) if underline else None)
            self._styles[paint_key] = style
        return style

    def _part_style(self, part: _Part) -> Style:
        key: tuple[object, ...] = ("part", part)
        style = self._styles.get(key)
        if style is None:
            style = self._paint_style([part] if isinstance(part, str) else part or [])
            self._styles[key] = style
        return style

    # -- lines ----------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        if self.size != self._layout_size:
            self._relayout()
        strip = self._lines.get(y)
        if strip is None:
            strip = self._build_line(y)
            self._lines.set(y, strip)
        return strip

    def _build_line(self, y: int) -> Strip:
        width = self.size.width
        blank = self._part_style(None)
        if not self._fits:
            if y == self.size.height // 2:
                return self._message_strip(width)
            return Strip.blank(width, blank)
        origin = self._origin
        if y == origin.y:
            # Measured here: the strip would measure it through Rich's cache, which would keep
            # each space's description (a long game's cursor visits most spaces).
            segments = self._status_segments()
            cells = sum(cell_width(segment.text) for segment in segments)
            if origin.x + cells > width:
                segments, cells = _ellipsised(segments, width - origin.x)
        elif 0 <= y - origin.y - 1 < self._picture.height:
            segments, cells = self._picture_segments(y - origin.y - 1)
        else:
            return Strip.blank(width, blank)
        strip = Strip([Segment(" " * origin.x, blank), *segments], cells + origin.x)
        return strip.extend_cell_length(width, blank).crop(0, width)

    def _message_strip(self, width: int) -> Strip:
        need_w, need_h = self._map.width, self._map.height + 1
        have = self.size
        # Width first: a too narrow board also shrinks its own (auto) height to this line.
        if have.width < need_w:
            short = f"{need_w} columns, it has {have.width}"
        else:
            short = f"{need_h} lines, it has {have.height}"
        text = f"The board needs {short}: enlarge the window."
        style = self._part_style("message")
        pad = max(0, (width - len(text)) // 2)
        strip = Strip([Segment(" " * pad, self._part_style(None)), Segment(text, style)])
        return strip.extend_cell_length(width, self._part_style(None)).crop(0, width)

    def _status_segments(self) -> list[Segment]:
        status = self._part_style("status")
        prompt = self._part_style("prompt")
        segments: list[Segment] = []
        if self._targeting:
            text = self._prompt or "Choose a space"
            count = len(self._targets)
            if self.cursor in self._target_set:
                place = f"  {self._targets.index(self.cursor) + 1}/{count}"
            else:
                place = f"  {count} choice{'s' * (count != 1)}"
            segments.append(Segment(f"> {text}", prompt))
            segments.append(Segment(place, status))
            if self.cursor is not None:
                segments.append(Segment(f"  {self.describe(self.cursor)}", status))
        elif self.cursor is not None and self.has_focus:
            segments.append(Segment(self.describe(self.cursor), status))
        return segments

    def _picture_segments(self, py: int) -> tuple[list[Segment], int]:
        """Line ``py`` of the picture in styled segments, and its length in cells. A line with
        no space highlighted keeps its segments while its row stays (most lines an action
        repaints: those its targets left, those a cursor left)."""
        cursor = self.cursor if self._targeting or self.has_focus else None
        targets, sight = self._target_set, self._sight
        row = self._row_runs(py)
        spaces = row.spaces
        if cursor not in spaces and spaces.isdisjoint(targets) and spaces.isdisjoint(sight):
            if row.plain is None:
                row.plain = self._segments(row.runs, lit=False)
            return row.plain, row.cells
        return self._segments(row.runs, lit=True), row.cells

    def _segments(self, runs: list[_Run], *, lit: bool) -> list[Segment]:
        """``runs`` in segments, runs of one style joined; ``lit``: with the highlights."""
        cursor = self.cursor if self._targeting or self.has_focus else None
        targets, sight = self._target_set, self._sight
        segments: list[Segment] = []
        text: list[str] = []
        current: Style | None = None
        for chars, cell, tag, styles in runs:
            flags = 0
            if lit and cell is not None:
                if cell in targets:
                    flags = _TARGET
                if cell in sight:
                    flags |= _SIGHT
                if cell == cursor:
                    flags |= _CURSOR
            if lit and tag is not None and tag.feature and cursor in self._sides(tag):
                # The cursor's hex lights its bushes and rivers: at 80 x 24 one slanted
                # character also touches a third hex at its corners, so the light says whose
                # edge it is (the status line says the same in words).
                flags |= _CURSOR
            style = styles[flags]
            if style is None:
                assert tag is not None  # a legend piece has its one style
                style = self._new_style(tag, flags, styles)
            if style is current:
                text.append(chars)
            else:
                if text and current is not None:
                    segments.append(Segment("".join(text), current))
                text = [chars]
                current = style
        if text and current is not None:
            segments.append(Segment("".join(text), current))
        return segments

    def _row_runs(self, py: int) -> _Row:
        """Line ``py`` of the picture cut into runs of one Tag and the legend's pieces, each
        with its styles by highlight flags, with the line's length in cells (a strip told it
        does not measure each segment again) and the spaces it crosses. Kept while the row is
        the same object: the picture shares the rows an action did not change, and a cursor or
        a target mode repaints lines whose rows stay.

        A row with items is the static picture's row with a few characters written over: it
        takes the static row's runs (cut once) and cuts anew only those with a character
        changed."""
        tags = self._picture.tags[py]
        kept = self._runs.get(py)
        if kept is not None and kept.tags is tags:
            return kept
        static = self._static_row_runs(py)
        line = self._picture.lines[py]
        static_tags, static_line = self._map.static.tags[py], self._map.static.lines[py]
        # Where the row differs from the static one (the map writes items over it), found by
        # C loops: a row has about a hundred columns and a few of them changed.
        changed = compress(
            range(len(line)),
            map(or_, map(is_not, tags, static_tags), map(ne, line, static_line)),
        )
        touched = sorted({bisect_right(static.starts, x) - 1 for x in changed})
        runs: list[_Run] = []
        cells = 0
        spaces = static.spaces
        kept_from = 0  # the first static run not yet taken
        before = static.cells_before
        for index in touched:
            runs += static.runs[kept_from:index]
            cells += before[index] - before[kept_from]
            for cut, cut_cells in self._cut_runs(
                line, tags, py, static.starts[index], static.ends[index]
            ):
                runs.append(cut)
                cells += cut_cells
                if cut[1] is not None and cut[1] not in spaces:
                    spaces = spaces | {cut[1]}
            kept_from = index + 1
        runs += static.runs[kept_from:]
        cells += before[-1] - before[kept_from]
        row = self._runs[py] = _Row(tags, runs, cells, spaces)
        return row

    def _static_row_runs(self, py: int) -> _StaticRuns:
        """The runs of line ``py`` of the static picture, with where each starts and ends."""
        kept = self._static_runs.get(py)
        if kept is None:
            static = self._map.static
            line, tags = static.lines[py], static.tags[py]
            cut = self._cut_runs(line, tags, py, 0, len(line))
            spaces = frozenset(run[1] for run, _ in cut if run[1] is not None).union(
                *(self._sides(run[2]) for run, _ in cut if run[2] is not None and run[2].feature)
            )
            kept = _StaticRuns([], [], [], [0], spaces)
            x = 0
            for run, cells in cut:
                kept.starts.append(x)
                x += len(run[0])
                kept.ends.append(x)
                kept.runs.append(run)
                kept.cells_before.append(kept.cells_before[-1] + cells)
            self._static_runs[py] = kept
        return kept

    def _cut_runs(
        self, line: str, tags: tuple[Tag, ...], py: int, start: int, end: int
    ) -> list[tuple[_Run, int]]:
        """Columns ``start`` to ``end`` of a line cut into runs (a legend piece is one), each
        with its length in cells."""
        legend = {piece.x: piece for piece in self._legend.get(py, ())}
        runs: list[tuple[_Run, int]] = []
        x = start
        while x < end:
            piece = legend.get(x)
            if piece is not None:
                style = self._part_style(piece.part or "legend")
                runs.append(((piece.text, None, None, [style]), cell_width(piece.text)))
                x += len(piece.text)
                continue
            tag = tags[x]
            # The map hands one Tag to the characters of a run (3-4 of them in the large
            # drawing): one run, styled once.
            stop = x + 1
            while stop < end and tags[stop] is tag and (not legend or stop not in legend):
                stop += 1
            cell = tag.cell if tag.role != "gate" else None
            chars, styles = line[x:stop], self._styles_of(tag)
            last = runs[-1][0] if runs else None
            if (
                last is not None
                and last[3] is styles
                and last[1] == cell
                and (not tag.feature or last[2] is None or last[2].edge == tag.edge)
            ):
                # Tags of one space that look alike side by side (a third of the runs): one run.
                runs[-1] = (
                    (last[0] + chars, cell, last[2], styles),
                    runs[-1][1] + cell_width(chars),
                )
            else:
                runs.append(((chars, cell, tag, styles), cell_width(chars)))
            x = stop
        return runs

    def _sides(self, tag: Tag) -> tuple[int, ...]:
        """The spaces on either side of an edge character (none for other characters)."""
        if tag.edge is None:
            return ()
        cell, direction = tag.edge
        return (cell, self.board.neighbours[cell][direction])

    def _styles_of(self, tag: Tag) -> list[Style | None]:
        """The styles of ``tag`` by highlight flags, filled as they are asked for. A style
        paints what a tag looks like, not which space it is on (a click finds its space by
        :meth:`cell_at_offset`), so tags that look alike share one list: a few dozen looks for
        the whole board, wherever items and the cursor go. The static picture's tags are found
        by their identity (hashing a Tag's enums costs more than the rest of a character's
        work); the few item tags of a line, new with every picture, by their look."""
        by_id = self._by_id
        if by_id is None:
            # The map keeps its static tags alive, so their ids stay theirs while it is ours.
            static = {id(tag): tag for tag in chain.from_iterable(self._map.static.tags)}
            by_id = self._by_id = {key: self._look_styles(each) for key, each in static.items()}
        styles = by_id.get(id(tag))
        return self._look_styles(tag) if styles is None else styles

    def _look_styles(self, tag: Tag) -> list[Style | None]:
        look = (tag.role, tag.terrain, tag.feature, tag.kind, tag.underline)
        styles = self._by_look.get(look)
        if styles is None:
            styles = self._by_look[look] = [None] * _FLAG_SETS
        return styles

    def _new_style(self, tag: Tag, flags: int, styles: list[Style | None]) -> Style:
        """``tag``'s style with ``flags``, kept in ``styles`` (its look's)."""
        style = styles[flags] = self._tag_style(tag, flags)
        return style

    # -- legend ---------------------------------------------------------------------------

    def _compact_legend(self) -> dict[str, list[list[tuple[str, _Part]]]]:
        """The compact drawing's smaller corners (the top right one holds the guide's card)."""
        key = "legend-heading"

        def glyph(terrain: Terrain) -> tuple[str, _Part]:
            # As a hex's lower row shows it, whatever lies on the hex: a lone "^" was looked
            # for in the name's slot, where a token hides it, and "^^^" taken for an outline.
            return (TERRAIN_GLYPHS[terrain] * 3, TERRAIN_PARTS[terrain])

        def feature(kind: Feature) -> tuple[str, _Part]:
            return (FEATURE_GLYPHS[kind], FEATURE_PARTS[kind])

        both = Feature.BUSH | Feature.RIVER
        hill, forest = glyph(Terrain.HILL), glyph(Terrain.FOREST)
        water, mountain = glyph(Terrain.WATERING_HOLE), glyph(Terrain.MOUNTAIN)
        bush, river = feature(Feature.BUSH), feature(Feature.RIVER)
        # Every letter spelled out, each meaning beside its glyph ("? or L P E R animals" left
        # P to be guessed); the cursor and the line of sight shown as what they look like, lit
        # blanks, not on a sample space name ("★4 cursor" was read as the cursor's place,
        # "♠4 in sight" as saying that ♠4 is in sight). A crowded space's name gives way to
        # what lies on it, which the second playtest had to work out: "4F*" read out, naming
        # no space of the board (a real one would read as holding food and a fire). Lines
        # sized to the triangles the diamond leaves (80 x 24: 15, 19, 23, 27 and 31 cells at
        # the bottom).
        return {
            "top-left": [
                [hill, (" hill  ", None), forest, (" forest", None)],
                [water, (" water  ", None), mountain, (" mountain", None)],
                [bush, (" bush ", None), river, (" river ", None), feature(both), (" both", None)],
                [("G", key), (" gate ", None), ("X", key), (" broken gate", None)],
            ],
            "bottom-left": [
                [("4F*", key), (": 4 with F and *", None)],
                [
                    (TARGET_GLYPH, "target-mark"),
                    (" target  ", None),
                    *_CURSOR_SWATCH,
                    (" cursor", None),
                ],
                [*_SIGHT_SWATCH, (" in sight (v)", None)],
                [(MORE_GLYPH, "more"), (" more: see the top line", None)],
            ],
            "bottom-right": [
                [("?", key), (" hidden animal", None)],
                [("L", key), (" lion ", None), ("P", key), (" leopard", None)],
                [("E", key), (" elephant ", None), ("R", key), (" rhino", None)],
                [
                    ("B", key),
                    (" buffalo ", None),
                    ("F", key),
                    (" food ", None),
                    ("*", key),
                    (" fire", None),
                ],
                [("J D A K S", key), (" vehicles", None)],
            ],
        }

    def _legend_blocks(self) -> dict[str, list[list[tuple[str, _Part]]]]:
        """Legend lines per corner, shaped to the triangles the diamond leaves free."""
        if self._map.size == "compact":
            return self._compact_legend()
        heading = "legend-heading"
        key = "legend-heading"

        def swatch(terrain: Terrain) -> tuple[str, _Part]:
            return (f" {TERRAIN_GLYPHS[terrain]} ", TERRAIN_PARTS[terrain])

        top_left: list[list[tuple[str, _Part]]] = [
            [
                ("Terrain ", heading),
                swatch(Terrain.SAVANNA),
                (" savanna ", None),
                swatch(Terrain.HILL),
                (" hill", None),
            ],
            [
                swatch(Terrain.FOREST),
                (" forest ", None),
                swatch(Terrain.WATERING_HOLE),
                (" water ", None),
                swatch(Terrain.MOUNTAIN),
                (" mountain", None),
            ],
            [("Edges ", heading)]
            + [
                piece
                for feature, glyph in FEATURE_GLYPHS.items()
                for piece in (
                    (glyph, FEATURE_PARTS[feature]),
                    (f" {_feature_word(feature)}  ", None),
                )
            ],
        ]
        top_left[2][-1] = (top_left[2][-1][0].rstrip(), None)
        top_right: list[list[tuple[str, _Part]]] = []
        for line in LEGEND_LINES:
            pieces: list[tuple[str, _Part]] = []
            for index, (glyphs, meaning) in enumerate(line):
                pieces += [("  " if index else "", None), (glyphs, key), (f" {meaning}", None)]
            top_right.append(pieces)
        symbol = self._board.symbols[0]
        mark = f"[{symbol}4]" if self._map.size == "large" else f"{TARGET_GLYPH}4"
        bottom_left: list[list[tuple[str, _Part]]] = [
            [("Highlights", heading)],
            [
                (mark, "target-mark"),
                (" legal target  ", None),
                *_CURSOR_SWATCH,
                (" cursor", None),
            ],
            # Lit blanks, not a sample space name: "♠4 cursor" reads as the cursor's place.
            [*_SIGHT_SWATCH, (" in sight (underlined)", None)],
            [(MORE_GLYPH, "more"), (" more here: see the line above", None)],
        ]
        bottom_right: list[list[tuple[str, _Part]]] = [
            [(f"{symbol}4", heading), (f" piece {symbol}, space 4 (die roll)", None)],
            [(f"{symbol}a", heading), (f" piece {symbol}, space a (no roll)", None)],
        ]
        return {
            "top-left": top_left,
            "top-right": top_right,
            "bottom-left": bottom_left,
            "bottom-right": bottom_right,
        }

    def _layout_legend(self) -> dict[int, list[_LegendPiece]]:
        """Legend blocks in the empty corners around the diamond, where they fit.

        Left blocks are left-aligned, right blocks right-aligned line by line; a block that
        does not fit whole (with a blank column of margin) is left out.
        """
        tags = self._picture.tags
        height, width = self._picture.height, self._picture.width
        free = [[tag.role == "background" for tag in row] for row in tags]
        placed: dict[int, list[_LegendPiece]] = {}
        for corner, lines in self._legend_blocks().items():
            top = corner.startswith("top")
            left = corner.endswith("left")
            rows = range(len(lines)) if top else range(height - len(lines), height)
            spots: list[tuple[int, int, list[tuple[str, _Part]]]] = []
            for y, line in zip(rows, lines, strict=True):
                size = sum(len(text) for text, _ in line)
                x = 0 if left else width - size
                lo, hi = max(0, x - 1), min(width, x + size + 1)
                if x < 0 or not all(free[y][lo:hi]):
                    spots = []
                    break
                spots.append((x, y, line))
            for x, y, line in spots:
                for text, part in line:
                    placed.setdefault(y, []).append(_LegendPiece(x, text, part))
                    x += len(text)
        return placed


def _ellipsised(segments: list[Segment], room: int) -> tuple[list[Segment], int]:
    """Segments cut to ``room`` cells, the last ending in "…" so that a cut line says it is
    cut (at 80 columns a target prompt and the space's words often do not fit), and their
    length in cells."""
    kept: list[Segment] = []
    left = room - 1
    for segment in segments:
        size = cell_width(segment.text)
        if size > left:
            kept.append(Segment(cut_to_cells(segment.text, left).rstrip() + "…", segment.style))
            break
        kept.append(segment)
        left -= size
    return kept, sum(cell_width(segment.text) for segment in kept)


def _feature_word(feature: Feature) -> str:
    if feature == Feature.BUSH | Feature.RIVER:
        return "both"
    return "bush" if feature == Feature.BUSH else "river"
