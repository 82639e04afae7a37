"""The dice decide where fires, animals, the buffalo and food tokens land (R-dice-*, R-fire-*,
R-animal-*, R-buffalo-*, R-foodtoken-*); scripted results come before the seeded generator.

A ``log`` of None means that nobody reads the rule steps (a simulation's fast path): their
texts are then never built."""

from __future__ import annotations

from itertools import compress

from bigfive_tui.engine.actions import Log, Step
from bigfive_tui.engine.board import CELL_COUNT
from bigfive_tui.engine.content import ANIMAL_TOKEN_LIMIT, BUFFALO_TOKEN, NO_TOKEN, Guide
from bigfive_tui.engine.end_checks import check_species
from bigfive_tui.engine.state import GameState
from bigfive_tui.engine.wording import token_name
from bigfive_tui.shared import rng

X_FACE = 9  # the ten-sided die shows the nine piece symbols (faces 0..8, one per slot) and an X
_JACK = Guide.JACK  # an Enum member looked up on its class costs ~60 ns in Python 3.11


def roll(state: GameState, log: Log | None, purpose: str) -> tuple[int, int]:
    """Roll both dice; returns (face, number). Rolls rigged in debug mode come first, then
    scripted ones (scenarios), then the seeded generator."""
    rigged = ""
    if state.rigged_dice:
        (face, number), *rest = state.rigged_dice
        state.rigged_dice = tuple(rest)
        rigged = " (rigged in debug mode)"
    elif state.script_pos < len(state.script):
        face, number = state.script[state.script_pos]
        state.script_pos += 1
    else:
        state.rng, face = rng.below(state.rng, 10)
        state.rng, low = rng.below(state.rng, 6)
        number = low + 1
    if log is not None:
        text = f"Rolled {die_text(state, face, number)}{rigged} for {purpose}."
        log.append(Step("R-dice-space", "roll", text))
    return face, number


def die_text(state: GameState, face: int, number: int) -> str:
    """A roll as the log writes it: ``♣4``, or ``X and 3``."""
    if face == X_FACE:
        return f"X and {number}"
    return state.game.board.symbols[face] + str(number)


def _free_numbered_space(state: GameState, burning_ok: bool) -> bool:
    """Whether some numbered space holds no token (and, unless ``burning_ok``, lies on a piece
    without fire): the dice can then find one (RU-no-space)."""
    board = state.game.board
    token_at = state.token_at
    if burning_ok:
        return NO_TOKEN in map(token_at.__getitem__, board.numbered_cells)
    slot = board.slot
    # compress() walks the 81 fire counts in C and hands over the few burning cells.
    burning = {slot[cell] for cell in compress(range(CELL_COUNT), state.fires)}
    for cell in board.numbered_cells:
        if token_at[cell] == NO_TOKEN and slot[cell] not in burning:
            return True
    return False


def put_token(state: GameState, token: int, cell: int) -> None:
    old = state.token_cell[token]
    if old >= 0:
        state.token_at[old] = NO_TOKEN
    state.token_at[cell] = token
    state.token_cell[token] = cell


def discard_animal(state: GameState, token: int) -> None:
    cell = state.token_cell[token]
    if cell >= 0:
        state.token_at[cell] = NO_TOKEN
        state.token_cell[token] = -1
    state.face_up[token] = True
    state.discarded.append(token)


def place_fire(state: GameState, log: Log | None, rule: str) -> None:
    board = state.game.board
    if state.fire_supply == 0:
        if log is not None:
            text = "No fire markers left: no fire breaks out."
            log.append(Step("RU-fire-supply", "effect", text))
        return
    face, number = roll(state, log, "a fire")
    if face == X_FACE:
        if log is not None:
            log.append(Step("R-fire-x", "effect", "An X: the fire marker is not placed."))
        return
    cell = board.space_by_roll[(face, number)]
    if state.seat_on_slot(_JACK, face):
        if log is not None:
            text = f"Jack is on the {board.symbols[face]} piece and puts the fire out at once."
            log.append(Step("R-fire-jack", "ability", text))
        return
    state.fires[cell] += 1
    state.fire_supply -= 1
    if log is not None:
        log.append(Step(rule, "place", f"A fire breaks out on {board.names[cell]}."))
    token_at = state.token_at
    chased = False
    for other in board.slot_cells[face]:
        token = token_at[other]
        if 0 <= token < ANIMAL_TOKEN_LIMIT:
            chased = True
            discard_animal(state, token)
            if log is not None:
                text = (
                    f"The fire chases {token_name(token)} from "
                    f"{board.names[other]} out of the game."
                )
                log.append(Step("R-fire-chase", "discard", text))
    if chased:  # only animals leaving the game can take a species out of it
        check_species(state, log)
        if state.outcome:
            return  # RU-end-check: a loss stops the card at once
    buffalo_cell = state.token_cell[BUFFALO_TOKEN]
    if buffalo_cell >= 0 and board.slot[buffalo_cell] == face:
        if log is not None:
            log.append(Step("RU-buffalo-chased", "effect", "The fire chases the buffalo away."))
        place_buffalo(state, log, "RU-buffalo-chased")


def place_animal(state: GameState, log: Log | None, rule: str) -> None:
    board = state.game.board
    if not state.animal_supply:
        if log is not None:
            log.append(Step(rule, "effect", "No animal tokens are left: nothing is placed."))
        return
    while True:
        face, number = roll(state, log, "an animal")
        if face == X_FACE:
            if log is not None:
                text = "An X: the animal stays face down in the supply."
                log.append(Step("R-animal-x", "effect", text))
            return
        cell = board.space_by_roll[(face, number)]
        if state.token_at[cell] != NO_TOKEN:
            if log is not None:
                text = f"{board.names[cell]} already holds a token: roll again."
                log.append(Step("R-animal-reroll", "reroll", text))
            continue
        token = state.animal_supply.pop()
        if state.burning(face):
            discard_animal(state, token)
            if log is not None:
                text = (
                    f"The {board.symbols[face]} piece is on "
                    f"fire: {token_name(token)} flees out of the game."
                )
                log.append(Step("R-animal-burning", "discard", text))
            check_species(state, log)
            return
        put_token(state, token, cell)
        state.face_up[token] = False
        if log is not None:
            text = f"An animal token is placed face down on {board.names[cell]}."
            log.append(Step(rule, "place", text))
        return


def _roll_free_space(state: GameState, log: Log | None, what: str, *, avoid_fire: bool) -> int:
    """Roll until the dice name a free numbered space (R-buffalo-*, R-foodtoken-*): an X or a
    taken space is rolled again, and so, for the buffalo, is a piece on fire. The caller has
    checked that such a space exists (RU-no-space), so this ends."""
    board = state.game.board
    prefix = "R-buffalo" if what == "the buffalo" else "R-foodtoken"
    while True:
        face, number = roll(state, log, what)
        if face == X_FACE:
            if log is not None:
                log.append(Step(f"{prefix}-x", "reroll", f"An X: roll again for {what}."))
            continue
        cell = board.space_by_roll[(face, number)]
        if state.token_at[cell] != NO_TOKEN:
            if log is not None:
                text = f"{board.names[cell]} already holds a token: roll again."
                log.append(Step(f"{prefix}-reroll", "reroll", text))
            continue
        if avoid_fire and state.burning(face):
            if log is not None:
                text = (
                    f"The {board.symbols[face]} piece is on fire: {what} is chased off, roll again."
                )
                log.append(Step(f"{prefix}-burning", "reroll", text))
            continue
        return cell


def place_buffalo(state: GameState, log: Log | None, rule: str) -> None:
    board = state.game.board
    if not _free_numbered_space(state, burning_ok=False):
        if log is not None:
            text = "No free space on a piece without fire: the buffalo stays where it is."
            log.append(Step("RU-no-space", "effect", text))
        return
    cell = _roll_free_space(state, log, "the buffalo", avoid_fire=True)
    put_token(state, BUFFALO_TOKEN, cell)
    state.face_up[BUFFALO_TOKEN] = True
    if log is not None:
        log.append(Step(rule, "place", f"The buffalo goes to {board.names[cell]}."))


def place_food(state: GameState, log: Log | None, token: int, rule: str) -> None:
    board = state.game.board
    if not _free_numbered_space(state, burning_ok=True):
        if log is not None:
            text = "No free numbered space: the food token stays where it is."
            log.append(Step("RU-no-space", "effect", text))
        return
    cell = _roll_free_space(state, log, "a food token", avoid_fire=False)
    put_token(state, token, cell)
    state.face_up[token] = True
    if log is not None:
        log.append(Step(rule, "place", f"A food token goes to {board.names[cell]}."))
