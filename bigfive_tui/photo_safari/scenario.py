"""Photo Safari scenarios: a TOML file sets up any position, plays camera moves and checks
expectations (docs/photo-safari-scenarios.md). ``tests/photo_scenarios/`` holds one for each
case of the animals' decision table, and ``bigfive photo-safari scenario run`` plays them.

The format follows the Big Five's scenarios (a position, moves, expectations, the same report
and JSON shape); positions here are squares, animals with facings, cameras and photos.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError

from bigfive_tui.photo_safari.engine.animals import ALL_PHOTOS, ANIMAL_NAMES, FREE_TERRAIN, Animal
from bigfive_tui.photo_safari.engine.grid import (
    FACING_NAMES,
    NAMES,
    OFF,
    SQUARES,
    TERRAIN_NAMES,
    Terrain,
    find,
)
from bigfive_tui.photo_safari.engine.layout import TERRAIN_CHARS
from bigfive_tui.photo_safari.engine.notation import (
    NotationError,
    check_notation,
    format_move,
    parse_move,
)
from bigfive_tui.photo_safari.engine.rules import animal_preview, apply, legal_actions
from bigfive_tui.photo_safari.engine.state import (
    CAMERA,
    EMPTY,
    MOVE_LIMIT,
    SEAT_NAMES,
    Game,
    IllegalMove,
    Layout,
    PhotoState,
    Step,
)
from bigfive_tui.photo_safari.formats.setup_file import SetupFileError
from bigfive_tui.shared.checks import CheckOut, StepOut, failures, record_play
from bigfive_tui.shared.problems import validation_problems
from bigfive_tui.shared.short_form import plain_text_items

PlayerName = Literal["red", "yellow"]
OutcomeName = Literal["playing", "red wins", "yellow wins", "draw"]
PLAYERS: tuple[PlayerName, PlayerName] = ("red", "yellow")
OPEN = "open"


class ScenarioError(ValueError):
    """A scenario file that cannot be used; the message names the file and the field."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TurnSpec(_Model):
    player: PlayerName = "red"
    round: int = Field(default=1, ge=1, le=MOVE_LIMIT)


class Expect(_Model):
    outcome: OutcomeName | None = None
    player: PlayerName | None = None
    round: int | None = None
    animals: dict[str, str] = Field(default_factory=dict)
    cameras: dict[PlayerName, str] = Field(default_factory=dict)
    photos: dict[PlayerName, list[str]] = Field(default_factory=dict)
    legal: list[str] | None = None
    not_legal: list[str] = Field(default_factory=list)
    preview: dict[str, str] = Field(default_factory=dict)
    log: list[str] = Field(default_factory=list)
    no_log: list[str] = Field(default_factory=list)
    log_text: list[str] = Field(default_factory=list)


class MoveSpec(_Model):
    move: str
    refused: bool | str = False
    expect: Expect | None = None


class PlaySpec(_Model):
    moves: Annotated[list[MoveSpec], plain_text_items("move")] = Field(default_factory=list)


class Scenario(_Model):
    title: str = ""
    rules: list[str] = Field(default_factory=list)
    about: str = ""
    setup: str = OPEN
    seed: int = Field(default=0, ge=0, lt=2**63)
    terrain: list[str] | None = Field(default=None, min_length=10, max_length=10)
    bush: list[str] = Field(default_factory=list)
    water: list[str] = Field(default_factory=list)
    savanna: list[str] = Field(default_factory=list)
    animals: dict[str, str] | None = None
    cameras: dict[PlayerName, str] = Field(default_factory=dict)
    photos: dict[PlayerName, list[str]] = Field(default_factory=dict)
    turn: TurnSpec = Field(default_factory=TurnSpec)
    play: PlaySpec = Field(default_factory=PlaySpec)
    expect: Expect = Field(default_factory=Expect)


def parse_scenario(data: Mapping[str, Any], source: str) -> Scenario:
    try:
        return Scenario.model_validate(data)
    except ValidationError as error:
        problems = validation_problems(error)
        raise ScenarioError(f"{source}: {problems}") from None


# --------------------------------------------------------------------------- building


def open_layout() -> Layout:
    """All savanna, no animals, the cameras on a1 and j10: the default scenario board."""
    return Layout("open board", (Terrain.SAVANNA,) * SQUARES, ((OFF, 0),) * len(Animal))


@dataclass(frozen=True, slots=True)
class Built:
    scenario: Scenario
    state: PhotoState


SetupLoader = Callable[[str, int], Layout]


def _square(text: str, where: str) -> int:
    square = find(text)
    if square is None:
        raise ScenarioError(f"{where}: {text!r} is not a square (a1 to j10)")
    return square


def _animal(name: str, where: str) -> Animal:
    if name.lower() not in ANIMAL_NAMES:
        raise ScenarioError(f"{where}: {name!r} is not one of {', '.join(ANIMAL_NAMES)}")
    return Animal[name.upper()]


def _placed(text: str, where: str) -> tuple[int, int]:
    words = text.split()
    if len(words) != 2 or words[1].lower() not in FACING_NAMES:
        raise ScenarioError(
            f"{where}: {text!r} should be '<square> <facing>' with a facing north, east, south "
            "or west"
        )
    return _square(words[0], where), FACING_NAMES.index(words[1].lower())


def _photo_mask(names: Sequence[str], where: str) -> int:
    """The animals of a photo list (``["all"]`` for all ten); a name twice is an error, for
    a list that says an animal twice was meant to say another one."""
    if [name.lower() for name in names] == ["all"]:
        return ALL_PHOTOS
    mask = 0
    for name in names:
        bit = 1 << _animal(name, where)
        if mask & bit:
            raise ScenarioError(f"{where}: {name.lower()!r} is named twice")
        mask |= bit
    return mask


def _terrain(scenario: Scenario, base: Layout, source: str) -> list[Terrain]:
    terrain = list(base.terrain)
    if scenario.terrain is not None:
        terrain = []
        for number, row in enumerate(scenario.terrain, 1):
            squares = row.replace(" ", "")
            if len(squares) != 10 or any(char not in TERRAIN_CHARS for char in squares):
                raise ScenarioError(
                    f"{source}: terrain row {number}: write ten of '.' '#' '~' (got {row!r})"
                )
            terrain += [TERRAIN_CHARS[char] for char in squares]
    for key, kind in (
        ("savanna", Terrain.SAVANNA),
        ("bush", Terrain.BUSH),
        ("water", Terrain.WATER),
    ):
        for index, text in enumerate(getattr(scenario, key)):
            terrain[_square(text, f"{source}: {key}[{index}]")] = kind
    return terrain


def build(scenario: Scenario, source: str, load_setup: SetupLoader | None = None) -> Built:
    """The scenario's position; anything impossible raises ScenarioError naming the field."""
    if scenario.setup == OPEN:
        base = open_layout()
    elif load_setup is None:
        raise ScenarioError(f"{source}: setup {scenario.setup!r} needs a set-up loader")
    else:
        try:
            base = load_setup(scenario.setup, scenario.seed)
        except SetupFileError as error:
            raise ScenarioError(f"{source}: setup: {error}") from None
    terrain = _terrain(scenario, base, source)
    animals = list(base.animals)
    if scenario.animals is not None:
        animals = [(OFF, 0)] * len(Animal)
        for name, text in scenario.animals.items():
            where = f"{source}: animals.{name}"
            animals[_animal(name, where)] = _placed(text, where)
    cameras = list(base.cameras)
    for seat, player in enumerate(PLAYERS):
        if player in scenario.cameras:
            cameras[seat] = _square(scenario.cameras[player], f"{source}: cameras.{player}")
    layout = Layout(base.name, tuple(terrain), tuple(animals), (cameras[0], cameras[1]))
    state = _position(layout, scenario, source)
    return Built(scenario, state)


def _position(layout: Layout, scenario: Scenario, source: str) -> PhotoState:
    state = PhotoState.__new__(PhotoState)
    state.game = Game(layout, scenario.seed)
    state.square = [square for square, _ in layout.animals]
    state.facing = [facing for _, facing in layout.animals]
    state.occupant = [EMPTY] * SQUARES
    state.camera = list(layout.cameras)
    for seat, square in enumerate(state.camera):
        where = f"{source}: cameras.{PLAYERS[seat]}"
        if layout.terrain[square] != Terrain.SAVANNA:
            raise ScenarioError(
                f"{where}: {NAMES[square]} is {TERRAIN_NAMES[layout.terrain[square]]}"
            )
        if state.occupant[square] != EMPTY:
            raise ScenarioError(f"{where}: both cameras on {NAMES[square]}")
        state.occupant[square] = CAMERA + seat
    for animal, square in enumerate(state.square):
        if square == OFF:
            continue
        where = f"{source}: animals.{ANIMAL_NAMES[animal]}"
        held = state.occupant[square]
        if held != EMPTY:
            other = (
                f"{SEAT_NAMES[held - CAMERA]}'s camera"
                if held >= CAMERA
                else f"the {ANIMAL_NAMES[held]}"
            )
            raise ScenarioError(f"{where}: {NAMES[square]} is taken by {other}")
        terrain = layout.terrain[square]
        if not FREE_TERRAIN[animal][terrain]:
            raise ScenarioError(
                f"{where}: cannot stand on {TERRAIN_NAMES[terrain]} ({NAMES[square]})"
            )
        state.occupant[square] = animal
    state.photos = [0, 0]
    for seat, player in enumerate(PLAYERS):
        names = scenario.photos.get(player, [])
        state.photos[seat] = _photo_mask(names, f"{source}: photos.{player}")
    made = scenario.turn.round - 1
    state.seat = PLAYERS.index(scenario.turn.player)
    state.moves = [made + (1 if state.seat == 1 else 0), made]
    state.outcome = ""
    _check_names(scenario, source)
    return state


def _check_names(scenario: Scenario, source: str) -> None:
    """Moves' notation and the animal and square names in the expectations, so that a typo is
    an error, not a fail (nor a refusal passed "as expected")."""
    for index, item in enumerate(scenario.play.moves):
        try:
            check_notation(item.move)
        except NotationError as error:
            raise ScenarioError(f"{source}: play.moves[{index}].move: {error}") from None
    expects = [("expect", scenario.expect)] + [
        (f"play.moves[{i}].expect", item.expect)
        for i, item in enumerate(scenario.play.moves)
        if item.expect is not None
    ]
    for where, expect in expects:
        for name, text in (*expect.animals.items(), *expect.preview.items()):
            _animal(name, f"{source}: {where}.animals")
            if text.lower() != "off":
                _placed(text, f"{source}: {where}.{name}")
        for player, text in expect.cameras.items():
            _square(text, f"{source}: {where}.cameras.{player}")
        for player, names in expect.photos.items():
            _photo_mask(names, f"{source}: {where}.photos.{player}")
        for text in [*(expect.legal or []), *expect.not_legal]:
            if text.lower() != "stay":
                _square(text, f"{source}: {where}.legal")


def check_rule_ids(scenario: Scenario, source: str, known: Collection[str]) -> None:
    cited = [*scenario.rules, *scenario.expect.log, *scenario.expect.no_log]
    for item in scenario.play.moves:
        if item.expect is not None:
            cited += [*item.expect.log, *item.expect.no_log]
    unknown = sorted({rule for rule in cited if rule not in known})
    if unknown:
        raise ScenarioError(
            f"{source}: unknown rule ids {', '.join(unknown)} (see docs/photo-safari.md)"
        )


# --------------------------------------------------------------------------- results


class MoveOut(BaseModel):
    number: int
    player: str
    text: str
    status: Literal["played", "refused", "not run"]
    message: str = ""
    steps: list[StepOut] = Field(default_factory=list)
    checks: list[CheckOut] = Field(default_factory=list)


class ScenarioResult(BaseModel):
    """The report of one scenario (``--json`` prints it)."""

    file: str
    title: str = ""
    rules: list[str] = Field(default_factory=list)
    moves: list[MoveOut] = Field(default_factory=list)
    checks: list[CheckOut] = Field(default_factory=list)
    passed: bool = False
    failures: list[str] = Field(default_factory=list)
    error: str = ""
    final: dict[str, JsonValue] = Field(default_factory=dict)


def position(state: PhotoState) -> dict[str, JsonValue]:
    """The parts of a state the expectations talk about, in scenario words."""
    outcome = "playing"
    if state.outcome == "draw":
        outcome = "draw"
    elif state.outcome:
        outcome = f"{PLAYERS[state.winner]} wins"
    return {
        "outcome": outcome,
        "player": PLAYERS[state.seat],
        "round": state.round,
        "animals": {ANIMAL_NAMES[a]: _animal_text(state, a) for a in range(len(Animal))},
        "cameras": {PLAYERS[s]: NAMES[square] for s, square in enumerate(state.camera)},
        "photos": {
            PLAYERS[s]: [ANIMAL_NAMES[a] for a in range(len(Animal)) if mask >> a & 1]
            for s, mask in enumerate(state.photos)
        },
    }


def _animal_text(state: PhotoState, animal: int) -> str:
    square = state.square[animal]
    return "off" if square == OFF else f"{NAMES[square]} {FACING_NAMES[state.facing[animal]]}"


def _evaluate(expect: Expect, state: PhotoState, steps: Sequence[Step]) -> list[CheckOut]:
    checks: list[CheckOut] = []
    now = position(state)

    def check(name: str, expected: Any, actual: Any, passed: bool | None = None) -> None:
        ok = expected == actual if passed is None else passed
        checks.append(CheckOut(name=name, expected=expected, actual=actual, passed=ok))

    for key in ("outcome", "player", "round"):
        wanted = getattr(expect, key)
        if wanted is not None:
            check(key, wanted, now[key])
    for name, text in expect.animals.items():
        animal = Animal[name.upper()]
        check(f"animals.{name}", " ".join(text.lower().split()), _animal_text(state, animal))
    for player, text in expect.cameras.items():
        check(f"cameras.{player}", text.lower(), NAMES[state.camera[PLAYERS.index(player)]])
    for player, names in expect.photos.items():
        mask = _photo_mask(names, "photos")
        wanted = [ANIMAL_NAMES[a] for a in range(len(Animal)) if mask >> a & 1]
        actual = now["photos"]
        assert isinstance(actual, dict)
        check(f"photos.{player}", wanted, actual[player])
    legal = sorted(format_move(state, square) for square in legal_actions(state))
    if expect.legal is not None:
        check("legal", sorted(text.lower() for text in expect.legal), legal)
    for text in expect.not_legal:
        check(f"not legal: {text}", True, text.lower() not in legal)
    if expect.preview:
        previewed = {animal: d for animal, d in animal_preview(state)}
        for name, text in expect.preview.items():
            decision = previewed.get(Animal[name.upper()])
            actual_text = (
                "off"
                if decision is None
                else f"{NAMES[decision.square]} {FACING_NAMES[decision.facing]}"
            )
            check(f"preview.{name}", " ".join(text.lower().split()), actual_text)
    rules = [step.rule for step in steps]
    for rule in expect.log:
        check(f"log has {rule}", True, rule in rules)
    for rule in expect.no_log:
        check(f"log lacks {rule}", True, rule not in rules)
    texts = " ".join(step.text for step in steps).lower()
    for text in expect.log_text:
        check(f"log text {text!r}", True, text.lower() in texts)
    return checks


def run_built(built: Built, source: str) -> ScenarioResult:
    """Play every move, checking refusals and expectations; stops at the first surprise."""
    scenario = built.scenario
    state = built.state
    all_steps: list[Step] = []
    result = ScenarioResult(file=source, title=scenario.title, rules=list(scenario.rules))
    stopped = False
    for index, item in enumerate(scenario.play.moves):
        out = MoveOut(
            number=index + 1, player=PLAYERS[state.seat], text=item.move, status="not run"
        )
        result.moves.append(out)
        if stopped or state.over:
            stopped = True
            continue
        refusal: str | None = None
        steps: list[Step] = []
        try:
            state, steps = apply(state, parse_move(state, item.move))
        except IllegalMove as error:
            refusal = str(error)
        all_steps.extend(steps)
        stopped = not record_play(out, steps, refusal, item.refused)
        if item.expect is not None and not stopped:
            out.checks.extend(_evaluate(item.expect, state, steps))
        result.failures += failures(f"move {index + 1} ({item.move!r})", out.checks)
    result.checks = _evaluate(scenario.expect, state, all_steps)
    result.failures += failures("expect", result.checks)
    result.final = position(state)
    result.passed = not result.failures
    return result


def run(
    data: Mapping[str, Any],
    source: str,
    load_setup: SetupLoader | None = None,
    known_rules: Collection[str] | None = None,
) -> ScenarioResult:
    """Validate, build and play a scenario; an unusable file raises ScenarioError."""
    scenario = parse_scenario(data, source)
    if known_rules is not None:
        check_rule_ids(scenario, source, known_rules)
    return run_built(build(scenario, source, load_setup), source)
