"""Every rule of docs/rules.md, once: setup, dice, event cards, actions, abilities, game end.

``apply`` copies the state and mutates the copy; the private ``_do_*`` helpers mutate in place
and append rule steps to a log. Nothing here performs I/O or touches global randomness.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import IntEnum
from typing import TypeVar

from bigfive_tui.engine.actions import (
    DETOUR,
    DRAW,
    END,
    EXTRA_ANIMAL,
    FOOD,
    FUEL,
    INFLUENCE,
    REFUEL,
    RESOURCE_NAMES,
    TOKEN_USE,
    Act,
    Action,
    Step,
)
from bigfive_tui.engine.board import CELL_COUNT, GATE_CELLS, GATE_NAMES, Board
from bigfive_tui.engine.boardspec import Feature
from bigfive_tui.engine.content import (
    ALL_SPECIES_MASK,
    ANIMAL_KIND,
    BASE_ACTIONS,
    BUFFALO_TOKEN,
    CARD_COUNT,
    CARDS,
    FOOD_TOKENS,
    FOOD_TOKENS_BY_DIFFICULTY,
    GATE_TOKENS,
    MONKEY,
    MONKEY_TOKENS,
    MONKEYS_BY_DIFFICULTY,
    NO_TOKEN,
    SPECIES_WITH_THREE,
    START_ANIMALS,
    START_FIRES,
    START_MARK_BY_DIFFICULTY,
    Card,
    CardKind,
    Guide,
    Species,
)
from bigfive_tui.engine.movement import step_cost
from bigfive_tui.engine.state import (
    FLAT_TYRE_CARDS,
    GATE_CARDS,
    HIPPO_CARDS,
    RAIN_CARDS,
    Game,
    GameState,
    Phase,
    empty_state,
)
from bigfive_tui.shared import rng
from bigfive_tui.shared.steps import StepRecorder

_BUSH = int(Feature.BUSH)
X_FACE = 9  # the ten-sided die shows the nine piece symbols (faces 0..8, one per slot) and an X
ANIMAL_TOKEN_LIMIT = 15
DETOUR_COST = 3
INFLUENCE_COST = 4
EXTRA_ANIMAL_COST = 4

# Enum members bound once: looking one up on its class costs ~60 ns in Python 3.11, and the
# hot paths below would do it dozens of times per action.
_DRAW_PHASE, _ACTIONS_PHASE, _INFLUENCE_PHASE, _OVER_PHASE = (
    Phase.DRAW,
    Phase.ACTIONS,
    Phase.INFLUENCE,
    Phase.OVER,
)
_JACK, _KATE, _SAM = Guide.JACK, Guide.KATE, Guide.SAM
_FOOD_LOSS_KINDS = frozenset({CardKind.LOST_FOOD, CardKind.STOLEN_FOOD})

_Effect = TypeVar("_Effect")


def _table(kinds: type[IntEnum], effects: Mapping[IntEnum, _Effect]) -> tuple[_Effect, ...]:
    """A dispatch tuple indexed by an enum's values, which must run 0, 1, 2, ... and all be
    covered."""
    order = sorted(kinds)
    if [int(kind) for kind in order] != list(range(len(order))) or set(effects) != set(order):
        raise AssertionError(f"{kinds.__name__}: every member needs exactly one effect")
    return tuple(effects[kind] for kind in order)


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why in a player's words."""


Log = list[Step]


# --------------------------------------------------------------------------- small helpers


def token_name(token: int) -> str:
    if token == BUFFALO_TOKEN:
        return "the buffalo"
    if token in FOOD_TOKENS:
        return "a food token"
    if token in GATE_TOKENS:
        return "a park entrance token"
    kind = ANIMAL_KIND[token]
    if kind == MONKEY:
        return "a monkey"
    name = Species(kind).name.lower()
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


_GUIDE_TITLES = tuple(guide.title for guide in Guide)


def _count(number: int, thing: str) -> str:
    """``1 action``, ``2 actions``: log lines and reasons are read by players."""
    return f"{number} {thing}{'' if number == 1 else 's'}"


def guide_name(state: GameState, seat: int) -> str:
    return _GUIDE_TITLES[state.game.guides[seat]]


def _seat_of(state: GameState, guide: Guide) -> int:
    return state.game.seat_of(guide)


def _species_of(token: int) -> int:
    """Species index for a token that can be spotted, or MONKEY."""
    return int(Species.BUFFALO) if token == BUFFALO_TOKEN else ANIMAL_KIND[token]


def _is_animal(token: int) -> bool:
    return 0 <= token < ANIMAL_TOKEN_LIMIT


# --------------------------------------------------------------------------- dice (R-dice-*)


def _roll(state: GameState, log: Log, purpose: str) -> tuple[int, int]:
    """Roll both dice; returns (face, number). Scripted results come first (scenarios)."""
    if state.script_pos < len(state.script):
        face, number = state.script[state.script_pos]
        state.script_pos += 1
    else:
        state.rng, face = rng.below(state.rng, 10)
        state.rng, low = rng.below(state.rng, 6)
        number = low + 1
    if face == X_FACE:
        shown = f"X and {number}"
    else:
        shown = state.game.board.symbols[face] + str(number)
    log.append(Step("R-dice-space", "roll", f"Rolled {shown} for {purpose}."))
    return face, number


def _free_numbered_cells(state: GameState, burning_ok: bool) -> list[int]:
    board = state.game.board
    token_at = state.token_at
    free = [cell for cell in board.numbered_cells if token_at[cell] == NO_TOKEN]
    if burning_ok or not free:
        return free
    slot = board.slot
    burning = {slot[cell] for cell, count in enumerate(state.fires) if count}
    return [cell for cell in free if slot[cell] not in burning]


def _put_token(state: GameState, token: int, cell: int) -> None:
    old = state.token_cell[token]
    if old >= 0:
        state.token_at[old] = NO_TOKEN
    state.token_at[cell] = token
    state.token_cell[token] = cell


def _discard_animal(state: GameState, token: int) -> None:
    cell = state.token_cell[token]
    if cell >= 0:
        state.token_at[cell] = NO_TOKEN
        state.token_cell[token] = -1
    state.face_up[token] = True
    state.discarded.append(token)


def _place_fire(state: GameState, log: Log, rule: str) -> None:
    board = state.game.board
    if state.fire_supply == 0:
        log.append(Step("RU-fire-supply", "effect", "No fire markers left: no fire breaks out."))
        return
    face, number = _roll(state, log, "a fire")
    if face == X_FACE:
        log.append(Step("R-fire-x", "effect", "An X: the fire marker is not placed."))
        return
    cell = board.space_by_roll[(face, number)]
    if state.seat_on_slot(Guide.JACK, face):
        log.append(
            Step(
                "R-fire-jack",
                "ability",
                f"Jack is on the {board.symbols[face]} piece and puts the fire out at once.",
            )
        )
        return
    state.fires[cell] += 1
    state.fire_supply -= 1
    log.append(Step(rule, "place", f"A fire breaks out on {board.names[cell]}."))
    for other in board.slot_cells[face]:
        token = state.token_at[other]
        if _is_animal(token):
            _discard_animal(state, token)
            log.append(
                Step(
                    "R-fire-chase",
                    "discard",
                    f"The fire chases {token_name(token)} from "
                    f"{board.names[other]} out of the game.",
                )
            )
    _check_species(state, log)
    if state.outcome:
        return  # RU-end-check: a loss stops the card at once
    buffalo_cell = state.token_cell[BUFFALO_TOKEN]
    if buffalo_cell >= 0 and board.slot[buffalo_cell] == face:
        log.append(Step("RU-buffalo-chased", "effect", "The fire chases the buffalo away."))
        _place_buffalo(state, log, "RU-buffalo-chased")


def _place_animal(state: GameState, log: Log, rule: str) -> None:
    board = state.game.board
    if not state.animal_supply:
        log.append(Step(rule, "effect", "No animal tokens are left: nothing is placed."))
        return
    while True:
        face, number = _roll(state, log, "an animal")
        if face == X_FACE:
            log.append(
                Step("R-animal-x", "effect", "An X: the animal stays face down in the supply.")
            )
            return
        cell = board.space_by_roll[(face, number)]
        if state.token_at[cell] != NO_TOKEN:
            log.append(
                Step(
                    "R-animal-reroll",
                    "reroll",
                    f"{board.names[cell]} already holds a token: roll again.",
                )
            )
            continue
        token = state.animal_supply.pop()
        if state.burning(face):
            _discard_animal(state, token)
            log.append(
                Step(
                    "R-animal-burning",
                    "discard",
                    f"The {board.symbols[face]} piece is on "
                    f"fire: {token_name(token)} flees out of the game.",
                )
            )
            _check_species(state, log)
            return
        _put_token(state, token, cell)
        state.face_up[token] = False
        log.append(
            Step(rule, "place", f"An animal token is placed face down on {board.names[cell]}.")
        )
        return


def _roll_free_space(state: GameState, log: Log, what: str, *, avoid_fire: bool) -> int:
    """Roll until the dice name a free numbered space (R-buffalo-*, R-foodtoken-*): an X or a
    taken space is rolled again, and so, for the buffalo, is a piece on fire. The caller has
    checked that such a space exists (RU-no-space), so this ends."""
    board = state.game.board
    prefix = "R-buffalo" if what == "the buffalo" else "R-foodtoken"
    while True:
        face, number = _roll(state, log, what)
        if face == X_FACE:
            log.append(Step(f"{prefix}-x", "reroll", f"An X: roll again for {what}."))
            continue
        cell = board.space_by_roll[(face, number)]
        if state.token_at[cell] != NO_TOKEN:
            text = f"{board.names[cell]} already holds a token: roll again."
            log.append(Step(f"{prefix}-reroll", "reroll", text))
            continue
        if avoid_fire and state.burning(face):
            text = f"The {board.symbols[face]} piece is on fire: {what} is chased off, roll again."
            log.append(Step(f"{prefix}-burning", "reroll", text))
            continue
        return cell


def _place_buffalo(state: GameState, log: Log, rule: str) -> None:
    board = state.game.board
    if not _free_numbered_cells(state, burning_ok=False):
        text = "No free space on a piece without fire: the buffalo stays where it is."
        log.append(Step("RU-no-space", "effect", text))
        return
    cell = _roll_free_space(state, log, "the buffalo", avoid_fire=True)
    _put_token(state, BUFFALO_TOKEN, cell)
    state.face_up[BUFFALO_TOKEN] = True
    log.append(Step(rule, "place", f"The buffalo goes to {board.names[cell]}."))


def _place_food(state: GameState, log: Log, token: int, rule: str) -> None:
    board = state.game.board
    if not _free_numbered_cells(state, burning_ok=True):
        text = "No free numbered space: the food token stays where it is."
        log.append(Step("RU-no-space", "effect", text))
        return
    cell = _roll_free_space(state, log, "a food token", avoid_fire=False)
    _put_token(state, token, cell)
    state.face_up[token] = True
    log.append(Step(rule, "place", f"A food token goes to {board.names[cell]}."))


def _jack_sweeps(state: GameState, log: Log) -> None:
    """RU-jack: every fire on Jack's piece goes out as soon as he is there."""
    seat = _seat_of(state, Guide.JACK)
    if seat < 0:
        return
    board = state.game.board
    slot = board.slot[state.vehicle[seat]]
    for cell in board.slot_cells[slot]:
        count = state.fires[cell]
        if count:
            state.fires[cell] = 0
            state.fire_supply += count
            log.append(
                Step(
                    "R-jack-extinguish",
                    "ability",
                    f"Jack puts out {'the fire' if count == 1 else f'{count} fires'} on "
                    f"{board.names[cell]} for free.",
                )
            )


# --------------------------------------------------------------------------- setup


def new_game(
    game: Game,
    start_cells: Sequence[int] | None = None,
    script: Sequence[tuple[int, int]] = (),
) -> tuple[GameState, Log]:
    """Set up a game (R-setup-*, R-start-order) and begin the first turn.

    ``script`` holds dice results (face, number) used before the seeded generator, so that a
    scenario can fix the starting rolls.
    """
    board = game.board
    seats = len(game.guides)
    if not 2 <= seats <= 5 or len(set(game.guides)) != seats:
        raise IllegalAction("a game needs 2 to 5 different guides")
    state = empty_state(game, rng.seed_state(game.seed))
    state.script = tuple(script)
    log: Log = []
    # Always draw the random start so the rest of the game does not depend on whether the
    # start spaces were chosen; a record with explicit spaces then replays exactly.
    random_cells = _random_start_cells(state)
    if start_cells is None:
        start_cells = random_cells
    _check_start_cells(state, start_cells)
    mark = START_MARK_BY_DIFFICULTY[game.difficulty]
    removed_mask = 0
    for species in game.removed_species:
        removed_mask |= 1 << species
    for seat in range(seats):
        state.vehicle[seat] = start_cells[seat]
        state.fuel[seat] = mark
        state.food[seat] = mark
        state.spotted[seat] = removed_mask
        log.append(
            Step(
                "R-setup-start-spaces",
                "setup",
                f"{guide_name(state, seat)} starts on {board.names[start_cells[seat]]}.",
            )
        )
    log.append(Step("R-setup-tracks", "setup", f"Fuel and food start at {mark}."))
    if game.removed_species:
        names = ", ".join(Species(s).title for s in game.removed_species)
        log.append(
            Step(
                "R-variant-short",
                "setup",
                f"Short game: {names} removed; every guide holds those tokens.",
            )
        )
    place_gate_tokens(state)
    animals = [
        token for token in range(12) if Species(ANIMAL_KIND[token]) not in game.removed_species
    ] + list(MONKEY_TOKENS[: MONKEYS_BY_DIFFICULTY[game.difficulty]])
    state.rng, state.animal_supply = rng.shuffled(state.rng, animals)
    state.rng, state.deck = rng.shuffled(state.rng, list(range(CARD_COUNT)))
    log.append(Step("R-setup-deck", "setup", "The 45 event cards are shuffled."))
    empty, logged = state.copy(), len(log)
    while True:
        _place_starting_items(state, log)
        _check_end(state, log)
        if not state.outcome:
            break
        # RU-setup-loss: roll the starting locations again; the dice go on where they were.
        rolled, script_pos = state.rng, state.script_pos
        state = empty.copy()
        state.rng, state.script_pos = rolled, script_pos
        state.rng, state.animal_supply = rng.shuffled(state.rng, state.animal_supply)
        del log[logged:]
        log.append(
            Step(
                "RU-setup-loss",
                "setup",
                "The starting fires already drove a species out of "
                "the park: the starting locations are rolled again.",
            )
        )
    _begin_turn(state, log)
    return state, log


def place_gate_tokens(state: GameState) -> None:
    """The park entrance tokens lie on their gates from the start (R-setup-entrances); the
    start-space chooser shows them too, before anything else is placed."""
    for gate, cell in enumerate(GATE_CELLS):
        _put_token(state, GATE_TOKENS[gate], cell)
        state.face_up[GATE_TOKENS[gate]] = True


def _place_starting_items(state: GameState, log: Log) -> None:
    """R-start-order: two fires, three animals face down, the buffalo, the food tokens."""
    for _ in range(START_FIRES):
        _place_fire(state, log, "R-start-order")
    for _ in range(START_ANIMALS):
        _place_animal(state, log, "R-start-order")
    _place_buffalo(state, log, "R-start-order")
    for token in FOOD_TOKENS[: FOOD_TOKENS_BY_DIFFICULTY[state.game.difficulty]]:
        _place_food(state, log, token, "R-start-order")


def _random_start_cells(state: GameState) -> list[int]:
    board = state.game.board
    state.rng, slots = rng.shuffled(state.rng, list(range(9)))
    cells = []
    for seat in range(len(state.game.guides)):
        state.rng, low = rng.below(state.rng, 6)
        cells.append(board.space_by_roll[(slots[seat], low + 1)])
    return cells


def _check_start_cells(state: GameState, cells: Sequence[int]) -> None:
    board = state.game.board
    if len(cells) != len(state.game.guides):
        raise IllegalAction(f"{len(state.game.guides)} start spaces are needed, got {len(cells)}")
    for cell in cells:
        if not 0 <= cell < len(board.number) or not board.number[cell]:
            raise IllegalAction("every vehicle must start on a numbered space")
    slots = [board.slot[cell] for cell in cells]
    if len(set(slots)) != len(slots):
        raise IllegalAction("every vehicle must start on a different board piece")


# --------------------------------------------------------------------------- turns and cards


def _begin_turn(state: GameState, log: Log) -> None:
    seat = state.seat
    state.phase = _DRAW_PHASE
    state.actions_left = BASE_ACTIONS
    name = guide_name(state, seat)
    log.append(Step("R-turn-order", "turn", f"Turn {state.turn}: {name}."))
    for card, owner in list(state.lasting) if state.lasting else ():
        if card in RAIN_CARDS and owner == seat:
            state.lasting.remove((card, owner))
            state.discard.append(card)
            log.append(Step("RU-rain", "effect", "The heavy rain is over; rivers open again."))
    if state.flat[seat] == 1:
        state.flat[seat] = 2
        log.append(Step("RU-flat-tyre", "effect", f"{name}'s flat tyre can now be repaired."))
    if state.token_holder == seat and seat != state.game.anna_seat:
        state.actions_left += 1
        log.append(
            Step("R-anna-token", "ability", f"{name} uses Anna's extra-action token: +1 action.")
        )


def _draw(state: GameState, log: Log) -> None:
    if not state.deck:
        state.rng, state.deck = rng.shuffled(state.rng, state.discard)
        state.discard = []
        log.append(
            Step(
                "R-card-deck",
                "effect",
                "The deck is empty: the discard pile is shuffled into a new deck.",
            )
        )
    card_id = state.deck.pop()
    card = CARDS[card_id]
    drawer = guide_name(state, state.seat)
    drawn = len(log)
    text = f"{drawer} draws: {card.name}."
    log.append(Step("R-turn-card", "card", text, card_id))
    lasting = _CARD_EFFECTS[card.kind](state, log, card_id, card)
    # The card step counts its effects, so a reader of the log (the table, the hand-over) never
    # takes what follows (influence, Anna's token, the actions) for the card's doing.
    log[drawn] = Step("R-turn-card", "card", text, card_id, len(log) - drawn - 1)
    if not lasting:
        state.discard.append(card_id)
    if not state.outcome:
        state.phase = _ACTIONS_PHASE


# Each card effect returns True when the card lies out as a lasting effect instead of going
# to the discard pile (RU-rain, RU-hippos, RU-flat-tyre, RU-broken-gate).


def _fire_card(state: GameState, log: Log, card_id: int, card: Card) -> bool:
    _place_fire(state, log, card.rule)
    return False


def _animal_card(state: GameState, log: Log, card_id: int, card: Card) -> bool:
    _place_animal(state, log, card.rule)
    return False


def _extra_actions_card(state: GameState, log: Log, card_id: int, card: Card) -> bool:
    """Wildebeest and giraffes."""
    state.actions_left += card.steps
    log.append(Step(card.rule, "effect", f"+{_count(card.steps, 'action')} this turn."))
    return False


def _track_loss_card(state: GameState, log: Log, card_id: int, card: Card) -> bool:
    """Lost or stolen food, an overheated or leaky engine."""
    track = state.food if card.kind in _FOOD_LOSS_KINDS else state.fuel
    what = "food" if track is state.food else "fuel"
    hit = range(len(state.game.guides)) if card.all_vehicles else (state.seat,)
    if card.all_vehicles:
        log.append(
            Step(
                "R-card-all-vehicles",
                "effect",
                "The card shows several vehicles: it hits every vehicle.",
            )
        )
    for target in hit:
        track[target] = max(0, track[target] - card.steps)
        log.append(
            Step(
                card.rule,
                "effect",
                f"{guide_name(state, target)} loses {card.steps} {what} (now {track[target]}).",
            )
        )
        _check_end(state, log)
        if state.outcome:
            break
    return False


def _closed_rivers_card(state: GameState, log: Log, card_id: int, card: Card) -> bool:
    """Heavy rain (every vehicle, until the drawer's next turn) or hippos (the drawer, this
    turn): the card lies out with the drawer's seat, and its end is checked by turn."""
    name = guide_name(state, state.seat)
    state.lasting.append((card_id, state.seat))
    if card.kind == CardKind.RAIN:
        text = f"Heavy rain: no vehicle can cross rivers until {name}'s next turn."
    else:
        text = f"Hippos block the rivers: {name} cannot cross rivers this turn."
    log.append(Step(card.rule, "effect", text))
    return True


def _flat_tyre_card(state: GameState, log: Log, card_id: int, card: Card) -> bool:
    seat = state.seat
    if state.flat[seat]:
        log.append(
            Step(
                "RU-flat-tyre",
                "effect",
                "The vehicle already has a flat tyre: no further effect.",
            )
        )
        return False
    state.flat[seat] = 1
    state.lasting.append((card_id, seat))
    log.append(
        Step(
            card.rule,
            "effect",
            f"{guide_name(state, seat)} has a flat tyre: "
            "no driving until it is repaired (not before the next turn).",
        )
    )
    return True


def _broken_gate_card(state: GameState, log: Log, card_id: int, card: Card) -> bool:
    # Each card breaks its own gate and lies out until that gate is mended (RU-broken-gate),
    # so it is never drawn while its gate is broken.
    state.lasting.append((card_id, card.gate))
    log.append(
        Step(
            card.rule,
            "effect",
            f"The {GATE_NAMES[card.gate]} gate breaks: no vehicle can "
            "be repaired until it is mended.",
        )
    )
    return True


CardEffect = Callable[[GameState, Log, int, Card], bool]

#: [card kind] -> its effect; a table, because comparing Enum members one by one is slow.
_CARD_EFFECTS: tuple[CardEffect, ...] = _table(
    CardKind,
    {
        CardKind.FIRE: _fire_card,
        CardKind.ANIMAL: _animal_card,
        CardKind.WILDEBEEST: _extra_actions_card,
        CardKind.GIRAFFE: _extra_actions_card,
        CardKind.LOST_FOOD: _track_loss_card,
        CardKind.STOLEN_FOOD: _track_loss_card,
        CardKind.OVERHEATED: _track_loss_card,
        CardKind.LEAKY: _track_loss_card,
        CardKind.RAIN: _closed_rivers_card,
        CardKind.HIPPOS: _closed_rivers_card,
        CardKind.FLAT_TYRE: _flat_tyre_card,
        CardKind.BROKEN_GATE: _broken_gate_card,
    },
)


def _end_turn(state: GameState, log: Log) -> None:
    seat = state.seat
    for card, owner in list(state.lasting) if state.lasting else ():
        if card in HIPPO_CARDS and owner == seat:
            state.lasting.remove((card, owner))
            state.discard.append(card)
    anna = state.game.anna_seat
    state.token_spent = False
    if state.token_holder == seat and seat != anna:
        state.token_holder = anna
        log.append(Step("R-anna-token", "ability", "The extra-action token goes back to Anna."))
    # Each step is logged after its change (debug mode shows the state at every step).
    lost, state.actions_left = state.actions_left, 0
    if lost:
        log.append(
            Step(
                "R-turn-actions",
                "turn",
                f"{guide_name(state, seat)} ends the turn; "
                f"{_count(lost, 'unused action')} {'is' if lost == 1 else 'are'} lost.",
            )
        )
    state.seat = (seat + 1) % len(state.game.guides)
    state.turn += 1
    _begin_turn(state, log)


# --------------------------------------------------------------------------- game end


def species_discarded(state: GameState, species: Species) -> int:
    return sum(1 for token in state.discarded if ANIMAL_KIND[token] == species)


def _check_end(state: GameState, log: Log) -> None:
    """RU-end-check: called after every change; the first condition met ends the game."""
    if state.outcome:
        return
    food = state.food
    if min(food) <= 0:
        seat = next(seat for seat, left in enumerate(food) if left <= 0)
        _finish(
            state,
            log,
            "lost:food",
            "R-end-food",
            f"{guide_name(state, seat)} has run out of food. The safari is lost.",
        )
        return
    seat = state.seat  # the guide at the wheel can usually drive: no need to ask is_stuck
    if (not state.fuel[seat] or state.flat[seat]) and is_stuck(state):
        _finish(
            state,
            log,
            "lost:stuck",
            "R-end-stuck",
            "No vehicle can move and nobody can help: the safari is lost.",
        )
        return
    if min(state.spotted) == ALL_SPECIES_MASK:
        text = "Every vehicle has spotted the Big Five. The safari is won!"
        _finish(state, log, "won", "R-end-win", text)


def is_stuck(state: GameState) -> bool:
    """RU-stuck: no vehicle can move, and no guide can act to change that."""
    fuel, flat = state.fuel, state.flat
    seats = range(len(fuel))
    for seat in seats:
        if fuel[seat] and not flat[seat]:
            return False
    if not any(fuel):
        return True  # every vehicle out of fuel at once: the books' own case
    view = state.game.board.view
    for dry in seats:
        if not flat[dry] and any(gate in view[state.vehicle[dry]] for gate in GATE_CELLS):
            return False  # it can refuel at the park entrance and drive on
    for dry in seats:
        if not flat[dry] and not fuel[dry] and any(fuel[o] for o in vehicles_in_view(state, dry)):
            return False
    if not any(fuel[s] and flat[s] for s in seats):
        return True
    return not all(
        any(GATE_CELLS[gate] in view[cell] for cell in state.vehicle)
        for gate in state.broken_gates()
    )


def _check_species(state: GameState, log: Log) -> None:
    """R-end-species, checked right after animals leave the game (the only way it can arise)."""
    if state.outcome:
        return
    gone = [0, 0, 0, 0, 0, 0]  # discarded tokens per species; monkeys (-1) land in [5]
    for token in state.discarded:
        gone[ANIMAL_KIND[token]] += 1
    for species in SPECIES_WITH_THREE:
        if gone[species] == 3 and any(not mask & (1 << species) for mask in state.spotted):
            name = species.name.lower()
            _finish(
                state,
                log,
                f"lost:species:{name}",
                "R-end-species",
                f"All three {name} "
                "tokens are gone while a guide still needs one. The safari is lost.",
            )
            return


def _finish(state: GameState, log: Log, outcome: str, rule: str, text: str) -> None:
    state.outcome = outcome
    state.phase = Phase.OVER
    log.append(Step(rule, "end", text))


# --------------------------------------------------------------------------- legal actions


def rivers_closed_for(state: GameState, seat: int) -> bool:
    return state.rain() or state.hippos(seat)


def can_drive(state: GameState, seat: int) -> bool:
    return state.fuel[seat] > 0 and not state.flat[seat]


def move_cost(state: GameState, seat: int, direction: int) -> int:
    costs = state.game.costs[seat]
    return step_cost(
        state.game.board,
        state.vehicle[seat],
        direction,
        through_bushes=costs.through_bushes,
        hills_free=costs.hill_move == 1,
        rivers_closed=rivers_closed_for(state, seat),
    )


def sight(state: GameState, seat: int) -> tuple[int, ...]:
    """The spaces this guide can spot on: clear view, plus Kate's six lines (R-kate-spot)."""
    board = state.game.board
    if state.game.guides[seat] == _KATE:
        return board.spotter_view[state.vehicle[seat]]
    return board.view[state.vehicle[seat]]


def spot_targets(state: GameState, seat: int) -> list[int]:
    cells = sight(state, seat)
    mask = state.spotted[seat]
    targets = []
    token_at = state.token_at
    for target in cells:
        token = token_at[target]
        if token == BUFFALO_TOKEN:
            if not mask & (1 << Species.BUFFALO):
                targets.append(target)
        elif 0 <= token < ANIMAL_TOKEN_LIMIT and (
            not state.face_up[token] or not mask & (1 << ANIMAL_KIND[token])
        ):
            targets.append(target)
    return targets


def vehicles_in_view(state: GameState, seat: int) -> list[int]:
    """Other seats whose vehicles share clear view with this one (RU-clear-view)."""
    sight = state.game.board.mutual_view[state.vehicle[seat]]
    return [other for other, cell in enumerate(state.vehicle) if other != seat and cell in sight]


#: Per-cell actions made once; building NamedTuples is a visible cost in legal_actions.
MOVES = tuple(Action(Act.MOVE, cell) for cell in range(CELL_COUNT))
_REPLENISH = tuple(Action(Act.REPLENISH, cell) for cell in range(CELL_COUNT))
_SPOT = tuple(Action(Act.SPOT, cell) for cell in range(CELL_COUNT))
_EXTINGUISH = tuple(Action(Act.EXTINGUISH, cell) for cell in range(CELL_COUNT))


def legal_actions(state: GameState) -> list[Action]:
    """Every action the current guide may take now, the actions of each kind listed together
    (the random player relies on that to pick a kind first)."""
    phase = state.phase
    if phase == _DRAW_PHASE:
        return [DRAW, *_exchanges(state)]  # RU-exchange: also before the card
    if phase == _OVER_PHASE:
        return []
    if phase == _INFLUENCE_PHASE:
        return [Action(Act.CHOOSE_DISCARD, i) for i in range(len(state.looking_at))]
    seat = state.seat
    board = state.game.board
    here = state.vehicle[seat]
    left = state.actions_left
    view = board.view[here]
    actions = [END]
    costs = state.game.costs[seat]
    if state.fuel[seat] > 0 and not state.flat[seat]:
        closed = bool(state.lasting) and rivers_closed_for(state, seat)
        mode = costs.through_bushes + 2 * closed
        hill_cost = costs.hill_move
        for target, onto_hill in board.exits[here][mode]:
            if (hill_cost if onto_hill else 1) <= left:
                actions.append(MOVES[target])
        if here in GATE_CELLS and left >= DETOUR_COST:
            actions.append(DETOUR)
    supply_cost = costs.supply
    if (
        state.fuel[seat] < state.game.caps[seat]
        and left >= supply_cost
        and (GATE_CELLS[0] in view or GATE_CELLS[1] in view)
    ):
        actions.append(REFUEL)
    if state.food[seat] < state.game.caps[seat] and left >= supply_cost:
        for token in FOOD_TOKENS:
            cell = state.token_cell[token]
            if cell >= 0 and cell in view:
                actions.append(_REPLENISH[cell])
    if left >= costs.spot:
        actions.extend([_SPOT[cell] for cell in spot_targets(state, seat)])
    if left >= costs.extinguish:
        fires = state.fires
        actions.extend([_EXTINGUISH[cell] for cell in view if fires[cell]])
    if left >= costs.repair:
        broken = state.broken_gates() if state.lasting else []
        if not broken and 2 in state.flat:
            for other in [seat, *vehicles_in_view(state, seat)]:
                if state.flat[other] == 2:
                    actions.append(Action(Act.REPAIR_VEHICLE, other))
        for gate in broken:
            if GATE_CELLS[gate] in view:
                actions.append(Action(Act.REPAIR_GATE, gate))
    if left >= INFLUENCE_COST and len(state.deck) + len(state.discard) >= 2:
        actions.append(INFLUENCE)
    if left >= EXTRA_ANIMAL_COST and state.animal_supply:
        actions.append(EXTRA_ANIMAL)
    if seat == state.game.anna_seat and state.token_holder == seat and not state.token_spent:
        actions.append(TOKEN_USE)
        actions.extend(
            Action(Act.TOKEN_GIVE, other)
            for other in range(len(state.game.guides))
            if other != seat
        )
    actions.extend(_exchanges(state))
    return actions


#: Every exchange action, made once: [giver][receiver][resource][amount - 1].
_EXCHANGES = tuple(
    tuple(
        tuple(
            tuple(Action(Act.EXCHANGE, receiver, n, giver, resource) for n in range(1, 11))
            for resource in (FUEL, FOOD)
        )
        for receiver in range(5)
    )
    for giver in range(5)
)


def _exchange_pairs(board: Board, cells: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(giver, receiver) for every two vehicles in clear view of each other (RU-clear-view)."""
    mutual = board.mutual_view
    return tuple(
        (giver, receiver)
        for giver, here in enumerate(cells)
        for receiver, there in enumerate(cells)
        if receiver != giver and there in mutual[here]
    )


def _exchanges(state: GameState) -> list[Action]:
    cells = tuple(state.vehicle)
    memo = state.game.exchange_pairs
    pairs = memo.get(cells)
    if pairs is None:
        pairs = memo[cells] = _exchange_pairs(state.game.board, cells)
    if not pairs:
        return []
    caps = state.game.caps
    fuel, food = state.fuel, state.food
    result: list[Action] = []
    for giver, receiver in pairs:
        table = _EXCHANGES[giver][receiver]
        most = min(fuel[giver], caps[receiver] - fuel[receiver])
        if most > 0:
            result.extend(table[FUEL][:most])
        most = min(food[giver] - 1, caps[receiver] - food[receiver])
        if most > 0:
            result.extend(table[FOOD][:most])
    return result


# --------------------------------------------------------------------------- applying actions


def apply(state: GameState, action: Action) -> tuple[GameState, Log]:
    """The state after ``action`` and the rule steps it took; ``state`` itself is unchanged."""
    new = _legal_copy(state, action)
    log: Log = []
    apply_in_place(new, action, log)
    return new, log


def _legal_copy(state: GameState, action: Action) -> GameState:
    """A copy to apply ``action`` to; an illegal action raises and changes nothing."""
    if action not in legal_actions(state):
        raise IllegalAction(why_illegal(state, action))
    return state.copy()


def apply_in_place(state: GameState, action: Action, log: Log) -> None:
    """For simulations: mutate ``state``; the action must come from ``legal_actions``."""
    _ACTION_EFFECTS[action.kind](state, action, log)
    _check_end(state, log)


def apply_recorded(state: GameState, action: Action) -> tuple[GameState, Log, list[GameState]]:
    """``apply``, plus the state after each step. A step is logged once its change is made;
    the last state is the final one (a drawn card reaches the discard pile after its effects)."""
    new = _legal_copy(state, action)
    log = StepRecorder[Step, GameState](new)
    apply_in_place(new, action, log)
    log.states[-1] = new.copy()  # every action logs at least one step
    return new, list(log), log.states


def _do_draw(state: GameState, action: Action, log: Log) -> None:
    _draw(state, log)


def _do_end(state: GameState, action: Action, log: Log) -> None:
    _end_turn(state, log)


def _do_move(state: GameState, action: Action, log: Log) -> None:
    seat = state.seat
    board = state.game.board
    guide = state.game.guides[seat]
    here = state.vehicle[seat]
    target = action.target
    direction = board.neighbours[here].index(target)
    cost = move_cost(state, seat, direction)
    crossing = board.features[here][direction]
    state.vehicle[seat] = target
    state.actions_left -= cost
    rule = "R-move-hill" if board.hill[target] else "R-move"
    if board.hill[target] and guide == _SAM:
        rule = "R-sam-hill"
    name = guide_name(state, seat)
    if crossing & _BUSH:  # only David gets here (exits): say so, then cite the move itself
        log.append(Step("R-david-bushes", "ability", f"{name} drives through the bushes."))
    log.append(
        Step(
            rule,
            "action",
            f"{name} drives to {board.names[target]} ({_count(cost, 'action')}).",
        )
    )
    if guide == _JACK and board.slot[target] != board.slot[here]:
        _jack_sweeps(state, log)


def _do_detour(state: GameState, action: Action, log: Log) -> None:
    seat = state.seat
    target = GATE_CELLS[1] if state.vehicle[seat] == GATE_CELLS[0] else GATE_CELLS[0]
    state.vehicle[seat] = target
    state.actions_left -= DETOUR_COST
    log.append(
        Step(
            "R-detour",
            "action",
            f"{guide_name(state, seat)} drives around the park to "
            f"{state.game.board.names[target]} (3 actions).",
        )
    )
    if state.game.guides[seat] == _JACK:
        _jack_sweeps(state, log)


def _do_refuel(state: GameState, action: Action, log: Log) -> None:
    seat = state.seat
    cost = state.game.costs[seat].supply
    state.actions_left -= cost
    state.fuel[seat] = state.game.caps[seat]
    rule = "R-sam-free" if cost == 0 else "R-refuel"
    log.append(Step(rule, "action", f"{guide_name(state, seat)} refuels to {state.fuel[seat]}."))


def _do_replenish(state: GameState, action: Action, log: Log) -> None:
    seat = state.seat
    costs = state.game.costs[seat]
    state.actions_left -= costs.supply
    before = state.food[seat]
    state.food[seat] = min(state.game.caps[seat], before + costs.food_gain)
    rule = "R-sam-food" if state.game.guides[seat] == _SAM else "R-replenish"
    full = "; the track is full" if before + costs.food_gain > state.food[seat] else ""
    text = (
        f"{guide_name(state, seat)} takes food: +{state.food[seat] - before} "
        f"(now {state.food[seat]}{full})."
    )
    log.append(Step(rule, "action", text))
    _place_food(state, log, state.token_at[action.target], "R-foodtoken-move")


def _do_spot(state: GameState, action: Action, log: Log) -> None:
    seat = state.seat
    cell = action.target
    name = guide_name(state, seat)
    board = state.game.board
    cost = state.game.costs[seat].spot
    state.actions_left -= cost
    token = state.token_at[cell]
    far = cell not in board.view[state.vehicle[seat]]
    rule = "R-kate-spot" if far else ("RU-kate-free" if cost == 0 else "R-spot")
    log.append(Step(rule, "action", f"{name} looks for the animal on {board.names[cell]}."))
    if not state.face_up[token]:
        state.face_up[token] = True
        log.append(Step("R-spot-flip", "flip", f"The token is turned over: {token_name(token)}."))
        if ANIMAL_KIND[token] == MONKEY:
            _discard_animal(state, token)
            log.append(
                Step("R-spot-flip", "discard", "The monkey mocks the tourists and scampers off.")
            )
            return
    species = _species_of(token)
    if not state.spotted[seat] & (1 << species):
        state.spotted[seat] |= 1 << species
        log.append(
            Step(
                "R-spot-take", "effect", f"{name} has spotted the {Species(species).name.lower()}!"
            )
        )


def _do_extinguish(state: GameState, action: Action, log: Log) -> None:
    seat = state.seat
    cost = state.game.costs[seat].extinguish
    state.actions_left -= cost
    state.fires[action.target] -= 1
    state.fire_supply += 1
    rule = "R-jack-extinguish" if cost == 0 else "R-extinguish"
    where = state.game.board.names[action.target]
    log.append(Step(rule, "action", f"{guide_name(state, seat)} puts out a fire on {where}."))


def _do_repair_vehicle(state: GameState, action: Action, log: Log) -> None:
    seat = state.seat
    cost = state.game.costs[seat].repair
    state.actions_left -= cost
    target = action.target
    state.flat[target] = 0
    for card, owner in list(state.lasting):
        if card in FLAT_TYRE_CARDS and owner == target:
            state.lasting.remove((card, owner))
            state.discard.append(card)
    rule = "R-david-repair" if cost == 0 else "R-repair-vehicle"
    whose = "a" if target == seat else f"{guide_name(state, target)}'s"
    text = f"{guide_name(state, seat)} repairs {whose} flat tyre."
    log.append(Step(rule, "action", text))


def _do_repair_gate(state: GameState, action: Action, log: Log) -> None:
    seat = state.seat
    cost = state.game.costs[seat].repair
    state.actions_left -= cost
    for card, owner in list(state.lasting):
        if card in GATE_CARDS and owner == action.target:
            state.lasting.remove((card, owner))
            state.discard.append(card)
    rule = "R-david-repair" if cost == 0 else "R-repair-gate"
    text = f"{guide_name(state, seat)} mends the {GATE_NAMES[action.target]} gate."
    log.append(Step(rule, "action", text))


def _do_influence(state: GameState, action: Action, log: Log) -> None:
    state.actions_left -= INFLUENCE_COST
    if len(state.deck) < 2:
        state.rng, under = rng.shuffled(state.rng, state.discard)
        state.deck = under + state.deck
        state.discard = []
        log.append(
            Step(
                "RU-influence-deck",
                "effect",
                "The discard pile is shuffled under the deck first.",
            )
        )
    state.looking_at = [state.deck.pop(), state.deck.pop()]
    state.phase = _INFLUENCE_PHASE
    seen = " and ".join(CARDS[card].name for card in state.looking_at)
    name = guide_name(state, state.seat)
    log.append(Step("R-influence", "look", f"{name} looks at the top two cards: {seen}."))


def _do_choose_discard(state: GameState, action: Action, log: Log) -> None:
    chosen = state.looking_at[action.target]
    kept = [card for i, card in enumerate(state.looking_at) if i != action.target]
    state.discard.append(chosen)
    state.deck.extend(kept)
    state.looking_at = []
    state.phase = _ACTIONS_PHASE
    log.append(
        Step(
            "R-influence",
            "action",
            f"{guide_name(state, state.seat)} discards {CARDS[chosen].name} "
            "and puts the other card back on top.",
        )
    )


def _do_extra_animal(state: GameState, action: Action, log: Log) -> None:
    state.actions_left -= EXTRA_ANIMAL_COST
    name = guide_name(state, state.seat)
    log.append(Step("R-extra-animal", "action", f"{name} places an extra animal token."))
    _place_animal(state, log, "R-extra-animal")


def _do_exchange(state: GameState, action: Action, log: Log) -> None:
    track = state.fuel if action.resource == FUEL else state.food
    track[action.giver] -= action.amount
    track[action.target] += action.amount
    log.append(
        Step(
            "R-exchange",
            "action",
            f"{guide_name(state, action.giver)} gives "
            f"{action.amount} {RESOURCE_NAMES[action.resource]} to "
            f"{guide_name(state, action.target)}.",
        )
    )


def _do_token_use(state: GameState, action: Action, log: Log) -> None:
    state.actions_left += 1
    state.token_spent = True
    log.append(Step("R-anna-token", "ability", "Anna uses her extra-action token: +1 action."))


def _do_token_give(state: GameState, action: Action, log: Log) -> None:
    state.token_holder = action.target
    state.token_spent = True
    log.append(
        Step(
            "R-anna-token",
            "ability",
            f"Anna lends the extra-action token to "
            f"{guide_name(state, action.target)} for their next turn.",
        )
    )


ActionEffect = Callable[[GameState, Action, Log], None]

#: [action kind] -> what it does; a table, because comparing Enum members one by one is slow.
_ACTION_EFFECTS: tuple[ActionEffect, ...] = _table(
    Act,
    {
        Act.DRAW: _do_draw,
        Act.MOVE: _do_move,
        Act.REFUEL: _do_refuel,
        Act.REPLENISH: _do_replenish,
        Act.SPOT: _do_spot,
        Act.EXTINGUISH: _do_extinguish,
        Act.REPAIR_VEHICLE: _do_repair_vehicle,
        Act.REPAIR_GATE: _do_repair_gate,
        Act.DETOUR: _do_detour,
        Act.INFLUENCE: _do_influence,
        Act.CHOOSE_DISCARD: _do_choose_discard,
        Act.EXTRA_ANIMAL: _do_extra_animal,
        Act.EXCHANGE: _do_exchange,
        Act.TOKEN_USE: _do_token_use,
        Act.TOKEN_GIVE: _do_token_give,
        Act.END: _do_end,
    },
)


# --------------------------------------------------------------------------- explanations
#
# A refusal names the main obstacle first: what is missing on the board (no fire in clear
# view, no park entrance token nearby) comes before the cost, because more actions would not
# help with it. Only when nothing but the cost stands in the way is the cost the reason.

#: More actions than any turn has: with them only the obstacles other than the cost remain.
_PLENTY = 99

#: Each kind of action as the subject of "... costs 3".
_DOING = {
    Act.MOVE: "moving",
    Act.REFUEL: "refuelling",
    Act.REPLENISH: "taking food",
    Act.SPOT: "spotting",
    Act.EXTINGUISH: "extinguishing",
    Act.REPAIR_VEHICLE: "a repair",
    Act.REPAIR_GATE: "a repair",
    Act.DETOUR: "driving around the park",
    Act.INFLUENCE: "influencing an event",
    Act.EXTRA_ANIMAL: "placing an extra animal",
}

#: The kinds explained from the board: the others (draw, end, Anna's token) by their one action.
_EXPLAINED = frozenset({*_DOING, Act.EXCHANGE})

_FIXED_COSTS = {
    Act.DETOUR: DETOUR_COST,
    Act.INFLUENCE: INFLUENCE_COST,
    Act.EXTRA_ANIMAL: EXTRA_ANIMAL_COST,
}


def action_cost(state: GameState, action: Action) -> int:
    """What a legal ``action`` costs the current guide, in actions: the game screen shows it
    before the player chooses a target."""
    seat = state.seat
    costs = state.game.costs[seat]
    kind = action.kind
    if kind == Act.MOVE:
        neighbours = state.game.board.neighbours[state.vehicle[seat]]
        return move_cost(state, seat, neighbours.index(action.target))
    if kind in (Act.REFUEL, Act.REPLENISH):
        return costs.supply
    if kind == Act.SPOT:
        return costs.spot
    if kind == Act.EXTINGUISH:
        return costs.extinguish
    if kind in (Act.REPAIR_VEHICLE, Act.REPAIR_GATE):
        return costs.repair
    return _FIXED_COSTS.get(kind, 0)


def _too_few_actions(state: GameState, doing: str, cost: int) -> str | None:
    """The refusal for an action that only lacks actions, or None if the guide has enough."""
    left = state.actions_left
    if cost <= left:
        return None
    name = guide_name(state, state.seat)
    has = "no actions" if left == 0 else _count(left, "action")
    return f"{name} has {has} left; {doing} costs {cost}."


def _only_the_cost(state: GameState, kind: Act) -> str | None:
    """If more actions would make some action of this kind legal: the refusal saying so."""
    plenty = state.copy()
    plenty.actions_left = _PLENTY
    affordable = [action for action in legal_actions(plenty) if action.kind == kind]
    if not affordable:
        return None
    if state.actions_left == 0:  # then the cost is the whole story, for every target
        return f"{guide_name(state, state.seat)} has no actions left."
    cheapest = min(affordable, key=lambda action: action_cost(plenty, action))
    doing = _DOING[kind]
    if kind == Act.MOVE and state.game.board.hill[cheapest.target]:
        doing = "driving up a hill"
    return _too_few_actions(state, doing, action_cost(plenty, cheapest))


def _move_obstacle(state: GameState, seat: int, target: int) -> str | None:
    """What on the board keeps the vehicle from driving onto the neighbouring ``target``."""
    board = state.game.board
    here = state.vehicle[seat]
    if not board.drivable[target]:
        terrain = board.terrain[target].name.lower().replace("_", " ")
        return f"Vehicles cannot enter {terrain} spaces."
    feature = board.features[here][board.neighbours[here].index(target)]
    if feature & Feature.BUSH and not state.game.costs[seat].through_bushes:
        return "Bushes block the way (only David drives through bushes)."
    if feature & Feature.RIVER and rivers_closed_for(state, seat):
        cause = "heavy rain" if state.rain() else "hippos"
        return f"The river cannot be crossed now ({cause})."
    return None


def _why_grounded(state: GameState, seat: int) -> str | None:
    """Which of the two keeps this vehicle from driving at all (no fuel, a flat tyre), or None:
    moving and driving around the park name it in the same words."""
    if can_drive(state, seat):
        return None
    name = guide_name(state, seat)
    if state.fuel[seat] == 0:
        return f"{name} has no fuel left and cannot drive (R-track-empty-fuel)."
    return f"{name} has a flat tyre and cannot drive until it is repaired."


def _why_no_move(state: GameState) -> str:
    """Why the vehicle cannot drive anywhere, whatever the actions: each obstacle once, with
    the neighbouring spaces it blocks when there is more than one kind of obstacle."""
    seat = state.seat
    grounded = _why_grounded(state, seat)
    if grounded:
        return grounded
    board = state.game.board
    blocked: dict[str, list[str]] = {}
    for cell in board.neighbours[state.vehicle[seat]]:
        reason = _move_obstacle(state, seat, cell) if cell >= 0 else None
        if reason:
            blocked.setdefault(reason, []).append(board.names[cell])
    if len(blocked) == 1:
        return next(iter(blocked))
    return " ".join(f"{', '.join(cells)}: {reason}" for reason, cells in blocked.items())


def _why_nothing_there(state: GameState, kind: Act) -> str:
    """Why no action of this kind is legal even with plenty of actions: what the board or the
    tracks lack (refuel, detour, influence and extra animal: their one action's reason)."""
    seat = state.seat
    name = guide_name(state, seat)
    if kind == Act.MOVE:
        return _why_no_move(state)
    if kind == Act.REPLENISH:
        if state.food[seat] >= state.game.caps[seat]:
            return f"{name}'s food track is already full."
        return (
            f"{name} has no clear view of a food token; taking food happens on one or next to it."
        )
    if kind == Act.SPOT:
        return f"{name} has no animal token in view that is still worth spotting."
    if kind == Act.EXTINGUISH:
        reason = f"{name} has no fire in clear view (on the same space or next to it)"
        if state.game.guides[seat] == _JACK:  # RU-jack: a newcomer expects the whole piece
            return f"{reason}; fires on his own piece go out by themselves."
        return f"{reason}."
    broken = state.broken_gates()
    if kind == Act.REPAIR_VEHICLE:
        if broken:
            return f"No vehicle can be repaired while a gate is broken ({GATE_NAMES[broken[0]]})."
        for other in [seat, *vehicles_in_view(state, seat)]:
            if state.flat[other] == 1:  # RU-flat-tyre: not in the turn the card came
                owner = guide_name(state, other)
                return f"{owner}'s flat tyre can be repaired from {owner}'s next turn on."
        if not any(state.flat):
            return "No vehicle has a flat tyre."
        return f"{name} has no clear view of a vehicle with a flat tyre."
    if kind == Act.REPAIR_GATE:
        if not broken:
            return "No gate is broken."
        return (
            f"The {GATE_NAMES[broken[0]]} gate is broken; mending it needs clear view of its "
            "park entrance token."
        )
    if kind == Act.EXCHANGE:
        if not any(vehicles_in_view(state, other) for other in range(len(state.vehicle))):
            return "No two vehicles have clear view of each other, so nobody can exchange."
        return "No exchange fits: nothing to give, or no room on the receiver's track."
    return why_illegal(state, Action(kind))


def why_not_kind(state: GameState, kind: Act) -> str | None:
    """Why the current guide has no action of this kind now, or None if there is one."""
    if any(action.kind == kind for action in legal_actions(state)):
        return None
    if kind == Act.EXCHANGE and state.phase == Phase.DRAW:  # RU-exchange: also before the card
        return _why_nothing_there(state, kind)  # an exchange costs nothing: never the cost
    if state.phase != Phase.ACTIONS or kind not in _EXPLAINED:
        return why_illegal(state, Action(kind))
    return _only_the_cost(state, kind) or _why_nothing_there(state, kind)


def why_not_any(state: GameState, kinds: Sequence[Act]) -> str | None:
    """Why the current guide has no action of any of these kinds (one key of the game screen
    stands for several), each reason once; or None if there is one. The two repairs are
    explained together: a broken gate is the obstacle to both."""
    reasons = [why_not_kind(state, kind) for kind in kinds]
    if None in reasons:
        return None
    repairs = (Act.REPAIR_VEHICLE, Act.REPAIR_GATE)
    if state.phase == Phase.ACTIONS and all(kind in kinds for kind in repairs):
        costs = [_only_the_cost(state, kind) for kind in repairs]
        if any(costs):
            return next(reason for reason in costs if reason)
        if state.broken_gates():
            return _why_nothing_there(state, Act.REPAIR_GATE)
        if not any(state.flat):
            return "Nothing to repair: no vehicle has a flat tyre and no gate is broken."
        return _why_nothing_there(state, Act.REPAIR_VEHICLE)
    return " ".join(dict.fromkeys(reason for reason in reasons if reason))


def why_not_at(state: GameState, kinds: Sequence[Act], cell: int) -> str:
    """Why no action of these kinds can be aimed at the space ``cell`` (a click beside the
    marked targets); repairs are aimed at the vehicle or park entrance token on it."""
    for kind in kinds:
        if kind in (Act.MOVE, Act.SPOT, Act.EXTINGUISH, Act.REPLENISH):
            return why_illegal(state, Action(kind, cell))
    for seat, at in enumerate(state.vehicle):
        if at == cell and state.flat[seat] and Act.REPAIR_VEHICLE in kinds:
            return why_illegal(state, Action(Act.REPAIR_VEHICLE, seat))
    if cell in GATE_CELLS and Act.REPAIR_GATE in kinds:
        gate = GATE_CELLS.index(cell)
        if gate in state.broken_gates():
            return why_illegal(state, Action(Act.REPAIR_GATE, gate))
    return "There is nothing to repair there: no flat tyre and no broken gate."


def _why_no_exchange(state: GameState, action: Action) -> str:
    seats = range(len(state.vehicle))
    giver, receiver, amount = action.giver, action.target, action.amount
    if giver not in seats or receiver not in seats or giver == receiver:
        return "An exchange needs two different vehicles of this game."
    if action.resource not in (FUEL, FOOD):
        return "Only fuel or food can be exchanged."
    if receiver not in vehicles_in_view(state, giver):
        return (
            f"{guide_name(state, giver)} and {guide_name(state, receiver)} have no clear view "
            "of each other (same space, or next to each other without bushes between)."
        )
    track = state.fuel if action.resource == FUEL else state.food
    what = RESOURCE_NAMES[action.resource]
    room = state.game.caps[receiver] - track[receiver]
    if amount > room:
        return f"{guide_name(state, receiver)} has room for only {room} more {what}."
    if action.resource == FOOD and amount >= track[giver]:
        return f"{guide_name(state, giver)} cannot give away the last food (RU-exchange)."
    return f"{guide_name(state, giver)} has only {track[giver]} {what} to give."


_ONLY_ANNA = "Only Anna decides about the extra-action token, on her own turn."


def why_illegal(state: GameState, action: Action) -> str:
    """A player-facing reason why ``action`` is not allowed now: the obstacle on the board
    first, the cost last."""
    if state.phase == Phase.OVER:
        return "The game is over."
    if action.kind in (Act.TOKEN_USE, Act.TOKEN_GIVE) and state.guide != Guide.ANNA:
        return _ONLY_ANNA  # the real reason, before or after the draw
    if state.phase == Phase.DRAW and action.kind != Act.EXCHANGE:
        return f"{guide_name(state, state.seat)} must draw an event card first."
    if state.phase == Phase.INFLUENCE:
        if action.kind == Act.CHOOSE_DISCARD:
            return "Choose the top card or the second card to discard."
        return "First choose which of the two cards to discard."
    seat = state.seat
    name = guide_name(state, seat)
    guide = state.game.guides[seat]
    board = state.game.board
    here = state.vehicle[seat]
    view = board.view[here]
    kind = action.kind
    target = action.target
    on_board = 0 <= target < len(board.names)
    costs = state.game.costs[seat]

    if kind == Act.DRAW:
        return "The event card for this turn has already been drawn."
    if kind == Act.CHOOSE_DISCARD:
        return "Choosing a card to discard only follows 'influence'."
    if kind == Act.MOVE:
        if not on_board:
            return "There is no such space."
        grounded = _why_grounded(state, seat)
        if grounded:
            return grounded
        if target == here:
            return (
                f"{name}'s vehicle is already on {board.names[here]}; move to a space next to it."
            )
        if target not in board.neighbours[here]:
            return (
                f"{board.names[target]} is not next to {name}'s vehicle; move one space at a time."
            )
        cost = move_cost(state, seat, board.neighbours[here].index(target))
        what = "driving up the hill" if board.hill[target] else "moving"
        return (
            _move_obstacle(state, seat, target)
            or _too_few_actions(state, what, cost)
            or "That move is not possible now."
        )
    if kind in (Act.REFUEL, Act.REPLENISH):
        track = state.fuel if kind == Act.REFUEL else state.food
        if track[seat] >= state.game.caps[seat]:
            return f"{name}'s {'fuel' if kind == Act.REFUEL else 'food'} track is already full."
        if kind == Act.REFUEL and GATE_CELLS[0] not in view and GATE_CELLS[1] not in view:
            return (
                f"{name} has no clear view of a park entrance token; refuelling happens on one "
                "or next to it."
            )
        if kind == Act.REPLENISH:
            token = state.token_at[target] if on_board else NO_TOKEN
            if token not in FOOD_TOKENS:
                return "There is no food token there."
            if target not in view:
                return f"{name} has no clear view of that food token (on it or next to it)."
        return _too_few_actions(state, _DOING[kind], costs.supply) or "Not possible now."
    if kind == Act.SPOT:
        token = state.token_at[target] if on_board else NO_TOKEN
        if (token == BUFFALO_TOKEN or _is_animal(token)) and state.face_up[token]:
            species = _species_of(token)
            if species != MONKEY and state.spotted[seat] & (1 << species):
                return f"{name} has already spotted the {Species(species).name.lower()}."
        if target not in spot_targets(state, seat):
            return f"There is no animal there that {name} can spot with clear view."
        return _too_few_actions(state, "spotting", costs.spot) or "Not possible now."
    if kind == Act.EXTINGUISH:
        if not on_board or not state.fires[target] or target not in view:
            return "There is no fire there in clear view."
        return _too_few_actions(state, "extinguishing", costs.extinguish) or "Not possible now."
    if kind == Act.REPAIR_VEHICLE:
        if state.broken_gates():
            return "No vehicle can be repaired while a gate is broken."
        if not 0 <= target < len(state.flat):
            return "There is no such vehicle."
        if state.flat[target] == 1:
            return "A flat tyre cannot be repaired before its owner's next turn."
        owner = guide_name(state, target)
        if state.flat[target] == 0:
            return f"{owner}'s vehicle is not broken."
        if target != seat and target not in vehicles_in_view(state, seat):
            return f"{name} has no clear view of {owner}'s vehicle (same space or next to it)."
        return _too_few_actions(state, "a repair", costs.repair) or "Not possible now."
    if kind == Act.REPAIR_GATE:
        if target not in state.broken_gates():
            gate = GATE_NAMES[target] if target in (0, 1) else "that"
            return f"The {gate} gate is not broken."
        if GATE_CELLS[target] not in view:
            return (
                f"{name} has no clear view of the {GATE_NAMES[target]} park entrance token, "
                "where the gate is mended."
            )
        return _too_few_actions(state, "a repair", costs.repair) or "Not possible now."
    if kind == Act.DETOUR:
        if here not in GATE_CELLS:
            return f"Driving around the park starts on a park entrance token; {name} is not on one."
        return (
            _why_grounded(state, seat)
            or _too_few_actions(state, _DOING[kind], DETOUR_COST)
            or "Not possible now."
        )
    if kind == Act.INFLUENCE:
        if len(state.deck) + len(state.discard) < 2:
            return "Too few event cards left."
        return _too_few_actions(state, _DOING[kind], INFLUENCE_COST) or "Not possible now."
    if kind == Act.EXTRA_ANIMAL:
        if not state.animal_supply:
            return "No face-down animal tokens are left to place."
        return _too_few_actions(state, _DOING[kind], EXTRA_ANIMAL_COST) or "Not possible now."
    if kind in (Act.TOKEN_USE, Act.TOKEN_GIVE):
        if guide != Guide.ANNA:
            return _ONLY_ANNA
        if kind == Act.TOKEN_GIVE and action.target == seat:
            return "Anna lends the token to another guide; to use it herself, use it."
        if state.token_holder != seat:
            return "The token is lent out; it comes back after that guide's turn."
        return "Anna has already used or lent the token this turn."
    if kind == Act.EXCHANGE:
        return _why_no_exchange(state, action)
    return "That action is not possible now."
