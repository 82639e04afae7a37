"""Every rule and ruling of docs/photo-safari.md has a test named after it or a scenario citing
it (the Big Five's rules have their own check in test_rule_coverage.py)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

TESTS = Path(__file__).parent
RULES = TESTS.parent / "docs" / "photo-safari.md"
ID = re.compile(r"^- \*\*(PU?-[a-z0-9-]+)\*\*", re.MULTILINE)


def rule_ids() -> list[str]:
    return ID.findall(RULES.read_text(encoding="utf-8"))


def covered_by_tests(ids: list[str]) -> set[str]:
    """A test covers the longest id its name starts with (test_P_animal_stuck_... ->
    P-animal-stuck) and any id named after "_and_"."""
    by_name = sorted(((i.replace("-", "_"), i) for i in ids), key=lambda p: -len(p[0]))
    covered = set()
    for path in TESTS.glob("test_photo*.py"):
        for name in re.findall(r"^\s*(?:async )?def test_(\w+)", path.read_text(), re.MULTILINE):
            for normalised, rule in by_name:
                if name == normalised or name.startswith(normalised + "_"):
                    covered.add(rule)
                    break
            for normalised, rule in by_name:
                if f"_and_{normalised}_" in name + "_":
                    covered.add(rule)
    return covered


def covered_by_scenarios() -> set[str]:
    covered: set[str] = set()
    for path in (TESTS / "photo_scenarios").glob("*.toml"):
        covered.update(tomllib.loads(path.read_text(encoding="utf-8")).get("rules", []))
    return covered


def test_photo_rule_ids_are_unique_and_cover_the_book() -> None:
    ids = rule_ids()
    assert len(ids) == len(set(ids)) > 35
    assert not [i for i in ids if not i.startswith(("P-", "PU-"))]


def test_every_photo_rule_and_ruling_is_covered_by_a_test() -> None:
    """Tests, not only scenarios: every id has a test of its own name."""
    ids = rule_ids()
    missing = sorted(set(ids) - covered_by_tests(ids))
    assert not missing, f"rules without a test: {missing}"


def test_photo_scenarios_cite_only_existing_rules() -> None:
    unknown = sorted(covered_by_scenarios() - set(rule_ids()))
    assert not unknown, f"scenarios cite unknown rule ids: {unknown}"
