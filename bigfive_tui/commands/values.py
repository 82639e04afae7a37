"""Checks for option values, made where the flags are read: a value out of range is a usage
error naming the flag (argparse adds it), not a crash later on."""

from __future__ import annotations

import argparse

from bigfive_tui.safe_text import printable

#: Seeds are stored as 64-bit integers (saves, the engine's generator).
MAX_SEED = 2**63 - 1


def seed_value(text: str) -> int:
    digits = text.strip().removeprefix("+").removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(f"{printable(text)[:40]!r} is not a whole number")
    if text.strip().startswith("-") or len(digits) > len(str(MAX_SEED)) or int(digits) > MAX_SEED:
        raise argparse.ArgumentTypeError(
            f"{printable(text)[:40]} is out of range: a seed is 0 to 2^63-1"
        )
    return int(digits)
