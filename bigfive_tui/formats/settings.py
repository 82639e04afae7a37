"""The setups kept in ``settings.json`` as the file holds them, validated at the edge with
pydantic: the last Big Five setup and the last Photo Safari setup started.

Only the new-game screens and starting a game read or write them, so a start-up that opens a
saved game never builds these models (the settings' plain words, the theme and the like, are
checked in :mod:`bigfive_tui.app.files.settings`).
"""

# No ``from __future__ import annotations`` here: pydantic would compile each field's
# annotation from its text, at every start-up.

from typing import Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_validator,
)

from bigfive_tui.formats.record import DifficultyName, GuideName, RemovableSpecies


class SeatSettings(BaseModel):
    # Built on first use, as the next two: on their own only when a game starts; reading
    # the settings builds them inside ``KeptSetups`` (1-2 ms less).
    model_config = ConfigDict(extra="ignore", defer_build=True)

    guide: GuideName
    computer: bool = False


class SetupSettings(BaseModel):
    """The setup of the last game started, offered again by the next new-game screen. Not its
    seed or start spaces: the next game gets a new board and new dice."""

    model_config = ConfigDict(extra="ignore", defer_build=True)

    seats: list[SeatSettings] = Field(min_length=2, max_length=5)
    difficulty: DifficultyName = "beginner"
    removed: list[RemovableSpecies] = Field(default=[], max_length=2)
    board_source: Literal["random", "layout", "file"] = "random"
    layout: str = Field(default="", max_length=4096)
    choose_starts: bool = False
    teammates: Literal["strong", "steady"] = "strong"
    practice: bool = False

    @model_validator(mode="after")
    def _each_once(self) -> "SetupSettings":
        guides = [seat.guide for seat in self.seats]
        if len(set(guides)) != len(guides) or len(set(self.removed)) != len(self.removed):
            raise ValueError("each guide and each species at most once")
        return self


class PhotoSetupSettings(BaseModel):
    """The last Photo Safari setup started: who is a computer, and the set-up (a shipped
    name, ``random``, or a file's full path). Not the seed: the next random set-up is new."""

    model_config = ConfigDict(extra="ignore", defer_build=True)

    computer: list[bool] = Field(min_length=2, max_length=2)
    setup: str = Field(default="typical", min_length=1, max_length=4096)


class KeptSetups(BaseModel):
    """The setups in the settings file. A setup that does not validate (a damaged file, or one
    from another version) is dropped on its own and the other is used; every other key is
    ignored here and kept in the file."""

    model_config = ConfigDict(extra="ignore", defer_build=True)

    setup: SetupSettings | None = None
    photo_safari: PhotoSetupSettings | None = None

    @field_validator("setup", "photo_safari", mode="wrap")
    @classmethod
    def _none_if_invalid(cls, value: object, handler: ValidatorFunctionWrapHandler) -> object:
        try:
            return handler(value)
        except ValidationError:
            return None
