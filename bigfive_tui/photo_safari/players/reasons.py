"""Why the planning computer player makes a move, as facts and in words.

A reason is made of facts anyone can work out again from the state (and a test does): the
animals the move photographs at once, those it photographs after the animals' step that
follows (and which steps bring them), the photos of the follow-up move the player planned,
or else the animal it heads for and how many camera moves from a photo it will stand.
Foreseen photos assume the other camera stands still, as the player itself assumes; on
Yellow's move, the last of the round, the animals' steps are certain.
"""

from __future__ import annotations

from typing import NamedTuple

from bigfive_tui.photo_safari.engine.animals import ALL_PHOTOS, ANIMAL_COUNT, ANIMAL_NAMES
from bigfive_tui.photo_safari.engine.grid import FACING_NAMES, NAMES, OFF
from bigfive_tui.photo_safari.engine.notation import format_move
from bigfive_tui.photo_safari.engine.rules import animal_preview, photographable
from bigfive_tui.photo_safari.engine.state import SEAT_NAMES, SEATS, PhotoState
from bigfive_tui.photo_safari.players.reach import FAR, distances, photo_squares, play_round


class AnimalStep(NamedTuple):
    """An animal's foreseen step: where it will stand and face."""

    animal: int
    square: int
    facing: int


class PhotoReason(NamedTuple):
    """The facts behind a move. Photo sets are bit masks by animal, new photos only."""

    square: int  # the move
    now: int  # photographed at the end of the move itself
    after: int  # photographed once the animals have stepped (this round)
    steps: tuple[AnimalStep, ...]  # the steps of the animals in ``after``, in animal order
    then: int  # photographed by the follow-up move planned (and the animals after it)
    then_square: int  # that follow-up move (-1: none, the game ends first)
    aim: int  # else the needed animal nearest after the round (-1: none in reach)
    aim_moves: int  # camera moves from there to a square that photographs it
    outcome: str  # how the game ends with this round ("" if it goes on)


def _new(before: PhotoState, after: PhotoState, seat: int) -> int:
    return after.photos[seat] & ~before.photos[seat]


def reason_for(state: PhotoState, square: int, follow_up: int = -1) -> PhotoReason:
    """The facts of the move to ``square`` for the camera to move, with ``follow_up`` the
    next move the player has in mind (-1 for none)."""
    me = state.seat
    now = photographable(state, square) & ~state.photos[me]
    after_round = play_round(state, square)
    after = _new(state, after_round, me) & ~now
    steps: tuple[AnimalStep, ...] = ()
    if after:
        foreseen = {animal: decision for animal, decision in animal_preview(state, square)}
        steps = tuple(
            AnimalStep(animal, foreseen[animal].square, foreseen[animal].facing)
            for animal in range(ANIMAL_COUNT)
            if after >> animal & 1 and animal in foreseen
        )
    then = 0
    then_square = -1
    if not after_round.over and follow_up >= 0:
        then_square = follow_up
        then = _new(after_round, play_round(after_round, follow_up), me)
    aim, aim_moves = -1, FAR
    if not after_round.over and not then:
        aim, aim_moves = _nearest_needed(after_round, me)
    return PhotoReason(
        square, now, after, steps, then, then_square, aim, aim_moves, after_round.outcome
    )


def _nearest_needed(state: PhotoState, seat: int) -> tuple[int, int]:
    """The animal the camera still needs that it is fewest camera moves from photographing
    (the first in animal order on a tie), and those moves; (-1, FAR) if none is in reach."""
    here = distances(state.game.layout)[state.camera[seat]]
    best, best_moves = -1, FAR
    for animal in range(ANIMAL_COUNT):
        if state.photos[seat] >> animal & 1 or state.square[animal] == OFF:
            continue
        squares = photo_squares(state, animal)
        moves = min((here[square] for square in squares), default=FAR)
        if moves < best_moves:
            best, best_moves = animal, moves
    return best, best_moves


def _names(mask: int) -> str:
    names = [f"the {ANIMAL_NAMES[a]}" for a in range(ANIMAL_COUNT) if mask >> a & 1]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _step_words(state: PhotoState, step: AnimalStep) -> str:
    name = f"the {ANIMAL_NAMES[step.animal]}"
    facing = FACING_NAMES[step.facing]
    if step.square == state.square[step.animal]:
        return f"{name} turns to face {facing}"
    return f"{name} steps to {NAMES[step.square]} facing {facing}"


def _end_words(state: PhotoState, reason: PhotoReason) -> str:
    me = state.seat
    if reason.outcome == "draw":
        return "the game ends in a draw"
    winner = int(reason.outcome.removeprefix("won:"))
    if winner != me:
        return f"the game ends and {SEAT_NAMES[winner]} wins"
    if state.photos[me] | reason.now | reason.after == ALL_PHOTOS:
        return "that makes all ten: the game is won"
    return "the game ends with the most photos: it is won"


def explain(state: PhotoState, reason: PhotoReason) -> str:
    """The move and its reason in one sentence: '<move>: <why>'."""
    me = state.seat
    parts: list[str] = []
    if reason.now:
        parts.append(f"photographs {_names(reason.now)} at once")
    if reason.after:
        walks = " and ".join(_step_words(state, step) for step in reason.steps)
        standing = f", if {SEAT_NAMES[1 - me]} stays put" if me + 1 < SEATS else ""
        photos = "a photo" if len(reason.steps) == 1 else "photos"
        parts.append(f"{walks}: {photos} after the animals' move{standing}")
    if reason.outcome:
        parts.append(_end_words(state, reason))
    elif reason.then:
        parts.append(f"then {NAMES[reason.then_square]} for {_names(reason.then)} the round after")
    elif reason.aim >= 0:
        moves = "move" if reason.aim_moves == 1 else "moves"
        parts.append(
            f"heads for the {ANIMAL_NAMES[reason.aim]}, {reason.aim_moves} camera {moves} "
            "from a photo of it"
        )
    if not parts:
        parts.append("no photo is in reach; it keeps to open ground")
    return f"{format_move(state, reason.square)}: {'; '.join(parts)}"
