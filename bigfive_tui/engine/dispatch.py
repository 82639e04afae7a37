"""Dispatch tables indexed by an enum's values: comparing Enum members one by one is slow on
the engine's hot paths."""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from typing import TypeVar

_Effect = TypeVar("_Effect")


def dispatch_table(kinds: type[IntEnum], effects: Mapping[IntEnum, _Effect]) -> tuple[_Effect, ...]:
    """A dispatch tuple indexed by an enum's values, which must run 0, 1, 2, ... and all be
    covered."""
    order = sorted(kinds)
    if [int(kind) for kind in order] != list(range(len(order))) or set(effects) != set(order):
        raise AssertionError(f"{kinds.__name__}: every member needs exactly one effect")
    return tuple(effects[kind] for kind in order)
