"""The event cards (R-turn-card, R-card-*): drawing one and what each kind does."""

from __future__ import annotations

from collections.abc import Callable

from bigfive_tui.engine.actions import Log, Step
from bigfive_tui.engine.board import GATE_NAMES
from bigfive_tui.engine.content import CARDS, Card, CardKind
from bigfive_tui.engine.dice import place_animal, place_fire
from bigfive_tui.engine.dispatch import dispatch_table
from bigfive_tui.engine.end_checks import check_end
from bigfive_tui.engine.state import GameState, Phase
from bigfive_tui.engine.wording import counted, guide_name
from bigfive_tui.shared import rng

# Enum members bound once: looking one up on its class costs ~60 ns in Python 3.11, and this
# runs for every action.
_ACTIONS_PHASE = Phase.ACTIONS
_FOOD_LOSS_KINDS = frozenset({CardKind.LOST_FOOD, CardKind.STOLEN_FOOD})


def reshuffle_discard(state: GameState, log: Log | None) -> None:
    """An empty deck: the discard pile shuffled into a new deck (before a draw or a rig)."""
    state.rng, state.deck = rng.shuffled(state.rng, state.discard)
    state.discard = []
    if log is not None:
        text = "The deck is empty: the discard pile is shuffled into a new deck."
        log.append(Step("R-card-deck", "effect", text))


def draw_card(state: GameState, log: Log | None) -> None:
    if not state.deck:
        reshuffle_discard(state, log)
    card_id = state.deck.pop()
    if state.deck_seen:
        state.deck_seen -= 1
    card = CARDS[card_id]
    rigged = card_id == state.rigged_card
    if rigged:
        state.rigged_card = -1
    if log is None:
        lasting = _CARD_EFFECTS[card.kind](state, log, card_id, card)
    else:
        drawer = guide_name(state, state.seat)
        drawn = len(log)
        if rigged:
            text = f"{drawer} draws: {card.name} (rigged in debug mode)."
        else:
            text = f"{drawer} draws: {card.name}."
        log.append(Step("R-turn-card", "card", text, card_id))
        lasting = _CARD_EFFECTS[card.kind](state, log, card_id, card)
        # The card step counts its effects, so a reader of the log (the table, the hand-over)
        # never takes what follows (influence, Anna's token, the actions) for the card's doing.
        log[drawn] = Step("R-turn-card", "card", text, card_id, len(log) - drawn - 1)
    if not lasting:
        state.discard.append(card_id)
    if not state.outcome:
        state.phase = _ACTIONS_PHASE


# Each card effect returns True when the card lies out as a lasting effect instead of going
# to the discard pile (RU-rain, RU-hippos, RU-flat-tyre, RU-broken-gate).


def _fire_card(state: GameState, log: Log | None, card_id: int, card: Card) -> bool:
    place_fire(state, log, card.rule)
    return False


def _animal_card(state: GameState, log: Log | None, card_id: int, card: Card) -> bool:
    place_animal(state, log, card.rule)
    return False


def _extra_actions_card(state: GameState, log: Log | None, card_id: int, card: Card) -> bool:
    """Wildebeest and giraffes."""
    state.actions_left += card.steps
    if log is not None:
        log.append(Step(card.rule, "effect", f"+{counted(card.steps, 'action')} this turn."))
    return False


def _track_loss_card(state: GameState, log: Log | None, card_id: int, card: Card) -> bool:
    """Lost or stolen food, an overheated or leaky engine."""
    track = state.food if card.kind in _FOOD_LOSS_KINDS else state.fuel
    hit = range(len(state.game.guides)) if card.all_vehicles else (state.seat,)
    if card.all_vehicles and log is not None:
        log.append(
            Step(
                "R-card-all-vehicles",
                "effect",
                "The card shows several vehicles: it hits every vehicle.",
            )
        )
    for target in hit:
        left = track[target] - card.steps
        track[target] = left if left > 0 else 0
        if log is not None:
            what = "food" if track is state.food else "fuel"
            text = f"{guide_name(state, target)} loses {card.steps} {what} (now {track[target]})."
            log.append(Step(card.rule, "effect", text))
        check_end(state, log)
        if state.outcome:
            break
    return False


def _closed_rivers_card(state: GameState, log: Log | None, card_id: int, card: Card) -> bool:
    """Heavy rain (every vehicle, until the drawer's next turn) or hippos (the drawer, this
    turn): the card lies out with the drawer's seat, and its end is checked by turn."""
    state.lasting.append((card_id, state.seat))
    if log is not None:
        name = guide_name(state, state.seat)
        if card.kind == CardKind.RAIN:
            text = f"Heavy rain: no vehicle can cross rivers until {name}'s next turn."
        else:
            text = f"Hippos block the rivers: {name} cannot cross rivers this turn."
        log.append(Step(card.rule, "effect", text))
    return True


def _flat_tyre_card(state: GameState, log: Log | None, card_id: int, card: Card) -> bool:
    """The card lies beside the drawer's board until the repair; a second one on a tyre that is
    already flat lies there too and makes it unrepairable again until the drawer's next turn
    (RU-flat-tyre-again)."""
    seat = state.seat
    again = bool(state.flat[seat])
    state.flat[seat] = 1
    state.lasting.append((card_id, seat))
    if log is None:
        return True
    name = guide_name(state, seat)
    if again:
        step = Step(
            "RU-flat-tyre-again",
            "effect",
            f"Another flat tyre for {name}: it cannot be repaired before {name}'s next turn "
            "now; both cards lie out until the repair.",
        )
    else:
        step = Step(
            card.rule,
            "effect",
            f"{name} has a flat tyre: no driving until it is repaired (not before the next turn).",
        )
    log.append(step)
    return True


def _broken_gate_card(state: GameState, log: Log | None, card_id: int, card: Card) -> bool:
    # Each card breaks its own gate and lies out until that gate is mended (RU-broken-gate),
    # so it is never drawn while its gate is broken.
    state.lasting.append((card_id, card.gate))
    if log is not None:
        log.append(
            Step(
                card.rule,
                "effect",
                f"The {GATE_NAMES[card.gate]} gate breaks: no vehicle can "
                "be repaired until it is mended.",
            )
        )
    return True


CardEffect = Callable[[GameState, Log | None, int, Card], bool]

#: [card kind] -> its effect; a table, because comparing Enum members one by one is slow.
_CARD_EFFECTS: tuple[CardEffect, ...] = dispatch_table(
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
