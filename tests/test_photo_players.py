"""Photo Safari's computer players: always a legal move, the greedy one takes the nearest
photo, the planner foresees the animals. (Their strength is a benchmark, bench/photo_safari.py,
recorded in docs/benchmarks.md; not a test.)"""

from __future__ import annotations

import random

import pytest
from photo_positions import position, sq

from bigfive_tui.photo_safari.engine.animals import Animal
from bigfive_tui.photo_safari.engine.random_setup import random_layout
from bigfive_tui.photo_safari.engine.rules import apply_in_place, legal_actions, new_game
from bigfive_tui.photo_safari.engine.state import Game
from bigfive_tui.photo_safari.players import POLICIES, greedy, planner


@pytest.mark.parametrize("name", sorted(POLICIES))
def test_every_player_only_ever_chooses_a_legal_move(name: str) -> None:
    for seed in range(6):
        state, _ = new_game(Game(random_layout(seed), seed))
        rng = random.Random(seed)
        while not state.over:
            legal = legal_actions(state)
            square = POLICIES[name](state, legal, rng)
            assert square in legal
            apply_in_place(state, square)


def test_the_greedy_player_takes_the_photo_it_can_take_now() -> None:
    state = position(
        animals={"lion": "c3 south", "zebra": "h8 west"}, cameras={"red": "a4"}, turn={"round": 3}
    )
    # in front of the lion (c4) or at its side (b3); nothing else photographs now
    assert greedy.choose(state, legal_actions(state), random.Random(1)) in {sq("c4"), sq("b3")}


def test_the_greedy_player_heads_for_the_nearest_photo_square() -> None:
    state = position(animals={"lion": "f6 north"}, cameras={"red": "a1"}, turn={"round": 3})
    choice = greedy.choose(state, legal_actions(state), random.Random(1))
    assert choice in {sq(name) for name in ("e5", "f2", "f1", "f4", "e1", "a5", "a6", "b6")}


def test_the_planner_takes_two_photos_rather_than_one() -> None:
    state = position(
        animals={"lion": "c3 south", "zebra": "d4 west", "tiger": "h6 north"},
        cameras={"red": "f1"},
        turn={"round": 3},
    )
    choice = planner.choose(state, legal_actions(state), random.Random(1))
    assert choice in {sq("c4"), sq("d3")}  # each sees the lion and the zebra; b3 only the lion
    after = state.copy()
    apply_in_place(after, choice)
    assert after.photos[0] == (1 << Animal.LION) | (1 << Animal.ZEBRA)


def test_the_planner_waits_where_the_animal_will_walk_to() -> None:
    """The tiger walks west from h5 to g5. Yellow on f10 cannot reach a square that sees it
    now, but f5 will be in front of it: the planner goes there and gets the photo after the
    animals' move."""
    state = position(
        animals={"tiger": "h5 west"},
        cameras={"red": "a1", "yellow": "f10"},
        turn={"player": "yellow", "round": 3},
    )
    legal = legal_actions(state)
    choice = planner.choose(state, legal, random.Random(1))
    after = state.copy()
    apply_in_place(after, choice)  # Yellow moves, the animals move
    assert after.photos[1] == 1 << Animal.TIGER
