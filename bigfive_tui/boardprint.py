"""The printed board for ``bigfive board``: the board map coloured with rich, plus a legend.

Terrain is drawn as background fills with a matching dark or light foreground, so the board
reads the same in dark and light terminals; outlines and edge features sit on the terminal's
own background. Every colour is backed by a glyph (see :mod:`bigfive_tui.boardmap`), so the
picture also works without colour. The legend goes into the empty corners around the diamond
when it fits there, below the board otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text

from bigfive_tui.boardmap import (
    DRAWINGS,
    FEATURE_GLYPHS,
    FEATURE_LABELS,
    GATE_TOKEN,
    MORE_GLYPH,
    MORE_KIND,
    TERRAIN_GLYPHS,
    TERRAIN_LABELS,
    BoardMap,
    Drawing,
    Glyph,
    Picture,
    Tag,
    board_map,
    drawing_size,
    gate_overlays,
)
from bigfive_tui.engine.board import Board
from bigfive_tui.engine.pieces import Feature, Terrain
from bigfive_tui.safe_text import printable

TITLE: Final = "The Big Five: Safari Tour"

#: (background, foreground) per terrain: light fills carry dark ink and the other way round.
TERRAIN_COLOURS: Final[dict[Terrain, tuple[str, str]]] = {
    Terrain.SAVANNA: ("#dcc27a", "#2b2200"),
    Terrain.HILL: ("#b4844e", "#2a1600"),
    Terrain.FOREST: ("#2f6a35", "#d4f0c8"),
    Terrain.WATERING_HOLE: ("#3c7cc4", "#eef6ff"),
    Terrain.MOUNTAIN: ("#8e8e8e", "#1c1c1c"),
}
FEATURE_STYLES: Final[dict[Feature, Style]] = {
    Feature.BUSH: Style(color="#2f9e2f", bold=True),
    Feature.RIVER: Style(color="#3f86e8", bold=True),
    Feature.BUSH | Feature.RIVER: Style(color="#1fa5a5", bold=True),
}
OUTLINE: Final = Style(color="grey50")
GATE_STYLE: Final = Style(color="#d04a2a", bold=True)
HEADING: Final = Style(bold=True)
#: Item styles by kind prefix (the part before ``:``); unknown kinds are just bold.
KIND_STYLES: Final[dict[str, Style]] = {
    "vehicle": Style(bold=True),
    "gate": Style(color="#ffffff", bgcolor="#b03020", bold=True),
    "gate-broken": Style(color="#b03020", bold=True, strike=True),
    "fire": Style(color="#ffd000", bgcolor="#b02000", bold=True),
    "animal": Style(color="#6a1b9a", bold=True),
    "animal-down": Style(color="#6a1b9a", dim=True),
    "buffalo": Style(color="#4e342e", bold=True),
    "food": Style(color="#1b5e20", bold=True),
    MORE_KIND: Style(bold=True, reverse=True),
}


def terrain_style(terrain: Terrain, bold: bool = False) -> Style:
    bg, fg = TERRAIN_COLOURS[terrain]
    return Style(color=fg, bgcolor=bg, bold=bold)


def tag_style(tag: Tag) -> Style:
    """The printer's style for one tagged character."""
    line = Style(underline=True) if tag.underline else Style()
    if tag.role == "edge":
        if tag.feature:  # between the hexes, on no fill (boardmap's "Ownership")
            return FEATURE_STYLES[tag.feature]
        if tag.terrain is not None:  # the bottom line of the hex above
            return terrain_style(tag.terrain) + line
        return OUTLINE
    if tag.role == "mark":
        return terrain_style(tag.terrain or Terrain.SAVANNA, bold=True)
    if tag.role == "gate":
        return GATE_STYLE
    if tag.terrain is None:
        return Style()
    base = terrain_style(tag.terrain, bold=tag.role == "name")
    if tag.role == "item":
        return base + KIND_STYLES.get(tag.kind.split(":")[0], Style(bold=True))
    return base + line  # the compact hex's lower row beside its S edge is underlined too


Segment = tuple[str, Style]


def _legend_blocks() -> dict[str, list[list[Segment]]]:
    """Legend text per board corner; each line is a list of styled pieces."""
    savanna = terrain_style(Terrain.SAVANNA)
    terrain_lines: list[list[Segment]] = [[("Terrain", HEADING)]]
    notes = {
        Terrain.SAVANNA: "drive",
        Terrain.HILL: "drive, look over bushes",
        Terrain.FOREST: "no driving",
        Terrain.WATERING_HOLE: "no driving",
        Terrain.MOUNTAIN: "no driving",
    }
    for terrain in Terrain:
        glyph = TERRAIN_GLYPHS[terrain]
        terrain_lines.append(
            [
                (f" {glyph} ", terrain_style(terrain)),
                (f" {TERRAIN_LABELS[terrain]}: {notes[terrain]}", Style()),
            ]
        )
    edge_lines: list[list[Segment]] = [[("Edges between spaces", HEADING)]]
    edge_lines.append([("/\\_", OUTLINE), (" open", Style())])
    for feature, glyph in FEATURE_GLYPHS.items():
        edge_lines.append(
            [(f" {glyph} ", FEATURE_STYLES[feature]), (f" {FEATURE_LABELS[feature]}", Style())]
        )
    name_lines: list[list[Segment]] = [
        [("Spaces", HEADING)],
        [("♣4", savanna + HEADING), (" space 4 of the ♣ piece (die roll 4)", Style())],
        [("♣a", savanna + HEADING), (" space a of the ♣ piece (no number)", Style())],
    ]
    gate_lines: list[list[Segment]] = [
        [("Park entrances", HEADING), (" at the two tips", Style())],
        [("West gate", GATE_STYLE), (" and ", Style()), ("East gate", GATE_STYLE)],
        [(f" {GATE_TOKEN} ", KIND_STYLES["gate"]), (" entrance token", Style())],
        [(f" {MORE_GLYPH} ", KIND_STYLES[MORE_KIND]), (" more items than fit", Style())],
    ]
    return {
        "top-left": terrain_lines,
        "top-right": edge_lines,
        "bottom-left": name_lines,
        "bottom-right": gate_lines,
    }


def _width(line: Sequence[Segment]) -> int:
    return sum(len(text) for text, _ in line)


@dataclass(slots=True)
class _Canvas:
    """Characters and styles of the board, with room to write the legend into free space."""

    chars: list[list[str]]
    styles: list[list[Style]]
    free: list[list[bool]]

    @classmethod
    def of(cls, picture: Picture) -> _Canvas:
        return cls(
            [list(line) for line in picture.lines],
            [[tag_style(tag) for tag in row] for row in picture.tags],
            [[tag.role == "background" for tag in row] for row in picture.tags],
        )

    def fits(self, x: int, y: int, width: int) -> bool:
        """Free with a blank column of margin on either side."""
        row = self.free[y]
        return x >= 0 and x + width <= len(row) and all(row[max(0, x - 1) : x + width + 1])

    def write(self, x: int, y: int, line: Sequence[Segment]) -> None:
        for text, style in line:
            for char in text:
                self.chars[y][x] = char
                self.styles[y][x] = style
                self.free[y][x] = False
                x += 1

    def place(self, corner: str, lines: Sequence[Sequence[Segment]]) -> bool:
        """Write a legend block into one corner if every line fits there."""
        height, width = len(self.chars), len(self.chars[0])
        top = corner.startswith("top")
        left = corner.endswith("left")
        ys = range(len(lines)) if top else range(height - len(lines), height)
        spots = []
        block = max(_width(line) for line in lines)
        for y, line in zip(ys, lines, strict=True):
            x = 0 if left else width - block
            if not self.fits(x, y, _width(line)):
                return False
            spots.append((x, y, line))
        for x, y, line in spots:
            self.write(x, y, line)
        return True

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop", end="")
        for y, (chars, styles) in enumerate(zip(self.chars, self.styles, strict=True)):
            if y:
                out.append("\n")
            end = len(chars)
            while end and chars[end - 1] == " " and not styles[end - 1]:
                end -= 1
            start = 0
            for x in range(1, end + 1):
                if x == end or styles[x] != styles[start]:
                    out.append("".join(chars[start:x]), styles[start])
                    start = x
        return out


def _segments_text(lines: Iterable[Sequence[Segment]]) -> Text:
    out = Text(no_wrap=True, overflow="crop")
    for index, line in enumerate(lines):
        if index:
            out.append("\n")
        for text, style in line:
            out.append(text, style)
    return out


def board_text(
    board: Board,
    size: Drawing = "large",
    overlays: Mapping[int, Sequence[Glyph]] | None = None,
) -> Text:
    """Title, board and legend as one rich Text of a fixed size."""
    the_map: BoardMap = board_map(board, size)
    picture = the_map.render(gate_overlays(board) if overlays is None else overlays)
    canvas = _Canvas.of(picture)
    leftover: list[list[Segment]] = []
    for corner, lines in _legend_blocks().items():
        if not canvas.place(corner, lines):
            leftover.extend([*lines, []])
    title = Text(no_wrap=True, overflow="crop")
    title.append(TITLE, Style(bold=True))
    title.append(f" · {printable(board.layout_name)}")  # a name from a file
    parts = [title, Text("\n"), canvas.text()]
    if leftover:
        parts += [Text("\n"), _segments_text(leftover[:-1])]
    return Text("", no_wrap=True, overflow="crop").join(parts)


class BoardRenderable:
    """The printed board; picks the large picture when the console is wide enough."""

    def __init__(self, board: Board, overlays: Mapping[int, Sequence[Glyph]] | None = None) -> None:
        self.board = board
        self.overlays = overlays

    def _size(self, width: int) -> Drawing:
        """The largest drawing that fits the console."""
        fitting = [size for size in DRAWINGS if drawing_size(size)[0] <= width]
        return fitting[-1] if fitting else DRAWINGS[0]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield board_text(self.board, self._size(options.max_width), self.overlays)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        width = board_map(self.board, self._size(options.max_width)).width
        return Measurement(width, width)


def board_renderable(
    board: Board, overlays: Mapping[int, Sequence[Glyph]] | None = None
) -> BoardRenderable:
    """What ``bigfive board`` prints: title, coloured board (gates marked), legend."""
    return BoardRenderable(board, overlays)


def too_narrow_message(board: Board, columns: int, again: str) -> str | None:
    """Why the board cannot be drawn in ``columns`` (cut-off lines would mislead), or None."""
    del board  # every board draws the same size
    needed = drawing_size(DRAWINGS[0])[0]
    if columns >= needed:
        return None
    return (
        f"The board is {needed} columns wide but this terminal has {columns}. Widen the window, "
        f"or scroll it sideways with: bigfive board {again} | less -RS"
    )
