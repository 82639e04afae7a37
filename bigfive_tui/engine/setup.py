"""Setting up a game (R-setup-*, R-start-order) and beginning its first turn."""

from __future__ import annotations

from collections.abc import Sequence

from bigfive_tui.engine.actions import IllegalAction, Log, Step
from bigfive_tui.engine.board import GATE_CELLS
from bigfive_tui.engine.content import (
    ANIMAL_KIND,
    ANIMAL_TOKENS,
    CARD_COUNT,
    FOOD_TOKENS,
    FOOD_TOKENS_BY_DIFFICULTY,
    GATE_TOKENS,
    MONKEY,
    MONKEY_TOKENS,
    MONKEYS_BY_DIFFICULTY,
    START_ANIMALS,
    START_FIRES,
    START_MARK_BY_DIFFICULTY,
    Species,
)
from bigfive_tui.engine.dice import place_animal, place_buffalo, place_fire, place_food, put_token
from bigfive_tui.engine.end_checks import check_end
from bigfive_tui.engine.state import Game, GameState, empty_state
from bigfive_tui.engine.turns import begin_turn
from bigfive_tui.engine.wording import guide_name
from bigfive_tui.shared import rng
from bigfive_tui.shared.steps import StepRecorder


def new_game(
    game: Game,
    start_cells: Sequence[int] | None = None,
    script: Sequence[tuple[int, int]] = (),
    animals_first: Sequence[int] = (),
    *,
    states: list[GameState] | None = None,
) -> tuple[GameState, list[Step]]:
    """Set up a game (R-setup-*, R-start-order) and begin the first turn.

    ``script`` holds dice results (face, number) used before the seeded generator, and
    ``animals_first`` animal tokens drawn from the supply before the shuffled rest, in that
    order: so that a scenario can show the setup rules exactly. ``states``, when given,
    receives the game after each setup step (the timeline shows the setup step by step).
    """
    board = game.board
    seats = len(game.guides)
    if not 2 <= seats <= 5 or len(set(game.guides)) != seats:
        raise IllegalAction("a game needs 2 to 5 different guides")
    state = empty_state(game, rng.seed_state(game.seed))
    state.script = tuple(script)
    recorder = StepRecorder[Step, GameState](state) if states is not None else None
    steps: list[Step] = []
    log: Log = steps if recorder is None else recorder
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
    animals = animals_in_game(game)
    state.rng, state.animal_supply = rng.shuffled(state.rng, animals)
    if animals_first:
        if len(set(animals_first)) != len(animals_first) or not set(animals_first) <= set(animals):
            raise IllegalAction("the animals drawn first must be different tokens of this game")
        rest = [token for token in state.animal_supply if token not in animals_first]
        state.animal_supply = rest + list(reversed(animals_first))
    state.rng, state.deck = rng.shuffled(state.rng, list(range(CARD_COUNT)))
    log.append(Step("R-setup-deck", "setup", "The 45 event cards are shuffled."))
    empty, logged = state.copy(), len(log)
    while True:
        _place_starting_items(state, log)
        check_end(state, log)
        if not state.outcome:
            break
        # RU-setup-loss: roll the starting locations again; the dice go on where they were.
        rolled, script_pos = state.rng, state.script_pos
        state = empty.copy()
        state.rng, state.script_pos = rolled, script_pos
        state.rng, state.animal_supply = rng.shuffled(state.rng, state.animal_supply)
        del log[logged:]
        if recorder is not None:
            recorder.state = state
            del recorder.states[logged:]
        log.append(
            Step(
                "RU-setup-loss",
                "setup",
                "The starting fires already drove a species out of "
                "the park: the starting locations are rolled again.",
            )
        )
    begin_turn(state, log)
    if recorder is not None and states is not None:
        states.extend(recorder.states)
        return state, list(recorder)
    return state, steps


def animals_in_game(game: Game) -> list[int]:
    """The animal tokens of this game, in token order: the species not taken out by the short
    game (R-variant-short) and the difficulty's monkeys."""
    monkeys = MONKEY_TOKENS[: MONKEYS_BY_DIFFICULTY[game.difficulty]]

    def in_game(token: int) -> bool:
        kind = ANIMAL_KIND[token]
        return token in monkeys if kind == MONKEY else Species(kind) not in game.removed_species

    return [token for token in ANIMAL_TOKENS if in_game(token)]


def place_gate_tokens(state: GameState) -> None:
    """The park entrance tokens lie on their gates from the start (R-setup-entrances); the
    start-space chooser shows them too, before anything else is placed."""
    for gate, cell in enumerate(GATE_CELLS):
        put_token(state, GATE_TOKENS[gate], cell)
        state.face_up[GATE_TOKENS[gate]] = True


def _place_starting_items(state: GameState, log: Log) -> None:
    """R-start-order: two fires, three animals face down, the buffalo, the food tokens."""
    for _ in range(START_FIRES):
        place_fire(state, log, "R-start-order")
    for _ in range(START_ANIMALS):
        place_animal(state, log, "R-start-order")
    place_buffalo(state, log, "R-start-order")
    for token in FOOD_TOKENS[: FOOD_TOKENS_BY_DIFFICULTY[state.game.difficulty]]:
        place_food(state, log, token, "R-start-order")


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
