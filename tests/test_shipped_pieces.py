"""The pieces built into the game are exactly the shipped piece files, checked in full.

The game starts from :mod:`bigfive_tui.formats.shipped_pieces` (plain data) instead of
parsing and checking the nine TOML files at every start. After a change to a piece file,
regenerate it and review the diff:

    BIGFIVE_REGEN_PIECES=1 .venv/bin/pytest tests/test_shipped_pieces.py
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from bigfive_tui.assets import load_pieces, read_piece_files
from bigfive_tui.engine.pieces import Piece, PieceSide
from bigfive_tui.formats import shipped_pieces

REGEN = os.environ.get("BIGFIVE_REGEN_PIECES") == "1"
MODULE = Path(shipped_pieces.__file__)
DATA_START = "# -- generated from assets/boards/pieces by tests/test_shipped_pieces.py --"
DATA_END = "# -- end of generated data --"


def side_data(side: PieceSide) -> tuple[str, str]:
    """A side as the module writes it: its rows of terrain letter and label, and its
    features as ``q r direction bits`` per listed side of an edge."""
    rows = [
        " ".join(side.terrain[(q, r)].name[0].lower() + side.labels[(q, r)] for q in range(3))
        for r in range(3)
    ]
    features = " ".join(
        f"{q}{r}{direction}{int(bits)}" for ((q, r), direction), bits in side.features.items()
    )
    return " / ".join(rows), features


def quoted(text: str) -> str:
    return f'"{text}"'


def generated_data(pieces: dict[str, Piece]) -> str:
    lines = [DATA_START, "PIECES: Final[tuple[PieceData, ...]] = ("]
    for piece in pieces.values():
        lines.append(f"    ({', '.join(map(quoted, (piece.name, piece.symbol, piece.key)))}, (")
        for name, side in piece.sides.items():
            spaces, features = side_data(side)
            lines.append(f"        ({quoted(name)}, {quoted(side.name)}, {quoted(spaces)},")
            words = features.split()
            rows = [" ".join(words[start : start + 15]) for start in range(0, len(words), 15)]
            lines += [f"         {quoted(row + ' ')}" for row in rows[:-1]]
            lines.append(f"         {quoted(rows[-1])}),")
        lines.append("    )),")
    lines += [")", DATA_END]
    return "\n".join(lines)


def comparable(pieces: dict[str, Piece]) -> list[Any]:
    """Everything a piece holds, in order (the order of the pieces decides random boards)."""
    return [
        (
            piece.name,
            piece.symbol,
            piece.key,
            [
                (
                    name,
                    side.name,
                    list(side.terrain.items()),
                    list(side.labels.items()),
                    list(side.features.items()),
                )
                for name, side in piece.sides.items()
            ],
            [piece.placed(side, turned) for side in piece.sides for turned in (False, True)],
        )
        for piece in pieces.values()
    ]


def test_the_built_in_pieces_are_the_shipped_piece_files_checked_in_full() -> None:
    from_files = read_piece_files()
    if REGEN:
        text = MODULE.read_text(encoding="utf-8")
        head, rest = text.split(DATA_START)
        _, tail = rest.split(DATA_END)
        MODULE.write_text(head + generated_data(from_files) + tail, encoding="utf-8")
        subprocess.run([sys.executable, "-m", "ruff", "format", str(MODULE)], check=True)
    built_in = shipped_pieces.shipped_pieces()
    assert comparable(built_in) == comparable(from_files), (
        "bigfive_tui/formats/shipped_pieces.py differs from assets/boards/pieces; after an "
        "intended change regenerate it with BIGFIVE_REGEN_PIECES=1 and review the diff"
    )


def test_the_game_plays_with_the_built_in_pieces() -> None:
    assert comparable(load_pieces()) == comparable(shipped_pieces.shipped_pieces())


def test_starting_a_game_neither_parses_nor_checks_a_piece_file() -> None:
    """Neither the TOML reader nor the piece and layout file formats are loaded to play."""
    code = (
        "import sys; from bigfive_tui.app.files import saves; import bigfive_tui.app.main; "
        "from bigfive_tui.assets import load_pieces; load_pieces(); "
        "print('tomllib' in sys.modules, 'bigfive_tui.formats.board_files' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]
