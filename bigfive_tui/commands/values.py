"""Checks for option values, made where the flags are read: a value out of range is a usage
error naming the flag (argparse adds it), not a crash later on."""

from __future__ import annotations

from argparse import ArgumentTypeError

from bigfive_tui.safe_text import printable

#: Seeds are stored as 64-bit integers (saves, the engine's generator).
MAX_SEED = 2**63 - 1


def _in_range(digits: str) -> bool:
    """Decimal digits naming a seed (the length first: Python refuses to read very long ones)."""
    return len(digits) <= len(str(MAX_SEED)) and int(digits) <= MAX_SEED


def seed_value(text: str) -> int:
    digits = text.strip().removeprefix("+").removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise ArgumentTypeError(f"{printable(text)[:40]!r} is not a whole number")
    if text.strip().startswith("-") or not _in_range(digits):
        raise ArgumentTypeError(f"{printable(text)[:40]} is out of range: a seed is 0 to 2^63-1")
    return int(digits)


def plain_seed(text: str) -> int | None:
    """The seed plain decimal digits name, as :func:`seed_value` reads them; None for any
    other text (seed_value then says what is wrong with it)."""
    return int(text) if text.isascii() and text.isdigit() and _in_range(text) else None
