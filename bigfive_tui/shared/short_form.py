"""The short form both games' scenario files allow in a list of moves or actions: an item may be
plain text, standing for a table that holds only that text (``"refuel"`` for ``{act =
"refuel"}``), so the common case reads like the notation."""

from __future__ import annotations

from typing import Any

from pydantic import BeforeValidator


def plain_text_items(key: str) -> BeforeValidator:
    """Validates a list whose plain-text items stand for ``{key: text}``."""

    def expand(value: Any) -> Any:
        if isinstance(value, list):
            return [{key: item} if isinstance(item, str) else item for item in value]
        return value

    return BeforeValidator(expand)
