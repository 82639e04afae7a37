"""Dice rules: what happens when a fire, an animal, the buffalo or a food token is rolled."""

from __future__ import annotations

from positions import card_of, cell, place, position

from bigfive_tui.engine.actions import DRAW, Act, Action, Step
from bigfive_tui.engine.apply_action import apply
from bigfive_tui.engine.content import BUFFALO_TOKEN, FOOD_TOKENS, CardKind
from bigfive_tui.engine.state import GameState, Phase

FIRE = card_of(CardKind.FIRE)
ANIMAL = card_of(CardKind.ANIMAL)
LION, LEOPARD = 0, 3


def draw(state: GameState) -> tuple[GameState, list[Step]]:
    return apply(state, DRAW)


def test_R_dice_space_symbol_and_number_name_one_space() -> None:
    state = position(phase=Phase.DRAW, top_cards=[FIRE], rolls=["d4"])
    after, steps = draw(state)
    assert after.fires[cell(after.game.board, "d4")] == 1
    assert any(step.rule == "R-dice-space" and "♦4" in step.text for step in steps)


def test_R_dice_one_token_never_two_tokens_on_a_space() -> None:
    state = position(phase=Phase.DRAW, top_cards=[ANIMAL], rolls=["d4", "d5"])
    place(state, LION, "d4")
    after, _ = draw(state)
    assert after.token_at[cell(after.game.board, "d5")] != -1
    assert after.token_at[cell(after.game.board, "d4")] == LION


def test_R_fire_stack_fires_share_spaces_with_fires_vehicles_and_food() -> None:
    state = position(phase=Phase.DRAW, top_cards=[FIRE], rolls=["c1"], at=("t1", "c1"))
    state.fires[cell(state.game.board, "c1")] = 1
    state.fire_supply = 9
    place(state, FOOD_TOKENS[0], "c1", face_up=True)
    after, _ = draw(state)
    assert after.fires[cell(after.game.board, "c1")] == 2
    assert after.fire_supply == 8
    assert after.token_cell[FOOD_TOKENS[0]] == cell(after.game.board, "c1")


def test_R_fire_jack_a_fire_on_jacks_piece_is_never_placed() -> None:
    state = position(phase=Phase.DRAW, top_cards=[FIRE], rolls=["s5"], at=("s1", "c1"))
    after, steps = draw(state)
    assert sum(after.fires) == 0 and after.fire_supply == 10
    assert any(step.rule == "R-fire-jack" for step in steps)


def test_R_fire_chase_animals_on_the_burning_piece_leave_the_game() -> None:
    state = position(phase=Phase.DRAW, top_cards=[FIRE], rolls=["d4"], at=("t1", "c1"))
    place(state, LION, "d1")
    place(state, LEOPARD, "d6", face_up=True)
    after, _ = draw(state)
    assert sorted(after.discarded) == [LION, LEOPARD]
    assert after.token_cell[LION] == -1 and after.face_up[LION]
    assert after.token_cell[LEOPARD] == -1


def test_R_fire_x_no_fire_marker_is_placed() -> None:
    state = position(phase=Phase.DRAW, top_cards=[FIRE], rolls=["X"])
    after, steps = draw(state)
    assert after.fire_supply == 10
    assert any(step.rule == "R-fire-x" for step in steps)


def test_R_animal_reroll_an_occupied_space_is_rolled_again() -> None:
    state = position(phase=Phase.DRAW, top_cards=[ANIMAL], rolls=["d4", "d4", "h2"])
    place(state, LION, "d4")
    after, steps = draw(state)
    assert sum(step.rule == "R-animal-reroll" for step in steps) == 2
    assert after.token_at[cell(after.game.board, "h2")] not in (-1, LION)


def test_R_animal_vehicle_animals_may_share_a_space_with_a_vehicle() -> None:
    state = position(phase=Phase.DRAW, top_cards=[ANIMAL], rolls=["c1"], at=("s1", "c1"))
    after, _ = draw(state)
    token = after.token_at[cell(after.game.board, "c1")]
    assert token >= 0 and not after.face_up[token]


def test_R_animal_burning_an_animal_rolled_onto_a_burning_piece_leaves_the_game() -> None:
    state = position(phase=Phase.DRAW, top_cards=[ANIMAL], rolls=["d4"], at=("t1", "c1"))
    state.fires[cell(state.game.board, "d1")] = 1
    state.fire_supply = 9
    top = state.animal_supply[-1]
    after, _ = draw(state)
    assert after.discarded == [top] and after.face_up[top]
    assert after.token_at[cell(after.game.board, "d4")] == -1


def test_RU_animal_occupied_an_occupied_space_on_a_burning_piece_is_rolled_again() -> None:
    state = position(phase=Phase.DRAW, top_cards=[ANIMAL], rolls=["d4", "h2"], at=("t1", "c1"))
    state.fires[cell(state.game.board, "d1")] = 1
    state.fire_supply = 9
    place(state, LION, "d4")
    after, steps = draw(state)
    assert any(step.rule == "R-animal-reroll" for step in steps)
    assert after.discarded == [] and after.token_at[cell(after.game.board, "h2")] >= 0


def test_R_animal_x_the_animal_stays_face_down_in_the_supply() -> None:
    state = position(phase=Phase.DRAW, top_cards=[ANIMAL], rolls=["X"])
    supply = list(state.animal_supply)
    after, _ = draw(state)
    assert after.animal_supply == supply


def test_R_buffalo_reroll_the_buffalo_is_never_put_on_a_token() -> None:
    state = position(phase=Phase.DRAW, top_cards=[FIRE], rolls=["d4", "t2", "t3"], at=("n1", "c1"))
    place(state, BUFFALO_TOKEN, "d1", face_up=True)
    place(state, LION, "t2")
    after, steps = draw(state)
    assert any(step.rule == "R-buffalo-reroll" for step in steps)
    assert after.token_cell[BUFFALO_TOKEN] == cell(after.game.board, "t3")


def test_R_buffalo_vehicle_the_buffalo_may_share_a_space_with_a_vehicle() -> None:
    state = position(phase=Phase.DRAW, top_cards=[FIRE], rolls=["d4", "c1"], at=("n1", "c1"))
    place(state, BUFFALO_TOKEN, "d1", face_up=True)
    after, _ = draw(state)
    assert after.token_cell[BUFFALO_TOKEN] == cell(after.game.board, "c1")


def test_R_buffalo_burning_the_buffalo_never_lands_on_a_burning_piece() -> None:
    state = position(phase=Phase.DRAW, top_cards=[FIRE], rolls=["d4", "d2", "c2"], at=("n1", "h1"))
    place(state, BUFFALO_TOKEN, "d1", face_up=True)
    after, steps = draw(state)
    assert any(step.rule == "R-buffalo-burning" for step in steps)
    assert after.token_cell[BUFFALO_TOKEN] == cell(after.game.board, "c2")
    assert BUFFALO_TOKEN not in after.discarded


def test_R_buffalo_x_an_x_is_rolled_again() -> None:
    state = position(phase=Phase.DRAW, top_cards=[FIRE], rolls=["d4", "X", "c2"], at=("n1", "h1"))
    place(state, BUFFALO_TOKEN, "d1", face_up=True)
    after, steps = draw(state)
    assert any(step.rule == "R-buffalo-x" for step in steps)
    assert after.token_cell[BUFFALO_TOKEN] == cell(after.game.board, "c2")


def test_RU_buffalo_chased_a_fire_on_the_buffalos_piece_moves_it() -> None:
    state = position(phase=Phase.DRAW, top_cards=[FIRE], rolls=["d4", "c3"], at=("n1", "h1"))
    place(state, BUFFALO_TOKEN, "d1", face_up=True)
    after, steps = draw(state)
    assert any(step.rule == "RU-buffalo-chased" for step in steps)
    assert after.token_cell[BUFFALO_TOKEN] == cell(after.game.board, "c3")


def test_RU_no_space_the_buffalo_stays_when_every_piece_burns() -> None:
    state = position(phase=Phase.DRAW, top_cards=[FIRE], rolls=["d4"], at=("t1", "h1"))
    board = state.game.board
    for key in "schdtopbn":
        state.fires[cell(board, key + "6")] = 1
    state.fire_supply = 1
    place(state, BUFFALO_TOKEN, "d1", face_up=True)
    after, steps = draw(state)
    assert any(step.rule == "RU-no-space" for step in steps)
    assert after.token_cell[BUFFALO_TOKEN] == cell(board, "d1")


def replenish(state: GameState, name: str) -> tuple[GameState, list[Step]]:
    return apply(state, Action(Act.REPLENISH, cell(state.game.board, name)))


def test_R_foodtoken_reroll_food_is_never_put_on_a_token() -> None:
    state = position(at=("c1", "h1"), food=3, rolls=["d4", "d5"])
    place(state, FOOD_TOKENS[0], "c1", face_up=True)
    place(state, LION, "d4")
    after, steps = replenish(state, "c1")
    assert any(step.rule == "R-foodtoken-reroll" for step in steps)
    assert after.token_cell[FOOD_TOKENS[0]] == cell(after.game.board, "d5")


def test_R_foodtoken_share_food_may_lie_with_a_vehicle_or_a_fire() -> None:
    state = position(at=("c1", "h1"), food=3, rolls=["h1"])
    place(state, FOOD_TOKENS[0], "c1", face_up=True)
    state.fires[cell(state.game.board, "h1")] = 1
    state.fire_supply = 9
    after, _ = replenish(state, "c1")
    assert after.token_cell[FOOD_TOKENS[0]] == cell(after.game.board, "h1")


def test_R_foodtoken_move_the_food_token_moves_after_use() -> None:
    state = position(at=("c1", "h1"), food=3, rolls=["c1", "d2"])
    place(state, FOOD_TOKENS[0], "c1", face_up=True)
    after, steps = replenish(state, "c1")
    assert after.token_cell[FOOD_TOKENS[0]] == cell(after.game.board, "d2")
    assert any(step.rule == "R-foodtoken-move" for step in steps)
    # its own old space counts as occupied (RU-no-space)
    assert any(step.rule == "R-foodtoken-reroll" for step in steps)


def test_R_foodtoken_x_an_x_is_rolled_again() -> None:
    state = position(at=("c1", "h1"), food=3, rolls=["X", "d2"])
    place(state, FOOD_TOKENS[0], "c1", face_up=True)
    after, steps = replenish(state, "c1")
    assert any(step.rule == "R-foodtoken-x" for step in steps)
    assert after.token_cell[FOOD_TOKENS[0]] == cell(after.game.board, "d2")


def test_RU_entrance_token_counts_as_a_token_for_placement() -> None:
    # On the open test board the west tip is the numbered space ♠1.
    state = position(phase=Phase.DRAW, top_cards=[ANIMAL], rolls=["s1", "s2"], at=("t1", "c1"))
    after, steps = draw(state)
    assert any(step.rule == "R-animal-reroll" for step in steps)
    assert after.token_at[cell(after.game.board, "s2")] >= 0


def test_RU_entrance_token_fire_markers_may_land_on_a_park_entrance() -> None:
    state = position(phase=Phase.DRAW, top_cards=[FIRE], rolls=["s1"], at=("t1", "c1"))
    after, _ = draw(state)
    assert after.fires[0] == 1


def test_RU_fire_supply_no_fire_when_all_markers_are_out() -> None:
    state = position(phase=Phase.DRAW, top_cards=[FIRE], rolls=["d4"], at=("t1", "c1"))
    state.fires[cell(state.game.board, "h1")] = 10
    state.fire_supply = 0
    after, steps = draw(state)
    assert any(step.rule == "RU-fire-supply" for step in steps)
    assert after.fires[cell(after.game.board, "d4")] == 0
    assert after.script_pos == 0  # no dice were rolled
