"""How the game ends (R-end-*, RU-end-check, RU-stuck): checked after every change, the
first condition met ends it."""

from __future__ import annotations

from bigfive_tui.engine.actions import Log, Step
from bigfive_tui.engine.board import GATE_CELLS
from bigfive_tui.engine.content import ALL_SPECIES_MASK, ANIMAL_KIND, SPECIES_WITH_THREE, Species
from bigfive_tui.engine.legal_actions import vehicles_in_view
from bigfive_tui.engine.state import GameState, Phase
from bigfive_tui.engine.wording import guide_name


def species_discarded(state: GameState, species: Species) -> int:
    return sum(1 for token in state.discarded if ANIMAL_KIND[token] == species)


def check_end(state: GameState, log: Log | None) -> None:
    """RU-end-check: called after every change; the first condition met ends the game."""
    if state.outcome:
        return
    # Tracks never go below 0 (the invariant tests hold them to it), so "in" and "count" do
    # what min() would, at a third of its cost: this runs after every action.
    food = state.food
    if 0 in food:
        seat = food.index(0)
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
    if state.spotted.count(ALL_SPECIES_MASK) == len(state.spotted):
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


def check_species(state: GameState, log: Log | None) -> None:
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


def _finish(state: GameState, log: Log | None, outcome: str, rule: str, text: str) -> None:
    state.outcome = outcome
    state.phase = Phase.OVER
    if log is not None:
        log.append(Step(rule, "end", text))
