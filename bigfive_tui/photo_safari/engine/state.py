"""The start set-up, the game and one moment of it: plain lists and ints, copied by hand.

The computer player copies and steps states thousands of times per decision, so a state is a
handful of short lists; nothing here is deep-copied.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

from bigfive_tui.photo_safari.engine.animals import ANIMAL_COUNT, FREE_TERRAIN
from bigfive_tui.photo_safari.engine.grid import OFF, SQUARES, Terrain

SEAT_NAMES: Final = ("Red", "Yellow")  # the camera colours; Red starts (P-turn-order)
SEATS: Final = len(SEAT_NAMES)
MOVE_LIMIT: Final = 40  # moves per camera (P-end-forty)
EMPTY: Final = -1
#: occupant[square] of a camera: CAMERA + seat (animals are 0-9).
CAMERA: Final = ANIMAL_COUNT


class IllegalMove(ValueError):
    """A camera move the rules do not allow now; the message says why in a player's words."""


class Step(NamedTuple):
    """One thing that happened while resolving a move, citing its rule in docs/photo-safari.md.

    ``animal`` names the animal a step is about (-1 for none): debug mode marks it on the
    board while it steps through the animals' moves."""

    rule: str
    kind: str  # setup, move, photo, animals, animal, end
    text: str
    animal: int = -1


Log = list[Step]


@dataclass(frozen=True, slots=True)
class Layout:
    """A start set-up: terrain, the ten animals (square and facing, by animal) and the two
    cameras' corners (Red's first). ``name`` says where it came from.

    In a game all ten animals are on the board; a scenario or test position may leave some
    out (square OFF), so that a rule can be shown with only the animals it is about."""

    name: str
    terrain: tuple[Terrain, ...]
    animals: tuple[tuple[int, int], ...]
    cameras: tuple[int, int] = (0, SQUARES - 1)
    description: str = ""


@dataclass(frozen=True, slots=True)
class Game:
    """What never changes during a game; shared by all its states."""

    layout: Layout
    seed: int = 0  # the seed of a random set-up (0 for a set-up file), kept in records
    move_limit: int = MOVE_LIMIT
    #: free[animal][square]: may the animal step onto that square's terrain?
    free: tuple[tuple[bool, ...], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        terrain = self.layout.terrain
        free = tuple(
            tuple(FREE_TERRAIN[animal][terrain[square]] for square in range(SQUARES))
            for animal in range(ANIMAL_COUNT)
        )
        object.__setattr__(self, "free", free)


class PhotoState:
    """One moment of a game: whose move it is, where everything stands, who has what."""

    __slots__ = (
        "game",
        "square",
        "facing",
        "occupant",
        "camera",
        "photos",
        "moves",
        "seat",
        "outcome",
    )

    game: Game
    square: list[int]  # per animal
    facing: list[int]  # per animal
    occupant: list[int]  # per square: EMPTY, an animal, or CAMERA + seat
    camera: list[int]  # per seat
    photos: list[int]  # per seat: a bit per animal photographed
    moves: list[int]  # per seat: moves made
    seat: int  # whose move it is
    outcome: str  # "" while playing, else "won:<seat>" or "draw"

    def copy(self) -> PhotoState:
        new = PhotoState.__new__(PhotoState)
        new.game = self.game
        new.square = self.square[:]
        new.facing = self.facing[:]
        new.occupant = self.occupant[:]
        new.camera = self.camera[:]
        new.photos = self.photos[:]
        new.moves = self.moves[:]
        new.seat = self.seat
        new.outcome = self.outcome
        return new

    def key(self) -> tuple[Any, ...]:
        """Everything that distinguishes two states of one game."""
        return (
            tuple(self.square),
            tuple(self.facing),
            tuple(self.camera),
            tuple(self.photos),
            tuple(self.moves),
            self.seat,
            self.outcome,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PhotoState) and (self.game, self.key()) == (
            other.game,
            other.key(),
        )

    def __hash__(self) -> int:
        return hash(self.key())

    @property
    def over(self) -> bool:
        return bool(self.outcome)

    @property
    def round(self) -> int:
        """The round in play (1-based; the last one once the game is over): both cameras move
        once per round, Red first, so Yellow's moves count the rounds behind."""
        return self.moves[1] + (0 if self.over else 1)

    @property
    def winner(self) -> int:
        """The winning seat, or -1 (a draw, or the game goes on)."""
        return int(self.outcome[4:]) if self.outcome.startswith("won:") else -1


def start_state(game: Game) -> PhotoState:
    """The set-up on the table: animals and cameras placed, no photos, Red to move."""
    layout = game.layout
    state = PhotoState.__new__(PhotoState)
    state.game = game
    state.square = [square for square, _ in layout.animals]
    state.facing = [facing for _, facing in layout.animals]
    state.occupant = [EMPTY] * SQUARES
    for animal, square in enumerate(state.square):
        if square != OFF:
            state.occupant[square] = animal
    state.camera = list(layout.cameras)
    for seat, square in enumerate(state.camera):
        state.occupant[square] = CAMERA + seat
    state.photos = [0] * SEATS
    state.moves = [0] * SEATS
    state.seat = 0
    state.outcome = ""
    return state


def fingerprint(state: PhotoState) -> str:
    """A short hash of everything that distinguishes ``state`` (the set-up aside): a save keeps
    it, so that a replay which ends elsewhere (a rules change) is noticed."""
    text = json.dumps(state.key(), separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]
