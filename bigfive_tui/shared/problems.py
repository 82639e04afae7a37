"""How a file that cannot be used reads to a person: each field's place and what is wrong, and
the one error of a game record that cannot be loaded, whichever game it is of."""

from __future__ import annotations

from pydantic import ValidationError


class RecordError(ValueError):
    """A game record or save that cannot be loaded; nothing was half-loaded."""


def validation_problems(error: ValidationError) -> str:
    """``where: what`` for every problem, joined by "; " (the whole file is "file")."""
    return "; ".join(
        f"{'.'.join(str(part) for part in item['loc']) or 'file'}: "
        f"{item['msg'].removeprefix('Value error, ')}"
        for item in error.errors()
    )
