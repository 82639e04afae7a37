"""How well a safari stands: the chance the fast policy wins from here, as a logistic model.

The search player looks a few turns ahead and then needs to judge where it got to. Rather than
weights picked by hand, :data:`WEIGHTS` are fitted (``bench/fit_value.py``) to the outcomes of
games the fast policy (:mod:`tactics`) played: each turn's position, described by
:func:`features`, labelled with whether that game was won. The features are what the losses
showed to matter (docs/balance.md): animals still to spot and how far away, species down to
their last tokens, burning pieces, the fire and animal cards still in the deck, hungry or
stranded vehicles.
"""

from __future__ import annotations

import math

from bigfive_tui.engine.content import (
    ANIMAL_KIND,
    BUFFALO_TOKEN,
    CARDS,
    SPECIES_WITH_THREE,
    CardKind,
    Guide,
    Species,
)
from bigfive_tui.engine.state import GameState
from bigfive_tui.players.routes import driving_mode, geometry

FEATURE_NAMES = (
    "missing",  # (vehicle, species) pairs not yet spotted
    "last_token",  # vehicles lacking a species with one token left in the game
    "two_tokens",  # vehicles lacking a species with two tokens left
    "in_sight",  # vehicles lacking a species of which a face-up token is on the board
    "distance",  # actions those vehicles need to see it, summed (capped)
    "burning",  # burning pieces
    "face_down",  # face-down tokens on the board
    "supply",  # animal tokens still to be placed
    "hungry",  # vehicles with 2 food or less
    "peckish",  # vehicles with 3 food
    "dry",  # vehicles without fuel
    "flat",  # flat tyres
    "gates",  # broken gates
    "fire_cards",  # fire cards left in the deck
    "animal_cards",  # animal cards left in the deck
    "guarded",  # tokens the team needs on Jack's piece
    "turn",  # turns played, in rounds
)

#: Fitted by bench/fit_value.py (see that file for the data and the command).
#: ``python bench/fit_value.py --games 2000 --seed 900000``: 95,741 positions; held-out log
#: loss 0.411 (0.485 for a constant guess), accuracy 0.82.
INTERCEPT = 1.9399
WEIGHTS: tuple[float, ...] = (
    -0.0320,  # missing
    -0.3951,  # last_token
    -0.1246,  # two_tokens
    -0.0327,  # in_sight
    -0.0068,  # distance
    -0.0985,  # burning
    0.0244,  # face_down
    0.1194,  # supply
    -0.3244,  # hungry
    -0.2798,  # peckish
    -0.4647,  # dry
    -0.1353,  # flat
    -0.2850,  # gates
    -0.0121,  # fire_cards
    0.0606,  # animal_cards
    0.0957,  # guarded
    0.0448,  # turn
)

_FAR = 12  # a drive cost counted for an animal that is not in reach


def features(state: GameState) -> list[float]:
    """The numbers :data:`WEIGHTS` weigh, in the order of :data:`FEATURE_NAMES`."""
    spotted = state.spotted
    seats = len(spotted)
    board = state.game.board
    geo = geometry(board)
    gone = [0, 0, 0, 0, 0, 0]
    for token in state.discarded:
        gone[ANIMAL_KIND[token]] += 1
    face_up: dict[int, list[int]] = {}
    face_down = 0
    token_cell, up = state.token_cell, state.face_up
    for token in range(BUFFALO_TOKEN + 1):
        cell = token_cell[token]
        if cell < 0:
            continue
        if token == BUFFALO_TOKEN:
            face_up.setdefault(int(Species.BUFFALO), []).append(cell)
        elif up[token]:
            face_up.setdefault(ANIMAL_KIND[token], []).append(cell)
        else:
            face_down += 1
    missing = last = two = in_sight = distance = 0
    for seat, mask in enumerate(spotted):
        routes = None
        for species in Species:
            if mask & (1 << species):
                continue
            missing += 1
            if species in SPECIES_WITH_THREE:
                left = 3 - gone[species]
                last += left == 1
                two += left == 2
            cells = face_up.get(species)
            if not cells:
                distance += _FAR
                continue
            in_sight += 1
            if routes is None:
                mode = driving_mode(state, seat)
                routes = geo.routes_from(state.vehicle[seat], mode).cost
            seers = geo.seers
            near = min(routes[viewer] for cell in cells for viewer in seers[cell])
            distance += min(near, _FAR)
    burning = len({board.slot[cell] for cell, count in enumerate(state.fires) if count})
    fire_cards = animal_cards = 0
    for card in state.deck:
        kind = CARDS[card].kind
        fire_cards += kind == CardKind.FIRE
        animal_cards += kind == CardKind.ANIMAL
    guarded = 0
    jack = state.game.seat_of(Guide.JACK)
    if jack >= 0:
        slot = board.slot[state.vehicle[jack]]
        for token in range(BUFFALO_TOKEN + 1):
            cell = token_cell[token]
            if cell >= 0 and board.slot[cell] == slot:
                guarded += 1
    food, fuel = state.food, state.fuel
    return [
        float(missing),
        float(last),
        float(two),
        float(in_sight),
        float(distance),
        float(burning),
        float(face_down),
        float(len(state.animal_supply)),
        float(sum(1 for f in food if f <= 2)),
        float(sum(1 for f in food if f == 3)),
        float(sum(1 for f in fuel if f == 0)),
        float(sum(1 for f in state.flat if f)),
        float(len(state.broken_gates()) if state.lasting else 0),
        float(fire_cards),
        float(animal_cards),
        float(guarded),
        state.turn / seats,
    ]


def win_chance(state: GameState) -> float:
    """The fitted chance that the fast policy wins from ``state`` (1 or 0 once it is over)."""
    if state.outcome:
        return 1.0 if state.outcome == "won" else 0.0
    logit = INTERCEPT + sum(w * x for w, x in zip(WEIGHTS, features(state), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, logit))))
