"""Build exact positions for rule tests: an open savanna board, chosen vehicles and tokens."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boards import open_board

from bigfive_tui.engine.board import Board
from bigfive_tui.engine.content import (
    CARD_COUNT,
    CARDS,
    GATE_TOKENS,
    MONKEY_TOKENS,
    CardKind,
    Difficulty,
    Guide,
)
from bigfive_tui.engine.dice import put_token
from bigfive_tui.engine.state import Game, GameState, Phase, empty_state

BOARD = open_board()


def cell(board: Board, name: str) -> int:
    found = board.find(name)
    assert found is not None, name
    return found


def roll(board: Board, name: str) -> tuple[int, int]:
    """A scripted dice result: 'X' or a numbered space name like 'c4'."""
    if name == "X":
        return (9, 1)
    index = cell(board, name)
    return (board.slot[index], board.number[index])


def card_of(kind: CardKind, **match: Any) -> int:
    for index, card in enumerate(CARDS):
        if card.kind == kind and all(getattr(card, k) == v for k, v in match.items()):
            return index
    raise LookupError(kind)


def position(
    guides: Sequence[str] = ("jack", "kate"),
    at: Sequence[str] = ("s1", "c1"),
    *,
    board: Board | None = None,
    difficulty: Difficulty = Difficulty.BEGINNER,
    fuel: int = 6,
    food: int = 6,
    actions: int = 4,
    phase: Phase = Phase.ACTIONS,
    rolls: Sequence[str] = (),
    top_cards: Sequence[int] = (),
    seed: int = 1,
) -> GameState:
    """Seat 0 to move, nothing on the board but vehicles and the park entrance tokens."""
    board = board or BOARD
    game = Game(board, tuple(Guide[g.upper()] for g in guides), difficulty, seed=seed)
    state = empty_state(game, seed)
    state.vehicle = [cell(board, name) for name in at]
    state.fuel = [fuel] * len(guides)
    state.food = [food] * len(guides)
    for gate, index in enumerate((0, 80)):
        put_token(state, GATE_TOKENS[gate], index)
        state.face_up[GATE_TOKENS[gate]] = True
    state.animal_supply = [*range(12), MONKEY_TOKENS[0]]
    rest = [c for c in range(CARD_COUNT) if c not in top_cards]
    state.deck = rest + list(reversed(top_cards))
    state.phase = phase
    state.actions_left = actions
    state.script = tuple(roll(board, name) for name in rolls)
    return state


def place(state: GameState, token: int, name: str, *, face_up: bool = False) -> None:
    put_token(state, token, cell(state.game.board, name))
    state.face_up[token] = face_up
    if token in state.animal_supply:
        state.animal_supply.remove(token)
