"""Property tests of the three board drawings over random positions (issue: a board you can read
at a glance): every item inside its own hex, every bush and river drawn along its whole edge."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from bigfive_tui.app.drawing.overlays import overlays_for
from bigfive_tui.assets import seeded_board
from bigfive_tui.boardmap import (
    DRAWINGS,
    FEATURE_GLYPHS,
    MORE_GLYPH,
    TARGET_BRACKETS,
    TARGET_GLYPH,
    BoardMap,
    Glyph,
    Picture,
    board_map,
)
from bigfive_tui.engine.board import CELL_COUNT, NO_CELL, Board
from bigfive_tui.engine.content import Difficulty, Guide
from bigfive_tui.engine.pieces import Feature
from bigfive_tui.engine.session import Session, make_game

#: Items of every kind and length a space can hold, for positions no game reaches easily.
POOL = (
    Glyph("J", "vehicle:jack"),
    Glyph("D", "vehicle:david"),
    Glyph("A", "vehicle:anna"),
    Glyph("K", "vehicle:kate"),
    Glyph("S", "vehicle:sam"),
    Glyph("?", "animal-down"),
    Glyph("L", "animal:lion"),
    Glyph("B", "buffalo"),
    Glyph("F", "food"),
    Glyph("G", "gate"),
    Glyph("X", "gate-broken"),
    Glyph("*", "fire"),
    Glyph("*2", "fire"),
    Glyph("*10", "fire"),
)


@st.composite
def played_positions(draw: st.DrawFn) -> tuple[Board, dict[int, list[Glyph]]]:
    """A game on a shipped random board after some random legal actions."""
    seed = draw(st.integers(0, 40))
    guides = draw(st.permutations(list(Guide)).map(lambda g: tuple(g[: 2 + seed % 4])))
    session = Session(make_game(seeded_board(seed), guides, Difficulty.NORMAL, seed=seed))
    rng = random.Random(draw(st.integers(0, 2**16)))
    for _ in range(draw(st.integers(0, 120))):
        if session.state.over:
            break
        session.play(rng.choice(session.legal_actions()))
    return session.state.game.board, overlays_for(session.state)


@st.composite
def crowded_positions(draw: st.DrawFn) -> tuple[Board, dict[int, list[Glyph]]]:
    """Any items on any spaces, up to eight on one space."""
    board = seeded_board(draw(st.integers(0, 40)))
    cells = draw(st.lists(st.integers(0, CELL_COUNT - 1), max_size=30, unique=True))
    glyphs = st.lists(st.sampled_from(POOL), min_size=1, max_size=8)
    return board, {cell: draw(glyphs) for cell in cells}


positions = st.one_of(played_positions(), crowded_positions())
targets = st.frozensets(st.integers(0, CELL_COUNT - 1), max_size=12)


def shown_items(the_map: BoardMap, picture: Picture, cell: int) -> str:
    """The item characters drawn for a space, in screen order."""
    spots = sorted(the_map.inside(cell), key=lambda point: (point[1], point[0]))
    return "".join(
        picture.lines[y][x]
        for x, y in spots
        if picture.tags[y][x].role == "item" and picture.tags[y][x].cell == cell
    )


@given(positions, targets)
def test_every_item_lies_inside_its_own_hex(
    position: tuple[Board, dict[int, list[Glyph]]], marked: frozenset[int]
) -> None:
    board, overlays = position
    for size in DRAWINGS:
        the_map = board_map(board, size)
        picture = the_map.render(overlays, marked)
        for y, tags in enumerate(picture.tags):
            for x, tag in enumerate(tags):
                if tag.role in ("item", "mark"):
                    assert tag.cell is not None
                    assert (x, y) in the_map.inside(tag.cell), (size, tag, x, y)
                    assert the_map.cell_at(x, y) == tag.cell
                    if tag.role == "item":
                        assert overlays.get(tag.cell), (size, tag)


@given(positions, targets)
def test_every_space_shows_its_items_in_order_or_a_plus(
    position: tuple[Board, dict[int, list[Glyph]]], marked: frozenset[int]
) -> None:
    board, overlays = position
    for size in DRAWINGS:
        the_map = board_map(board, size)
        picture = the_map.render(overlays, marked)
        for cell in range(CELL_COUNT):
            glyphs = overlays.get(cell, [])
            text = "".join(glyph.text for glyph in glyphs)
            shown = shown_items(the_map, picture, cell)
            if shown.endswith(MORE_GLYPH) and not text.endswith(MORE_GLYPH):
                kept = shown[:-1]
                assert text.startswith(kept) and len(kept) < len(text), (size, cell, shown)
                # the most important item (the first) shows, at least by its sign
                assert kept[:1] == text[:1], (size, cell, shown, text)
            else:
                assert shown == text, (size, cell, shown, text)


@given(positions, targets)
def test_every_bush_and_river_is_drawn_along_its_whole_edge(
    position: tuple[Board, dict[int, list[Glyph]]], marked: frozenset[int]
) -> None:
    board, overlays = position
    for size in DRAWINGS:
        the_map = board_map(board, size)
        picture = the_map.render(overlays, marked)
        for cell in range(CELL_COUNT):
            for direction in range(6):
                other = board.neighbours[cell][direction]
                feature = Feature(board.features[cell][direction])
                spots = the_map.edge_positions(cell, direction)
                assert spots, (size, cell, direction)
                if other != NO_CELL:
                    assert set(spots) == set(the_map.edge_positions(other, (direction + 3) % 6))
                for x, y in spots:
                    tag = picture.tags[y][x]
                    assert tag.role == "edge" and tag.feature == feature, (size, cell, direction)
                    if feature:
                        assert picture.lines[y][x] == FEATURE_GLYPHS[feature]


@given(positions, targets)
def test_targets_are_marked_by_a_glyph_inside_the_hex(
    position: tuple[Board, dict[int, list[Glyph]]], marked: frozenset[int]
) -> None:
    board, overlays = position
    for size in DRAWINGS:
        the_map = board_map(board, size)
        picture = the_map.render(overlays, marked)
        for cell in range(CELL_COUNT):
            marks = {
                picture.lines[y][x]
                for x, y in the_map.inside(cell)
                if picture.tags[y][x].role == "mark"
            }
            if cell in marked:
                assert marks in ({TARGET_GLYPH}, set(TARGET_BRACKETS)), (size, cell, marks)
            else:
                assert not marks


def test_the_map_knows_which_character_belongs_to_which_space() -> None:
    board = seeded_board(11)
    for size in DRAWINGS:
        the_map = board_map(board, size)
        owned: dict[tuple[int, int], int] = {}
        for cell in range(CELL_COUNT):
            for point in the_map.inside(cell):
                assert owned.setdefault(point, cell) == cell, (size, point)
                assert the_map.cell_at(*point) == cell
        edges = {
            point
            for cell in range(CELL_COUNT)
            for direction in range(6)
            for point in the_map.edge_positions(cell, direction)
        }
        assert not edges & owned.keys()
