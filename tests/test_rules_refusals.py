"""Refusals in a player's words: the obstacle on the board before the cost, each reason once
(why_not_kind, why_not_any, why_not_at, why_illegal, action_cost)."""

from __future__ import annotations

from boards import open_board
from positions import card_of, cell, place, position

from bigfive_tui.engine.actions import DETOUR, INFLUENCE, REFUEL, Act, Action
from bigfive_tui.engine.content import FOOD_TOKENS, CardKind
from bigfive_tui.engine.rules import (
    action_cost,
    legal_actions,
    why_illegal,
    why_not_any,
    why_not_at,
    why_not_kind,
)
from bigfive_tui.engine.state import GameState

REPAIRS = (Act.REPAIR_VEHICLE, Act.REPAIR_GATE)


def at(state: GameState, name: str) -> int:
    return cell(state.game.board, name)


def rain(state: GameState) -> None:
    card = card_of(CardKind.RAIN)
    state.deck.remove(card)
    state.lasting.append((card, 1))


def test_R_move_refusal_with_no_actions_left_is_said_once() -> None:
    state = position(at=("s2", "c1"), actions=0)
    assert why_not_kind(state, Act.MOVE) == "Jack has no actions left."


def test_R_move_hill_refusal_when_only_a_hill_is_open_names_its_cost() -> None:
    board = open_board({0: {"spaces": ["s1 h2 s3", "s4 sa s5", "s6 sb sc"], "rivers": ["1-4"]}})
    state = position(at=("s1", "c1"), board=board, actions=1)
    rain(state)
    assert why_not_kind(state, Act.MOVE) == "Jack has 1 action left; driving up a hill costs 2."


def test_R_move_refusal_blocked_every_way_for_one_reason_says_it_once() -> None:
    board = open_board(
        {0: {"spaces": ["s1 s2 s3", "s4 sa s5", "s6 sb sc"], "rivers": ["1-4", "1-2"]}}
    )
    state = position(at=("s1", "c1"), board=board, actions=0)
    rain(state)
    assert why_not_kind(state, Act.MOVE) == "The river cannot be crossed now (heavy rain)."


def test_R_move_refusal_groups_the_neighbours_by_obstacle() -> None:
    side = {
        "spaces": ["s1 s2 s3", "s4 wa s5", "s6 sb sc"],
        "bushes": ["2-3"],
        "rivers": ["2-4", "1-2"],
    }
    state = position(at=("s2", "c1"), board=open_board({0: side}), actions=0)
    rain(state)
    assert why_not_kind(state, Act.MOVE) == (
        "♠3: Bushes block the way (only David drives through bushes). "
        "♠a: Vehicles cannot enter watering hole spaces. "
        "♠4, ♠1: The river cannot be crossed now (heavy rain)."
    )


def test_R_refuel_refusal_names_the_missing_entrance_before_the_cost() -> None:
    far = position(at=("s3", "c1"), fuel=3, actions=0)
    reason = (
        "Jack has no clear view of a park entrance token; refuelling happens on one or next to it."
    )
    assert why_not_kind(far, Act.REFUEL) == why_illegal(far, REFUEL) == reason
    near = position(at=("s2", "c1"), fuel=3, actions=0)
    assert why_not_kind(near, Act.REFUEL) == "Jack has no actions left."
    assert why_illegal(near, REFUEL) == "Jack has no actions left; refuelling costs 1."


def test_R_replenish_refusal_names_the_missing_food_token_before_the_cost() -> None:
    state = position(at=("s3", "c1"), food=3, actions=0)
    assert "no clear view of a food token" in (why_not_kind(state, Act.REPLENISH) or "")
    place(state, FOOD_TOKENS[0], "s5", face_up=True)  # next to s3
    assert why_not_kind(state, Act.REPLENISH) == "Jack has no actions left."


def test_R_detour_refusal_names_the_missing_entrance_token_before_the_cost() -> None:
    state = position(at=("s3", "c1"), actions=0)
    assert why_not_kind(state, Act.DETOUR) == why_illegal(state, DETOUR)
    assert "starts on a park entrance token; Jack is not on one" in why_illegal(state, DETOUR)
    on_it = position(at=("s1", "c1"), actions=2)
    assert why_illegal(on_it, DETOUR) == "Jack has 2 actions left; driving around the park costs 3."


def test_R_spot_and_R_extinguish_refusals_name_what_is_missing_before_the_cost() -> None:
    state = position(guides=("kate", "jack"), at=("s3", "c1"), actions=0)
    assert "no animal token" in (why_not_kind(state, Act.SPOT) or "")
    assert "no fire in clear view" in (why_not_kind(state, Act.EXTINGUISH) or "")
    state.fires[at(state, "s5")] = 1
    assert why_not_kind(state, Act.EXTINGUISH) == "Kate has no actions left."
    assert why_illegal(state, Action(Act.EXTINGUISH, at(state, "sc"))) == (
        "There is no fire there in clear view."
    )


def test_RU_jack_extinguish_refusal_hints_that_his_piece_needs_no_action() -> None:
    state = position(at=("s3", "c1"))
    assert why_not_kind(state, Act.EXTINGUISH) == (
        "Jack has no fire in clear view (on the same space or next to it); "
        "fires on his own piece go out by themselves."
    )


def test_R_influence_refusal_names_the_empty_deck_before_the_cost() -> None:
    state = position(actions=0)
    state.deck = state.deck[:1]
    state.discard = []
    assert why_illegal(state, INFLUENCE) == "Too few event cards left."


def test_R_repair_refusals_are_explained_together() -> None:
    state = position(at=("s3", "c1"), actions=0)
    assert why_not_any(state, REPAIRS) == (
        "Nothing to repair: no vehicle has a flat tyre and no gate is broken."
    )
    gate = card_of(CardKind.BROKEN_GATE, gate=0)
    state.deck.remove(gate)
    state.lasting.append((gate, 0))
    assert why_not_any(state, REPAIRS) == (
        "The west gate is broken; mending it needs clear view of its park entrance token."
    )
    state.vehicle[0] = at(state, "s2")  # next to the west park entrance token: only the cost
    assert why_not_any(state, REPAIRS) == "Jack has no actions left."


def test_R_repair_vehicle_refusal_out_of_view_names_the_view() -> None:
    state = position(at=("s3", "c5"))
    state.flat[1] = 2
    assert why_not_kind(state, Act.REPAIR_VEHICLE) == (
        "Jack has no clear view of a vehicle with a flat tyre."
    )
    assert why_illegal(state, Action(Act.REPAIR_VEHICLE, 1)) == (
        "Jack has no clear view of Kate's vehicle (same space or next to it)."
    )


def test_why_not_at_explains_a_space_that_is_no_target() -> None:
    state = position(at=("s3", "c1"))
    assert why_not_at(state, (Act.MOVE,), at(state, "c5")) == (
        "♣5 is not next to Jack's vehicle; move one space at a time."
    )
    assert why_not_at(state, (Act.SPOT,), at(state, "s5")) == (
        "There is no animal there that Jack can spot with clear view."
    )
    assert why_not_at(state, REPAIRS, at(state, "s5")) == (
        "There is nothing to repair there: no flat tyre and no broken gate."
    )


def test_R_move_hill_action_cost_of_each_legal_move() -> None:
    board = open_board({0: {"spaces": ["s1 h2 s3", "s4 sa s5", "s6 sb sc"]}})
    state = position(at=("s1", "c1"), board=board)
    costs = {
        board.names[action.target]: action_cost(state, action)
        for action in legal_actions(state)
        if action.kind == Act.MOVE
    }
    assert costs == {"♠2": 2, "♠4": 1}
