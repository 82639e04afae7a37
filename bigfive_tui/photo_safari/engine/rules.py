"""Every rule of docs/photo-safari.md, once: set-up, camera moves, photos, the animals' moves
and the end of the game.

An action is the square the camera moves to (its own square to stay), so the actions of a
state are a list of ints. ``apply`` copies the state and changes the copy; ``apply_in_place``
changes the state it is given and is what the computer player steps with. A log of ``None``
keeps no steps and writes no text.
"""

from __future__ import annotations

from bigfive_tui.photo_safari.engine.animals import (
    ALL_PHOTOS,
    ANIMAL_COUNT,
    ANIMAL_NAMES,
    SHORT_NAMES,
    photo_count,
)
from bigfive_tui.photo_safari.engine.grid import (
    FACING_NAMES,
    NAMES,
    OFF,
    QUEEN_LINES,
    ROOK_LINES,
    STEP,
    TERRAIN_NAMES,
    Terrain,
)
from bigfive_tui.photo_safari.engine.movement import (
    RULE_IDS,
    Blocker,
    Decision,
    Rule,
    decide,
    move_animal,
    moving_order,
)
from bigfive_tui.photo_safari.engine.state import (
    CAMERA,
    EMPTY,
    SEAT_NAMES,
    SEATS,
    Game,
    IllegalMove,
    Log,
    PhotoState,
    Step,
    start_state,
)
from bigfive_tui.shared.steps import StepRecorder

_SAVANNA = int(Terrain.SAVANNA)


# --------------------------------------------------------------------------- set-up


def new_game(game: Game) -> tuple[PhotoState, Log]:
    """The start of a game and the set-up steps of its log."""
    state = start_state(game)
    layout = game.layout
    bush = sum(1 for terrain in layout.terrain if terrain == Terrain.BUSH)
    water = sum(1 for terrain in layout.terrain if terrain == Terrain.WATER)
    animals = ", ".join(
        f"{ANIMAL_NAMES[animal]} {NAMES[square]} {FACING_NAMES[facing]}"
        for animal, (square, facing) in enumerate(layout.animals)
        if square != OFF
    )
    cameras = " and ".join(
        f"{SEAT_NAMES[seat]}'s on {NAMES[square]}" for seat, square in enumerate(state.camera)
    )
    log = [
        Step("P-setup-board", "setup", f"{layout.name}: {bush} bush and {water} water squares."),
        Step("P-setup-cameras", "setup", f"The cameras start in corners: {cameras}."),
        Step("P-setup-animals", "setup", f"The animals: {animals}."),
        Step("P-turn-order", "setup", f"{SEAT_NAMES[0]} moves first."),
    ]
    return state, log


# --------------------------------------------------------------------------- camera moves


def legal_actions(state: PhotoState) -> list[int]:
    """The squares the camera to move may end on, in reading order (P-camera-*)."""
    if state.outcome:
        return []
    here = state.camera[state.seat]
    first = state.moves[state.seat] == 0
    terrain = state.game.layout.terrain
    occupant = state.occupant
    found = [here] if first else []
    for line in ROOK_LINES[here] if first else QUEEN_LINES[here]:
        for square in line:
            if terrain[square] != _SAVANNA:
                break
            held = occupant[square]
            if held == EMPTY:
                found.append(square)
            elif held < CAMERA:
                break  # an animal: neither onto nor across
            # the other camera: across it, not onto it
    if not found:
        return [here]  # walled in: the camera stays (P-camera-stuck)
    found.sort()
    return found


def _line_to(here: int, target: int, queen: bool) -> tuple[int, ...] | None:
    for line in QUEEN_LINES[here] if queen else ROOK_LINES[here]:
        if target in line:
            return line[: line.index(target) + 1]
    return None


def why_illegal(state: PhotoState, square: int) -> str:
    """Why the camera to move cannot end on ``square`` now, in a player's words."""
    if state.outcome:
        return "The game is over."
    if not 0 <= square < len(NAMES):
        return f"{square} is no square of the board."
    seat = state.seat
    here = state.camera[seat]
    name = NAMES[square]
    first = state.moves[seat] == 0
    if square == here:
        return (
            f"{SEAT_NAMES[seat]} must move: staying is allowed on a camera's first move, or "
            "when every way is blocked."
        )
    line = _line_to(here, square, queen=not first)
    if line is None:
        if first and _line_to(here, square, queen=True):
            return (
                f"{name} is diagonal from {NAMES[here]}: the first move goes straight only, like "
                "a rook."
            )
        return f"{name} is not on a straight or diagonal line from {NAMES[here]}."
    for step in line:
        terrain = state.game.layout.terrain[step]
        held = state.occupant[step]
        what = ""
        if terrain != _SAVANNA:
            what = TERRAIN_NAMES[terrain]
        elif EMPTY != held < CAMERA:
            what = f"the {ANIMAL_NAMES[held]}"
        elif held >= CAMERA and step == square:
            return (
                f"{SEAT_NAMES[held - CAMERA]}'s camera stands on {name}; a camera may cross it "
                "but not stop there."
            )
        if what:
            if step == square:
                return (
                    f"{name} is taken by {what}: a camera never stands on bush, water or an animal."
                )
            return (
                f"The way to {name} is blocked by {what} on {NAMES[step]}: a camera never "
                "crosses bush, water or an animal."
            )
    return f"{SEAT_NAMES[seat]} cannot move to {name} now."


# --------------------------------------------------------------------------- photos


def photographable(state: PhotoState, square: int) -> int:
    """The animals a camera on ``square`` photographs: each beside the square whose back is
    not turned to it (P-photo-where), as a bit mask."""
    mask = 0
    occupant = state.occupant
    facing = state.facing
    for direction, neighbour in enumerate(STEP[square]):
        if neighbour >= 0:
            animal = occupant[neighbour]
            # The animal faces `direction` exactly when it looks away from the camera.
            if EMPTY != animal < CAMERA and facing[animal] != direction:
                mask |= 1 << animal
    return mask


def _side(state: PhotoState, animal: int, camera: int) -> str:
    """Where the camera stands as seen by the animal: in front or at its side."""
    here = state.square[animal]
    return "front" if STEP[here][state.facing[animal]] == camera else "side"


def _take_photos(state: PhotoState, seat: int, log: Log | None, rule: str) -> None:
    new = photographable(state, state.camera[seat]) & ~state.photos[seat]
    if not new:
        return
    state.photos[seat] |= new
    if log is not None:
        animals = [a for a in range(ANIMAL_COUNT) if new >> a & 1]
        names = ", ".join(
            f"the {ANIMAL_NAMES[a]} (from the {_side(state, a, state.camera[seat])})"
            for a in animals
        )
        count = photo_count(state.photos[seat])
        log.append(
            Step(
                rule,
                "photo",
                f"{SEAT_NAMES[seat]} photographs {names}: {count} of 10.",
                animals[0] if len(animals) == 1 else -1,
            )
        )


# --------------------------------------------------------------------------- the animals


_BLOCKER_WORDS = {
    Blocker.BUSH: "bush",
    Blocker.WATER: "water",
    Blocker.ANIMAL: "an animal",
    Blocker.CAMERA: "a camera",
    Blocker.EDGE: "the edge",
}


def decision_text(state: PhotoState, animal: int, decision: Decision) -> str:
    """An animal's step in words, from the state before it moves."""
    here = NAMES[state.square[animal]]
    name = f"The {ANIMAL_NAMES[animal]} on {here}"
    facing = FACING_NAMES[state.facing[animal]]
    to = FACING_NAMES[decision.facing]
    where = NAMES[decision.square]
    rule = decision.rule
    if rule == Rule.FORWARD:
        return f"{name} walks {to} to {where}."
    blocked = f"{name}, facing {facing}, is blocked ahead by {_BLOCKER_WORDS[decision.ahead]}"
    if rule == Rule.BUSH_LEFT:
        return f"{blocked} with both sides free: it turns left to face {to} and walks to {where}."
    if rule == Rule.OTHER_RIGHT:
        return f"{blocked} with both sides free: it turns right to face {to} and walks to {where}."
    if rule == Rule.FREE_SIDE:
        if decision.left == Blocker.FREE:
            side, other, by = "left", "right", decision.right
        else:
            side, other, by = "right", "left", decision.left
        return (
            f"{blocked} and on its {other} by {_BLOCKER_WORDS[by]}: it turns {side} to face "
            f"{to} and walks to {where}."
        )
    if rule == Rule.TURN_ROUND:
        return f"{blocked}, left and right: it turns round to face {to} and walks to {where}."
    return f"{blocked}, left, right and behind: it turns round to face {to} and stays."


def _animals_move(state: PhotoState, log: Log | None) -> None:
    order = moving_order(state)
    if log is None:
        for animal in order:
            move_animal(state, animal)
        return
    log.append(
        Step(
            "P-animal-order",
            "animals",
            "The animals move, row by row from the top: "
            + ", ".join(f"{SHORT_NAMES[a]} {NAMES[state.square[a]]}" for a in order)
            + ".",
        )
    )
    for animal in order:
        decision = decide(state, animal)
        text = decision_text(state, animal, decision)
        move_animal(state, animal)
        log.append(Step(RULE_IDS[decision.rule], "animal", text, animal))


def animal_preview(state: PhotoState, camera: int = -1) -> list[tuple[int, Decision]]:
    """Each animal's next step, in moving order, if the animals moved from this state as it
    stands: the cameras where they are now, or the camera to move on ``camera`` if given (what
    the animals would do after that move, the other camera standing still)."""
    trial = state.copy()
    seat = trial.seat
    if camera >= 0 and camera != trial.camera[seat] and trial.occupant[camera] == EMPTY:
        trial.occupant[trial.camera[seat]] = EMPTY
        trial.occupant[camera] = CAMERA + seat
        trial.camera[seat] = camera
    steps = []
    for animal in moving_order(trial):
        steps.append((animal, move_animal(trial, animal)))
    return steps


# --------------------------------------------------------------------------- applying moves


def apply(state: PhotoState, square: int) -> tuple[PhotoState, Log]:
    """The state after the camera to move ends on ``square``, and the steps it took."""
    new = _legal_copy(state, square)
    log: Log = []
    apply_in_place(new, square, log)
    return new, log


def apply_recorded(state: PhotoState, square: int) -> tuple[PhotoState, Log, list[PhotoState]]:
    """``apply``, plus the state after each step (debug mode steps through them)."""
    new = _legal_copy(state, square)
    log = StepRecorder[Step, PhotoState](new)
    apply_in_place(new, square, log)
    return new, list(log), log.states


def _legal_copy(state: PhotoState, square: int) -> PhotoState:
    if square not in legal_actions(state):
        raise IllegalMove(why_illegal(state, square))
    return state.copy()


def apply_in_place(state: PhotoState, square: int, log: Log | None = None) -> None:
    """Change ``state`` by a move from ``legal_actions`` (not checked here)."""
    seat = state.seat
    here = state.camera[seat]
    if square != here:
        state.occupant[here] = EMPTY
        state.occupant[square] = CAMERA + seat
        state.camera[seat] = square
    first = state.moves[seat] == 0
    state.moves[seat] += 1
    if log is not None:
        log.append(_move_step(state, seat, here, square, first))
    _take_photos(state, seat, log, "P-photo-own-move")
    if seat + 1 < SEATS:
        state.seat = seat + 1
        return
    if _ten_photos(state, log, "after the players' moves") or _forty_moves(state, log):
        return
    _animals_move(state, log)
    for other in range(SEATS):
        _take_photos(state, other, log, "P-photo-after-animals")
    state.seat = 0
    _ten_photos(state, log, "through the animals' move")


def _move_step(state: PhotoState, seat: int, here: int, square: int, first: bool) -> Step:
    who = SEAT_NAMES[seat]
    number = f"move {state.moves[seat]}"
    if square != here:
        rule = "P-camera-rook" if first else "P-camera-queen"
        return Step(rule, "move", f"{who} ({number}) moves from {NAMES[here]} to {NAMES[square]}.")
    if first:
        return Step("P-camera-rook", "move", f"{who} ({number}) stays on {NAMES[here]}.")
    return Step(
        "P-camera-stuck",
        "move",
        f"{who} ({number}) cannot move: every way from {NAMES[here]} is blocked, so it stays.",
    )


def _ten_photos(state: PhotoState, log: Log | None, when: str) -> bool:
    """Ends the game if a camera has all ten animals (P-end-ten, PU-end-moment): checked after
    both cameras' moves of the round and again after the animals' move, never between the two
    cameras' moves, so a tenth photo on Red's move still lets Yellow move."""
    complete = [seat for seat in range(SEATS) if state.photos[seat] == ALL_PHOTOS]
    if not complete:
        return False
    if len(complete) == SEATS:
        text = f"Both cameras have all ten animals {when}: a draw."
        _finish(state, log, "draw", "P-end-ten", text)
    else:
        winner = SEAT_NAMES[complete[0]]
        text = f"{winner} has all ten animals {when}: {winner} wins."
        _finish(state, log, f"won:{complete[0]}", "P-end-ten", text)
    return True


def _forty_moves(state: PhotoState, log: Log | None) -> bool:
    """Ends the game once both cameras have made their last move (P-end-forty); the animals
    do not move after it."""
    if min(state.moves) < state.game.move_limit:
        return False
    counts = [photo_count(mask) for mask in state.photos]
    score = f"{counts[0]} photos to {counts[1]}"
    limit = state.game.move_limit
    if counts[0] == counts[1]:
        _finish(
            state,
            log,
            "draw",
            "P-end-forty",
            f"Both cameras made {limit} moves: a draw at {counts[0]} photos each.",
        )
    else:
        winner = 0 if counts[0] > counts[1] else 1
        _finish(
            state,
            log,
            f"won:{winner}",
            "P-end-forty",
            f"Both cameras made {limit} moves: {SEAT_NAMES[winner]} wins, {score}.",
        )
    return True


def _finish(state: PhotoState, log: Log | None, outcome: str, rule: str, text: str) -> None:
    state.outcome = outcome
    if log is not None:
        log.append(Step(rule, "end", text))


def needs(state: PhotoState, animal: int) -> tuple[bool, ...]:
    """Which cameras still need a photo of ``animal`` (by seat)."""
    return tuple(not state.photos[seat] >> animal & 1 for seat in range(SEATS))
