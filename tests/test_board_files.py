"""Bad board files are refused with a message naming the file, the place and the problem.

Every example message in docs/boards.md ("When a file is wrong") is produced here, so the
documentation shows what the game really says.
"""

from __future__ import annotations

import copy
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bigfive_tui.assets import load_layout, load_pieces, read_toml
from bigfive_tui.engine.pieces import BoardFileError, Feature, Terrain
from bigfive_tui.formats.board_files import parse_layout, parse_piece

ROOT = Path(__file__).resolve().parent.parent
OPEN = ["s1 s2 s3", "s4 sa s5", "s6 sb sc"]
CLASSIC_ROWS = [
    ["spade A turned", "club B turned", "peak B"],
    ["dot A", "heart A turned", "box B"],
    ["diamond B", "star A", "note B turned"],
]


def spade(**side_a: Any) -> dict[str, Any]:
    """A valid piece whose side A gets the given fields."""
    return {
        "name": "spade",
        "symbol": "♠",
        "key": "s",
        "sides": {"A": {"spaces": OPEN, **side_a}, "B": {"spaces": OPEN}},
    }


def piece_error(data: dict[str, Any]) -> str:
    with pytest.raises(BoardFileError) as refused:
        parse_piece(data, "spade.toml")
    return str(refused.value)


def layout_error(data: dict[str, Any], source: str = "classic.toml") -> str:
    with pytest.raises(BoardFileError) as refused:
        parse_layout(data, source, load_pieces())
    return str(refused.value)


def classic_with(row: int, column: int, text: str) -> dict[str, Any]:
    rows = copy.deepcopy(CLASSIC_ROWS)
    rows[row][column] = text
    return {"name": "Classic", "rows": rows}


def without_side_b() -> dict[str, Any]:
    data = spade()
    del data["sides"]["B"]
    return data


CASES: dict[str, Callable[[], str]] = {
    "spade.toml: side A: row 2 'sa s4' has 2 spaces, expected 3": lambda: piece_error(
        spade(spaces=["s1 s2 s3", "sa s4", "s6 sb sc"])
    ),
    "spade.toml: side A: space 'xa' in row 2 is not terrain letter (s, h, f, w, m) + label "
    "(1-6 or a-c)": lambda: piece_error(spade(spaces=["s1 s2 s3", "s4 xa s5", "s6 sb sc"])),
    "spade.toml: side A: label '3' is used twice": lambda: piece_error(
        spade(spaces=["s1 s2 s3", "s4 sa s3", "s6 sb sc"])
    ),
    "spade.toml: side A: space 1 is numbered, so it must be savanna or hill, not forest": (
        lambda: piece_error(spade(spaces=["f1 s2 s3", "s4 sa s5", "s6 sb sc"]))
    ),
    "spade.toml: side A: space c is a sharp corner (it may hold a park entrance), so it must "
    "be savanna or hill": lambda: piece_error(spade(spaces=["s1 s2 s3", "s4 sa s5", "s6 sb wc"])),
    "spade.toml: side A: space b is the middle of a piece side (the way into the next piece), "
    "so it must be savanna or hill": lambda: piece_error(
        spade(spaces=["s1 s2 s3", "s4 sa s5", "s6 mb sc"])
    ),
    "spade.toml: side A: bush edge '1-c' joins spaces that are not neighbours": lambda: piece_error(
        spade(bushes=["1-c"])
    ),
    "spade.toml: side A: bush edge 'a:N' points inside the piece; write it as a-<label>": (
        lambda: piece_error(spade(bushes=["a:N"]))
    ),
    "spade.toml: side A: bush edge '1:E' has direction 'E'; use one of N, NE, SE, S, SW, NW": (
        lambda: piece_error(spade(bushes=["1:E"]))
    ),
    "spade.toml: side A: bush edge 'a/4' is neither 'X-Y' (two labels) nor 'X:DIR' (a label "
    "and a direction out of the piece)": lambda: piece_error(spade(bushes=["a/4"])),
    "spade.toml: side A: bush edge 'a-9' names label '9'; labels are 1-6 and a-c": lambda: (
        piece_error(spade(bushes=["a-9"]))
    ),
    "spade.toml: side A: bush edge 'b-a' is listed twice": lambda: piece_error(
        spade(bushes=["a-b", "b-a"])
    ),
    "spade.toml: side A: edge 4:SW is the way into the next piece and may not carry a bush": (
        lambda: piece_error(spade(bushes=["4:SW"]))
    ),
    "spade.toml: side A: space 1 cannot be reached by road from space 2 (the middle of a side) "
    "without crossing bushes; every drivable space of a side must be reachable": lambda: (
        piece_error(spade(bushes=["1-2", "1-4"]))
    ),
    "spade.toml: sides: a piece needs exactly the sides A and B, found ['A']": lambda: piece_error(
        without_side_b()
    ),
    "spade.toml: colour: Extra inputs are not permitted": lambda: piece_error(
        {**spade(), "colour": "red"}
    ),
    "spade.toml: symbol: X is the die's blank face; choose another symbol": lambda: piece_error(
        {**spade(), "symbol": "X"}
    ),
    "spade.toml: symbol: 'h' would read like a typed name (key letter + label); choose a sign": (
        lambda: piece_error({**spade(), "symbol": "h"})
    ),
    "spade.toml: symbol: '🦁' is drawn two terminal cells wide; choose a one-cell symbol": (
        lambda: piece_error({**spade(), "symbol": "🦁"})
    ),
    "classic.toml: rows[0][0]: no piece named 'clubs'; known pieces: box, club, diamond, dot, "
    "heart, note, peak, spade, star": lambda: layout_error(classic_with(0, 0, "clubs A")),
    "classic.toml: rows[0][0]: 'star C' names side 'C'; use A or B": lambda: layout_error(
        classic_with(0, 0, "star C")
    ),
    "classic.toml: rows[0][0]: 'star A flipped' should read '<piece> <side>' or "
    "'<piece> <side> turned'": lambda: layout_error(classic_with(0, 0, "star A flipped")),
    "classic.toml: rows[0] has 2 pieces, expected 3": lambda: layout_error(
        {"rows": [CLASSIC_ROWS[0][:2], *CLASSIC_ROWS[1:]]}
    ),
    "classic.toml: pieces used more than once: heart": lambda: layout_error(
        classic_with(0, 0, "heart B")
    ),
    "mine.toml: two pieces share the key 's'": lambda: layout_error(
        {
            "rows": [["spade A", "spades A", "peak B"], *CLASSIC_ROWS[1:]],
            "pieces": [{**spade(), "name": "spades", "symbol": "♤"}],
        },
        "mine.toml",
    ),
    "mine.toml: pieces[0]: side A: space c is a sharp corner (it may hold a park entrance), so "
    "it must be savanna or hill": lambda: layout_error(
        {"rows": CLASSIC_ROWS, "pieces": [spade(spaces=["s1 s2 s3", "s4 sa s5", "s6 sb fc"])]},
        "mine.toml",
    ),
}


@pytest.mark.parametrize("expected", list(CASES))
def test_a_bad_board_file_is_refused_naming_file_place_and_problem(expected: str) -> None:
    assert CASES[expected]() == expected


NOT_TOML = (
    "mine.toml: is not valid TOML (Expected '=' after a key in a key/value pair (at line 1, "
    "column 6))"
)


def documented_examples() -> list[str]:
    text = (ROOT / "docs" / "boards.md").read_text(encoding="utf-8")
    section = text.split("## When a file is wrong", 1)[1]
    block = re.search(r"```\n(.*?)```", section, re.DOTALL)
    assert block, "docs/boards.md lost its example block"
    return block.group(1).splitlines()


def test_every_documented_error_example_is_what_the_game_says() -> None:
    said = set(CASES) | {NOT_TOML}
    assert [line for line in documented_examples() if line not in said] == []


def test_a_file_that_is_not_toml_is_refused_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("mine.toml").write_text("rows [\n", encoding="utf-8")
    with pytest.raises(BoardFileError) as refused:
        read_toml(Path("mine.toml"))
    assert str(refused.value) == NOT_TOML


def test_a_missing_layout_names_the_shipped_ones() -> None:
    with pytest.raises(BoardFileError) as refused:
        load_layout("nowhere.toml")
    assert str(refused.value) == (
        "nowhere.toml: no such layout file; shipped layouts: classic, hill-country, river-country"
    )


def test_bigfive_board_refuses_a_bad_layout_with_the_message_and_exit_code_2(
    tmp_path: Path,
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('rows = [["heart B", "heart A", "club A"], [], []]\n', encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "bigfive_tui.cli", "board", "--layout", str(bad)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 2
    assert "bad.toml: rows[1] has 0 pieces, expected 3" in run.stderr
    assert "Traceback" not in run.stderr


def layout_figures(name: str) -> tuple[int, int, int, int]:
    """Hills, mountains, bush edges and river edges of a shipped layout, each edge once."""
    board = load_layout(name)
    edges = [
        board.features[cell][direction]
        for cell in range(len(board.terrain))
        for direction in range(3)  # N, NE, SE: every inner edge exactly once
        if board.neighbours[cell][direction] >= 0
    ]
    return (
        sum(board.hill),
        sum(terrain == Terrain.MOUNTAIN for terrain in board.terrain),
        sum(bool(feature & Feature.BUSH) for feature in edges),
        sum(bool(feature & Feature.RIVER) for feature in edges),
    )


def test_the_shipped_layouts_table_in_docs_boards_md_matches_the_boards() -> None:
    text = (ROOT / "docs" / "boards.md").read_text(encoding="utf-8")
    rows = re.findall(
        r"^\| `([a-z-]+)` \| [^|]+ \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|", text, re.M
    )
    assert sorted(name for name, *_ in rows) == ["classic", "hill-country", "river-country"]
    for name, *figures in rows:
        assert layout_figures(name) == tuple(map(int, figures)), name
