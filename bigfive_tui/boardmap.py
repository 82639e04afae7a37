"""The board picture as a grid of tagged character cells, shared by every front end.

This module is pure layout: no ``rich``, no ``textual``. A :class:`BoardMap` turns a
:class:`~bigfive_tui.engine.board.Board` into lines of text where every character carries a
:class:`Tag` (which space it belongs to, what it shows), so the rich printer
(``boardprint``) and the Textual widget can colour terrain, highlight sets of spaces, place a
cursor and turn a mouse click back into a space, all from one geometry.

Geometry. Spaces are flat-topped hexes; ``hexgrid.screen_position`` gives each space a column
(``q + r``) and a half-row (``r - q + 8``). Neighbouring columns are offset by half a hex, so
the picture is a honeycomb whose long diagonal runs left to right, the park entrances at the
two tips. Two sizes:

``"large"`` (the printed board, 114 x 37): hexes 5 lines tall counting the shared outline, a
column every 6 characters::

      ____
     / ♣4 \\        name on the first line
    / ^  ^ \\       terrain texture, or items (second item row)
    \\  ^   /       terrain texture, or items (first item row)
     \\____/        the S edge (shared with the N edge of the hex below)

``"compact"`` (the app, 103 x 19): hexes 2 lines tall plus the outline::

     _____
    /♣4JD^\\        name, 2 item slots, terrain glyph
    \\EJDA_/        4 item slots; the last character is the S edge

Edges. Every edge between two spaces has fixed characters (:meth:`BoardMap.edge_positions`).
In the large size these are the outline itself: 4 underscores for N/S edges, 2 slashes for
each slanted edge. In the compact size each slanted edge is one slash; the N/S edge has no
line of its own, so a hex's lower row doubles as its S edge: its last character is the fixed
S-edge character and every free slot of that row repeats the edge glyph (``_____`` when plain,
``#####`` along a bush). Those characters are tagged ``underline=True`` so a front end may
underline the whole row and keep the edge continuous under items. A feature replaces the
plain outline glyph: bush ``#``, river ``~``, bush and river together ``%``.

Glyphs. Terrain: savanna blank, hill ``^``, forest ``¥``, watering hole ``≈``, mountain ``M``
(none can be mistaken for a piece symbol ♠ ♣ ♥ ♦ ★ ● ▲ ■ ♪). Names are the printed ones
(``♣4``, ``♣a``). The park entrances are the tips, marked ``West``/``East`` and ``gate``
beside the tip hex (left and right of it in the large size, above and below it in the
compact one); the entrance token itself is an overlay (:func:`gate_overlays`). Overlay
glyphs fill the item runs in order, a glyph is never split, and a ``+`` (kind ``"more"``) in
the last slot says that more items are there than fit.

For front ends. ``picture = board_map(board, size).render(overlays)``; for each line ``y``
style ``picture.runs(y)`` from the run's :class:`Tag` (terrain fill from ``tag.terrain``,
highlights and cursor from ``tag.cell``, feature colours from ``tag.feature``, item colours
from ``tag.kind``) and put ``tag.cell`` into the style's meta for clicks, or call
:meth:`BoardMap.cell_at`. :meth:`BoardMap.anchor` is where a cursor sits,
:meth:`BoardMap.lines_of` which lines to repaint when some spaces change. Gate markers are
tagged with their gate's cell, so clicking ``West`` picks the west gate.

Speed. Everything static (outline, names, terrain, gate markers) is laid out once per board
and size (:func:`board_map` caches it); :meth:`BoardMap.render` only rewrites the item slots
of the spaces that have overlays, sharing every untouched line with the static layer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from bigfive_tui.engine.board import CELL_COUNT, EAST_GATE_CELL, NO_CELL, WEST_GATE_CELL, Board
from bigfive_tui.engine.boardspec import Feature, Terrain
from bigfive_tui.engine.hexgrid import BOARD_SIZE, screen_position

Size = Literal["large", "compact"]
Role = Literal["background", "terrain", "name", "edge", "item", "gate"]
Point = tuple[int, int]

SIZES: Final[tuple[Size, ...]] = ("large", "compact")

#: One glyph per terrain; savanna is left blank (the open plain). None of these can be taken
#: for a piece symbol (♠ ♣ ♥ ♦ ★ ● ▲ ■ ♪) or a vehicle letter.
TERRAIN_GLYPHS: Final[dict[Terrain, str]] = {
    Terrain.SAVANNA: " ",
    Terrain.HILL: "^",
    Terrain.FOREST: "¥",
    Terrain.WATERING_HOLE: "≈",
    Terrain.MOUNTAIN: "M",
}
TERRAIN_LABELS: Final[dict[Terrain, str]] = {
    Terrain.SAVANNA: "savanna",
    Terrain.HILL: "hill",
    Terrain.FOREST: "forest",
    Terrain.WATERING_HOLE: "watering hole",
    Terrain.MOUNTAIN: "mountain",
}
#: Glyphs for edges that carry a feature; plain edges keep their outline glyph.
FEATURE_GLYPHS: Final[dict[Feature, str]] = {
    Feature.BUSH: "#",
    Feature.RIVER: "~",
    Feature.BUSH | Feature.RIVER: "%",
}
FEATURE_LABELS: Final[dict[Feature, str]] = {
    Feature.BUSH: "bush",
    Feature.RIVER: "river",
    Feature.BUSH | Feature.RIVER: "bush and river",
}
#: Shown in the last item slot when a space holds more than fits.
MORE_GLYPH: Final = "+"
MORE_KIND: Final = "more"
GATE_TOKEN: Final = "G"
GATE_MARKERS: Final[dict[int, tuple[str, str]]] = {
    WEST_GATE_CELL: ("West", "gate"),
    EAST_GATE_CELL: ("East", "gate"),
}

# Large-size hex texture (rows 2 and 3, 6 characters each) so that terrain reads at a glance.
_TEXTURES: Final[dict[Terrain, tuple[str, str]]] = {
    Terrain.SAVANNA: ("      ", "      "),
    Terrain.HILL: (" ^  ^ ", "   ^  "),
    Terrain.FOREST: ("¥ ¥ ¥ ", " ¥ ¥ ¥"),
    Terrain.WATERING_HOLE: (" ≈≈≈≈ ", "≈≈≈≈≈≈"),
    Terrain.MOUNTAIN: (" M  M ", "M  M  "),
}


@dataclass(frozen=True, slots=True)
class Glyph:
    """An overlay item: its text (1-3 characters, e.g. ``"J"``, ``"F2"``) and its kind.

    Kinds are free strings for the front ends to style, such as ``"vehicle:jack"``,
    ``"fire"``, ``"animal-down"``, ``"animal:lion"``, ``"buffalo"``, ``"food"``, ``"gate"``,
    ``"gate-broken"``.
    """

    text: str
    kind: str


@dataclass(frozen=True, slots=True)
class Tag:
    """What one character shows, so a front end can style it without knowing the geometry.

    ``cell`` is the space whose hex the character lies inside (None on outlines and
    background; gate markers carry their gate). ``terrain`` is the terrain the character sits
    on: for a large-size N/S outline character it is the hex above, whose bottom line it draws.
    ``edge`` is ``(cell, direction)`` for edge characters, normalised so that the direction
    points N, NE or SE whenever that side has a neighbour; ``feature`` is what the edge
    carries. ``kind`` is the glyph kind of items (``"more"`` for the overflow ``+``).
    ``underline`` marks the compact size's lower row, which doubles as the hex's S edge.
    """

    role: Role
    cell: int | None = None
    terrain: Terrain | None = None
    feature: Feature = Feature.NONE
    edge: tuple[int, int] | None = None
    kind: str = ""
    underline: bool = False


BACKGROUND: Final = Tag("background")


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle of character cells, for cursors and partial repaints."""

    x: int
    y: int
    width: int
    height: int

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height


@dataclass(frozen=True, slots=True)
class Run:
    """Consecutive characters of one line with equal tags: one styled segment."""

    x: int
    text: str
    tag: Tag


@dataclass(frozen=True, slots=True)
class Picture:
    """A rendered board: ``lines[y][x]`` is the character, ``tags[y][x]`` what it shows."""

    lines: tuple[str, ...]
    tags: tuple[tuple[Tag, ...], ...]

    @property
    def width(self) -> int:
        return len(self.lines[0]) if self.lines else 0

    @property
    def height(self) -> int:
        return len(self.lines)

    def runs(self, y: int) -> list[Run]:
        """Line ``y`` cut into runs of equal tags (one segment each for a front end)."""
        line, tags = self.lines[y], self.tags[y]
        runs: list[Run] = []
        start = 0
        for x in range(1, len(line) + 1):
            if x == len(line) or tags[x] != tags[start]:
                runs.append(Run(start, line[start:x], tags[start]))
                start = x
        return runs

    def text(self) -> str:
        """The plain picture, lines joined with newlines (trailing blanks kept)."""
        return "\n".join(self.lines)


@dataclass(frozen=True, slots=True)
class _Geometry:
    """Character offsets of one hex in one size, relative to the hex's top-left origin."""

    column_step: int
    half_row_lines: int
    pad_x: int
    pad_y: int
    width: int
    height: int
    name: tuple[Point, Point]
    terrain_glyph: tuple[Point, ...]
    blank: tuple[Point, ...]  # interior characters that only show the terrain fill
    item_runs: tuple[tuple[Point, ...], ...]  # filled in order
    edges: tuple[tuple[Point, ...], ...]  # [direction] -> fixed characters
    plain: tuple[str, ...]  # [direction] -> outline glyph of a plain edge
    box: Box  # the hex's own area relative to the origin


def _row(x0: int, x1: int, y: int) -> tuple[Point, ...]:
    return tuple((x, y) for x in range(x0, x1))


_LARGE: Final = _Geometry(
    column_step=6,
    half_row_lines=2,
    pad_x=5,
    pad_y=0,
    width=114,
    height=37,
    name=((3, 1), (4, 1)),
    terrain_glyph=(),
    blank=((2, 1), (5, 1)),
    item_runs=(_row(1, 7, 3), _row(1, 7, 2)),
    edges=(
        _row(2, 6, 0),
        ((6, 1), (7, 2)),
        ((7, 3), (6, 4)),
        _row(2, 6, 4),
        ((0, 3), (1, 4)),
        ((1, 1), (0, 2)),
    ),
    plain=("_", "\\", "/", "_", "\\", "/"),
    box=Box(0, 0, 8, 5),
)

_COMPACT: Final = _Geometry(
    column_step=6,
    half_row_lines=1,
    pad_x=0,
    pad_y=0,
    width=103,
    height=19,
    name=((1, 1), (2, 1)),
    terrain_glyph=((5, 1),),
    blank=(),
    item_runs=(_row(1, 5, 2), _row(3, 5, 1)),
    edges=(((5, 0),), ((6, 1),), ((6, 2),), ((5, 2),), ((0, 2),), ((0, 1),)),
    plain=("_", "\\", "/", "_", "\\", "/"),
    box=Box(0, 1, 7, 2),
)

_GEOMETRIES: Final[dict[Size, _Geometry]] = {"large": _LARGE, "compact": _COMPACT}


def gate_overlays(board: Board) -> dict[int, list[Glyph]]:
    """The park entrance token on both gates, as the printed board shows it."""
    del board  # the gates are always the two tips
    return {cell: [Glyph(GATE_TOKEN, "gate")] for cell in (WEST_GATE_CELL, EAST_GATE_CELL)}


def _layout_items(glyphs: Sequence[Glyph], capacities: Sequence[int]) -> list[list[Glyph]]:
    """Glyphs per item run, in order, never split; a ``+`` in the last run if some are left."""
    runs: list[list[Glyph]] = [[] for _ in capacities]
    used = [0] * len(capacities)
    run = 0
    overflow = False
    for glyph in glyphs:
        size = len(glyph.text)
        while run < len(capacities) and used[run] + size > capacities[run]:
            run += 1
        if run == len(capacities):
            overflow = True
            break
        runs[run].append(glyph)
        used[run] += size
    if overflow and capacities:
        last = len(capacities) - 1
        while runs[last] and used[last] + 1 > capacities[last]:
            used[last] -= len(runs[last].pop().text)
        runs[last].append(Glyph(MORE_GLYPH, MORE_KIND))
    return runs


def _canonical_edge(board: Board, cell: int, direction: int) -> tuple[int, int]:
    other = board.neighbours[cell][direction]
    if direction >= 3 and other != NO_CELL:
        return (other, direction - 3)
    return (cell, direction)


class BoardMap:
    """The static picture of one board in one size, plus geometry look-ups and rendering."""

    def __init__(self, board: Board, size: Size = "large") -> None:
        self.board = board
        self.size: Size = size
        self._geo = _GEOMETRIES[size]
        geo = self._geo
        self.width = geo.width
        self.height = geo.height
        self._origins = tuple(self._origin(cell) for cell in range(CELL_COUNT))
        chars = [[" "] * self.width for _ in range(self.height)]
        tags = [[BACKGROUND] * self.width for _ in range(self.height)]
        self._item_tags: list[list[tuple[Point, Tag]]] = []
        for cell in range(CELL_COUNT):
            self._paint_cell(cell, chars, tags)
        for cell in range(CELL_COUNT):
            self._paint_edges(cell, chars, tags)
        self._paint_gate_markers(chars, tags)
        self.static = Picture(
            tuple("".join(row) for row in chars), tuple(tuple(row) for row in tags)
        )
        self._hits = tuple(tuple(tag.cell for tag in row) for row in self.static.tags)

    # -- geometry -------------------------------------------------------------------------

    def _origin(self, cell: int) -> Point:
        column, half_row = screen_position((cell % BOARD_SIZE, cell // BOARD_SIZE))
        geo = self._geo
        return (geo.pad_x + column * geo.column_step, geo.pad_y + half_row * geo.half_row_lines)

    def _at(self, cell: int, offset: Point) -> Point:
        x0, y0 = self._origins[cell]
        return (x0 + offset[0], y0 + offset[1])

    def cell_at(self, x: int, y: int) -> int | None:
        """The space under screen position ``(x, y)``: for mouse clicks."""
        if 0 <= y < self.height and 0 <= x < self.width:
            return self._hits[y][x]
        return None

    def anchor(self, cell: int) -> Point:
        """The first character of the space's name: where a cursor or caret sits."""
        return self._at(cell, self._geo.name[0])

    def bbox(self, cell: int) -> Box:
        """The lines and columns a space's hex covers (outline included in the large size)."""
        box = self._geo.box
        x, y = self._at(cell, (box.x, box.y))
        return Box(x, y, box.width, box.height)

    def lines_of(self, cells: Iterable[int]) -> set[int]:
        """The screen lines that must be repainted when these spaces change."""
        lines: set[int] = set()
        for cell in cells:
            box = self.bbox(cell)
            lines.update(range(box.y, box.y + box.height))
        return lines

    def edge_positions(self, cell: int, direction: int) -> tuple[Point, ...]:
        """The fixed characters of the edge on side ``direction`` of ``cell``."""
        return tuple(self._at(cell, offset) for offset in self._geo.edges[direction])

    def item_slots(self, cell: int) -> tuple[tuple[Point, ...], ...]:
        """The item runs of a space, in filling order."""
        return tuple(tuple(self._at(cell, offset) for offset in run) for run in self._geo.item_runs)

    # -- static layer ---------------------------------------------------------------------

    def _paint_cell(self, cell: int, chars: list[list[str]], tags: list[list[Tag]]) -> None:
        board, geo = self.board, self._geo
        terrain = board.terrain[cell]
        fill = Tag("terrain", cell, terrain)
        for index, offset in enumerate(geo.name):
            x, y = self._at(cell, offset)
            chars[y][x] = board.names[cell][index]
            tags[y][x] = Tag("name", cell, terrain)
        for offset in geo.terrain_glyph:
            x, y = self._at(cell, offset)
            chars[y][x] = TERRAIN_GLYPHS[terrain]
            tags[y][x] = fill
        for offset in geo.blank:
            x, y = self._at(cell, offset)
            chars[y][x] = " "
            tags[y][x] = fill
        south = self._south_tag(cell)
        for run_index, run in enumerate(geo.item_runs):
            for slot, offset in enumerate(run):
                x, y = self._at(cell, offset)
                if self.size == "compact" and run_index == 0:
                    chars[y][x] = self._edge_glyph(cell, 3)
                    tags[y][x] = south
                elif self.size == "large":
                    chars[y][x] = _TEXTURES[terrain][1 - run_index][slot]
                    tags[y][x] = fill
                else:
                    chars[y][x] = " "
                    tags[y][x] = fill

    def _south_tag(self, cell: int) -> Tag:
        """Compact lower-row characters: inside the hex and on its S edge at once."""
        board = self.board
        return Tag(
            "edge",
            cell,
            board.terrain[cell],
            Feature(board.features[cell][3]),
            _canonical_edge(board, cell, 3),
            underline=True,
        )

    def _edge_glyph(self, cell: int, direction: int) -> str:
        feature = Feature(self.board.features[cell][direction])
        return FEATURE_GLYPHS[feature] if feature else self._geo.plain[direction]

    def _paint_edges(self, cell: int, chars: list[list[str]], tags: list[list[Tag]]) -> None:
        board, geo = self.board, self._geo
        for direction in range(6):
            other = board.neighbours[cell][direction]
            positions = [self._at(cell, offset) for offset in geo.edges[direction]]
            glyph = self._edge_glyph(cell, direction)
            if self.size == "compact" and direction in (0, 3):
                if direction == 0 and other != NO_CELL:
                    continue  # drawn by the hex above as its lower row
                if direction == 0:  # the rim above the top hexes: a full outline
                    x, y = self._at(cell, (0, 0))
                    positions = [(x + dx, y) for dx in range(1, 6)]
                    tag = Tag("edge", None, None, Feature.NONE, (cell, 0))
                else:
                    tag = self._south_tag(cell)
            else:
                above = cell if direction == 3 else other if direction == 0 else NO_CELL
                terrain = board.terrain[above] if above != NO_CELL else None
                tag = Tag(
                    "edge",
                    None,
                    terrain,
                    Feature(board.features[cell][direction]),
                    _canonical_edge(board, cell, direction),
                )
            for x, y in positions:
                chars[y][x] = glyph
                tags[y][x] = tag

    def _paint_gate_markers(self, chars: list[list[str]], tags: list[list[Tag]]) -> None:
        for cell, words in GATE_MARKERS.items():
            west = cell == WEST_GATE_CELL
            for line, word in enumerate(words):
                if self.size == "large":
                    x, y = self._at(cell, (-len(word) - 1 if west else 9, 2 + line))
                else:
                    x, y = self._at(cell, (1, -1 + 4 * line))
                for i, char in enumerate(word):
                    chars[y][x + i] = char
                    tags[y][x + i] = Tag("gate", cell)

    # -- rendering ------------------------------------------------------------------------

    def item_chars(self, cell: int, glyphs: Sequence[Glyph]) -> list[tuple[Point, str, Tag]]:
        """Where a space's overlay glyphs go: the characters to write over the static layer.

        Runs that hold items lose their terrain texture (large) so items stand clear; free
        slots keep what the static layer shows.
        """
        geo, board = self._geo, self.board
        terrain = board.terrain[cell]
        runs = _layout_items(glyphs, [len(run) for run in geo.item_runs])
        out: list[tuple[Point, str, Tag]] = []
        for run_index, (slots, placed) in enumerate(zip(geo.item_runs, runs, strict=True)):
            if not placed:
                continue
            underline = self.size == "compact" and run_index == 0
            text = "".join(glyph.text for glyph in placed)
            start = (len(slots) - len(text)) // 2
            if self.size == "large":
                for offset in slots:
                    out.append((self._at(cell, offset), " ", Tag("terrain", cell, terrain)))
            slot = start
            for glyph in placed:
                tag = Tag("item", cell, terrain, kind=glyph.kind, underline=underline)
                for char in glyph.text:
                    out.append((self._at(cell, slots[slot]), char, tag))
                    slot += 1
        return out

    def render(self, overlays: Mapping[int, Sequence[Glyph]] | None = None) -> Picture:
        """The static picture with each space's overlay glyphs placed in its item slots."""
        if not overlays:
            return self.static
        changes: dict[int, list[tuple[int, str, Tag]]] = {}
        for cell, glyphs in overlays.items():
            if glyphs:
                for (x, y), char, tag in self.item_chars(cell, glyphs):
                    changes.setdefault(y, []).append((x, char, tag))
        if not changes:
            return self.static
        lines = list(self.static.lines)
        all_tags = list(self.static.tags)
        for y, patches in changes.items():
            chars = list(lines[y])
            row = list(all_tags[y])
            for x, char, tag in patches:
                chars[x] = char
                row[x] = tag
            lines[y] = "".join(chars)
            all_tags[y] = tuple(row)
        return Picture(tuple(lines), tuple(all_tags))


_CACHE: dict[tuple[int, Size], BoardMap] = {}
_CACHE_LIMIT: Final = 8


def board_map(board: Board, size: Size = "large") -> BoardMap:
    """A cached :class:`BoardMap`, so the static layer is laid out once per board and size."""
    key = (id(board), size)
    cached = _CACHE.get(key)
    if cached is not None and cached.board is board:
        return cached
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.pop(next(iter(_CACHE)))
    made = BoardMap(board, size)
    _CACHE[key] = made
    return made
