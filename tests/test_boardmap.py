"""The board picture: geometry round trips, edges on their characters, overlays, the printer."""

from __future__ import annotations

import io
import unicodedata
from typing import Any

import pytest
from boards import KEYS, SYMBOLS
from rich.console import Console

from bigfive_tui.assets import seeded_board
from bigfive_tui.boardmap import (
    DRAWINGS,
    FEATURE_GLYPHS,
    LOWER_ROW_GLYPHS,
    MORE_GLYPH,
    TERRAIN_GLYPHS,
    BoardMap,
    Drawing,
    Glyph,
    board_map,
    drawing_size,
    gate_overlays,
)
from bigfive_tui.boardprint import TITLE, board_renderable, board_text, too_narrow_message
from bigfive_tui.engine.board import (
    CELL_COUNT,
    EAST_GATE_CELL,
    NO_CELL,
    WEST_GATE_CELL,
    Board,
    assemble,
)
from bigfive_tui.engine.pieces import BoardFileError, Feature, Placement, Terrain
from bigfive_tui.formats.board_files import parse_piece

# Two piece sides with every terrain, bushes, rivers and both on one edge, inside the piece
# and on its rim (rim edges join the neighbouring piece once assembled).
SIDE_A: dict[str, Any] = {
    "spaces": ["s1 s2 fa", "h3 hb s4", "wc s5 h6"],
    "bushes": ["1-2", "4-6", "1:N"],
    "rivers": ["2-b", "4-6", "6:SE", "2:NW"],
}
SIDE_B: dict[str, Any] = {
    "spaces": ["h1 s2 ma", "s3 fb s4", "sc h5 s6"],
    "bushes": ["3-b", "6:S"],
    "rivers": ["c-5", "5:SE", "4:NE"],
}


def featured_board() -> Board:
    """Nine pieces, sides and half turns mixed, so features land on every kind of edge."""
    pieces = {}
    for i in range(9):
        data = {
            "name": f"f{i}",
            "symbol": SYMBOLS[i],
            "key": KEYS[i],
            "sides": {"A": SIDE_A, "B": SIDE_B},
        }
        pieces[f"f{i}"] = parse_piece(data, f"featured piece {i}")
    placements = [Placement(piece=f"f{i}", side="AB"[i % 2], turned=i % 3 == 0) for i in range(9)]
    return assemble(placements, pieces, "featured test board")


BOARD = featured_board()


@pytest.fixture(params=DRAWINGS)
def the_map(request: pytest.FixtureRequest) -> BoardMap:
    size: Drawing = request.param
    return BoardMap(BOARD, size)


def test_the_test_board_has_every_feature_and_terrain() -> None:
    kinds = {f for cell in BOARD.features for f in cell}
    assert {Feature.BUSH, Feature.RIVER, Feature.BUSH | Feature.RIVER} <= kinds
    assert set(BOARD.terrain) == set(Terrain)


@pytest.mark.parametrize(
    ("size", "screen"), [("compact", (80, 24)), ("normal", (120, 34)), ("large", (160, 48))]
)
def test_each_drawing_fits_its_terminal_with_room_to_play(
    size: Drawing, screen: tuple[int, int]
) -> None:
    the_map = BoardMap(BOARD, size)
    assert drawing_size(size) == (the_map.width, the_map.height)
    width, height = screen
    # beside the board: the table column (normal: 16 columns less its border), below it at
    # least the status line, the action keys, the prompt and the key bar
    assert the_map.width <= width - (11 if size == "compact" else 16)
    assert the_map.height <= height - 5


def test_sizes_fit_their_screens() -> None:
    for size in DRAWINGS:
        the_map = BoardMap(BOARD, size)
        picture = the_map.static
        assert picture.height == the_map.height
        assert all(len(line) == the_map.width for line in picture.lines)
        assert all(len(tags) == the_map.width for tags in picture.tags)


def test_every_character_is_one_column_wide(the_map: BoardMap) -> None:
    for line in the_map.static.lines:
        assert all(unicodedata.east_asian_width(char) not in ("W", "F") for char in line)


def test_cell_at_round_trips_every_anchor(the_map: BoardMap) -> None:
    for cell in range(CELL_COUNT):
        x, y = the_map.anchor(cell)
        assert the_map.cell_at(x, y) == cell
        assert the_map.bbox(cell).contains(x, y)


def test_cell_at_outside_the_picture_is_none(the_map: BoardMap) -> None:
    assert the_map.cell_at(-1, 0) is None
    assert the_map.cell_at(0, the_map.height) is None
    assert the_map.cell_at(the_map.width, 0) is None
    assert the_map.cell_at(0, 0) is None  # background corner


def test_hex_characters_lie_in_their_box(the_map: BoardMap) -> None:
    for y, tags in enumerate(the_map.static.tags):
        for x, tag in enumerate(tags):
            if tag.cell is not None and tag.role != "gate":
                assert the_map.bbox(tag.cell).contains(x, y), (x, y, tag)
                assert the_map.cell_at(x, y) == tag.cell


def test_every_hex_is_clickable_on_several_characters(the_map: BoardMap) -> None:
    """At least its name row (its lower row too in the compact and normal drawings when its S
    edge is plain: a bush or river there lies between two hexes and picks neither)."""
    counts = [0] * CELL_COUNT
    for row in the_map.static.tags:
        for tag in row:
            if tag.cell is not None and tag.role != "gate":
                counts[tag.cell] += 1
    assert min(counts) >= {"compact": 3, "normal": 4, "large": 16}[the_map.size]


def test_a_bush_or_river_picks_no_space(the_map: BoardMap) -> None:
    for cell in range(CELL_COUNT):
        for direction in range(6):
            if BOARD.features[cell][direction]:
                for x, y in the_map.edge_positions(cell, direction):
                    assert the_map.cell_at(x, y) is None, (cell, direction)


def test_names_sit_inside_their_hexes(the_map: BoardMap) -> None:
    for cell in range(CELL_COUNT):
        x, y = the_map.anchor(cell)
        name = BOARD.names[cell]
        assert the_map.static.lines[y][x : x + len(name)] == name
        for tag in the_map.static.tags[y][x : x + len(name)]:
            assert tag.role == "name" and tag.cell == cell
            assert tag.terrain == BOARD.terrain[cell]


def test_numbered_names_appear_once_each(the_map: BoardMap) -> None:
    text = the_map.static.text()
    for cell in BOARD.numbered_cells:
        assert text.count(BOARD.names[cell]) == 1


def test_terrain_glyphs_show_in_each_hex(the_map: BoardMap) -> None:
    for cell in range(CELL_COUNT):
        terrain = BOARD.terrain[cell]
        if terrain == Terrain.SAVANNA:
            continue
        box = the_map.bbox(cell)
        inside = [
            the_map.static.lines[y][x]
            for y in range(box.y, box.y + box.height)
            for x in range(box.x, box.x + box.width)
            if the_map.static.tags[y][x].role == "terrain"
            and the_map.static.tags[y][x].cell == cell
        ]
        assert TERRAIN_GLYPHS[terrain] in inside, (cell, terrain)


def test_terrain_glyphs_differ_from_piece_symbols() -> None:
    glyphs = set(TERRAIN_GLYPHS.values()) | set(FEATURE_GLYPHS.values())
    assert not glyphs & set(SYMBOLS)
    assert len(set(TERRAIN_GLYPHS.values())) == len(TERRAIN_GLYPHS)


def test_every_edge_shows_its_feature_on_its_characters(the_map: BoardMap) -> None:
    _check_edges(BOARD, the_map)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("size", DRAWINGS)
def test_shipped_boards_draw_names_and_edges(seed: int, size: Drawing) -> None:
    try:
        board = seeded_board(seed)
    except (BoardFileError, FileNotFoundError) as error:
        pytest.skip(f"shipped pieces unavailable: {error}")
    the_map = BoardMap(board, size)
    _check_edges(board, the_map)
    for cell in range(CELL_COUNT):
        x, y = the_map.anchor(cell)
        assert the_map.static.lines[y][x : x + 2] == board.names[cell]
        assert the_map.cell_at(x, y) == cell


def _check_edges(board: Board, the_map: BoardMap) -> None:
    picture = the_map.static
    for cell in range(CELL_COUNT):
        for direction in range(6):
            other = board.neighbours[cell][direction]
            feature = board.features[cell][direction]
            positions = the_map.edge_positions(cell, direction)
            assert positions
            if other != NO_CELL:
                back = the_map.edge_positions(other, (direction + 3) % 6)
                assert set(positions) == set(back)
            for x, y in positions:
                tag = picture.tags[y][x]
                assert tag.role == "edge"
                assert tag.feature == feature
                char = picture.lines[y][x]
                if feature:
                    assert char == FEATURE_GLYPHS[Feature(feature)], (cell, direction)
                elif tag.underline:  # a hex's lower row: underscores or its terrain
                    assert char in LOWER_ROW_GLYPHS.values(), (cell, direction)
                else:
                    assert char in "/\\_ ", (cell, direction)


def test_edges_own_their_characters(the_map: BoardMap) -> None:
    owner: dict[tuple[int, int], tuple[int, int]] = {}
    for cell in range(CELL_COUNT):
        for direction in range(6):
            other = BOARD.neighbours[cell][direction]
            key = (
                (other, direction - 3) if direction >= 3 and other != NO_CELL else (cell, direction)
            )
            for position in the_map.edge_positions(cell, direction):
                assert owner.setdefault(position, key) == key
                assert the_map.static.tags[position[1]][position[0]].edge == key


def test_gates_are_marked_outside_the_tips(the_map: BoardMap) -> None:
    text = the_map.static.text()
    assert "West" in text and "East" in text and text.count("gate") == 2
    for cell, word in ((WEST_GATE_CELL, "West"), (EAST_GATE_CELL, "East")):
        y = next(i for i, line in enumerate(the_map.static.lines) if word in line)
        x = the_map.static.lines[y].index(word)
        assert the_map.cell_at(x, y) == cell
        assert not the_map.bbox(cell).contains(x, y)
        tip_x = the_map.anchor(cell)[0]
        assert x <= tip_x if cell == WEST_GATE_CELL else x >= tip_x


def test_gate_tokens_render_in_both_tips(the_map: BoardMap) -> None:
    picture = the_map.render(gate_overlays(BOARD))
    for cell in (WEST_GATE_CELL, EAST_GATE_CELL):
        items = [
            (picture.lines[y][x], picture.tags[y][x].kind)
            for run in the_map.item_slots(cell)
            for x, y in run
            if picture.tags[y][x].role == "item"
        ]
        assert items == [("G", "gate")]


def _items(the_map: BoardMap, picture_cell: int, overlays: dict[int, list[Glyph]]) -> str:
    picture = the_map.render(overlays)
    return "|".join(
        "".join(picture.lines[y][x] for x, y in run if picture.tags[y][x].role == "item")
        for run in the_map.item_slots(picture_cell)
    )


def test_overlays_fill_runs_in_order_without_splitting_glyphs() -> None:
    cell = 40
    glyphs = [Glyph(c, "vehicle:x") for c in "JDA"] + [Glyph("*2", "fire")]
    large = BoardMap(BOARD, "large")
    assert _items(large, cell, {cell: glyphs}) == "JDA*2|"
    assert _items(large, cell, {cell: glyphs * 2}) == "JDA*2J|DA*2"


def _row_text(the_map: BoardMap, cell: int, overlays: dict[int, list[Glyph]]) -> str:
    """A compact or normal hex's interior row: name (or what is left of it) and items."""
    picture = the_map.render(overlays)
    x, y = the_map.anchor(cell)
    width = the_map.bbox(cell).width
    return picture.lines[y][x : x + width]


@pytest.mark.parametrize("size", ["compact", "normal"])
def test_a_crowded_space_keeps_its_number_and_its_first_item(size: Drawing) -> None:
    the_map = BoardMap(BOARD, size)
    cell = 40
    name = BOARD.names[cell]
    one = [Glyph("J", "vehicle:jack")]
    assert _row_text(the_map, cell, {cell: one}).startswith(name + "J")
    crowd = [Glyph("?", "animal-down"), Glyph("*2", "fire"), *(Glyph(c, "v") for c in "JDA")]
    shown = _row_text(the_map, cell, {cell: crowd})
    assert shown == {"compact": f"{name[1]}?+", "normal": f"{name[1]}?*+"}[size]


def test_a_fire_count_too_long_for_the_last_slot_keeps_its_sign() -> None:
    compact = BoardMap(BOARD, "compact")
    cell = 40
    label = BOARD.names[cell][1]
    assert _row_text(compact, cell, {cell: [Glyph("*2", "fire")]}) == f"{label}*2"
    assert _row_text(compact, cell, {cell: [Glyph("*2", "fire"), Glyph("J", "v")]}) == (
        f"{label}*+"
    )
    assert _row_text(compact, cell, {cell: [Glyph("*10", "fire")]}) == f"{label}*+"


def test_overlays_truncate_with_a_plus_in_the_large_hex() -> None:
    large = BoardMap(BOARD, "large")
    cell = 41
    capacity = sum(len(run) for run in large.item_slots(cell))
    exact = [Glyph(chr(ord("A") + i), "animal:x") for i in range(capacity)]
    assert MORE_GLYPH not in _items(large, cell, {cell: exact})
    shown = _items(large, cell, {cell: [*exact, Glyph("Z", "food")]})
    assert shown.replace("|", "") == "".join(g.text for g in exact[:-1]) + MORE_GLYPH
    picture = large.render({cell: [*exact, Glyph("Z", "food")]})
    last_x, last_y = large.item_slots(cell)[-1][-1]
    assert picture.tags[last_y][last_x].kind == "more"


def test_a_glyph_too_long_for_any_run_becomes_its_sign_and_a_plus() -> None:
    large = BoardMap(BOARD, "large")
    assert _items(large, 40, {40: [Glyph("LONGERTHANSIX", "animal:x")]}) == "|L+"


def test_render_changes_only_the_overlaid_hexes(the_map: BoardMap) -> None:
    overlays = {40: [Glyph("J", "vehicle:jack")], 12: [Glyph("L", "animal:lion")]}
    picture = the_map.render(overlays)
    touched = the_map.lines_of(overlays)
    static = the_map.static
    for y in range(the_map.height):
        if y not in touched:
            assert picture.lines[y] is static.lines[y]
        for x in range(the_map.width):
            if picture.lines[y][x] != static.lines[y][x]:
                assert picture.tags[y][x].cell in overlays
    assert the_map.render({}) is static
    assert the_map.render({5: []}) is static


def test_runs_cover_each_line_with_equal_tags(the_map: BoardMap) -> None:
    picture = the_map.render(gate_overlays(BOARD))
    for y in range(picture.height):
        runs = picture.runs(y)
        assert "".join(run.text for run in runs) == picture.lines[y]
        for run in runs:
            assert set(picture.tags[y][run.x : run.x + len(run.text)]) == {run.tag}


@pytest.mark.parametrize("size", ["compact", "normal"])
def test_the_lower_row_is_the_south_edge_and_holds_no_items(size: Drawing) -> None:
    """A plain S edge is the hex's lower row, underlined on its fill; a bush or river there is
    on no hex's fill, not underlined (it is the N edge of the hex below as much)."""
    the_map = BoardMap(BOARD, size)
    crowd = {cell: [Glyph(c, "v") for c in "JDAKS"] for cell in range(CELL_COUNT)}
    picture = the_map.render(crowd)
    for cell in range(CELL_COUNT):
        feature = BOARD.features[cell][3]
        for x, y in the_map.edge_positions(cell, 3):
            tag = picture.tags[y][x]
            assert tag.role == "edge" and tag.feature == feature
            if feature:
                assert not tag.underline and tag.cell is None and tag.terrain is None
            else:
                assert tag.underline and tag.cell == cell
            assert picture.lines[y][x] not in "JDAKS+"


def test_board_map_is_cached_per_board_and_size() -> None:
    assert board_map(BOARD, "compact") is board_map(BOARD, "compact")
    assert board_map(BOARD, "large") is not board_map(BOARD, "normal")


def _printed(width: int) -> str:
    console = Console(width=width, record=True, color_system="truecolor", file=io.StringIO())
    console.print(board_renderable(BOARD))
    return console.export_text()


def test_printed_board_fits_120_columns_with_title_and_legend() -> None:
    text = _printed(120)
    lines = text.splitlines()
    assert lines[0].startswith(TITLE) and BOARD.layout_name in lines[0]
    assert max(len(line) for line in lines) <= 120
    assert len(lines) <= 39
    for word in ("savanna", "hill", "forest", "watering hole", "mountain", "bush", "river"):
        assert word in text
    assert "West gate" in text and "entrance token" in text
    assert "/ ♠1 " in text or any(BOARD.names[c] in text for c in BOARD.numbered_cells)


@pytest.mark.parametrize("width", [105, 80])
def test_printed_board_switches_to_a_smaller_drawing_when_narrow(width: int) -> None:
    text = _printed(width)
    assert max(len(line) for line in text.splitlines()) <= width
    for cell in BOARD.numbered_cells:
        assert BOARD.names[cell] in text


def test_board_text_styles_terrain_and_features() -> None:
    text = board_text(BOARD, "large")
    styles = {str(span.style) for span in text.spans}
    assert any("on #2f6a35" in style for style in styles)  # forest fill
    assert any("#3f86e8" in style for style in styles)  # river


def test_bigfive_board_in_a_too_narrow_terminal_says_so_instead_of_cutting_the_board() -> None:
    needed = board_map(BOARD, "compact").width
    assert needed <= 80
    assert too_narrow_message(BOARD, needed, "--seed 3") is None
    message = too_narrow_message(BOARD, 60, "--seed 3")
    assert message is not None
    assert f"{needed} columns wide" in message and "has 60" in message
    assert message.endswith("bigfive board --seed 3 | less -RS")


def _regions(the_map: BoardMap) -> dict[tuple[int, int], int]:
    """Each character of a hex's tile (its name, items, terrain and, in the compact and normal
    drawings, its lower row when that is a plain S edge) mapped to that hex; gate markers,
    outlines, bushes and rivers are in none."""
    return {
        (x, y): tag.cell
        for y, row in enumerate(the_map.static.tags)
        for x, tag in enumerate(row)
        if tag.cell is not None and tag.role != "gate"
    }


@pytest.mark.parametrize("board_name", ["featured", "seed 0", "seed 1"])
@pytest.mark.parametrize("size", DRAWINGS)
def test_every_bush_and_river_lies_between_its_two_hexes_only(
    size: Drawing, board_name: str
) -> None:
    """For every edge with a bush or river, of three boards, its glyphs lie between its two
    hexes A and B and no other (issue 27: a `###` on a hex's lower row, in that hex's colour,
    was read as that hex's S edge alone, not also the N edge of the hex below). "Between", on
    the grid of character cells: the region of a hex is the set of characters tagged with it
    (its tile: name, item slots, terrain and, in the compact and normal drawings, its lower
    row when its S edge is plain); then every glyph character of the edge

    - lies in no hex's region: on the board between the tiles, like the outline;
    - is a character of this edge only, never of another hex's outline;
    - shares a side only with characters in the regions of A or B, or in no region;

    and the edge's glyphs together share a side with both A's and B's regions (A's alone for
    an edge on the rim), where a hex's own S edge carrying a bush or river counts as that
    hex's (the band under its name: a slanted edge's character meets the hex there).
    Characters that only meet at a corner do not count: at one line per half row (compact,
    normal) three hexes meet at the corners of every slanted edge character, so the board
    view lights the cursor's hex's bushes and rivers (see test_board_view's cursor test) to
    say whose edge such a character is."""
    board = BOARD if board_name == "featured" else seeded_board(int(board_name.split()[1]))
    the_map = BoardMap(board, size)
    region = _regions(the_map)
    bands = {
        position: cell
        for cell in range(CELL_COUNT)
        if board.features[cell][3]
        for position in the_map.edge_positions(cell, 3)
    }
    owners: dict[tuple[int, int], set[tuple[int, int]]] = {}
    for cell in range(CELL_COUNT):
        for direction in range(6):
            for position in the_map.edge_positions(cell, direction):
                owners.setdefault(position, set()).add(
                    the_map.static.tags[position[1]][position[0]].edge or (-1, -1)
                )
    checked = 0
    for cell in range(CELL_COUNT):
        for direction in range(6):
            other = board.neighbours[cell][direction]
            if not board.features[cell][direction] or (direction >= 3 and other != NO_CELL):
                continue  # each edge once, from the side the map names it by
            sides = {cell, other} - {NO_CELL}
            touched: set[int] = set()
            for x, y in the_map.edge_positions(cell, direction):
                assert (x, y) not in region, (cell, direction, (x, y))
                assert owners[(x, y)] == {(cell, direction)}, (cell, direction, (x, y))
                for near in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                    neighbour = region.get(near)
                    if neighbour is not None:
                        assert neighbour in sides, (cell, direction, (x, y), near, neighbour)
                    elif near in bands and owners[near] != owners[(x, y)]:
                        neighbour = bands[near]
                    if neighbour is not None:
                        touched.add(neighbour)
            assert touched == sides, (cell, direction, touched)
            checked += 1
    assert checked >= 20


#: Every kind of marker a space can hold, alone and crowded: the compact hex's one slot takes
#: the first, and a crowd takes its name's piece symbol too.
_MARKERS: list[Glyph] = [
    Glyph("?", "animal-down"),
    Glyph("L", "animal:lion"),
    Glyph("B", "buffalo"),
    Glyph("F", "food"),
    Glyph("*", "fire"),
    Glyph("*3", "fire"),
    Glyph("J", "vehicle:jack"),
    Glyph("G", "gate"),
    Glyph("X", "gate-broken"),
]
_CROWDS: list[list[Glyph]] = [
    *([marker] for marker in _MARKERS),
    [Glyph("F", "food"), Glyph("*", "fire")],
    [Glyph(c, "vehicle:x") for c in "JDAKS"],
]
_THREE_BOARDS = ["featured", "seed 0", "seed 561798"]


def _board_named(name: str) -> Board:
    return BOARD if name == "featured" else seeded_board(int(name.split()[1]))


@pytest.mark.parametrize("board_name", _THREE_BOARDS)
def test_the_compact_drawing_shows_every_spaces_terrain_whatever_lies_on_it(
    board_name: str,
) -> None:
    """Second playtest at 80 x 24, M1 and M2: a token, food or fire takes the slot where a
    hill shows its ``^``, and a bush or river on the S edge took the whole lower row, so
    ``♠5F`` over ``###`` was a hill with no ``^`` anywhere. For every space of three boards
    with every kind of marker on it, the plain text of its hex holds its terrain's glyph
    (twice, the lower row beside the S edge) and no other terrain's; a savanna none."""
    board = _board_named(board_name)
    the_map = BoardMap(board, "compact")
    glyphs = {glyph for glyph in TERRAIN_GLYPHS.values() if glyph != " "}
    for crowd in _CROWDS:
        picture = the_map.render({cell: crowd for cell in range(CELL_COUNT)})
        for cell in range(CELL_COUNT):
            terrain = board.terrain[cell]
            inside = [picture.lines[y][x] for x, y in the_map.inside(cell)]
            shown = [char for char in inside if char in glyphs]
            if terrain == Terrain.SAVANNA:
                assert not shown, (cell, crowd)
            else:
                assert set(shown) == {TERRAIN_GLYPHS[terrain]} and len(shown) >= 2, (cell, crowd)
            x, y = the_map.anchor(cell)
            lower = picture.lines[y + 1][x : x + 3]
            fill = LOWER_ROW_GLYPHS[terrain]
            assert lower[0] == lower[2] == fill, (cell, crowd, lower)


@pytest.mark.parametrize("board_name", _THREE_BOARDS)
def test_separate_edges_are_separated_in_the_compact_drawing(board_name: str) -> None:
    """Second playtest at 80 x 24, C3: ``♣1^~~~~~♣c`` is three rivers (♣1's NE edge, the S
    edge of ♣a above, ♣a's SE edge) but read as one between two spaces that are not even
    neighbours. Every edge is one character in the compact drawing (a S edge the middle of
    the lower row), and no two edges' glyphs stand side by side on a line."""
    board = _board_named(board_name)
    the_map = BoardMap(board, "compact")
    picture = the_map.static
    for cell in range(CELL_COUNT):
        for direction in range(6):
            assert len(the_map.edge_positions(cell, direction)) == 1, (cell, direction)
    pairs = 0
    for y, tags in enumerate(picture.tags):
        for x in range(len(tags) - 1):
            left, right = tags[x], tags[x + 1]
            if left.feature and right.feature:
                pairs += 1
                assert left.edge == right.edge, (x, y, picture.lines[y])
    assert pairs == 0
    assert any(tag.feature for tags in picture.tags for tag in tags)


@pytest.mark.parametrize("board_name", _THREE_BOARDS)
def test_terrain_fill_never_sits_where_an_edge_glyph_sits_in_the_compact_drawing(
    board_name: str,
) -> None:
    """Second playtest at 80 x 24, C4: without colour a hill's lower row ``\\^^^/`` stood
    where a bush on the S edge ``\\###/`` stood. Now a hex's lower row is its terrain at
    both ends and its S edge in the middle: ``^^^`` plain, ``^#^`` with a bush; its ends
    never hold an edge's glyph and no fill is ever a feature glyph."""
    board = _board_named(board_name)
    the_map = BoardMap(board, "compact")
    picture = the_map.static
    features = set(FEATURE_GLYPHS.values())
    for cell in range(CELL_COUNT):
        x, y = the_map.anchor(cell)
        lower = picture.lines[y + 1][x : x + 3]
        feature = board.features[cell][3]
        fill = LOWER_ROW_GLYPHS[board.terrain[cell]]
        middle = FEATURE_GLYPHS[Feature(feature)] if feature else fill
        assert lower == fill + middle + fill, (cell, lower)
        assert not features & {lower[0], lower[2]}
