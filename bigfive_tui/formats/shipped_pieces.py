"""The board pieces that come with the game, as plain data: the files in
``assets/boards/pieces`` read and checked ahead of time, so that a start-up neither parses nine
TOML files nor checks them again. A player's layout file, and any pieces it brings, are still
read and checked in full (:mod:`bigfive_tui.formats.board_files`).

Generated from those files: ``tests/test_shipped_pieces.py`` holds the two equal, and
rewrites the data below when run with ``BIGFIVE_REGEN_PIECES=1``.
"""

from __future__ import annotations

from typing import Final

from bigfive_tui.engine.hexgrid import Hex
from bigfive_tui.engine.pieces import Feature, Piece, PieceSide, Terrain

#: (name, file and side, spaces, features): the spaces row by row as the piece file writes
#: them (terrain letter and label), the features as ``q r direction bits`` for every listed
#: side of an edge (its cell in the piece, the direction 0-5, the Feature's bits).
SideData = tuple[str, str, str, str]
#: (name, symbol, key, (side A, side B))
PieceData = tuple[str, str, str, tuple[SideData, ...]]

_TERRAIN_BY_LETTER: Final = {terrain.name[0].lower(): terrain for terrain in Terrain}
_FEATURE_BY_DIGIT: Final = {str(int(bits)): bits for bits in map(Feature, range(4))}

# fmt: off
# -- generated from assets/boards/pieces by tests/test_shipped_pieces.py --
PIECES: Final[tuple[PieceData, ...]] = (
    ("box", "■", "b", (
        ("A", "box.toml: side A", "s4 s1 ma / h2 s5 h6 / sb h3 sc",
         "1021 1151 0111 1141 1121 1251 1211 2241 0051 0241"),
        ("B", "box.toml: side B", "s3 s6 h1 / h4 fa s2 / sb s5 sc",
         "0011 1041 1211 2241 2221 2011 0241 0142 0132 0122 0252 0112 1142 1022 1152 "
         "1102 2032 2022 2152 2102 2112"),
    )),
    ("club", "♣", "c", (
        ("A", "club.toml: side A", "s4 s1 fa / sb h5 h2 / h6 s3 sc",
         "1021 1151 0111 1141 1121 1251 1211 2241 0041"),
        ("B", "club.toml: side B", "s2 h6 s4 / s3 h1 sa / fb s5 sc",
         "0051 0041 2001 2221 0142 0022 0152 0102 1032 1022 1152 1102 2032 1112 2142 "
         "1202 2132 2122 2252 2112"),
    )),
    ("diamond", "♦", "d", (
        ("A", "diamond.toml: side A", "s1 s5 ha / s4 sb s2 / h3 s6 sc",
         "2021 2151 0041 2211 1052 0012 1042 1032 0102 0112 1142 1132 0202 1122 1252 "
         "1202 2132 1212 2242 1222"),
        ("B", "diamond.toml: side B", "s5 h2 fa / s1 h6 s3 / wb s4 sc",
         "0121 0251 1131 0201 1241 0211 0231 0241 0221"),
    )),
    ("dot", "●", "o", (
        ("A", "dot.toml: side A", "s2 h5 s3 / s1 wa s6 / hb s4 sc",
         "2031 1101 1131 0201 2011 0142 0022 0152 0102 1032 1222 1212 2242 1202 2132"),
        ("B", "dot.toml: side B", "s3 s1 wa / s4 h2 h5 / hb s6 sc",
         "1011 2041 1101 2031 2151 2021 2001 0111 1141 1211 2241"),
    )),
    ("heart", "♥", "h", (
        ("A", "heart.toml: side A", "s5 s2 sa / h1 wb s6 / s3 h4 sc",
         "1021 1151 2031 1101 2141 1111 1251 1121 0201 1131 0111 1141 2001"),
        ("B", "heart.toml: side B", "s6 h3 fa / s2 h4 s5 / fb h1 sc",
         "0021 0151 1021 1151 2121 2251 0041 2221"),
    )),
    ("note", "♪", "n", (
        ("A", "note.toml: side A", "s2 s6 wa / s4 h1 s3 / sb s5 sc",
         "1011 2041 1101 2031 2051 0121 0251 2112 2102 2022 2152 1112 2142 1122 1252 "
         "0212 1242 1232 1222"),
        ("B", "note.toml: side B", "s6 s2 h5 / ha s4 h1 / fb s3 sc",
         "1021 1151 2031 1101 1121 1251 0051 2211"),
    )),
    ("peak", "▲", "p", (
        ("A", "peak.toml: side A", "s1 h4 sa / h5 mb s2 / fc h6 s3",
         "0021 0151 2131 1201 2001 2221"),
        ("B", "peak.toml: side B", "s2 h5 ha / s6 s1 h4 / mb s3 sc",
         "1021 1151 1111 2141 2001 0142 0132 0122 0252 0202 1132 0212 1242 1232 1222"),
    )),
    ("spade", "♠", "s", (
        ("A", "spade.toml: side A", "sa s4 h1 / s2 sb s5 / h6 s3 sc",
         "0111 1141 1121 1251 2011"),
        ("B", "spade.toml: side B", "s3 h5 sa / s1 mb s6 / sc h2 s4",
         "1011 2041 0101 1031 2051 0241 1202 2132 2122 2252 2112"),
    )),
    ("star", "★", "t", (
        ("A", "star.toml: side A", "sa s3 s6 / s1 hb s4 / s5 s2 sc",
         "1011 2041 2131 1201 0251 0121 2011 0231"),
        ("B", "star.toml: side B", "s4 s1 h2 / s6 ha s3 / fb s5 sc",
         "0011 1041 0111 1141 0051 2001 2102 2112 2202 1202 2132 2122 2252"),
    )),
)
# -- end of generated data --
# fmt: on


def _side(where: str, spaces: str, features: str) -> PieceSide:
    terrain: dict[Hex, Terrain] = {}
    labels: dict[Hex, str] = {}
    for r, row in enumerate(spaces.split(" / ")):
        for q, space in enumerate(row.split()):
            terrain[(q, r)] = _TERRAIN_BY_LETTER[space[0]]
            labels[(q, r)] = space[1]
    edges: dict[tuple[Hex, int], Feature] = {
        ((int(edge[0]), int(edge[1])), int(edge[2])): _FEATURE_BY_DIGIT[edge[3]]
        for edge in features.split()
    }
    return PieceSide(where, terrain, labels, edges)


def shipped_pieces() -> dict[str, Piece]:
    """The shipped pieces by name, in the order of their file names."""
    return {
        name: Piece(name, symbol, key, {side: _side(where, *rest) for side, where, *rest in sides})
        for name, symbol, key, sides in PIECES
    }
