"""Refusals in a player's words: the obstacle on the board before the cost, each reason once
(why_not_kind, why_not_any, why_not_at, why_illegal, action_cost)."""

from __future__ import annotations

import random
import re

from boards import open_board
from hypothesis import given
from hypothesis import strategies as st
from positions import card_of, cell, place, position
from test_invariants import random_action, smart_action

from bigfive_tui.app.keys.table import ACTION_KEYS
from bigfive_tui.assets import seeded_board
from bigfive_tui.engine.actions import DETOUR, INFLUENCE, REFUEL, Act, Action
from bigfive_tui.engine.apply_action import apply
from bigfive_tui.engine.board import GATE_CELLS
from bigfive_tui.engine.content import FOOD_TOKENS, CardKind, Difficulty, Guide
from bigfive_tui.engine.costs import action_cost
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.refusals import why_illegal, why_not_any, why_not_at, why_not_kind
from bigfive_tui.engine.session import make_game
from bigfive_tui.engine.setup import new_game
from bigfive_tui.engine.state import GameState, Phase

REPAIRS = (Act.REPAIR_VEHICLE, Act.REPAIR_GATE)
LION = 0


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
        "Jack has no clear view of Kate's vehicle (same space, or next to it with no bush between)."
    )


def test_why_not_at_explains_a_space_that_is_no_target() -> None:
    state = position(at=("s3", "c1"))
    assert why_not_at(state, (Act.MOVE,), at(state, "c5")) == (
        "♣5 is not next to Jack's vehicle; move one space at a time."
    )
    assert why_not_at(state, (Act.SPOT,), at(state, "s5")) == "There is no animal token on ♠5."
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


def test_R_move_refusal_on_the_vehicles_own_space_says_it_is_already_there() -> None:
    state = position(at=("s3", "c1"))
    assert why_not_at(state, (Act.MOVE,), at(state, "s3")) == (
        "Jack's vehicle is already on ♠3; move to a space next to it."
    )


def test_R_detour_refusal_names_the_empty_fuel_track_or_the_flat_tyre() -> None:
    dry = position(at=("s1", "c1"), fuel=0)
    assert why_illegal(dry, DETOUR) == why_illegal(dry, Action(Act.MOVE, at(dry, "s2")))
    assert why_illegal(dry, DETOUR) == ("Jack has no fuel left and cannot drive.")
    flat = position(at=("s1", "c1"))
    flat.flat[0] = 2
    assert why_illegal(flat, DETOUR) == (
        "Jack has a flat tyre and cannot drive until it is repaired."
    )


def test_RU_exchange_refusal_before_the_card_is_drawn_names_the_view() -> None:
    state = position(at=("s1", "c1"), phase=Phase.DRAW)
    assert why_not_any(state, (Act.EXCHANGE,)) == (
        "No two vehicles have clear view of each other, so nobody can exchange."
    )


#: Texts only a refusal of a made-up action reaches (a default target, giver or resource):
#: a player who pressed a key of the action bar must never read them.
GENERIC = ("not possible now", "two different vehicles", "no such", "the that gate")

#: A rule id such as R-track-empty-fuel: it means something in debug mode, not to a player.
RULE_ID = re.compile(r"\bRU?-[a-z]")

#: Kinds whose actions are aimed at a space on the board: their keys start target mode.
ON_A_SPACE = frozenset(
    {Act.MOVE, Act.SPOT, Act.EXTINGUISH, Act.REPLENISH, Act.REPAIR_VEHICLE, Act.REPAIR_GATE}
)


def space_of(state: GameState, action: Action) -> int:
    """The space an action of target mode is aimed at: repairs at the vehicle or the gate."""
    if action.kind == Act.REPAIR_VEHICLE:
        return state.vehicle[action.target]
    if action.kind == Act.REPAIR_GATE:
        return GATE_CELLS[action.target]
    return action.target


def check_refusal_text(reason: str | None) -> None:
    assert reason and reason.strip(), "an empty refusal"
    lower = reason.lower()
    assert not any(text in lower for text in GENERIC), reason
    assert not RULE_ID.search(reason), f"a refusal names a rule id: {reason}"


def check_refusals(state: GameState) -> None:
    """Every key and kind is refused exactly when nothing of it is legal, in its own words;
    a click beside the targets of a key says why in its own words too."""
    legal = legal_actions(state)
    kinds = {action.kind for action in legal}
    for kind in Act:
        reason = why_not_kind(state, kind)
        assert (reason is None) == (kind in kinds), (kind.name, reason)
        if reason is not None:
            check_refusal_text(reason)
    for entry in ACTION_KEYS:
        reason = why_not_any(state, entry.kinds)
        offered = not kinds.isdisjoint(entry.kinds)
        assert (reason is None) == offered, (entry.name, reason)
        if reason is not None:
            check_refusal_text(reason)
        elif state.phase == Phase.ACTIONS and ON_A_SPACE.issuperset(entry.kinds):
            targets = {space_of(state, a) for a in legal if a.kind in entry.kinds}
            for other in range(len(state.game.board.names)):
                if other not in targets:
                    check_refusal_text(why_not_at(state, entry.kinds, other))


@given(
    board_seed=st.integers(0, 10**6),
    guides=st.lists(st.sampled_from(Guide), min_size=2, max_size=5, unique=True),
    difficulty=st.sampled_from(Difficulty),
    seed=st.integers(0, 2**32),
    steps=st.integers(1, 80),
)
def test_refusals_agree_with_the_legal_actions_along_random_play(
    board_seed: int, guides: list[Guide], difficulty: Difficulty, seed: int, steps: int
) -> None:
    """Positions of random and greedy play, each with no, one, two and plenty of actions left
    (the draw phase too: exchanges are allowed before the card, RU-exchange)."""
    state, _ = new_game(make_game(seeded_board(board_seed), guides, difficulty, seed=seed))
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        for left in (0, 1, 2, 99):
            probe = state.copy()
            probe.actions_left = left
            check_refusals(probe)
        choose = smart_action if rnd.random() < 0.5 else random_action
        state, _ = apply(state, choose(state, rnd))


def test_the_token_belongs_to_anna_is_said_first_also_before_the_draw() -> None:
    state = position(guides=("jack", "anna"), at=("c1", "c2"))
    state.phase = Phase.DRAW
    assert why_not_kind(state, Act.TOKEN_USE) == (
        "Only Anna decides about the extra-action token, on her own turn."
    )


def test_R_spot_refusal_names_the_bush_that_blocks_the_view() -> None:
    bush = open_board({0: {"spaces": ["s1 s2 s3", "s4 sa s5", "s6 sb sc"], "bushes": ["1-2"]}})
    state = position(guides=("jack", "kate"), at=("s1", "c1"), board=bush)
    place(state, LION, "s2")
    assert why_illegal(state, Action(Act.SPOT, at(state, "s2"))) == (
        "A bush between ♠1 and ♠2 blocks Jack's view (only from a hill does one see over bushes)."
    )


def test_R_spot_refusal_says_a_token_is_too_far_for_all_but_kate() -> None:
    state = position(guides=("jack", "kate"), at=("s1", "c1"))
    place(state, LION, "s3")
    assert why_illegal(state, Action(Act.SPOT, at(state, "s3"))) == (
        "♠3 is too far from Jack: spotting happens on the token's space or next to it (only "
        "Kate spots further)."
    )


def test_RU_kate_lines_refusal_names_what_stops_the_line() -> None:
    forest = open_board({0: {"spaces": ["s1 s2 fa", "s4 s3 s5", "s6 sb sc"]}})
    state = position(guides=("kate", "jack"), at=("s1", "n1"), board=forest)
    place(state, LION, "c1")  # ♠1 ♠2 ♠a ♣1 lie on one line; ♠a is forest
    assert why_illegal(state, Action(Act.SPOT, at(state, "c1"))) == (
        "Kate's line from ♠1 to ♣1 is blocked by the forest on ♠a (from a hill she would see "
        "over it)."
    )
    place(state, LION + 1, "s5")
    assert why_illegal(state, Action(Act.SPOT, at(state, "s5"))) == (
        "♠5 is not on one of Kate's six straight lines from ♠1."
    )
