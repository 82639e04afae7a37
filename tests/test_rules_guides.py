"""The five guides and their abilities (R-jack-*, R-david-*, R-anna-*, R-kate-*, R-sam-*)."""

from __future__ import annotations

from boards import open_board
from positions import card_of, cell, place, position

from bigfive_tui.engine.actions import DRAW, END, REFUEL, TOKEN_USE, Act, Action
from bigfive_tui.engine.apply_action import apply
from bigfive_tui.engine.content import FOOD_TOKENS, CardKind, Species
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.state import GameState, Phase

LION = 0
BUSHY = open_board({1: {"spaces": ["s1 s2 s3", "s4 sa s5", "s6 sb sc"], "bushes": ["1-2"]}})
BUSH_THEN_HILL = open_board(
    {1: {"spaces": ["s1 h2 s3", "s4 sa s5", "s6 sb sc"], "bushes": ["1-2"]}}
)
HILLY = open_board({1: {"spaces": ["s1 h2 s3", "s4 sa s5", "s6 sb sc"]}})


def at(state: GameState, name: str) -> int:
    return cell(state.game.board, name)


def test_R_jack_extinguish_driving_onto_a_burning_piece_puts_out_its_fires() -> None:
    state = position(guides=("jack", "kate"), at=("s5", "h1"))
    state.fires[at(state, "c6")] = 2
    state.fires[at(state, "c1")] = 1
    state.fire_supply = 7
    after, steps = apply(state, Action(Act.MOVE, at(state, "c4")))
    assert sum(after.fires) == 0 and after.fire_supply == 10
    assert [s.rule for s in steps].count("R-jack-extinguish") == 2
    assert after.actions_left == 3
    texts = [s.text for s in steps if s.rule == "R-jack-extinguish"]
    assert "Jack puts out 2 fires on ♣6 for free." in texts
    assert "Jack puts out the fire on ♣1 for free." in texts


def test_R_jack_extinguish_his_extinguish_action_is_free() -> None:
    state = position(guides=("jack", "kate"), at=("s5", "h1"))
    state.fires[at(state, "c4")] = 1
    state.fire_supply = 9
    after, _ = apply(state, Action(Act.EXTINGUISH, at(state, "c4")))
    assert after.actions_left == 4 and after.fire_supply == 10


def test_R_jack_prevent_no_fire_is_placed_on_his_piece() -> None:
    state = position(
        guides=("kate", "jack"),
        at=("h1", "c5"),
        phase=Phase.DRAW,
        top_cards=[card_of(CardKind.FIRE)],
        rolls=["c1"],
    )
    after, _ = apply(state, DRAW)
    assert sum(after.fires) == 0


def test_RU_jack_fires_on_his_piece_go_out_when_he_arrives_by_detour() -> None:
    state = position(guides=("jack", "kate"), at=("s1", "h1"))
    state.fires[at(state, "nb")] = 1
    state.fire_supply = 9
    after, _ = apply(state, Action(Act.DETOUR))
    assert after.vehicle[0] == 80 and sum(after.fires) == 0


def test_R_david_bushes_david_drives_through_bushes() -> None:
    state = position(guides=("david", "kate"), at=("c1", "h1"), board=BUSHY)
    assert Action(Act.MOVE, at(state, "c2")) in legal_actions(state)
    other = position(guides=("kate", "david"), at=("c1", "h1"), board=BUSHY)
    assert Action(Act.MOVE, at(other, "c2")) not in legal_actions(other)


def test_R_david_bushes_the_log_names_the_bushes_and_the_hill() -> None:
    state = position(guides=("david", "kate"), at=("c1", "h1"), board=BUSH_THEN_HILL)
    after, steps = apply(state, Action(Act.MOVE, at(state, "c2")))
    assert after.actions_left == 2  # the hill costs its extra action; the bushes cost nothing
    assert [step.rule for step in steps] == ["R-david-bushes", "R-move-hill"]


def test_R_david_bushes_david_cannot_see_through_bushes() -> None:
    state = position(guides=("david", "kate"), at=("c1", "h1"), board=BUSHY)
    place(state, LION, "c2")
    assert Action(Act.SPOT, at(state, "c2")) not in legal_actions(state)


def test_R_david_repair_free_for_vehicles_and_gates() -> None:
    state = position(guides=("david", "kate"), at=("s2", "s4"))
    state.flat[1] = 2
    after, steps = apply(state, Action(Act.REPAIR_VEHICLE, 1))
    assert after.flat[1] == 0 and after.actions_left == 4 and steps[0].rule == "R-david-repair"
    gate = card_of(CardKind.BROKEN_GATE, gate=0)
    after.deck.remove(gate)
    after.lasting.append((gate, 0))
    mended, _ = apply(after, Action(Act.REPAIR_GATE, 0))
    assert mended.broken_gates() == [] and mended.actions_left == 4


def test_R_anna_token_use_it_for_one_more_action() -> None:
    state = position(guides=("anna", "kate"), at=("s1", "h1"))
    after, steps = apply(state, TOKEN_USE)
    assert after.actions_left == 5 and steps[0].rule == "R-anna-token"
    assert TOKEN_USE not in legal_actions(after)


def test_R_anna_token_lend_it_the_receiver_uses_it_then_returns_it() -> None:
    state = position(guides=("anna", "kate", "sam"), at=("s1", "h1", "c1"))
    lent, _ = apply(state, Action(Act.TOKEN_GIVE, 2))
    assert lent.token_holder == 2 and lent.actions_left == 4
    kate_turn, _ = apply(lent, END)
    assert kate_turn.actions_left == 4
    kate_turn.phase = Phase.ACTIONS
    sam_turn, _ = apply(kate_turn, END)
    assert sam_turn.actions_left == 5
    sam_turn.phase = Phase.ACTIONS
    back, _ = apply(sam_turn, END)
    assert back.token_holder == 0 and back.seat == 0 and back.actions_left == 4


def test_RU_anna_only_anna_decides_and_once_a_turn() -> None:
    state = position(guides=("kate", "anna"), at=("s1", "h1"))
    state.token_holder = 1
    assert TOKEN_USE not in legal_actions(state)


def test_R_kate_spot_at_any_distance_along_straight_lines_for_free() -> None:
    state = position(guides=("kate", "jack"), at=("s1", "h1"))
    place(state, LION, "h3")  # (8, 0): on the straight line east of ♠1
    after, steps = apply(state, Action(Act.SPOT, at(state, "h3")))
    assert after.spotted[0] & (1 << Species.LION) and after.actions_left == 4
    assert steps[0].rule == "R-kate-spot"


def test_R_kate_spot_not_off_the_straight_lines() -> None:
    state = position(guides=("kate", "jack"), at=("s1", "h1"))
    place(state, LION, "t5")
    assert Action(Act.SPOT, at(state, "t5")) not in legal_actions(state)


def test_RU_kate_free_spotting_next_to_her_is_free_too() -> None:
    state = position(guides=("kate", "jack"), at=("s1", "h1"), actions=0)
    place(state, LION, "s2")
    after, steps = apply(state, Action(Act.SPOT, at(state, "s2")))
    assert after.actions_left == 0 and steps[0].rule == "RU-kate-free"


def test_RU_kate_lines_a_bush_stops_her_line_on_the_ground() -> None:
    state = position(guides=("kate", "jack"), at=("c1", "h1"), board=BUSHY)
    place(state, LION, "c3")
    assert Action(Act.SPOT, at(state, "c3")) not in legal_actions(state)


def test_R_sam_hill_sam_drives_up_a_hill_for_one_action() -> None:
    state = position(guides=("sam", "kate"), at=("c1", "h1"), board=HILLY)
    after, steps = apply(state, Action(Act.MOVE, at(state, "c2")))
    assert after.actions_left == 3 and steps[0].rule == "R-sam-hill"


def test_R_sam_tracks_sam_has_longer_tracks() -> None:
    state = position(guides=("sam", "kate"), at=("s2", "h1"), fuel=3)
    after, _ = apply(state, REFUEL)
    assert after.fuel[0] == 10 and after.game.caps == (10, 8)


def test_R_sam_food_four_food_from_a_food_token() -> None:
    state = position(guides=("sam", "kate"), at=("c2", "h1"), food=3, rolls=["d2"])
    place(state, FOOD_TOKENS[0], "c1", face_up=True)
    after, steps = apply(state, Action(Act.REPLENISH, at(state, "c1")))
    assert after.food[0] == 7 and steps[0].rule == "R-sam-food"


def test_R_sam_free_refuelling_and_food_cost_sam_nothing() -> None:
    state = position(guides=("sam", "kate"), at=("s2", "h1"), fuel=3, food=3, rolls=["d2"])
    place(state, FOOD_TOKENS[0], "s3", face_up=True)
    refuelled, steps = apply(state, REFUEL)
    assert refuelled.actions_left == 4 and steps[0].rule == "R-sam-free"
    fed, _ = apply(refuelled, Action(Act.REPLENISH, at(state, "s3")))
    assert fed.actions_left == 4
