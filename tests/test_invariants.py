"""A hypothesis state machine that plays random games and checks the engine's invariants.

Every example sets up a random game (2-5 guides in any seat order, any difficulty, sometimes the
short-game variant, a random board, sometimes chosen start spaces) and then plays random legal
actions, sometimes a greedy "smart" policy that can actually win, sometimes undoes. After every
single step it checks that the components are all accounted for, the tracks stay on their
tracks, the game ends exactly when an end condition holds, illegal actions are refused without
changing anything, undo is exact and fair, and the game record replays to the same state.
"""

from __future__ import annotations

import json
import random
import re
from collections import deque
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)

from bigfive_tui.assets import load_pieces, rules_path, seeded_board
from bigfive_tui.engine.actions import FOOD, FUEL, REVEALING_KINDS, Act, Action, IllegalAction, Step
from bigfive_tui.engine.apply_action import apply
from bigfive_tui.engine.board import CELL_COUNT, GATE_CELLS, Board
from bigfive_tui.engine.content import (
    ALL_SPECIES_MASK,
    ANIMAL_KIND,
    BASE_ACTIONS,
    BUFFALO_TOKEN,
    CARD_COUNT,
    CARDS,
    FIRE_MARKERS,
    FOOD_TOKENS,
    FOOD_TOKENS_BY_DIFFICULTY,
    GATE_TOKENS,
    MONKEY,
    MONKEY_TOKENS,
    MONKEYS_BY_DIFFICULTY,
    NO_TOKEN,
    SPECIES_WITH_THREE,
    TOKEN_COUNT,
    CardKind,
    Difficulty,
    Guide,
    Species,
    is_animal,
)
from bigfive_tui.engine.costs import move_cost
from bigfive_tui.engine.end_checks import is_stuck
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.movement import BLOCKED
from bigfive_tui.engine.pieces import Feature
from bigfive_tui.engine.refusals import why_illegal
from bigfive_tui.engine.rigging import ANIMAL_KINDS, RigKind
from bigfive_tui.engine.session import Session, make_game
from bigfive_tui.engine.setup import new_game
from bigfive_tui.engine.state import Game, GameState, Phase
from bigfive_tui.engine.wording import token_name
from bigfive_tui.formats.record import GameRecord
from bigfive_tui.formats.replay import load_record, record_of

RULE_IDS = frozenset(
    re.findall(r"\*\*(RU?-[a-z0-9-]+)\*\*", rules_path().read_text(encoding="utf-8"))
)
STEP_KINDS = frozenset(
    {"setup", "turn", "card", "roll", "reroll", "place", "discard", "flip", "look"}
    | {"effect", "action", "ability", "end"}
)
LOSSES_BEFORE_WIN = ("lost:food", "lost:species", "lost:stuck")


# --------------------------------------------------------------------------- what is in play


def game_animals(game: Game) -> set[int]:
    """The animal tokens of this game: 12 minus short-game species, plus the monkeys."""
    removed = {int(s) for s in game.removed_species}
    animals = {t for t in range(12) if ANIMAL_KIND[t] not in removed}
    return animals | set(MONKEY_TOKENS[: MONKEYS_BY_DIFFICULTY[game.difficulty]])


def game_food_tokens(game: Game) -> tuple[int, ...]:
    return FOOD_TOKENS[: FOOD_TOKENS_BY_DIFFICULTY[game.difficulty]]


def removed_mask(game: Game) -> int:
    mask = 0
    for species in game.removed_species:
        mask |= 1 << species
    return mask


def end_causes(state: GameState) -> list[str]:
    """Every end condition that holds in ``state`` (R-end-*), in the engine's order."""
    causes = []
    if any(food <= 0 for food in state.food):
        causes.append("lost:food")
    for species in SPECIES_WITH_THREE:
        gone = sum(1 for token in state.discarded if ANIMAL_KIND[token] == species)
        if gone == 3 and any(not mask & (1 << species) for mask in state.spotted):
            causes.append(f"lost:species:{species.name.lower()}")
    if is_stuck(state):
        causes.append("lost:stuck")
    if all(mask == ALL_SPECIES_MASK for mask in state.spotted):
        causes.append("won")
    return causes


# --------------------------------------------------------------------------- the invariants


def check_tokens(state: GameState) -> None:
    game = state.game
    board = game.board
    assert len(state.token_at) == CELL_COUNT
    assert len(state.token_cell) == TOKEN_COUNT
    # token_at and token_cell describe the same placement, so no space holds two tokens.
    for cell, token in enumerate(state.token_at):
        if token != NO_TOKEN:
            assert 0 <= token < TOKEN_COUNT, (cell, token)
            assert state.token_cell[token] == cell, (cell, token, state.token_cell[token])
    for token, cell in enumerate(state.token_cell):
        if cell >= 0:
            assert state.token_at[cell] == token, (token, cell, state.token_at[cell])
    placed = [cell for cell in state.token_cell if cell >= 0]
    assert len(placed) == len(set(placed)), "two tokens on one space"
    # Park entrance tokens on the tips (R-setup-entrances), every other token on a numbered space.
    for gate, cell in enumerate(GATE_CELLS):
        assert state.token_cell[GATE_TOKENS[gate]] == cell
        assert state.face_up[GATE_TOKENS[gate]]
    for token, cell in enumerate(state.token_cell):
        if cell >= 0 and token not in GATE_TOKENS:
            assert board.number[cell], (token, board.names[cell])
            assert board.drivable[cell]
    # Animal tokens: each one of the game exactly once in the supply, on the board or discarded.
    animals = game_animals(game)
    supply, discarded = state.animal_supply, state.discarded
    on_board = {t for t in range(15) if state.token_cell[t] >= 0}
    assert len(supply) == len(set(supply)), supply
    assert len(discarded) == len(set(discarded)), discarded
    everywhere = list(supply) + list(discarded) + sorted(on_board)
    assert sorted(everywhere) == sorted(animals), (supply, discarded, on_board, animals)
    for token in supply:
        assert not state.face_up[token], f"supply token {token} is face up"
    for token in discarded:
        assert state.face_up[token], f"discarded token {token} is face down"
    for token in range(15):
        if token not in animals:
            assert not state.face_up[token]
    # A monkey never stays face up on the board (R-spot-flip); a burning piece holds no animal.
    for token in on_board:
        cell = state.token_cell[token]
        assert not (ANIMAL_KIND[token] == MONKEY and state.face_up[token])
        assert not state.burning(board.slot[cell]), (
            f"{token_name(token)} on {board.names[cell]} sits on a burning piece"
        )
    # Food tokens of the difficulty are always on the board, face up; the others never.
    for token in FOOD_TOKENS:
        if token in game_food_tokens(game):
            assert state.token_cell[token] >= 0, f"food token {token} is off the board"
            assert state.face_up[token]
        else:
            assert state.token_cell[token] < 0
    if state.token_cell[BUFFALO_TOKEN] >= 0:
        assert state.face_up[BUFFALO_TOKEN]


def check_fires(state: GameState) -> None:
    board = state.game.board
    assert 0 <= state.fire_supply <= FIRE_MARKERS
    assert all(count >= 0 for count in state.fires)
    assert sum(state.fires) + state.fire_supply == FIRE_MARKERS
    for cell, count in enumerate(state.fires):
        if count:
            assert board.number[cell], f"fire on unnumbered {board.names[cell]}"
    jack = state.game.seat_of(Guide.JACK)
    if jack >= 0:  # RU-jack: fires on Jack's piece go out at once and are never placed there
        assert not state.burning(board.slot[state.vehicle[jack]]), "fire on Jack's piece"


def check_cards(state: GameState) -> None:
    lasting = [card for card, _ in state.lasting]
    every = list(state.deck) + list(state.discard) + lasting + list(state.looking_at)
    assert sorted(every) == list(range(CARD_COUNT)), "the 45 cards are not all accounted for"
    assert bool(state.looking_at) == (state.phase == Phase.INFLUENCE)
    if state.looking_at:
        assert len(state.looking_at) == 2
    seats = len(state.game.guides)
    flat_owners = []
    gates = []
    for card, owner in state.lasting:
        kind = CARDS[card].kind
        assert kind in (CardKind.RAIN, CardKind.HIPPOS, CardKind.FLAT_TYRE, CardKind.BROKEN_GATE)
        if kind == CardKind.BROKEN_GATE:
            assert owner == CARDS[card].gate
            gates.append(owner)
        else:
            assert 0 <= owner < seats
        if kind == CardKind.FLAT_TYRE:
            flat_owners.append(owner)
        if kind == CardKind.HIPPOS and not state.over:  # RU-hippos: gone at the end of the turn
            assert owner == state.seat
    assert len(set(gates)) == len(gates)
    # A flat tyre card lies out exactly while the vehicle is flat (R-card-flat-tyre), both cards
    # when the second came on top of the first (RU-flat-tyre-again).
    for seat in range(seats):
        assert state.flat[seat] in (0, 1, 2)
        assert bool(state.flat[seat]) == (seat in flat_owners), (seat, state.flat, state.lasting)


def check_tracks(state: GameState) -> None:
    game = state.game
    for seat, cap in enumerate(game.caps):
        assert 0 <= state.fuel[seat] <= cap, (seat, state.fuel)
        assert 0 <= state.food[seat] <= cap, (seat, state.food)
    assert state.actions_left >= 0, state.actions_left
    assert 0 <= state.seat < len(game.guides)
    anna = game.seat_of(Guide.ANNA)
    if anna < 0:
        assert state.token_holder == -1
    else:
        assert 0 <= state.token_holder < len(game.guides)


def check_spotted(state: GameState) -> None:
    game = state.game
    removed = removed_mask(game)
    for mask in state.spotted:
        assert 0 <= mask <= ALL_SPECIES_MASK
        assert mask & removed == removed, "a short-game species was lost from a player board"
    face_up_species = {
        ANIMAL_KIND[t] for t in range(15) if state.face_up[t] and ANIMAL_KIND[t] != MONKEY
    }
    if state.face_up[BUFFALO_TOKEN]:
        face_up_species.add(int(Species.BUFFALO))
    for seat, mask in enumerate(state.spotted):
        for species in Species:
            if mask & (1 << species) and not removed & (1 << species):
                assert species in face_up_species, (
                    f"seat {seat} has the {species.name} without any face-up token of it"
                )
    # Only spotting turns a token face up, and the spotter takes the species.
    for token in range(15):
        if state.face_up[token] and state.token_cell[token] >= 0:
            kind = ANIMAL_KIND[token]
            assert any(mask & (1 << kind) for mask in state.spotted)


def check_end(state: GameState) -> None:
    causes = end_causes(state)
    if state.outcome:
        assert state.phase == Phase.OVER
        assert state.outcome in causes, (state.outcome, causes)
        if any(cause.startswith(LOSSES_BEFORE_WIN) for cause in causes):
            assert state.outcome != "won", "a win and a loss together: the loss counts"
        assert legal_actions(state) == []
    else:
        assert state.phase != Phase.OVER
        assert causes == [], f"the game goes on although {causes} holds"
        assert legal_actions(state), "no legal action in a running game"


def expected_legal(state: GameState) -> set[Action]:
    """The legal actions, worked out from docs/rules.md independently of legal_actions."""
    if state.phase == Phase.OVER:
        return set()
    if state.phase == Phase.DRAW:
        return {Action(Act.DRAW)} | expected_exchanges(state)
    if state.phase == Phase.INFLUENCE:
        return {Action(Act.CHOOSE_DISCARD, 0), Action(Act.CHOOSE_DISCARD, 1)}
    game = state.game
    board = game.board
    seat = state.seat
    guide = game.guides[seat]
    here = state.vehicle[seat]
    left = state.actions_left
    view = board.view[here]
    caps = game.caps
    rain = any(CARDS[card].kind == CardKind.RAIN for card, _ in state.lasting)
    hippos = any(
        CARDS[card].kind == CardKind.HIPPOS and owner == seat for card, owner in state.lasting
    )
    broken = [owner for card, owner in state.lasting if CARDS[card].kind == CardKind.BROKEN_GATE]
    legal = {Action(Act.END)}

    def affordable(action: Action) -> bool:
        return action_cost(state, action) <= left

    drives = state.fuel[seat] > 0 and not state.flat[seat]  # R-track-empty-fuel, RU-flat-tyre
    if drives:
        for direction, target in enumerate(board.neighbours[here]):
            if target < 0 or not board.drivable[target]:
                continue
            edge = board.features[here][direction]
            if edge & Feature.BUSH and guide != Guide.DAVID:
                continue
            if edge & Feature.RIVER and (rain or hippos):
                continue
            if affordable(Action(Act.MOVE, target)):
                legal.add(Action(Act.MOVE, target))
        if here in GATE_CELLS and left >= 3:
            legal.add(Action(Act.DETOUR))
    refuel = Action(Act.REFUEL)
    if state.fuel[seat] < caps[seat] and any(g in view for g in GATE_CELLS) and affordable(refuel):
        legal.add(refuel)
    for token in game_food_tokens(game):
        cell = state.token_cell[token]
        food = Action(Act.REPLENISH, cell)
        if cell in view and affordable(food):  # RU-full-track: also at a full food track
            legal.add(food)
    sight = set(view) | (set(board.long_view[here]) if guide == Guide.KATE else set())
    mask = state.spotted[seat]
    for cell in sight:
        token = state.token_at[cell]
        if token == BUFFALO_TOKEN:
            wanted = not mask & (1 << Species.BUFFALO)
        elif 0 <= token < 15:
            wanted = not state.face_up[token] or not mask & (1 << ANIMAL_KIND[token])
        else:
            wanted = False
        if wanted and affordable(Action(Act.SPOT, cell)):
            legal.add(Action(Act.SPOT, cell))
        if state.fires[cell] and cell in view and affordable(Action(Act.EXTINGUISH, cell)):
            legal.add(Action(Act.EXTINGUISH, cell))

    for other in range(len(game.guides)):
        repair = Action(Act.REPAIR_VEHICLE, other)
        reach = state.vehicle[other] in view  # RU-repair-view: the repairer's own view
        if state.flat[other] == 2 and not broken and reach and affordable(repair):
            legal.add(repair)
    for gate in broken:
        if GATE_CELLS[gate] in view and affordable(Action(Act.REPAIR_GATE, gate)):
            legal.add(Action(Act.REPAIR_GATE, gate))
    if left >= 4 and len(state.deck) + len(state.discard) >= 2:
        legal.add(Action(Act.INFLUENCE))
    if left >= 4 and state.animal_supply:
        legal.add(Action(Act.EXTRA_ANIMAL))
    if guide == Guide.ANNA and state.token_holder == seat and not state.token_spent:
        legal.add(Action(Act.TOKEN_USE))
        legal |= {Action(Act.TOKEN_GIVE, o) for o in range(len(game.guides)) if o != seat}
    return legal | expected_exchanges(state)


def expected_exchanges(state: GameState) -> set[Action]:
    """RU-exchange: any two vehicles in clear view of each other (both ways, RU-clear-view),
    before or after the draw; fuel and food down to 0 (the last food loses the game)."""
    board, caps, seats = state.game.board, state.game.caps, range(len(state.game.guides))
    legal = set()
    for giver in seats:
        for receiver in seats:
            a, b = state.vehicle[giver], state.vehicle[receiver]
            if giver == receiver or not (b in board.view[a] and a in board.view[b]):
                continue
            for resource, track in ((FUEL, state.fuel), (FOOD, state.food)):
                for amount in range(1, track[giver] + 1):
                    if track[receiver] + amount <= caps[receiver]:
                        legal.add(Action(Act.EXCHANGE, receiver, amount, giver, resource))
    return legal


def check_legal(state: GameState) -> None:
    listed = legal_actions(state)
    assert len(listed) == len(set(listed)), "an action is listed twice"
    kinds = [action.kind for action in listed]
    runs = [kind for i, kind in enumerate(kinds) if i == 0 or kind != kinds[i - 1]]
    assert len(runs) == len(set(runs)), "the actions of one kind are not listed together"
    legal = set(listed)
    expected = expected_legal(state)
    assert legal == expected, (
        f"engine only: {sorted(legal - expected)}; rules only: {sorted(expected - legal)}"
    )


def check_state(state: GameState) -> None:
    check_tokens(state)
    check_fires(state)
    check_cards(state)
    check_tracks(state)
    check_spotted(state)
    check_end(state)
    check_legal(state)


def check_steps(steps: Sequence[Step]) -> None:
    for step in steps:
        assert step.rule in RULE_IDS, f"step cites unknown rule {step.rule!r}: {step.text}"
        assert step.kind in STEP_KINDS, step
        assert step.text.strip(), step


def check_transition(
    before: GameState, action: Action, after: GameState, steps: list[Step]
) -> None:
    """What one legal action may change, and what it must do (docs/rules.md)."""
    check_steps(steps)
    seats = len(before.game.guides)
    for seat in range(seats):
        assert before.spotted[seat] & ~after.spotted[seat] == 0, "a spotted animal was lost"
    assert after.discarded[: len(before.discarded)] == before.discarded, "discards are final"
    if before.token_cell[BUFFALO_TOKEN] >= 0:
        assert after.token_cell[BUFFALO_TOKEN] >= 0, "the buffalo left the board"
    if action.kind == Act.END:
        check_end_of_turn(before, after)
    else:
        assert after.seat == before.seat and after.turn == before.turn
    if action.kind == Act.DRAW:
        assert sum(1 for step in steps if step.kind == "card") == 1
        check_card(before, after, steps)
    elif action.kind != Act.END:
        check_action_effect(before, action, after, steps)


def action_cost(state: GameState, action: Action) -> int:
    """The action table of docs/rules.md, with the guides' discounts."""
    guide = state.game.guides[state.seat]
    kind = action.kind
    if kind == Act.MOVE:
        return 2 if state.game.board.hill[action.target] and guide != Guide.SAM else 1
    if kind in (Act.REFUEL, Act.REPLENISH):
        return 0 if guide == Guide.SAM else 1
    if kind == Act.SPOT:
        return 0 if guide == Guide.KATE else 1
    if kind == Act.EXTINGUISH:
        return 0 if guide == Guide.JACK else 1
    if kind in (Act.REPAIR_VEHICLE, Act.REPAIR_GATE):
        return 0 if guide == Guide.DAVID else 3
    if kind == Act.DETOUR:
        return 3
    if kind in (Act.INFLUENCE, Act.EXTRA_ANIMAL):
        return 4
    if kind == Act.TOKEN_USE:
        return -1
    return 0


def check_action_effect(
    before: GameState, action: Action, after: GameState, steps: list[Step]
) -> None:
    seat = before.seat
    game = before.game
    cap = game.caps[seat]
    kind = action.kind
    target = action.target
    assert before.actions_left - after.actions_left == action_cost(before, action), action
    if kind == Act.MOVE:
        assert after.vehicle[seat] == target
    elif kind == Act.DETOUR:
        assert before.vehicle[seat] in GATE_CELLS
        assert after.vehicle[seat] in GATE_CELLS and after.vehicle[seat] != before.vehicle[seat]
    else:
        assert after.vehicle == before.vehicle
    if kind == Act.REFUEL:
        assert after.fuel[seat] == cap
    elif kind == Act.REPLENISH:
        gain = 4 if game.guides[seat] == Guide.SAM else 2
        assert after.food[seat] == min(cap, before.food[seat] + gain)
        token = before.token_at[target]
        assert token in FOOD_TOKENS
        if not any(step.rule == "RU-no-space" for step in steps):
            assert after.token_cell[token] != target, "R-foodtoken-move: the token must move"
    elif kind == Act.SPOT:
        token = before.token_at[target]
        assert 0 <= token < 15 or token == BUFFALO_TOKEN
        assert after.face_up[token]
        if token != BUFFALO_TOKEN and ANIMAL_KIND[token] == MONKEY:
            assert token in after.discarded and after.token_at[target] == NO_TOKEN
        else:
            species = Species.BUFFALO if token == BUFFALO_TOKEN else ANIMAL_KIND[token]
            assert after.spotted[seat] & (1 << species)
            assert after.token_at[target] == token, "R-spot-take: the token stays"
    elif kind == Act.EXTINGUISH:
        assert after.fires[target] == before.fires[target] - 1
    elif kind == Act.REPAIR_VEHICLE:
        assert after.flat[target] == 0
    elif kind == Act.REPAIR_GATE:
        assert target not in after.broken_gates()
    elif kind == Act.INFLUENCE:
        assert after.phase == Phase.INFLUENCE
        if len(before.deck) >= 2:
            assert after.looking_at == [before.deck[-1], before.deck[-2]]
            assert after.deck == before.deck[:-2]
    elif kind == Act.CHOOSE_DISCARD:
        assert after.phase == Phase.ACTIONS and not after.looking_at
        assert after.discard[-1] == before.looking_at[target]
        assert after.deck[-1] == before.looking_at[1 - target]
        assert after.deck[:-1] == before.deck
    elif kind == Act.EXTRA_ANIMAL:
        assert len(after.animal_supply) in (
            len(before.animal_supply),
            len(before.animal_supply) - 1,
        )
    elif kind == Act.EXCHANGE:
        track_before = before.fuel if action.resource == FUEL else before.food
        track_after = after.fuel if action.resource == FUEL else after.food
        assert track_after[action.giver] == track_before[action.giver] - action.amount
        assert track_after[target] == track_before[target] + action.amount
    elif kind == Act.TOKEN_GIVE:
        assert after.token_holder == target
    if kind not in (Act.REFUEL, Act.EXCHANGE):
        assert after.fuel == before.fuel, "RU-driving-fuel: only cards and exchanges cost fuel"
    if kind not in (Act.REPLENISH, Act.EXCHANGE):
        assert after.food == before.food


def check_card(before: GameState, after: GameState, steps: list[Step]) -> None:
    """R-turn-card and the event cards (RU-card-steps)."""
    seat = before.seat
    if not before.deck:  # R-card-deck: the discard pile becomes the new deck first
        assert any(step.rule == "R-card-deck" for step in steps)
        return
    card_id = before.deck[-1]
    card = CARDS[card_id]
    kind = card.kind
    hit = range(len(before.game.guides)) if card.all_vehicles else (seat,)
    if kind in (CardKind.LOST_FOOD, CardKind.STOLEN_FOOD, CardKind.OVERHEATED, CardKind.LEAKY):
        food = kind in (CardKind.LOST_FOOD, CardKind.STOLEN_FOOD)
        track_before = before.food if food else before.fuel
        track_after = after.food if food else after.fuel

        def hit_first(count: int) -> list[int]:
            track = list(track_before)
            for target in list(hit)[:count]:
                track[target] = max(0, track[target] - card.steps)
            return track

        if after.over:  # RU-end-check: a loss stops the card at once; the rest is not hit
            assert any(track_after == hit_first(n) for n in range(1, len(hit) + 1))
        else:
            assert track_after == hit_first(len(hit))
    if kind in (CardKind.WILDEBEEST, CardKind.GIRAFFE):
        assert after.actions_left == before.actions_left + card.steps
    else:
        assert after.actions_left == before.actions_left
    if kind in (CardKind.RAIN, CardKind.HIPPOS):
        assert (card_id, seat) in after.lasting
    elif kind == CardKind.FLAT_TYRE:  # RU-flat-tyre-again: also on a tyre that is flat already
        assert after.flat[seat] == 1 and (card_id, seat) in after.lasting
    elif kind == CardKind.BROKEN_GATE:
        assert card.gate in after.broken_gates()
    else:
        assert after.discard[-1] == card_id
    if kind == CardKind.FIRE:
        assert after.fire_supply in (before.fire_supply, before.fire_supply - 1)
    else:
        assert after.fires == before.fires
    if kind == CardKind.ANIMAL:
        assert len(after.animal_supply) in (
            len(before.animal_supply),
            len(before.animal_supply) - 1,
        )
    elif kind != CardKind.FIRE:
        assert after.token_cell == before.token_cell


def check_end_of_turn(before: GameState, after: GameState) -> None:
    """R-turn-order and the start and end of a turn (RU-rain, RU-hippos, RU-anna)."""
    game = before.game
    seats = len(game.guides)
    old, new = before.seat, after.seat
    anna = game.seat_of(Guide.ANNA)
    assert after.turn == before.turn + 1
    assert new == (old + 1) % seats
    assert not after.hippos(old)
    if before.token_holder == old and old != anna:
        assert after.token_holder == anna, "the token goes back to Anna"
    if after.over:
        return
    assert after.phase == Phase.DRAW
    bonus = 1 if after.token_holder == new and new != anna else 0
    assert after.actions_left == BASE_ACTIONS + bonus
    assert not any(
        CARDS[card].kind == CardKind.RAIN and owner == new for card, owner in after.lasting
    ), "the heavy rain card is discarded at the start of its drawer's turn"
    if before.flat[new]:
        assert after.flat[new] == 2
    assert not after.token_spent


# --------------------------------------------------------------------------- illegal actions


def illegal_candidates(state: GameState, rnd: random.Random) -> Iterator[Action]:
    """Actions worth trying that are probably illegal now (callers filter the legal ones)."""
    board = state.game.board
    seats = len(state.game.guides)
    here = state.vehicle[state.seat]
    kinds = list(Act)
    # Random tuples.
    for _ in range(3):
        yield Action(
            rnd.choice(kinds),
            rnd.randint(-3, CELL_COUNT + 2),
            rnd.randint(-2, 12),
            rnd.randint(-2, seats + 1),
            rnd.randint(-1, 2),
        )
    # Wrong phase.
    if state.phase == Phase.DRAW:
        yield Action(Act.END)
        yield Action(Act.MOVE, rnd.choice([c for c in board.neighbours[here] if c >= 0]))
        yield Action(Act.CHOOSE_DISCARD, 0)
    elif state.phase == Phase.INFLUENCE:
        yield Action(Act.DRAW)
        yield Action(Act.END)
        yield Action(Act.CHOOSE_DISCARD, 2)
    else:
        yield Action(Act.DRAW)
        yield Action(Act.CHOOSE_DISCARD, rnd.randint(0, 1))
    # Far moves and detours away from a gate.
    far = [c for c in range(CELL_COUNT) if c not in board.neighbours[here]]
    yield Action(Act.MOVE, rnd.choice(far))
    yield Action(Act.MOVE, rnd.choice(range(CELL_COUNT)))
    if here not in GATE_CELLS:
        yield Action(Act.DETOUR)
    # Spots of empty spaces, food and fire where there is none.
    empty = [c for c in range(CELL_COUNT) if state.token_at[c] == NO_TOKEN]
    yield Action(Act.SPOT, rnd.choice(empty))
    yield Action(Act.REPLENISH, rnd.choice(empty))
    yield Action(Act.EXTINGUISH, rnd.choice([c for c in range(CELL_COUNT) if not state.fires[c]]))
    # Exchanges that are too large, to oneself, or of nothing.
    giver = rnd.randrange(seats)
    receiver = rnd.randrange(seats)
    resource = rnd.choice((FUEL, FOOD))
    track = state.fuel if resource == FUEL else state.food
    yield Action(Act.EXCHANGE, receiver, track[giver] + 1, giver, resource)
    yield Action(Act.EXCHANGE, receiver, state.game.caps[receiver] + 1, giver, resource)
    yield Action(Act.EXCHANGE, giver, 1, giver, resource)
    yield Action(Act.EXCHANGE, receiver, 0, giver, resource)
    yield Action(Act.EXCHANGE, receiver, -1, giver, resource)
    # Repairs of sound vehicles and whole gates, tokens for the wrong guide.
    yield Action(Act.REPAIR_VEHICLE, rnd.randrange(seats))
    yield Action(Act.REPAIR_GATE, rnd.randint(0, 1))
    yield Action(Act.TOKEN_GIVE, state.seat)
    yield Action(Act.TOKEN_USE)
    yield Action(Act.INFLUENCE)
    yield Action(Act.EXTRA_ANIMAL)


def check_illegal(session: Session, rnd: random.Random, tries: int = 4) -> None:
    state = session.state
    legal = set(legal_actions(state))
    snapshot = state.copy()
    candidates = [a for a in illegal_candidates(state, rnd) if a not in legal]
    rnd.shuffle(candidates)
    for action in candidates[:tries]:
        with pytest.raises(IllegalAction) as caught:
            apply(state, action)
        assert str(caught.value).strip(), f"empty reason for illegal {action}"
        assert why_illegal(state, action).strip()
        assert state == snapshot and state.key() == snapshot.key(), "an illegal action changed it"
    if candidates:
        # Through the session too: nothing recorded, nothing logged, undo untouched.
        counts = (len(session.actions), len(session.texts), len(session.log), session.can_undo())
        with pytest.raises(IllegalAction):
            session.play(candidates[0])
        assert session.state is state
        assert counts == (
            len(session.actions),
            len(session.texts),
            len(session.log),
            session.can_undo(),
        )


# --------------------------------------------------------------------------- policies


def random_action(state: GameState, rnd: random.Random) -> Action:
    """Kind first, then an action of that kind, both uniformly (as in the playthroughs)."""
    legal = legal_actions(state)
    kinds = sorted({action.kind for action in legal})
    kind = rnd.choice(kinds)
    return rnd.choice([action for action in legal if action.kind == kind])


def wanted_cells(state: GameState, seat: int) -> set[int]:
    """Cells holding a token this seat could still spot with profit."""
    mask = state.spotted[seat]
    cells = set()
    for token in range(15):
        cell = state.token_cell[token]
        if cell >= 0 and (not state.face_up[token] or not mask & (1 << ANIMAL_KIND[token])):
            cells.add(cell)
    cell = state.token_cell[BUFFALO_TOKEN]
    if cell >= 0 and not mask & (1 << Species.BUFFALO):
        cells.add(cell)
    return cells


def next_step_towards(state: GameState, seat: int, goals: set[int]) -> int | None:
    """The first cell on a shortest drive to any cell that sees a goal, if one is reachable."""
    board: Board = state.game.board
    if not goals:
        return None
    targets = {cell for cell in range(CELL_COUNT) if goals & set(board.view[cell])}
    start = state.vehicle[seat]
    if start in targets:
        return None
    first: dict[int, int] = {start: -1}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for direction in range(6):
            nxt = board.neighbours[cell][direction]
            if nxt in first:
                continue
            saved = state.vehicle[seat]
            state.vehicle[seat] = cell
            cost = move_cost(state, seat, direction)
            state.vehicle[seat] = saved
            if cost == BLOCKED:
                continue
            first[nxt] = nxt if cell == start else first[cell]
            if nxt in targets:
                return first[nxt]
            queue.append(nxt)
    return None


def smart_action(state: GameState, rnd: random.Random) -> Action:
    """A greedy guide: spot, keep food and fuel up, help others, drive towards animals."""
    legal = legal_actions(state)
    if state.phase != Phase.ACTIONS:
        return rnd.choice(legal)
    seat = state.seat
    by_kind: dict[Act, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(action.kind, []).append(action)
    for kind in (Act.SPOT, Act.REPAIR_VEHICLE, Act.REPAIR_GATE):
        if kind in by_kind:
            return rnd.choice(by_kind[kind])
    if state.food[seat] <= 4 and Act.REPLENISH in by_kind:
        return by_kind[Act.REPLENISH][0]
    if state.fuel[seat] <= 3 and Act.REFUEL in by_kind:
        return by_kind[Act.REFUEL][0]
    for action in by_kind.get(Act.EXCHANGE, []):
        track = state.fuel if action.resource == FUEL else state.food
        if track[action.target] <= 1 and track[action.giver] - action.amount >= 2:
            return action
    if Act.TOKEN_USE in by_kind:
        return by_kind[Act.TOKEN_USE][0]
    if Act.EXTINGUISH in by_kind and rnd.random() < 0.5:
        return rnd.choice(by_kind[Act.EXTINGUISH])
    goals = wanted_cells(state, seat)
    if state.food[seat] <= 3:
        goals = {state.token_cell[t] for t in FOOD_TOKENS if state.token_cell[t] >= 0}
    elif state.fuel[seat] <= 1:
        goals = set(GATE_CELLS)
    step = next_step_towards(state, seat, goals)
    if step is not None and Action(Act.MOVE, step) in legal:
        return Action(Act.MOVE, step)
    if Act.EXTRA_ANIMAL in by_kind and not wanted_cells(state, seat):
        return by_kind[Act.EXTRA_ANIMAL][0]
    if Act.MOVE in by_kind and step is None and not goals and rnd.random() < 0.5:
        return rnd.choice(by_kind[Act.MOVE])
    return Action(Act.END)


# --------------------------------------------------------------------------- the machine


@st.composite
def setups(draw: st.DrawFn) -> tuple[int, list[Guide], Difficulty, list[Species], int, bool]:
    board_seed = draw(st.integers(0, 10**6))
    guides = draw(st.lists(st.sampled_from(Guide), min_size=2, max_size=5, unique=True))
    difficulty = draw(st.sampled_from(Difficulty))
    short = draw(st.integers(0, 3)) == 0
    removed = (
        draw(st.lists(st.sampled_from(SPECIES_WITH_THREE), min_size=1, max_size=2, unique=True))
        if short
        else []
    )
    seed = draw(st.integers(0, 2**63 - 1))
    choose_starts = draw(st.booleans())
    return board_seed, guides, difficulty, removed, seed, choose_starts


class SafariMachine(RuleBasedStateMachine):
    session: Session
    #: (the game before, the log's length before, the action, the game right after it)
    undoable: list[tuple[GameState, int, Action, GameState]]

    @initialize(setup=setups(), data=st.data())
    def start(
        self,
        setup: tuple[int, list[Guide], Difficulty, list[Species], int, bool],
        data: st.DataObject,
    ) -> None:
        board_seed, guides, difficulty, removed, seed, choose_starts = setup
        board = seeded_board(board_seed)
        game = make_game(board, guides, difficulty, removed, seed)
        starts = None
        if choose_starts:
            slots = data.draw(st.permutations(range(9)))
            numbers = data.draw(st.lists(st.integers(1, 6), min_size=9, max_size=9))
            starts = [board.space_by_roll[(slots[i], numbers[i])] for i in range(len(guides))]
        self.session = Session(game, starts)
        state = self.session.state
        if starts is not None:
            assert state.vehicle == starts
        check_steps(self.session.log)
        assert not state.over, "RU-setup-loss: a lost setup is rolled again"
        self.undoable = []
        self.log_length = len(self.session.log)
        # R-setup-*: the opening position.
        mark = (7, 6, 5)[difficulty]
        assert state.fuel == [mark] * len(guides) and state.food == [mark] * len(guides)
        assert len({board.slot[cell] for cell in state.vehicle}) == len(guides)
        assert all(board.number[cell] for cell in state.vehicle)
        assert state.turn == 1 and state.seat == 0
        assert state.token_holder == game.seat_of(Guide.ANNA)
        assert state.spotted == [removed_mask(game)] * len(guides)
        assert len(state.discard) == 0 and len(state.lasting) == 0
        rebuilt, _ = new_game(game, starts)
        assert rebuilt == state, "new_game is not deterministic"
        check_state(state)

    # ----------------------------------------------------------------- stepping

    def _play(self, action: Action, rnd: random.Random) -> None:
        session = self.session
        before = session.state
        snapshot = before.copy()
        steps = session.play(action)
        after = session.state
        assert before == snapshot and before.key() == snapshot.key(), "apply changed its input"
        assert session.actions[-1] == action
        assert session.log[self.log_length :] == steps
        self.log_length = len(session.log)
        check_transition(before, action, after, steps)
        check_state(after)
        revealing = (
            action.kind in (Act.DRAW, Act.END)
            or after.over  # the end of a game is final
            or any(step.kind in REVEALING_KINDS for step in steps)
        )
        if revealing:
            self.undoable = []
        else:
            self.undoable.append((before, len(session.log) - len(steps), action, after))
        assert session.can_undo() == bool(self.undoable)
        check_illegal(session, rnd)

    def _check_over(self) -> None:
        """A finished game takes no more actions (R-end-*)."""
        state = self.session.state
        assert state.over and legal_actions(state) == []
        for action in (Action(Act.DRAW), Action(Act.END), Action(Act.MOVE, state.vehicle[0])):
            with pytest.raises(IllegalAction, match="over"):
                self.session.play(action)
        assert self.session.state is state

    @rule(data=st.data())
    def play_one(self, data: st.DataObject) -> None:
        if self.session.state.over:
            self._check_over()
            return
        legal = self.session.legal_actions()
        kind = data.draw(st.sampled_from(sorted({a.kind for a in legal})), label="kind")
        action = data.draw(st.sampled_from([a for a in legal if a.kind == kind]), label="action")
        self._play(action, random.Random(data.draw(st.integers(0, 2**32), label="probe")))

    @rule(seed=st.integers(0, 2**32), count=st.integers(1, 40))
    def play_random(self, seed: int, count: int) -> None:
        rnd = random.Random(seed)
        for _ in range(count):
            if self.session.state.over:
                self._check_over()
                return
            self._play(random_action(self.session.state, rnd), rnd)

    @rule(seed=st.integers(0, 2**32), count=st.integers(1, 60))
    def play_smart(self, seed: int, count: int) -> None:
        rnd = random.Random(seed)
        for _ in range(count):
            if self.session.state.over:
                self._check_over()
                return
            self._play(smart_action(self.session.state, rnd), rnd)

    @rule(data=st.data())
    def rig_one(self, data: st.DataObject) -> None:
        """D-rig-*: a rigged roll, card or face-down token leaves every token, card and fire
        accounted for; a rig that cannot be made changes nothing."""
        session = self.session
        state = session.state
        if state.over:
            return
        board = state.game.board
        kind = data.draw(st.sampled_from(RigKind), label="rig")
        if kind == RigKind.ROLL:
            numbered = [board.names[cell] for cell in range(CELL_COUNT) if board.number[cell]]
            text = "rig roll " + data.draw(st.sampled_from(["X", *numbered]), label="die")
        elif kind == RigKind.CARD:
            pile = sorted({CARDS[card].name for card in (state.deck or state.discard)})
            if not pile:
                return
            text = "rig card " + data.draw(st.sampled_from(pile), label="card")
        else:
            hidden = [
                board.names[cell]
                for cell, token in enumerate(state.token_at)
                if is_animal(token) and not state.face_up[token]
            ]
            if not hidden:
                return
            where = data.draw(st.sampled_from(hidden), label="token")
            animal = data.draw(st.sampled_from(["", *ANIMAL_KINDS]), label="as")
            text = f"rig token {where}" + (f" as {animal}" if animal else "")
        try:
            steps = session.rig_text(text)
        except IllegalAction as refusal:
            assert str(refusal).strip() and session.state is state, text
            return
        # A card rigged from an empty draw pile shuffles the discards into it first.
        assert [step.rule for step in steps[:-1]] in ([], ["R-card-deck"]), text
        assert steps[-1].rule == f"D-rig-{kind.name.lower()}", text
        assert session.log[self.log_length :] == steps
        self.log_length = len(session.log)
        if kind == RigKind.TOKEN:  # seeing a face-down token stops undo, as turning one does
            self.undoable = []
        assert session.can_undo() == bool(self.undoable)
        check_state(session.state)

    @rule()
    def undo(self) -> None:
        session = self.session
        if not self.undoable:
            assert not session.can_undo()
            with pytest.raises(IllegalAction) as caught:
                session.undo()
            assert str(caught.value).strip()
            return
        # ``later``: the game right after the action, for rigs made since go with it; rigs made
        # before it stay in ``earlier`` (an action undone before this one may have had some).
        earlier, log_length, action, later = self.undoable.pop()
        count = len(session.actions)
        undone = session.undo()
        assert undone == action
        assert session.state == earlier, "undo did not restore the earlier state"
        assert len(session.log) == log_length
        self.log_length = log_length
        assert len(session.actions) == len(session.texts) == count - 1
        assert session.can_undo() == bool(self.undoable)
        # The undone step revealed nothing, so playing it again leads to the same state.
        again, steps = apply(earlier, action)
        assert not any(step.kind in REVEALING_KINDS for step in steps)
        assert again == later
        check_state(session.state)

    @rule()
    def replay_record(self) -> None:
        session = self.session
        record = record_of(session)
        text = record.model_dump_json()
        assert GameRecord.model_validate_json(text) == record
        copy = load_record(json.loads(text), load_pieces(), "machine record")
        assert copy.game == session.game
        assert copy.state == session.state, "the record does not replay to the same state"
        assert copy.texts == session.texts
        assert [step.rule for step in copy.log] == [step.rule for step in session.log]

    @invariant()
    def consistent(self) -> None:
        if hasattr(self, "session"):
            check_state(self.session.state)

    def teardown(self) -> None:
        if hasattr(self, "session"):
            self.replay_record()
            outcome = self.session.state.outcome
            event("outcome: " + (":".join(outcome.split(":")[:2]) or "still playing"))


TestSafari = SafariMachine.TestCase
#: Longer runs of the machine in the deep profile (BIGFIVE_HYPOTHESIS=deep, tests/conftest.py).
_profile = settings.default
TestSafari.settings = settings(
    stateful_step_count=40 if _profile is None or _profile.max_examples < 200 else 80,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


# --------------------------------------------------------------------------- engine bugs found


def _game(seed: int, guides: Sequence[Guide]) -> Game:
    return make_game(seeded_board(seed), list(guides), Difficulty.BEGINNER, (), seed)


def _kate_next_to_face_down_token() -> GameState:
    """A position where Kate, in her action phase, stands next to a face-down animal."""
    for seed in range(200):
        game = _game(seed, [Guide.KATE, Guide.JACK])
        state, _ = new_game(game)
        state, _ = apply(state, Action(Act.DRAW))
        if state.over or state.phase != Phase.ACTIONS:
            continue
        board = game.board
        here = state.vehicle[0]
        for cell in board.view[here]:
            token = state.token_at[cell]
            if cell != here and 0 <= token < 15 and cell in board.long_view[here]:
                return state
    raise AssertionError("no suitable position found")


def test_legal_actions_have_no_duplicates_for_kate() -> None:
    """Regression: Kate's spot of an adjacent space was listed twice (view and long view)."""
    state = _kate_next_to_face_down_token()
    legal = legal_actions(state)
    assert len(legal) == len(set(legal)), [a for a in legal if legal.count(a) > 1]


def _actions_phase(guides: Sequence[Guide], seat_cell: int, actions_left: int) -> GameState:
    """Seat 0 in its action phase on ``seat_cell`` with ``actions_left`` actions."""
    state, _ = new_game(_game(7, guides))
    state = state.copy()
    state.phase = Phase.ACTIONS
    state.vehicle[0] = seat_cell
    state.actions_left = actions_left
    return state


def test_why_illegal_names_missing_actions_for_refuel_and_food() -> None:
    state = _actions_phase([Guide.JACK, Guide.KATE], GATE_CELLS[0], 0)
    state.fuel[0] = 1
    assert Action(Act.REFUEL) not in legal_actions(state)
    with pytest.raises(IllegalAction, match="action"):
        apply(state, Action(Act.REFUEL))
    food_cell = state.token_cell[FOOD_TOKENS[0]]
    state.vehicle[0] = food_cell
    state.food[0] = 1
    with pytest.raises(IllegalAction, match="action"):
        apply(state, Action(Act.REPLENISH, food_cell))


def test_why_illegal_for_repairing_a_sound_gate() -> None:
    state = _actions_phase([Guide.JACK, Guide.KATE], GATE_CELLS[0], 4)
    assert not state.broken_gates()
    with pytest.raises(IllegalAction, match="not broken"):
        apply(state, Action(Act.REPAIR_GATE, 0))


def test_why_illegal_for_a_bad_discard_choice_while_influencing() -> None:
    state = _actions_phase([Guide.JACK, Guide.KATE], GATE_CELLS[0], 4)
    state, _ = apply(state, Action(Act.INFLUENCE))
    assert state.phase == Phase.INFLUENCE
    with pytest.raises(IllegalAction) as caught:
        apply(state, Action(Act.CHOOSE_DISCARD, 2))
    assert "only follows" not in str(caught.value)


def test_RU_stuck_a_dry_vehicle_on_a_park_entrance_can_refuel_and_drive() -> None:
    state = _actions_phase([Guide.KATE, Guide.JACK], GATE_CELLS[0], 4)
    board = state.game.board
    centre = board.space_by_roll[(4, 1)]
    east_gate = next(
        i for i, c in enumerate(CARDS) if c.kind == CardKind.BROKEN_GATE and c.gate == 1
    )
    flat_tyre = next(i for i, c in enumerate(CARDS) if c.kind == CardKind.FLAT_TYRE)
    state.deck.remove(east_gate)
    state.deck.remove(flat_tyre)
    state.lasting = [(east_gate, 1), (flat_tyre, 1)]
    state.vehicle = [GATE_CELLS[0], centre]  # Kate on the west entrance, Jack in the middle
    state.fuel = [0, 3]  # Kate is dry; Jack has fuel but a flat tyre ...
    state.flat = [0, 2]  # ... that nobody can mend while the east gate is broken and unseen
    assert GATE_CELLS[1] not in board.view[centre]
    # Kate can still refuel on the entrance token and then drive on:
    refuelled, _ = apply(state, Action(Act.REFUEL))
    assert any(action.kind == Act.MOVE for action in legal_actions(refuelled))
    assert not is_stuck(state)


def test_RU_setup_loss_a_lost_setup_is_rolled_again() -> None:
    """Game seed 5 (on any board) burns all three leopards while placing the start animals."""
    game = _game(5, [Guide.KATE, Guide.JACK])
    state, log = new_game(game)
    assert any(step.rule == "RU-setup-loss" for step in log)
    assert not state.over and state.phase == Phase.DRAW
    check_steps(log)
    check_state(state)
    assert Session(game).state == state
