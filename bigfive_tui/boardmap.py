"""The board picture as a grid of tagged character cells, shared by every front end.

This module is pure layout: no ``rich``, no ``textual``. A :class:`BoardMap` turns a
:class:`~bigfive_tui.engine.board.Board` into lines of text where every character carries a
:class:`Tag` (which space it belongs to, what it shows), so the rich printer
(``boardprint``) and the Textual widget can colour terrain, highlight sets of spaces, place a
cursor and turn a mouse click back into a space, all from one geometry.

Geometry. Spaces are flat-topped hexes; ``hexgrid.screen_position`` gives each space a column
(``q + r``) and a half-row (``r - q + 8``). Neighbouring columns are offset by half a hex, so
the picture is a honeycomb whose long diagonal runs left to right, the park entrances at the
two tips. Three drawings (:data:`DRAWINGS`, smallest first):

``"compact"`` (69 x 19, for an 80 x 24 terminal): a column every 4 characters; every edge is
one character (the slashes, and the middle of the lower row), so that edges side by side read
as separate (``~~~~~`` was three rivers read as one)::

     ___
    /♣4J\\     name and one item slot (the interior row)
    \\^#^/     the lower row: the terrain at both ends, whatever lies on the hex; the S
               edge in the middle (here a bush below a hill)

``"normal"`` (104 x 19, for 120 x 34): a column every 6 characters; slanted edges are two
characters wide (the slash and one more), so a bush on them is ``##``::

      ____
    _/♣4?J\\_  name and two item slots
    \\_____/   the S edge (with the slanted edges' second characters)

``"large"`` (114 x 37, for 160 x 48, and ``bigfive board``): hexes 5 lines tall counting the
shared outline, every slanted edge two characters on two lines::

      ____
     / ♣4 \\        name (room for target brackets beside it)
    / ^  ^ \\       terrain texture, or items (first item row)
    \\  ^   /       terrain texture, or items (second item row)
     \\____/        the S edge (shared with the N edge of the hex below)

Ownership. Every character inside a hex (name, item slots, terrain) is tagged with its space
(:meth:`BoardMap.inside` lists them); items are only ever written there, never on an edge or
on a line of characters that belongs to a neighbour. Every edge between two spaces has fixed
characters (:meth:`BoardMap.edge_positions`, the same from either side), drawn whole with the
feature glyph when it carries one: bush ``#``, river ``~``, bush and river together ``%``;
otherwise with the plain outline. In the compact and normal drawings a plain S edge is the
hex's lower row (tagged with the hex above it, on its fill, so a click there picks that space),
and the rim's N edges have a row of their own. In the compact drawing the lower row's two ends
are the hex's own (:attr:`_Geometry.fill`): its terrain, which a marker in the slot and a bush
below once hid together (``♠5F`` over ``###`` was a hill with no ``^``). A bush or river lies
on no hex's fill, in every drawing: on the lower row, in the colour of the hex above, a ``###``
was read as that hex's S edge alone and not as the N edge of the hex below too (issue 27); on
the board's background it lies between the two tiles, like the slanted edges' glyphs, and a
click there picks none.

Crowded spaces. Items fill the slots in the order given (the front end puts the most
important first); a glyph is never split. In the compact and normal drawings, when the items
do not fit beside the whole name, the piece symbol gives way (``4J+`` for ``♣4``) and a ``+``
(kind ``"more"``) in the last slot says that more is there than shows. Legal targets are marked
in the name: ``>`` in place of the piece symbol (``>4J``), ``[♣4]`` in the large drawing.

Glyphs. Terrain: savanna blank, hill ``^``, forest ``¥``, watering hole ``≈``, mountain ``M``
(none can be mistaken for a piece symbol ♠ ♣ ♥ ♦ ★ ● ▲ ■ ♪). Names are the printed ones
(``♣4``, ``♣a``). The park entrances are the tips, marked ``West``/``East`` and ``gate``
beside the tip hex (left and right of it in the large drawing, above and below it in the
others); the entrance token itself is an overlay (:func:`gate_overlays`).

For front ends. ``picture = board_map(board, size).render(overlays, targets)``; for each line
``y`` style ``picture.runs(y)`` from the run's :class:`Tag` (terrain fill from ``tag.terrain``,
highlights and cursor from ``tag.cell``, feature colours from ``tag.feature``, item colours
from ``tag.kind``) and find the space of a click with :meth:`BoardMap.cell_at` (styles kept
by look, not per space, stay few and let neighbouring runs join). :meth:`BoardMap.anchor` is
where a cursor sits, :meth:`BoardMap.lines_of` which lines to repaint when some spaces
change. Gate markers are tagged with their gate's cell, so clicking ``West`` picks the west
gate.

Speed. Everything static (outline, names, terrain, gate markers) is laid out once per board
and size (:func:`board_map` caches it); :meth:`BoardMap.render` only rewrites the interiors
of the spaces that have overlays or marks, sharing every untouched line with the static layer.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Final, Literal, NamedTuple

from bigfive_tui.engine.board import CELL_COUNT, EAST_GATE_CELL, NO_CELL, WEST_GATE_CELL, Board
from bigfive_tui.engine.hexgrid import BOARD_SIZE, screen_position
from bigfive_tui.engine.pieces import Feature, Terrain

Drawing = Literal["compact", "normal", "large"]
Role = Literal["background", "terrain", "name", "mark", "edge", "item", "gate"]
Point = tuple[int, int]

#: The drawings, smallest first.
DRAWINGS: Final[tuple[Drawing, ...]] = ("compact", "normal", "large")

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
#: Every value of a board's edge features (plain ints there) as a Feature, by that value: an
#: index is cheaper than an enum call for each of a drawing's thousand edge characters.
_FEATURES: Final = tuple(Feature(bits) for bits in range(int(Feature.BUSH | Feature.RIVER) + 1))
#: Shown in the last item slot when a space holds more than fits.
MORE_GLYPH: Final = "+"
MORE_KIND: Final = "more"
#: A legal target's mark in place of the piece symbol (compact, normal), or around the name.
TARGET_GLYPH: Final = ">"
TARGET_BRACKETS: Final = ("[", "]")
GATE_TOKEN: Final = "G"
GATE_MARKERS: Final[dict[int, tuple[str, str]]] = {
    WEST_GATE_CELL: ("West", "gate"),
    EAST_GATE_CELL: ("East", "gate"),
}

#: A plain S edge in the compact and normal drawings, which is the hex's lower row: underscores
#: on savanna, the terrain's glyph elsewhere (a front end underlines the row), so that the
#: terrain shows even when items fill the interior.
#: The compact hex's lower row beside its S edge shows the same, always.
LOWER_ROW_GLYPHS: Final[dict[Terrain, str]] = {
    terrain: "_" if terrain == Terrain.SAVANNA else glyph
    for terrain, glyph in TERRAIN_GLYPHS.items()
}

# Large-size hex texture (rows 2 and 3, 6 characters each) so that terrain reads at a glance.
_TEXTURES: Final[dict[Terrain, tuple[str, str]]] = {
    Terrain.SAVANNA: ("      ", "      "),
    Terrain.HILL: (" ^  ^ ", "   ^  "),
    Terrain.FOREST: ("¥ ¥ ¥ ", " ¥ ¥ ¥"),
    Terrain.WATERING_HOLE: (" ≈≈≈≈ ", "≈≈≈≈≈≈"),
    Terrain.MOUNTAIN: (" M  M ", "M  M  "),
}


# The picture's parts are named tuples, not frozen dataclasses: a drawing holds thousands of
# tags, compared and hashed in C as tuples; and a frozen dataclass costs about as much to
# define as to build a hundred of them (its methods are compiled from source at import).


class Glyph(NamedTuple):
    """An overlay item: its text (1-3 characters, e.g. ``"J"``, ``"*2"``) and its kind.

    Kinds are free strings for the front ends to style, such as ``"vehicle:jack"``,
    ``"fire"``, ``"animal-down"``, ``"animal:lion"``, ``"buffalo"``, ``"food"``, ``"gate"``,
    ``"gate-broken"``.
    """

    text: str
    kind: str


class Tag(NamedTuple):
    """What one character shows, so a front end can style it without knowing the geometry.

    ``cell`` is the space whose hex the character lies inside (None on outlines, bushes,
    rivers and background; gate markers carry their gate; in the compact and normal drawings a
    hex's lower row, its plain S edge, carries the hex). ``terrain`` is the fill the character
    sits on: for a plain N/S outline character it is the hex whose bottom line it draws, for a
    bush or river none. ``edge`` is
    ``(cell, direction)`` for edge characters, normalised so that the direction points N, NE
    or SE whenever that side has a neighbour; ``feature`` is what the edge carries. ``kind``
    is the glyph kind of items (``"more"`` for the overflow ``+``). ``underline`` marks the
    lower row of a hex in the compact and normal drawings (its S edge, and the slanted edges'
    second characters or the compact hex's terrain beside it) when plain: a front end
    underlines it so that the edge reads as a line under the terrain glyphs.
    """

    role: Role
    cell: int | None = None
    terrain: Terrain | None = None
    feature: Feature = Feature.NONE
    edge: tuple[int, int] | None = None
    kind: str = ""
    underline: bool = False


BACKGROUND: Final = Tag("background")


class Box(NamedTuple):
    """A rectangle of character cells, for cursors and partial repaints."""

    x: int
    y: int
    width: int
    height: int

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height


class Run(NamedTuple):
    """Consecutive characters of one line with equal tags: one styled segment."""

    x: int
    text: str
    tag: Tag


class Picture(NamedTuple):
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


#: Whose fill an edge character sits on: none (the background), the hex itself, or the
#: neighbour in a direction (0-5).
_NO_FILL: Final = -1
_OWN_FILL: Final = 6


class _EdgeCell(NamedTuple):
    offset: Point
    plain: str  # the outline glyph of a plain edge
    fill: int  # _NO_FILL, _OWN_FILL or a direction
    filler: bool = False  # the second character of a slanted edge: blank at the rim


class _Geometry(NamedTuple):
    """Character offsets of one hex in one drawing, relative to the hex's top-left origin."""

    column_step: int
    half_row_lines: int
    pad_x: int
    width: int
    height: int
    name: tuple[Point, Point]
    runs: tuple[tuple[Point, ...], ...]  # item slots, filled in order
    blank: tuple[Point, ...]  # interior characters beside the name (large: target brackets)
    edges: tuple[tuple[_EdgeCell, ...], ...]  # [direction] -> its characters
    lower_row: bool  # the S edge is the hex's own lower row (compact, normal)
    fill: tuple[Point, ...]  # the lower row beside a one-character S edge: terrain, always
    rim: tuple[Point, ...]  # the N rim beside a one-character N edge: plain outline
    box: Box  # the hex's own area relative to the origin
    gate_words: tuple[Point, Point, Point, Point]  # West, gate (west tip); East, gate (east)


def _row(x0: int, x1: int, y: int) -> tuple[Point, ...]:
    return tuple((x, y) for x in range(x0, x1))


def _cells(points: Iterable[Point], plain: str, fill: int) -> tuple[_EdgeCell, ...]:
    return tuple(_EdgeCell(point, plain, fill) for point in points)


_COMPACT: Final = _Geometry(
    column_step=4,
    half_row_lines=1,
    pad_x=0,
    width=69,
    height=19,
    name=((1, 1), (2, 1)),
    runs=(((3, 1),),),
    blank=(),
    edges=(
        _cells([(2, 0)], "_", _NO_FILL),
        _cells([(4, 1)], "\\", _NO_FILL),
        _cells([(4, 2)], "/", _NO_FILL),
        _cells([(2, 2)], "_", _OWN_FILL),
        _cells([(0, 2)], "\\", _NO_FILL),
        _cells([(0, 1)], "/", _NO_FILL),
    ),
    lower_row=True,
    fill=((1, 2), (3, 2)),
    rim=((1, 0), (3, 0)),
    box=Box(1, 1, 3, 2),
    gate_words=((0, -1), (0, 3), (1, -1), (1, 3)),
)

_NORMAL: Final = _Geometry(
    column_step=6,
    half_row_lines=1,
    pad_x=0,
    width=104,
    height=19,
    name=((2, 1), (3, 1)),
    runs=(((4, 1), (5, 1)),),
    blank=(),
    edges=(
        _cells(_row(2, 6, 0), "_", _NO_FILL),
        (_EdgeCell((6, 1), "\\", _NO_FILL), _EdgeCell((7, 1), "_", 1, filler=True)),
        (_EdgeCell((6, 2), "_", _OWN_FILL), _EdgeCell((7, 2), "/", _NO_FILL)),
        _cells(_row(2, 6, 2), "_", _OWN_FILL),
        (_EdgeCell((0, 2), "\\", _NO_FILL), _EdgeCell((1, 2), "_", _OWN_FILL)),
        (_EdgeCell((0, 1), "_", 5, filler=True), _EdgeCell((1, 1), "/", _NO_FILL)),
    ),
    lower_row=True,
    fill=(),
    rim=(),
    box=Box(2, 1, 4, 2),
    gate_words=((2, -1), (2, 3), (2, -1), (2, 3)),
)

_LARGE: Final = _Geometry(
    column_step=6,
    half_row_lines=2,
    pad_x=5,
    width=114,
    height=37,
    name=((3, 1), (4, 1)),
    runs=(_row(1, 7, 2), _row(1, 7, 3)),
    blank=((2, 1), (5, 1)),
    edges=(
        _cells(_row(2, 6, 0), "_", 0),
        _cells([(6, 1), (7, 2)], "\\", _NO_FILL),
        _cells([(7, 3), (6, 4)], "/", _NO_FILL),
        _cells(_row(2, 6, 4), "_", _OWN_FILL),
        _cells([(0, 3), (1, 4)], "\\", _NO_FILL),
        _cells([(1, 1), (0, 2)], "/", _NO_FILL),
    ),
    lower_row=False,
    fill=(),
    rim=(),
    box=Box(0, 0, 8, 5),
    gate_words=((-5, 2), (-5, 3), (9, 2), (9, 3)),
)

_GEOMETRIES: Final[dict[Drawing, _Geometry]] = {
    "compact": _COMPACT,
    "normal": _NORMAL,
    "large": _LARGE,
}


def drawing_size(size: Drawing) -> tuple[int, int]:
    """Width and height of a drawing's picture, without building one."""
    geo = _GEOMETRIES[size]
    return geo.width, geo.height


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
        popped: Glyph | None = None
        while runs[last] and used[last] + 1 > capacities[last]:
            popped = runs[last].pop()
            used[last] -= len(popped.text)
        if not any(runs):
            popped = glyphs[0]
        if popped is not None and len(popped.text) > 1 and used[last] + 2 <= capacities[last]:
            # A fire count ("*2") too long to share the run with the "+" shows by its sign.
            runs[last].append(Glyph(popped.text[0], popped.kind))
        runs[last].append(Glyph(MORE_GLYPH, MORE_KIND))
    return runs


def _fits(glyphs: Sequence[Glyph], capacity: int) -> bool:
    return sum(len(glyph.text) for glyph in glyphs) <= capacity


def _canonical_edge(board: Board, cell: int, direction: int) -> tuple[int, int]:
    other = board.neighbours[cell][direction]
    if direction >= 3 and other != NO_CELL:
        return (other, direction - 3)
    return (cell, direction)


Patch = tuple[Point, str, Tag]


class BoardMap:
    """The static picture of one board in one drawing, plus geometry look-ups and rendering."""

    def __init__(self, board: Board, size: Drawing = "large") -> None:
        self.board = board
        self.size: Drawing = size
        self._geo = _GEOMETRIES[size]
        geo = self._geo
        self.width = geo.width
        self.height = geo.height
        self._origins = tuple(self._origin(cell) for cell in range(CELL_COUNT))
        chars = [[" "] * self.width for _ in range(self.height)]
        tags = [[BACKGROUND] * self.width for _ in range(self.height)]
        for cell in range(CELL_COUNT):
            for (x, y), char, tag in self._interior(cell, (), target=False, static=True):
                chars[y][x] = char
                tags[y][x] = tag
        for cell in range(CELL_COUNT):
            self._paint_fill(cell, chars, tags)
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
        return (geo.pad_x + column * geo.column_step, half_row * geo.half_row_lines)

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
        """The screen lines that must be repainted when these spaces change: the hex's and
        its outline's (a front end lights the bushes and rivers of the cursor's hex)."""
        lines: set[int] = set()
        for cell in cells:
            box = self.bbox(cell)
            lines.update(range(box.y, box.y + box.height))
            for direction in range(6):
                lines.update(y for _, y in self.edge_positions(cell, direction))
        return lines

    def edge_positions(self, cell: int, direction: int) -> tuple[Point, ...]:
        """Every character of the edge on side ``direction`` of ``cell`` (the same from the
        other side): all of them show the edge's feature glyph when it has one."""
        geo = self._geo
        if geo.lower_row and direction == 0:
            above = self.board.neighbours[cell][0]
            if above != NO_CELL:
                return self.edge_positions(above, 3)
        return tuple(self._at(cell, edge.offset) for edge in geo.edges[direction])

    def item_slots(self, cell: int) -> tuple[tuple[Point, ...], ...]:
        """The item runs of a space, in filling order (before a crowded space's name gives
        way in the compact and normal drawings)."""
        return tuple(tuple(self._at(cell, offset) for offset in run) for run in self._geo.runs)

    def inside(self, cell: int) -> frozenset[Point]:
        """The characters inside a space's hex: its name, item slots and terrain; nothing of
        an edge, nothing a neighbour shares. Items are only ever drawn here."""
        geo = self._geo
        offsets = [*geo.name, *geo.blank, *(point for run in geo.runs for point in run)]
        offsets += geo.fill
        if not geo.lower_row:  # the large hex's second interior row and its texture
            offsets += [*_row(1, 7, 2), *_row(1, 7, 3)]
        return frozenset(self._at(cell, offset) for offset in offsets)

    # -- static layer ---------------------------------------------------------------------

    def _filled(self, cell: int, edge: _EdgeCell) -> int:
        """The hex whose fill (and lower row) an edge character belongs to, or NO_CELL."""
        if edge.fill == _OWN_FILL:
            return cell
        if edge.fill == _NO_FILL:
            return NO_CELL
        return self.board.neighbours[cell][edge.fill]

    def _edge_glyph(
        self, cell: int, direction: int, edge: _EdgeCell, filled: int, feature: Feature
    ) -> str:
        board = self.board
        if feature:
            return FEATURE_GLYPHS[feature]
        if edge.filler and filled == NO_CELL:
            # At the rim the second character of a NW or NE edge carries on the N rim of the
            # hex below it, if there is one.
            below = board.neighbours[cell][4 if direction == 5 else 2]
            return edge.plain if below != NO_CELL else " "
        if self._geo.lower_row and filled != NO_CELL:
            return LOWER_ROW_GLYPHS[board.terrain[filled]]
        return edge.plain

    def _paint_edges(self, cell: int, chars: list[list[str]], tags: list[list[Tag]]) -> None:
        board, geo = self.board, self._geo
        x0, y0 = self._origins[cell]
        for direction in range(6):
            other = board.neighbours[cell][direction]
            if geo.lower_row and direction == 0 and other != NO_CELL:
                continue  # drawn by the hex above as its lower row
            feature = _FEATURES[board.features[cell][direction]]
            key = _canonical_edge(board, cell, direction)
            # A bush or river lies on no hex's fill and picks no space: on a hex's lower row,
            # in its colour, it was read as that hex's edge alone, not the one below's too.
            owner = cell if geo.lower_row and direction == 3 and not feature else None
            # One Tag for the characters of an edge that sit on one fill: a front end styles
            # a Tag once and draws the characters that share one as one run.
            made: dict[int, Tag] = {}
            for edge in geo.edges[direction]:
                filled = NO_CELL if feature else self._filled(cell, edge)
                tag = made.get(filled)
                if tag is None:
                    terrain = board.terrain[filled] if filled != NO_CELL else None
                    lower = geo.lower_row and terrain is not None
                    tag = made[filled] = Tag("edge", owner, terrain, feature, key, "", lower)
                x, y = x0 + edge.offset[0], y0 + edge.offset[1]
                chars[y][x] = self._edge_glyph(cell, direction, edge, filled, feature)
                tags[y][x] = tag

    def _paint_fill(self, cell: int, chars: list[list[str]], tags: list[list[Tag]]) -> None:
        """The compact hex's lower row beside its one-character S edge shows its terrain
        whatever lies on the hex or its edges (a ``?`` in the slot and a ``###`` S edge left
        a hill with no ``^`` at all), and a rim hex's N rim beside its N edge the outline."""
        geo = self._geo
        terrain = self.board.terrain[cell]
        fill = Tag("terrain", cell, terrain, underline=True)
        for offset in geo.fill:
            x, y = self._at(cell, offset)
            chars[y][x] = LOWER_ROW_GLYPHS[terrain]
            tags[y][x] = fill
        if self.board.neighbours[cell][0] == NO_CELL:
            outline = Tag("edge")
            for offset in geo.rim:
                x, y = self._at(cell, offset)
                chars[y][x] = "_"
                tags[y][x] = outline

    def _paint_gate_markers(self, chars: list[list[str]], tags: list[list[Tag]]) -> None:
        words = self._geo.gate_words
        for cell, (first, second) in GATE_MARKERS.items():
            spots = words[:2] if cell == WEST_GATE_CELL else words[2:]
            tag = Tag("gate", cell)
            for word, offset in zip((first, second), spots, strict=True):
                x, y = self._at(cell, offset)
                for i, char in enumerate(word):
                    chars[y][x + i] = char
                    tags[y][x + i] = tag

    # -- interiors ------------------------------------------------------------------------

    def _interior(
        self, cell: int, glyphs: Sequence[Glyph], *, target: bool, static: bool = False
    ) -> list[Patch]:
        """The characters inside a space's hex: name (or mark), items, terrain."""
        if self._geo.lower_row:
            return self._interior_row(cell, glyphs, target)
        return self._interior_large(cell, glyphs, target, static)

    def _interior_row(self, cell: int, glyphs: Sequence[Glyph], target: bool) -> list[Patch]:
        """Compact and normal: one row of name and slots; a crowded space's piece symbol
        gives way to its items, a target's to the mark."""
        geo, board = self._geo, self.board
        terrain = board.terrain[cell]
        name = board.names[cell]
        row = [*geo.name, *geo.runs[0]]
        head: list[tuple[str, Role]]
        if _fits(glyphs, len(row) - 2):
            head = [(TARGET_GLYPH, "mark") if target else (name[0], "name"), (name[1], "name")]
        elif target:
            head = [(TARGET_GLYPH, "mark")]
        else:
            head = [(name[1], "name")]
        out: list[Patch] = []
        made: dict[Role, Tag] = {}  # the name's two characters share one Tag
        for offset, (char, role) in zip(row, head, strict=False):
            tag = made.get(role)
            if tag is None:
                tag = made[role] = Tag(role, cell, terrain)
            out.append((self._at(cell, offset), char, tag))
        slots = row[len(head) :]
        (placed,) = _layout_items(glyphs, [len(slots)])
        index = 0
        for glyph in placed:
            tag = Tag("item", cell, terrain, kind=glyph.kind)
            for char in glyph.text:
                out.append((self._at(cell, slots[index]), char, tag))
                index += 1
        fill = Tag("terrain", cell, terrain)
        for free, offset in enumerate(slots[index:], start=index):
            char = TERRAIN_GLYPHS[terrain] if free == len(slots) - 1 else " "
            out.append((self._at(cell, offset), char, fill))
        return out

    def _interior_large(
        self, cell: int, glyphs: Sequence[Glyph], target: bool, static: bool
    ) -> list[Patch]:
        """Large: the name between two blanks (target brackets), two rows of six slots that
        show the terrain texture unless they hold items."""
        geo, board = self._geo, self.board
        terrain = board.terrain[cell]
        fill = Tag("terrain", cell, terrain)
        out: list[Patch] = []
        if static:
            name = Tag("name", cell, terrain)
            for char, offset in zip(board.names[cell], geo.name, strict=True):
                out.append((self._at(cell, offset), char, name))
        for offset, bracket in zip(geo.blank, TARGET_BRACKETS, strict=True):
            mark = (bracket, Tag("mark", cell, terrain)) if target else (" ", fill)
            out.append((self._at(cell, offset), *mark))
        runs = _layout_items(glyphs, [len(run) for run in geo.runs])
        for run_index, (slots, placed) in enumerate(zip(geo.runs, runs, strict=True)):
            if not placed:
                if static:
                    texture = _TEXTURES[terrain][run_index]
                    for slot, offset in enumerate(slots):
                        out.append((self._at(cell, offset), texture[slot], fill))
                continue
            text = "".join(glyph.text for glyph in placed)
            for offset in slots:  # a row with items loses its texture, so they stand clear
                out.append((self._at(cell, offset), " ", fill))
            slot = (len(slots) - len(text)) // 2
            for glyph in placed:
                tag = Tag("item", cell, terrain, kind=glyph.kind)
                for char in glyph.text:
                    out.append((self._at(cell, slots[slot]), char, tag))
                    slot += 1
        return out

    # -- rendering ------------------------------------------------------------------------

    def item_chars(
        self, cell: int, glyphs: Sequence[Glyph], *, target: bool = False
    ) -> list[Patch]:
        """What to write over the static layer for a space's overlay glyphs (and its mark)."""
        if not glyphs and not target:
            return []
        return self._interior(cell, glyphs, target=target)

    def render(
        self,
        overlays: Mapping[int, Sequence[Glyph]] | None = None,
        targets: Collection[int] = (),
    ) -> Picture:
        """The static picture with each space's overlay glyphs placed in its item slots and
        each target marked."""
        cells = {cell for cell, glyphs in (overlays or {}).items() if glyphs} | set(targets)
        if not cells:
            return self.static
        changes: dict[int, list[tuple[int, str, Tag]]] = {}
        for cell in cells:
            glyphs = (overlays or {}).get(cell, ())
            for (x, y), char, tag in self.item_chars(cell, glyphs, target=cell in targets):
                changes.setdefault(y, []).append((x, char, tag))
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


_CACHE: dict[tuple[int, Drawing], BoardMap] = {}
_CACHE_LIMIT: Final = 8


def board_map(board: Board, size: Drawing = "large") -> BoardMap:
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
