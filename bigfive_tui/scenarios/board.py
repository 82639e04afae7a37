"""The scenario's board: a shipped layout, the built-in open board, or nine placements, with
inline pieces."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bigfive_tui.engine.board import Board, assemble
from bigfive_tui.engine.pieces import BoardFileError, Piece, Placement
from bigfive_tui.formats.board_files import parse_piece
from bigfive_tui.formats.placements import resolve_placements
from bigfive_tui.scenarios.model import BoardSpec, ScenarioError

OPEN_LAYOUT = "open"
#: The open board: nine all-savanna pieces, no bushes or rivers, with the symbols and key
#: letters of the shipped pieces, row by row (slots 0..8; the west gate is on slot 0, the east
#: gate on slot 8). Tips are unnumbered, so tokens never land on a park entrance by accident.
OPEN_PIECES: tuple[tuple[str, str, str], ...] = (
    ("open-spade", "♠", "s"),
    ("open-club", "♣", "c"),
    ("open-heart", "♥", "h"),
    ("open-diamond", "♦", "d"),
    ("open-star", "★", "t"),
    ("open-dot", "●", "o"),
    ("open-peak", "▲", "p"),
    ("open-box", "■", "b"),
    ("open-note", "♪", "n"),
)
OPEN_SIDE: dict[str, Any] = {"spaces": ["sa s1 s2", "s3 s4 s5", "s6 sb sc"]}


def open_pieces() -> dict[str, Piece]:
    return {
        name: parse_piece(
            {"name": name, "symbol": symbol, "key": key, "sides": {"A": OPEN_SIDE, "B": OPEN_SIDE}},
            "open board",
        )
        for name, symbol, key in OPEN_PIECES
    }


def open_board() -> Board:
    placements = [Placement(name, "A") for name, _, _ in OPEN_PIECES]
    return assemble(placements, open_pieces(), OPEN_LAYOUT)


def _inline_pieces(spec: BoardSpec, source: str) -> dict[str, Piece]:
    pieces: dict[str, Piece] = {}
    for index, data in enumerate(spec.pieces):
        data = dict(data)
        sides = data.get("sides")
        if isinstance(sides, dict) and "A" in sides and "B" not in sides:
            data["sides"] = {**sides, "B": sides["A"]}
        try:
            piece = parse_piece(data, f"{source}: board.pieces[{index}]")
        except BoardFileError as error:
            raise ScenarioError(str(error)) from None
        if piece.name in pieces:
            raise ScenarioError(
                f"{source}: board.pieces[{index}]: a second piece named {piece.name!r}"
            )
        pieces[piece.name] = piece
    return pieces


def build_board(
    spec: BoardSpec,
    source: str,
    pieces: Mapping[str, Piece],
    load_layout: Callable[[str], Board] | None,
) -> Board:
    """The scenario's board: nine placements, the open board (with replacements) or a layout."""
    inline = _inline_pieces(spec, source)
    if spec.placements is not None:
        if spec.layout is not None:
            raise ScenarioError(f"{source}: board: give either layout or placements, not both")
        if len(spec.placements) != 9:
            raise ScenarioError(
                f"{source}: board.placements: a board needs 9 placements (row by row), "
                f"got {len(spec.placements)}"
            )
        available = {**pieces, **open_pieces(), **inline}
        entries = [
            (f"{source}: board.placements[{index}]", text)
            for index, text in enumerate(spec.placements)
        ]
        try:
            placements, chosen = resolve_placements(
                entries, available, f"{source}: board.placements"
            )
        except BoardFileError as error:
            raise ScenarioError(str(error)) from None
        return assemble(placements, chosen, "scenario board")
    if spec.layout is None or spec.layout == OPEN_LAYOUT:
        available = {**open_pieces(), **inline}
        placements = [Placement(name, "A") for name, _, _ in OPEN_PIECES]
        symbols = [symbol for _, symbol, _ in OPEN_PIECES]
        for index, piece in enumerate(inline.values()):
            if piece.symbol not in symbols:
                raise ScenarioError(
                    f"{source}: board.pieces[{index}]: on the open board an inline piece "
                    f"replaces the open piece with its symbol, but {piece.symbol!r} is not one "
                    f"of {' '.join(symbols)}; list 9 board.placements to use other symbols"
                )
            slot = symbols.index(piece.symbol)
            if placements[slot].piece != OPEN_PIECES[slot][0]:
                raise ScenarioError(
                    f"{source}: board.pieces[{index}]: a second inline piece for {piece.symbol}"
                )
            placements[slot] = Placement(piece.name, "A")
        entries = [(f"{source}: board.pieces", p.text()) for p in placements]
        try:
            placements, chosen = resolve_placements(entries, available, f"{source}: board.pieces")
        except BoardFileError as error:
            raise ScenarioError(str(error)) from None
        return assemble(placements, chosen, OPEN_LAYOUT if not inline else "open, modified")
    if inline:
        raise ScenarioError(
            f"{source}: board.pieces: inline pieces need board.placements (or the open board)"
        )
    if load_layout is None:
        raise ScenarioError(f"{source}: board.layout: no shipped layouts are available here")
    try:
        return load_layout(spec.layout)
    except (BoardFileError, OSError) as error:
        raise ScenarioError(f"{source}: board.layout: {error}") from None
