"""Where the pieces lie on a board, as layout files and game records write it ("dot A
turned"), checked against the pieces known. Apart from the piece and layout file formats
(:mod:`.board_files`), so that loading a saved game needs no piece file's model.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bigfive_tui.engine.pieces import BoardFileError, Piece, Placement

SIDE_NAMES = ("A", "B")


def parse_placement(text: str, where: str) -> Placement:
    words = text.split()
    if len(words) not in (2, 3) or (len(words) == 3 and words[2] != "turned"):
        raise BoardFileError(
            f"{where}: {text!r} should read '<piece> <side>' or '<piece> <side> turned'"
        )
    if words[1] not in SIDE_NAMES:
        raise BoardFileError(f"{where}: {text!r} names side {words[1]!r}; use A or B")
    return Placement(words[0], words[1], len(words) == 3)


def resolve_placements(
    entries: Sequence[tuple[str, str]], available: Mapping[str, Piece], source: str
) -> tuple[list[Placement], dict[str, Piece]]:
    """Check ``(where, text)`` placements against the known pieces: every piece known, used
    once, and no two pieces sharing a symbol or a key letter."""
    placements: list[Placement] = []
    for where, text in entries:
        placement = parse_placement(text, where)
        if placement.piece not in available:
            raise BoardFileError(
                f"{where}: no piece named {placement.piece!r}; known pieces: "
                + ", ".join(sorted(available))
            )
        placements.append(placement)
    used = [p.piece for p in placements]
    doubled = sorted({name for name in used if used.count(name) > 1})
    if doubled:
        raise BoardFileError(f"{source}: pieces used more than once: {', '.join(doubled)}")
    chosen = {name: available[name] for name in used}
    for attribute in ("symbol", "key"):
        values = [getattr(piece, attribute) for piece in chosen.values()]
        twice = sorted({v for v in values if values.count(v) > 1})
        if twice:
            raise BoardFileError(f"{source}: two pieces share the {attribute} {twice[0]!r}")
    return placements, chosen
