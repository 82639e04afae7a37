"""Rule texts by id, read from docs/rules.md, so the app can quote a rule next to its id."""

from __future__ import annotations

import re
from functools import cache

from bigfive_tui.assets import rules_path

_RULE = re.compile(r"^- \*\*((?:R|RU|D)-[A-Za-z0-9-]+)\*\* (.*?)(?=^- |^\s*$|^#|\Z)", re.M | re.S)


@cache
def rule_texts() -> dict[str, str]:
    try:
        text = rules_path().read_text(encoding="utf-8")
    except OSError:
        return {}
    return {match[1]: " ".join(match[2].split()) for match in _RULE.finditer(text)}


def rule_text(rule: str) -> str:
    """The rule's sentence(s) without markup, or "" if the id is unknown."""
    return rule_texts().get(rule, "").replace("**", "").replace("*", "")
