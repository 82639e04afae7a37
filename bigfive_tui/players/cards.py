"""How much the team would rather not face each event card: what the fast policies discard
after an influence, and what their words say about it (players/reasons.py)."""

from __future__ import annotations

from bigfive_tui.engine.content import CARDS, CardKind
from bigfive_tui.engine.state import GameState

#: How much the team would rather not face each event card (higher: discard it first).
CARD_HARM = {
    CardKind.FIRE: 6,
    CardKind.FLAT_TYRE: 5,
    CardKind.LEAKY: 5,
    CardKind.LOST_FOOD: 5,
    CardKind.BROKEN_GATE: 4,
    CardKind.OVERHEATED: 4,
    CardKind.STOLEN_FOOD: 4,
    CardKind.HIPPOS: 1,
    CardKind.RAIN: 1,
    CardKind.WILDEBEEST: -1,
    CardKind.ANIMAL: -2,
    CardKind.GIRAFFE: -2,
}

#: A food card that would end the safari: worse than any other card.
ENDS_THE_SAFARI = 100
#: An animal card while this many pieces burn: the new animal is likely to flee.
MANY_BURNING = 3


def starving(state: GameState, card_id: int) -> list[int]:
    """The seats whose food this card would bring to 0, drawn by the guide after this one."""
    card = CARDS[card_id]
    if card.kind not in (CardKind.LOST_FOOD, CardKind.STOLEN_FOOD):
        return []
    following = (state.seat + 1) % len(state.vehicle)
    hit = range(len(state.food)) if card.all_vehicles else (following,)
    return [seat for seat in hit if state.food[seat] <= card.steps]


def burning_pieces(state: GameState) -> int:
    board = state.game.board
    return len({board.slot[cell] for cell, count in enumerate(state.fires) if count})


def card_harm(state: GameState, card_id: int) -> int:
    """The card's harm in this position: a food card that ends the safari is the worst, and
    with many pieces burning a new animal is more likely lost than found."""
    card = CARDS[card_id]
    if starving(state, card_id):
        return ENDS_THE_SAFARI
    if card.kind == CardKind.ANIMAL and burning_pieces(state) >= MANY_BURNING:
        return 2
    return CARD_HARM[card.kind]
