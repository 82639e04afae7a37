"""The team's steady turn (players/team.py): the fast policy with the team's rules, each held
in a position where it must act, and left alone where it must not."""

from __future__ import annotations

import random

from positions import cell, place, position

from bigfive_tui.assets import seeded_board
from bigfive_tui.engine.actions import END, Act, Action
from bigfive_tui.engine.apply_action import apply_in_place
from bigfive_tui.engine.board import GATE_CELLS
from bigfive_tui.engine.content import ALL_SPECIES_MASK, FOOD_TOKENS, Difficulty, Guide, Species
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.session import make_game
from bigfive_tui.engine.setup import new_game
from bigfive_tui.engine.state import GameState, Phase
from bigfive_tui.players import tactics, team
from bigfive_tui.players.reasons import Why, explain
from bigfive_tui.players.routes import driving_mode, geometry
from bigfive_tui.players.search_player import PRACTICE
from bigfive_tui.players.tactics import Intent, Pick
from bigfive_tui.players.unseen import unseen_wanted

LEOPARD = 3  # a leopard token (tokens 3-5)
NO_LEOPARD = ALL_SPECIES_MASK & ~(1 << Species.LEOPARD)
LION = 0  # a lion token (tokens 0-2)
NO_LION = ALL_SPECIES_MASK & ~(1 << Species.LION)


def picks(state: GameState) -> tuple[Pick, Pick]:
    """The fast policy's pick and the team's, with the same tie-breaks."""
    legal = legal_actions(state)
    return tactics.decide(state, legal, random.Random(0)), team.decide(
        state, legal, random.Random(0)
    )


def shield_position(jack_at: str) -> GameState:
    """Jack (who has seen all five) with 3 actions, too few to influence; Kate still lacks the
    leopard on ♥6, the only animal on the board."""
    state = position(("jack", "kate"), (jack_at, "c1"), actions=3)
    state.spotted = [ALL_SPECIES_MASK, NO_LEOPARD]
    place(state, LEOPARD, "h6", face_up=True)
    return state


def test_jack_with_nothing_worth_an_action_drives_to_shield_the_animals_the_team_needs() -> None:
    state = shield_position("s1")
    fast, pick = picks(state)
    assert fast.action == END and fast.reason.why == Why.END_NOTHING
    assert pick.action.kind == Act.MOVE and pick.reason.why == Why.GUARD
    board = state.game.board
    piece = [c for c in board.slot_cells[board.slot[cell(board, "h6")]] if board.drivable[c]]
    routes = geometry(board).routes_from
    mode = driving_mode(state, 0)
    before = min(routes(state.vehicle[0], mode).cost[c] for c in piece)
    assert min(routes(pick.action.target, mode).cost[c] for c in piece) < before
    words = explain(state, pick.action, pick.reason)
    assert "the ♥ piece" in words and "the leopard" in words


def test_jack_on_the_piece_he_shields_stays_there_and_says_so() -> None:
    state = shield_position("h1")
    fast, pick = picks(state)
    assert fast.action == pick.action == END
    assert pick.reason.why == Why.END_GUARD
    assert "the leopard" in explain(state, pick.action, pick.reason)


def test_jack_shields_only_when_the_fast_policy_has_nothing_better_to_do() -> None:
    state = shield_position("s1")
    state.spotted = [NO_LEOPARD, NO_LEOPARD]  # Jack lacks the leopard too: he drives to see it
    fast, pick = picks(state)
    assert fast.reason.why == Why.DRIVE_ANIMAL and pick == fast


def test_only_jack_shields() -> None:
    state = position(("kate", "jack"), ("s1", "c1"), actions=3)
    state.spotted = [ALL_SPECIES_MASK, NO_LEOPARD]
    place(state, LEOPARD, "h6", face_up=True)
    fast, pick = picks(state)
    assert fast.action == END and pick == fast


def fill_up_position(fuel_below_cap: int) -> GameState:
    """Kate on the west park entrance with a leopard she lacks on ♥6."""
    state = position(("kate", "jack"), ("s1", "c1"))
    state.vehicle[0] = GATE_CELLS[0]
    state.fuel[0] = state.game.caps[0] - fuel_below_cap
    state.spotted = [NO_LEOPARD, ALL_SPECIES_MASK]
    place(state, LEOPARD, "h6", face_up=True)
    return state


def test_a_guide_with_a_supply_in_view_fills_up_before_driving_on() -> None:
    state = fill_up_position(3)
    fast, pick = picks(state)
    assert fast.reason.why == Why.DRIVE_ANIMAL
    assert pick.action.kind == Act.REFUEL and pick.reason.why == Why.FUEL_TOP_UP


def test_a_guide_with_a_nearly_full_track_drives_on() -> None:
    state = fill_up_position(2)  # tactics' filling up leaves 2 below the cap alone
    fast, pick = picks(state)
    assert fast.reason.why == Why.DRIVE_ANIMAL and pick == fast


def test_a_course_other_than_the_steady_one_is_the_fast_policys_with_the_teams_marks() -> None:
    """The search weighs the fast policy's courses; they look after food and fuel as the team
    does, so that a course is not worth more or less for a drive to a gate alone."""
    for seed in range(6):
        chosen = tuple(random.Random(seed).sample(list(Guide), 3 + seed % 3))
        state, _ = new_game(make_game(seeded_board(seed), chosen, Difficulty(seed % 3), (), seed))
        rng = random.Random(seed)
        while not state.outcome and state.turn < 40:
            legal = legal_actions(state)
            if state.phase == Phase.ACTIONS and len(legal) > 1:
                ours = team.marks(state)
                for intent in Intent:
                    if intent != Intent.STEADY:
                        fast = tactics.decide(state, legal, random.Random(1), intent, marks=ours)
                        assert team.decide(state, legal, random.Random(1), intent) == fast
            apply_in_place(state, team.choose(state, legal, rng), None)


GUIDES = ("david", "jack", "kate", "sam", "anna")
SPREAD = ("h1", "s1", "c1", "t1", "n1")


def crowd_position(guides: int) -> GameState:
    """David on ♥1 lacks the leopard on ♥6, two actions away; his teammates have seen all."""
    state = position(GUIDES[:guides], SPREAD[:guides])
    state.spotted = [NO_LEOPARD] + [ALL_SPECIES_MASK] * (guides - 1)
    place(state, LEOPARD, "h6", face_up=True)
    return state


def test_with_four_or_more_guides_nobody_drives_to_a_gate_for_fuel() -> None:
    for guides in (4, 5):
        state = crowd_position(guides)
        state.fuel[0] = 1
        fast, pick = picks(state)
        assert fast.reason.why == Why.DRIVE_FUEL
        assert pick.reason.why == Why.DRIVE_ANIMAL


def test_with_two_or_three_guides_fuel_at_2_sends_a_guide_to_a_gate() -> None:
    for guides in (2, 3):
        state = crowd_position(guides)
        state.fuel[0] = 2
        fast, pick = picks(state)
        assert fast.reason.why == pick.reason.why == Why.DRIVE_FUEL


def test_with_four_or_more_guides_food_at_2_sends_a_guide_to_a_food_token() -> None:
    for guides in (4, 5):
        state = crowd_position(guides)
        place(state, FOOD_TOKENS[0], "d6", face_up=True)
        state.food[0] = 3
        fast, pick = picks(state)
        assert fast.reason.why == Why.DRIVE_FOOD and pick.reason.why == Why.DRIVE_ANIMAL
        state.food[0] = 2
        fast, pick = picks(state)
        assert fast.reason.why == pick.reason.why == Why.DRIVE_FOOD
        assert "food is down to 2" in explain(state, pick.action, pick.reason)


def test_a_teammate_out_of_fuel_far_away_waits_for_the_animal_near_by() -> None:
    """Jack, out of fuel on ♪5 (9 actions away), is worth a drive, but less than the leopard
    two actions away; once nothing else is worth a drive, David goes to him."""
    state = position(("david", "jack", "kate"), ("h1", "n5", "c1"))
    state.spotted = [NO_LEOPARD, ALL_SPECIES_MASK, ALL_SPECIES_MASK]
    place(state, LEOPARD, "h6", face_up=True)
    state.fuel[1] = 0
    fast, pick = picks(state)
    assert fast.reason.why == Why.DRIVE_HELP and pick.reason.why == Why.DRIVE_ANIMAL
    state.spotted[0] = ALL_SPECIES_MASK
    fast, pick = picks(state)
    assert fast.reason.why == pick.reason.why == Why.DRIVE_HELP


def test_a_fire_is_worth_a_drive_nearly_as_much_as_an_animal() -> None:
    """From ♥1, the face-down token on ♠1 is five actions away and the fire on ♦2 four: the
    fast policy drives for the token (worth 12 against the fire's 10), the team to the fire
    (12 too, one action nearer)."""
    state = position(("david", "kate"), ("h1", "c1"))
    state.spotted = [NO_LION, ALL_SPECIES_MASK]  # the lions are still in the supply
    place(state, LEOPARD, "s1", face_up=False)
    state.fires[cell(state.game.board, "d2")] = 1
    state.fire_supply -= 1
    fast, pick = picks(state)
    assert fast.reason.why == Why.DRIVE_UNKNOWN and fast.reason.number == 5
    assert pick.reason.why == Why.DRIVE_FIRE and pick.reason.number == 4
    assert "the fire on ♦2" in explain(state, pick.action, pick.reason)


def leopards_seen_position() -> GameState:
    """David on ♥1 lacks only the leopard; one leopard is face up on ♠1 (five actions away),
    the other two are out of the game, and a fire burns on ♥2, in his view."""
    state = position(("david", "kate"), ("h1", "c1"))
    state.spotted = [NO_LEOPARD, ALL_SPECIES_MASK]
    place(state, LEOPARD, "s1", face_up=True)
    for token in (LEOPARD + 1, LEOPARD + 2):
        state.animal_supply.remove(token)
        state.discarded.append(token)
        state.face_up[token] = True
    state.fires[cell(state.game.board, "h2")] = 1
    state.fire_supply -= 1
    return state


def test_a_fire_burns_on_once_no_animal_the_team_lacks_is_left_unseen() -> None:
    """A fire harms only the animals placed on its piece later: with every leopard seen, none
    still to come is one the team lacks, so David drives for the leopard, not the fire."""
    state = leopards_seen_position()
    assert unseen_wanted(state) == 0
    fast, pick = picks(state)
    assert fast.action.kind == Act.EXTINGUISH
    assert pick.reason.why == Why.DRIVE_ANIMAL and pick.reason.number == 5


def test_a_guide_who_lets_a_fire_burn_says_why() -> None:
    state = leopards_seen_position()
    state.spotted = [ALL_SPECIES_MASK, NO_LEOPARD]  # David has seen all; Kate lacks the leopard
    state.actions_left = 3  # too few to influence or place an animal
    pick = team.decide(state, legal_actions(state), random.Random(0))
    assert pick.action == END and pick.reason.why == Why.END_NOTHING
    assert explain(state, pick.action, pick.reason) == (
        "End the turn: nothing worth an action is within reach this turn (3 actions left); "
        "the fires can burn: no animal the team lacks is left unseen"
    )
    state.animal_supply.clear()
    assert explain(state, pick.action, pick.reason).endswith(
        "; the fires can burn: no animal is left to place"
    )


def test_a_fire_still_matters_while_an_animal_the_team_lacks_may_come() -> None:
    state = leopards_seen_position()
    state.discarded.remove(LEOPARD + 2)  # one leopard is back among the unseen tokens
    state.animal_supply.append(LEOPARD + 2)
    state.face_up[LEOPARD + 2] = False
    assert unseen_wanted(state) == 1
    fast, pick = picks(state)
    assert fast.action.kind == pick.action.kind == Act.EXTINGUISH


def test_a_fire_burns_on_once_no_animal_is_left_to_place() -> None:
    """With the supply empty nothing lands on a burning piece any more; the face-down token
    may still be the lion David lacks, so he drives for it."""
    state = position(("david", "kate"), ("h1", "c1"))
    state.spotted = [NO_LION, ALL_SPECIES_MASK]
    place(state, LION, "s1", face_up=False)
    for token in list(state.animal_supply):  # the rest have fled the park
        state.animal_supply.remove(token)
        state.discarded.append(token)
        state.face_up[token] = True
    state.fires[cell(state.game.board, "h2")] = 1
    state.fire_supply -= 1
    fast, pick = picks(state)
    assert fast.action.kind == Act.EXTINGUISH
    assert pick.reason.why == Why.DRIVE_UNKNOWN


NO_BUFFALO = ALL_SPECIES_MASK & ~(1 << Species.BUFFALO)


def test_no_drive_for_a_face_down_token_that_cannot_be_one_the_team_lacks() -> None:
    """The team knows which tokens it has not seen; once none of them is a species a guide
    lacks, a face-down token is worth neither a drive nor Jack's shield: he ends his turn."""
    state = position(("jack", "kate"), ("h1", "c1"), actions=3)
    state.spotted = [ALL_SPECIES_MASK, NO_BUFFALO]
    place(state, LEOPARD, "s1", face_up=False)
    fast, pick = picks(state)
    assert fast.reason.why == Why.DRIVE_UNKNOWN
    assert "though no animal the team lacks is left unseen" in explain(
        state, fast.action, fast.reason
    )
    assert pick.action == END and pick.reason.why == Why.END_NOTHING


def test_no_action_spent_turning_over_a_token_that_cannot_be_one_the_team_lacks() -> None:
    state = position(("david", "kate"), ("h1", "c1"))
    state.spotted = [ALL_SPECIES_MASK, NO_BUFFALO]
    place(state, LEOPARD, "h2", face_up=False)  # in David's view
    fast, pick = picks(state)
    assert fast.action.kind == Act.SPOT and fast.reason.why == Why.SPOT_UNKNOWN
    assert explain(state, fast.action, fast.reason).endswith(
        "David learns what it is, though no animal the team lacks is left unseen"
    )
    assert pick.action.kind != Act.SPOT
    state.spotted[0] = NO_LION  # a lion may still be face down: it is worth turning over
    fast, pick = picks(state)
    assert fast.action.kind == pick.action.kind == Act.SPOT
    assert explain(state, pick.action, pick.reason).endswith(
        "a face-down token may be an animal the team still needs"
    )


def test_the_strong_teammate_and_the_hint_leave_the_teams_steady_turn() -> None:
    assert PRACTICE.steady is team.decide


def anna_position(anna_lacks: int, kate_lacks: int) -> GameState:
    """Anna (seat 0) at the start of her actions with her token; Jack has seen all five."""
    state = position(("anna", "kate", "jack"), ("h1", "c1", "s1"))
    lacking = [Species.LION, Species.LEOPARD, Species.ELEPHANT, Species.RHINO]
    state.spotted = [
        ALL_SPECIES_MASK & ~sum(1 << s for s in lacking[:anna_lacks]),
        ALL_SPECIES_MASK & ~sum(1 << s for s in lacking[:kate_lacks]),
        ALL_SPECIES_MASK,
    ]
    state.token_holder = 0
    return state


def test_anna_lends_her_token_to_a_teammate_with_more_still_to_see() -> None:
    state = anna_position(anna_lacks=1, kate_lacks=3)
    fast, pick = picks(state)
    assert fast.action.kind == Act.TOKEN_USE
    assert pick.action == Action(Act.TOKEN_GIVE, 1) and pick.reason.why == Why.LEND_TOKEN
    assert explain(state, pick.action, pick.reason) == (
        "Lend Anna's token to Kate: Kate has 3 of the Big Five still to see and Anna 1: "
        "the extra action serves the team better with Kate"
    )


def test_anna_uses_her_token_herself_while_nobody_has_more_to_see() -> None:
    for anna_lacks in (2, 3):
        state = anna_position(anna_lacks=anna_lacks, kate_lacks=2)
        fast, pick = picks(state)
        assert fast.action.kind == pick.action.kind == Act.TOKEN_USE


def test_anna_lends_to_the_teammate_who_moves_soonest_among_those_with_most_to_see() -> None:
    state = position(("anna", "kate", "jack", "sam"), ("h1", "c1", "s1", "t1"))
    state.spotted = [ALL_SPECIES_MASK, ALL_SPECIES_MASK, NO_LION & NO_LEOPARD, NO_LION & NO_LEOPARD]
    state.token_holder = 0
    pick = team.decide(state, legal_actions(state), random.Random(0))
    assert pick.action == Action(Act.TOKEN_GIVE, 2)  # Jack, who moves before Sam
    state.spotted[3] = NO_LION & NO_LEOPARD & ~(1 << Species.RHINO)
    pick = team.decide(state, legal_actions(state), random.Random(0))
    assert pick.action == Action(Act.TOKEN_GIVE, 3)  # Sam has more still to see
