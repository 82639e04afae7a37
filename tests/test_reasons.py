"""Every computer action has true words: the reasons of every policy, built from facts."""

from __future__ import annotations

import random

import pytest

from bigfive_tui.assets import seeded_board
from bigfive_tui.engine.actions import Act
from bigfive_tui.engine.apply_action import apply_in_place
from bigfive_tui.engine.content import Difficulty, Guide
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.session import make_game
from bigfive_tui.engine.setup import new_game
from bigfive_tui.engine.state import GameState
from bigfive_tui.players import POLICIES, greedy_player
from bigfive_tui.players.reasons import Why, explain
from bigfive_tui.players.teammates import DECIDERS, hint_words


def started(seed: int, guides: tuple[Guide, ...], level: Difficulty) -> GameState:
    state, _ = new_game(make_game(seeded_board(seed), guides, level, (), seed))
    return state


def test_a_steady_teammate_putting_out_a_fire_says_why_without_crashing() -> None:
    """The steady teammate's reason for putting out a fire once named the fire's space as a
    teammate's seat (``seat=action.target``), and its words read ``guides[50]``: IndexError,
    the app exited, and every Continue of that autosave crashed again. Seed 6: Jack's fourth
    action puts out the fire on space 50 of a two-guide game."""
    state = started(6, (Guide.JACK, Guide.KATE), Difficulty.NORMAL)
    rng = random.Random(6)
    for _ in range(3):
        apply_in_place(state, greedy_player.choose(state, legal_actions(state), rng), None)
    pick = greedy_player.decide(state, legal_actions(state), rng)
    assert pick.action.kind == Act.EXTINGUISH and pick.action.target >= len(state.vehicle)
    assert pick.reason.why == Why.EXTINGUISH and pick.reason.cell == pick.action.target
    assert pick.reason.seat == -1  # about a space, not a teammate
    place = state.game.board.names[pick.action.target]
    assert explain(state, pick.action, pick.reason).startswith(f"Put out the fire on {place}: ")


def test_every_policy_has_a_decider_with_words() -> None:
    assert set(DECIDERS) == set(POLICIES)


@pytest.mark.parametrize("guides", [2, 3, 4, 5])
@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_every_action_of_a_whole_game_has_words(policy: str, guides: int) -> None:
    """Whole games of every policy and setting at 2 to 5 guides: every decision comes with
    words (the app's own deciders build them), and the action is a legal one."""
    seed = 100 * guides + len(policy)
    chosen = tuple(random.Random(seed).sample(list(Guide), guides))
    state = started(seed, chosen, Difficulty(seed % 3))
    decide = DECIDERS[policy]()
    rng = random.Random(seed)
    while not state.outcome:
        legal = legal_actions(state)
        decision = decide(state, legal, rng)
        assert decision.action in legal
        what, _, why = decision.reason.partition(": ")
        assert what and why, decision.reason
        assert hint_words(decision).startswith(decision.reason)
        apply_in_place(state, decision.action, None)
