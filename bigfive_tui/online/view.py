"""What a guide at the table may see of the game, sent to every client after every change,
and the picture a client rebuilds from it.

Kept out (:mod:`bigfive_tui.engine.hidden` says what is hidden): the seed and the generator's
state, scripted and rigged dice, the order of the deck below the cards everybody has seen,
and which animal each face-down token is, on the board or in the supply. What is left is what
a person at the table sees or can count: the board's face-up tokens and where the face-down
ones lie, the tracks, the cards lying out, the cards seen on top of the deck, which cards and
which animals are still unseen (as sorted lists: their order and places are the secret), the
log and the moves in the notation.

A client rebuilds a :class:`GameState` from a view (:func:`state_from_view`) with the unseen
cards and animals dealt in sorted order: any deal is as good as any other, since nothing on
screen shows a face-down animal or the deck's order, and the host's engine decides every
move. Nothing in that picture came from the host's secret part: a property test plays random
games and checks that a state and a copy with its hidden part dealt anew give the same view.
"""

# No ``from __future__ import annotations``: pydantic reads the annotations.

from collections.abc import Sequence
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bigfive_tui.engine.actions import Step
from bigfive_tui.engine.board import CELL_COUNT, GATE_NAMES, Board
from bigfive_tui.engine.content import (
    ALL_SPECIES_MASK,
    BASE_ACTIONS,
    CARDS,
    FIRE_MARKERS,
    NO_TOKEN,
    SPECIES_WITH_THREE,
    TOKEN_COUNT,
    Difficulty,
    Guide,
    Species,
    is_animal,
)
from bigfive_tui.engine.hidden import unseen_animals, unseen_cards
from bigfive_tui.engine.state import Game, GameState, Phase, empty_state

#: A face-down animal token's place in :attr:`PublicState.tokens` (which animal: hidden).
FACE_DOWN = -2

PlayerKind = Literal["person", "computer"]


class _View(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SetupView(_View):
    """The game's set-up as the table sees it: no seed."""

    guides: list[str] = Field(min_length=2, max_length=5)
    difficulty: str
    removed_species: list[str] = Field(default=[], max_length=2)
    layout_name: str
    board: list[str] = Field(min_length=9, max_length=9)


class SeatView(_View):
    guide: str
    player: PlayerKind
    name: str = ""
    present: bool = False  # a person's client is connected (computers always are)
    away: float = 0.0  # seconds this person's seat has been empty (0 while present)


class StepView(_View):
    rule: str
    kind: str
    text: str
    card: int = -1
    caused: int = 0


class PublicState(_View):
    """A :class:`GameState` less its hidden part."""

    vehicle: list[int]
    fuel: list[int]
    food: list[int]
    spotted: list[int]
    flat: list[int]
    tokens: list[int] = Field(min_length=CELL_COUNT, max_length=CELL_COUNT)
    face_up: list[bool] = Field(min_length=TOKEN_COUNT, max_length=TOKEN_COUNT)
    discarded: list[int]
    fires: list[int] = Field(min_length=CELL_COUNT, max_length=CELL_COUNT)
    fire_supply: int
    deck_top: list[int]  # the cards everybody has seen on top of the deck; the top one last
    unseen_cards: list[int]  # the rest of the deck, sorted by id
    unseen_animals: list[int]  # face-down animals, on the board or in the supply, sorted
    discard: list[int]
    lasting: list[tuple[int, int]]
    seat: int
    turn: int
    phase: int
    actions_left: int
    token_holder: int
    token_spent: bool
    looking_at: list[int]
    outcome: str


class TableView(_View):
    """One table as its clients see it. ``log`` and ``moves`` hold the log's steps from
    ``log_from`` on and the moves from ``moves_from`` on (a client keeps the ones before)."""

    table: str
    version: int
    setup: SetupView
    seats: list[SeatView]
    state: PublicState
    log_from: int = 0
    log: list[StepView]
    moves_from: int = 0
    moves: list[str]
    can_undo: bool


def setup_view(game: Game) -> SetupView:
    return SetupView(
        guides=[guide.name.lower() for guide in game.guides],
        difficulty=game.difficulty.name.lower(),
        removed_species=[species.name.lower() for species in game.removed_species],
        layout_name=game.board.layout_name,
        board=[placement.text() for placement in game.board.placements],
    )


def public_state(state: GameState) -> PublicState:
    """``state`` less everything :mod:`bigfive_tui.engine.hidden` calls hidden."""
    face_up = state.face_up
    tokens = [
        FACE_DOWN if is_animal(token) and not face_up[token] else token for token in state.token_at
    ]
    seen = state.deck_seen
    return PublicState(
        vehicle=list(state.vehicle),
        fuel=list(state.fuel),
        food=list(state.food),
        spotted=list(state.spotted),
        flat=list(state.flat),
        tokens=tokens,
        face_up=list(face_up),
        discarded=list(state.discarded),
        fires=list(state.fires),
        fire_supply=state.fire_supply,
        deck_top=list(state.deck[len(state.deck) - seen :]) if seen else [],
        unseen_cards=unseen_cards(state),
        unseen_animals=unseen_animals(state),
        discard=list(state.discard),
        lasting=list(state.lasting),
        seat=state.seat,
        turn=state.turn,
        phase=int(state.phase),
        actions_left=state.actions_left,
        token_holder=state.token_holder,
        token_spent=state.token_spent,
        looking_at=list(state.looking_at),
        outcome=state.outcome,
    )


def step_views(steps: Sequence[Step]) -> list[StepView]:
    return [
        StepView(rule=s.rule, kind=s.kind, text=s.text, card=s.card, caused=s.caused) for s in steps
    ]


def steps_of(views: Sequence[StepView]) -> list[Step]:
    return [Step(v.rule, v.kind, v.text, v.card, v.caused) for v in views]


class ViewError(ValueError):
    """A view that cannot be a game (a host that sent nonsense): the message says what."""


@cache
def _board(layout_name: str, placements: tuple[str, ...]) -> Board:
    from bigfive_tui.assets import load_pieces
    from bigfive_tui.engine.board import assemble
    from bigfive_tui.engine.pieces import BoardFileError
    from bigfive_tui.formats.placements import resolve_placements

    entries = [(f"board[{i}]", text) for i, text in enumerate(placements)]
    try:
        chosen, pieces = resolve_placements(entries, load_pieces(), "board")
        return assemble(chosen, pieces, layout_name)
    except BoardFileError as error:
        raise ViewError(f"the host's board cannot be built here: {error}") from None


def game_of(setup: SetupView) -> Game:
    """The game's set-up, with seed 0 (the client never rolls: the host does)."""
    try:
        guides = tuple(Guide[name.upper()] for name in setup.guides)
        difficulty = Difficulty[setup.difficulty.upper()]
        removed = tuple(Species[name.upper()] for name in setup.removed_species)
    except KeyError as error:
        raise ViewError(f"the host's set-up names {error} that this game does not know") from None
    if len(set(guides)) != len(guides) or len(set(removed)) != len(removed):
        raise ViewError("the host's set-up names a guide or a species twice")
    board = _board(setup.layout_name, tuple(setup.board))
    return Game(board, guides, difficulty, removed, seed=0)


def state_from_view(game: Game, view: PublicState) -> GameState:
    """A state that looks like the host's on every screen: the unseen animals lie face down
    on the face-down places in cell order (then the supply), the unseen cards under the seen
    ones, all in sorted order."""
    _check_state(game, view)
    state = empty_state(game, 0)
    state.vehicle = list(view.vehicle)
    state.fuel = list(view.fuel)
    state.food = list(view.food)
    state.spotted = list(view.spotted)
    state.flat = list(view.flat)
    state.face_up = list(view.face_up)
    animals = list(view.unseen_animals)
    places = [cell for cell, token in enumerate(view.tokens) if token == FACE_DOWN]
    if len(places) > len(animals):
        raise ViewError("the view has more face-down places than unseen animals")
    token_at = list(view.tokens)
    token_cell = [-1] * TOKEN_COUNT
    for cell, token in enumerate(token_at):
        if token == FACE_DOWN:
            token = token_at[cell] = animals.pop(0)
        if token >= 0:
            token_cell[token] = cell
    state.token_at = token_at
    state.token_cell = token_cell
    state.animal_supply = animals
    state.discarded = list(view.discarded)
    state.fires = list(view.fires)
    state.fire_supply = view.fire_supply
    state.deck = list(view.unseen_cards) + list(view.deck_top)
    state.deck_seen = len(view.deck_top)
    state.discard = list(view.discard)
    state.lasting = [tuple(pair) for pair in view.lasting]  # type: ignore[misc]
    state.seat = view.seat
    state.turn = view.turn
    state.phase = Phase(view.phase)
    state.actions_left = view.actions_left
    state.token_holder = view.token_holder
    state.token_spent = view.token_spent
    state.looking_at = list(view.looking_at)
    state.outcome = view.outcome
    return state


#: The ways a game ends (engine/end_checks.py), the only outcomes a view may say.
OUTCOMES = frozenset(
    {"", "won", "lost:food", "lost:stuck"}
    | {f"lost:species:{species.name.lower()}" for species in SPECIES_WITH_THREE}
)
#: Actions a turn may have left: 4, +2 for a giraffe, +1 for Anna's token.
_MOST_ACTIONS = BASE_ACTIONS + 3
#: Cards an influence looks at (R-influence: the top two of the deck).
_MOST_LOOKED_AT = 2


def _check_state(game: Game, view: PublicState) -> None:
    """ViewError unless every number of ``view`` is one the game's screens can show: places
    on the board, tracks within their caps, cards, tokens and fire markers that exist, each
    card and token in one place at most. A host sends nothing else; a hostile or broken one
    must not crash the client that draws it."""
    seats = len(game.guides)
    lists = (view.vehicle, view.fuel, view.food, view.spotted, view.flat)
    if any(len(values) != seats for values in lists):
        raise ViewError(f"the view's tracks are not for {seats} guides")
    if not 0 <= view.seat < seats or view.phase not in tuple(Phase):
        raise ViewError("the view's seat or phase is out of range")
    if any(not 0 <= cell < CELL_COUNT for cell in view.vehicle):
        raise ViewError("the view puts a vehicle off the board")
    for seat, cap in enumerate(game.caps):
        if not (0 <= view.fuel[seat] <= cap and 0 <= view.food[seat] <= cap):
            raise ViewError(f"the view's fuel or food of seat {seat} is off its track (0-{cap})")
    if any(not 0 <= mask <= ALL_SPECIES_MASK for mask in view.spotted):
        raise ViewError("the view's spotted animals are not species of this game")
    if any(flat not in (0, 1, 2) for flat in view.flat):
        raise ViewError("the view's flat tyres are out of range")
    lasting = [card for card, _ in view.lasting]
    cards = [*view.unseen_cards, *view.deck_top, *view.discard, *lasting, *view.looking_at]
    if any(not 0 <= card < len(CARDS) for card in cards):
        raise ViewError("the view names a card that does not exist")
    if len(set(cards)) != len(cards):
        raise ViewError("the view has a card in two places")
    if len(view.looking_at) > _MOST_LOOKED_AT:
        raise ViewError(f"the view looks at more than the {_MOST_LOOKED_AT} cards of an influence")
    owners = max(seats, len(GATE_NAMES))
    if any(not 0 <= owner < owners for _, owner in view.lasting):
        raise ViewError("the view gives a lasting card to a guide or gate that does not exist")
    on_board = [token for token in view.tokens if token >= 0]
    if any(
        token not in (NO_TOKEN, FACE_DOWN) and not 0 <= token < TOKEN_COUNT for token in view.tokens
    ):
        raise ViewError("the view names a token that does not exist")
    if any(not is_animal(token) for token in (*view.unseen_animals, *view.discarded)):
        raise ViewError("the view's unseen or discarded animals are not animal tokens")
    tokens = [*on_board, *view.unseen_animals, *view.discarded]
    if len(set(tokens)) != len(tokens):
        raise ViewError("the view has a token in two places")
    if any(fires < 0 for fires in view.fires) or not (
        view.fire_supply >= 0 and sum(view.fires) + view.fire_supply <= FIRE_MARKERS
    ):
        raise ViewError(f"the view's fire markers are not the box's {FIRE_MARKERS}")
    if not 0 <= view.actions_left <= _MOST_ACTIONS or view.turn < 0:
        raise ViewError("the view's turn or actions left are out of range")
    if not -1 <= view.token_holder < seats:
        raise ViewError("the view gives Anna's token to a guide who is not at the table")
    if view.outcome not in OUTCOMES or (view.phase == Phase.OVER) != bool(view.outcome):
        raise ViewError("the view's outcome is not one of the game's endings")


def check_steps(steps: Sequence[StepView | None]) -> None:
    """ViewError unless every step's card is a card of the game (or none)."""
    if any(
        step is not None and (not -1 <= step.card < len(CARDS) or step.caused < 0) for step in steps
    ):
        raise ViewError("the log names a card that does not exist")


def check_table_view(view: TableView, game: Game) -> None:
    """ViewError unless ``view`` is one the client's screens can show for ``game``: its seats
    are the game's guides, its log names real cards, its state passes :func:`state_from_view`."""
    if [seat.guide for seat in view.seats] != [guide.name.lower() for guide in game.guides]:
        raise ViewError("the view's seats are not the game's guides")
    if any(not 0 <= seat.away < float("inf") for seat in view.seats):
        raise ViewError("a seat has been away for an impossible time")
    check_steps(view.log)
    state_from_view(game, view.state)
