"""Scenarios: set up any position, play scripted actions, check expectations (docs/scenarios.md).

A scenario arrives as plain data (parsed TOML). This module validates it with pydantic, builds a
GameState that keeps every card and animal token accounted for, plays the actions through
``rules.apply`` and compares what happened with the expectations. There is no file I/O here:
the caller passes the shipped pieces, a layout loader and the known rule ids, and every error
names the file (``source``) and the field path so a scenario author can find the mistake.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError, field_validator

from bigfive_tui.engine.actions import Action, Step
from bigfive_tui.engine.board import GATE_CELLS, GATE_NAMES, Board, assemble
from bigfive_tui.engine.boardspec import (
    BoardFileError,
    Piece,
    PlacementSpec,
    parse_piece,
    resolve_placements,
)
from bigfive_tui.engine.content import (
    ALL_SPECIES_MASK,
    ANIMAL_KIND,
    ANIMAL_TOKENS,
    BASE_ACTIONS,
    BUFFALO_TOKEN,
    CARD_COUNT,
    CARDS,
    FIRE_MARKERS,
    FOOD_TOKENS,
    FOOD_TOKENS_BY_DIFFICULTY,
    GATE_TOKENS,
    MONKEY,
    MONKEY_TOKENS,
    MONKEYS_BY_DIFFICULTY,
    NO_TOKEN,
    SPECIES_WITH_THREE,
    START_MARK_BY_DIFFICULTY,
    TOKEN_COUNT,
    CardKind,
    Difficulty,
    Guide,
    Species,
)
from bigfive_tui.engine.notation import NotationError, parse_action
from bigfive_tui.engine.rules import (
    X_FACE,
    IllegalAction,
    apply,
    is_stuck,
    legal_actions,
    new_game,
    species_discarded,
    token_name,
    why_illegal,
)
from bigfive_tui.engine.state import Game, GameState, Phase, empty_state
from bigfive_tui.shared import rng

GuideName = Literal["jack", "david", "anna", "kate", "sam"]
SpeciesName = Literal["lion", "leopard", "elephant", "rhino", "buffalo"]
RemovableSpecies = Literal["lion", "leopard", "elephant", "rhino"]
AnimalName = Literal["lion", "leopard", "elephant", "rhino", "monkey"]
DifficultyName = Literal["beginner", "normal", "expert"]
GateName = Literal["west", "east"]
FlatState = Literal[False, True, "new", "repairable"]
FireCount = Annotated[int, Field(ge=1, le=FIRE_MARKERS)]

RESULT_FORMAT = "bigfive-scenario-result"
OPEN_LAYOUT = "open"
#: The open board: nine all-savanna pieces, no bushes or rivers, with the symbols and key
#: letters of the shipped pieces, row by row (slots 0..8; the west gate is on slot 0, the east
#: gate on slot 8). Tips are unnumbered, so tokens never land on a park entrance by accident.
OPEN_PIECES: tuple[tuple[str, str, str], ...] = (
    ("open-spade", "♠", "s"),
    ("open-club", "♣", "c"),
    ("open-heart", "♥", "h"),
    ("open-diamond", "♦", "d"),
    ("open-star", "★", "t"),
    ("open-dot", "●", "o"),
    ("open-peak", "▲", "p"),
    ("open-box", "■", "b"),
    ("open-note", "♪", "n"),
)
OPEN_SIDE: dict[str, Any] = {"spaces": ["sa s1 s2", "s3 s4 s5", "s6 sb sc"]}
MAX_ACTIONS = BASE_ACTIONS + 2 + 1  # a giraffe card and Anna's token
DEFAULT_GUIDES: tuple[GuideName, ...] = ("jack", "david")


class ScenarioError(ValueError):
    """A scenario that cannot be used; the message names the file, the field and the problem."""


# --------------------------------------------------------------------------- the file format


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BoardSpec(_Model):
    """A shipped layout name, the built-in open board, or nine placements, plus inline pieces."""

    layout: str | None = None
    placements: list[str] | None = None
    pieces: list[dict[str, Any]] = Field(default_factory=list)

    @field_validator("placements", mode="before")
    @classmethod
    def _flatten_rows(cls, value: Any) -> Any:
        if isinstance(value, list) and value and all(isinstance(row, list) for row in value):
            return [text for row in value for text in row]
        return value


class VehicleSpec(_Model):
    at: str | None = None
    fuel: int | None = Field(default=None, ge=0)
    food: int | None = Field(default=None, ge=0)
    spotted: list[SpeciesName] = Field(default_factory=list)
    flat: FlatState = False


class AnimalsSpec(_Model):
    supply: list[AnimalName] = Field(default_factory=list)
    discarded: list[AnimalName] = Field(default_factory=list)
    rest: Literal["supply", "discarded"] = "supply"


class CardsSpec(_Model):
    top: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    rest: Literal["deck", "discard"] = "deck"
    rain: list[GuideName] = Field(default_factory=list)
    hippos: list[GuideName] = Field(default_factory=list)
    broken_gates: list[GateName] = Field(default_factory=list)


class TurnSpec(_Model):
    guide: GuideName | None = None
    phase: Literal["draw", "actions"] = "draw"
    number: int = Field(default=1, ge=1)
    actions_left: int | None = Field(default=None, ge=0)
    anna_token: GuideName | None = None
    anna_token_used: bool = False


class VehicleExpect(_Model):
    at: str | None = None
    fuel: int | None = None
    food: int | None = None
    spotted: list[SpeciesName] | None = None
    flat: FlatState | None = None


class Expect(_Model):
    """What must hold after an action (inline) or at the end (``[expect]``)."""

    outcome: str | None = Field(
        default=None,
        pattern=r"^(playing|won|lost(:(food|stuck|species(:(lion|leopard|elephant|rhino))?))?)$",
    )
    guide: GuideName | None = None
    seat: int | None = Field(default=None, ge=1, le=5)
    phase: Literal["draw", "actions", "influence", "over"] | None = None
    turn: int | None = None
    actions_left: int | None = None
    vehicles: dict[GuideName, VehicleExpect] = Field(default_factory=dict)
    tokens: dict[str, str] = Field(default_factory=dict)
    fires: dict[str, int] = Field(default_factory=dict)
    fire_supply: int | None = None
    supply: int | None = None
    discarded: dict[AnimalName, int] = Field(default_factory=dict)
    deck_top: list[str] | None = None
    deck_size: int | None = None
    discard_top: list[str] | None = None
    discard_size: int | None = None
    rain: list[GuideName] | None = None
    hippos: list[GuideName] | None = None
    broken_gates: list[GateName] | None = None
    anna_token: GuideName | None = None
    dice_left: int | None = None
    legal: list[str] = Field(default_factory=list)
    illegal: list[str] = Field(default_factory=list)
    log: list[str] = Field(default_factory=list)
    log_absent: list[str] = Field(default_factory=list)
    log_text: list[str] = Field(default_factory=list)


class ActionSpec(_Model):
    act: str
    dice: list[str] = Field(default_factory=list)
    refused: bool | str = False
    expect: Expect | None = None


class PlaySpec(_Model):
    dice: list[str] = Field(default_factory=list)
    actions: list[ActionSpec] = Field(default_factory=list)

    @field_validator("actions", mode="before")
    @classmethod
    def _plain_text(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [{"act": item} if isinstance(item, str) else item for item in value]
        return value


class Scenario(_Model):
    title: str = ""
    rules: list[str] = Field(default_factory=list)
    about: str = ""
    start: Literal["position", "new game"] = "position"
    seed: int = Field(default=1, ge=0, lt=2**64)
    board: BoardSpec = Field(default_factory=BoardSpec)
    guides: list[GuideName] | None = Field(default=None, min_length=2, max_length=5)
    difficulty: DifficultyName = "beginner"
    short_game: list[RemovableSpecies] = Field(default_factory=list, max_length=2)
    vehicles: dict[GuideName, VehicleSpec] = Field(default_factory=dict)
    tokens: dict[str, str] = Field(default_factory=dict)
    fires: dict[str, FireCount] = Field(default_factory=dict)
    animals: AnimalsSpec = Field(default_factory=AnimalsSpec)
    cards: CardsSpec = Field(default_factory=CardsSpec)
    turn: TurnSpec = Field(default_factory=TurnSpec)
    play: PlaySpec = Field(default_factory=PlaySpec)
    expect: Expect = Field(default_factory=Expect)

    @field_validator("board", mode="before")
    @classmethod
    def _board_shorthand(cls, value: Any) -> Any:
        if isinstance(value, str):
            return {"layout": value}
        if isinstance(value, list):
            return {"placements": value}
        return value


def _path(loc: Sequence[int | str]) -> str:
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text or "file"


def parse_scenario(data: Mapping[str, Any], source: str) -> Scenario:
    """Validate parsed TOML; a problem raises ScenarioError naming file and field."""
    try:
        return Scenario.model_validate(data)
    except ValidationError as error:
        problems = "; ".join(
            f"{_path(item['loc'])}: {item['msg']}"
            + (f" (got {item['input']!r})" if item["type"] == "literal_error" else "")
            for item in error.errors()
        )
        raise ScenarioError(f"{source}: {problems}") from None


# --------------------------------------------------------------------------- names


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _card_aliases() -> dict[str, list[int]]:
    """Every way to name a card: exact name, name without the steps, kind; CARDS order."""
    extra = {
        CardKind.RAIN: ("rain",),
        CardKind.HIPPOS: ("hippos",),
        CardKind.WILDEBEEST: ("wildebeest",),
        CardKind.FLAT_TYRE: ("flat tire",),
        CardKind.OVERHEATED: ("overheated", "overheated engine"),
        CardKind.LEAKY: ("leaky", "leaky engine"),
    }
    aliases: dict[str, list[int]] = {}
    for card_id, card in enumerate(CARDS):
        base = _norm(card.name.split(" (")[0])
        names = {_norm(card.name), base, card.kind.name.lower().replace("_", " ")}
        names.update(extra.get(card.kind, ()))
        if card.all_vehicles:
            names.add(f"{base} (all)")
        elif card.kind in (CardKind.STOLEN_FOOD, CardKind.OVERHEATED):
            names.add(f"{base} (one)")
        for name in names:
            aliases.setdefault(name, []).append(card_id)
    return aliases


CARD_ALIASES = _card_aliases()


def card_matches(card_id: int, text: str) -> bool:
    return card_id in CARD_ALIASES.get(_norm(text), ())


def _card_known(text: str, where: str) -> None:
    if _norm(text) not in CARD_ALIASES:
        kinds = ", ".join(sorted({_norm(card.name) for card in CARDS}))
        raise ScenarioError(f"{where}: no card called {text!r}; the cards are: {kinds}")


_TOKEN_KINDS = ("lion", "leopard", "elephant", "rhino", "monkey", "buffalo", "food")
_TOKEN_RE = re.compile(r"^(?P<kind>[a-z]+)(?:\s+(?P<face>up|down))?$")


def _token_text(state: GameState, token: int) -> str:
    if token == NO_TOKEN:
        return "empty"
    if token == BUFFALO_TOKEN:
        return "buffalo"
    if token in FOOD_TOKENS:
        return "food"
    if token in GATE_TOKENS:
        return "park entrance"
    kind = "monkey" if ANIMAL_KIND[token] == MONKEY else Species(ANIMAL_KIND[token]).name.lower()
    return f"{kind} up" if state.face_up[token] else kind


def _animal_name(token: int) -> str:
    kind = ANIMAL_KIND[token]
    return "monkey" if kind == MONKEY else Species(kind).name.lower()


def _space(board: Board, name: str, where: str) -> int:
    cell = board.find(name)
    if cell is None:
        raise ScenarioError(
            f"{where}: there is no space called {name!r} on this board "
            "(write the piece symbol or key letter and a number or letter, e.g. ♣4 or c4)"
        )
    return cell


def _die(board: Board, text: str, where: str) -> tuple[int, int]:
    """A scripted roll: a numbered space (``♣4``/``c4``) or ``X`` (optionally ``X3``)."""
    raw = text.strip()
    match = re.fullmatch(r"[xX]\s*([1-6])?", raw)
    if match:
        return X_FACE, int(match.group(1) or 1)
    cell = _space(board, raw, where)
    if not board.number[cell]:
        raise ScenarioError(
            f"{where}: {board.names[cell]} has no number, so no roll names it; dice name "
            "numbered spaces like ♣4, or X"
        )
    return board.slot[cell], board.number[cell]


def _guide_of(state: GameState, seat: int) -> str:
    return state.game.guides[seat].name.lower()


def _flat_text(value: int) -> bool | str:
    if value == 1:
        return "new"
    return value == 2


def _flat_value(value: FlatState) -> int:
    if value is False:
        return 0
    return 1 if value == "new" else 2


# --------------------------------------------------------------------------- the board


def open_pieces() -> dict[str, Piece]:
    return {
        name: parse_piece(
            {"name": name, "symbol": symbol, "key": key, "sides": {"A": OPEN_SIDE, "B": OPEN_SIDE}},
            "open board",
        )
        for name, symbol, key in OPEN_PIECES
    }


def open_board() -> Board:
    placements = [PlacementSpec(piece=name, side="A") for name, _, _ in OPEN_PIECES]
    return assemble(placements, open_pieces(), OPEN_LAYOUT)


def _inline_pieces(spec: BoardSpec, source: str) -> dict[str, Piece]:
    pieces: dict[str, Piece] = {}
    for index, data in enumerate(spec.pieces):
        data = dict(data)
        sides = data.get("sides")
        if isinstance(sides, dict) and "A" in sides and "B" not in sides:
            data["sides"] = {**sides, "B": sides["A"]}
        try:
            piece = parse_piece(data, f"{source}: board.pieces[{index}]")
        except BoardFileError as error:
            raise ScenarioError(str(error)) from None
        if piece.name in pieces:
            raise ScenarioError(
                f"{source}: board.pieces[{index}]: a second piece named {piece.name!r}"
            )
        pieces[piece.name] = piece
    return pieces


def build_board(
    spec: BoardSpec,
    source: str,
    pieces: Mapping[str, Piece],
    load_layout: Callable[[str], Board] | None,
) -> Board:
    """The scenario's board: nine placements, the open board (with replacements) or a layout."""
    inline = _inline_pieces(spec, source)
    if spec.placements is not None:
        if spec.layout is not None:
            raise ScenarioError(f"{source}: board: give either layout or placements, not both")
        if len(spec.placements) != 9:
            raise ScenarioError(
                f"{source}: board.placements: a board needs 9 placements (row by row), "
                f"got {len(spec.placements)}"
            )
        available = {**pieces, **open_pieces(), **inline}
        entries = [
            (f"{source}: board.placements[{index}]", text)
            for index, text in enumerate(spec.placements)
        ]
        try:
            placements, chosen = resolve_placements(
                entries, available, f"{source}: board.placements"
            )
        except BoardFileError as error:
            raise ScenarioError(str(error)) from None
        return assemble(placements, chosen, "scenario board")
    if spec.layout is None or spec.layout == OPEN_LAYOUT:
        available = {**open_pieces(), **inline}
        placements = [PlacementSpec(piece=name, side="A") for name, _, _ in OPEN_PIECES]
        symbols = [symbol for _, symbol, _ in OPEN_PIECES]
        for index, piece in enumerate(inline.values()):
            if piece.symbol not in symbols:
                raise ScenarioError(
                    f"{source}: board.pieces[{index}]: on the open board an inline piece "
                    f"replaces the open piece with its symbol, but {piece.symbol!r} is not one "
                    f"of {' '.join(symbols)}; list 9 board.placements to use other symbols"
                )
            slot = symbols.index(piece.symbol)
            if placements[slot].piece != OPEN_PIECES[slot][0]:
                raise ScenarioError(
                    f"{source}: board.pieces[{index}]: a second inline piece for {piece.symbol}"
                )
            placements[slot] = PlacementSpec(piece=piece.name, side="A")
        entries = [(f"{source}: board.pieces", p.text()) for p in placements]
        try:
            placements, chosen = resolve_placements(entries, available, f"{source}: board.pieces")
        except BoardFileError as error:
            raise ScenarioError(str(error)) from None
        return assemble(placements, chosen, OPEN_LAYOUT if not inline else "open, modified")
    if inline:
        raise ScenarioError(
            f"{source}: board.pieces: inline pieces need board.placements (or the open board)"
        )
    if load_layout is None:
        raise ScenarioError(f"{source}: board.layout: no shipped layouts are available here")
    try:
        return load_layout(spec.layout)
    except (BoardFileError, OSError) as error:
        raise ScenarioError(f"{source}: board.layout: {error}") from None


# --------------------------------------------------------------------------- building a position


@dataclass
class Built:
    """A scenario ready to play: the game, its first state and the setup steps (new game)."""

    scenario: Scenario
    game: Game
    state: GameState
    setup: list[Step] = field(default_factory=list)


def build(
    scenario: Scenario,
    source: str,
    pieces: Mapping[str, Piece],
    load_layout: Callable[[str], Board] | None = None,
    known_rules: Collection[str] | None = None,
) -> Built:
    """Build the scenario's game and first state; an impossible position raises ScenarioError."""
    board = build_board(scenario.board, source, pieces, load_layout)
    guides = _guides(scenario, source)
    game = Game(
        board=board,
        guides=tuple(Guide[name.upper()] for name in guides),
        difficulty=Difficulty[scenario.difficulty.upper()],
        removed_species=tuple(Species[name.upper()] for name in scenario.short_game),
        seed=scenario.seed,
    )
    if len(set(scenario.short_game)) != len(scenario.short_game):
        raise ScenarioError(f"{source}: short_game: a species is listed twice")
    if known_rules is not None:
        _check_rule_ids(scenario, source, known_rules)
    if scenario.start == "new game":
        state, setup = _new_game_state(scenario, source, game)
    else:
        state, setup = _Builder(scenario, source, game).build(), []
    state.script = tuple(
        _die(board, text, f"{source}: play.dice[{i}]") for i, text in enumerate(scenario.play.dice)
    )
    state.script_pos = 0
    _check_expectations_static(scenario, source, game)
    problems = accounting_problems(state)
    if problems:  # a bug in this module, not in the file
        raise RuntimeError(f"{source}: built state does not add up: {'; '.join(problems)}")
    return Built(scenario, game, state, setup)


def _guides(scenario: Scenario, source: str) -> list[GuideName]:
    if scenario.guides is not None:
        guides = list(scenario.guides)
        for guide in guides:
            if guides.count(guide) > 1:
                raise ScenarioError(f"{source}: guides: {guide} is listed twice")
    else:  # the guides that have vehicles, topped up to two
        guides = list(scenario.vehicles)
        for guide in DEFAULT_GUIDES:
            if len(guides) < 2 and guide not in guides:
                guides.append(guide)
    for guide in scenario.vehicles:
        if guide not in guides:
            raise ScenarioError(
                f"{source}: vehicles.{guide}: {guide} is not in guides ({', '.join(guides)})"
            )
    return guides


def _check_rule_ids(scenario: Scenario, source: str, known: Collection[str]) -> None:
    def check(ids: Sequence[str], where: str) -> None:
        for index, rule in enumerate(ids):
            if rule not in known:
                raise ScenarioError(
                    f"{source}: {where}[{index}]: unknown rule id {rule!r} (see docs/rules.md)"
                )

    check(scenario.rules, "rules")
    expectations = [("expect", scenario.expect)] + [
        (f"play.actions[{i}].expect", item.expect)
        for i, item in enumerate(scenario.play.actions)
        if item.expect is not None
    ]
    for where, expect in expectations:
        check(expect.log, f"{where}.log")
        check(expect.log_absent, f"{where}.log_absent")


def _new_game_state(scenario: Scenario, source: str, game: Game) -> tuple[GameState, list[Step]]:
    """``start = "new game"``: the engine's own setup, with chosen start spaces and top cards."""
    for name in ("tokens", "fires", "animals", "turn"):
        if name in scenario.model_fields_set:
            raise ScenarioError(
                f"{source}: {name}: with start = 'new game' the setup places everything; give "
                "only board, guides, difficulty, short_game, seed, vehicles.<guide>.at, "
                "cards.top, play and expect"
            )
    extra = sorted(scenario.cards.model_fields_set - {"top"})
    if extra:
        raise ScenarioError(
            f"{source}: cards.{extra[0]}: with start = 'new game' only cards.top may be given"
        )
    for guide, spec in scenario.vehicles.items():
        extra = sorted(spec.model_fields_set - {"at"})
        if extra:
            raise ScenarioError(
                f"{source}: vehicles.{guide}.{extra[0]}: with start = 'new game' only the "
                "start space (at) may be given"
            )
    board = game.board
    starts: list[int] | None = None
    given = {guide: spec.at for guide, spec in scenario.vehicles.items() if spec.at is not None}
    if given:
        names = [g.name.lower() for g in game.guides]
        missing = [name for name in names if name not in given]
        if missing:
            raise ScenarioError(
                f"{source}: vehicles: give a start space (at) for every guide or for none; "
                f"missing: {', '.join(missing)}"
            )
        starts = [
            _space(board, given[name], f"{source}: vehicles.{name}.at")  # type: ignore[index]
            for name in names
        ]
    try:
        state, log = new_game(game, starts)
    except IllegalAction as error:
        raise ScenarioError(f"{source}: vehicles: {error}") from None
    chosen: list[int] = []
    for index, text in enumerate(scenario.cards.top):
        where = f"{source}: cards.top[{index}]"
        _card_known(text, where)
        card = next(
            (c for c in reversed(state.deck) if card_matches(c, text) and c not in chosen), None
        )
        if card is None:
            raise ScenarioError(f"{where}: no {text!r} card is left in the deck")
        chosen.append(card)
    state.deck = [c for c in state.deck if c not in chosen] + chosen[::-1]
    return state, log


class _Builder:
    """Fills an empty state from the scenario, checking that the position could happen."""

    def __init__(self, scenario: Scenario, source: str, game: Game) -> None:
        self.scenario = scenario
        self.source = source
        self.game = game
        self.board = game.board
        self.state = empty_state(game, rng.seed_state(scenario.seed))
        self.removed_mask = 0
        for species in game.removed_species:
            self.removed_mask |= 1 << species
        self.seats = {g.name.lower(): seat for seat, g in enumerate(game.guides)}
        self.used_cards: set[int] = set()
        self.animal_pool = self._animal_pool()

    def fail(self, where: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{self.source}: {where}: {problem}")

    def build(self) -> GameState:
        self._turn()
        self._vehicles()
        self._tokens()
        self._fires()
        self._animals()
        self._cards()
        self._anna()
        self._not_over()
        return self.state

    # -- turn first: several checks depend on whose turn it is and on the phase
    def _turn(self) -> None:
        spec = self.scenario.turn
        state = self.state
        if spec.guide is not None and spec.guide not in self.seats:
            raise self.fail("turn.guide", f"{spec.guide} is not in guides")
        state.seat = self.seats[spec.guide] if spec.guide else 0
        state.turn = spec.number
        state.phase = Phase.DRAW if spec.phase == "draw" else Phase.ACTIONS
        if spec.actions_left is not None and spec.actions_left > MAX_ACTIONS:
            raise self.fail(
                "turn.actions_left",
                f"a turn has at most {MAX_ACTIONS} actions (4, +2 for a giraffe, +1 for Anna's "
                "token)",
            )
        if spec.actions_left is not None and spec.phase == "draw":
            raise self.fail(
                "turn.actions_left",
                "in the draw phase the turn has 4 actions (5 with Anna's token); set "
                "actions_left only with phase = 'actions'",
            )

    def _vehicles(self) -> None:
        state, board, game = self.state, self.board, self.game
        mark = START_MARK_BY_DIFFICULTY[game.difficulty]
        for seat, guide in enumerate(game.guides):
            name = guide.name.lower()
            spec = self.scenario.vehicles.get(name, VehicleSpec())  # type: ignore[call-overload]
            where = f"vehicles.{name}"
            if spec.at is None:
                cell = board.space_by_roll[(seat, 1)]
            else:
                cell = _space(board, spec.at, f"{self.source}: {where}.at")
                if not board.drivable[cell]:
                    terrain = board.terrain[cell].name.lower().replace("_", " ")
                    raise self.fail(
                        f"{where}.at",
                        f"{board.names[cell]} is {terrain}; vehicles stand only on savanna "
                        "or hills",
                    )
            state.vehicle[seat] = cell
            cap = game.caps[seat]
            for track, value in (("fuel", spec.fuel), ("food", spec.food)):
                if value is not None and value > cap:
                    raise self.fail(
                        f"{where}.{track}",
                        f"{value} is above the top of {guide.title}'s track ({cap})",
                    )
            state.fuel[seat] = mark if spec.fuel is None else spec.fuel
            state.food[seat] = mark if spec.food is None else spec.food
            if state.food[seat] == 0:
                raise self.fail(
                    f"{where}.food", "food 0 means the game is already lost (R-end-food)"
                )
            mask = self.removed_mask
            for species_name in spec.spotted:
                mask |= 1 << Species[species_name.upper()]
            state.spotted[seat] = mask
            flat = _flat_value(spec.flat)
            if flat == 1 and seat == state.seat and state.phase == Phase.DRAW:
                raise self.fail(
                    f"{where}.flat",
                    "a 'new' flat tyre becomes repairable when its owner's turn begins, so the "
                    "active guide's tyre in the draw phase is already repairable (write true)",
                )
            state.flat[seat] = flat
            if flat:
                card = self._take_card("flat tyre", f"{where}.flat")
                state.lasting.append((card, seat))

    # -- tokens
    def _animal_pool(self) -> dict[str, list[int]]:
        """Animal token ids still free to place, per kind (only tokens in this game)."""
        pool: dict[str, list[int]] = {}
        for token in ANIMAL_TOKENS:
            kind = ANIMAL_KIND[token]
            if kind != MONKEY and Species(kind) in self.game.removed_species:
                continue
            if token in MONKEY_TOKENS and token not in self._monkeys_in_play():
                continue
            pool.setdefault(_animal_name(token), []).append(token)
        return pool

    def _monkeys_in_play(self) -> tuple[int, ...]:
        return MONKEY_TOKENS[: MONKEYS_BY_DIFFICULTY[self.game.difficulty]]

    def _take_animal(self, kind: str, where: str) -> int:
        free = self.animal_pool.get(kind)
        if free:
            return free.pop(0)
        if kind != "monkey" and Species[kind.upper()] in self.game.removed_species:
            raise self.fail(where, f"the {kind} is out of this short game (short_game)")
        if kind == "monkey":
            count = len(self._monkeys_in_play())
            raise self.fail(
                where,
                f"a {self.scenario.difficulty} game has only {count} monkey"
                f"{'s' * (count != 1)} (board, supply and discarded together)",
            )
        raise self.fail(
            where, f"there are only 3 {kind} tokens (board, supply and discarded together)"
        )

    def _tokens(self) -> None:
        state, board = self.state, self.board
        for gate, cell in enumerate(GATE_CELLS):
            self._put(GATE_TOKENS[gate], cell, True)
        food_left = list(FOOD_TOKENS[: FOOD_TOKENS_BY_DIFFICULTY[self.game.difficulty]])
        for name, text in self.scenario.tokens.items():
            where = f"tokens.{name}"
            cell = _space(board, name, f"{self.source}: {where}")
            kind, face_up = self._token_kind(text, where)
            if cell in GATE_CELLS:
                raise self.fail(
                    where,
                    f"{board.names[cell]} holds the {GATE_NAMES[GATE_CELLS.index(cell)]} park "
                    "entrance token; no other token goes there (RU-entrance-token)",
                )
            if not board.number[cell]:
                raise self.fail(
                    where,
                    f"{board.names[cell]} has no number; tokens only ever land on numbered spaces",
                )
            if state.token_at[cell] != NO_TOKEN:
                raise self.fail(
                    where,
                    f"{board.names[cell]} already holds {token_name(state.token_at[cell])} "
                    "(R-dice-one-token: one token per space)",
                )
            if kind == "buffalo":
                if state.token_cell[BUFFALO_TOKEN] >= 0:
                    raise self.fail(where, "there is only one buffalo")
                token = BUFFALO_TOKEN
            elif kind == "food":
                if not food_left:
                    count = FOOD_TOKENS_BY_DIFFICULTY[self.game.difficulty]
                    raise self.fail(
                        where, f"a {self.scenario.difficulty} game has only {count} food tokens"
                    )
                token = food_left.pop(0)
            else:
                token = self._take_animal(kind, where)
            self._put(token, cell, face_up)

    def _token_kind(self, text: str, where: str) -> tuple[str, bool]:
        match = _TOKEN_RE.match(_norm(text))
        if not match or match["kind"] not in _TOKEN_KINDS:
            raise self.fail(
                where,
                f"{text!r} is not a token; write one of {', '.join(_TOKEN_KINDS)}, and add "
                "'up' for a face-up animal (e.g. 'lion up')",
            )
        kind, face = match["kind"], match["face"]
        if kind in ("buffalo", "food"):
            if face == "down":
                raise self.fail(where, f"the {kind} token always lies face up")
            return kind, True
        if kind == "monkey" and face == "up":
            raise self.fail(
                where,
                "a monkey turned face up is discarded at once (R-spot-flip); list it "
                "under animals.discarded",
            )
        return kind, face == "up"

    def _put(self, token: int, cell: int, face_up: bool) -> None:
        self.state.token_at[cell] = token
        self.state.token_cell[token] = cell
        self.state.face_up[token] = face_up

    def _fires(self) -> None:
        state, board, game = self.state, self.board, self.game
        for name, count in self.scenario.fires.items():
            where = f"fires.{name}"
            cell = _space(board, name, f"{self.source}: {where}")
            if not board.number[cell]:
                raise self.fail(
                    where,
                    f"{board.names[cell]} has no number; fire markers land only on numbered spaces",
                )
            if state.fires[cell]:
                raise self.fail(where, f"{board.names[cell]} is given twice")
            state.fires[cell] = count
        total = sum(state.fires)
        if total > FIRE_MARKERS:
            raise self.fail("fires", f"{total} fire markers on the board; there are only 10")
        state.fire_supply = FIRE_MARKERS - total
        jack = game.seat_of(Guide.JACK)
        if jack >= 0:
            slot = board.slot[state.vehicle[jack]]
            if state.burning(slot):
                raise self.fail(
                    "fires",
                    f"Jack stands on the {board.symbols[slot]} piece, where no fire can burn "
                    "(R-jack-extinguish, R-jack-prevent)",
                )
        # Animals never stay on a burning piece. The buffalo can: when no piece was free of
        # fire as it was chased, it stayed put (RU-no-space), and fires elsewhere may be out
        # by now.
        for cell, token in enumerate(state.token_at):
            if not 0 <= token < len(ANIMAL_TOKENS):
                continue
            slot = board.slot[cell]
            if state.burning(slot):
                raise self.fail(
                    f"tokens.{board.names[cell]}",
                    f"the {board.symbols[slot]} piece is on fire, so {token_name(token)} "
                    "cannot be there (R-fire-chase, R-animal-burning)",
                )

    def _animals(self) -> None:
        state, spec = self.state, self.scenario.animals
        for index, kind in enumerate(spec.discarded):
            token = self._take_animal(kind, f"animals.discarded[{index}]")
            state.discarded.append(token)
            state.face_up[token] = True
        listed = [
            self._take_animal(kind, f"animals.supply[{index}]")
            for index, kind in enumerate(spec.supply)
        ]
        rest = sorted(token for tokens in self.animal_pool.values() for token in tokens)
        self.animal_pool = {}
        if spec.rest == "discarded":
            for token in rest:
                state.discarded.append(token)
                state.face_up[token] = True
            rest = []
        state.rng, shuffled = rng.shuffled(state.rng, rest)
        state.animal_supply = shuffled + listed[::-1]

    # -- cards
    def _take_card(self, text: str, where: str) -> int:
        _card_known(text, f"{self.source}: {where}")
        candidates = CARD_ALIASES[_norm(text)]
        for card in candidates:
            if card not in self.used_cards:
                self.used_cards.add(card)
                return card
        raise self.fail(
            where, f"all {len(candidates)} {text!r} cards are already used in this position"
        )

    def _cards(self) -> None:
        state, spec = self.state, self.scenario.cards
        for index, gate in enumerate(spec.broken_gates):
            where = f"cards.broken_gates[{index}]"
            if spec.broken_gates.count(gate) > 1:
                raise self.fail(where, f"the {gate} gate is listed twice")
            state.lasting.append(
                (self._take_card(f"broken gate ({gate})", where), GATE_NAMES.index(gate))
            )
        for index, guide in enumerate(spec.rain):
            where = f"cards.rain[{index}]"
            seat = self._seat(guide, where)
            if spec.rain.count(guide) > 1:
                raise self.fail(
                    where, f"{guide} draws one card a turn, so at most one rain card is theirs"
                )
            if seat == state.seat and state.phase == Phase.DRAW:
                raise self.fail(
                    where,
                    f"{guide}'s rain card is discarded as {guide}'s turn begins (RU-rain), so it "
                    "cannot lie out in their draw phase",
                )
            state.lasting.append((self._take_card("heavy rain", where), seat))
        for index, guide in enumerate(spec.hippos):
            where = f"cards.hippos[{index}]"
            seat = self._seat(guide, where)
            if seat != state.seat or state.phase != Phase.ACTIONS or len(spec.hippos) > 1:
                raise self.fail(
                    where,
                    "hippos lie out only during the active guide's actions phase, after they "
                    "drew the card (RU-hippos); list only the guide of turn.guide with phase = "
                    "'actions'",
                )
            state.lasting.append((self._take_card("herd of hippos", where), seat))
        top = [self._take_card(text, f"cards.top[{i}]") for i, text in enumerate(spec.top)]
        discard = [
            self._take_card(text, f"cards.discard[{i}]") for i, text in enumerate(spec.discard)
        ]
        rest = [card for card in range(CARD_COUNT) if card not in self.used_cards]
        state.rng, rest = rng.shuffled(state.rng, rest)
        if spec.rest == "discard":
            state.deck = top[::-1]
            state.discard = rest + discard[::-1]
        else:
            state.deck = rest + top[::-1]
            state.discard = discard[::-1]

    def _seat(self, guide: str, where: str) -> int:
        if guide not in self.seats:
            raise self.fail(where, f"{guide} is not in guides")
        return self.seats[guide]

    # -- Anna's token and actions left
    def _anna(self) -> None:
        state, spec, game = self.state, self.scenario.turn, self.game
        anna = game.seat_of(Guide.ANNA)
        holder = anna
        if spec.anna_token is not None:
            if anna < 0:
                raise self.fail("turn.anna_token", "Anna is not in this game")
            holder = self._seat(spec.anna_token, "turn.anna_token")
        seats = len(game.guides)
        if holder != anna and (state.seat - anna) % seats > (holder - anna) % seats:
            raise self.fail(
                "turn.anna_token",
                f"{spec.anna_token} would have given the token back to Anna at the end of "
                "their turn, which came after Anna's and before this one (RU-anna)",
            )
        state.token_holder = holder
        on_annas_turn = state.seat == anna and state.phase == Phase.ACTIONS
        if spec.anna_token_used and not on_annas_turn:
            raise self.fail(
                "turn.anna_token_used",
                "only matters during Anna's own actions phase (turn.guide = 'anna')",
            )
        state.token_spent = on_annas_turn and (spec.anna_token_used or holder != anna)
        if state.seat == anna and holder != anna and state.phase == Phase.DRAW:
            raise self.fail(
                "turn.anna_token",
                "Anna lends the token during her actions phase, so in her draw phase she "
                "still holds it",
            )
        bonus = 1 if holder == state.seat and holder != anna else 0
        left = spec.actions_left
        state.actions_left = BASE_ACTIONS + bonus if left is None else left

    def _not_over(self) -> None:
        state = self.state
        for species in SPECIES_WITH_THREE:
            if species_discarded(state, species) == 3:
                lacking = [
                    _guide_of(state, seat)
                    for seat, mask in enumerate(state.spotted)
                    if not mask & (1 << species)
                ]
                if lacking:
                    raise self.fail(
                        "animals.discarded",
                        f"all three {species.name.lower()} tokens are discarded while "
                        f"{', '.join(lacking)} still lack(s) one: the game would already be "
                        "lost (R-end-species)",
                    )
        if all(mask == ALL_SPECIES_MASK for mask in state.spotted):
            raise self.fail(
                "vehicles",
                "every vehicle has spotted the Big Five: the game would already be won (R-end-win)",
            )
        if is_stuck(state):
            raise self.fail(
                "vehicles",
                "no vehicle can move and nobody can help (out of fuel or flat tyres): the "
                "game would already be lost (R-end-stuck)",
            )


def _check_expectations_static(scenario: Scenario, source: str, game: Game) -> None:
    """Catch typos in expectations (spaces, tokens, cards, guides) before anything runs."""
    board = game.board
    names = {g.name.lower() for g in game.guides}
    expectations = [("expect", scenario.expect)] + [
        (f"play.actions[{i}].expect", item.expect)
        for i, item in enumerate(scenario.play.actions)
        if item.expect is not None
    ]
    for index, item in enumerate(scenario.play.actions):
        for d, text in enumerate(item.dice):
            _die(board, text, f"{source}: play.actions[{index}].dice[{d}]")
        if item.refused is False:  # text that is no action at all is a typo, not a refusal
            try:
                parse_action(game, item.act, 0)
            except NotationError as error:
                raise ScenarioError(
                    f"{source}: play.actions[{index}] (action {index + 1}): {error}"
                ) from None
    for where, expect in expectations:
        for guide in expect.vehicles:
            if guide not in names:
                raise ScenarioError(f"{source}: {where}.vehicles.{guide}: not in guides")
        for guide, vehicle in expect.vehicles.items():
            if vehicle.at is not None:
                _space(board, vehicle.at, f"{source}: {where}.vehicles.{guide}.at")
        for name, text in expect.tokens.items():
            _space(board, name, f"{source}: {where}.tokens.{name}")
            if not _TOKEN_PATTERN.match(_norm(text)):
                raise ScenarioError(
                    f"{source}: {where}.tokens.{name}: {text!r} is not a token; write empty, "
                    "animal, lion, lion up, buffalo, food, ... (see docs/scenarios.md)"
                )
        for name in expect.fires:
            _space(board, name, f"{source}: {where}.fires.{name}")
        for key in ("deck_top", "discard_top"):
            for i, text in enumerate(getattr(expect, key) or ()):
                _card_known(text, f"{source}: {where}.{key}[{i}]")
        for key in ("guide", "anna_token"):
            value = getattr(expect, key)
            if value is not None and value not in names:
                raise ScenarioError(f"{source}: {where}.{key}: {value} is not in guides")
        for key in ("rain", "hippos"):
            for value in getattr(expect, key) or ():
                if value not in names:
                    raise ScenarioError(f"{source}: {where}.{key}: {value} is not in guides")
        for key in ("legal", "illegal"):
            for i, text in enumerate(getattr(expect, key)):
                try:
                    parse_action(game, text, 0)
                except NotationError as error:
                    raise ScenarioError(f"{source}: {where}.{key}[{i}]: {error}") from None


_TOKEN_PATTERN = re.compile(
    r"^(empty|park entrance|buffalo|food|(animal|lion|leopard|elephant|rhino|monkey)"
    r"(\s+(up|down))?)$"
)


def accounting_problems(state: GameState) -> list[str]:
    """Every card, animal token and fire marker exactly once; the token lists agree."""
    problems: list[str] = []
    cards = Counter(
        state.deck + state.discard + [card for card, _ in state.lasting] + state.looking_at
    )
    wrong = sorted(card for card in range(CARD_COUNT) if cards[card] != 1)
    if wrong or len(cards) != CARD_COUNT:
        problems.append(f"cards not exactly once in deck/discard/lasting/hand: {wrong}")
    game = state.game
    for token in ANIMAL_TOKENS:
        kind = ANIMAL_KIND[token]
        in_game = (
            token in MONKEY_TOKENS[: MONKEYS_BY_DIFFICULTY[game.difficulty]]
            if kind == MONKEY
            else Species(kind) not in game.removed_species
        )
        places = (
            (state.token_cell[token] >= 0)
            + state.animal_supply.count(token)
            + state.discarded.count(token)
        )
        if places != int(in_game):
            problems.append(f"animal token {token} ({_animal_name(token)}) is in {places} places")
    for token in range(TOKEN_COUNT):
        cell = state.token_cell[token]
        if cell >= 0 and state.token_at[cell] != token:
            problems.append(f"token {token} thinks it is on cell {cell}, which disagrees")
    for cell, token in enumerate(state.token_at):
        if token != NO_TOKEN and state.token_cell[token] != cell:
            problems.append(f"cell {cell} holds token {token}, which thinks it is elsewhere")
    if sum(state.fires) + state.fire_supply != FIRE_MARKERS or min(state.fires) < 0:
        problems.append(
            f"fire markers: {sum(state.fires)} on the board + {state.fire_supply} in the supply"
        )
    return problems


# --------------------------------------------------------------------------- describing a state


def _lasting(state: GameState) -> dict[CardKind, list[str]]:
    """Owners of the cards lying out: guide names, or gate names for broken gates."""
    lasting: dict[CardKind, list[str]] = {
        CardKind.RAIN: [],
        CardKind.HIPPOS: [],
        CardKind.FLAT_TYRE: [],
        CardKind.BROKEN_GATE: [],
    }
    for card, owner in state.lasting:
        kind = CARDS[card].kind
        who = GATE_NAMES[owner] if kind == CardKind.BROKEN_GATE else _guide_of(state, owner)
        lasting.setdefault(kind, []).append(who)
    return {kind: sorted(owners) for kind, owners in lasting.items()}


def position(state: GameState) -> dict[str, JsonValue]:
    """The state in the scenario format: paste it into a file to continue from here."""
    game, board = state.game, state.game.board
    removed = [s for s in Species if s in game.removed_species]
    vehicles: dict[str, JsonValue] = {}
    for seat, guide in enumerate(game.guides):
        vehicles[guide.name.lower()] = {
            "at": board.names[state.vehicle[seat]],
            "fuel": state.fuel[seat],
            "food": state.food[seat],
            "spotted": [
                s.name.lower()
                for s in Species
                if state.spotted[seat] & (1 << s) and s not in removed
            ],
            "flat": _flat_text(state.flat[seat]),
        }
    lasting = _lasting(state)
    anna = game.seat_of(Guide.ANNA)
    turn: dict[str, JsonValue] = {
        "guide": _guide_of(state, state.seat),
        "phase": state.phase.name.lower(),
        "number": state.turn,
    }
    if state.phase != Phase.DRAW:
        turn["actions_left"] = state.actions_left
    if anna >= 0:
        turn["anna_token"] = _guide_of(state, state.token_holder)
        if state.seat == anna and state.phase != Phase.DRAW:
            turn["anna_token_used"] = state.token_spent and state.token_holder == anna
    return {
        "seed": state.rng,
        "board": [placement.text() for placement in board.placements],
        "guides": [g.name.lower() for g in game.guides],
        "difficulty": game.difficulty.name.lower(),
        "short_game": [s.name.lower() for s in removed],
        "vehicles": vehicles,
        "tokens": {
            board.names[cell]: _token_text(state, token)
            for cell, token in enumerate(state.token_at)
            if token != NO_TOKEN and token not in GATE_TOKENS
        },
        "fires": {board.names[c]: n for c, n in enumerate(state.fires) if n},
        "animals": {
            "supply": [_animal_name(t) for t in reversed(state.animal_supply)],
            "discarded": [_animal_name(t) for t in state.discarded],
        },
        "cards": {
            "top": [CARDS[c].name for c in reversed(state.deck)],
            "discard": [CARDS[c].name for c in reversed(state.discard)],
            "rain": list(lasting[CardKind.RAIN]),
            "hippos": list(lasting[CardKind.HIPPOS]),
            "broken_gates": list(lasting[CardKind.BROKEN_GATE]),
        },
        "turn": turn,
        "play": {"dice": [_die_text(board, die) for die in state.script[state.script_pos :]]},
    }


def final_state(state: GameState) -> dict[str, JsonValue]:
    """The JSON ``final`` block: a summary, and the full position in the scenario format."""
    return {
        "outcome": state.outcome or "playing",
        "guide": _guide_of(state, state.seat),
        "phase": state.phase.name.lower(),
        "turn": state.turn,
        "actions_left": state.actions_left,
        "fire_supply": state.fire_supply,
        "supply": len(state.animal_supply),
        "deck": len(state.deck),
        "looking_at": [CARDS[c].name for c in state.looking_at],
        "position": position(state),
    }


def _die_text(board: Board, die: tuple[int, int]) -> str:
    face, number = die
    return f"X{number}" if face == X_FACE else f"{board.symbols[face]}{number}"


# --------------------------------------------------------------------------- running


class StepOut(BaseModel):
    rule: str
    kind: str
    text: str


class CheckOut(BaseModel):
    name: str
    expected: JsonValue
    actual: JsonValue
    passed: bool


class ActionOut(BaseModel):
    number: int  # 1-based, as in reports; the file path is play.actions[number - 1]
    text: str
    guide: str
    status: Literal["played", "refused", "not run"]
    message: str = ""
    steps: list[StepOut] = Field(default_factory=list)
    checks: list[CheckOut] = Field(default_factory=list)


class ScenarioResult(BaseModel):
    """What ``bigfive scenario run --json`` prints (schema in docs/scenarios.md)."""

    format: Literal["bigfive-scenario-result"] = "bigfive-scenario-result"
    version: Literal[1] = 1
    file: str
    title: str = ""
    rules: list[str] = Field(default_factory=list)
    passed: bool = False
    error: str | None = None
    failures: list[str] = Field(default_factory=list)
    setup: list[StepOut] = Field(default_factory=list)
    actions: list[ActionOut] = Field(default_factory=list)
    checks: list[CheckOut] = Field(default_factory=list)
    final: dict[str, JsonValue] = Field(default_factory=dict)


def _steps_out(steps: Sequence[Step]) -> list[StepOut]:
    return [StepOut(rule=s.rule, kind=s.kind, text=s.text) for s in steps]


def run_scenario(built: Built, source: str) -> ScenarioResult:
    """Play every action, checking refusals and expectations; stops at the first surprise."""
    scenario, game = built.scenario, built.game
    state = built.state
    all_steps: list[Step] = list(built.setup)
    result = ScenarioResult(
        file=source,
        title=scenario.title,
        rules=list(scenario.rules),
        setup=_steps_out(built.setup),
    )
    stopped = False
    for index, item in enumerate(scenario.play.actions):
        out = ActionOut(
            number=index + 1, text=item.act, guide=_guide_of(state, state.seat), status="not run"
        )
        result.actions.append(out)
        if stopped:
            continue
        label = f"action {index + 1} ({item.act!r})"
        if item.dice:
            extra = tuple(_die(game.board, text, "dice") for text in item.dice)
            state = state.copy()
            state.script = state.script[state.script_pos :] + extra
            state.script_pos = 0
        refusal: str | None = None
        action: Action | None = None
        try:
            action = parse_action(game, item.act, state.seat)
        except NotationError as error:
            if item.refused is False:
                raise ScenarioError(f"{source}: play.actions[{index}]: {error}") from None
            refusal = str(error)
        steps: list[Step] = []
        if action is not None:
            try:
                state, steps = apply(state, action)
            except IllegalAction as error:
                refusal = str(error)
        out.steps = _steps_out(steps)
        all_steps.extend(steps)
        out.status = "played" if refusal is None else "refused"
        out.message = refusal or ""
        if item.refused is not False or refusal is not None:
            check = _refusal_check(item.refused, refusal)
            out.checks.append(check)
            if not check.passed:
                stopped = True
        problems = accounting_problems(state)
        if problems:
            out.checks.append(
                CheckOut(name="accounting", expected=[], actual=problems, passed=False)
            )
        if item.expect is not None and not stopped:
            out.checks.extend(_evaluate(item.expect, state, steps))
        result.failures.extend(
            f"{label}: {_describe(check)}" for check in out.checks if not check.passed
        )
    result.checks = _evaluate(scenario.expect, state, all_steps)
    result.failures.extend(f"expect: {_describe(c)}" for c in result.checks if not c.passed)
    result.final = final_state(state)
    result.passed = not result.failures
    return result


def _refusal_check(wanted: bool | str, refusal: str | None) -> CheckOut:
    if wanted is False:
        return CheckOut(name="refused", expected=False, actual=refusal, passed=refusal is None)
    if refusal is None:
        return CheckOut(name="refused", expected=wanted, actual=False, passed=False)
    passed = wanted is True or str(wanted).lower() in refusal.lower()
    return CheckOut(name="refused", expected=wanted, actual=refusal, passed=passed)


def _describe(check: CheckOut) -> str:
    return describe_check(check)


def describe_check(check: CheckOut) -> str:
    """A failed check in words; refusals get sentences of their own."""
    if check.name == "refused":
        wanted, actual = check.expected, check.actual
        if wanted is False:
            return f"refused unexpectedly: {actual}"
        if actual is False:
            containing = "" if wanted is True else f" containing {wanted!r}"
            return f"allowed, but a refusal{containing} was expected"
        return f"refused for another reason: {actual!r} does not contain {wanted!r}"
    if check.expected is True and check.actual is False:
        return f"{check.name}: not so"
    return f"{check.name}: expected {check.expected!r}, got {check.actual!r}"


def run(
    data: Mapping[str, Any],
    source: str,
    pieces: Mapping[str, Piece],
    load_layout: Callable[[str], Board] | None = None,
    known_rules: Collection[str] | None = None,
) -> ScenarioResult:
    """Validate, build and play a scenario; an unusable file raises ScenarioError."""
    scenario = parse_scenario(data, source)
    built = build(scenario, source, pieces, load_layout, known_rules)
    return run_scenario(built, source)


# --------------------------------------------------------------------------- expectations


def _evaluate(expect: Expect, state: GameState, steps: Sequence[Step]) -> list[CheckOut]:
    game, board = state.game, state.game.board
    checks: list[CheckOut] = []

    def check(name: str, expected: Any, actual: Any, passed: bool | None = None) -> None:
        ok = expected == actual if passed is None else passed
        checks.append(CheckOut(name=name, expected=expected, actual=actual, passed=ok))

    if expect.outcome is not None:
        actual = state.outcome or "playing"
        check(
            "outcome",
            expect.outcome,
            actual,
            actual == expect.outcome or actual.startswith(expect.outcome + ":"),
        )
    if expect.guide is not None:
        check("guide", expect.guide, _guide_of(state, state.seat))
    if expect.seat is not None:
        check("seat", expect.seat, state.seat + 1)
    if expect.phase is not None:
        check("phase", expect.phase, state.phase.name.lower())
    for key, value in (
        ("turn", state.turn),
        ("actions_left", state.actions_left),
        ("fire_supply", state.fire_supply),
        ("supply", len(state.animal_supply)),
        ("deck_size", len(state.deck)),
        ("discard_size", len(state.discard)),
        ("dice_left", len(state.script) - state.script_pos),
    ):
        wanted = getattr(expect, key)
        if wanted is not None:
            check(key, wanted, value)
    removed = 0
    for species in game.removed_species:
        removed |= 1 << species
    for guide, vehicle in expect.vehicles.items():
        seat = game.seat_of(Guide[guide.upper()])
        where = f"vehicles.{guide}"
        if vehicle.at is not None:
            cell = board.find(vehicle.at)
            assert cell is not None
            check(f"{where}.at", board.names[cell], board.names[state.vehicle[seat]])
        if vehicle.fuel is not None:
            check(f"{where}.fuel", vehicle.fuel, state.fuel[seat])
        if vehicle.food is not None:
            check(f"{where}.food", vehicle.food, state.food[seat])
        if vehicle.spotted is not None:
            mask = removed
            for species_name in vehicle.spotted:
                mask |= 1 << Species[species_name.upper()]
            check(
                f"{where}.spotted",
                [s.name.lower() for s in Species if mask & (1 << s)],
                [s.name.lower() for s in Species if state.spotted[seat] & (1 << s)],
            )
        if vehicle.flat is not None:
            wanted_flat = _flat_text(_flat_value(vehicle.flat))
            check(f"{where}.flat", wanted_flat, _flat_text(state.flat[seat]))
    for name, text in expect.tokens.items():
        cell = board.find(name)
        assert cell is not None
        actual_text = _token_text(state, state.token_at[cell])
        wanted_text = _norm(text).replace(" down", "")
        if wanted_text.startswith("animal"):
            token = state.token_at[cell]
            is_animal = 0 <= token < len(ANIMAL_TOKENS)
            face = wanted_text.removeprefix("animal").strip()
            passed = is_animal and (
                _norm(text) == "animal" or (face == "up") == state.face_up[token]
            )
            check(f"tokens.{board.names[cell]}", _norm(text), actual_text, passed)
        else:
            check(f"tokens.{board.names[cell]}", wanted_text, actual_text)
    for name, count in expect.fires.items():
        cell = board.find(name)
        assert cell is not None
        check(f"fires.{board.names[cell]}", count, state.fires[cell])
    discarded = Counter(_animal_name(token) for token in state.discarded)
    for kind, count in expect.discarded.items():
        check(f"discarded.{kind}", count, discarded[kind])
    for key, pile in (("deck_top", state.deck), ("discard_top", state.discard)):
        wanted_cards: list[str] | None = getattr(expect, key)
        if wanted_cards is not None:
            top = list(reversed(pile))[: len(wanted_cards)]
            passed = len(top) == len(wanted_cards) and all(
                card_matches(card, text) for card, text in zip(top, wanted_cards, strict=True)
            )
            check(key, list(wanted_cards), [CARDS[c].name for c in top], passed)
    lasting = _lasting(state)
    for key, card_kind in (
        ("rain", CardKind.RAIN),
        ("hippos", CardKind.HIPPOS),
        ("broken_gates", CardKind.BROKEN_GATE),
    ):
        wanted_owners = getattr(expect, key)
        if wanted_owners is not None:
            check(key, sorted(wanted_owners), sorted(lasting[card_kind]))
    if expect.anna_token is not None:
        holder = state.token_holder
        check("anna_token", expect.anna_token, _guide_of(state, holder) if holder >= 0 else None)
    legal = legal_actions(state)
    for key, want_legal in (("legal", True), ("illegal", False)):
        for text in getattr(expect, key):
            action = parse_action(game, text, state.seat)
            is_legal = action in legal
            actual_legal: JsonValue = (
                "legal" if is_legal else f"illegal: {why_illegal(state, action)}"
            )
            check(
                f"{key}: {text}",
                "legal" if want_legal else "illegal",
                actual_legal,
                is_legal == want_legal,
            )
    rules = {step.rule for step in steps}
    for rule in expect.log:
        check(f"log has {rule}", True, rule in rules)
    for rule in expect.log_absent:
        check(f"log lacks {rule}", True, rule not in rules)
    texts = [step.text.lower() for step in steps]
    for text in expect.log_text:
        check(f"log text {text!r}", True, any(text.lower() in t for t in texts))
    return checks
