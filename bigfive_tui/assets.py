"""Finding and reading the shipped data files (board pieces, layouts, the rules of both games,
Photo Safari's set-ups).

In an installed wheel the files live inside the package (``bigfive_tui/assets``,
``bigfive_tui/docs``); in a source checkout or an editable install they are read from the
project's top-level ``assets/`` and ``docs/`` folders.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

from bigfive_tui.engine.board import Board, assemble, random_board
from bigfive_tui.engine.pieces import BoardFileError, Piece
from bigfive_tui.files import reading

_PACKAGE = Path(__file__).resolve().parent
_SOURCE_TREE = _PACKAGE.parent


def _first_existing(*candidates: Path) -> Path:
    for path in candidates:
        if path.exists():
            return path
    raise FileNotFoundError(f"missing data file; looked in {', '.join(map(str, candidates))}")


def boards_dir() -> Path:
    return _first_existing(_PACKAGE / "assets" / "boards", _SOURCE_TREE / "assets" / "boards")


def rules_path() -> Path:
    return _first_existing(_PACKAGE / "docs" / "rules.md", _SOURCE_TREE / "docs" / "rules.md")


def tutorial_dir() -> Path:
    """The steps files of Learn to play (and the positions they start from)."""
    return _first_existing(_PACKAGE / "assets" / "tutorial", _SOURCE_TREE / "assets" / "tutorial")


def photo_safari_setups_dir() -> Path:
    parts = ("assets", "photo-safari", "setups")
    return _first_existing(_PACKAGE.joinpath(*parts), _SOURCE_TREE.joinpath(*parts))


def photo_safari_rules_path() -> Path:
    return _first_existing(
        _PACKAGE / "docs" / "photo-safari.md", _SOURCE_TREE / "docs" / "photo-safari.md"
    )


def read_toml(path: Path, error: type[Exception] = BoardFileError) -> dict[str, Any]:
    """A TOML file as plain data; any problem raises ``error`` naming the file and why."""
    return reading.read_toml(path, error)


def load_piece(path: Path) -> Piece:
    """One piece file; a file that cannot be used raises ``BoardFileError``."""
    from bigfive_tui.formats.board_files import parse_piece  # (a game loads without it)

    return parse_piece(read_toml(path), path.name)


@cache
def load_pieces() -> dict[str, Piece]:
    """The pieces that come with the game: their files checked and converted ahead of time
    (:mod:`bigfive_tui.formats.shipped_pieces`, held equal to :func:`read_piece_files` by a
    test), so that no start-up parses and checks them again."""
    from bigfive_tui.formats.shipped_pieces import shipped_pieces

    return shipped_pieces()


def read_piece_files() -> dict[str, Piece]:
    """The shipped piece files read and checked in full, as a player's piece would be, in
    file-name order; what the built-in pieces are generated from and tested against."""
    pieces: dict[str, Piece] = {}
    for path in sorted((boards_dir() / "pieces").glob("*.toml")):
        piece = load_piece(path)
        for other in pieces.values():
            for what in ("name", "symbol", "key"):
                if getattr(piece, what) == getattr(other, what):
                    raise BoardFileError(
                        f"{path.name}: {what} {getattr(piece, what)!r} is already used by piece "
                        f"{other.name!r}; every piece needs its own"
                    )
        pieces[piece.name] = piece
    return pieces


def layout_names() -> list[str]:
    return sorted(path.stem for path in (boards_dir() / "layouts").glob("*.toml"))


def load_layout(name_or_path: str) -> Board:
    """A board from a layout file path, or from the name of a shipped layout."""
    path = Path(name_or_path)
    if not path.suffix:
        shipped = boards_dir() / "layouts" / f"{name_or_path}.toml"
        if os.path.isfile(shipped):
            path = shipped
    if not os.path.lexists(path):  # (a dangling link is told apart when it is read)
        raise BoardFileError(
            f"{name_or_path}: no such layout file; shipped layouts: {', '.join(layout_names())}"
        )
    from bigfive_tui.formats.board_files import parse_layout  # (a game loads without it)

    name, placements, pieces = parse_layout(read_toml(path), path.name, load_pieces())
    return assemble(placements, pieces, name)


def seeded_board(seed: int) -> Board:
    return random_board(load_pieces(), seed)
