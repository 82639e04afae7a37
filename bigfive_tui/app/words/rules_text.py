"""Rule texts by id, so the app can quote a rule next to its id: the Big Five's from
docs/rules.md (R-, RU- and D- ids), Photo Safari's from docs/photo-safari.md (P- and PU- ids)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from bigfive_tui.assets import photo_safari_rules_path, rules_path

_RULE = re.compile(
    r"^- \*\*((?:R|RU|D|P|PU)-[A-Za-z0-9-]+)\*\* (.*?)(?=^- |^\s*$|^#|\Z)", re.M | re.S
)
#: A pointer elsewhere in the rules: "(see Repair a gate)", "(RU-flat-tyre-again)".
_POINTER = re.compile(r" ?\((?:see [^()]*|(?:R|RU|D|P|PU)-[A-Za-z0-9-]+)\)")


@cache
def _texts(path: Path) -> dict[str, str]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return {}
    return {match[1]: " ".join(match[2].split()) for match in _RULE.finditer(text)}


def rule_texts() -> dict[str, str]:
    """The Big Five's rules by id."""
    return _texts(rules_path())


def rule_text(rule: str) -> str:
    """The rule's sentence(s) without markup, from the rules file of the game its id belongs
    to, or "" if the id is unknown."""
    photo = rule.startswith(("P-", "PU-"))
    texts = _texts(photo_safari_rules_path()) if photo else rule_texts()
    return texts.get(rule, "").replace("**", "").replace("*", "")


def rule_text_alone(rule: str) -> str:
    """The rule as a box beside the board shows it, without its pointers to other rules: a
    player reading a card there has no chapter "Repair a gate" or id "RU-flat-tyre-again" at
    hand (a first game's reader could not find how to mend the gate from them)."""
    return _POINTER.sub("", rule_text(rule))
