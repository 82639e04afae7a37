"""How a file that pydantic refused reads to a person: each field's place and what is wrong."""

from __future__ import annotations

from pydantic import ValidationError


def validation_problems(error: ValidationError) -> str:
    """``where: what`` for every problem, joined by "; " (the whole file is "file")."""
    return "; ".join(
        f"{'.'.join(str(part) for part in item['loc']) or 'file'}: "
        f"{item['msg'].removeprefix('Value error, ')}"
        for item in error.errors()
    )
