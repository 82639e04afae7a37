"""The scenario file format: pydantic models of parsed TOML, and the error every problem
with a file raises, naming the file and the field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from bigfive_tui.engine.content import FIRE_MARKERS

GuideName = Literal["jack", "david", "anna", "kate", "sam"]
SpeciesName = Literal["lion", "leopard", "elephant", "rhino", "buffalo"]
RemovableSpecies = Literal["lion", "leopard", "elephant", "rhino"]
AnimalName = Literal["lion", "leopard", "elephant", "rhino", "monkey"]
DifficultyName = Literal["beginner", "normal", "expert"]
GateName = Literal["west", "east"]
FlatState = Literal[False, True, "new", "repairable"]
FireCount = Annotated[int, Field(ge=1, le=FIRE_MARKERS)]


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
