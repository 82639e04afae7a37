"""The search player: it never peeks, it only plays legal actions, its games replay, and every
computer action comes with its reason."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bigfive_tui.assets import seeded_board
from bigfive_tui.engine.actions import Act, Step
from bigfive_tui.engine.apply_action import apply_in_place
from bigfive_tui.engine.content import ANIMAL_TOKENS, Difficulty, Guide
from bigfive_tui.engine.hidden import determinize, unseen_animals, unseen_cards
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.session import Session, make_game
from bigfive_tui.engine.setup import new_game
from bigfive_tui.engine.state import GameState, Phase
from bigfive_tui.formats.replay import record_of, replay
from bigfive_tui.players import POLICIES, greedy_player, random_player, tactics, team
from bigfive_tui.players.reasons import Reason, Why, explain, plan_words
from bigfive_tui.players.search_player import (
    MEASURED,
    SETTINGS,
    SearchPlayer,
    candidates,
    roll_out_actions,
)


def started(seed: int, guides: tuple[Guide, ...], level: Difficulty) -> GameState:
    state, _ = new_game(make_game(seeded_board(seed), guides, level, (), seed))
    return state


def played(
    seed: int, actions: int, guides: tuple[Guide, ...] = (Guide.JACK, Guide.KATE, Guide.SAM)
) -> GameState:
    """A position ``actions`` actions into a game of the fast policy (earlier if it ends)."""
    state = started(seed, guides, Difficulty(seed % 3))
    rng = random.Random(seed)
    log: list[Step] = []
    for _ in range(actions):
        if state.outcome:
            break
        apply_in_place(state, tactics.choose(state, legal_actions(state), rng), log)
    return state


def hidden_shuffled(state: GameState, rng: random.Random) -> GameState:
    """The same game as a guide sees it, its hidden part in another order: the deck below the
    cards everybody saw, the face-down tokens on the board and in the supply, and the dice."""
    other = state.copy()
    seen = state.deck_seen
    below = other.deck[: len(other.deck) - seen]
    rng.shuffle(below)
    other.deck[: len(other.deck) - seen] = below
    places = [
        cell
        for cell, token in enumerate(state.token_at)
        if token in ANIMAL_TOKENS and not state.face_up[token]
    ]
    tokens = [state.token_at[cell] for cell in places] + state.animal_supply
    rng.shuffle(tokens)
    for cell, token in zip(places, tokens, strict=False):
        other.token_at[cell] = token
        other.token_cell[token] = cell
    other.animal_supply = tokens[len(places) :]
    for token in other.animal_supply:
        other.token_cell[token] = -1
    other.rng = rng.getrandbits(64)
    return other


# --------------------------------------------------------------------------- what is hidden


def test_determinize_keeps_everything_in_view() -> None:
    state = played(3, 60)
    world = determinize(state, random.Random(1))
    for name in ("vehicle", "fuel", "food", "spotted", "flat", "fires", "discard", "discarded"):
        assert getattr(world, name) == getattr(state, name), name
    assert world.face_up == state.face_up
    assert [cell for cell, t in enumerate(world.token_at) if t >= 0] == [
        cell for cell, t in enumerate(state.token_at) if t >= 0
    ]
    for cell, token in enumerate(state.token_at):
        if token >= 0 and (token not in ANIMAL_TOKENS or state.face_up[token]):
            assert world.token_at[cell] == token
    assert sorted(world.deck) == sorted(state.deck)
    assert sorted(unseen_animals(world)) == sorted(unseen_animals(state))


def test_determinize_keeps_the_card_an_influence_put_back_on_top() -> None:
    state = played(5, 0)
    state.phase = Phase.ACTIONS
    state.actions_left = 4
    log: list[Step] = []
    apply_in_place(state, next(a for a in legal_actions(state) if a.kind == Act.INFLUENCE), log)
    apply_in_place(state, legal_actions(state)[0], log)
    assert state.deck_seen == 1
    for seed in range(5):
        assert determinize(state, random.Random(seed)).deck[-1] == state.deck[-1]
    apply_in_place(state, next(a for a in legal_actions(state) if a.kind == Act.END), log)
    assert state.deck_seen == 1
    apply_in_place(state, next(a for a in legal_actions(state) if a.kind == Act.DRAW), log)
    assert state.deck_seen == 0  # the next guide drew it


def test_determinize_deals_the_hidden_part_anew() -> None:
    state = played(7, 40)
    worlds = {tuple(determinize(state, random.Random(seed)).deck) for seed in range(10)}
    assert len(worlds) == 10
    assert len(unseen_cards(state)) == len(state.deck) - state.deck_seen


@pytest.mark.parametrize("seed", range(6))
def test_determinize_reads_nothing_hidden(seed: int) -> None:
    """With the player's random numbers fixed, the copy is the same whatever the hidden order."""
    state = played(seed, 20 + 15 * seed)
    other = hidden_shuffled(state, random.Random(seed + 100))
    assert other.key() != state.key()
    assert determinize(state, random.Random(9)).key() == determinize(other, random.Random(9)).key()


@pytest.mark.parametrize("seed", range(8))
def test_search_player_does_not_peek(seed: int) -> None:
    """The no-peeking test: the player's own seed fixed, its choice, reason and plan stay the
    same when the deck order, the face-down tokens, the supply and the dice are permuted."""
    state = played(seed, 10 + 9 * seed)
    if state.outcome:
        pytest.skip("the game ended before this position")
    legal = legal_actions(state)
    first = SearchPlayer(MEASURED).decide(state, legal, random.Random(42))
    for shuffle in range(3):
        other = hidden_shuffled(state, random.Random(1000 * seed + shuffle))
        again = SearchPlayer(MEASURED).decide(other, legal_actions(other), random.Random(42))
        assert again == first


# --------------------------------------------------------------------------- legal play

PLAYERS = {
    "random": random_player.choose,
    "greedy": greedy_player.choose,
    "tactics": tactics.choose,
    "search": SearchPlayer(MEASURED).choose,
}


@given(
    seed=st.integers(0, 10**6),
    actions=st.integers(0, 250),
    guides=st.lists(st.sampled_from(list(Guide)), min_size=2, max_size=5, unique=True),
    intent=st.sampled_from(list(tactics.Intent)),
)
def test_every_player_only_chooses_legal_actions(
    seed: int, actions: int, guides: list[Guide], intent: tactics.Intent
) -> None:
    """From any position random play reaches, every player (and the fast policy with every
    intent) picks one of the legal actions, with a reason in words."""
    state = started(seed, tuple(guides), Difficulty(seed % 3))
    rng = random.Random(seed)
    log: list[Step] = []
    for _ in range(actions):
        if state.outcome:
            break
        apply_in_place(state, random_player.choose(state, legal_actions(state), rng), log)
    if state.outcome:
        return
    legal = legal_actions(state)
    for name, choose in PLAYERS.items():
        assert choose(state, legal, random.Random(seed)) in legal, name
    pick = tactics.decide(state, legal, random.Random(seed), intent)
    assert pick.action in legal
    assert explain(state, pick.action, pick.reason)
    greedy = greedy_player.decide(state, legal, random.Random(seed))
    assert greedy.action in legal and greedy.reason


@given(
    seed=st.integers(0, 2**32 - 1),
    actions=st.integers(0, 300),
    guides=st.lists(st.sampled_from(list(Guide)), min_size=2, max_size=5, unique=True),
    intent=st.sampled_from(list(tactics.Intent)),
)
def test_a_roll_out_lists_exchanges_only_while_somebody_is_needy_and_plays_the_same(
    seed: int, actions: int, guides: list[Guide], intent: tactics.Intent
) -> None:
    """The look-ahead leaves the exchanges out of its roll-outs while nobody is needy (they
    are a third of the engine's time there): the engine's list without them is the full list
    less its exchanges, and both steady policies choose the same action, drawing the same
    dice, from either list."""
    state = played(seed, actions, tuple(guides))
    if state.outcome:
        return
    full = legal_actions(state)
    assert legal_actions(state, exchanges=False) == [a for a in full if a.kind != Act.EXCHANGE]
    rolled = roll_out_actions(state)
    assert rolled == full if tactics.anyone_needy(state) else rolled == legal_actions(state, False)
    for steady in (tactics.decide, team.decide):
        with_all, without = random.Random(seed), random.Random(seed)
        chosen = steady(state, full, with_all, intent, -1).action
        assert steady(state, rolled, without, intent, -1).action == chosen
        assert with_all.getstate() == without.getstate()


def test_the_search_player_plays_whole_games_to_the_end() -> None:
    player = SearchPlayer(MEASURED)
    outcomes: Counter[str] = Counter()
    for seed in range(3):
        state = started(seed, (Guide.ANNA, Guide.DAVID, Guide.JACK), Difficulty(seed))
        rng = random.Random(seed)
        log: list[Step] = []
        while not state.outcome:
            legal = legal_actions(state)
            action = player.choose(state, legal, rng)
            assert action in legal
            apply_in_place(state, action, log)
            log.clear()
        outcomes[state.outcome] += 1
    assert sum(outcomes.values()) == 3


@pytest.mark.parametrize("setting", sorted(SETTINGS))
def test_every_setting_plays_a_whole_game(setting: str) -> None:
    """The strong teammate's and the hint's settings (with their gate) play a whole game too."""
    player = SearchPlayer(SETTINGS[setting])
    state = started(7, (Guide.JACK, Guide.KATE), Difficulty.BEGINNER)
    rng = random.Random(7)
    while not state.outcome:
        legal = legal_actions(state)
        decision = player.decide(state, legal, rng, plan=False)
        assert decision.action in legal and decision.reason
        apply_in_place(state, decision.action, None)
    assert state.outcome == "won" or state.outcome.startswith("lost:")


def test_a_seeded_bot_game_replays_exactly() -> None:
    """A game of the search player, seeded, is the same game twice, and its record replays it."""

    def game(seed: int) -> Session:
        board = seeded_board(seed)
        session = Session(make_game(board, (Guide.KATE, Guide.SAM), Difficulty.NORMAL, (), seed))
        player = SearchPlayer(MEASURED)
        rng = random.Random(seed)
        while not session.state.over and len(session.actions) < 400:
            session.play(player.choose(session.state, session.legal_actions(), rng))
        return session

    first, second = game(11), game(11)
    assert first.texts == second.texts and first.state.key() == second.state.key()
    from bigfive_tui.assets import load_pieces

    replayed = replay(record_of(first), load_pieces())
    assert replayed.state.key() == first.state.key()


# --------------------------------------------------------------------------- reasons


def test_the_search_player_says_why_and_what_comes_next() -> None:
    state = played(2, 30)
    while state.phase != Phase.ACTIONS or state.outcome:
        apply_in_place(state, tactics.choose(state, legal_actions(state), random.Random(0)), [])
    decision = SearchPlayer(MEASURED).decide(state, legal_actions(state), random.Random(3))
    assert ": " in decision.reason and decision.reason[0].isupper()
    assert all(step and ": " in step for step in decision.plan)


def test_every_reason_has_words() -> None:
    state = played(4, 25)
    legal = legal_actions(state)
    for why in Why:
        text = explain(state, legal[0], Reason(why, cell=state.vehicle[0], seat=1, species=0))
        assert text and not text.endswith(": ")


def test_jack_is_offered_to_shield_animals() -> None:
    state = played(1, 0, (Guide.JACK, Guide.KATE))
    assert tactics.Intent.GUARD in candidates(state)
    other = played(1, 0, (Guide.KATE, Guide.SAM))
    assert tactics.Intent.GUARD not in candidates(other)


def test_the_search_policies_are_registered() -> None:
    assert {"search", "search-practice", "search-hint", "tactics"} <= set(POLICIES)


def test_a_plan_repeats_a_reason_only_where_it_says_more() -> None:
    reason = "Drive to ♠3: on the way to the lion on ♪5 (6 actions more)"
    plan = (
        "Drive to ♠1: on the way to the lion on ♪5 (5 actions more)",
        "Drive to ♠c: on the way to the lion on ♪5 (4 actions more)",
        "Put out the fire on ♠c: it stands between the team and the lion",
        "Drive to ♪2: on the way to the lion on ♪5 (3 actions more)",
    )
    assert plan_words(reason, plan) == (
        "Drive to ♠1 · Drive to ♠c · Put out the fire on ♠c: it stands between the team and "
        "the lion · Drive to ♪2: on the way to the lion on ♪5 (3 actions more)"
    )


def test_the_strong_teammate_leaves_the_steady_turn_only_when_the_worlds_agree() -> None:
    """The gate: another intent must beat the steady turn in the same worlds by more than
    its noise (1.5 standard errors of the paired gain at the practice and hint settings)."""
    from bigfive_tui.players.search_player import HINT, PRACTICE, _choice
    from bigfive_tui.players.tactics import Intent

    clear = {Intent.STEADY: [0.5, 0.6, 0.4, 0.5], Intent.FIRES: [0.6, 0.7, 0.5, 0.6]}
    noisy = {Intent.STEADY: [0.5, 0.6, 0.4, 0.5], Intent.FIRES: [0.9, 0.3, 0.8, 0.2]}
    assert PRACTICE.gate == HINT.gate == 1.5
    assert _choice(clear, PRACTICE.gate, Intent.STEADY) == Intent.FIRES
    assert _choice(noisy, PRACTICE.gate, Intent.STEADY) == Intent.STEADY
    assert _choice(noisy, 0.0, Intent.STEADY) == Intent.FIRES  # without a gate the best mean wins


# --------------------------------------------------------------------------- to the end of the game


def _actions_phase(seed: int, actions: int, guides: tuple[Guide, ...]) -> GameState:
    state = played(seed, actions, guides)
    while state.phase != Phase.ACTIONS and not state.outcome:
        apply_in_place(state, tactics.choose(state, legal_actions(state), random.Random(0)), [])
    return state


def test_a_focus_makes_that_goal_the_drive_before_the_steady_one() -> None:
    """Which guide goes for what: a course may send the guide to the second-best goal first."""
    tried = 0
    for seed in range(40):
        state = _actions_phase(seed, 20 + seed, (Guide.ANNA, Guide.DAVID, Guide.SAM))
        if state.outcome:
            continue
        legal = legal_actions(state)
        steady = tactics.decide(state, legal, random.Random(1))
        goals = tactics.drive_goals(state, random.Random(1))
        if steady.action.kind != Act.MOVE or len(goals) < 2:
            continue
        cell = goals[1][1]
        focused = tactics.decide(state, legal, random.Random(1), focus=cell)
        assert focused.action.kind == Act.MOVE and focused.reason.cell == cell
        tried += 1
    assert tried >= 3


def test_a_budget_stops_dealing_worlds_once_spent() -> None:
    from bigfive_tui.players.search_player import STEADY, SearchSettings, play_intents

    state = _actions_phase(3, 30, (Guide.JACK, Guide.KATE))
    courses = [STEADY, (tactics.Intent.ANIMALS, -1)]
    spent = SearchSettings("t", worlds=20, horizon=0, budget=1)
    free = SearchSettings("t", worlds=6, horizon=0)
    assert [len(v) for v in play_intents(state, courses, spent, random.Random(2)).values()] == [
        4,
        4,
    ]
    assert [len(v) for v in play_intents(state, courses, free, random.Random(2)).values()] == [6, 6]


def test_aligned_worlds_meet_the_same_dice_from_the_next_turn_on() -> None:
    """Two worlds whose dice differ only in this turn play the same game after it: a candidate
    that rolled once more this turn meets the same fires and animals as the others later."""
    from bigfive_tui.players.search_player import _play_out

    state = played(5, 0)
    rng = random.Random(5)
    while [action.kind for action in legal_actions(state)] != [Act.END] or state.turn < 10:
        apply_in_place(state, tactics.choose(state, legal_actions(state), rng), None)
    one, other = state.copy(), state.copy()
    other.rng ^= 0x5DEECE66D  # another roll this turn would have left other dice
    assert _play_out(one, None, 0, random.Random(4), tactics.decide, align=9)[0] in (0.0, 1.0)
    _play_out(other, None, 0, random.Random(4), tactics.decide, align=9)
    assert one.key() == other.key()
    apart, unaligned = state.copy(), state.copy()
    unaligned.rng ^= 0x5DEECE66D
    _play_out(apart, None, 0, random.Random(4), tactics.decide)
    _play_out(unaligned, None, 0, random.Random(4), tactics.decide)
    assert apart.key() != unaligned.key()  # the dice of one stream: the games part


def test_a_turn_that_ends_where_another_did_shares_its_score_and_nothing_else() -> None:
    """Playing the rest of the game once for courses whose turns end alike gives each the
    score it would get alone (the dice of later turns are the world's and the turn's)."""
    from bigfive_tui.players.search_player import (
        STEADY,
        _play_out,
        _play_to_the_end,
        candidates,
    )

    state = _actions_phase(8, 30, (Guide.JACK, Guide.KATE, Guide.SAM))
    courses = [(intent, -1) for intent in candidates(state)]
    courses += [
        (tactics.Intent.STEADY, cell) for _, cell in tactics.drive_goals(state, random.Random(0))
    ]
    assert len(courses) >= 4 and courses[0] == STEADY
    world = determinize(state, random.Random(6))
    shared: dict[tuple[tactics.Intent, int], list[float]] = {course: [] for course in courses}
    spent = _play_to_the_end(world, courses, shared, 77, team.decide)
    alone = {
        course: _play_out(world.copy(), course, 0, random.Random(77), team.decide, 77)
        for course in courses
    }
    assert {course: scores[0] for course, scores in shared.items()} == {
        course: score for course, (score, _) in alone.items()
    }
    assert spent < sum(actions for _, actions in alone.values())  # some turns ended alike
