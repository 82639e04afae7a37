"""Photo Safari's board: the 10 × 10 grid as one Line-API widget.

Each square is seven cells wide and two lines high. An animal shows its two letters and an arrow
for its facing on the first line, and on the second who still needs a photo of it: ``R`` and
``Y`` for the cameras (each on its camera's colour), ``✓`` when nobody does. A camera is ``[R]``
or ``[Y]``; just after it took a photo it flashes (``⚡``). Bush and water are coloured and
marked ``♣`` and ``≈``, also under an animal that stands in them. Everything the board tells has
a glyph as well as a colour.

Highlights: the legal squares of the camera to move (``•`` on a tint), the cursor (reverse), the
animals' next steps on request (``↦`` and where each goes, with a dim ghost where it arrives),
and in debug mode the animal of the current rule step (underlined).

The compact drawing (for 80 × 24) gives each square four cells on one line: an animal is its
two letters and arrow, then ``R`` or ``Y`` when only that camera still needs it (``✓`` when
nobody does, nothing while both do); a camera is ``[R]`` (``[R]⚡`` as it flashes); bush and
water are ``♣`` and ``≈`` on their colours; a legal square ``•``; a previewed animal's arrival a
dim ghost in small letters, and the animal itself ``↦`` (``·`` if it stays).

Lines are built on demand in :meth:`render_line` and cached; a change repaints only the rows it
touches. Keys: arrows or h/j/k/l move the cursor (to the nearest legal square that way while a
move is chosen), Enter or a click chooses.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import ClassVar, Final

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from bigfive_tui.photo_safari.engine.animals import ANIMAL_NAMES, SHORT_NAMES
from bigfive_tui.photo_safari.engine.grid import (
    COLUMNS,
    FACING_ARROWS,
    FACING_NAMES,
    NAMES,
    SIZE,
    SQUARES,
    TERRAIN_NAMES,
    Terrain,
)
from bigfive_tui.photo_safari.engine.movement import Decision
from bigfive_tui.photo_safari.engine.state import CAMERA, EMPTY, SEAT_NAMES, PhotoState

CELL_WIDTH: Final = 7
CELL_HEIGHT: Final = 2
LABEL_WIDTH: Final = 4  # the row numbers on the left
BOARD_WIDTH: Final = LABEL_WIDTH + SIZE * CELL_WIDTH
BOARD_HEIGHT: Final = 1 + SIZE * CELL_HEIGHT  # the column letters on top
#: The compact drawing's squares: four cells on one line, row numbers three wide.
COMPACT_CELL_WIDTH: Final = 4
COMPACT_LABEL_WIDTH: Final = 3
COMPACT_WIDTH: Final = COMPACT_LABEL_WIDTH + SIZE * COMPACT_CELL_WIDTH
COMPACT_HEIGHT: Final = 1 + SIZE
TERRAIN_GLYPHS: Final = {Terrain.SAVANNA: " ", Terrain.BUSH: "♣", Terrain.WATER: "≈"}
SEAT_LETTERS: Final = tuple(name[0] for name in SEAT_NAMES)
_DIRECTIONS: Final = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


class PhotoBoard(Widget, can_focus=True):
    DEFAULT_CSS = """
    PhotoBoard { width: auto; height: auto; }
    PhotoBoard > .photo-board--savanna { background: #d8bf78; color: #2b2200; }
    PhotoBoard > .photo-board--bush { background: #3f7f3a; color: #e4f5d8; }
    PhotoBoard > .photo-board--water { background: #3c7cc4; color: #eef6ff; }
    PhotoBoard > .photo-board--animal { text-style: bold; }
    PhotoBoard > .photo-board--red { background: #c0392b; color: #ffffff; text-style: bold; }
    PhotoBoard > .photo-board--yellow { background: #f1c40f; color: #1a1400; text-style: bold; }
    PhotoBoard > .photo-board--done { color: #5a5a3a; }
    PhotoBoard > .photo-board--flash { background: #ffffff; color: #b03000; text-style: bold; }
    PhotoBoard > .photo-board--target { background: #c2528f; color: #ffffff; }
    PhotoBoard > .photo-board--cursor { text-style: reverse bold; }
    PhotoBoard > .photo-board--preview { color: #5a1e6e; text-style: bold; }
    PhotoBoard > .photo-board--ghost { color: #7a6a3a; text-style: dim; }
    PhotoBoard > .photo-board--focus { text-style: underline bold; }
    PhotoBoard > .photo-board--label { color: $foreground-muted; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "photo-board--savanna",
        "photo-board--bush",
        "photo-board--water",
        "photo-board--animal",
        "photo-board--red",
        "photo-board--yellow",
        "photo-board--done",
        "photo-board--flash",
        "photo-board--target",
        "photo-board--cursor",
        "photo-board--preview",
        "photo-board--ghost",
        "photo-board--focus",
        "photo-board--label",
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "move('up')", "Up", show=False),
        Binding("down,j", "move('down')", "Down", show=False),
        Binding("left,h", "move('left')", "Left", show=False),
        Binding("right,l", "move('right')", "Right", show=False),
        Binding("enter,space", "choose", "Move here"),
    ]

    cursor: reactive[int] = reactive(0, repaint=False, init=False)

    class SquareChosen(Message):
        """Enter, Space or a click on a square (legal or not: the screen says why not)."""

        def __init__(self, square: int) -> None:
            super().__init__()
            self.square = square

    class CursorMoved(Message):
        def __init__(self, square: int) -> None:
            super().__init__()
            self.square = square

    def __init__(self, state: PhotoState, *, compact: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self._compact = compact
        self._state = state
        self._targets: frozenset[int] = frozenset()
        self._flash: frozenset[int] = frozenset()  # seats whose camera flashes
        self._preview: dict[int, Decision] = {}  # animal -> its next step
        self._focus_animal = -1
        self._lines: dict[int, Strip] = {}
        self._styles: dict[tuple[str, ...], Style] = {}
        self.cursor = state.camera[state.seat]

    # -- what to show ---------------------------------------------------------------------

    @property
    def compact(self) -> bool:
        return self._compact

    def set_compact(self, compact: bool) -> None:
        """The compact drawing (one line per row) or the normal one (two lines, wider)."""
        if compact != self._compact:
            self._compact = compact
            self._lines.clear()
            self.refresh(layout=True)

    @property
    def _cell_height(self) -> int:
        return 1 if self._compact else CELL_HEIGHT

    @property
    def state(self) -> PhotoState:
        return self._state

    @property
    def targets(self) -> frozenset[int]:
        return self._targets

    @property
    def preview(self) -> dict[int, Decision]:
        return self._preview

    def show(
        self,
        state: PhotoState,
        *,
        targets: Collection[int] = (),
        flash: Collection[int] = (),
        preview: Sequence[tuple[int, Decision]] = (),
        focus_animal: int = -1,
    ) -> None:
        """Show ``state`` with its highlights; only the rows that changed are repainted."""
        before = self._cells()
        self._state = state
        self._targets = frozenset(targets)
        self._flash = frozenset(flash)
        self._preview = dict(preview)
        self._focus_animal = focus_animal
        if self._targets and self.cursor not in self._targets:
            self.cursor = self._nearest(state.camera[state.seat])
        after = self._cells()
        rows = {square // SIZE for square in range(SQUARES) if before[square] != after[square]}
        self._repaint_rows(rows)

    def describe(self, square: int) -> str:
        """A square in words: its name, terrain and what stands on it."""
        state = self._state
        terrain = state.game.layout.terrain[square]
        parts = [NAMES[square], TERRAIN_NAMES[terrain]]
        held = state.occupant[square]
        if held >= CAMERA:
            parts.append(f"{SEAT_NAMES[held - CAMERA]}'s camera")
        elif held != EMPTY:
            facing = FACING_NAMES[state.facing[held]]
            needed = [SEAT_NAMES[s] for s in range(2) if not state.photos[s] >> held & 1]
            wanted = f"needed by {' and '.join(needed)}" if needed else "photographed by both"
            parts.append(f"the {ANIMAL_NAMES[held]} facing {facing}, {wanted}")
        return " · ".join(parts)

    # -- cells ----------------------------------------------------------------------------

    def _cells(self) -> list[tuple[object, ...]]:
        """Everything that decides how each square looks, to find what changed."""
        state = self._state
        ghosts = self._ghosts()
        cells: list[tuple[object, ...]] = []
        for square in range(SQUARES):
            held = state.occupant[square]
            extra: tuple[object, ...] = ()
            if EMPTY != held < CAMERA:
                extra = (
                    state.facing[held],
                    state.photos[0] >> held & 1,
                    state.photos[1] >> held & 1,
                )
                extra += (self._preview.get(held), held == self._focus_animal)
            elif held >= CAMERA:
                extra = (held - CAMERA in self._flash,)
            cells.append(
                (
                    held,
                    extra,
                    square in self._targets,
                    square == self.cursor and (self.has_focus or bool(self._targets)),
                    ghosts.get(square),
                )
            )
        return cells

    def _ghosts(self) -> dict[int, int]:
        """Empty squares where a previewed animal arrives -> that animal."""
        occupant = self._state.occupant
        return {
            decision.square: animal
            for animal, decision in self._preview.items()
            if occupant[decision.square] == EMPTY
        }

    def _cell_lines(self, square: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """The two lines of a square as (text, component) pieces, each CELL_WIDTH wide."""
        state = self._state
        terrain = state.game.layout.terrain[square]
        ground = f"photo-board--{TERRAIN_NAMES[terrain]}"
        glyph = TERRAIN_GLYPHS[terrain]
        held = state.occupant[square]
        if held >= CAMERA:
            seat = held - CAMERA
            colour = "photo-board--red" if seat == 0 else "photo-board--yellow"
            flash = seat in self._flash
            top = [("  ", ground), (f"[{SEAT_LETTERS[seat]}]", colour), ("  ", ground)]
            bottom = (
                [("  ", ground), (" ⚡ ", "photo-board--flash"), ("  ", ground)]
                if flash
                else [(" " * CELL_WIDTH, ground)]
            )
            return top, bottom
        if held != EMPTY:
            return self._animal_lines(square, held, ground, glyph)
        ghost = self._ghosts().get(square)
        if ghost is not None:
            decision = self._preview[ghost]
            text = f"{SHORT_NAMES[ghost].lower()}{FACING_ARROWS[decision.facing]}"
            top = [(f"{glyph} ", ground), (text, "photo-board--ghost"), ("  ", ground)]
        else:
            top = [(f"{glyph}      ", ground)]
        if square in self._targets:
            top = [(f"{glyph}  ", ground), ("•", "photo-board--animal"), ("   ", ground)]
            if ghost is not None:
                top = [(f"{glyph} ", ground), (text, "photo-board--ghost"), (" •", ground)]
        bottom = [(f"{glyph}      " if glyph != " " else " " * CELL_WIDTH, ground)]
        return top, bottom

    def _compact_cell(self, square: int) -> list[tuple[str, str]]:
        """The compact drawing's square: four cells on one line, as (text, component)."""
        state = self._state
        terrain = state.game.layout.terrain[square]
        ground = f"photo-board--{TERRAIN_NAMES[terrain]}"
        glyph = TERRAIN_GLYPHS[terrain]
        held = state.occupant[square]
        if held >= CAMERA:
            seat = held - CAMERA
            colour = "photo-board--red" if seat == 0 else "photo-board--yellow"
            if seat in self._flash:
                return [(f"[{SEAT_LETTERS[seat]}]", colour), ("⚡", "photo-board--flash")]
            return [(f"[{SEAT_LETTERS[seat]}]", colour), (" ", ground)]
        if held != EMPTY:
            name = f"{SHORT_NAMES[held]}{FACING_ARROWS[state.facing[held]]}"
            style = "photo-board--focus" if held == self._focus_animal else "photo-board--animal"
            decision = self._preview.get(held)
            if decision is not None:
                mark = ("·" if decision.square == square else "↦", "photo-board--preview")
            else:
                needs = [not state.photos[seat] >> held & 1 for seat in range(2)]
                if not any(needs):
                    mark = ("✓", "photo-board--done")
                elif all(needs):
                    mark = (" ", ground)
                elif needs[0]:
                    mark = ("R", "photo-board--red")
                else:
                    mark = ("Y", "photo-board--yellow")
            return [(name, style), mark]
        ghost = self._ghosts().get(square)
        target = square in self._targets
        if ghost is not None:
            decision = self._preview[ghost]
            text = f"{SHORT_NAMES[ghost].lower()}{FACING_ARROWS[decision.facing]}"
            return [(text, "photo-board--ghost"), ("•" if target else glyph, ground)]
        if target:
            return [(f"{glyph}•  ", ground)] if glyph != " " else [(" •  ", ground)]
        return [(f"{glyph}   ", ground)]

    def _animal_lines(
        self, square: int, animal: int, ground: str, glyph: str
    ) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        state = self._state
        name = f"{SHORT_NAMES[animal]}{FACING_ARROWS[state.facing[animal]]}"
        style = "photo-board--focus" if animal == self._focus_animal else "photo-board--animal"
        top = [(f"{glyph} ", ground), (name, style), ("  ", ground)]
        decision = self._preview.get(animal)
        if decision is not None:
            where = "stay" if decision.square == square else NAMES[decision.square]
            text = f"↦{where}{FACING_ARROWS[decision.facing]}"
            return top, [(glyph, ground), (text.ljust(CELL_WIDTH - 1), "photo-board--preview")]
        needs = [not state.photos[seat] >> animal & 1 for seat in range(2)]
        if not any(needs):
            return top, [(f"{glyph}  ", ground), ("✓", "photo-board--done"), ("   ", ground)]
        red = ("R", "photo-board--red") if needs[0] else (" ", ground)
        yellow = ("Y", "photo-board--yellow") if needs[1] else (" ", ground)
        return top, [(f"{glyph} ", ground), red, (" ", ground), yellow, ("  ", ground)]

    # -- painting -------------------------------------------------------------------------

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return COMPACT_WIDTH if self._compact else BOARD_WIDTH

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return COMPACT_HEIGHT if self._compact else BOARD_HEIGHT

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()
        self._lines.clear()

    def _style(self, *components: str) -> Style:
        key = tuple(components)
        style = self._styles.get(key)
        if style is None:
            # The first (the ground or the label) is whole; the rest only add what they set,
            # so an animal's bold letters keep the terrain's colour behind them.
            style = self.get_component_rich_style(components[0])
            for component in components[1:]:
                style += self.get_component_rich_style(component, partial=True)
            self._styles[key] = style
        return style

    def _repaint_rows(self, rows: Collection[int]) -> None:
        width = self.size.width or BOARD_WIDTH
        height = self._cell_height
        for row in rows:
            for offset in range(height):
                y = 1 + row * height + offset
                self._lines.pop(y, None)
                self.refresh(Region(0, y, width, 1))

    def render_line(self, y: int) -> Strip:
        strip = self._lines.get(y)
        if strip is None:
            strip = self._build_line(y)
            self._lines[y] = strip
        return strip

    def _build_line(self, y: int) -> Strip:
        label = self._style("photo-board--label")
        compact = self._compact
        width = max(self.size.width, COMPACT_WIDTH if compact else BOARD_WIDTH)
        if y == 0:
            if compact:
                letters = " " * COMPACT_LABEL_WIDTH + "".join(f" {c}  " for c in COLUMNS)
            else:
                letters = " " * LABEL_WIDTH + "".join(f"   {column}   " for column in COLUMNS)
            return Strip([Segment(letters, label)]).extend_cell_length(width)
        if y >= (COMPACT_HEIGHT if compact else BOARD_HEIGHT):
            return Strip.blank(width)
        row, part = divmod(y - 1, self._cell_height)
        if compact:
            number = f"{row + 1:>2} "
        else:
            number = f"{row + 1:>3} " if part == 0 else " " * LABEL_WIDTH
        segments = [Segment(number, label)]
        terrain = self._state.game.layout.terrain
        for column in range(SIZE):
            square = row * SIZE + column
            pieces = self._compact_cell(square) if compact else self._cell_lines(square)[part]
            highlight: list[str] = []
            if square in self._targets:
                highlight.append("photo-board--target")
            if square == self.cursor and (self.has_focus or self._targets):
                highlight.append("photo-board--cursor")
            meta = Style.from_meta({"square": square})
            ground = f"photo-board--{TERRAIN_NAMES[terrain[square]]}"
            for text, component in pieces:
                layers = (ground, *highlight) if component == ground else (ground, component)
                if component != ground:
                    layers += tuple(highlight)
                segments.append(Segment(text, self._style(*layers) + meta))
        return Strip(segments).extend_cell_length(width)

    # -- keys and mouse -------------------------------------------------------------------

    def on_focus(self) -> None:
        self._repaint_rows({self.cursor // SIZE})

    def on_blur(self) -> None:
        self._repaint_rows({self.cursor // SIZE})

    def watch_cursor(self, old: int, new: int) -> None:
        self._repaint_rows({old // SIZE, new // SIZE})
        self.post_message(self.CursorMoved(new))

    def _nearest(self, square: int) -> int:
        row, column = divmod(square, SIZE)
        return min(
            sorted(self._targets),
            key=lambda t: max(abs(t // SIZE - row), abs(t % SIZE - column)),
        )

    def action_move(self, direction: str) -> None:
        """One square that way; while a move is chosen, the nearest legal square that way."""
        row_step, column_step = _DIRECTIONS[direction]
        row, column = divmod(self.cursor, SIZE)
        if not self._targets:
            row, column = row + row_step, column + column_step
            if 0 <= row < SIZE and 0 <= column < SIZE:
                self.cursor = row * SIZE + column
            else:
                self.app.bell()
            return
        best: tuple[int, int, int] | None = None
        for target in self._targets:
            t_row, t_column = divmod(target, SIZE)
            along = (t_row - row) * row_step + (t_column - column) * column_step
            if along <= 0:
                continue
            across = abs((t_row - row) * column_step) + abs((t_column - column) * row_step)
            key = (across, along, target)
            if best is None or key < best:
                best = key
        if best is None:
            self.app.bell()
        else:
            self.cursor = best[2]

    def action_choose(self) -> None:
        self.post_message(self.SquareChosen(self.cursor))

    def on_click(self, event: events.Click) -> None:
        square = event.style.meta.get("square")
        if isinstance(square, int) and 0 <= square < SQUARES:
            event.stop()
            self.cursor = square
            self.post_message(self.SquareChosen(square))
