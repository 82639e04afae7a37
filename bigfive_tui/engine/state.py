"""The game state: plain lists and ints, copied by hand (no deep copies) on every action."""

from __future__ import annotations

import hashlib
import json
from enum import IntEnum
from operator import itemgetter
from typing import Any

from bigfive_tui.engine.board import CELL_COUNT, Board
from bigfive_tui.engine.content import (
    CARDS,
    FIRE_MARKERS,
    TOKEN_COUNT,
    CardKind,
    Costs,
    Difficulty,
    Guide,
    Species,
    costs_of,
    track_cap,
)


def _cards_of(kind: CardKind) -> frozenset[int]:
    return frozenset(i for i, card in enumerate(CARDS) if card.kind == kind)


#: Card ids by kind, for the lasting-effect tests that run on every legal-action query.
RAIN_CARDS = _cards_of(CardKind.RAIN)
HIPPO_CARDS = _cards_of(CardKind.HIPPOS)
GATE_CARDS = _cards_of(CardKind.BROKEN_GATE)
FLAT_TYRE_CARDS = _cards_of(CardKind.FLAT_TYRE)
#: [seat] -> the (card, owner) entries of hippos lying out for that seat
_HIPPOS_OF = tuple(frozenset((card, seat) for card in HIPPO_CARDS) for seat in range(5))
#: [seat] -> the (card, owner) entries that close the rivers for that seat: heavy rain drawn
#: by anyone, hippos drawn by that seat (RU-rain, RU-hippos)
RIVERS_CLOSED_FOR = tuple(
    frozenset((card, owner) for card in RAIN_CARDS for owner in range(5)) | _HIPPOS_OF[seat]
    for seat in range(5)
)
#: The (card, gate) entries of broken gates lying out (each card breaks its own gate)
_GATE_ENTRIES = frozenset((card, CARDS[card].gate) for card in GATE_CARDS)
_card_of = itemgetter(0)


class Phase(IntEnum):
    DRAW = 0  # the turn has begun; the guide must draw an event card
    ACTIONS = 1  # the guide spends actions (or ends the turn)
    INFLUENCE = 2  # the guide looks at two cards and chooses which to discard
    OVER = 3


class Game:
    """What never changes during a game; shared by every state of it. A plain class, not a
    frozen dataclass, which cost ~5 M instructions of every start-up to define."""

    __slots__ = (
        "board",
        "guides",
        "difficulty",
        "removed_species",
        "seed",
        "caps",
        "costs",
        "anna_seat",
        "exchange_pairs",
    )

    def __init__(
        self,
        board: Board,
        guides: tuple[Guide, ...],
        difficulty: Difficulty,
        removed_species: tuple[Species, ...] = (),
        seed: int = 0,
    ) -> None:
        self.board = board
        self.guides = guides  # seat order, clockwise; seat 0 starts (RU-turn-order)
        self.difficulty = difficulty
        self.removed_species = removed_species
        self.seed = seed
        self.caps: tuple[int, ...] = tuple(track_cap(g) for g in guides)
        self.costs: tuple[Costs, ...] = tuple(costs_of(g) for g in guides)
        self.anna_seat = self.seat_of(Guide.ANNA)  # -1 when Anna is not in the game
        #: Vehicle cells -> the (giver, receiver) seats in clear view of each other. Exchanges
        #: are listed on every legal-action query and vehicles rarely move, so this memo pays.
        self.exchange_pairs: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}

    def _setup(self) -> tuple[object, ...]:
        return (self.board, self.guides, self.difficulty, self.removed_species, self.seed)

    def __eq__(self, other: object) -> bool:
        """Games are alike when set up alike (the rest follows from that, or is a memo)."""
        return isinstance(other, Game) and self._setup() == other._setup()

    def seat_of(self, guide: Guide) -> int:
        return self.guides.index(guide) if guide in self.guides else -1


#: GameState's fields; ``key`` reads them from here, as a compiled build (mypyc) keeps no
#: ``__slots__`` on the class.
_SLOTS = (
    "game",
    "rng",
    "script",
    "script_pos",
    "rigged_dice",
    "rigged_card",
    "vehicle",
    "fuel",
    "food",
    "spotted",
    "flat",
    "token_at",
    "token_cell",
    "face_up",
    "animal_supply",
    "discarded",
    "fires",
    "fire_supply",
    "deck",
    "deck_seen",
    "discard",
    "lasting",
    "seat",
    "turn",
    "phase",
    "actions_left",
    "token_holder",
    "token_spent",
    "looking_at",
    "outcome",
)


class GameState:
    """One moment of a game. Seats index the per-guide lists."""

    __slots__ = _SLOTS

    game: Game
    rng: int
    script: tuple[tuple[int, int], ...]  # scripted dice (face, number) used before the rng
    script_pos: int
    #: Debug mode's rigged dice (face, number), used before the script and the generator, and
    #: the card rigged to the top of the deck (-1: none); set only by ``rigging.rig``.
    rigged_dice: tuple[tuple[int, int], ...]
    rigged_card: int
    vehicle: list[int]
    fuel: list[int]
    food: list[int]
    spotted: list[int]  # bit mask of Species per seat
    flat: list[int]  # 0 sound, 1 flat (not yet repairable), 2 flat and repairable
    token_at: list[int]  # per cell: token id or NO_TOKEN
    token_cell: list[int]  # per token: cell or -1
    face_up: list[bool]  # per token
    animal_supply: list[int]  # face-down animal tokens; the last one is drawn next
    discarded: list[int]  # animal tokens out of the game, face up
    fires: list[int]  # fire markers per cell
    fire_supply: int
    deck: list[int]  # card ids; the last one is the top card
    #: How many cards on top of the deck every player has seen (the card an influence put
    #: back): computer players may plan with these, never with the rest of the order.
    deck_seen: int
    discard: list[int]
    lasting: list[
        tuple[int, int]
    ]  # (card id, owner): seat for rain/hippos/flat tyre, gate for gates
    seat: int
    turn: int
    phase: Phase
    actions_left: int
    token_holder: int  # seat holding Anna's extra-action token, -1 without Anna
    token_spent: bool  # Anna used or lent the token this turn
    looking_at: list[int]  # cards seen while influencing an event
    outcome: str  # "" while playing; "won" or "lost:<cause>"

    def copy(self) -> GameState:
        new = GameState.__new__(GameState)
        new.game = self.game
        new.rng = self.rng
        new.script = self.script
        new.script_pos = self.script_pos
        new.rigged_dice = self.rigged_dice
        new.rigged_card = self.rigged_card
        new.vehicle = self.vehicle[:]
        new.fuel = self.fuel[:]
        new.food = self.food[:]
        new.spotted = self.spotted[:]
        new.flat = self.flat[:]
        new.token_at = self.token_at[:]
        new.token_cell = self.token_cell[:]
        new.face_up = self.face_up[:]
        new.animal_supply = self.animal_supply[:]
        new.discarded = self.discarded[:]
        new.fires = self.fires[:]
        new.fire_supply = self.fire_supply
        new.deck = self.deck[:]
        new.deck_seen = self.deck_seen
        new.discard = self.discard[:]
        new.lasting = self.lasting[:]
        new.seat = self.seat
        new.turn = self.turn
        new.phase = self.phase
        new.actions_left = self.actions_left
        new.token_holder = self.token_holder
        new.token_spent = self.token_spent
        new.looking_at = self.looking_at[:]
        new.outcome = self.outcome
        return new

    def key(self) -> tuple[Any, ...]:
        """Everything that distinguishes two states (for equality and replay checks)."""
        return tuple(
            tuple(v) if isinstance(v, list) else v
            for v in (getattr(self, name) for name in _SLOTS if name != "game")
        )

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, GameState) and self.game == other.game and self.key() == other.key()
        )

    def __hash__(self) -> int:
        return hash(self.key())

    # Small derived facts used by rules, bots and the UI.
    @property
    def guide(self) -> Guide:
        return self.game.guides[self.seat]

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    # Set tests and map, which run in C: a generator costs more than the cards lying out.
    def rain(self) -> bool:
        return not RAIN_CARDS.isdisjoint(map(_card_of, self.lasting))

    def hippos(self, seat: int) -> bool:
        return not _HIPPOS_OF[seat].isdisjoint(self.lasting)

    def broken_gates(self) -> list[int]:
        if _GATE_ENTRIES.isdisjoint(self.lasting):  # in C: usually no gate is broken
            return []
        return [owner for card, owner in self.lasting if card in GATE_CARDS]

    def burning(self, slot: int) -> bool:
        return any(map(self.fires.__getitem__, self.game.board.slot_cells[slot]))

    def seat_on_slot(self, guide: Guide, slot: int) -> bool:
        seat = self.game.seat_of(guide)
        return seat >= 0 and self.game.board.slot[self.vehicle[seat]] == slot


def empty_state(game: Game, seed: int) -> GameState:
    """A state with nothing placed yet; setup and scenarios fill it in."""
    seats = len(game.guides)
    state = GameState.__new__(GameState)
    state.game = game
    state.rng = seed
    state.script = ()
    state.script_pos = 0
    state.rigged_dice = ()
    state.rigged_card = -1
    state.vehicle = [0] * seats
    state.fuel = [0] * seats
    state.food = [0] * seats
    state.spotted = [0] * seats
    state.flat = [0] * seats
    state.token_at = [-1] * CELL_COUNT
    state.token_cell = [-1] * TOKEN_COUNT
    state.face_up = [False] * TOKEN_COUNT
    state.animal_supply = []
    state.discarded = []
    state.fires = [0] * CELL_COUNT
    state.fire_supply = FIRE_MARKERS
    state.deck = []
    state.deck_seen = 0
    state.discard = []
    state.lasting = []
    state.seat = 0
    state.turn = 1
    state.phase = Phase.DRAW
    state.actions_left = 0
    anna = game.seat_of(Guide.ANNA)
    state.token_holder = anna
    state.token_spent = False
    state.looking_at = []
    state.outcome = ""
    return state


def fingerprint(state: GameState) -> str:
    """A short hash of everything that distinguishes ``state`` (the game's setup aside): a save
    keeps it so that a replay which ends elsewhere (a rules change) is noticed."""
    text = json.dumps(state.key(), separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]
