"""The scenario file format: pydantic models of parsed TOML, and the error every problem
with a file raises, naming the file and the field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, field_validator

from bigfive_tui.engine.content import FIRE_MARKERS
from bigfive_tui.shared.short_form import plain_text_items


def _lower(value: Any) -> Any:
    """Names are case-insensitive: ``"Kate"`` is ``"kate"``."""
    return value.lower() if isinstance(value, str) else value


Lower = BeforeValidator(_lower)


def _one_or_more(value: Any) -> Any:
    """One action in notation, or a list of them (any of which passes)."""
    return [value] if isinstance(value, str) else value


GuideName = Annotated[Literal["jack", "david", "anna", "kate", "sam"], Lower]
SpeciesName = Annotated[Literal["lion", "leopard", "elephant", "rhino", "buffalo"], Lower]
RemovableSpecies = Annotated[Literal["lion", "leopard", "elephant", "rhino"], Lower]
AnimalName = Annotated[Literal["lion", "leopard", "elephant", "rhino", "monkey"], Lower]
#: What ``expect.discarded`` may name: the animals, and the buffalo (never discarded: always 0).
DiscardedName = Annotated[
    Literal["lion", "leopard", "elephant", "rhino", "monkey", "buffalo"], Lower
]
DifficultyName = Annotated[Literal["beginner", "normal", "expert"], Lower]
GateName = Annotated[Literal["west", "east"], Lower]
#: false: sound; "new": flat since its owner's last turn; true / "repairable": repairable now.
FlatState = Annotated[Literal[False, True, "new", "repairable"], Lower]
PhaseName = Annotated[Literal["draw", "actions", "influence", "over"], Lower]
#: A computer player whose words ``expect.reason_*`` checks (players/teammates.DECIDERS).
PlayerName = Annotated[
    Literal["random", "greedy", "tactics", "team", "search", "search-practice", "search-hint"],
    Lower,
]
OUTCOME_PATTERN = r"^(playing|won|lost(:(food|stuck|species(:(lion|leopard|elephant|rhino))?))?)$"
FireCount = Annotated[int, Field(ge=1, le=FIRE_MARKERS)]
#: TOML integers are signed 64-bit; the generator's state is written in that range.
SEED_RANGE = (-(2**63), 2**63)


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
    #: Flat tyre cards beside the board: 2 after a second flat tyre (RU-flat-tyre-again).
    flat_cards: int | None = Field(default=None, ge=1, le=2)


class AnimalsSpec(_Model):
    supply: list[AnimalName] = Field(default_factory=list)
    discarded: list[AnimalName] = Field(default_factory=list)
    rest: Literal["supply", "discarded"] = "supply"


class CardsSpec(_Model):
    top: list[str] = Field(default_factory=list)
    #: How many of ``top`` (from the top) every guide has seen: the card an influence put back
    #: on top of the deck (R-influence). Computer players may plan with it; the rest is hidden.
    top_seen: int = Field(default=0, ge=0)
    #: The two cards an influencing guide looks at (top card first; turn.phase = "influence").
    looking_at: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    rest: Literal["deck", "discard"] = "deck"
    rain: list[GuideName] = Field(default_factory=list)
    hippos: list[GuideName] = Field(default_factory=list)
    broken_gates: list[GateName] = Field(default_factory=list)


class TurnSpec(_Model):
    guide: GuideName | None = None
    phase: PhaseName = "draw"
    #: How a game in phase "over" ended (won, lost:food, ...).
    outcome: Annotated[str, Lower, Field(pattern=OUTCOME_PATTERN)] | None = None
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

    outcome: Annotated[str, Lower, Field(pattern=OUTCOME_PATTERN)] | None = None
    guide: GuideName | None = None
    seat: int | None = Field(default=None, ge=1, le=5)
    phase: PhaseName | None = None
    turn: int | None = None
    actions_left: int | None = None
    vehicles: dict[GuideName, VehicleExpect] = Field(default_factory=dict)
    tokens: dict[str, str] = Field(default_factory=dict)
    fires: dict[str, int] = Field(default_factory=dict)
    fire_supply: int | None = None
    supply: int | None = None
    discarded: dict[DiscardedName, int] = Field(default_factory=dict)
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
    #: What a computer player would do now for the guide at the wheel, and its words.
    reason_player: PlayerName = "search-practice"
    reason_act: Annotated[list[str], BeforeValidator(_one_or_more)] = Field(default_factory=list)
    reason_contains: list[str] = Field(default_factory=list)
    reason_absent: list[str] = Field(default_factory=list)
    #: What the hint (the app's own) says now: its action (any of these) and its words.
    hint_act: Annotated[list[str], BeforeValidator(_one_or_more)] = Field(default_factory=list)
    hint_contains: list[str] = Field(default_factory=list)
    hint_absent: list[str] = Field(default_factory=list)


class ActionSpec(_Model):
    act: str
    dice: list[str] = Field(default_factory=list)
    refused: bool | str = False
    expect: Expect | None = None

    @field_validator("refused", mode="before")
    @classmethod
    def _true_or_text(cls, value: Any) -> Any:
        if not isinstance(value, bool | str):
            raise ValueError(
                f"write true, or a text the refusal message must contain (got {value!r})"
            )
        return value


class SetupSpec(_Model):
    """``start = "new game"``: the setup's own dice and which face-down animals come first."""

    dice: list[str] = Field(default_factory=list)
    animals: list[AnimalName] = Field(default_factory=list)


class PlaySpec(_Model):
    dice: list[str] = Field(default_factory=list)
    actions: Annotated[list[ActionSpec], plain_text_items("act")] = Field(default_factory=list)


class Scenario(_Model):
    title: str = ""
    rules: list[str] = Field(default_factory=list)
    about: str = ""
    start: Annotated[Literal["position", "new game"], Lower] = "position"
    seed: int = Field(default=1, ge=SEED_RANGE[0], lt=SEED_RANGE[1])
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
    setup: SetupSpec = Field(default_factory=SetupSpec)
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
    return text or "the file"


def _problem(item: Mapping[str, Any]) -> str:
    """One pydantic error in a scenario author's words: the field path as written in the
    file, never a class name or pydantic's own labels (``[key]``, union members)."""
    loc = [part for part in item["loc"] if part not in ("bool", "str", "int")]
    kind, message, given = item["type"], item["msg"], item["input"]
    if "[key]" in loc:  # a table key that is not allowed: say it as the key it is
        where = _path(loc[: loc.index("[key]") - 1])
        return f"{where}: {given!r} is not allowed as a key here; write {item['ctx']['expected']}"
    where = _path(loc)
    if kind == "extra_forbidden":
        return f"{where}: no such key (docs/scenarios.md lists the keys of every table)"
    if kind == "value_error":
        return f"{where}: {message.removeprefix('Value error, ')}"
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        what = (
            "an action: a text like 'move ♣4' or a table with act = ..."
            if loc[-2:-1] == ["actions"]
            else "a table"
        )
        return f"{where}: should be {what} (got {given!r})"
    if kind == "literal_error":
        expected = item["ctx"]["expected"].replace("False", "false").replace("True", "true")
        return f"{where}: {given!r} is not allowed here; write {expected}"
    if kind == "string_pattern_mismatch" and loc[-1] == "outcome":
        return (
            f"{where}: {given!r} is not an outcome; write playing, won, lost, lost:food, "
            "lost:stuck, lost:species or lost:species:<lion|leopard|elephant|rhino>"
        )
    if loc == ["seed"] and kind in ("greater_than_equal", "less_than"):
        return (
            f"seed: {given} is outside TOML's integers (-{2**63} to {2**63 - 1}); a larger "
            f"generator state is written as the same number minus 2**64"
        )
    if kind.endswith(("_type", "_parsing")) or kind in ("greater_than_equal", "less_than"):
        return f"{where}: {message} (got {given!r})"
    return f"{where}: {message}"


def parse_scenario(data: Mapping[str, Any], source: str) -> Scenario:
    """Validate parsed TOML; a problem raises ScenarioError naming file and field."""
    try:
        return Scenario.model_validate(data)
    except ValidationError as error:
        problems = "; ".join(dict.fromkeys(_problem(item) for item in error.errors()))
        raise ScenarioError(f"{source}: {problems}") from None
