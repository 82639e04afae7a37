"""Actions and their costs, the free exchange, the tracks and the turn (R-move ... R-turn-*)."""

from __future__ import annotations

from typing import Any

import pytest
from boards import open_board
from positions import card_of, cell, place, position

from bigfive_tui.engine.actions import (
    DETOUR,
    DRAW,
    END,
    EXTRA_ANIMAL,
    FOOD,
    FUEL,
    INFLUENCE,
    REFUEL,
    Act,
    Action,
    IllegalAction,
    Step,
)
from bigfive_tui.engine.apply_action import apply, loses_at_once
from bigfive_tui.engine.content import BUFFALO_TOKEN, FOOD_TOKENS, CardKind, Species
from bigfive_tui.engine.legal_actions import EXCHANGE_PAIRS_KEPT, legal_actions
from bigfive_tui.engine.state import GameState, Phase

HILLY = open_board({0: {"spaces": ["s1 h2 s3", "s4 sa s5", "s6 sb sc"], "bushes": ["4-a"]}})
LION, MONKEY = 0, 12


def at(state: GameState, name: str) -> int:
    return cell(state.game.board, name)


def act(state: GameState, kind: Act, name: str = "", **kw: Any) -> tuple[GameState, list[Step]]:
    target = at(state, name) if name else kw.pop("target", -1)
    return apply(state, Action(kind, target, **kw))


def test_R_move_to_an_adjacent_space_costs_one_action() -> None:
    state = position(at=("s1", "c1"))
    after, steps = act(state, Act.MOVE, "s4")
    assert after.vehicle[0] == at(after, "s4") and after.actions_left == 3
    assert steps[0].rule == "R-move"


def test_R_move_only_to_adjacent_spaces() -> None:
    state = position(at=("s1", "c1"))
    with pytest.raises(IllegalAction, match="not next to"):
        act(state, Act.MOVE, "s5")


def test_R_move_hill_costs_two_actions_and_needs_them() -> None:
    state = position(at=("s1", "c1"), board=HILLY)
    after, steps = act(state, Act.MOVE, "s2")
    assert after.actions_left == 2 and steps[0].rule == "R-move-hill"
    short = position(at=("s1", "c1"), board=HILLY, actions=1)
    with pytest.raises(IllegalAction, match="Jack has 1 action left; driving up the hill costs 2"):
        act(short, Act.MOVE, "s2")
    assert short.vehicle[0] == at(short, "s1")


def test_RU_hill_to_hill_driving_from_a_hill_onto_a_hill_costs_two_actions() -> None:
    ridge = open_board({0: {"spaces": ["h1 h2 s3", "s4 sa s5", "s6 sb sc"]}})
    state = position(at=("s1", "c1"), board=ridge)
    after, steps = act(state, Act.MOVE, "s2")
    assert after.actions_left == 2 and steps[0].rule == "R-move-hill"


def test_RU_shared_spaces_a_vehicle_may_drive_onto_another_vehicle_and_a_token() -> None:
    state = position(at=("s1", "s4"))
    place(state, FOOD_TOKENS[0], "s4", face_up=True)
    after, _ = act(state, Act.MOVE, "s4")
    assert after.vehicle[0] == after.vehicle[1] == after.token_cell[FOOD_TOKENS[0]]


def test_RU_driving_fuel_driving_uses_no_fuel() -> None:
    state = position(at=("s1", "c1"), fuel=3)
    after, _ = act(state, Act.MOVE, "s2")
    assert after.fuel[0] == 3


def test_R_track_empty_fuel_no_driving_without_fuel() -> None:
    state = position(at=("s4", "c1"), fuel=0)
    state.fuel[1] = 5
    assert not any(a.kind == Act.MOVE for a in legal_actions(state))
    with pytest.raises(IllegalAction, match="no fuel"):
        act(state, Act.MOVE, "s1")


def test_R_refuel_on_or_next_to_the_park_entrance_fills_the_tank() -> None:
    state = position(at=("s2", "c1"), fuel=2)
    after, steps = apply(state, REFUEL)
    assert after.fuel[0] == 8 and after.actions_left == 3 and steps[0].rule == "R-refuel"
    far = position(at=("s3", "c1"), fuel=2)
    with pytest.raises(IllegalAction, match="park entrance"):
        apply(far, REFUEL)


def test_R_refuel_needs_clear_view_of_the_entrance_token() -> None:
    board = open_board({0: {"spaces": ["s1 s2 s3", "s4 sa s5", "s6 sb sc"], "bushes": ["1-4"]}})
    state = position(at=("s4", "c1"), fuel=2, board=board)
    assert REFUEL not in legal_actions(state)


def test_R_replenish_food_plus_two_then_the_token_moves() -> None:
    state = position(at=("c2", "h1"), food=3, rolls=["d3"])
    place(state, FOOD_TOKENS[0], "c1", face_up=True)
    after, steps = act(state, Act.REPLENISH, "c1")
    assert after.food[0] == 5 and after.actions_left == 3
    assert steps[0].rule == "R-replenish"
    assert after.token_cell[FOOD_TOKENS[0]] == at(after, "d3")


def test_R_track_cap_and_RU_track_overflow_a_gain_above_the_top_is_lost() -> None:
    state = position(at=("c2", "h1"), food=7, rolls=["d3"])
    place(state, FOOD_TOKENS[0], "c1", face_up=True)
    after, _ = act(state, Act.REPLENISH, "c1")
    assert after.food[0] == 8
    assert FOOD_TOKENS[0] in after.token_at and after.token_at[at(after, "c1")] != FOOD_TOKENS[0]


def test_R_spot_an_adjacent_token_in_clear_view_costs_one_action() -> None:
    state = position(at=("c2", "h1"))
    place(state, LION, "c1")
    after, steps = act(state, Act.SPOT, "c1")
    assert after.actions_left == 3 and steps[0].rule == "R-spot"
    assert after.spotted[0] & (1 << Species.LION)


def test_R_spot_not_through_bushes_from_the_ground() -> None:
    state = position(at=("s4", "c1"), board=HILLY)
    place(state, LION, "sa")
    assert not any(a.kind == Act.SPOT for a in legal_actions(state))


def test_R_spot_flip_the_first_spotter_turns_the_token_and_a_monkey_mocks() -> None:
    state = position(at=("c2", "h1"))
    place(state, MONKEY, "c1")
    after, steps = act(state, Act.SPOT, "c1")
    assert MONKEY in after.discarded and after.token_at[at(after, "c1")] == -1
    assert [s.rule for s in steps].count("R-spot-flip") == 2
    assert after.actions_left == 3


def test_R_spot_take_the_token_stays_face_up_for_the_others() -> None:
    state = position(guides=("jack", "sam"), at=("c2", "c4"))
    place(state, LION, "c1")
    after, _ = act(state, Act.SPOT, "c1")
    assert after.face_up[LION] and after.token_at[at(after, "c1")] == LION
    after.seat = 1
    assert Action(Act.SPOT, at(after, "c1")) in legal_actions(after)


def test_R_spot_take_the_buffalo_is_spotted_through_its_token() -> None:
    state = position(at=("c2", "h1"))
    place(state, BUFFALO_TOKEN, "c1", face_up=True)
    after, _ = act(state, Act.SPOT, "c1")
    assert after.spotted[0] & (1 << Species.BUFFALO)


def test_RU_spot_targets_a_face_up_animal_you_have_cannot_be_spotted_again() -> None:
    state = position(at=("c2", "h1"))
    place(state, LION, "c1", face_up=True)
    state.spotted[0] = 1 << Species.LION
    assert Action(Act.SPOT, at(state, "c1")) not in legal_actions(state)
    place(state, 1, "c3")  # a face-down token may always be turned
    assert Action(Act.SPOT, at(state, "c3")) in legal_actions(state)


def test_R_extinguish_one_action_per_fire_marker() -> None:
    state = position(guides=("kate", "sam"), at=("c2", "h1"))
    state.fires[at(state, "c1")] = 2
    state.fire_supply = 8
    after, steps = act(state, Act.EXTINGUISH, "c1")
    assert after.fires[at(after, "c1")] == 1 and after.fire_supply == 9
    assert after.actions_left == 3 and steps[0].rule == "R-extinguish"


def test_R_repair_vehicle_by_its_owner_for_three_actions() -> None:
    state = position(guides=("kate", "sam"), at=("c2", "h1"))
    state.flat[0] = 2
    state.lasting.append((card_of(CardKind.FLAT_TYRE), 0))
    state.deck.remove(card_of(CardKind.FLAT_TYRE))
    after, steps = act(state, Act.REPAIR_VEHICLE, target=0)
    assert after.flat[0] == 0 and after.actions_left == 1
    assert card_of(CardKind.FLAT_TYRE) in after.discard and not after.lasting
    assert steps[0].rule == "R-repair-vehicle"


def test_R_repair_vehicle_by_another_guide_in_clear_view() -> None:
    state = position(guides=("kate", "sam"), at=("c2", "c1"))
    state.flat[1] = 2
    assert Action(Act.REPAIR_VEHICLE, 1) in legal_actions(state)
    state.vehicle[1] = at(state, "h1")
    assert Action(Act.REPAIR_VEHICLE, 1) not in legal_actions(state)


def test_R_repair_gate_three_actions_in_view_of_the_entrance_token() -> None:
    gate_card = card_of(CardKind.BROKEN_GATE, gate=0)
    state = position(guides=("kate", "sam"), at=("s2", "h1"))
    state.deck.remove(gate_card)
    state.lasting.append((gate_card, 0))
    after, steps = act(state, Act.REPAIR_GATE, target=0)
    assert after.broken_gates() == [] and after.actions_left == 1
    assert gate_card in after.discard and steps[0].rule == "R-repair-gate"


def test_R_detour_from_one_entrance_token_to_the_other_for_three_actions() -> None:
    state = position(guides=("kate", "sam"), at=("s1", "h1"))
    after, steps = apply(state, DETOUR)
    assert after.vehicle[0] == 80 and after.actions_left == 1 and steps[0].rule == "R-detour"
    away = position(guides=("kate", "sam"), at=("s2", "h1"))
    with pytest.raises(IllegalAction, match="starts on a park entrance"):
        apply(away, DETOUR)


def test_RU_detour_needs_fuel_and_a_sound_tyre_but_ignores_rain_and_gates() -> None:
    state = position(guides=("kate", "sam"), at=("s1", "h1"))
    rain = card_of(CardKind.RAIN)
    gate = card_of(CardKind.BROKEN_GATE, gate=1)
    state.deck.remove(rain)
    state.deck.remove(gate)
    state.lasting += [(rain, 1), (gate, 1)]
    assert DETOUR in legal_actions(state)
    state.flat[0] = 2
    assert DETOUR not in legal_actions(state)
    state.flat[0] = 0
    state.fuel[0] = 0
    assert DETOUR not in legal_actions(state)


def test_R_influence_look_at_two_discard_one_keep_one_on_top() -> None:
    fire, giraffe = card_of(CardKind.FIRE), card_of(CardKind.GIRAFFE)
    state = position(guides=("kate", "sam"), top_cards=[fire, giraffe])
    after, steps = apply(state, INFLUENCE)
    assert after.phase == Phase.INFLUENCE and after.looking_at == [fire, giraffe]
    assert after.actions_left == 0 and steps[-1].kind == "look"
    assert legal_actions(after) == [Action(Act.CHOOSE_DISCARD, 0), Action(Act.CHOOSE_DISCARD, 1)]
    final, _ = apply(after, Action(Act.CHOOSE_DISCARD, 0))
    assert final.discard[-1] == fire and final.deck[-1] == giraffe
    assert final.phase == Phase.ACTIONS


def test_RU_influence_deck_a_short_deck_gets_the_discard_pile_under_it() -> None:
    state = position(guides=("kate", "sam"))
    state.discard = state.deck[:-1]
    state.deck = state.deck[-1:]
    top = state.deck[0]
    after, steps = apply(state, INFLUENCE)
    assert any(s.rule == "RU-influence-deck" for s in steps)
    assert after.looking_at[0] == top and len(after.deck) == 43


def test_R_extra_animal_four_actions_roll_and_place() -> None:
    state = position(guides=("kate", "sam"), rolls=["d4"])
    after, steps = apply(state, EXTRA_ANIMAL)
    assert after.actions_left == 0 and after.token_at[at(after, "d4")] >= 0
    assert steps[0].rule == "R-extra-animal"


def test_RU_extra_animal_only_while_animals_remain_in_the_supply() -> None:
    state = position(guides=("kate", "sam"))
    state.discarded = state.animal_supply
    state.animal_supply = []
    assert EXTRA_ANIMAL not in legal_actions(state)
    with pytest.raises(IllegalAction, match="No face-down animal"):
        apply(state, EXTRA_ANIMAL)


def give(giver: int, receiver: int, amount: int, resource: int) -> Action:
    return Action(Act.EXCHANGE, receiver, amount, giver, resource)


def test_R_exchange_is_free_between_vehicles_in_clear_view() -> None:
    state = position(guides=("kate", "sam"), at=("c1", "c2"), fuel=5)
    after, steps = apply(state, give(0, 1, 2, FUEL))
    assert after.fuel == [3, 7] and after.actions_left == 4 and steps[0].rule == "R-exchange"
    apart = position(guides=("kate", "sam"), at=("c1", "h1"))
    with pytest.raises(IllegalAction, match="clear view"):
        apply(apart, give(0, 1, 1, FUEL))


def test_RU_exchange_never_above_the_cap_and_fuel_down_to_0() -> None:
    state = position(guides=("kate", "jack"), at=("c1", "c2"), food=5)
    state.food = [5, 7]
    assert give(0, 1, 1, FOOD) in legal_actions(state)
    assert give(0, 1, 2, FOOD) not in legal_actions(state)
    with pytest.raises(IllegalAction, match="Jack has room for only 1 more food"):
        apply(state, give(0, 1, 2, FOOD))
    state.fuel = [1, 2]
    assert give(0, 1, 1, FUEL) in legal_actions(state)  # fuel may go down to 0


def test_RU_exchange_giving_away_the_last_food_is_allowed_and_loses_at_once() -> None:
    state = position(guides=("kate", "jack"), at=("c1", "c2"), food=1)
    last = give(0, 1, 1, FOOD)
    assert last in legal_actions(state)
    assert loses_at_once(state, last) == "Kate has run out of food. The safari is lost."
    after, steps = apply(state, last)
    assert after.food == [0, 2] and after.outcome == "lost:food"
    assert [s.rule for s in steps] == ["R-exchange", "R-end-food"]


def test_RU_exchange_only_a_losing_exchange_is_foreseen() -> None:
    state = position(guides=("kate", "jack"), at=("c1", "c2"), food=3)
    assert loses_at_once(state, give(0, 1, 2, FOOD)) is None  # Kate keeps 1
    assert loses_at_once(state, DRAW) is None  # a card is never told in advance


def test_RU_exchange_either_direction_and_not_only_the_active_guide() -> None:
    state = position(guides=("kate", "jack", "sam"), at=("c1", "c2", "c3"), fuel=4)
    assert give(1, 2, 1, FUEL) in legal_actions(state)


def test_the_exchange_memo_stays_bounded_and_shares_equal_pairs_between_places() -> None:
    state = position(guides=("kate", "jack", "sam"), at=("c1", "c2", "c3"))
    for first in range(60):
        for second in range(0, 60, 7):
            state.vehicle = [first, second, 30]
            legal_actions(state)
    memo = state.game.exchange_pairs
    assert len(memo) <= EXCHANGE_PAIRS_KEPT
    linked = [pairs for pairs in memo.values() if pairs]
    assert len(linked) > len(set(linked))  # places with the same vehicles in view
    assert len({id(pairs) for pairs in linked}) == len(set(linked))  # one copy of each


def test_R_turn_card_a_turn_starts_with_drawing_an_event_card() -> None:
    state = position(phase=Phase.DRAW)
    assert legal_actions(state) == [DRAW]
    after, steps = apply(state, DRAW)
    assert steps[0].rule == "R-turn-card" and after.phase == Phase.ACTIONS
    assert len(after.deck) == 44


def test_R_turn_actions_unused_actions_are_lost_at_the_end_of_the_turn() -> None:
    state = position(guides=("kate", "sam"))
    after, steps = apply(state, END)
    assert after.seat == 1 and after.actions_left == 4 and after.phase == Phase.DRAW
    assert any(s.rule == "R-turn-actions" for s in steps)


def test_R_turn_order_turns_go_round_the_seats_in_order() -> None:
    state = position(guides=("kate", "sam", "jack"), at=("s1", "c1", "h1"))
    seats = []
    for _ in range(4):
        state, _ = apply(state, END)
        seats.append(state.seat)
        state.phase = Phase.ACTIONS
    assert seats == [1, 2, 0, 1]


def test_RU_turn_order_seat_one_begins() -> None:
    from bigfive_tui.engine.content import Difficulty, Guide
    from bigfive_tui.engine.setup import new_game
    from bigfive_tui.engine.state import Game

    state, _ = new_game(Game(open_board(), (Guide.SAM, Guide.KATE), Difficulty.NORMAL, seed=4))
    assert state.seat == 0 and state.guide == Guide.SAM and state.phase == Phase.DRAW


def test_RU_full_track_food_at_a_full_track_moves_the_token_but_refuelling_is_refused() -> None:
    state = position(guides=("sam", "kate"), at=("s2", "h1"), fuel=10, food=10, rolls=["d3"])
    place(state, FOOD_TOKENS[0], "s3", face_up=True)
    kinds = {a.kind for a in legal_actions(state)}
    assert Act.REFUEL not in kinds and Act.REPLENISH in kinds
    with pytest.raises(IllegalAction, match="fuel track is already full"):
        apply(state, REFUEL)
    after, steps = act(state, Act.REPLENISH, "s3")
    assert after.food[0] == 10  # the cube stays at the top
    assert after.token_cell[FOOD_TOKENS[0]] == at(after, "d3")  # the token moves on
    assert [s.rule for s in steps] == ["RU-full-track", "R-dice-space", "R-foodtoken-move"]
    assert "nothing is gained" in steps[0].text


# A hill (♠2) beside a bush: from the hill one sees the ground (♠1) over the bush, not back.
BUSH_HILL = open_board({0: {"spaces": ["s1 h2 s3", "s4 sa s5", "s6 sb sc"], "bushes": ["1-2"]}})


def test_RU_repair_view_the_repairer_needs_its_own_clear_view_of_the_vehicle() -> None:
    state = position(guides=("jack", "kate"), at=("s1", "s2"), board=BUSH_HILL)
    state.flat[1] = 2  # Kate on the hill, repairable; Jack below, behind the bush
    assert Action(Act.REPAIR_VEHICLE, 1) not in legal_actions(state)
    with pytest.raises(IllegalAction, match="Kate on the hill sees Jack over the bush, but Jack"):
        apply(state, Action(Act.REPAIR_VEHICLE, 1))


def test_RU_repair_view_from_the_hill_a_vehicle_below_can_be_repaired() -> None:
    state = position(guides=("kate", "jack"), at=("s2", "s1"), board=BUSH_HILL)
    state.flat[1] = 2
    after, steps = apply(state, Action(Act.REPAIR_VEHICLE, 1))
    assert after.flat[1] == 0 and steps[0].rule == "R-repair-vehicle"


def test_RU_clear_view_an_exchange_needs_clear_view_both_ways() -> None:
    state = position(guides=("kate", "jack"), at=("s2", "s1"), board=BUSH_HILL, fuel=5)
    assert not any(a.kind == Act.EXCHANGE for a in legal_actions(state))
    with pytest.raises(IllegalAction, match="an exchange needs clear view both ways"):
        apply(state, give(0, 1, 1, FUEL))
    both_hills = open_board(
        {0: {"spaces": ["h1 h2 s3", "s4 sa s5", "s6 sb sc"], "bushes": ["1-2"]}}
    )
    state = position(guides=("kate", "jack"), at=("s2", "s1"), board=both_hills, fuel=5)
    assert give(0, 1, 1, FUEL) in legal_actions(state)
