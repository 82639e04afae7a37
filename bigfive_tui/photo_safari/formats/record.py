"""The file shapes of Photo Safari: a set-up as a file writes it, and a game record (a set-up,
its seed and the moves), validated at the edge with pydantic.

Kept apart from the rules, so that reading a save's summary needs nothing else of the engine.
"""

# No ``from __future__ import annotations`` here: pydantic would compile each field's
# annotation from its text, at every start-up.

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

RECORD_FORMAT = "photo-safari-record"
ROWS = 10


class LayoutFile(BaseModel):
    """A set-up file, and the copy of the set-up inside a game record."""

    # Built on first use: a Big Five start-up reads saves, whose format includes a Photo
    # Safari record (so this model inside it), but never a set-up file.
    model_config = ConfigDict(extra="forbid", defer_build=True)

    name: str = Field(min_length=1, max_length=60)
    description: str = ""
    terrain: list[str] = Field(min_length=ROWS, max_length=ROWS)
    animals: dict[str, str]
    cameras: dict[str, str] = Field(default={})


class PhotoRecord(BaseModel):
    """The set-up (in full, as a set-up file says it), its seed and the moves: enough to
    replay a game exactly, also when the shipped set-up files change."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    format: Literal["photo-safari-record"] = "photo-safari-record"
    version: Literal[1] = 1
    seed: int = Field(default=0, ge=0, lt=2**63)
    setup: LayoutFile
    moves: list[str] = Field(default=[])
