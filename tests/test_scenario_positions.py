"""Written positions (``final.position``, docs/scenarios.md): every state of a game, in every
phase, writes into the scenario format, loads back into the same position and continues the
game exactly; the file stays within TOML (a strict reader accepts it)."""

from __future__ import annotations

import json
import random
import tomllib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import games

from bigfive_tui.assets import load_pieces, seeded_board
from bigfive_tui.engine.actions import Act, Step
from bigfive_tui.engine.apply_action import apply
from bigfive_tui.engine.content import CARDS, Difficulty, Guide
from bigfive_tui.engine.hidden import unseen_cards
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.notation import format_action
from bigfive_tui.engine.session import make_game
from bigfive_tui.engine.setup import new_game
from bigfive_tui.engine.state import Game, GameState, Phase
from bigfive_tui.players import greedy_player
from bigfive_tui.players.search_player import MEASURED, SearchPlayer
from bigfive_tui.scenarios.build import build
from bigfive_tui.scenarios.export import scenario_document
from bigfive_tui.scenarios.model import ScenarioError, parse_scenario
from bigfive_tui.scenarios.write_position import position, toml_seed

PIECES = load_pieces()
#: A game per example: the deep profile (BIGFIVE_HYPOTHESIS=deep) plays many more.
GAMES = max(4, settings().max_examples // 8)
#: Actions played on from every loaded position, next to the original.
CONTINUE = 3


def toml_text(data: dict[str, Any]) -> str:
    """A scenario dict as TOML text, every table inline (TOML's basic strings take JSON's
    escapes, so json.dumps writes strings and keys)."""

    def value(item: Any) -> str:
        if isinstance(item, bool):
            return "true" if item else "false"
        if isinstance(item, int):
            assert -(2**63) <= item < 2**63, f"{item} is no TOML integer (64-bit, signed)"
            return str(item)
        if isinstance(item, str):
            return json.dumps(item, ensure_ascii=False)
        if isinstance(item, list):
            return "[" + ", ".join(value(entry) for entry in item) + "]"
        assert isinstance(item, dict), item
        pairs = (f"{json.dumps(k, ensure_ascii=False)} = {value(v)}" for k, v in item.items())
        return "{ " + ", ".join(pairs) + " }"

    return "\n".join(f"{key} = {value(item)}" for key, item in data.items()) + "\n"


def loaded(state: GameState) -> GameState:
    """``state`` written as a scenario file and read back."""
    data = tomllib.loads(toml_text(position(state)))
    return build(parse_scenario(data, "position.toml"), "position.toml", PIECES).state


def told(steps: list[Step]) -> list[tuple[str, str, str]]:
    """Steps as a player reads them (card ids of alike cards may differ)."""
    return [(step.rule, step.kind, step.text) for step in steps]


def texts(state: GameState) -> list[str]:
    return [format_action(state.game, action, state.seat) for action in legal_actions(state)]


def assert_continues_alike(original: GameState, copy: GameState, rnd: random.Random) -> None:
    """The same legal actions in the same order, and the same steps and positions after each
    of a few actions chosen at random."""
    for _ in range(CONTINUE):
        assert texts(copy) == texts(original)
        legal, again = legal_actions(original), legal_actions(copy)
        if not legal:
            return
        index = rnd.randrange(len(legal))
        original, steps = apply(original, legal[index])
        copy, copy_steps = apply(copy, again[index])
        assert told(copy_steps) == told(steps)
        assert position(copy) == position(original)


def play_through(game: Game, greedy: bool, seed: int) -> set[Phase]:
    """A whole game; after every action its position must write, load and continue alike."""
    rnd = random.Random(seed)
    state, _ = new_game(game)
    phases = set()
    for _ in range(2000):
        phases.add(state.phase)
        copy = loaded(state)
        assert position(copy) == position(state)
        assert_continues_alike(state, copy, random.Random(rnd.random()))
        if state.outcome:
            return phases
        legal = legal_actions(state)
        if greedy:
            action = greedy_player.choose(state, legal, rnd)
        else:
            kind = rnd.choice(sorted({action.kind for action in legal}))
            action = rnd.choice([action for action in legal if action.kind == kind])
        state, _ = apply(state, action)
    raise AssertionError("the game did not end")


@settings(max_examples=GAMES)
@given(games(), st.booleans(), st.integers(0, 2**32))
def test_final_position_loads_back_and_continues_exactly_after_every_action(
    game: Game, greedy: bool, seed: int
) -> None:
    phases = play_through(game, greedy, seed)
    # A game can be lost by its first card (a fire that takes the last of a species), before
    # any actions phase.
    assert {Phase.DRAW, Phase.OVER} <= phases


def test_positions_of_random_games_reach_every_phase() -> None:
    """The property above is worth its name only if influence positions come up too."""
    seen: set[Phase] = set()
    for seed in range(4):
        guides = random.Random(seed).sample(list(Guide), 2 + seed % 4)
        game = make_game(seeded_board(seed), guides, Difficulty(seed % 3), (), seed)
        seen |= play_through(game, greedy=False, seed=seed)
    assert seen == set(Phase)


def test_a_large_generator_state_is_written_within_toml_and_loads_back_the_same() -> None:
    state, _ = new_game(make_game(seeded_board(1), [Guide.JACK, Guide.KATE], seed=1))
    state.rng = 11250731375974360217  # above 2**63: the example
    written = position(state)["seed"]
    assert written == 11250731375974360217 - 2**64 == toml_seed(state.rng)
    assert loaded(state).rng == state.rng


def test_a_seed_outside_toml_is_refused_with_the_range() -> None:
    with pytest.raises(ScenarioError, match="outside TOML's integers"):
        parse_scenario({"seed": 2**64}, "big.toml")


def influenced(seed: int) -> GameState:
    """A game just after an influence: one card put back on top, seen by every guide."""
    game = make_game(seeded_board(seed), [Guide.KATE, Guide.DAVID, Guide.SAM], seed=seed)
    state, _ = new_game(game)
    state, _ = apply(state, next(a for a in legal_actions(state) if a.kind == Act.DRAW))
    influence = next(a for a in legal_actions(state) if a.kind == Act.INFLUENCE)
    state, _ = apply(state, influence)
    state, _ = apply(state, legal_actions(state)[0])  # discard the top card, keep the other
    return state


def test_the_card_an_influence_put_back_is_written_as_seen_and_loads_back_seen() -> None:
    state = influenced(3)
    assert state.deck_seen == 1
    cards = position(state)["cards"]
    assert isinstance(cards, dict) and cards["top_seen"] == 1
    copy = loaded(state)
    assert copy.deck_seen == 1  # card ids of alike cards may differ: compare by name
    assert CARDS[copy.deck[-1]].name == CARDS[state.deck[-1]].name
    assert sorted(CARDS[c].name for c in unseen_cards(copy)) == sorted(
        CARDS[c].name for c in unseen_cards(state)
    )
    assert_continues_alike(state, copy, random.Random(3))


def test_a_computer_guide_plans_alike_from_an_exported_position_after_an_influence() -> None:
    """The timeline's export continues the game exactly: what the guides know included."""
    state = influenced(4)
    text = scenario_document(position(state), title="after an influence")
    copy = build(parse_scenario(tomllib.loads(text), "x.toml"), "x.toml", PIECES).state
    assert copy.deck_seen == state.deck_seen == 1
    plans = [
        SearchPlayer(MEASURED).decide(game_state, legal_actions(game_state), random.Random(7))
        for game_state in (state, copy)
    ]
    assert plans[0] == plans[1]


def test_more_seen_cards_than_cards_on_top_are_refused() -> None:
    data = {"guides": ["jack", "kate"], "cards": {"top": ["fire"], "top_seen": 2}}
    with pytest.raises(ScenarioError, match=r"cards\.top_seen: 2 seen cards"):
        build(parse_scenario(data, "seen.toml"), "seen.toml", PIECES)
