"""The Big Five's game record as a file holds it: the setup, the seed, the actions, rigs and
branches, validated at the edge with pydantic (the core of a save file).

Only the shape: turning a record into a game and back is :mod:`.replay`'s, so that reading a
save's summary needs no engine.
"""

# No ``from __future__ import annotations`` here: pydantic would compile each field's
# annotation from its text, at every start-up.

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

GuideName = Literal["jack", "david", "anna", "kate", "sam"]
DifficultyName = Literal["beginner", "normal", "expert"]
RemovableSpecies = Literal["lion", "leopard", "elephant", "rhino"]


# Lists default to ``[]``, which pydantic copies for each model, not to ``default_factory=list``:
# pydantic reads a factory's signature, and a builtin's costs about 4 M instructions of
# start-up per field (its text signature is tokenized). Each model is built on first use
# (``defer_build``): a save builds them once, inside its own model, not each on its own too.


class SetupRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    guides: list[GuideName] = Field(min_length=2, max_length=5)
    difficulty: DifficultyName = "beginner"
    removed_species: list[RemovableSpecies] = Field(default=[], max_length=2)
    seed: int = Field(ge=0, lt=2**63)
    layout_name: str = "custom"
    board: list[str] = Field(min_length=9, max_length=9, description="'<piece> <side> [turned]'")
    pieces: list[dict[str, Any]] = Field(default=[], description="inline pieces for a custom board")
    start_spaces: list[str] | None = None


class RigRecord(BaseModel):
    """A rig made in debug mode (D-rig-*), after the first ``before`` actions."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    before: int = Field(ge=0)
    rig: str = Field(description="in the notation: 'rig roll ♣4', 'rig card Fire', ...")


class BranchRecord(BaseModel):
    """The game went back (the timeline's "play from here") or had its position edited, and
    went on from there: it is not a game played straight through."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    actions: int = Field(ge=0, description="actions kept from the line that was left")
    turn: int = Field(ge=1)
    how: Literal["play from here", "edited position"]
    abandoned: str = Field(default="", description="the save that keeps the line left")


class GameRecord(BaseModel):
    """Setup, seed, actions and rigs: enough to replay a game exactly. A game that began from a
    position (a scenario, an edited position) has it in ``position``, in the scenario format;
    ``setup`` then only names its guides, difficulty and board."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    format: Literal["bigfive-record"] = "bigfive-record"
    version: Literal[1] = 1
    setup: SetupRecord
    position: dict[str, Any] | None = None
    actions: list[str] = Field(default=[])
    rigs: list[RigRecord] = Field(default=[])
    branches: list[BranchRecord] = Field(default=[])
