"""Every rule and ruling in docs/rules.md has a test named after it or a scenario citing it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

TESTS = Path(__file__).parent
RULES = TESTS.parent / "docs" / "rules.md"
ID = re.compile(r"^- \*\*(RU?-[a-z0-9-]+)\*\*", re.MULTILINE)


def rule_ids() -> list[str]:
    return ID.findall(RULES.read_text(encoding="utf-8"))


def covered_by_tests(ids: list[str]) -> set[str]:
    """A test covers the longest id its name starts with: test_R_move_hill_... -> R-move-hill."""
    by_name = sorted(((i.replace("-", "_"), i) for i in ids), key=lambda p: -len(p[0]))
    covered = set()
    for path in TESTS.glob("test_*.py"):
        for name in re.findall(r"^\s*(?:async )?def test_(\w+)", path.read_text(), re.MULTILINE):
            for normalised, rule in by_name:
                if name == normalised or name.startswith(normalised + "_"):
                    covered.add(rule)
                    break
            for normalised, rule in by_name:  # a name may cite a second id after "_and_"
                if f"_and_{normalised}_" in name + "_":
                    covered.add(rule)
    return covered


def covered_by_scenarios() -> set[str]:
    covered: set[str] = set()
    for path in (TESTS / "scenarios").glob("*.toml"):
        covered.update(tomllib.loads(path.read_text(encoding="utf-8")).get("rules", []))
    return covered


def test_rule_ids_are_unique_and_numerous() -> None:
    ids = rule_ids()
    assert len(ids) == len(set(ids)) > 100


def test_every_rule_and_ruling_is_covered() -> None:
    ids = rule_ids()
    missing = sorted(set(ids) - covered_by_tests(ids) - covered_by_scenarios())
    assert not missing, f"rules without a test or scenario: {missing}"


def test_scenarios_cite_only_existing_rules() -> None:
    unknown = sorted(covered_by_scenarios() - set(rule_ids()))
    assert not unknown, f"scenarios cite unknown rule ids: {unknown}"
