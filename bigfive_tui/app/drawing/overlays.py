"""What the game state puts on the board, as item glyphs per space (pure, no Textual).

Every item has its own letter or sign, so nothing is told by colour alone:

====  ==============================================================
J D   vehicles, by their guide's initial (Jack David Anna Kate Sam)
A K S
?     a face-down animal token
L P   face-up lion, leopard, elephant, rhino (monkeys leave at once)
E R
B     the buffalo
F     a food token
\\*    a fire; ``*2``, ``*3`` ... when several markers lie on one space
G     a park entrance token (only ever on the two gate spaces)
X     a broken park entrance (gate), instead of its ``G``
====  ==============================================================

A space lists its items most important first, because a small hex shows only the first and a
``+`` (the status line says the rest): the vehicle of the guide at the wheel, a broken gate, the
token (animal, buffalo, food), the fires, the other vehicles in seat order, and last the park
entrance token (the gate spaces are marked beside the board anyway).
"""

from __future__ import annotations

from typing import Final

from bigfive_tui.boardmap import GATE_TOKEN, Glyph
from bigfive_tui.engine.board import GATE_CELLS
from bigfive_tui.engine.content import (
    ANIMAL_KIND,
    BUFFALO_TOKEN,
    FOOD_TOKENS,
    GATE_TOKENS,
    MONKEY,
    NO_TOKEN,
    Guide,
    Species,
)
from bigfive_tui.engine.state import GameState

VEHICLE_LETTERS: Final[dict[Guide, str]] = {
    Guide.JACK: "J",
    Guide.DAVID: "D",
    Guide.ANNA: "A",
    Guide.KATE: "K",
    Guide.SAM: "S",
}
SPECIES_LETTERS: Final[dict[Species, str]] = {
    Species.LION: "L",
    Species.LEOPARD: "P",
    Species.ELEPHANT: "E",
    Species.RHINO: "R",
    Species.BUFFALO: "B",
}
FACE_DOWN: Final = "?"
MONKEY_LETTER: Final = "m"  # never on the board face up; here for completeness
FOOD_LETTER: Final = "F"
FIRE_LETTER: Final = "*"
BROKEN_GATE: Final = "X"

#: (glyphs, meaning) pairs for legends and help, in the order a player meets them.
LEGEND: Final[tuple[tuple[str, str], ...]] = (
    ("J D A K S", "vehicles of Jack, David, Anna, Kate, Sam"),
    (FACE_DOWN, "an animal token, face down"),
    ("L P E R", "lion, leopard, elephant, rhino (face up)"),
    (SPECIES_LETTERS[Species.BUFFALO], "the buffalo"),
    (FOOD_LETTER, "a food token"),
    (f"{FIRE_LETTER} {FIRE_LETTER}2", "a fire; two fires on one space"),
    (GATE_TOKEN, "park entrance (gate)"),
    (BROKEN_GATE, "park entrance with a broken gate"),
)
#: A shorter legend in lines that narrow from top to bottom, for the board's free corners.
LEGEND_LINES: Final[tuple[tuple[tuple[str, str], ...], ...]] = (
    (("J D A K S", "vehicles"), (FACE_DOWN, "face-down animal")),
    (("L", "lion"), ("P", "leopard"), ("E", "elephant"), ("R", "rhino")),
    (("B", "buffalo"), (FOOD_LETTER, "food token")),
    ((FIRE_LETTER, "fire"), (f"{FIRE_LETTER}2", "two fires")),
    ((GATE_TOKEN, "gate"), (BROKEN_GATE, "broken gate")),
)


def fire_glyph(count: int) -> Glyph:
    """``*`` for one fire marker, ``*2`` ... for several on the same space."""
    return Glyph(FIRE_LETTER if count == 1 else f"{FIRE_LETTER}{count}", "fire")


def vehicle_glyph(guide: Guide) -> Glyph:
    return Glyph(VEHICLE_LETTERS[guide], f"vehicle:{guide.name.lower()}")


def token_glyph(state: GameState, token: int) -> Glyph:
    """The glyph of the token ``token`` as it lies on the board now."""
    if token == BUFFALO_TOKEN:
        return Glyph(SPECIES_LETTERS[Species.BUFFALO], "buffalo")
    if token in FOOD_TOKENS:
        return Glyph(FOOD_LETTER, "food")
    if token in GATE_TOKENS:
        gate = GATE_TOKENS.index(token)
        if gate in state.broken_gates():
            return Glyph(BROKEN_GATE, "gate-broken")
        return Glyph(GATE_TOKEN, "gate")
    if not state.face_up[token]:
        return Glyph(FACE_DOWN, "animal-down")
    kind = ANIMAL_KIND[token]
    if kind == MONKEY:
        return Glyph(MONKEY_LETTER, "animal:monkey")
    species = Species(kind)
    return Glyph(SPECIES_LETTERS[species], f"animal:{species.name.lower()}")


def overlays_for(state: GameState) -> dict[int, list[Glyph]]:
    """Item glyphs per board cell for ``state``, most important first (see the module).

    Cells with nothing on them are left out. A broken gate shows ``X`` even if its entrance
    token were somehow missing, so the breakdown is never hidden.
    """
    ranked: dict[int, list[tuple[int, Glyph]]] = {}

    def add(cell: int, rank: int, glyph: Glyph) -> None:
        ranked.setdefault(cell, []).append((rank, glyph))

    for cell, token in enumerate(state.token_at):
        if token != NO_TOKEN:
            glyph = token_glyph(state, token)
            add(cell, {"gate": 5, "gate-broken": 1}.get(glyph.kind, 2), glyph)
    for gate in state.broken_gates():
        cell = GATE_CELLS[gate]
        if not any(glyph.kind == "gate-broken" for _, glyph in ranked.get(cell, ())):
            add(cell, 1, Glyph(BROKEN_GATE, "gate-broken"))
    for cell, count in enumerate(state.fires):
        if count:
            add(cell, 3, fire_glyph(count))
    for seat, cell in enumerate(state.vehicle):
        add(cell, 0 if seat == state.seat else 4, vehicle_glyph(state.game.guides[seat]))
    # sorted() keeps the order of equal ranks: the other vehicles stay in seat order
    return {
        cell: [glyph for _, glyph in sorted(items, key=lambda item: item[0])]
        for cell, items in ranked.items()
    }


_KIND_WORDS: Final[dict[str, str]] = {
    "animal-down": "a face-down animal",
    "buffalo": "the buffalo",
    "food": "a food token",
    "gate": "park entrance",
    "gate-broken": "park entrance (broken gate)",
    "more": "more items",
}


def glyph_label(glyph: Glyph) -> str:
    """A glyph in words, for status lines and screen readers: ``"Jack's vehicle"``."""
    kind, _, detail = glyph.kind.partition(":")
    if kind == "vehicle":
        return f"{detail.capitalize()}'s vehicle"
    if kind == "animal":
        article = "an" if detail[:1] in ("a", "e", "i", "o", "u") else "a"
        return f"{article} {detail} (face up)"
    if kind == "fire":
        count = int(glyph.text[len(FIRE_LETTER) :] or 1)
        return "a fire" if count == 1 else f"{count} fires"
    return _KIND_WORDS.get(glyph.kind, glyph.kind)
