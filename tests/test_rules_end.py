"""How the game ends (R-end-*, RU-stuck, RU-end-check) and the short game (R-variant-short)."""

from __future__ import annotations

from boards import open_board
from positions import card_of, cell, place, position

from bigfive_tui.engine.actions import DRAW, Act, Action
from bigfive_tui.engine.apply_action import apply
from bigfive_tui.engine.content import (
    ALL_SPECIES_MASK,
    ANIMAL_KIND,
    CardKind,
    Difficulty,
    Guide,
    Species,
)
from bigfive_tui.engine.end_checks import is_stuck
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.setup import new_game
from bigfive_tui.engine.state import Game, Phase

LION = 0
ALL_BUT_LION = ALL_SPECIES_MASK & ~(1 << Species.LION)


def test_R_end_win_when_every_vehicle_has_all_five() -> None:
    state = position(guides=("jack", "kate"), at=("c2", "c3"))
    state.spotted = [ALL_BUT_LION, ALL_SPECIES_MASK]
    place(state, LION, "c1", face_up=True)
    after, steps = apply(state, Action(Act.SPOT, cell(state.game.board, "c1")))
    assert after.outcome == "won" and after.phase == Phase.OVER
    assert steps[-1].rule == "R-end-win" and legal_actions(after) == []


def test_R_end_win_needs_every_vehicle() -> None:
    state = position(guides=("jack", "kate"), at=("c2", "h3"))
    state.spotted = [ALL_BUT_LION, ALL_BUT_LION]
    place(state, LION, "c1", face_up=True)
    after, _ = apply(state, Action(Act.SPOT, cell(state.game.board, "c1")))
    assert after.outcome == ""


def test_R_end_species_all_three_tokens_gone_while_someone_needs_it() -> None:
    state = position(phase=Phase.DRAW, top_cards=[card_of(CardKind.FIRE)], rolls=["d4"],
                     at=("t1", "c1"))  # fmt: skip
    state.animal_supply.remove(1)
    state.animal_supply.remove(2)
    state.discarded = [1, 2]
    place(state, LION, "d2", face_up=True)
    after, steps = apply(state, DRAW)
    assert after.outcome == "lost:species:lion" and steps[-1].rule == "R-end-species"


def test_R_end_species_no_loss_when_everybody_has_it() -> None:
    state = position(phase=Phase.DRAW, top_cards=[card_of(CardKind.FIRE)], rolls=["d4"],
                     at=("t1", "c1"))  # fmt: skip
    state.animal_supply.remove(1)
    state.animal_supply.remove(2)
    state.discarded = [1, 2]
    state.spotted = [1 << Species.LION] * 2
    place(state, LION, "d2", face_up=True)
    after, _ = apply(state, DRAW)
    assert after.outcome == ""


def test_R_end_food_any_food_track_at_zero_loses_at_once() -> None:
    state = position(phase=Phase.DRAW, top_cards=[card_of(CardKind.LOST_FOOD)], food=2)
    state.spotted[0] = ALL_SPECIES_MASK
    after, steps = apply(state, DRAW)
    assert after.outcome == "lost:food" and steps[-1].rule == "R-end-food"


def test_R_end_stuck_all_vehicles_out_of_fuel() -> None:
    card = card_of(CardKind.OVERHEATED, all_vehicles=True)
    state = position(phase=Phase.DRAW, top_cards=[card], fuel=1)
    after, steps = apply(state, DRAW)
    assert after.outcome == "lost:stuck" and steps[-1].rule == "R-end-stuck"


def test_RU_stuck_a_vehicle_with_fuel_in_view_can_still_help() -> None:
    state = position(guides=("kate", "sam"), at=("c1", "c2"), fuel=0)
    state.fuel[1] = 3
    state.flat[1] = 2
    assert not is_stuck(state)  # Sam can give fuel, or repair himself
    state.vehicle[1] = cell(state.game.board, "h5")
    assert not is_stuck(state)  # Sam can still repair his own tyre


def test_RU_stuck_flat_tyres_behind_a_broken_gate_nobody_can_mend() -> None:
    gate = card_of(CardKind.BROKEN_GATE, gate=0)
    state = position(guides=("kate", "sam"), at=("c1", "h5"), fuel=3)
    state.flat = [2, 2]
    state.deck.remove(gate)
    state.lasting.append((gate, 0))
    assert is_stuck(state)
    state.vehicle[0] = cell(state.game.board, "s2")  # in view of the west gate: it can be mended
    assert not is_stuck(state)


def test_RU_end_check_the_first_end_stops_everything() -> None:
    state = position(phase=Phase.DRAW, top_cards=[card_of(CardKind.LOST_FOOD)], food=1, fuel=0)
    after, steps = apply(state, DRAW)
    assert after.outcome == "lost:food"
    assert [s.kind for s in steps].count("end") == 1


def test_R_variant_short_and_RU_short_game_removed_species_are_held_by_everyone() -> None:
    game = Game(open_board(), (Guide.JACK, Guide.KATE), Difficulty.NORMAL,
                removed_species=(Species.LION, Species.RHINO), seed=3)  # fmt: skip
    state, steps = new_game(game)
    assert all(mask & (1 << Species.LION) and mask & (1 << Species.RHINO) for mask in state.spotted)
    tokens_in_play = (
        state.animal_supply + state.discarded + [t for t in state.token_at if 0 <= t < 15]
    )
    kinds = {ANIMAL_KIND[t] for t in tokens_in_play}
    assert Species.LION not in kinds and Species.RHINO not in kinds
    assert len(tokens_in_play) == 6 + 2  # leopards, elephants and two monkeys
    assert any(s.rule == "R-variant-short" for s in steps)
