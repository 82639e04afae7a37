"""Rigging the randomness in debug mode (D-rig-*): an input of its own, recorded with the
actions, so that seed + actions + rigs replay a game exactly; marked in the log and the record."""

from __future__ import annotations

import json
import random

import pytest
from positions import card_of, cell, place, position

from bigfive_tui.assets import load_pieces, seeded_board
from bigfive_tui.engine.accounting import accounting_problems
from bigfive_tui.engine.actions import Act, Action, IllegalAction
from bigfive_tui.engine.apply_action import apply
from bigfive_tui.engine.content import ANIMAL_KIND, CARDS, MONKEY, CardKind, Difficulty, Guide
from bigfive_tui.engine.dice import X_FACE
from bigfive_tui.engine.rigging import (
    JUST_LOOK,
    Rig,
    RigError,
    RigKind,
    format_rig,
    parse_rig,
    rig,
)
from bigfive_tui.engine.session import Session, make_game
from bigfive_tui.engine.state import Phase
from bigfive_tui.formats.replay import load_record, record_of
from bigfive_tui.shared.problems import RecordError


def seeded(seed: int = 7) -> Session:
    return Session(make_game(seeded_board(seed), [Guide.KATE, Guide.JACK], Difficulty.NORMAL,
                             seed=seed))  # fmt: skip


def test_D_rig_roll_decides_the_next_roll_and_the_log_marks_it() -> None:
    fire = card_of(CardKind.FIRE)
    state = position(phase=Phase.DRAW, top_cards=[fire], rolls=["h2"])
    board = state.game.board
    rigged, steps = rig(state, parse_rig(state, "rig roll c4"))
    assert [step.rule for step in steps] == ["D-rig-roll"] and "♣4" in steps[0].text
    assert state.rigged_dice == ()  # the state before is left alone
    after, steps = apply(rigged, Action(Act.DRAW))
    assert after.fires[cell(board, "c4")] == 1 and after.fires[cell(board, "h2")] == 0
    assert "Rolled ♣4 (rigged in debug mode) for a fire." in [step.text for step in steps]
    assert after.script_pos == 0 and after.rigged_dice == ()  # the scripted roll still waits


def test_D_rig_roll_x_and_several_rolls_come_in_the_order_rigged() -> None:
    state = position(phase=Phase.ACTIONS, actions=4)
    state, _ = rig(state, parse_rig(state, "rig roll X4"))
    state, steps = rig(state, parse_rig(state, "rig roll s2"))
    assert "roll 2 from now" in steps[0].text
    assert state.rigged_dice == (
        (X_FACE, 4),
        (state.game.board.slot[cell(state.game.board, "s2")], 2),
    )
    after, steps = apply(state, Action(Act.EXTRA_ANIMAL))
    texts = [step.text for step in steps]
    assert "Rolled X and 4 (rigged in debug mode) for an animal." in texts
    assert after.rigged_dice == ((0, 2),)


def test_D_rig_card_puts_the_chosen_card_on_top_and_the_draw_says_rigged() -> None:
    state = position(phase=Phase.DRAW)
    giraffe = CARDS.index(next(card for card in CARDS if card.kind == CardKind.GIRAFFE))
    chosen = parse_rig(state, "rig card giraffe")
    assert chosen == Rig(RigKind.CARD, card=giraffe)
    rigged, steps = rig(state, chosen)
    assert steps[0].rule == "D-rig-card" and CARDS[rigged.deck[-1]].kind == CardKind.GIRAFFE
    assert sorted(rigged.deck) == sorted(state.deck)  # only the order changed
    after, steps = apply(rigged, Action(Act.DRAW))
    assert steps[0].text == "Jack draws: Giraffe (rigged in debug mode)."
    assert after.actions_left == 6 and after.rigged_card == -1


def test_D_rig_card_seen_while_influencing_is_marked() -> None:
    state = position(phase=Phase.ACTIONS, actions=4)
    rigged, _ = rig(state, parse_rig(state, "rig card Heavy rain"))
    after, steps = apply(rigged, Action(Act.INFLUENCE))
    assert "(Heavy rain rigged in debug mode)" in steps[-1].text and after.rigged_card == -1
    with pytest.raises(IllegalAction, match="looking at two cards"):
        rig(after, parse_rig(after, "rig card Fire"))


def test_D_rig_card_on_a_card_put_back_by_an_influence_is_known_too() -> None:
    """The card an influence put back is known to all (deck_seen); a card rigged on top of it
    is known as well, and the one put back stays known under it."""
    state = position(phase=Phase.DRAW)
    put_back = state.deck[-1]
    state.deck_seen = 1
    deep = next(card for card in state.deck if CARDS[card] != CARDS[put_back])
    rigged, _ = rig(state, Rig(RigKind.CARD, card=deep))
    assert rigged.deck[-2] == put_back and CARDS[rigged.deck[-1]] == CARDS[deep]
    assert rigged.deck_seen == 2
    again, _ = rig(rigged, Rig(RigKind.CARD, card=put_back))  # one of the known ones on top
    assert again.deck[-2:] == rigged.deck[-2:][::-1] and again.deck_seen == 2


def test_D_rig_card_only_from_the_draw_pile_and_an_empty_pile_is_shuffled_first() -> None:
    state = position(phase=Phase.DRAW)
    gates = [i for i, card in enumerate(CARDS) if card.kind == CardKind.BROKEN_GATE]
    state.deck.remove(gates[0])
    state.discard.append(gates[0])
    with pytest.raises(IllegalAction, match=r"No Broken gate \(west\) card .*1 in the discard"):
        rig(state, Rig(RigKind.CARD, card=gates[0]))
    state.discard += state.deck
    state.deck = []
    rigged, steps = rig(state, Rig(RigKind.CARD, card=gates[0]))
    assert [step.rule for step in steps] == ["R-card-deck", "D-rig-card"]
    assert rigged.deck[-1] == gates[0] and not rigged.discard


def test_D_rig_token_looks_at_a_face_down_token_and_changes_nothing() -> None:
    state = position()
    place(state, 0, "c4")  # a lion, face down
    rigged, steps = rig(state, parse_rig(state, "rig token c4"))
    assert steps[0].text == "Debug: the face-down token on ♣4 is a lion."
    assert rigged == state


def test_D_rig_token_makes_it_another_animal_from_the_supply_first() -> None:
    state = position()
    place(state, 0, "c4")
    rigged, steps = rig(state, parse_rig(state, "rig token ♣4 as monkey"))
    token = rigged.token_at[cell(state.game.board, "c4")]
    assert ANIMAL_KIND[token] == MONKEY and not rigged.face_up[token]
    assert 0 in rigged.animal_supply and token not in rigged.animal_supply
    assert rigged.token_cell[0] == -1 and rigged.token_cell[token] == cell(state.game.board, "c4")
    assert not accounting_problems(rigged)  # the lion is in the supply, and only there
    assert "rigged to be a monkey (it was a lion)" in steps[0].text


def test_D_rig_token_swaps_with_a_face_down_token_on_the_board_when_the_supply_has_none() -> None:
    state = position()
    board = state.game.board
    place(state, 0, "c4")
    place(state, 3, "h2")  # a leopard
    state.animal_supply = [t for t in state.animal_supply if ANIMAL_KIND[t] != ANIMAL_KIND[3]]
    state.discarded = [4, 5]
    rigged, steps = rig(state, parse_rig(state, "rig token c4 as leopard"))
    assert rigged.token_at[cell(board, "c4")] == 3 and rigged.token_at[cell(board, "h2")] == 0
    assert (
        rigged.token_cell[0] == cell(board, "h2")
        and "lies face down on ♥2 instead" in steps[0].text
    )
    place(state, 3, "h2", face_up=True)
    with pytest.raises(IllegalAction, match="No leopard token is still face down"):
        rig(state, parse_rig(state, "rig token c4 as leopard"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("rig token c5", "holds no face-down token"),
        ("rig token c4 as lion", "is a lion already"),
    ],
)
def test_D_rig_token_refusals_say_why(text: str, message: str) -> None:
    state = position()
    place(state, 0, "c4")
    with pytest.raises(IllegalAction, match=message):
        rig(state, parse_rig(state, text))


def test_rig_notation_round_trips_and_explains_mistakes() -> None:
    state = position()
    place(state, 0, "c4")
    for text in ("rig roll ♣4", "rig roll X3", "rig card Stolen food (-1 all)", "rig token ♣4",
                 "rig token ♣4 as elephant"):  # fmt: skip
        assert format_rig(state, parse_rig(state, text)) == text
    assert parse_rig(state, "RIG ROLL x") == Rig(RigKind.ROLL, face=X_FACE, number=1)
    assert parse_rig(state, "rig token c4").animal == JUST_LOOK
    for text, message in (
        ("rig roll ♣a", "a roll names a numbered space"),
        ("rig card Lion", "no card called 'Lion'"),
        ("rig token q9", "no space called 'q9'"),
        ("rig token c4 as zebra", "as lion"),
        ("rig the dice", "write 'rig roll"),
        ("move c4", "is not a rig"),
    ):
        with pytest.raises(RigError, match=message):
            parse_rig(state, text)


def test_nothing_is_rigged_once_the_game_is_over() -> None:
    state = position()
    state.phase, state.outcome = Phase.OVER, "won"
    with pytest.raises(IllegalAction, match="game is over"):
        rig(state, Rig(RigKind.ROLL, face=0, number=1))


def play_randomly(session: Session, actions: int, seed: int) -> None:
    chooser = random.Random(seed)
    while not session.state.over and len(session.actions) < actions:
        session.play(chooser.choice(session.legal_actions()))


def test_seed_actions_and_rigs_replay_exactly_and_the_record_lists_the_rigs() -> None:
    session = seeded()
    session.rig_text("rig card Giraffe")
    session.rig_text("rig roll X2")
    play_randomly(session, 25, 1)
    hidden = next(
        cell for cell, token in enumerate(session.state.token_at)
        if 0 <= token < 15 and not session.state.face_up[token]
    )  # fmt: skip
    name = session.game.board.names[hidden]
    session.rig_text(f"rig token {name}")
    session.rig_text("rig roll ♣4")  # still waiting when the game is saved
    data = json.loads(record_of(session).model_dump_json())
    assert data["rigs"] == [
        {"before": 0, "rig": "rig card Giraffe"},
        {"before": 0, "rig": "rig roll X2"},
        {"before": 25, "rig": f"rig token {name}"},
        {"before": 25, "rig": "rig roll ♣4"},
    ]
    again = load_record(data, load_pieces())
    assert again.state == session.state and again.log == session.log
    assert [entry.text for entry in again.entries] == [entry.text for entry in session.entries]
    assert again.state.rigged_dice == session.state.rigged_dice != ()
    data["rigs"].append({"before": 99, "rig": "rig roll X"})
    with pytest.raises(RecordError, match="a rig after action 99"):
        load_record(data, load_pieces(), "save.json")
    data["rigs"][-1] = {"before": 3, "rig": "rig card Lion"}
    with pytest.raises(RecordError, match="rig card Lion' before action 3"):
        load_record(data, load_pieces(), "save.json")


def test_undo_takes_back_the_rigs_made_after_the_action_it_undoes() -> None:
    session = seeded()
    session.play_text("draw")
    free = next(a for a in session.legal_actions() if a.kind == Act.MOVE)
    before, log = session.state, len(session.log)
    session.play(free)
    session.rig_text("rig roll X")
    session.undo()
    assert session.state == before and len(session.log) == log
    assert [entry.text for entry in session.entries] == ["draw"]
    assert record_of(session).rigs == []


def test_seeing_a_face_down_token_stops_undo_as_a_turned_token_does() -> None:
    state = position()
    place(state, 0, "c4")
    session = Session.from_state(state)
    session.play(next(a for a in session.legal_actions() if a.kind == Act.MOVE))
    assert session.can_undo()
    session.rig_text("rig token c4")
    assert not session.can_undo()
