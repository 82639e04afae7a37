"""Why an action is not allowed now, in a player's words (the game screen and IllegalAction).

A refusal names the main obstacle first: what is missing on the board (no fire in clear
view, no park entrance token nearby) comes before the cost, because more actions would not
help with it. Only when nothing but the cost stands in the way is the cost the reason."""

from __future__ import annotations

from collections.abc import Sequence

from bigfive_tui.engine.actions import FOOD, FUEL, RESOURCE_NAMES, Act, Action
from bigfive_tui.engine.board import GATE_CELLS, GATE_NAMES
from bigfive_tui.engine.content import (
    BUFFALO_TOKEN,
    FOOD_TOKENS,
    MONKEY,
    NO_TOKEN,
    Guide,
    Species,
    is_animal,
    species_of,
)
from bigfive_tui.engine.costs import (
    DETOUR_COST,
    EXTRA_ANIMAL_COST,
    INFLUENCE_COST,
    action_cost,
    move_cost,
    rivers_closed_for,
)
from bigfive_tui.engine.legal_actions import (
    can_drive,
    legal_actions,
    spot_targets,
    vehicles_in_view,
    vehicles_seen_by,
)
from bigfive_tui.engine.pieces import Feature
from bigfive_tui.engine.sight import line_stop
from bigfive_tui.engine.state import GameState, Phase
from bigfive_tui.engine.wording import counted, guide_name

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


def _too_few_actions(state: GameState, doing: str, cost: int) -> str | None:
    """The refusal for an action that only lacks actions, or None if the guide has enough."""
    left = state.actions_left
    if cost <= left:
        return None
    name = guide_name(state, state.seat)
    has = "no actions" if left == 0 else counted(left, "action")
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


def out_for_the_cost(state: GameState, kind: Act) -> dict[int, int]:
    """The targets of this kind that only the actions left keep out, with what each would
    cost: a first game's reader saw a neighbouring hill missing from the move's targets with
    nothing saying that one action was too few for it."""
    plenty = state.copy()
    plenty.actions_left = _PLENTY
    legal = {action for action in legal_actions(state) if action.kind == kind}
    dearer: dict[int, int] = {}
    for action in legal_actions(plenty):
        if action.kind == kind and action not in legal and action.target >= 0:
            cost = action_cost(plenty, action)
            dearer[action.target] = min(cost, dearer.get(action.target, cost))
    return dearer


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
        return f"{name} has no fuel left and cannot drive."
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
        return (
            f"{name} has no clear view of a food token; taking food happens on one or next to it."
        )
    if kind == Act.SPOT:
        return f"{name} has no animal token in view that is still worth spotting."
    if kind == Act.EXTINGUISH:
        reason = f"{name} has no fire in clear view (on the same space or next to it)"
        if state.game.guides[seat] == Guide.JACK:  # RU-jack: a newcomer expects the whole piece
            return f"{reason}; fires on his own piece go out by themselves."
        return f"{reason}."
    broken = state.broken_gates()
    if kind == Act.REPAIR_VEHICLE:
        if broken:
            return f"No vehicle can be repaired while a gate is broken ({GATE_NAMES[broken[0]]})."
        for other in [seat, *vehicles_seen_by(state, seat)]:
            if state.flat[other] == 1:  # RU-flat-tyre: not in the turn the card came
                owner = guide_name(state, other)
                return f"{owner}'s flat tyre can be repaired from {owner}'s next turn on."
        if not any(state.flat):
            return "No vehicle has a flat tyre."
        for other, flat in enumerate(state.flat):
            if flat and other != seat:
                seen_from_there = _seen_only_by_them(state, seat, other)
                if seen_from_there:
                    return seen_from_there
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


def _seen_only_by_them(state: GameState, seat: int, other: int) -> str | None:
    """If ``other`` sees this vehicle but this one does not see ``other`` (a hill behind a
    bush): the refusal of a repair of ``other`` saying so (RU-repair-view)."""
    view = state.game.board.view
    here, there = state.vehicle[seat], state.vehicle[other]
    if there in view[here] or here not in view[there]:
        return None
    name, owner = guide_name(state, seat), guide_name(state, other)
    return (
        f"{owner} on the hill sees {name} over the bush, but {name} has no clear view of "
        f"{owner}'s vehicle; the repairer must see the vehicle."
    )


def _why_out_of_sight(state: GameState, seat: int, target: int) -> str:
    """Why the animal token on ``target`` is out of this guide's sight: a bush, Kate's lines,
    or the distance."""
    board = state.game.board
    here = state.vehicle[seat]
    name, where = guide_name(state, seat), board.names[target]
    if target in board.neighbours[here]:
        return (
            f"A bush between {board.names[here]} and {where} blocks {name}'s view (only from "
            "a hill does one see over bushes)."
        )
    if state.game.guides[seat] == Guide.KATE:
        stop = line_stop(board, here, target)
        if stop is None:
            return f"{where} is not on one of Kate's six straight lines from {board.names[here]}."
        what, cell, nxt = stop
        if what == "bush":
            blocker = f"a bush between {board.names[cell]} and {board.names[nxt]}"
        else:
            blocker = f"the {what} on {board.names[nxt]}"
        over = "" if what == "mountain" else " (from a hill she would see over it)"
        return f"Kate's line from {board.names[here]} to {where} is blocked by {blocker}{over}."
    return (
        f"{where} is too far from {name}: spotting happens on the token's space or next to it "
        "(only Kate spots further)."
    )


def _why_no_exchange(state: GameState, action: Action) -> str:
    seats = range(len(state.vehicle))
    giver, receiver, amount = action.giver, action.target, action.amount
    if giver not in seats or receiver not in seats or giver == receiver:
        return "An exchange needs two different vehicles of this game."
    if action.resource not in (FUEL, FOOD):
        return "Only fuel or food can be exchanged."
    if receiver not in vehicles_in_view(state, giver):
        view, cells = state.game.board.view, state.vehicle
        for a, b in ((giver, receiver), (receiver, giver)):
            if cells[b] in view[cells[a]]:  # one sees the other from a hill, not back
                first, second = guide_name(state, a), guide_name(state, b)
                return (
                    f"{first} on the hill sees {second} over the bush, but {second} cannot see "
                    f"{first}; an exchange needs clear view both ways."
                )
        return (
            f"{guide_name(state, giver)} and {guide_name(state, receiver)} have no clear view "
            "of each other (same space, or next to each other without bushes between)."
        )
    track = state.fuel if action.resource == FUEL else state.food
    what = RESOURCE_NAMES[action.resource]
    room = state.game.caps[receiver] - track[receiver]
    if room == 0:
        return f"{guide_name(state, receiver)}'s {what} track is full: there is no room for more."
    if amount > room:
        return f"{guide_name(state, receiver)} has room for only {room} more {what}."
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
        if kind == Act.REFUEL and state.fuel[seat] >= state.game.caps[seat]:
            return f"{name}'s fuel track is already full: refuelling would change nothing."
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
        if (token == BUFFALO_TOKEN or is_animal(token)) and state.face_up[token]:
            species = species_of(token)
            if species != MONKEY and state.spotted[seat] & (1 << species):
                return f"{name} has already spotted the {Species(species).name.lower()}."
        if target not in spot_targets(state, seat):
            if not on_board:
                return "There is no such space."
            if not (token == BUFFALO_TOKEN or is_animal(token)):
                return f"There is no animal token on {board.names[target]}."
            return _why_out_of_sight(state, seat, target)
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
        if target != seat and target not in vehicles_seen_by(state, seat):
            return _seen_only_by_them(state, seat, target) or (
                f"{name} has no clear view of {owner}'s vehicle (same space, or next to it "
                "with no bush between)."
            )
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
