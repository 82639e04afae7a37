"""Setting up a game (R-setup-*, R-start-order, RU-tracks, RU-start-fires-jack, RU-assembly)."""

from __future__ import annotations

import pytest
from boards import open_board

from bigfive_tui.assets import load_pieces, seeded_board
from bigfive_tui.engine.actions import IllegalAction, Step
from bigfive_tui.engine.board import GATE_CELLS
from bigfive_tui.engine.content import (
    BUFFALO_TOKEN,
    FOOD_TOKENS,
    GATE_TOKENS,
    Difficulty,
    Guide,
)
from bigfive_tui.engine.setup import new_game
from bigfive_tui.engine.state import Game, GameState, Phase

BOARD = open_board()


def setup(
    *guides: Guide, difficulty: Difficulty = Difficulty.NORMAL, seed: int = 7
) -> tuple[GameState, list[Step]]:
    return new_game(Game(BOARD, guides, difficulty, seed=seed))


def test_R_setup_board_nine_pieces_make_eighty_one_spaces() -> None:
    board = seeded_board(11)
    assert len(board.terrain) == 81 and len(set(board.slot)) == 9
    assert len({p.piece for p in board.placements}) == 9


def test_RU_assembly_random_boards_use_any_side_and_half_turns() -> None:
    sides = set()
    for seed in range(20):
        sides |= {(p.side, p.turned) for p in seeded_board(seed).placements}
    assert sides == {("A", False), ("A", True), ("B", False), ("B", True)}


def test_RU_space_names_symbol_and_number_or_letter() -> None:
    board = seeded_board(2)
    assert sorted(board.names) == sorted(
        symbol + label for symbol in board.symbols for label in "123456abc"
    )
    assert all(board.find(typed) == i for i, typed in enumerate(board.typed_names))


def test_RU_pieces_every_shipped_piece_side_is_valid() -> None:
    pieces = load_pieces()
    assert len(pieces) == 9
    assert len({p.symbol for p in pieces.values()}) == 9


def test_R_setup_entrances_park_entrance_tokens_on_both_tips() -> None:
    state, _ = setup(Guide.JACK, Guide.KATE)
    assert [state.token_at[c] for c in GATE_CELLS] == list(GATE_TOKENS)


def test_R_setup_guides_two_to_five_different_guides() -> None:
    with pytest.raises(IllegalAction):
        setup(Guide.JACK)
    with pytest.raises(IllegalAction):
        setup(Guide.JACK, Guide.JACK)
    state, _ = setup(*Guide)
    assert len(state.vehicle) == 5


def test_R_setup_anna_token_anna_holds_the_extra_action_token() -> None:
    state, _ = setup(Guide.KATE, Guide.ANNA)
    assert state.token_holder == 1
    without, _ = setup(Guide.KATE, Guide.SAM)
    assert without.token_holder == -1


def test_R_setup_start_spaces_numbered_and_on_different_pieces() -> None:
    for seed in range(30):
        state, _ = setup(*Guide, seed=seed)
        assert all(BOARD.number[c] for c in state.vehicle)
        assert len({BOARD.slot[c] for c in state.vehicle}) == 5
    with pytest.raises(IllegalAction, match="different board piece"):
        new_game(Game(BOARD, (Guide.JACK, Guide.KATE), Difficulty.NORMAL), [1, 2])
    with pytest.raises(IllegalAction, match="numbered"):
        new_game(Game(BOARD, (Guide.JACK, Guide.KATE), Difficulty.NORMAL), [10, 40])


def test_R_setup_bigfive_tokens_nobody_has_spotted_anything_yet() -> None:
    state, _ = setup(Guide.JACK, Guide.KATE)
    assert state.spotted == [0, 0]


def test_R_setup_fire_supply_ten_fire_markers() -> None:
    state, _ = setup(Guide.JACK, Guide.KATE)
    assert state.fire_supply + sum(state.fires) == 10


@pytest.mark.parametrize("difficulty, monkeys", [(0, 1), (1, 2), (2, 3)])
def test_R_setup_animals_twelve_animals_and_the_difficultys_monkeys(
    difficulty: int, monkeys: int
) -> None:
    state, _ = setup(Guide.JACK, Guide.KATE, difficulty=Difficulty(difficulty))
    on_board = [t for t in state.token_at if 0 <= t < 15]
    assert len(state.animal_supply) + len(state.discarded) + len(on_board) == 12 + monkeys


def test_R_setup_buffalo_the_buffalo_is_placed_apart_from_the_others() -> None:
    state, _ = setup(Guide.JACK, Guide.KATE)
    assert state.token_cell[BUFFALO_TOKEN] >= 0 and state.face_up[BUFFALO_TOKEN]
    assert BUFFALO_TOKEN not in state.animal_supply


@pytest.mark.parametrize("difficulty, food", [(0, 4), (1, 3), (2, 2)])
def test_R_setup_food_tokens_by_difficulty(difficulty: int, food: int) -> None:
    state, _ = setup(Guide.JACK, Guide.KATE, difficulty=Difficulty(difficulty))
    assert sum(state.token_cell[t] >= 0 for t in FOOD_TOKENS) == food


@pytest.mark.parametrize("difficulty, mark", [(0, 7), (1, 6), (2, 5)])
def test_R_setup_tracks_and_RU_tracks_start_marks(difficulty: int, mark: int) -> None:
    state, _ = setup(Guide.SAM, Guide.KATE, difficulty=Difficulty(difficulty))
    assert state.fuel == [mark, mark] and state.food == [mark, mark]
    assert state.game.caps == (10, 8)


def test_RU_tracks_sams_track_is_longer() -> None:
    state, _ = setup(Guide.SAM, Guide.KATE)
    assert state.game.caps[0] > state.game.caps[1] == 8


def test_R_setup_deck_forty_five_shuffled_cards() -> None:
    state, _ = setup(Guide.JACK, Guide.KATE)
    assert sorted(state.deck) == list(range(45))
    other, _ = setup(Guide.JACK, Guide.KATE, seed=8)
    assert other.deck != state.deck


def test_R_start_order_fires_then_animals_then_buffalo_then_food() -> None:
    _, steps = setup(Guide.JACK, Guide.KATE)
    purposes = [s.text.split(" for ")[1].rstrip(".") for s in steps if s.kind == "roll"]
    order = ["a fire", "an animal", "the buffalo", "a food token"]
    firsts = [purposes.index(p) for p in order]
    assert firsts == sorted(firsts)
    assert purposes.count("a fire") == 2


def test_RU_start_fires_jack_vehicles_are_placed_before_the_fires() -> None:
    _, steps = setup(Guide.JACK, Guide.KATE)
    kinds = [s.rule for s in steps]
    assert kinds.index("R-setup-start-spaces") < kinds.index("R-dice-space")


def test_R_setup_deck_the_game_then_waits_for_the_first_draw() -> None:
    state, _ = setup(Guide.JACK, Guide.KATE)
    assert state.phase == Phase.DRAW and state.turn == 1 and state.actions_left == 4


def test_RU_setup_loss_a_setup_that_already_loses_is_rolled_again() -> None:
    from positions import roll

    board = open_board()
    # Both starting fires, then all three starting animals onto the two burning pieces; with
    # seed 5 the top three face-down tokens are all of one species.
    script = [roll(board, name) for name in ("s1", "c1", "s2", "c2", "s3")]
    game = Game(board, (Guide.KATE, Guide.SAM), Difficulty.BEGINNER, seed=5)
    state, steps = new_game(game, [board.find("t1") or 0, board.find("o1") or 0], script)
    assert [s.rule for s in steps].count("RU-setup-loss") == 1
    assert state.outcome == "" and state.phase == Phase.DRAW
    assert not any(s.kind == "end" for s in steps)
