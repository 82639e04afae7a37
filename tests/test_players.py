"""The computer players: only legal actions, whole games to the end, no endless turns."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter

import pytest
from positions import card_of, cell, place, position

from bigfive_tui.assets import seeded_board
from bigfive_tui.engine.actions import DETOUR, END, FOOD, FUEL, Act, Action, Step
from bigfive_tui.engine.apply_action import apply_in_place, loses_at_once
from bigfive_tui.engine.board import GATE_CELLS
from bigfive_tui.engine.content import (
    BUFFALO_TOKEN,
    CARDS,
    FOOD_TOKENS,
    CardKind,
    Difficulty,
    Guide,
)
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.session import make_game
from bigfive_tui.engine.setup import new_game
from bigfive_tui.engine.state import GameState, Phase
from bigfive_tui.players import POLICIES, Policy, greedy_player, random_player, tactics
from bigfive_tui.players.reasons import Why

#: Far more actions than one turn can take without a loop (free actions included).
TURN_LIMIT = 200
GAME_LIMIT = 20_000


def play(policy: Policy, seed: int, guides: tuple[Guide, ...], level: Difficulty) -> GameState:
    """A whole game, checking every choice is legal and no turn runs away."""
    game = make_game(seeded_board(seed), guides, level, (), seed)
    state, _ = new_game(game)
    rng = random.Random(seed)
    log: list[Step] = []
    total = in_turn = 0
    turn = state.turn
    while not state.outcome:
        legal = legal_actions(state)
        action = policy(state, legal, rng)
        assert action in legal, (seed, action)
        apply_in_place(state, action, log)
        log.clear()
        total += 1
        in_turn = in_turn + 1 if state.turn == turn else 0
        turn = state.turn
        assert in_turn < TURN_LIMIT, f"seed {seed}: turn {turn} does not end"
        assert total < GAME_LIMIT, f"seed {seed}: game does not end"
    return state


#: The policies fast enough for a dozen whole games each; the search players' whole games are
#: in tests/test_search_player.py.
FAST = sorted(name for name in POLICIES if not name.startswith("search"))

CASES = [
    (seed, tuple(random.Random(seed).sample(list(Guide), 2 + seed % 4)), Difficulty(seed % 3))
    for seed in range(12)
]


@pytest.mark.parametrize("name", FAST)
@pytest.mark.parametrize(("seed", "guides", "level"), CASES)
def test_bots_play_legal_actions_to_the_end(
    name: str, seed: int, guides: tuple[Guide, ...], level: Difficulty
) -> None:
    state = play(POLICIES[name], seed, guides, level)
    assert state.phase == Phase.OVER
    assert state.outcome == "won" or state.outcome.startswith("lost:")


@pytest.mark.parametrize("name", FAST)
def test_bots_are_deterministic_given_the_rng(name: str) -> None:
    guides = (Guide.JACK, Guide.ANNA, Guide.SAM)
    first = play(POLICIES[name], 7, guides, Difficulty.NORMAL)
    second = play(POLICIES[name], 7, guides, Difficulty.NORMAL)
    assert first.key() == second.key()


def test_greedy_wins_some_games_where_random_play_wins_none() -> None:
    wins = Counter(
        name
        for name in ("greedy", "random")
        for seed in range(30)
        if play(POLICIES[name], seed, (Guide.JACK, Guide.KATE), Difficulty.BEGINNER).outcome
        == "won"
    )
    assert wins["greedy"] >= 5
    assert wins["greedy"] > wins["random"]


def test_players_import_no_ui_code() -> None:
    code = (
        "import sys, bigfive_tui.players; "
        "bad = [m for m in ('rich', 'textual') if m in sys.modules]; "
        "print(*bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


# --------------------------------------------------------------------------- random player


def test_random_player_picks_the_kind_first() -> None:
    """With one end and twenty exchanges, ending is as likely as exchanging."""
    legal = [END] + [Action(Act.EXCHANGE, 1, amount, 0, FUEL) for amount in range(1, 21)]
    rng = random.Random(3)
    state = position()
    picks = Counter(random_player.choose(state, legal, rng).kind for _ in range(4000))
    assert 1800 < picks[Act.END] < 2200


def test_random_player_takes_the_only_action() -> None:
    assert random_player.choose(position(), [END], random.Random(1)) == END


# --------------------------------------------------------------------------- greedy player


def greedy(state: GameState) -> Action:
    legal = legal_actions(state)
    action = greedy_player.choose(state, legal, random.Random(0))
    assert action in legal
    return action


def test_greedy_spots_an_animal_in_view() -> None:
    state = position(("jack", "kate"), ("s1", "c1"))
    place(state, BUFFALO_TOKEN, "s2", face_up=True)
    assert greedy(state) == Action(Act.SPOT, cell(state.game.board, "s2"))


def test_greedy_drives_towards_the_nearest_animal() -> None:
    state = position(("jack", "kate"), ("s1", "c1"))
    place(state, BUFFALO_TOKEN, "h6", face_up=True)
    action = greedy(state)
    assert action.kind == Act.MOVE
    board = state.game.board
    start, target, goal = state.vehicle[0], action.target, cell(board, "h6")
    assert _distance(board, target, goal) < _distance(board, start, goal)


def test_greedy_places_an_animal_when_there_is_nothing_to_look_for() -> None:
    state = position(("jack", "kate"), ("s1", "c1"), actions=4)
    assert greedy(state).kind == Act.EXTRA_ANIMAL


def test_greedy_ends_the_turn_with_nothing_to_do() -> None:
    state = position(("jack", "kate"), ("s1", "c1"), actions=3)
    assert greedy(state) == END


def test_greedy_takes_food_when_low() -> None:
    state = position(("jack", "kate"), ("s1", "c1"), food=2)
    place(state, 16, "s2", face_up=True)
    assert greedy(state) == Action(Act.REPLENISH, cell(state.game.board, "s2"))


def test_greedy_shares_food_with_a_hungry_teammate_in_view() -> None:
    state = position(("jack", "kate"), ("s1", "s2"))
    state.food = [7, 1]
    assert greedy(state) == Action(Act.EXCHANGE, 1, 3, 0, FOOD)


def test_greedy_never_gives_away_its_last_food() -> None:
    """RU-exchange: the engine allows it, but it loses the game at once."""
    for seed in range(40):
        rnd = random.Random(seed)
        state = position(("jack", "kate"), ("s1", "s2"))
        state.food = [rnd.randint(1, 3), rnd.randint(1, 3)]
        state.fuel = [rnd.randint(0, 3), rnd.randint(0, 3)]
        assert loses_at_once(state, greedy(state)) is None, (seed, state.food, state.fuel)
        last = Action(Act.EXCHANGE, 1, state.food[0], 0, FOOD)
        if last in legal_actions(state):
            assert greedy_player.choose(state, [END, last], rnd) == END


def test_greedy_discards_the_worse_card_when_influencing() -> None:
    state = position(("jack", "kate"), ("s1", "c1"), phase=Phase.INFLUENCE)
    state.looking_at = [card_of(CardKind.GIRAFFE), card_of(CardKind.FIRE)]
    assert greedy(state) == Action(Act.CHOOSE_DISCARD, 1)


# --------------------------------------------------------------------------- broken gates

EAST = 1


def _break_gate(state: GameState, gate: int) -> None:
    card = card_of(CardKind.BROKEN_GATE, gate=gate)
    state.deck.remove(card)
    state.lasting.append((card, gate))


def _flat_tyre(state: GameState, seat: int) -> None:
    """A flat tyre that can be repaired now, but for the broken gate (RU-flat-tyre)."""
    card = card_of(CardKind.FLAT_TYRE)
    state.deck.remove(card)
    state.lasting.append((card, seat))
    state.flat[seat] = 2


def _to_east_gate(state: GameState, cell_index: int) -> int:
    """Hex steps to the nearest space in clear view of the east park entrance token."""
    board = state.game.board
    gate = GATE_CELLS[EAST]
    return min(
        _distance(board, cell_index, c) for c in range(len(board.view)) if gate in board.view[c]
    )


def test_greedy_drives_to_a_broken_gate_while_a_flat_tyre_waits() -> None:
    """Kate's tyre cannot be repaired until the east gate is mended: Jack drives there rather
    than to the buffalo he still needs."""
    state = position(("jack", "kate"), ("ta", "s3"))
    place(state, BUFFALO_TOKEN, "s5", face_up=True)
    _break_gate(state, EAST)
    _flat_tyre(state, 1)
    action = greedy(state)
    assert action.kind == Act.MOVE
    assert _to_east_gate(state, action.target) < _to_east_gate(state, state.vehicle[0])


def test_the_fast_policy_mends_the_gate_before_topping_up_while_a_tyre_waits() -> None:
    """Filling up can wait; a flat tyre behind a broken gate costs its guide whole turns
    (seed 110073: Jack drove for food for nine turns while David's tyre waited)."""
    state = position(("jack", "kate"), ("ta", "s3"), food=5)
    place(state, FOOD_TOKENS[0], "s5", face_up=True)
    _break_gate(state, EAST)
    _flat_tyre(state, 1)
    pick = tactics.decide(state, legal_actions(state), random.Random(0), tactics.Intent.SUPPLIES)
    assert pick.reason.why == Why.DRIVE_MEND
    assert _to_east_gate(state, pick.action.target) < _to_east_gate(state, state.vehicle[0])
    # Without a tyre waiting, the intent fills up: at a food token reached this turn (a
    # drive to one farther off serves nothing this turn, issue 24's refuel hint).
    kate_fine = position(("jack", "kate"), ("ta", "s3"), food=5)
    place(kate_fine, FOOD_TOKENS[0], "o1", face_up=True)
    _break_gate(kate_fine, EAST)
    supplies = tactics.Intent.SUPPLIES
    assert (
        tactics.decide(kate_fine, legal_actions(kate_fine), random.Random(0), supplies).reason.why
        == Why.DRIVE_FOOD
    )


def test_greedy_drives_around_the_park_to_the_other_broken_gate() -> None:
    """From the west park entrance the broken east gate is 3 actions away round the park
    (R-detour), much nearer than across it."""
    state = position(("jack", "kate"), ("s1", "s3"))
    _break_gate(state, EAST)
    _flat_tyre(state, 1)
    assert greedy(state) == DETOUR


def test_greedy_mends_a_broken_gate_before_spotting_while_a_tyre_is_flat() -> None:
    """With 3 actions left, spotting first would leave too few to mend the gate."""
    state = position(("jack", "kate"), ("n5", "s3"), actions=3)
    place(state, BUFFALO_TOKEN, "nb", face_up=True)
    _break_gate(state, EAST)
    _flat_tyre(state, 1)
    assert Action(Act.SPOT, cell(state.game.board, "nb")) in legal_actions(state)
    assert greedy(state) == Action(Act.REPAIR_GATE, EAST)


def test_greedy_leaves_the_gate_to_a_teammate_who_mends_it_sooner() -> None:
    """David is next to the east gate, moves next and mends for free: Jack goes on looking
    for the buffalo."""
    state = position(("jack", "david", "kate"), ("ta", "na", "s3"))
    place(state, BUFFALO_TOKEN, "s5", face_up=True)
    _break_gate(state, EAST)
    _flat_tyre(state, 2)
    action = greedy(state)
    assert action.kind == Act.MOVE
    board, buffalo = state.game.board, cell(state.game.board, "s5")
    assert _distance(board, action.target, buffalo) < _distance(board, state.vehicle[0], buffalo)


def test_greedy_leaves_a_broken_gate_alone_while_no_tyre_is_flat() -> None:
    """Mending costs a trip and 3 actions; with no tyre waiting, animals come first."""
    state = position(("jack", "kate"), ("ta", "s3"))
    place(state, BUFFALO_TOKEN, "s5", face_up=True)
    _break_gate(state, EAST)
    action = greedy(state)
    assert action.kind == Act.MOVE
    board, buffalo = state.game.board, cell(state.game.board, "s5")
    assert _distance(board, action.target, buffalo) < _distance(board, state.vehicle[0], buffalo)


def test_greedy_gets_a_flat_tyre_repaired_past_a_broken_gate_within_two_rounds() -> None:
    """Whole turns, cards included: Jack drives to the broken east gate and mends it on his
    second turn, and Kate repairs her own tyre on hers. Rain and hippos, on top of the deck,
    change nothing on a board without rivers."""
    quiet = [i for i, card in enumerate(CARDS) if card.kind in (CardKind.RAIN, CardKind.HIPPOS)]
    state = position(("jack", "kate"), ("tc", "s3"), phase=Phase.DRAW, top_cards=quiet)
    _break_gate(state, EAST)
    _flat_tyre(state, 1)
    rng = random.Random(0)
    log: list[Step] = []
    while state.turn <= 4 and not state.outcome:
        apply_in_place(state, greedy_player.choose(state, legal_actions(state), rng), log)
    rules = [step.rule for step in log]
    assert not state.outcome
    assert state.broken_gates() == [] and state.flat == [0, 0]
    assert rules.index("R-repair-gate") < rules.index("R-repair-vehicle")


def _distance(board: object, a: int, b: int) -> int:
    from bigfive_tui.engine.hexgrid import cell_of, distance

    return distance(cell_of(a), cell_of(b))
