"""The 45 event cards and how long their effects last (R-card-*, RU-card-steps, RU-rain ...)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from boards import open_board
from positions import card_of, cell, position

from bigfive_tui.engine.actions import DRAW, END, Act, Action, IllegalAction, Step
from bigfive_tui.engine.apply_action import apply
from bigfive_tui.engine.content import CARDS, CardKind
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.refusals import why_not_kind
from bigfive_tui.engine.state import GameState, Phase

RIVERY = open_board({1: {"spaces": ["s1 s2 s3", "s4 sa s5", "s6 sb sc"], "rivers": ["1-2"]}})


def drawn(card: int, **kw: Any) -> tuple[GameState, list[Step]]:
    state = position(phase=Phase.DRAW, top_cards=[card], **kw)
    return apply(state, DRAW)


def next_turn(state: GameState) -> GameState:
    after, _ = apply(state, END)
    return after


def test_R_card_deck_forty_five_cards_in_twelve_kinds() -> None:
    counts = Counter(card.kind for card in CARDS)
    assert counts == {
        CardKind.FIRE: 11, CardKind.ANIMAL: 8, CardKind.WILDEBEEST: 3, CardKind.GIRAFFE: 2,
        CardKind.LOST_FOOD: 2, CardKind.STOLEN_FOOD: 3, CardKind.OVERHEATED: 4,
        CardKind.LEAKY: 2, CardKind.RAIN: 3, CardKind.HIPPOS: 3, CardKind.FLAT_TYRE: 2,
        CardKind.BROKEN_GATE: 2,
    }  # fmt: skip


def test_R_card_deck_an_empty_deck_is_made_from_the_shuffled_discard_pile() -> None:
    state = position(phase=Phase.DRAW)
    state.discard, state.deck = state.deck, []
    after, steps = apply(state, DRAW)
    assert steps[0].rule == "R-card-deck"
    assert len(after.deck) + len(after.discard) == 45


def test_R_turn_card_the_card_step_counts_the_steps_of_its_effects() -> None:
    _, steps = drawn(card_of(CardKind.FIRE), rolls=["d2"], at=("t1", "c1"))
    index = next(i for i, step in enumerate(steps) if step.kind == "card")
    card = steps[index]
    assert CARDS[card.card].kind == CardKind.FIRE
    assert card.caused == len(steps) - index - 1 >= 2  # the roll and the fire


def test_R_card_fire_places_a_fire() -> None:
    after, steps = drawn(card_of(CardKind.FIRE), rolls=["d2"], at=("t1", "c1"))
    assert after.fires[cell(after.game.board, "d2")] == 1
    assert any(s.rule == "R-card-fire" for s in steps)


def test_R_card_animal_places_an_animal_face_down() -> None:
    after, _ = drawn(card_of(CardKind.ANIMAL), rolls=["d2"], at=("t1", "c1"))
    token = after.token_at[cell(after.game.board, "d2")]
    assert 0 <= token < 15 and not after.face_up[token]


def test_R_card_animal_without_animals_left_it_does_nothing() -> None:
    state = position(phase=Phase.DRAW, top_cards=[card_of(CardKind.ANIMAL)])
    state.discarded, state.animal_supply = state.animal_supply, []
    state.spotted = [0b01111, 0b01111]  # nobody needs the lost species; the buffalo is missing
    after, steps = apply(state, DRAW)
    assert len(after.deck) == 44 and after.phase == Phase.ACTIONS
    assert after.script_pos == 0 and any("No animal tokens" in s.text for s in steps)


def test_R_card_wildebeest_one_extra_action() -> None:
    after, _ = drawn(card_of(CardKind.WILDEBEEST))
    assert after.actions_left == 5


def test_R_card_giraffe_two_extra_actions() -> None:
    after, _ = drawn(card_of(CardKind.GIRAFFE))
    assert after.actions_left == 6


def test_R_card_lost_food_and_RU_card_steps_two_food_from_your_vehicle() -> None:
    after, _ = drawn(card_of(CardKind.LOST_FOOD), food=5)
    assert after.food == [3, 5]


def test_R_card_stolen_food_one_food_from_your_vehicle() -> None:
    after, _ = drawn(card_of(CardKind.STOLEN_FOOD, all_vehicles=False), food=5)
    assert after.food == [4, 5]


def test_R_card_overheated_two_fuel_from_your_vehicle() -> None:
    after, _ = drawn(card_of(CardKind.OVERHEATED, all_vehicles=False), fuel=5)
    assert after.fuel == [3, 5]


def test_R_card_leaky_three_fuel_from_your_vehicle() -> None:
    after, _ = drawn(card_of(CardKind.LEAKY), fuel=5)
    assert after.fuel == [2, 5]


def test_R_card_all_vehicles_cards_with_several_vehicles_hit_everybody() -> None:
    after, steps = drawn(card_of(CardKind.OVERHEATED, all_vehicles=True), fuel=5)
    assert after.fuel == [4, 4]
    assert any(s.rule == "R-card-all-vehicles" for s in steps)
    fed, _ = drawn(card_of(CardKind.STOLEN_FOOD, all_vehicles=True), food=5)
    assert fed.food == [4, 4]


def test_RU_card_steps_the_whole_deck_and_tracks_never_below_zero() -> None:
    steps = {
        (c.kind, c.steps, c.all_vehicles)
        for c in CARDS
        if c.kind in (CardKind.LOST_FOOD, CardKind.STOLEN_FOOD, CardKind.OVERHEATED, CardKind.LEAKY)
    }
    assert steps == {
        (CardKind.LOST_FOOD, 2, False), (CardKind.STOLEN_FOOD, 1, False),
        (CardKind.STOLEN_FOOD, 1, True), (CardKind.OVERHEATED, 2, False),
        (CardKind.OVERHEATED, 1, True), (CardKind.LEAKY, 3, False),
    }  # fmt: skip
    after, _ = drawn(card_of(CardKind.LEAKY), fuel=2)
    assert after.fuel[0] == 0


def test_R_card_rain_no_vehicle_crosses_rivers() -> None:
    state = position(phase=Phase.DRAW, top_cards=[card_of(CardKind.RAIN)], at=("c1", "c4"),
                     board=RIVERY)  # fmt: skip
    after, _ = apply(state, DRAW)
    assert Action(Act.MOVE, cell(RIVERY, "c2")) not in legal_actions(after)


def test_RU_rain_lasts_until_the_drawers_next_turn() -> None:
    state = position(phase=Phase.DRAW, top_cards=[card_of(CardKind.RAIN)], at=("c1", "c2"),
                     board=RIVERY)  # fmt: skip
    after, _ = apply(state, DRAW)
    second = next_turn(after)
    assert second.rain()
    second.phase = Phase.ACTIONS
    assert Action(Act.MOVE, cell(RIVERY, "c1")) not in legal_actions(second)
    back = next_turn(second)
    assert not back.rain() and card_of(CardKind.RAIN) in back.discard


def test_R_card_hippos_and_RU_hippos_only_you_only_this_turn() -> None:
    state = position(phase=Phase.DRAW, top_cards=[card_of(CardKind.HIPPOS)], at=("c1", "c2"),
                     board=RIVERY)  # fmt: skip
    after, _ = apply(state, DRAW)
    assert Action(Act.MOVE, cell(RIVERY, "c2")) not in legal_actions(after)
    other = next_turn(after)
    other.phase = Phase.ACTIONS
    assert Action(Act.MOVE, cell(RIVERY, "c1")) in legal_actions(other)
    assert card_of(CardKind.HIPPOS) in other.discard


def test_R_card_flat_tyre_no_driving_and_no_repair_until_the_next_turn() -> None:
    flat = card_of(CardKind.FLAT_TYRE)
    state = position(guides=("kate", "sam"), phase=Phase.DRAW, top_cards=[flat],
                     at=("c1", "c2"), actions=4)  # fmt: skip
    after, _ = apply(state, DRAW)
    assert after.flat[0] == 1 and (flat, 0) in after.lasting
    assert not any(a.kind in (Act.MOVE, Act.REPAIR_VEHICLE) for a in legal_actions(after))
    with pytest.raises(IllegalAction, match="before its owner's next turn"):
        apply(after, Action(Act.REPAIR_VEHICLE, 0))
    sams = next_turn(after)
    sams.phase = Phase.ACTIONS
    assert Action(Act.REPAIR_VEHICLE, 0) not in legal_actions(sams)
    kates = next_turn(sams)
    kates.phase = Phase.ACTIONS
    assert Action(Act.REPAIR_VEHICLE, 0) in legal_actions(kates)


def test_RU_flat_tyre_others_repair_on_their_own_turn_after_the_owners_next_turn() -> None:
    flat = card_of(CardKind.FLAT_TYRE)
    state = position(guides=("kate", "sam"), at=("c1", "c2"))
    state.flat[0] = 2
    state.deck.remove(flat)
    state.lasting.append((flat, 0))
    state.seat = 1
    assert Action(Act.REPAIR_VEHICLE, 0) in legal_actions(state)
    state.flat[0] = 1
    assert Action(Act.REPAIR_VEHICLE, 0) not in legal_actions(state)
    assert why_not_kind(state, Act.REPAIR_VEHICLE) == (
        "Kate's flat tyre can be repaired from Kate's next turn on."
    )


def test_RU_flat_tyre_again_a_second_card_stops_the_repair_until_the_next_turn() -> None:
    first, second = [i for i, c in enumerate(CARDS) if c.kind == CardKind.FLAT_TYRE]
    state = position(
        guides=("kate", "david"), at=("c1", "c2"), phase=Phase.DRAW, top_cards=[second]
    )
    state.flat[0] = 2  # flat since Kate's last turn: repairable now
    state.deck.remove(first)
    state.lasting.append((first, 0))
    after, steps = apply(state, DRAW)
    assert after.flat[0] == 1  # not repairable again before Kate's next turn
    assert (first, 0) in after.lasting and (second, 0) in after.lasting  # both lie out
    assert second not in after.discard
    assert any(s.rule == "RU-flat-tyre-again" for s in steps)
    assert not any(a.kind == Act.REPAIR_VEHICLE for a in legal_actions(after))
    after, _ = apply(after, END)  # David's turn: still not repairable
    after, _ = apply(after, DRAW)
    assert Action(Act.REPAIR_VEHICLE, 0) not in legal_actions(after)


def test_RU_flat_tyre_again_one_repair_discards_both_cards() -> None:
    first, second = [i for i, c in enumerate(CARDS) if c.kind == CardKind.FLAT_TYRE]
    state = position(guides=("kate", "david"), at=("c1", "c2"))
    state.flat[0] = 2
    for card in (first, second):
        state.deck.remove(card)
        state.lasting.append((card, 0))
    after, _ = apply(state, Action(Act.REPAIR_VEHICLE, 0))
    assert after.flat[0] == 0 and not after.lasting
    assert after.discard[-2:] == [first, second]


def test_R_card_broken_gate_no_vehicle_can_be_repaired_while_it_is_broken() -> None:
    gate = card_of(CardKind.BROKEN_GATE, gate=0)
    state = position(guides=("kate", "sam"), phase=Phase.DRAW, top_cards=[gate], at=("c1", "c2"))
    state.flat[1] = 2
    after, steps = apply(state, DRAW)
    assert after.broken_gates() == [0] and any(s.rule == "R-card-broken-gate" for s in steps)
    assert Action(Act.REPAIR_VEHICLE, 1) not in legal_actions(after)
    with pytest.raises(IllegalAction, match="gate is broken"):
        apply(after, Action(Act.REPAIR_VEHICLE, 1))


def test_RU_broken_gate_each_card_breaks_its_own_gate() -> None:
    west, east = card_of(CardKind.BROKEN_GATE, gate=0), card_of(CardKind.BROKEN_GATE, gate=1)
    assert (CARDS[west].gate, CARDS[east].gate) == (0, 1)
    after, _ = drawn(east)
    assert after.broken_gates() == [1] and (east, 1) in after.lasting
    both = position(phase=Phase.DRAW, top_cards=[west])
    both.deck.remove(east)
    both.lasting.append((east, 1))
    result, _ = apply(both, DRAW)
    assert sorted(result.broken_gates()) == [0, 1]


def test_RU_broken_gate_refuelling_still_works_at_a_broken_gate() -> None:
    gate = card_of(CardKind.BROKEN_GATE, gate=0)
    state = position(at=("s2", "c1"), fuel=2)
    state.deck.remove(gate)
    state.lasting.append((gate, 0))
    assert Action(Act.REFUEL) in legal_actions(state)


def test_RU_deck_lasting_lasting_cards_are_neither_in_deck_nor_discard() -> None:
    rain = card_of(CardKind.RAIN)
    state = position(phase=Phase.DRAW, top_cards=[rain])
    state.discard, state.deck = state.deck[:-1], state.deck[-1:]
    after, _ = apply(state, DRAW)
    assert rain not in after.deck and rain not in after.discard
    after.phase = Phase.ACTIONS
    nxt = next_turn(after)
    nxt, steps = apply(nxt, DRAW)
    assert any(s.rule == "R-card-deck" for s in steps)
    assert rain not in nxt.deck and (rain, 0) in nxt.lasting
