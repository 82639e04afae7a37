"""Photo Safari's scenario files read from disk: the scenario's TOML, the shipped set-ups (or a
set-up file beside the scenario) and docs/photo-safari.md for the known rule ids, then handed to
the pure runner (:mod:`.scenario`), for ``bigfive photo-safari scenario`` and the tests."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bigfive_tui.photo_safari.engine.state import Layout
    from bigfive_tui.photo_safari.scenario import ScenarioResult

RULE_ID = re.compile(r"\*\*((?:P|PU)-[a-z0-9-]+)\*\*")


def known_rule_ids() -> set[str]:
    from bigfive_tui.assets import photo_safari_rules_path

    return set(RULE_ID.findall(photo_safari_rules_path().read_text(encoding="utf-8")))


def layout_loader(path: Path) -> Any:
    """Shipped set-ups by name; a name with a slash or .toml is a file beside the scenario."""
    from bigfive_tui.photo_safari.setups import chosen_layout

    def load(name: str, seed: int) -> Layout:
        if "/" in name or name.endswith(".toml"):
            return chosen_layout(str((path.parent / name).resolve()), seed)
        return chosen_layout(name, seed)

    return load


def read_scenario(path: Path) -> dict[str, Any]:
    from bigfive_tui.assets import read_toml
    from bigfive_tui.photo_safari.scenario import ScenarioError

    return read_toml(path, ScenarioError)


def run_file(path: Path) -> ScenarioResult:
    """Play one scenario file; an unusable file raises ScenarioError naming it."""
    from bigfive_tui.photo_safari.scenario import run

    return run(read_scenario(path), str(path), layout_loader(path), known_rule_ids())
