"""Scenario files (docs/scenarios.md) read from disk: the scenario's TOML, the shipped pieces
and layouts (or a layout file beside the scenario) and docs/rules.md for the known rule ids,
then handed to the pure runner. The one module of scenarios/ that reads files, for
``bigfive scenario`` and the tests."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bigfive_tui.engine.board import Board
    from bigfive_tui.scenarios.results import ScenarioResult

RULE_ID = re.compile(r"\*\*((?:R|RU)-[a-z0-9-]+)\*\*")


def known_rule_ids() -> set[str]:
    """Rule ids defined in docs/rules.md, so scenarios cannot cite a rule that does not exist."""
    from bigfive_tui.assets import rules_path

    return set(RULE_ID.findall(rules_path().read_text(encoding="utf-8")))


def read_scenario(path: Path) -> dict[str, Any]:
    from bigfive_tui.assets import read_toml
    from bigfive_tui.scenarios.model import ScenarioError

    return read_toml(path, ScenarioError)


def layout_loader(path: Path) -> Any:
    """Shipped layouts by name; a name with a slash or .toml is a file next to the scenario."""
    from bigfive_tui.assets import load_layout

    def load(name: str) -> Board:
        if "/" in name or name.endswith(".toml"):
            return load_layout(str((path.parent / name).resolve()))
        return load_layout(name)

    return load


def run_file(path: Path) -> ScenarioResult:
    """Play one scenario file; an unusable file raises ScenarioError naming it."""
    from bigfive_tui.assets import load_pieces
    from bigfive_tui.scenarios.runner import run

    data = read_scenario(path)
    return run(data, str(path), load_pieces(), layout_loader(path), known_rule_ids())


def rule_order() -> Any:
    """Sort rule ids in the order docs/rules.md defines them."""
    from bigfive_tui.assets import rules_path

    order = RULE_ID.findall(rules_path().read_text(encoding="utf-8"))
    return lambda rule: order.index(rule) if rule in order else len(order)
