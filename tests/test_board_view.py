"""The board widget: rendering, items from the state, target mode, mouse, partial repaints."""

from __future__ import annotations

import re

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region

from bigfive_tui.app.components.board_view import BoardView, reading_order, step_towards
from bigfive_tui.app.drawing.overlays import glyph_label, overlays_for
from bigfive_tui.app.drawing.themes import THEMES
from bigfive_tui.app.screens.help import big_five_help_lines
from bigfive_tui.app.words.describe import edge_words
from bigfive_tui.assets import seeded_board
from bigfive_tui.boardmap import MORE_GLYPH, TARGET_GLYPH, Drawing
from bigfive_tui.engine.board import CELL_COUNT, EAST_GATE_CELL, WEST_GATE_CELL, Board
from bigfive_tui.engine.content import (
    ANIMAL_KIND,
    BUFFALO_TOKEN,
    CARDS,
    FOOD_TOKENS,
    CardKind,
    Difficulty,
    Guide,
    Species,
)
from bigfive_tui.engine.hexgrid import screen_position
from bigfive_tui.engine.pieces import Terrain
from bigfive_tui.engine.session import Session, make_game
from bigfive_tui.engine.state import GameState

SIZE = (120, 36)
CENTRE = 40  # (4, 4): all six neighbours on the board
N, NE, SE, S, SW, NW = range(6)


def make_session(seed: int = 3) -> Session:
    board = seeded_board(seed)
    guides = [Guide.JACK, Guide.DAVID, Guide.ANNA, Guide.KATE, Guide.SAM]
    return Session(make_game(board, guides, Difficulty.NORMAL, seed=seed))


class BoardApp(App[None]):
    """A tiny host: the board alone, recording what it posts."""

    def __init__(self, board: Board, state: GameState | None = None, drawing: Drawing = "normal"):
        super().__init__()
        self.board = board
        self.state = state
        self.drawing: Drawing = drawing
        self.posted: list[tuple[str, int | None]] = []

    def compose(self) -> ComposeResult:
        yield BoardView(self.board, drawing=self.drawing, id="board")

    def on_mount(self) -> None:
        if self.state is not None:
            self.view.show_state(self.state)

    @property
    def view(self) -> BoardView:
        return self.query_one(BoardView)

    def on_board_view_target_chosen(self, message: BoardView.TargetChosen) -> None:
        self.posted.append(("chosen", message.cell))

    def on_board_view_target_cancelled(self, message: BoardView.TargetCancelled) -> None:
        self.posted.append(("cancelled", None))

    def on_board_view_cell_clicked(self, message: BoardView.CellClicked) -> None:
        self.posted.append(("clicked", message.cell))


def screen_text(view: BoardView) -> list[str]:
    return [view.render_line(y).text for y in range(view.size.height)]


def status_line(view: BoardView) -> int:
    """The widget line above the picture's first line."""
    return view.offset_of(CENTRE).y - view.board_map.anchor(CENTRE)[1] - 1


def cell_text(view: BoardView, cell: int) -> str:
    """The characters inside a space's hex (name, items, terrain), in screen order."""
    lines = screen_text(view)
    offset = view.offset_of(cell)
    ax, ay = view.board_map.anchor(cell)
    inside = sorted(view.board_map.inside(cell), key=lambda point: (point[1], point[0]))
    return "".join(lines[offset.y + y - ay][offset.x + x - ax] for x, y in inside)


# -- overlays ------------------------------------------------------------------------------


def test_overlays_show_vehicles_tokens_fires_and_gates() -> None:
    session = make_session()
    state = session.state
    overlays = overlays_for(state)
    for seat, cell in enumerate(state.vehicle):
        letter = "JDAKS"[int(state.game.guides[seat])]
        assert letter in [g.text for g in overlays[cell]]
    for cell, token in enumerate(state.token_at):
        if token < 0:
            continue
        first = overlays[cell][0]
        if token == BUFFALO_TOKEN:
            assert (first.text, first.kind) == ("B", "buffalo")
        elif token in FOOD_TOKENS:
            assert (first.text, first.kind) == ("F", "food")
        elif cell in (WEST_GATE_CELL, EAST_GATE_CELL):
            assert (first.text, first.kind) == ("G", "gate")
        else:
            assert (first.text, first.kind) == ("?", "animal-down")
    for cell, count in enumerate(state.fires):
        texts = [g.text for g in overlays.get(cell, [])]
        assert (("*" if count == 1 else f"*{count}") in texts) == bool(count)


def test_overlays_face_up_animals_fire_counts_and_broken_gates() -> None:
    state = make_session().state.copy()
    animals = [c for c, t in enumerate(state.token_at) if 0 <= t < 12]
    cell = animals[0]
    token = state.token_at[cell]
    state.face_up[token] = True
    state.fires[cell] = 3
    broken = next(i for i, card in enumerate(CARDS) if card.kind == CardKind.BROKEN_GATE)
    state.lasting.append((broken, CARDS[broken].gate))
    overlays = overlays_for(state)
    letter = "LPER"[ANIMAL_KIND[token]]
    assert [g.text for g in overlays[cell]][:2] == [letter, "*3"]
    assert glyph_label(overlays[cell][1]) == "3 fires"
    species = Species(ANIMAL_KIND[token]).name.lower()
    assert overlays[cell][0].kind == f"animal:{species}"
    gate_cell = (WEST_GATE_CELL, EAST_GATE_CELL)[CARDS[broken].gate]
    assert overlays[gate_cell][0].text == "X"
    assert overlays[gate_cell][0].kind == "gate-broken"


# -- rendering ------------------------------------------------------------------------------


async def test_mounts_and_renders_all_81_names() -> None:
    board = seeded_board(7)
    app = BoardApp(board)
    async with app.run_test(size=SIZE):
        view = app.view
        assert view.fits
        lines = screen_text(view)
        for cell in range(CELL_COUNT):
            offset = view.offset_of(cell)
            assert lines[offset.y][offset.x : offset.x + 2] == board.names[cell]
        # centred: the picture's margins differ by at most one column
        left = view.offset_of(WEST_GATE_CELL).x - view.board_map.anchor(WEST_GATE_CELL)[0]
        right = view.size.width - (left + view.board_map.width)
        assert abs(left - right) <= 1


async def test_show_state_puts_glyphs_where_the_state_says() -> None:
    session = make_session(5)
    app = BoardApp(session.state.game.board, session.state)
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        overlays = overlays_for(session.state)
        assert overlays
        for cell, glyphs in overlays.items():
            text = cell_text(view, cell)
            for glyph in glyphs:
                assert glyph.text in text, (cell, glyph, text)
        # after an action only the changed spaces move
        session.play_text("draw")
        while session.state.phase != 1:
            session.play_text("draw")
        move = next(a for a in session.legal_actions() if a.kind.name == "MOVE")
        before = session.state.vehicle[session.state.seat]
        session.play(move)
        view.show_state(session.state)
        await pilot.pause()
        letter = "JDAKS"[int(session.state.guide)]
        assert letter in cell_text(view, move.target)
        assert letter not in cell_text(view, before)


async def test_renders_in_light_and_dark_themes() -> None:
    app = BoardApp(make_session().state.game.board, make_session().state)
    backgrounds = set()
    async with app.run_test(size=SIZE) as pilot:
        for theme in ("textual-light", "textual-dark", "textual-light"):
            app.theme = theme
            await pilot.pause()
            view = app.view
            view.set_targets([CENTRE, CENTRE + 1], "Pick")
            view.set_sight([CENTRE, CENTRE - 1])
            await pilot.pause()
            assert "> Pick" in screen_text(view)[status_line(view)]
            blank = view.render_line(view.size.height - 1)
            style = next(iter(blank)).style
            assert style is not None and style.bgcolor is not None
            backgrounds.add((theme, style.bgcolor.triplet))
            view.clear_targets()
            view.clear_sight()
    light = {bg for theme, bg in backgrounds if theme == "textual-light"}
    dark = {bg for theme, bg in backgrounds if theme == "textual-dark"}
    assert len(light) == 1 and len(dark) == 1 and light != dark  # the cache follows the theme


async def test_too_small_shows_a_message() -> None:
    app = BoardApp(seeded_board(1))
    async with app.run_test(size=(80, 24)):
        view = app.view
        assert not view.fits
        text = "\n".join(screen_text(view))
        assert "enlarge the window" in text and "104 columns" in text


async def test_large_size_when_it_fits() -> None:
    board = seeded_board(2)
    app = BoardApp(board, drawing="large")
    async with app.run_test(size=(130, 45)):
        view = app.view
        assert view.board_map.size == "large"
        lines = screen_text(view)
        for cell in range(CELL_COUNT):
            offset = view.offset_of(cell)
            assert lines[offset.y][offset.x : offset.x + 2] == board.names[cell]


# -- target mode ----------------------------------------------------------------------------


def ring(board: Board, cell: int) -> list[int]:
    return [board.neighbours[cell][d] for d in range(6)]


async def test_target_mode_keys_move_among_legal_targets_only() -> None:
    board = seeded_board(4)
    app = BoardApp(board)
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        around = ring(board, CENTRE)
        view.cursor = CENTRE
        view.set_targets(around, "Drive where?")
        await pilot.pause()
        assert view.targeting and view.has_focus
        assert view.cursor == around[N]  # all at the same distance: the first in reading order
        assert "> Drive where?" in screen_text(view)[status_line(view)]
        await pilot.press("up")  # nothing above the top of the ring: stays
        assert view.cursor == around[N]
        await pilot.press("right")
        assert view.cursor == around[NE]
        await pilot.press("down")
        assert view.cursor == around[SE]
        await pilot.press("j")
        assert view.cursor == around[S]
        await pilot.press("h")
        assert view.cursor == around[SW]
        await pilot.press("k")
        assert view.cursor == around[NW]
        for key in ("left", "right", "up", "down", "h", "j", "k", "l") * 3:
            await pilot.press(key)
            assert view.cursor in around
        await pilot.press("enter")
        await pilot.pause()
        assert app.posted == [("chosen", view.cursor)]
        assert not view.targeting


async def test_a_top_line_too_long_for_80_columns_ends_in_an_ellipsis() -> None:
    """Issue 27: at 80 columns the target prompt and the space's words were cut mid-word with
    nothing to say so."""
    board = seeded_board(4)
    app = BoardApp(board, drawing="compact")
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.view
        view.cursor = CENTRE
        view.set_targets(ring(board, CENTRE), "Drive where? Choose one of the marked spaces")
        await pilot.pause()
        line = screen_text(view)[status_line(view)]
        assert len(line) == 80 and line.endswith("…") and line.lstrip().startswith("> Drive where?")
        view.set_targets(ring(board, CENTRE), "Go?")
        await pilot.pause()
        line = screen_text(view)[status_line(view)].rstrip()
        assert "…" not in line and line.endswith(view.describe(view.cursor))


async def test_n_and_p_cycle_in_reading_order_and_escape_cancels() -> None:
    board = seeded_board(4)
    app = BoardApp(board)
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        cells = [3, 77, 40, 12, 60]
        view.cursor = None  # no cursor yet: the first target in reading order
        view.set_targets(cells)
        await pilot.pause()
        order = reading_order(cells)
        assert view.targets == tuple(order)
        assert view.cursor == order[0]
        await pilot.press("n")
        assert view.cursor == order[1]
        await pilot.press("p", "p")
        assert view.cursor == order[-1]
        await pilot.press("escape")
        await pilot.pause()
        assert app.posted == [("cancelled", None)]
        assert not view.targeting
        await pilot.press("enter")  # outside target mode Enter inspects the cursor's space
        await pilot.pause()
        assert app.posted[-1] == ("clicked", order[-1])


async def test_free_cursor_moves_to_neighbours_and_zigzags_along_a_row() -> None:
    board = seeded_board(4)
    app = BoardApp(board)
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        view.focus()
        view.cursor = CENTRE
        await pilot.press("up")
        assert view.cursor == ring(board, CENTRE)[N]
        await pilot.press("down", "down")
        assert view.cursor == ring(board, CENTRE)[S]
        view.cursor = CENTRE
        rows = set()
        for _ in range(4):
            await pilot.press("left")
            assert view.cursor is not None
            rows.add(screen_position((view.cursor % 9, view.cursor // 9))[1])
        start_row = screen_position((CENTRE % 9, CENTRE // 9))[1]
        assert rows <= {start_row - 1, start_row, start_row + 1}
        assert start_row in rows


def test_step_towards_only_goes_the_asked_way() -> None:
    for start in range(CELL_COUNT):
        x0, y0 = screen_position((start % 9, start // 9))
        for direction in ("up", "down", "left", "right"):
            cell = step_towards(start, direction, range(CELL_COUNT))
            if cell is None:
                continue
            x, y = screen_position((cell % 9, cell // 9))
            moved = {"up": y0 - y, "down": y - y0, "left": x0 - x, "right": x - x0}[direction]
            assert moved > 0


# -- mouse ----------------------------------------------------------------------------------


async def test_clicks_map_to_cells() -> None:
    board = seeded_board(6)
    app = BoardApp(board)
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        for cell in (WEST_GATE_CELL, 13, CENTRE, EAST_GATE_CELL):
            await pilot.click(BoardView, offset=view.offset_of(cell))
            await pilot.pause()
            assert app.posted[-1] == ("clicked", cell)
            assert view.cursor == cell
        # the terrain glyph, three columns right of the name, is in the same hex
        offset = view.offset_of(CENTRE)
        await pilot.click(BoardView, offset=(offset.x + 3, offset.y))
        await pilot.pause()
        assert app.posted[-1] == ("clicked", CENTRE)
        # in target mode a legal target is chosen; another space is ignored
        view.set_targets(ring(board, CENTRE))
        await pilot.pause()
        target = ring(board, CENTRE)[SE]
        posted = len(app.posted)
        await pilot.click(BoardView, offset=view.offset_of(CENTRE))
        await pilot.pause()
        assert len(app.posted) == posted and view.targeting
        await pilot.click(BoardView, offset=view.offset_of(target))
        await pilot.pause()
        assert app.posted[-1] == ("chosen", target)
        assert not view.targeting


# -- repaints -------------------------------------------------------------------------------


async def test_cursor_move_repaints_only_the_lines_it_touches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = seeded_board(8)
    app = BoardApp(board)
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        view.focus()
        view.cursor = CENTRE
        await pilot.pause()
        for y in range(view.size.height):
            view.render_line(y)
        cached = set(view._lines.keys())
        regions: list[Region] = []
        original = view.refresh

        def spy(*args: Region, **kwargs: bool) -> BoardView:
            regions.extend(args)
            if not args:
                regions.append(view.size.region)
            return original(*args, **kwargs)

        monkeypatch.setattr(view, "refresh", spy)
        target = ring(board, CENTRE)[NE]
        view.cursor = target
        status = status_line(view)
        expected = {status} | {
            status + 1 + line for line in view.board_map.lines_of([CENTRE, target])
        }
        touched = {y for region in regions for y in range(region.y, region.bottom)}
        assert touched == expected
        assert all(region.height == 1 for region in regions)
        assert set(view._lines.keys()) == cached - expected  # the rest stay cached
        assert len(expected) <= 5


async def test_a_walk_of_cursor_moves_repaints_only_a_few_lines_each() -> None:
    """Speed is measured by bench/app.py; here the work per move is bounded, not timed."""
    session = make_session(9)
    app = BoardApp(session.state.game.board, session.state)
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        view.focus()
        view.cursor = CENTRE
        view.set_sight(session.state.game.board.view[CENTRE])
        await pilot.pause()
        for y in range(view.size.height):
            view.render_line(y)
        for step in range(40):
            before = view.cursor
            view.action_move(("left", "down", "right", "up")[step // 10])
            if view.cursor == before:
                continue
            lines = view.last_refreshed_lines
            assert 0 < len(lines) <= 5
            for y in lines:
                view.render_line(y)
            assert len(view._lines) >= view.size.height - 5


async def test_styles_are_kept_by_look_and_none_added_as_items_and_cursor_visit_every_space() -> (
    None
):
    session = make_session(4)
    state = session.state
    app = BoardApp(state.game.board, state)

    def walk(view: BoardView) -> None:
        for cell in range(CELL_COUNT):
            moved = state.copy()
            moved.vehicle[moved.seat] = cell
            view.show_state(moved)
            view.cursor = cell
            view.set_sight(state.game.board.view[cell])
            for y in range(view.size.height):
                view.render_line(y)

    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        view.focus()
        await pilot.pause()
        walk(view)
        looks = len(view._by_look)
        lit = sum(style is not None for styles in view._by_look.values() for style in styles[1:])
        assert lit > 0
        assert looks < CELL_COUNT  # a few dozen looks (42), not styles per space
        walk(view)
        assert len(view._by_look) == looks
        assert sum(s is not None for ss in view._by_look.values() for s in ss[1:]) == lit


async def test_a_row_with_items_cuts_anew_only_its_changed_runs_and_reads_as_the_picture(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = make_session(3)
    state = session.state
    app = BoardApp(state.game.board, state)
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        await pilot.pause()
        for y in range(view.size.height):
            view.render_line(y)
        cut: list[int] = []
        cut_runs = view._cut_runs

        def counted(line: str, tags: tuple, py: int, start: int, end: int) -> list:  # type: ignore[type-arg]
            cut.append(end - start)
            return cut_runs(line, tags, py, start, end)

        monkeypatch.setattr(view, "_cut_runs", counted)
        moved = state.copy()
        moved.vehicle[moved.seat] = CENTRE
        view.show_state(moved)
        picture = view._picture
        rows = [
            py for py in range(picture.height) if picture.tags[py] is not view._map.static.tags[py]
        ]
        for py in rows:
            row = view._row_runs(py)
            text = "".join(run[0] for run in row.runs)
            assert row.cells == picture.width == len(text)
            assert view._legend.get(py) or text == picture.lines[py]  # a legend takes blanks
        assert 0 < sum(cut) < len(rows) * picture.width / 4


async def test_a_new_height_that_leaves_the_picture_in_place_draws_no_line_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The compact board grows and shrinks by a line with the action bar's prompt on every
    action: its lines stay as drawn (the line a taller board adds is drawn), and a height that
    moves the picture draws it anew where it now is."""
    session = make_session(4)
    app = BoardApp(session.state.game.board, session.state, drawing="compact")
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.view
        view.centred = False
        tall = view.board_map.height + 2
        view.styles.height = tall
        await pilot.pause()
        drawn = screen_text(view)
        built: list[int] = []
        build = view._build_line

        def spy(y: int) -> object:
            built.append(y)
            return build(y)

        monkeypatch.setattr(view, "_build_line", spy)
        view.styles.height = tall - 1
        await pilot.pause()
        assert screen_text(view) == drawn[:-1] and built == []
        view.styles.height = tall
        await pilot.pause()
        assert screen_text(view) == drawn and set(built) <= {tall - 1}
        view.styles.height = tall + 2  # the picture moves down a line
        await pilot.pause()
        moved = screen_text(view)
        assert moved[0].strip() == "" and moved[1 : tall + 1] == drawn


async def test_cursor_starts_on_the_active_vehicle_and_follows_it_until_moved() -> None:
    session = make_session(5)
    board = session.state.game.board
    app = BoardApp(board)
    async with app.run_test(size=SIZE) as pilot:
        view = app.view
        view.focus()
        await pilot.pause()
        view.show_state(session.state)  # the state may come after the focus
        await pilot.pause()
        assert view.cursor == session.state.vehicle[session.state.seat]
        moved = session.state.copy()
        moved.vehicle[moved.seat] = CENTRE
        view.show_state(moved)
        assert view.cursor == CENTRE
        await pilot.press("up")
        assert view.cursor == ring(board, CENTRE)[N]
        view.show_state(session.state)
        assert view.cursor == ring(board, CENTRE)[N]  # moved by hand: stays


@pytest.mark.parametrize("seed", [1, 8, 42])
async def test_the_legend_explains_the_target_mark_and_the_plus(seed: int) -> None:
    session = make_session(seed)
    app = BoardApp(session.state.game.board, session.state)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        view = app.view
        text = "\n".join(screen_text(view))
        symbol = session.state.game.board.symbols[0]
        assert f"{TARGET_GLYPH}4 legal target" in text
        # The cursor and the line of sight as lit blanks, never on a space's name.
        assert "   cursor" in text and f"{symbol}4 cursor" not in text
        assert "   in sight (underlined)" in text
        assert f"{MORE_GLYPH} more here" in text


async def test_the_compact_legend_spells_out_every_letter_and_draws_the_cursor() -> None:
    """Issue 27: "? or L P E R animals" left P to be guessed; "★4 cursor" was read as the
    cursor's place. Every letter has its word, and the cursor and the line of sight are lit
    swatches, no space name."""

    class BoardApp(App[None]):
        def compose(self) -> ComposeResult:
            yield BoardView(seeded_board(42), drawing="compact", id="board")

    app = BoardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.query_one(BoardView)
        height = board.size.height
        lines = ["".join(segment.text for segment in board.render_line(y)) for y in range(height)]
    text = "\n".join(lines)
    for words in (
        "? hidden animal",
        "L lion P leopard",
        "E elephant R rhino",
        "B buffalo F food * fire",
        "J D A K S vehicles",
        "G gate X broken gate",
    ):
        assert words in text, words
    assert "cursor" in text and not re.search(r"\S4 cursor", text)
    # Played at 80 x 24: "♠4 in sight (v)" was read as saying that ♠4 is in sight.
    assert "in sight (v)" in text and not re.search(r"\S4 in sight", text)


def _style_at(view: BoardView, x: int, y: int) -> object:
    """The rich style of the character at widget position ``(x, y)``."""
    at = 0
    for segment in view.render_line(y):
        if at <= x < at + len(segment.text):
            return segment.style
        at += len(segment.text)
    raise AssertionError(f"no character at {(x, y)}")


@pytest.mark.parametrize("drawing", ["compact", "normal", "large"])
async def test_the_cursor_lights_the_bushes_and_rivers_of_its_hex_and_no_others(
    drawing: Drawing,
) -> None:
    """At 80 x 24 a slanted edge is one character whose corners touch a third hex (a bush on
    ●6's SW edge was read as ●c's): the cursor's hex lights its own bushes and rivers in the
    cursor's style, every one of them, and every other edge keeps its look."""
    board = seeded_board(3)
    app = BoardApp(board, drawing=drawing)
    size = {"compact": (80, 24), "normal": (120, 36), "large": (160, 48)}[drawing]
    async with app.run_test(size=size) as pilot:
        view = app.view
        view.focus()
        the_map = view.board_map
        assert the_map.size == drawing
        cells = [c for c in range(CELL_COUNT) if any(board.features[c])][:12]
        assert cells
        for cell in cells:
            view.cursor = cell
            await pilot.pause()
            origin = view.offset_of(cell) - the_map.anchor(cell)
            for other in range(CELL_COUNT):
                for direction in range(6):
                    if not board.features[other][direction]:
                        continue
                    sides = {other, board.neighbours[other][direction]}
                    for x, y in the_map.edge_positions(other, direction):
                        style = _style_at(view, origin.x + x, origin.y + y)
                        lit = bool(style.reverse)  # type: ignore[attr-defined]
                        assert lit == (cell in sides), (cell, other, direction, (x, y))


@pytest.mark.parametrize("drawing", ["compact", "normal", "large"])
async def test_the_legends_cursor_and_sight_swatches_look_like_the_boards_lit_spaces(
    drawing: Drawing,
) -> None:
    """Second playtest at 80 x 24, C5: the legend's "in sight (v)" was a grey block and its
    "cursor" a pink one, where the board shows a pale space and a dark (reversed) one. In
    every theme each swatch is painted as the board paints a lit savanna space, between two
    cells painted as an unlit one."""
    board = seeded_board(3)
    app = BoardApp(board, drawing=drawing)
    size = {"compact": (80, 24), "normal": (120, 36), "large": (160, 48)}[drawing]
    async with app.run_test(size=size) as pilot:
        for own in THEMES:
            app.register_theme(own)
        view = app.view
        view.focus()
        the_map = view.board_map
        savanna = [
            cell
            for cell in range(CELL_COUNT)
            if board.terrain[cell] == Terrain.SAVANNA
            and cell not in (WEST_GATE_CELL, EAST_GATE_CELL)  # their slot holds the gate's G
        ]
        cursor, seen, plain = savanna[:3]
        view.cursor = cursor
        view.set_sight([seen])

        def slot(cell: int) -> tuple[int, int]:
            origin = view.offset_of(cell) - the_map.anchor(cell)
            x, y = the_map.item_slots(cell)[0][-1]
            return origin.x + x, origin.y + y

        def swatch(words: str) -> tuple[int, int]:
            """Where the lit cells of the swatch before ``words`` start."""
            for y, line in enumerate(screen_text(view)):
                if words in line:
                    return line.index(words) - 3, y
            raise AssertionError(words)

        for theme in (*(own.name for own in THEMES), "textual-dark", "textual-light"):
            app.theme = theme
            await pilot.pause()
            for words, lit in ((" cursor", cursor), (" in sight", seen)):
                x, y = swatch(words)
                assert _style_at(view, x, y) == _style_at(view, *slot(lit)), (theme, words)
                assert _style_at(view, x + 1, y) == _style_at(view, *slot(lit)), (theme, words)
                for unlit in (x - 1, x + 2):
                    assert _style_at(view, unlit, y) == _style_at(view, *slot(plain)), theme


async def test_the_top_line_says_a_crowded_spaces_edges_before_what_lies_on_it() -> None:
    """Second playtest at 80 x 24, C6: "●2 · savanna · Sam's vehicle, a lion (face up),
    Jack's vehicle (+: more than the" was cut before the edges, what blocks a move. The edges
    (and the closed rivers) now come before the contents, so at 80 columns they are shown."""
    session = make_session(3)
    state = session.state.copy()
    board = state.game.board
    crowded = max(range(CELL_COUNT), key=lambda cell: sum(map(bool, board.features[cell])))
    state.vehicle = [crowded] * len(state.vehicle)
    app = BoardApp(board, state, drawing="compact")
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.view
        view.focus()
        view.cursor = crowded
        await pilot.pause()
        words = view.describe(crowded)
        edges = edge_words(board, crowded)
        items = glyph_label(overlays_for(state)[crowded][0])
        assert words.index(edges) < words.index(items)
        assert len(words) > 80
        assert edges in screen_text(view)[status_line(view)]


async def test_the_compact_legend_says_how_to_read_a_space_whose_name_gave_way() -> None:
    """Second playtest at 80 x 24, C1: "5*S", "2F*", "6BJ" (a space holding two things shows
    its number and them, no room for its piece's symbol) had to be worked out from the
    neighbours. The legend reads one out, naming no space of the board (the first playtest
    read "★4 cursor" as the cursor's place), and the help says the piece is its neighbours'.
    """
    board = seeded_board(42)
    app = BoardApp(board, drawing="compact")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = "\n".join(screen_text(app.view))
    assert "4F*: 4 with F and *" in text
    assert not any(f"{name}," in text for name in board.names)
    assert "its piece's symbol is its neighbours'" in str(big_five_help_lines())
