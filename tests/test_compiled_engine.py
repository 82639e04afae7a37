"""The optional compiled engine (``BIGFIVE_COMPILE=1 pip install .``, hatch_build.py) plays the
same games as the pure one, and debug mode steps through them exactly.

Building it takes a C compiler, Python's headers and half a minute or more of compiling, so these
tests run when asked (CI asks): ``BIGFIVE_TEST_COMPILED=1 pytest tests/test_compiled_engine.py``;
where the compiler or the headers are missing they skip, saying which. That the default install
stays pure is checked on every run, in tests/test_packaging.py.
"""

from __future__ import annotations

import os
import shutil
import sysconfig
from pathlib import Path

import pytest
from wheel_support import ROOT, install_wheel, run_installed

GOLDEN = Path(__file__).parent / "playthroughs"

SWITCH = "BIGFIVE_TEST_COMPILED"

#: A recorded game, printed: each action's rule steps and a fingerprint of the game after each
#: step (debug mode's stepping), the setup's steps and states, and whole random games' ends.
RECORD = """
import random
from bigfive_tui.assets import seeded_board
from bigfive_tui.simulation.playing import play_out
from bigfive_tui.engine.content import Difficulty, Guide
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.session import Session, make_game
from bigfive_tui.engine.setup import new_game
from bigfive_tui.engine.state import fingerprint
from bigfive_tui.players.random_player import choose

guides = (Guide.KATE, Guide.SAM, Guide.ANNA, Guide.JACK, Guide.DAVID)
game = make_game(seeded_board(5), guides, Difficulty.NORMAL, (), 5)
states = []
state, steps = new_game(game, states=states)
assert len(states) == len(steps)
for step, after in zip(steps, states):
    print("setup", step.text, fingerprint(after))
session = Session(game)
pick = random.Random(5)
while not session.state.over:
    steps, states = session.play_recorded(choose(session.state, legal_actions(session.state), pick))
    assert len(states) == len(steps), (len(states), len(steps))
    for step, after in zip(steps, states):
        print(step.rule, step.text, fingerprint(after))
for seed in range(40):
    board = seeded_board(seed)
    state, _ = new_game(make_game(board, guides[: 2 + seed % 4], Difficulty.NORMAL, (), seed))
    result = play_out(state, choose, random.Random(seed))
    print("game", seed, result.actions, state.outcome, fingerprint(state))
"""


def why_not_built() -> str | None:
    """Why the compiled engine is not built for these tests here; None when it is."""
    if os.environ.get(SWITCH) != "1":
        return f"the compiled engine is built only with {SWITCH}=1 (CI sets it)"
    # The compiler setuptools would call: $CC, else the one this Python was built with.
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) to build the compiled engine with"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h) to build the compiled engine with"
    return None


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project built as the compiled wheel, the way the README says, installed apart."""
    reason = why_not_built()
    if reason is not None:
        pytest.skip(reason)
    return install_wheel(tmp_path_factory.mktemp("compiled"), {"BIGFIVE_COMPILE": "1"})


def test_where_no_compiler_or_no_switch_the_compiled_tests_skip_saying_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(SWITCH, "1")
    monkeypatch.setenv("CC", "no-such-cc -pthread")
    assert why_not_built() == "no C compiler (no-such-cc) to build the compiled engine with"
    monkeypatch.delenv(SWITCH)
    assert why_not_built() == f"the compiled engine is built only with {SWITCH}=1 (CI sets it)"


def run_with(path: Path, *args: str) -> str:
    """Python against the installed ``path``; its output, once it has succeeded."""
    done = run_installed(path, *args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_compiled_wheel_runs_compiled_engine_modules(compiled: Path) -> None:
    """The modules of a whole game, its board and setup included, are the compiled ones."""
    found = run_with(
        compiled,
        "-c",
        "import bigfive_tui.engine.apply_action as a, bigfive_tui.engine.state as s, "
        "bigfive_tui.engine.board as b, bigfive_tui.shared.rng as r, "
        "bigfive_tui.players.random_player as p; "
        "print(a.__file__); print(s.__file__); print(b.__file__); print(r.__file__); "
        "print(p.__file__)",
    )
    modules = found.splitlines()
    assert len(modules) == 5
    for module in modules:
        assert module.startswith(str(compiled)) and module.endswith(".so")


def test_the_compiled_boards_lazy_tables_are_made_once_and_kept(compiled: Path) -> None:
    """mypyc compiles a cached_property as a property that never caches; the board's tables
    made on first use (Kate's lines, where a space is seen from) must still be made once."""
    kept = run_with(
        compiled,
        "-c",
        "from bigfive_tui.assets import seeded_board; b = seeded_board(3); "
        "print(b.long_view is b.long_view, b.spotter_view is b.spotter_view, "
        "b.seen_from is b.seen_from, b.spotted_from is b.spotted_from, "
        "b.spotter_view_at(40) is b.spotter_view_at(40))",
    )
    assert kept.split() == ["True"] * 5


def test_golden_playthroughs_are_the_same_with_the_compiled_engine(compiled: Path) -> None:
    out = compiled.parent / "golden"
    run_with(compiled, "-m", "bigfive_tui.cli", "playthrough", "--golden", str(out))
    for golden in sorted(GOLDEN.glob("*.txt")):
        assert (out / golden.name).read_text(encoding="utf-8") == golden.read_text(
            encoding="utf-8"
        ), golden.name


def test_debug_stepping_and_whole_games_are_the_same_compiled_and_pure(compiled: Path) -> None:
    pure = run_with(ROOT, "-c", RECORD)
    assert run_with(compiled, "-c", RECORD) == pure
    assert pure.count("\ngame ") == 40 and "R-move" in pure
