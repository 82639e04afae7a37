"""A tutorial's steps file: a fixed position to start from and the steps that teach the game
one thing at a time, each read, then done (an action, or a key of the game screen).

The file is data (``assets/tutorial/<game>.toml``), checked here with pydantic at the edge: a
broken file raises :class:`TutorialError` naming the file and the step. Whether each step's
action is legal at its moment is the engine's to say; ``tests/test_tutorial.py`` plays every
tutorial whole."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from bigfive_tui.files.reading import read_toml

GAMES = ("big-five", "photo-safari")


class TutorialError(ValueError):
    """A steps file that cannot be used; the message names the file and the step."""


class TutorialStep(BaseModel):
    """One thing taught. ``act``: the one action that does it, in the game's notation;
    ``any``: any action of that action key (an exchange: whatever the player chooses); ``key``:
    a key of the game screen to press (``v``); none of them: read, then Enter goes on.
    ``rigs`` are made just before the step's action is played (debug mode's rigs:
    ``rig roll ♠2``; the lesson's log tells them as arranged for the lesson)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = Field(min_length=1, max_length=60)
    text: str = Field(min_length=1, max_length=900)
    task: str = Field(default="", max_length=160)
    act: str = Field(default="", max_length=60)
    any: str = Field(default="", max_length=20)
    key: str = Field(default="", max_length=20)
    rigs: tuple[str, ...] = ()

    @field_validator("any", "key")
    @classmethod
    def _known(cls, value: str, info: ValidationInfo) -> str:
        known: Collection[str] = (info.context or {}).get(info.field_name, ())
        if value and known and value not in known:
            raise ValueError(f"{value!r} is not one of {', '.join(sorted(known))}")
        return value

    @property
    def kind(self) -> Literal["read", "act", "any", "key"]:
        if self.act:
            return "act"
        if self.any:
            return "any"
        return "key" if self.key else "read"


class Tutorial(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = Field(min_length=1, max_length=80)
    game: Literal["big-five", "photo-safari"]
    #: The starting position: a scenario file (Big Five) or a set-up file (Photo Safari),
    #: named relative to the steps file.
    position: str = Field(min_length=1, max_length=100)
    steps: tuple[TutorialStep, ...] = Field(min_length=1, max_length=100)
    #: Said at the end, over the offer of a first real game.
    finish: str = Field(min_length=1, max_length=900)

    @field_validator("steps")
    @classmethod
    def _one_of(cls, steps: tuple[TutorialStep, ...]) -> tuple[TutorialStep, ...]:
        for number, step in enumerate(steps, 1):
            given = [name for name in ("act", "any", "key") if getattr(step, name)]
            if len(given) > 1:
                raise ValueError(
                    f"step {number} ({step.title}): give one of act, any, key, not {given}"
                )
            if given and not step.task:
                raise ValueError(
                    f"step {number} ({step.title}): a step to do needs its task (what to press)"
                )
        return steps


def tutorial_dir() -> Path:
    from bigfive_tui.assets import tutorial_dir as shipped

    return shipped()


def load_tutorial(
    path: Path, *, action_keys: Collection[str] = (), screen_keys: Collection[str] = ()
) -> Tutorial:
    """The steps file at ``path``; ``action_keys`` and ``screen_keys`` are the names ``any``
    and ``key`` may use (the key table's, which this package does not import)."""
    data = read_toml(path, TutorialError)
    try:
        return Tutorial.model_validate(data, context={"any": action_keys, "key": screen_keys})
    except ValidationError as error:
        raise TutorialError(f"{path}: {_problems(error, data)}") from None


def _problems(error: ValidationError, data: object) -> str:
    """Each problem with where it is: ``step 3 (Moving): act: ...``."""
    lines = []
    steps = data.get("steps") if isinstance(data, dict) else None
    for problem in error.errors():
        where = list(problem["loc"])
        if len(where) >= 2 and where[0] == "steps" and isinstance(where[1], int):
            index = where[1]
            title = ""
            if isinstance(steps, list) and index < len(steps) and isinstance(steps[index], dict):
                title = f" ({steps[index].get('title', '')})"
            field = ".".join(str(part) for part in where[2:]) or "the step"
            lines.append(f"step {index + 1}{title}: {field}: {problem['msg']}")
        else:
            field = ".".join(str(part) for part in where) or "the file"
            lines.append(f"{field}: {problem['msg']}")
    return "; ".join(lines)


def shipped_tutorial(
    game: str, *, action_keys: Collection[str] = (), screen_keys: Collection[str] = ()
) -> Tutorial:
    if game not in GAMES:
        raise TutorialError(f"there is no tutorial for {game!r}; there are: {', '.join(GAMES)}")
    return load_tutorial(
        tutorial_dir() / f"{game}.toml", action_keys=action_keys, screen_keys=screen_keys
    )
