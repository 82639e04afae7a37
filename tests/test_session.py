"""Game records, replays, fair undo and the action notation (R-turn-*, docs/notation.md)."""

from __future__ import annotations

import json
import random

import pytest
from positions import card_of, cell, place, position

from bigfive_tui.assets import load_pieces, seeded_board
from bigfive_tui.engine.actions import Act, Action, IllegalAction
from bigfive_tui.engine.apply_action import apply
from bigfive_tui.engine.content import CardKind, Difficulty, Guide
from bigfive_tui.engine.notation import NotationError, format_action, parse_action
from bigfive_tui.engine.refusals import why_not_kind
from bigfive_tui.engine.session import Session, make_game
from bigfive_tui.engine.state import Phase
from bigfive_tui.formats.replay import load_record, record_of
from bigfive_tui.shared.problems import RecordError


def played(seed: int, actions: int = 60) -> Session:
    game = make_game(seeded_board(seed), [Guide.KATE, Guide.JACK, Guide.SAM], Difficulty.NORMAL,
                     seed=seed)  # fmt: skip
    session = Session(game)
    chooser = random.Random(seed)
    while not session.state.outcome and len(session.actions) < actions:
        legal = session.legal_actions()
        kind = chooser.choice(sorted({a.kind for a in legal}))
        session.play(chooser.choice([a for a in legal if a.kind == kind]))
    return session


def test_a_record_replays_to_the_identical_state() -> None:
    session = played(3)
    data = json.loads(record_of(session).model_dump_json())
    assert load_record(data, load_pieces()).state == session.state


def test_a_hand_edited_record_is_refused_with_the_place_named() -> None:
    data = json.loads(record_of(played(4, 20)).model_dump_json())
    data["actions"][3] = "fly to the moon"
    with pytest.raises(RecordError, match=r"actions\[3\] 'fly to the moon'"):
        load_record(data, load_pieces(), "save.json")
    broken = {"format": "bigfive-record", "setup": {"guides": ["kate"]}}
    with pytest.raises(RecordError, match=r"save\.json: .*guides"):
        load_record(broken, load_pieces(), "save.json")


def test_undo_goes_back_within_the_turn_but_not_past_a_reveal() -> None:
    session = Session(make_game(seeded_board(1), [Guide.KATE, Guide.SAM], seed=1))
    assert not session.can_undo()
    session.play(Action(Act.DRAW))
    assert not session.can_undo()  # the card is revealed
    free = [a for a in session.legal_actions() if a.kind in (Act.MOVE, Act.EXCHANGE)]
    before = session.state
    session.play(free[0])
    assert session.can_undo()
    session.undo()
    assert session.state == before and session.actions == [Action(Act.DRAW)]
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        session.undo()


def test_an_illegal_action_leaves_the_session_untouched() -> None:
    session = Session(make_game(seeded_board(2), [Guide.KATE, Guide.SAM], seed=2))
    before, log = session.state, list(session.log)
    with pytest.raises(IllegalAction, match="must draw"):
        session.play(Action(Act.END))
    assert session.state is before and session.log == log and session.actions == []


def test_notation_round_trips_and_explains_mistakes() -> None:
    state = position(guides=("kate", "sam"), at=("c1", "c2"))
    game = state.game
    action = Action(Act.EXCHANGE, 1, 2, 0, 1)
    assert format_action(game, action, 0) == "give 2 food to Sam"
    assert parse_action(game, "GIVE 2 food to sam", 0) == action
    assert format_action(game, action, 1) == "Kate gives 2 food to Sam"
    assert parse_action(game, "move c4", 0) == parse_action(game, "move ♣4", 0)
    with pytest.raises(NotationError, match="no space called 'q9'"):
        parse_action(game, "move q9", 0)
    with pytest.raises(NotationError, match="Jack is not in this game"):
        parse_action(game, "repair Jack", 0)


def test_a_give_of_more_than_any_track_holds_is_refused_by_its_notation() -> None:
    game = position(guides=("kate", "sam"), at=("c1", "c2")).game
    assert parse_action(game, "give 010 food to Sam", 0) == Action(Act.EXCHANGE, 1, 10, 0, 1)
    with pytest.raises(NotationError, match="no track holds that much"):
        parse_action(game, "give 100 food to Sam", 0)
    with pytest.raises(NotationError, match="no track holds that much"):
        parse_action(game, "give " + "9" * 5000 + " food to Sam", 0)


def test_why_not_kind_names_the_reason_for_a_missing_action() -> None:
    state = position(guides=("kate", "sam"), at=("c1", "h1"))
    assert "no animal token" in (why_not_kind(state, Act.SPOT) or "")
    place(state, 0, "c2")
    assert why_not_kind(state, Act.SPOT) is None
    state.fuel[0] = 0
    assert "cannot drive" in (why_not_kind(state, Act.MOVE) or "")


def test_a_session_from_a_position_plays_but_has_no_record() -> None:
    session = Session.from_state(position())
    session.play(Action(Act.END))
    assert session.state.seat == 1
    with pytest.raises(RecordError):
        record_of(session)


def test_a_malformed_action_is_refused_with_a_reason_not_a_crash() -> None:
    state = position(guides=("kate", "sam"), at=("c1", "c2"))
    for action in (
        Action(Act.EXCHANGE, 1, 12, 0, 2),
        Action(Act.MOVE, 999),
        Action(Act.SPOT, -5),
        Action(Act.REPAIR_GATE, 7),
        Action(Act.REPAIR_VEHICLE, 9),
        Action(Act.TOKEN_GIVE, 4),
        Action(Act.CHOOSE_DISCARD, 3),
    ):
        with pytest.raises(IllegalAction) as refusal:
            apply(state, action)
        assert str(refusal.value)


def test_recording_the_states_of_the_steps_changes_nothing_in_the_game() -> None:
    """Debug mode plays with play_recorded: replayed so, a game is the same, step for step."""
    for seed in (3, 5, 8):
        plain = played(seed, 200)
        recorded = Session(plain.game)
        for action in plain.actions:
            steps, states = recorded.play_recorded(action)
            assert len(states) == len(steps)
            assert states[-1] == recorded.state and states[-1] is not recorded.state
        assert recorded.state == plain.state
        assert recorded.log == plain.log and recorded.texts == plain.texts


def test_recorded_turn_steps_show_the_turn_as_it_changed() -> None:
    """Spot checks over whole games: a step's state already holds the change the step names."""
    checked = 0
    for seed in (3, 5, 8, 13):
        plain = played(seed, 300)
        recorded = Session(plain.game)
        for action in plain.actions:
            before = recorded.state.seat
            steps, states = recorded.play_recorded(action)
            for step, state in zip(steps, states, strict=True):
                if step.rule == "R-turn-actions":  # unused actions are gone
                    assert state.actions_left == 0 and state.seat == before
                    checked += 1
                elif step.rule == "R-turn-order":  # the next guide is at the wheel, to draw
                    assert state.seat == (before + 1) % len(state.game.guides)
                    assert state.phase == Phase.DRAW and state.actions_left >= 4
                    checked += 1
                elif step.kind == "place" and "goes to" in step.text:
                    name = step.text.rsplit(" ", 1)[-1].rstrip(".")
                    assert state.token_at[cell(state.game.board, name)] >= 0
                    checked += 1
    assert checked > 50


def test_each_recorded_state_is_the_game_right_after_its_step() -> None:
    state = position(guides=("jack", "kate"), at=("s5", "h1"))
    board = state.game.board
    state.fires[cell(board, "c6")] = 2
    state.fire_supply = 8
    session = Session.from_state(state)
    steps, (moved, swept) = session.play_recorded(Action(Act.MOVE, cell(board, "c4")))
    assert [step.rule for step in steps] == ["R-move", "R-jack-extinguish"]
    assert moved.vehicle[0] == cell(board, "c4") and moved.fires[cell(board, "c6")] == 2
    assert swept.fires[cell(board, "c6")] == 0 and swept == session.state
    assert state.vehicle[0] == cell(board, "s5")  # the state before is left alone


def test_a_recorded_card_reaches_the_discard_pile_in_the_last_state() -> None:
    fire = card_of(CardKind.FIRE)
    state = position(phase=Phase.DRAW, top_cards=[fire], rolls=["c1"], at=("s1", "h1"))
    session = Session.from_state(state)
    steps, states = session.play_recorded(Action(Act.DRAW))
    assert [step.kind for step in steps] == ["card", "roll", "place"]
    drawn, rolled, placed = states
    assert fire not in drawn.deck and fire not in drawn.discard and not any(drawn.fires)
    assert (drawn.script_pos, rolled.script_pos) == (0, 1) and not any(rolled.fires)
    assert placed.fires[cell(state.game.board, "c1")] == 1 and placed.discard == [fire]
