"""Applying an action: ``apply`` copies the state and mutates the copy; the ``_do_*`` handlers
mutate in place and append rule steps to a log. Nothing here performs I/O or touches global
randomness."""

from __future__ import annotations

from collections.abc import Callable

from bigfive_tui.engine.actions import FUEL, RESOURCE_NAMES, Act, Action, IllegalAction, Log, Step
from bigfive_tui.engine.board import GATE_CELLS, GATE_NAMES
from bigfive_tui.engine.cards import draw_card
from bigfive_tui.engine.content import ANIMAL_KIND, CARDS, MONKEY, Guide, species_of
from bigfive_tui.engine.costs import DETOUR_COST, EXTRA_ANIMAL_COST, INFLUENCE_COST
from bigfive_tui.engine.dice import discard_animal, place_animal, place_food
from bigfive_tui.engine.dispatch import dispatch_table
from bigfive_tui.engine.end_checks import check_end
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.pieces import Feature
from bigfive_tui.engine.refusals import why_illegal
from bigfive_tui.engine.state import FLAT_TYRE_CARDS, GATE_CARDS, GameState, Phase
from bigfive_tui.engine.turns import end_turn
from bigfive_tui.engine.wording import SPECIES_NAMES, counted, guide_name, token_name
from bigfive_tui.shared import rng
from bigfive_tui.shared.steps import StepRecorder

# Enum members bound once: looking one up on its class costs ~60 ns in Python 3.11, and this
# runs for every action.
_ACTIONS_PHASE = Phase.ACTIONS
_INFLUENCE_PHASE = Phase.INFLUENCE
_JACK = Guide.JACK
_SAM = Guide.SAM
_BUSH = int(Feature.BUSH)


def apply(state: GameState, action: Action) -> tuple[GameState, list[Step]]:
    """The state after ``action`` and the rule steps it took; ``state`` itself is unchanged."""
    new = _legal_copy(state, action)
    log: list[Step] = []
    apply_in_place(new, action, log)
    return new, log


def loses_at_once(state: GameState, action: Action) -> str | None:
    """Why this legal exchange would lose the game at once (the end step's text), or None: the
    engine allows giving away the last food (RU-exchange), and the app asks first. Only
    exchanges are foreseen: they reveal nothing, while a card or a roll is never told ahead."""
    if action.kind != Act.EXCHANGE or action not in legal_actions(state):
        return None
    after = state.copy()
    log: Log = []
    apply_in_place(after, action, log)
    return log[-1].text if after.outcome.startswith("lost") else None


def _legal_copy(state: GameState, action: Action) -> GameState:
    """A copy to apply ``action`` to; an illegal action raises and changes nothing."""
    if action not in legal_actions(state):
        raise IllegalAction(why_illegal(state, action))
    return state.copy()


def apply_in_place(state: GameState, action: Action, log: Log | None) -> None:
    """For simulations: mutate ``state``; the action must come from ``legal_actions``. A
    ``log`` of None builds no rule steps: for loops that never read them."""
    _ACTION_EFFECTS[action.kind](state, action, log)
    check_end(state, log)


def apply_recorded(
    state: GameState, action: Action
) -> tuple[GameState, list[Step], list[GameState]]:
    """``apply``, plus the state after each step. A step is logged once its change is made;
    the last state is the final one (a drawn card reaches the discard pile after its effects)."""
    new = _legal_copy(state, action)
    log = StepRecorder[Step, GameState](new)
    apply_in_place(new, action, log)
    log.states[-1] = new.copy()  # every action logs at least one step
    return new, list(log), log.states


def _do_draw(state: GameState, action: Action, log: Log | None) -> None:
    draw_card(state, log)


def _do_end(state: GameState, action: Action, log: Log | None) -> None:
    end_turn(state, log)


def _jack_sweeps(state: GameState, log: Log | None) -> None:
    """RU-jack: every fire on Jack's piece goes out as soon as he is there."""
    seat = state.game.seat_of(_JACK)
    if seat < 0:
        return
    board = state.game.board
    slot = board.slot[state.vehicle[seat]]
    for cell in board.slot_cells[slot]:
        count = state.fires[cell]
        if count:
            state.fires[cell] = 0
            state.fire_supply += count
            if log is not None:
                log.append(
                    Step(
                        "R-jack-extinguish",
                        "ability",
                        f"Jack puts out {'the fire' if count == 1 else f'{count} fires'} on "
                        f"{board.names[cell]} for free.",
                    )
                )


def _do_move(state: GameState, action: Action, log: Log | None) -> None:
    seat = state.seat
    board = state.game.board
    guide = state.game.guides[seat]
    here = state.vehicle[seat]
    target = action.target
    # A legal move is one of the board's exits for this guide (legal_actions), so it costs
    # what any step costs the guide: the hill price onto a hill, else one action.
    cost = state.game.costs[seat].hill_move if board.hill[target] else 1
    state.vehicle[seat] = target
    state.actions_left -= cost
    if log is not None:
        crossing = board.features[here][board.neighbours[here].index(target)]
        rule = "R-move-hill" if board.hill[target] else "R-move"
        if board.hill[target] and guide == _SAM:
            rule = "R-sam-hill"
        name = guide_name(state, seat)
        if crossing & _BUSH:  # only David gets here (exits): say so, then cite the move itself
            log.append(Step("R-david-bushes", "ability", f"{name} drives through the bushes."))
        text = f"{name} drives to {board.names[target]} ({counted(cost, 'action')})."
        log.append(Step(rule, "action", text))
    if guide == _JACK and board.slot[target] != board.slot[here]:
        _jack_sweeps(state, log)


def _do_detour(state: GameState, action: Action, log: Log | None) -> None:
    seat = state.seat
    target = GATE_CELLS[1] if state.vehicle[seat] == GATE_CELLS[0] else GATE_CELLS[0]
    state.vehicle[seat] = target
    state.actions_left -= DETOUR_COST
    if log is not None:
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


def _do_refuel(state: GameState, action: Action, log: Log | None) -> None:
    seat = state.seat
    cost = state.game.costs[seat].supply
    state.actions_left -= cost
    state.fuel[seat] = state.game.caps[seat]
    if log is not None:
        rule = "R-sam-free" if cost == 0 else "R-refuel"
        text = f"{guide_name(state, seat)} refuels to {state.fuel[seat]}."
        log.append(Step(rule, "action", text))


def _do_replenish(state: GameState, action: Action, log: Log | None) -> None:
    seat = state.seat
    costs = state.game.costs[seat]
    state.actions_left -= costs.supply
    before = state.food[seat]
    state.food[seat] = min(state.game.caps[seat], before + costs.food_gain)
    if log is not None:
        name = guide_name(state, seat)
        if state.food[seat] == before:  # RU-full-track: nothing gained, but the token moves on
            text = f"{name} takes food at a full food track ({before}): nothing is gained."
            log.append(Step("RU-full-track", "action", text))
        else:
            rule = "R-sam-food" if state.game.guides[seat] == _SAM else "R-replenish"
            full = "; the track is full" if before + costs.food_gain > state.food[seat] else ""
            gained = state.food[seat] - before
            text = f"{name} takes food: +{gained} (now {state.food[seat]}{full})."
            log.append(Step(rule, "action", text))
    place_food(state, log, state.token_at[action.target], "R-foodtoken-move")


def _do_spot(state: GameState, action: Action, log: Log | None) -> None:
    seat = state.seat
    cell = action.target
    board = state.game.board
    cost = state.game.costs[seat].spot
    state.actions_left -= cost
    token = state.token_at[cell]
    if log is not None:
        far = cell not in board.view[state.vehicle[seat]]
        rule = "R-kate-spot" if far else ("RU-kate-free" if cost == 0 else "R-spot")
        text = f"{guide_name(state, seat)} looks for the animal on {board.names[cell]}."
        log.append(Step(rule, "action", text))
    if not state.face_up[token]:
        state.face_up[token] = True
        if log is not None:
            text = f"The token is turned over: {token_name(token)}."
            log.append(Step("R-spot-flip", "flip", text))
        if ANIMAL_KIND[token] == MONKEY:
            discard_animal(state, token)
            if log is not None:
                text = "The monkey mocks the tourists and scampers off."
                log.append(Step("R-spot-flip", "discard", text))
            return
    species = species_of(token)
    if not state.spotted[seat] & (1 << species):
        state.spotted[seat] |= 1 << species
        if log is not None:
            text = f"{guide_name(state, seat)} has spotted the {SPECIES_NAMES[species]}!"
            log.append(Step("R-spot-take", "effect", text))


def _do_extinguish(state: GameState, action: Action, log: Log | None) -> None:
    seat = state.seat
    cost = state.game.costs[seat].extinguish
    state.actions_left -= cost
    state.fires[action.target] -= 1
    state.fire_supply += 1
    if log is not None:
        rule = "R-jack-extinguish" if cost == 0 else "R-extinguish"
        where = state.game.board.names[action.target]
        text = f"{guide_name(state, seat)} puts out a fire on {where}."
        log.append(Step(rule, "action", text))


def _do_repair_vehicle(state: GameState, action: Action, log: Log | None) -> None:
    seat = state.seat
    cost = state.game.costs[seat].repair
    state.actions_left -= cost
    target = action.target
    state.flat[target] = 0
    for card, owner in list(state.lasting):
        if card in FLAT_TYRE_CARDS and owner == target:
            state.lasting.remove((card, owner))
            state.discard.append(card)
    if log is not None:
        rule = "R-david-repair" if cost == 0 else "R-repair-vehicle"
        whose = "a" if target == seat else f"{guide_name(state, target)}'s"
        text = f"{guide_name(state, seat)} repairs {whose} flat tyre."
        log.append(Step(rule, "action", text))


def _do_repair_gate(state: GameState, action: Action, log: Log | None) -> None:
    seat = state.seat
    cost = state.game.costs[seat].repair
    state.actions_left -= cost
    for card, owner in list(state.lasting):
        if card in GATE_CARDS and owner == action.target:
            state.lasting.remove((card, owner))
            state.discard.append(card)
    if log is not None:
        rule = "R-david-repair" if cost == 0 else "R-repair-gate"
        text = f"{guide_name(state, seat)} mends the {GATE_NAMES[action.target]} gate."
        log.append(Step(rule, "action", text))


def _do_influence(state: GameState, action: Action, log: Log | None) -> None:
    state.actions_left -= INFLUENCE_COST
    if len(state.deck) < 2:
        state.rng, under = rng.shuffled(state.rng, state.discard)
        state.deck = under + state.deck
        state.discard = []
        if log is not None:
            text = "The discard pile is shuffled under the deck first."
            log.append(Step("RU-influence-deck", "effect", text))
    state.looking_at = [state.deck.pop(), state.deck.pop()]
    state.deck_seen = max(0, state.deck_seen - 2)
    state.phase = _INFLUENCE_PHASE
    rigged = state.rigged_card
    if rigged in state.looking_at:  # a card rigged in debug mode is seen
        state.rigged_card = -1
    if log is not None:
        seen = " and ".join(CARDS[card].name for card in state.looking_at)
        if rigged in state.looking_at:
            seen += f" ({CARDS[rigged].name} rigged in debug mode)"
        name = guide_name(state, state.seat)
        log.append(Step("R-influence", "look", f"{name} looks at the top two cards: {seen}."))


def _do_choose_discard(state: GameState, action: Action, log: Log | None) -> None:
    kept = state.looking_at[:]
    chosen = kept.pop(action.target)
    state.discard.append(chosen)
    state.deck.extend(kept)
    state.deck_seen += len(kept)  # everybody knows the card put back on top
    state.looking_at = []
    state.phase = _ACTIONS_PHASE
    if log is not None:
        log.append(
            Step(
                "R-influence",
                "action",
                f"{guide_name(state, state.seat)} discards {CARDS[chosen].name} "
                "and puts the other card back on top.",
            )
        )


def _do_extra_animal(state: GameState, action: Action, log: Log | None) -> None:
    state.actions_left -= EXTRA_ANIMAL_COST
    if log is not None:
        text = f"{guide_name(state, state.seat)} places an extra animal token."
        log.append(Step("R-extra-animal", "action", text))
    place_animal(state, log, "R-extra-animal")


def _do_exchange(state: GameState, action: Action, log: Log | None) -> None:
    track = state.fuel if action.resource == FUEL else state.food
    track[action.giver] -= action.amount
    track[action.target] += action.amount
    if log is not None:
        log.append(
            Step(
                "R-exchange",
                "action",
                f"{guide_name(state, action.giver)} gives "
                f"{action.amount} {RESOURCE_NAMES[action.resource]} to "
                f"{guide_name(state, action.target)}.",
            )
        )


def _do_token_use(state: GameState, action: Action, log: Log | None) -> None:
    state.actions_left += 1
    state.token_spent = True
    if log is not None:
        text = "Anna uses her extra-action token: +1 action."
        log.append(Step("R-anna-token", "ability", text))


def _do_token_give(state: GameState, action: Action, log: Log | None) -> None:
    state.token_holder = action.target
    state.token_spent = True
    if log is not None:
        log.append(
            Step(
                "R-anna-token",
                "ability",
                f"Anna lends the extra-action token to "
                f"{guide_name(state, action.target)} for their next turn.",
            )
        )


ActionEffect = Callable[[GameState, Action, Log | None], None]

#: [action kind] -> what it does; a table, because comparing Enum members one by one is slow.
_ACTION_EFFECTS: tuple[ActionEffect, ...] = dispatch_table(
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
