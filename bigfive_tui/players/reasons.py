"""Why a computer guide does what it does, in words a player reads.

Every player (greedy and search alike) says why with a :class:`Reason`, and :func:`explain`
turns it into one sentence: the action, a colon, the reason. The hint, the game log and the
hand-over summary all show that sentence, so a reason always reads the same wherever it
appears.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import IntEnum
from typing import NamedTuple

from bigfive_tui.engine.actions import FOOD, RESOURCE_NAMES, Act, Action
from bigfive_tui.engine.apply_action import apply_in_place
from bigfive_tui.engine.board import GATE_CELLS, GATE_NAMES
from bigfive_tui.engine.content import ANIMAL_KIND, BUFFALO_TOKEN, CARDS, CardKind, Species
from bigfive_tui.engine.costs import DETOUR_COST
from bigfive_tui.engine.legal_actions import spot_targets
from bigfive_tui.engine.state import GameState
from bigfive_tui.players.cards import CARD_HARM, burning_pieces, card_harm, starving
from bigfive_tui.players.routes import DETOUR_STEP
from bigfive_tui.players.unseen import to_see, unseen_wanted


class Why(IntEnum):
    """The reasons there are; each has its own wording in :func:`explain`."""

    DRAW = 0  # the turn opens with a card
    TOKEN = 1  # Anna's token: one action more
    SPOT_NEEDED = 2  # a species this vehicle lacks, face up in view
    SPOT_UNKNOWN = 3  # a face-down token in view: it may be what somebody lacks
    FOOD_LOW = 4  # food low: a card could end the safari
    FOOD_TOP_UP = 5  # food taken while it costs little
    FUEL_LOW = 6
    FUEL_TOP_UP = 7
    SHARE = 8  # a teammate in view runs short
    MEND_GATE = 9  # a broken gate keeps a flat tyre from being repaired
    MEND_FREE = 10  # David mends a gate for nothing
    REPAIR = 11  # a flat tyre in view
    EXTINGUISH = 12  # a fire in view
    DRIVE_ANIMAL = 13  # towards an animal this vehicle lacks
    DRIVE_UNKNOWN = 14  # towards a face-down token
    DRIVE_FIRE = 15  # towards a fire
    DRIVE_FOOD = 16
    DRIVE_FUEL = 17
    DRIVE_HELP = 18  # towards a teammate who needs fuel or food
    DRIVE_MEND = 19  # towards a broken gate while a tyre waits for it
    GUARD = 20  # Jack keeps fire off the piece with animals still needed
    EXTRA_ANIMAL = 21
    INFLUENCE = 22
    DISCARD = 23  # the card discarded after influencing
    END_DONE = 24  # no actions left
    END_NOTHING = 25  # nothing worth an action in reach
    END_GUARD = 26  # Jack stays where he guards animals
    LEND_TOKEN = 27  # Anna lends her token to a guide who needs it more
    AT_RANDOM = 28  # the random player: one of ``number`` legal actions, by chance
    DISCARD_LOOKED = 29  # the look-ahead fared better without this card (scores in percent)


class Reason(NamedTuple):
    """A reason and what it is about: a space (the animal, fire, token or gate aimed at), a
    teammate's seat, a species, a number (actions to go, cards in the deck, ...)."""

    why: Why
    cell: int = -1
    seat: int = -1
    species: int = -1
    number: int = 0
    #: A second number: the look-ahead's score of the other choice (a discard), in percent.
    other: int = -1


_FIRE_DANGER = "while a piece burns, every animal placed on it flees the park"


def explain(state: GameState, action: Action, reason: Reason) -> str:
    """The action and its reason in one sentence, in the words of the guide at the wheel, and
    what a drive does on the side for free (a fire Jack's piece puts out, a token in view)."""
    return f"{_what(state, action)}: {_why(state, action, reason)}{_on_the_side(state, action)}"


def plan_words(reason: str, plan: Sequence[str]) -> str:
    """The rest of a turn's plan after the action ``reason`` explains, in short: every step's
    order, and its reason only where it says more than the step before ("Drive to ♠1 · Drive
    to ♠c · Put out the fire on ♠c: ..."), for a route repeats its reason at every step."""
    said = _gist(reason.partition(": ")[2])
    parts = []
    for step in plan:
        what, _, why = step.partition(": ")
        gist = _gist(why)
        parts.append(what if gist == said else step)
        said = gist
    return " · ".join(parts)


def _gist(why: str) -> str:
    """A reason without its counts: "(5 actions more)" says what "(6 actions more)" said."""
    return re.sub(r"\d+", "#", why)


def _species(state: GameState, reason: Reason) -> str:
    """The species a reason is about: the token on its space tells when the player did not."""
    species = reason.species
    if species < 0 and reason.cell >= 0:
        token = state.token_at[reason.cell]
        if token == BUFFALO_TOKEN:
            species = int(Species.BUFFALO)
        elif 0 <= token < BUFFALO_TOKEN and state.face_up[token]:
            species = ANIMAL_KIND[token]
    return Species(species).name.lower() if species >= 0 else "animal"


def _a(word: str) -> str:
    """ "a lion", "an elephant"."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def _counted(count: int, thing: str) -> str:
    """ "1 action", "2 actions"."""
    return f"{count} {thing}{'s' * (count != 1)}"


def _gate(cell: int) -> str:
    """ "west" or "east" for a park entrance, "" for any other space."""
    return GATE_NAMES[GATE_CELLS.index(cell)] if cell in GATE_CELLS else ""


def _what(state: GameState, action: Action) -> str:
    """The action as an order to the guide ("Drive to ♠3")."""
    board = state.game.board
    guides = state.game.guides
    kind = action.kind
    if kind == Act.MOVE:
        return f"Drive to {board.names[action.target]}"
    if kind == Act.SPOT:
        token = state.token_at[action.target]
        if 0 <= token < len(state.face_up) and not state.face_up[token]:
            return f"Turn over the animal on {board.names[action.target]}"
        return f"Spot the animal on {board.names[action.target]}"
    if kind == Act.EXTINGUISH:
        return f"Put out the fire on {board.names[action.target]}"
    if kind == Act.REPLENISH:
        return f"Take food at {board.names[action.target]}"
    if kind == Act.REFUEL:
        return "Refuel"
    if kind == Act.EXCHANGE:
        what = RESOURCE_NAMES[action.resource]
        giver = guides[action.giver].title
        return f"{giver} gives {action.amount} {what} to {guides[action.target].title}"
    if kind == Act.REPAIR_VEHICLE:
        return f"Repair {guides[action.target].title}'s flat tyre"
    if kind == Act.REPAIR_GATE:
        return f"Mend the {GATE_NAMES[action.target]} gate"
    if kind == Act.DETOUR:
        return "Drive around the park"
    if kind == Act.INFLUENCE:
        return "Influence the next event"
    if kind == Act.CHOOSE_DISCARD:
        return f"Discard {CARDS[state.looking_at[action.target]].name}"
    if kind == Act.EXTRA_ANIMAL:
        return "Place an extra animal"
    if kind == Act.TOKEN_USE:
        return "Use Anna's token"
    if kind == Act.TOKEN_GIVE:
        return f"Lend Anna's token to {guides[action.target].title}"
    if kind == Act.DRAW:
        return "Draw the event card"
    return "End the turn"


def _toward(state: GameState, action: Action, reason: Reason, what: str) -> str:
    """A drive's goal: "on the way to the fire on ♦5 (2 actions more)", or "to ..." when this
    step arrives. ``reason.number`` counts the actions to the goal from before this step."""
    if action.kind == Act.MOVE and action.target == reason.cell:
        return f"to {what}"
    more = reason.number - step_cost(state, action)
    left = f" ({_counted(more, 'action')} more)" if more > 0 else ""
    if action.kind == Act.DETOUR or action.target == DETOUR_STEP:
        return f"the short way round to {what}{left}"
    return f"on the way to {what}{left}"


def step_cost(state: GameState, action: Action) -> int:
    """Actions a drive's step costs: a hill one more (not for Sam), driving round the park 3."""
    if action.kind == Act.DETOUR:
        return DETOUR_COST
    if action.kind != Act.MOVE:
        return 0
    return state.game.costs[state.seat].hill_move if state.game.board.hill[action.target] else 1


def _why(state: GameState, action: Action, reason: Reason) -> str:
    """Every count, place, guide and card in these words is read from ``reason`` and the
    position, never assumed: tests/test_reasons.py recomputes them along real games."""
    why = reason.why
    board = state.game.board
    guides = state.game.guides
    seat = state.seat
    me = guides[seat].title
    place = board.names[reason.cell] if reason.cell >= 0 else ""
    if why == Why.AT_RANDOM:
        if reason.number == 1:
            return "the only legal action"
        return f"picked by chance from {_counted(reason.number, 'legal action')}"
    if why == Why.DRAW:
        return _draw_reason(state)
    if why == Why.TOKEN:
        return "one action more this turn"
    if why == Why.LEND_TOKEN:
        other = guides[reason.seat].title
        return (
            f"{other} has {to_see(state, reason.seat)} of the Big Five still to see and "
            f"{me} {to_see(state, seat)}: "
            f"the extra action serves the team better with {other}"
        )
    if why == Why.SPOT_NEEDED:
        return f"{me} has not seen {_a(_species(state, reason))} yet"
    if why == Why.SPOT_UNKNOWN:
        if unseen_wanted(state):
            return "a face-down token may be an animal the team still needs"
        return f"{me} learns what it is, though no animal the team lacks is left unseen"
    cap = state.game.caps[seat]
    if why == Why.FOOD_LOW:
        return f"{me}'s food is down to {state.food[seat]}, and a card can take 2"
    if why in (Why.FOOD_TOP_UP, Why.FUEL_TOP_UP):
        is_food = why == Why.FOOD_TOP_UP
        name = "food" if is_food else "fuel"
        mark = state.food[seat] if is_food else state.fuel[seat]
        cost = state.game.costs[seat].supply
        price = "costs no action" if cost == 0 else f"costs {_counted(cost, 'action')}"
        return f"{me}'s {name} is at {mark} of {cap}, this {price}, and cards keep taking {name}"
    if why == Why.FUEL_LOW:
        return f"{me}'s fuel is down to {state.fuel[seat]}; without fuel nobody drives"
    if why == Why.SHARE:
        levels = state.food if action.resource == FOOD else state.fuel
        word = RESOURCE_NAMES[action.resource]
        receiver = guides[action.target].title
        if action.resource == FOOD:
            return f"{receiver}'s food is down to {levels[action.target]}; at 0 the safari is lost"
        return f"{receiver} has only {levels[action.target]} {word} and needs it to drive"
    if why == Why.MEND_GATE:
        return "no flat tyre can be repaired while a gate is broken"
    if why == Why.MEND_FREE:
        return f"{me} mends it for free, and a broken gate stops every repair"
    if why == Why.REPAIR:
        return "the vehicle cannot drive until its tyre is repaired"
    if why == Why.EXTINGUISH:
        return _FIRE_DANGER
    if why == Why.DRIVE_ANIMAL:
        what = f"the {_species(state, reason)} on {place}"
        return f"{_toward(state, action, reason, what)}, which {me} has not seen yet"
    if why == Why.DRIVE_UNKNOWN:
        what = f"the face-down animal on {place}"
        toward = _toward(state, action, reason, what)
        if unseen_wanted(state):
            return f"{toward}; it may be one the team still needs"
        return f"{toward}, though no animal the team lacks is left unseen"
    if why == Why.DRIVE_FIRE:
        what = f"the fire on {place}"
        return f"{_toward(state, action, reason, what)}: {_FIRE_DANGER}"
    if why == Why.DRIVE_FOOD:
        what = f"the food token on {place}"
        has = state.food[seat]
        level = f"is down to {has}" if has <= _LOW_FOOD else f"is at {has} of {cap}"
        return f"{_toward(state, action, reason, what)}: {me}'s food {level}"
    if why == Why.DRIVE_FUEL:
        what = f"the {_gate(reason.cell)} park entrance".replace("the  ", "the ")
        has = state.fuel[seat]
        level = f"is down to {has}" if has <= _LOW_FUEL else f"is at {has} of {cap}"
        return f"{_toward(state, action, reason, what)} to refuel: {me}'s fuel {level}"
    if why == Why.DRIVE_HELP:
        helped = reason.seat
        needs = "fuel" if state.fuel[helped] == 0 else "food"
        what = guides[helped].title
        return f"{_toward(state, action, reason, what)}, who is short of {needs}"
    if why == Why.DRIVE_MEND:
        what = f"the broken {_gate(reason.cell)} gate"
        return f"{_toward(state, action, reason, what)}: until it is mended no tyre is repaired"
    if why == Why.GUARD:
        what = f"the {board.symbols[board.slot[reason.cell]]} piece"
        shielded = _shielded(state, board.slot[reason.cell])
        return f"{_toward(state, action, reason, what)}: no fire lands on Jack's piece, {shielded}"
    if why == Why.END_GUARD:
        shielded = _shielded(state, board.slot[state.vehicle[seat]])
        return f"Jack stays put: no fire lands on his piece, {shielded}"
    if why == Why.EXTRA_ANIMAL:
        return _extra_animal_reason(state)
    if why == Why.INFLUENCE:
        fires = _fire_cards(state)
        return (
            "look at the next two event cards and discard the worse; "
            f"{_counted(fires, 'fire card')} of the {_counted(len(state.deck), 'card')} "
            "in the deck may come"
        )
    if why == Why.DISCARD_LOOKED and len(state.looking_at) == 2:
        kept = CARDS[state.looking_at[1 - action.target]].name
        return (
            f"looking ahead, the team fared better with {kept} next "
            f"({reason.number} % against {reason.other} %)"
        )
    if why in (Why.DISCARD, Why.DISCARD_LOOKED):
        return _discard_reason(state, action)
    if why in (Why.END_DONE, Why.END_NOTHING) and state.actions_left == 0:
        return f"{me} has no actions left"
    left = _counted(state.actions_left, "action")
    return f"nothing worth an action is within reach this turn ({left} left){_fires_burn_on(state)}"


def _fires_burn_on(state: GameState) -> str:
    """Why the fires on the board are worth no action, when that is so (players/unseen.py)."""
    if not any(state.fires):
        return ""
    if not state.animal_supply:
        return "; the fires can burn: no animal is left to place"
    if unseen_wanted(state) == 0:
        return "; the fires can burn: no animal the team lacks is left unseen"
    return ""


#: The marks below which the words say a track is "down to" a level (players/tactics.py's).
_LOW_FOOD = 3
_LOW_FUEL = 2


def _fire_cards(state: GameState) -> int:
    return sum(1 for card in state.deck if CARDS[card].kind == CardKind.FIRE)


def _draw_reason(state: GameState) -> str:
    """What every guide knows of the card to come: the card an influence put back on top, or
    what the deck still holds."""
    deck = state.deck
    if state.deck_seen > 0 and deck:
        return f"{CARDS[deck[-1]].name} is on top: it was put back after an influence"
    if not deck:
        return "the deck is empty: the discard pile is shuffled into a new one"
    fires = _fire_cards(state)
    helps = sum(1 for card in deck if CARDS[card].kind in _HELPS)
    return (
        f"every turn opens with a card; of the {_counted(len(deck), 'card')} left "
        f"{fires} {'is a fire' if fires == 1 else 'are fires'} and "
        f"{helps} {'brings' if helps == 1 else 'bring'} extra actions"
    )


_HELPS = (CardKind.WILDEBEEST, CardKind.GIRAFFE)


def needed_on_piece(state: GameState, slot: int) -> tuple[list[int], int]:
    """On this piece: the species of the face-up tokens some guide still lacks, and how many
    face-down tokens lie there (the buffalo is left out: fire never chases it)."""
    board = state.game.board
    species: list[int] = []
    face_down = 0
    for token, cell in enumerate(state.token_cell[:BUFFALO_TOKEN]):
        if cell < 0 or board.slot[cell] != slot:
            continue
        if not state.face_up[token]:
            face_down += 1
        elif ANIMAL_KIND[token] >= 0 and any(
            not mask & (1 << ANIMAL_KIND[token]) for mask in state.spotted
        ):
            species.append(ANIMAL_KIND[token])
    return species, face_down


def _shielded(state: GameState, slot: int) -> str:
    species, face_down = needed_on_piece(state, slot)
    names = [f"the {Species(kind).name.lower()}" for kind in species]
    if face_down:
        names.append(_counted(face_down, "face-down animal"))
    if not names:
        return "though no animal the team needs is on it"
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"where {listed} {'is' if len(names) == 1 and not face_down > 1 else 'are'} safe"


def _extra_animal_reason(state: GameState) -> str:
    burning = burning_pieces(state)
    risk = (
        "no piece is burning, so it cannot flee"
        if burning == 0
        else f"{_counted(burning, 'piece')} {'is' if burning == 1 else 'are'} burning: "
        "it flees if it lands there"
    )
    wanted = sum(
        1
        for token, cell in enumerate(state.token_cell[: BUFFALO_TOKEN + 1])
        if cell >= 0 and _wanted_by_team(state, token)
    )
    if wanted == 0:
        return f"no animal the team needs is left on the board, and {risk}"
    return f"more animals on the board give more chances, and {risk}"


def _wanted_by_team(state: GameState, token: int) -> bool:
    if token == BUFFALO_TOKEN:
        return any(not mask & (1 << Species.BUFFALO) for mask in state.spotted)
    if not state.face_up[token]:
        return True
    kind = ANIMAL_KIND[token]
    return kind >= 0 and any(not mask & (1 << kind) for mask in state.spotted)


def _discard_reason(state: GameState, action: Action) -> str:
    """The fast policies discard the card that hurts more in this position
    (players/cards.py); the words say what makes it so."""
    if len(state.looking_at) != 2:
        return "it is the worse of the two cards"
    gone_id = state.looking_at[action.target]
    kept_id = state.looking_at[1 - action.target]
    gone, kept = CARDS[gone_id], CARDS[kept_id]
    ends = starving(state, gone_id)
    if ends:
        who = state.game.guides[ends[0]].title
        return f"it would end the safari: {who}'s food is {state.food[ends[0]]}"
    if gone.kind == kept.kind:
        return f"the two cards do the same, so {kept.name} comes next either way"
    if gone.kind == CardKind.ANIMAL and card_harm(state, gone_id) > CARD_HARM[gone.kind]:
        burning = burning_pieces(state)
        return f"with {burning} pieces burning a new animal would likely flee"
    gone_harm, kept_harm = card_harm(state, gone_id), card_harm(state, kept_id)
    if gone_harm < 0 and kept_harm < 0:
        return f"both cards help; {kept.name}, which helps more, comes next"
    if gone_harm <= kept_harm:
        return f"it hurts the team as much as {kept.name}, which the next guide draws instead"
    return f"it would hurt the team more than {kept.name}, which the next guide draws instead"


def _on_the_side(state: GameState, action: Action) -> str:
    """What a drive does besides its goal, for free: the fires Jack's piece rule puts out where
    he arrives (RU-jack), and the tokens it brings into view."""
    if action.kind not in (Act.MOVE, Act.DETOUR):
        return ""
    after = state.copy()
    apply_in_place(after, action, None)
    board = state.game.board
    said = []
    out = [cell for cell, count in enumerate(state.fires) if count > after.fires[cell]]
    if out:
        places = ", ".join(board.names[cell] for cell in out)
        said.append(f"arriving, Jack puts out the fire on {places} for free")
    seat = state.seat
    before = set(spot_targets(state, seat))
    gained = [cell for cell in spot_targets(after, seat) if cell not in before]
    if gained:
        places = ", ".join(_token_words(state, cell) for cell in gained)
        said.append(f"it brings {places} into view")
    return "".join(f"; {words}" for words in said)


def _token_words(state: GameState, cell: int) -> str:
    token = state.token_at[cell]
    place = state.game.board.names[cell]
    if token == BUFFALO_TOKEN:
        return f"the buffalo on {place}"
    if not state.face_up[token]:
        return f"the face-down animal on {place}"
    return f"the {Species(ANIMAL_KIND[token]).name.lower()} on {place}"
