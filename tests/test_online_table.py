"""Online play's core: a table's one game, its seats and secrets, and the view each client is
sent (never the seed, the deck's order or a face-down token: engine/hidden.py)."""

from __future__ import annotations

import random
import secrets

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from bigfive_tui.assets import seeded_board
from bigfive_tui.engine.content import Difficulty, Guide, is_animal
from bigfive_tui.engine.hidden import determinize
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.session import Session, make_game
from bigfive_tui.engine.state import GameState
from bigfive_tui.engine.timeline import Timeline
from bigfive_tui.online.protocol import CLIENT_MESSAGE, Act, Join
from bigfive_tui.online.table import EMPTY_TOO_LONG, Table, TableRefusal
from bigfive_tui.online.view import (
    FACE_DOWN,
    check_table_view,
    game_of,
    public_state,
    state_from_view,
)
from bigfive_tui.players import random_player

GUIDES = (Guide.JACK, Guide.ANNA, Guide.KATE)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def new_table(
    seed: int = 3, guides: tuple[Guide, ...] = GUIDES, clock: Clock | None = None
) -> Table:
    session = Session(make_game(seeded_board(seed), list(guides), Difficulty.NORMAL, seed=seed))
    return Table(session, ["person"] * len(guides), clock=clock or Clock())


def random_moves(table: Table, count: int, rng: random.Random) -> None:
    for _ in range(count):
        state = table.session.state
        if state.over:
            return
        action = random_player.choose(state, legal_actions(state), rng)
        table.act(state.seat, table.session.describe(action), len(table.session.texts))


# --------------------------------------------------------------------------- nothing hidden leaks


def same_in_view(state: GameState, rng: random.Random) -> None:
    """``state`` and a copy with its hidden part dealt anew look the same to every client."""
    other = determinize(state, rng)
    other.rng ^= 0x5EED  # and another generator, as another seed would have
    assert public_state(other) == public_state(state)


@given(seed=st.integers(0, 10_000), moves=st.integers(0, 250), deal=st.integers(0, 2**32))
def test_no_hidden_fact_reaches_a_client_across_random_play(
    seed: int, moves: int, deal: int
) -> None:
    table = new_table(seed % 50, (Guide.JACK, Guide.DAVID, Guide.ANNA, Guide.KATE, Guide.SAM))
    rng = random.Random(seed)
    for _ in range(moves):
        state = table.session.state
        same_in_view(state, random.Random(deal))
        if state.over:
            break
        random_moves(table, 1, rng)
    text = table.view(whole=True).model_dump_json()
    assert '"seed"' not in text and '"rng"' not in text and '"script"' not in text


@pytest.mark.parametrize("guides", [2, 3, 4, 5])
@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_every_view_and_moment_a_host_sends_passes_the_clients_checks(
    guides: int, difficulty: Difficulty
) -> None:
    """A client leaves a host whose view cannot be a game (online/connection.py): no view
    an honest host sends, live or on the timeline, is ever taken for one."""
    seed = 10 * guides + difficulty
    five = [Guide.JACK, Guide.DAVID, Guide.ANNA, Guide.KATE, Guide.SAM]
    random.Random(seed).shuffle(five)
    game = make_game(seeded_board(seed), five[:guides], difficulty, seed=seed)
    table = Table(Session(game), ["person"] * guides)
    client = game_of(table.view().setup)
    rng = random.Random(seed)
    while not table.session.state.over:
        random_moves(table, 1, rng)
        check_table_view(table.view(), client)
        table.sent()
    check_table_view(table.view(whole=True), client)
    timeline = Timeline(table.session)
    for moment in range(len(timeline)):
        state_from_view(client, public_state(timeline.state(moment)))


def test_a_face_down_token_is_sent_as_face_down_and_a_face_up_one_as_itself() -> None:
    table = new_table()
    state = table.session.state
    tokens = public_state(state).tokens
    for cell, token in enumerate(state.token_at):
        if is_animal(token) and not state.face_up[token]:
            assert tokens[cell] == FACE_DOWN
        else:
            assert tokens[cell] == token


def test_only_the_seen_cards_on_top_of_the_deck_are_sent_in_their_order() -> None:
    view = public_state(new_table().session.state)
    assert view.deck_top == []
    assert view.unseen_cards == sorted(view.unseen_cards)


def test_a_client_rebuilds_a_state_that_looks_like_the_hosts() -> None:
    table = new_table()
    random_moves(table, 40, random.Random(2))
    view = table.view(whole=True)
    state = state_from_view(game_of(view.setup), view.state)
    assert public_state(state) == view.state
    host = table.session.state
    assert legal_actions(state) == legal_actions(host)


def test_the_view_carries_no_seed() -> None:
    game = game_of(new_table(seed=7).view().setup)
    assert game.seed == 0


# --------------------------------------------------------------------------- seats and secrets


def test_a_wrong_table_secret_is_refused() -> None:
    table = new_table()
    with pytest.raises(TableRefusal, match="wrong table secret"):
        table.check_secret("x" + table.secret)


def test_table_and_seat_secrets_are_compared_in_constant_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A comparison that stops at the first wrong character tells a patient stranger how much
    of a secret is right; every secret goes through secrets.compare_digest, right or wrong."""
    compared: list[tuple[bytes, bytes]] = []
    real = secrets.compare_digest

    def compare(given: bytes, secret: bytes) -> bool:
        compared.append((given, secret))
        return real(given, secret)

    monkeypatch.setattr(secrets, "compare_digest", compare)
    table = new_table()
    table.check_secret(table.secret)
    with pytest.raises(TableRefusal):
        table.check_secret(table.secret[:-1] + "?")
    seat_secret = table.sit(0, None)
    assert seat_secret is not None
    table.sit(0, seat_secret)
    with pytest.raises(TableRefusal):
        table.sit(0, "x" + seat_secret)
    assert [secret for _, secret in compared] == [table.secret.encode()] * 2 + [
        seat_secret.encode()
    ] * 2


def test_a_seat_is_claimed_once_and_rejoined_only_with_its_secret() -> None:
    table = new_table()
    secret = table.sit(1, None, "Ann")
    assert secret == table.seats[1].secret
    with pytest.raises(TableRefusal, match="taken"):
        table.sit(1, None)
    with pytest.raises(TableRefusal, match="wrong secret"):
        table.sit(1, "not-it")
    table.leave(1)
    assert table.sit(1, secret) == secret


def test_secrets_differ_per_seat_and_per_table() -> None:
    a, b = new_table(), new_table()
    secrets = {a.secret, b.secret, *(s.secret for s in a.seats), *(s.secret for s in b.seats)}
    assert len(secrets) == 2 + 2 * len(GUIDES)
    assert a.code != b.code


def test_a_computer_seat_cannot_be_taken() -> None:
    session = Session(make_game(seeded_board(1), list(GUIDES), Difficulty.NORMAL, seed=1))
    table = Table(session, ["person", "computer", "person"])
    with pytest.raises(TableRefusal, match="computer"):
        table.sit(1, None)


def test_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    table = new_table()
    before = table.version
    with pytest.raises(TableRefusal, match="turn"):
        table.act(1, "draw", 0)
    with pytest.raises(TableRefusal, match="watchers"):
        table.act(None, "draw", 0)
    assert table.version == before and table.session.texts == []


def test_an_action_sent_twice_is_played_once() -> None:
    table = new_table()
    table.act(0, "draw", 0)
    with pytest.raises(TableRefusal, match="moved on"):
        table.act(0, "draw", 0)
    assert table.session.texts == ["draw"]


def test_an_illegal_action_is_refused_in_words() -> None:
    table = new_table()
    with pytest.raises(TableRefusal):
        table.act(0, "end turn", 0)
    with pytest.raises(TableRefusal):
        table.act(0, "fly to the moon", 0)
    assert table.session.texts == []


def test_a_seat_empty_too_long_can_be_handed_to_the_computer_by_another_guide() -> None:
    clock = Clock()
    table = new_table(clock=clock)
    table.sit(0, None)
    secret = table.sit(1, None)
    table.leave(1)
    with pytest.raises(TableRefusal, match="empty"):
        table.hand_over(0, 1)
    clock.now += EMPTY_TOO_LONG
    with pytest.raises(TableRefusal, match="guide at the table"):
        table.hand_over(None, 1)
    table.hand_over(0, 1)
    assert table.computer_seats() == {1}
    table.sit(1, secret)  # its person comes back and takes it again
    assert table.computer_seats() == set()


def test_a_present_player_keeps_the_seat() -> None:
    clock = Clock()
    table = new_table(clock=clock)
    table.sit(1, None)
    clock.now += 10 * EMPTY_TOO_LONG
    with pytest.raises(TableRefusal, match="at the table"):
        table.hand_over(0, 1)


# --------------------------------------------------------------------------- views and messages


def test_each_view_carries_the_log_since_the_last_and_undo_shortens_it() -> None:
    table = new_table()
    table.sent()
    table.act(0, "draw", 0)
    view = table.view()
    assert view.log_from > 0 and view.moves_from == 0 and view.moves == ["draw"]
    table.sent()
    state = table.session.state
    cheap = next(
        a for a in legal_actions(state) if a.kind.name in ("MOVE", "EXTINGUISH", "REPLENISH")
    )
    at = len(table.session.texts)
    length = len(table.session.log)
    table.act(0, table.session.describe(cheap), at)
    if table.session.can_undo():
        table.sent()
        table.undo(0, at + 1)
        view = table.view()
        assert view.log_from == len(table.session.log) <= length
        assert view.moves_from == 1 and view.moves == []


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"[]",
        b'{"type": "act"}',
        b'{"type": "act", "action": "draw", "at": "0"}',
        b'{"type": "act", "action": "draw", "at": -1}',
        b'{"type": "act", "action": "' + b"x" * 500 + b'", "at": 0}',
        b'{"type": "join", "table": "a b", "secret": "s"}',
        b'{"type": "join", "table": "a", "secret": "s", "seat": 9}',
        b'{"type": "act", "action": "draw", "at": 0, "extra": 1}',
        b'{"type": "launch"}',
        b"\xff\xfe",
    ],
)
def test_a_malformed_message_is_refused_by_the_protocol(raw: bytes) -> None:
    with pytest.raises(ValidationError):
        CLIENT_MESSAGE.validate_json(raw)


def test_good_messages_read_as_themselves() -> None:
    assert CLIENT_MESSAGE.validate_json(b'{"type":"act","action":"draw","at":3}') == Act(
        action="draw", at=3
    )
    join = Join(table="abc", secret="s3cr-t_", seat=2)
    assert CLIENT_MESSAGE.validate_json(join.model_dump_json()) == join
