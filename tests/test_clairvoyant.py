"""The clairvoyant benchmark player (bench/clairvoyant.py): it plays whole games at every guide
count, it really plays against the true future, and nothing a player can reach leads to it."""

from __future__ import annotations

import ast
import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from bigfive_tui.assets import seeded_board
from bigfive_tui.engine.content import Guide
from bigfive_tui.engine.hidden import determinize
from bigfive_tui.engine.session import make_game
from bigfive_tui.engine.setup import new_game
from bigfive_tui.players import POLICIES
from bigfive_tui.simulation.playing import game_setup, play_game
from bigfive_tui.simulation.settings import POLICY_CHOICES, Settings

ROOT = Path(__file__).resolve().parent.parent


def clairvoyant() -> ModuleType:
    path = ROOT / "bench" / "clairvoyant.py"
    spec = importlib.util.spec_from_file_location("bench_clairvoyant", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_no_module_of_the_game_imports_the_benchmarks_or_names_the_clairvoyant_player() -> None:
    for path in (ROOT / "bigfive_tui").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(name.split(".")[0] == "bench" for name in names), path
        assert "clairvoyant" not in path.read_text(encoding="utf-8").lower(), path


def test_neither_simulate_nor_the_teammates_offer_the_clairvoyant_player() -> None:
    assert not any("clairvoyant" in name for name in POLICIES)
    assert not any("clairvoyant" in name for name in POLICY_CHOICES)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_clairvoyant_player_plays_whole_games_at_every_guide_count(players: int) -> None:
    module = clairvoyant()
    for level in ("beginner", "normal", "expert"):
        settings = Settings(1, None, players, level, "clairvoyant", 0, None)
        setup = game_setup(settings, 4100 + players)
        player = module.Clairvoyant(tries=3)
        result = play_game(seeded_board(setup.seed), setup, player.choose)
        assert result.outcome == "won" or result.outcome.startswith("lost:")
        assert player.plans >= 1


def test_a_winning_line_it_finds_is_the_game_that_is_played() -> None:
    """It reads the true future: a line found at the first decision, played on a copy of the
    true state, is exactly the game that follows, position by position; the same line played
    on a copy dealt from what a guide can know (as the honest players plan) soon parts from it."""
    module = clairvoyant()
    guides = (Guide.JACK, Guide.KATE, Guide.SAM)
    held = 0
    for seed in range(20):
        settings = Settings(1, guides, None, "normal", "clairvoyant", 0, None)
        setup = game_setup(settings, 5200 + seed)
        player = module.Clairvoyant(tries=2)
        result = play_game(seeded_board(setup.seed), setup, player.choose)
        if player.plans == 1:  # every action stood where the first line expected it
            assert result.outcome == "won"
            assert result.actions == len(player.steps)
            held += 1
    assert held >= 10


def test_an_honest_copy_of_the_game_has_another_future() -> None:
    module = clairvoyant()
    settings = Settings(1, (Guide.JACK, Guide.KATE, Guide.SAM), None, "normal", "c", 0, None)
    setup = game_setup(settings, 5300)
    state, _ = new_game(
        make_game(seeded_board(setup.seed), setup.guides, setup.difficulty, (), setup.seed)
    )
    true = module.play_line(state, module.Intent.STEADY, 0.0, random.Random(1))
    again = module.play_line(state, module.Intent.STEADY, 0.0, random.Random(1))
    dealt = module.play_line(
        determinize(state, random.Random(2)), module.Intent.STEADY, 0.0, random.Random(1)
    )
    assert [where for where, _ in again.steps] == [where for where, _ in true.steps]
    assert [where for where, _ in dealt.steps] != [where for where, _ in true.steps]
