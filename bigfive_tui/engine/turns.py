"""A turn's beginning and end (R-turn-order): lasting cards that run out, a flat tyre that
becomes repairable, Anna's token coming and going."""

from __future__ import annotations

from bigfive_tui.engine.actions import Log, Step
from bigfive_tui.engine.content import BASE_ACTIONS
from bigfive_tui.engine.state import HIPPO_CARDS, RAIN_CARDS, GameState, Phase
from bigfive_tui.engine.wording import counted, guide_name

# Enum members bound once: looking one up on its class costs ~60 ns in Python 3.11, and this
# runs for every action.
_DRAW_PHASE = Phase.DRAW


def begin_turn(state: GameState, log: Log | None) -> None:
    seat = state.seat
    state.phase = _DRAW_PHASE
    state.actions_left = BASE_ACTIONS
    if log is not None:
        log.append(Step("R-turn-order", "turn", f"Turn {state.turn}: {guide_name(state, seat)}."))
    for card, owner in state.lasting[:] if state.lasting else ():
        if card in RAIN_CARDS and owner == seat:
            state.lasting.remove((card, owner))
            state.discard.append(card)
            if log is not None:
                text = "The heavy rain is over; rivers open again."
                log.append(Step("RU-rain", "effect", text))
    if state.flat[seat] == 1:
        state.flat[seat] = 2
        if log is not None:
            text = f"{guide_name(state, seat)}'s flat tyre can now be repaired."
            log.append(Step("RU-flat-tyre", "effect", text))
    if state.token_holder == seat and seat != state.game.anna_seat:
        state.actions_left += 1
        if log is not None:
            text = f"{guide_name(state, seat)} uses Anna's extra-action token: +1 action."
            log.append(Step("R-anna-token", "ability", text))


def end_turn(state: GameState, log: Log | None) -> None:
    seat = state.seat
    for card, owner in state.lasting[:] if state.lasting else ():
        if card in HIPPO_CARDS and owner == seat:
            state.lasting.remove((card, owner))
            state.discard.append(card)
    anna = state.game.anna_seat
    state.token_spent = False
    if state.token_holder == seat and seat != anna:
        state.token_holder = anna
        if log is not None:
            text = "The extra-action token goes back to Anna."
            log.append(Step("R-anna-token", "ability", text))
    # Each step is logged after its change (debug mode shows the state at every step).
    lost, state.actions_left = state.actions_left, 0
    if lost and log is not None:
        log.append(
            Step(
                "R-turn-actions",
                "turn",
                f"{guide_name(state, seat)} ends the turn; "
                f"{counted(lost, 'unused action')} {'is' if lost == 1 else 'are'} lost.",
            )
        )
    state.seat = (seat + 1) % len(state.game.guides)
    state.turn += 1
    begin_turn(state, log)
