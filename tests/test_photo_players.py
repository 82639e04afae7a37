"""Photo Safari's computer players: always a legal move, the greedy one takes the nearest
photo, the planner foresees the animals. (Their strength is a benchmark, bench/photo_safari.py,
recorded in docs/benchmarks.md; not a test.)"""

from __future__ import annotations

import random

import pytest
from photo_positions import position, sq

from bigfive_tui.photo_safari.engine.animals import ANIMAL_NAMES, Animal
from bigfive_tui.photo_safari.engine.grid import NAMES
from bigfive_tui.photo_safari.engine.notation import format_move
from bigfive_tui.photo_safari.engine.random_setup import random_layout
from bigfive_tui.photo_safari.engine.rules import (
    apply_in_place,
    apply_recorded,
    legal_actions,
    new_game,
)
from bigfive_tui.photo_safari.engine.state import Game, PhotoState
from bigfive_tui.photo_safari.players import POLICIES, greedy, planner
from bigfive_tui.photo_safari.players.reach import distances, photo_squares
from bigfive_tui.photo_safari.players.reasons import explain, reason_for


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


# --------------------------------------------------------------------------- reasons


def _gained(before: PhotoState, after: PhotoState, seat: int) -> int:
    return after.photos[seat] & ~before.photos[seat]


def _rest_of_round(state: PhotoState, seat: int) -> PhotoState:
    """The round played on from ``state`` with the other camera staying where it is."""
    state = state.copy()
    while not state.over and state.seat != seat:
        apply_in_place(state, state.camera[state.seat])
    return state


def _names_in(text: str, mask: int) -> bool:
    return all(ANIMAL_NAMES[a] in text for a in range(len(ANIMAL_NAMES)) if mask >> a & 1)


def test_the_planners_reasons_are_facts_recomputed_from_the_state() -> None:
    """Along whole planner games: the photos a reason says the move takes at once, after the
    animals' move (and the animals' steps that bring them), with the follow-up, or the animal
    it heads for, are what playing the moves out gives."""
    checked = {"now": 0, "after": 0, "then": 0, "aim": 0}
    for seed in range(4):
        state, _ = new_game(Game(random_layout(seed), seed))
        rng = random.Random(seed)
        while not state.over:
            me = state.seat
            legal = legal_actions(state)
            decision = planner.decide(state, legal, rng)
            reason = decision.reason
            assert decision.square == reason.square in legal
            assert decision.text.startswith(format_move(state, reason.square) + ": ")
            moved, steps, states = apply_recorded(state, reason.square)
            own = [i for i, step in enumerate(steps) if step.kind in ("move", "photo")][:2]
            if steps[own[-1]].rule != "P-photo-own-move":
                own = own[:1]
            assert _gained(state, states[own[-1]], me) == reason.now  # the move's own photos
            round_end = _rest_of_round(moved, me)
            assert _gained(state, round_end, me) == reason.now | reason.after
            assert reason.outcome == round_end.outcome
            stepped = [step.animal for step in reason.steps]
            assert stepped == [a for a in range(len(ANIMAL_NAMES)) if reason.after >> a & 1]
            for step in reason.steps:
                assert (round_end.square[step.animal], round_end.facing[step.animal]) == (
                    step.square,
                    step.facing,
                )
                assert NAMES[step.square] in decision.text
            assert _names_in(decision.text, reason.now | reason.after)
            if reason.then:
                assert reason.then_square in legal_actions(round_end)
                follow = round_end.copy()
                apply_in_place(follow, reason.then_square)
                assert _gained(round_end, _rest_of_round(follow, me), me) == reason.then
                assert _names_in(decision.text, reason.then) and NAMES[reason.then_square] in (
                    decision.text
                )
            elif reason.aim >= 0:
                assert not round_end.photos[me] >> reason.aim & 1
                table = distances(state.game.layout)[round_end.camera[me]]
                nearest = {
                    a: min((table[s] for s in photo_squares(round_end, a)), default=99)
                    for a in range(len(ANIMAL_NAMES))
                    if not round_end.photos[me] >> a & 1
                }
                assert reason.aim_moves == nearest[reason.aim] == min(nearest.values())
                assert f"{reason.aim_moves} camera move" in decision.text
            for key, seen in (
                ("now", reason.now),
                ("after", reason.after),
                ("then", reason.then),
                ("aim", reason.aim >= 0),
            ):
                checked[key] += bool(seen)
            apply_in_place(state, decision.square)
    assert min(checked.values()) > 0, checked  # every kind of reason was given and checked


def test_the_planner_decides_what_it_chooses() -> None:
    """``decide`` picks the move ``choose`` picks from the same generator state."""
    state, _ = new_game(Game(random_layout(7), 7))
    for _ in range(10):
        legal = legal_actions(state)
        square = planner.choose(state, legal, random.Random(3))
        assert planner.decide(state, legal, random.Random(3)).square == square
        apply_in_place(state, square)


def test_a_reason_on_reds_move_says_it_assumes_yellow_stays_put() -> None:
    """On Red's move Yellow moves before the animals: a foreseen photo says so."""
    state = position(animals={"lion": "c5 north"}, cameras={"red": "a3"}, turn={"round": 3})
    reason = reason_for(state, sq("c3"))
    assert reason.after == 1 << Animal.LION and reason.steps[0].square == sq("c4")
    text = explain(state, reason)
    assert text.startswith("c3: the lion steps to c4 facing north: a photo after the animals'")
    assert "if Yellow stays put" in text
