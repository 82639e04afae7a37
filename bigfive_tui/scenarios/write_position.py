"""A state written back in the scenario format (``final.position``), so it can be pasted into
a file and continued."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import JsonValue

from bigfive_tui.engine.board import GATE_NAMES
from bigfive_tui.engine.content import CARDS, GATE_TOKENS, NO_TOKEN, CardKind, Guide, Species
from bigfive_tui.engine.state import FLAT_TYRE_CARDS, GameState, Phase
from bigfive_tui.scenarios.names import animal_name, die_text, flat_text, guide_of, token_text


def lasting_owners(state: GameState) -> dict[CardKind, list[str]]:
    """Owners of the cards lying out, in the order the cards came: guide names, or gate names
    for broken gates (their order is the order the repairs are offered in)."""
    lasting: dict[CardKind, list[str]] = {
        CardKind.RAIN: [],
        CardKind.HIPPOS: [],
        CardKind.FLAT_TYRE: [],
        CardKind.BROKEN_GATE: [],
    }
    for card, owner in state.lasting:
        kind = CARDS[card].kind
        who = GATE_NAMES[owner] if kind == CardKind.BROKEN_GATE else guide_of(state, owner)
        lasting.setdefault(kind, []).append(who)
    return lasting


def toml_seed(value: int) -> int:
    """The generator's 64-bit state as a TOML integer (signed 64-bit): the same state, for the
    generator takes every seed modulo 2**64."""
    return value - 2**64 if value >= 2**63 else value


def position(
    state: GameState, inline_pieces: Sequence[Mapping[str, Any]] = ()
) -> dict[str, JsonValue]:
    """The state in the scenario format: written back as a scenario it loads into the same
    position, in any phase, and the game continues exactly. ``inline_pieces`` are the
    scenario's own pieces, written back with the placements so that the board loads too."""
    game, board = state.game, state.game.board
    removed = [s for s in Species if s in game.removed_species]
    vehicles: dict[str, JsonValue] = {}
    for seat, guide in enumerate(game.guides):
        vehicle: dict[str, JsonValue] = {
            "at": board.names[state.vehicle[seat]],
            "fuel": state.fuel[seat],
            "food": state.food[seat],
            "spotted": [
                s.name.lower()
                for s in Species
                if state.spotted[seat] & (1 << s) and s not in removed
            ],
            "flat": flat_text(state.flat[seat]),
        }
        flat_cards = sum(o == seat for card, o in state.lasting if card in FLAT_TYRE_CARDS)
        if flat_cards > 1:  # RU-flat-tyre-again
            vehicle["flat_cards"] = flat_cards
        vehicles[guide.name.lower()] = vehicle
    lasting = lasting_owners(state)
    anna = game.seat_of(Guide.ANNA)
    turn: dict[str, JsonValue] = {
        "guide": guide_of(state, state.seat),
        "phase": state.phase.name.lower(),
        "number": state.turn,
    }
    if state.phase != Phase.DRAW:
        turn["actions_left"] = state.actions_left
    if state.outcome:
        turn["outcome"] = state.outcome
    if anna >= 0:
        turn["anna_token"] = guide_of(state, state.token_holder)
        if state.seat == anna and state.phase != Phase.DRAW:
            turn["anna_token_used"] = state.token_spent and state.token_holder == anna
    placements: list[JsonValue] = [placement.text() for placement in board.placements]
    cards: dict[str, JsonValue] = {
        "top": [CARDS[c].name for c in reversed(state.deck)],
        "discard": [CARDS[c].name for c in reversed(state.discard)],
        "rain": list(lasting[CardKind.RAIN]),
        "hippos": list(lasting[CardKind.HIPPOS]),
        "broken_gates": list(lasting[CardKind.BROKEN_GATE]),
    }
    if state.deck_seen:
        cards["top_seen"] = state.deck_seen
    if state.looking_at:
        cards["looking_at"] = [CARDS[c].name for c in state.looking_at]
    return {
        "seed": toml_seed(state.rng),
        "board": (
            {"placements": placements, "pieces": [dict(piece) for piece in inline_pieces]}
            if inline_pieces
            else placements
        ),
        "guides": [g.name.lower() for g in game.guides],
        "difficulty": game.difficulty.name.lower(),
        "short_game": [s.name.lower() for s in removed],
        "vehicles": vehicles,
        "tokens": {
            board.names[cell]: token_text(state, token)
            for cell, token in enumerate(state.token_at)
            if token != NO_TOKEN and token not in GATE_TOKENS
        },
        "fires": {board.names[c]: n for c, n in enumerate(state.fires) if n},
        "animals": {
            "supply": [animal_name(t) for t in reversed(state.animal_supply)],
            "discarded": [animal_name(t) for t in state.discarded],
        },
        "cards": cards,
        "turn": turn,
        # Rolls rigged in debug mode come before the scripted ones (engine/dice.py: roll).
        "play": {
            "dice": [
                die_text(board, die)
                for die in (*state.rigged_dice, *state.script[state.script_pos :])
            ]
        },
    }


def final_state(
    state: GameState, inline_pieces: Sequence[Mapping[str, Any]] = ()
) -> dict[str, JsonValue]:
    """The JSON ``final`` block: a summary, and the full position in the scenario format."""
    return {
        "outcome": state.outcome or "playing",
        "guide": guide_of(state, state.seat),
        "phase": state.phase.name.lower(),
        "turn": state.turn,
        "actions_left": state.actions_left,
        "fire_supply": state.fire_supply,
        "supply": len(state.animal_supply),
        "deck": len(state.deck),
        "looking_at": [CARDS[c].name for c in state.looking_at],
        "position": position(state, inline_pieces),
    }
