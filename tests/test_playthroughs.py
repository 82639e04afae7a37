"""Golden playthroughs, in the spirit of OpenSpiel's integration_tests/playthroughs.

``bigfive playthrough`` writes a seeded game whole (bigfive_tui/playthrough.py): the legal
actions, the action chosen, the rule steps it took and a summary of the state after it. The
golden files in tests/playthroughs/ are written by that command; the tests play the games again
and compare, so any change in the engine's behaviour shows up as a readable diff.

After an intended change of the rules, write the files again and review the diff:

    bigfive playthrough --golden tests/playthroughs
"""

from __future__ import annotations

import difflib
import shlex
from pathlib import Path

import pytest

from bigfive_tui.cli import main
from bigfive_tui.playthrough import GOLDEN, Setup, write

HERE = Path(__file__).parent / "playthroughs"


@pytest.mark.parametrize("setup", GOLDEN, ids=[s.name for s in GOLDEN])
def test_playthrough_matches_golden_file(setup: Setup) -> None:
    path = HERE / f"{setup.name}.txt"
    text = write(setup)
    assert text.count("\n") <= 1500, "keep playthrough files under ~1500 lines"
    assert path.exists(), f"{path} is missing; write it with: bigfive playthrough --golden {HERE}"
    golden = path.read_text(encoding="utf-8")
    if text != golden:
        diff = difflib.unified_diff(
            golden.splitlines(), text.splitlines(), str(path), "now", lineterm="", n=2
        )
        shown = "\n".join(list(diff)[:80])
        pytest.fail(
            f"{path.name} differs from the engine's play (first lines of the diff below). If the "
            f"change is intended, write the files again with 'bigfive playthrough --golden "
            f"tests/playthroughs' and review the diff.\n{shown}"
        )


def test_playthroughs_are_reproducible() -> None:
    setup = GOLDEN[0]
    assert write(setup) == write(setup)


def test_the_command_in_a_golden_file_writes_that_file(tmp_path: Path) -> None:
    """Each file names the command that wrote it; run as printed, it writes the file again."""
    path = HERE / f"{GOLDEN[0].name}.txt"
    header = path.read_text(encoding="utf-8").splitlines()[4]
    assert header.startswith("# written by: bigfive playthrough ")
    argv = shlex.split(header.removeprefix("# written by: bigfive "))
    out = tmp_path / "again.txt"
    assert main([*argv, "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")


def test_golden_writes_every_golden_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["playthrough", "--golden", str(tmp_path)]) == 0
    for setup in GOLDEN:
        assert (tmp_path / f"{setup.name}.txt").read_text(encoding="utf-8") == (
            HERE / f"{setup.name}.txt"
        ).read_text(encoding="utf-8")
    assert capsys.readouterr().out.count("wrote ") == len(GOLDEN)


def test_a_greedy_playthrough_of_any_seed_names_states_legal_actions_and_steps(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert (
        main(["playthrough", "--seed", "9", "--guides", "kate,sam,anna", "--policy", "greedy"]) == 0
    )
    text = capsys.readouterr().out
    assert "--policy greedy" in text.splitlines()[4]
    assert "\n1. Kate: draw\n  legal (1): draw\n  R-turn-card [card] Kate draws:" in text
    assert text.count("  | turn ") == text.count("\n  legal (") + 1  # the setup's state too
    assert text.rstrip().splitlines()[-1].startswith(("game over: ", "stopped after "))


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--guides", "jack,bob"], "--guides: unknown guide 'bob'"),
        (["--policy", "clever"], "unknown policy 'clever'"),
        (["--difficulty", "hard"], "unknown level 'hard'"),
        (["--short", "buffalo"], "take out lion, leopard, elephant or rhino"),
        (["--board", "nowhere"], "--board: nowhere: no such layout file"),
        (["--board", ""], "--board needs a layout's name or file"),
        (["--board", "9" * 5000], "--board: a random board's seed is 0 to 2^63-1"),
        (["--board", str(2**63)], "a number of 19 digits"),
    ],
)
def test_a_wrong_flag_is_named(
    flags: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["playthrough", *flags]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--seed", "-3"], "argument --seed: -3 is out of range: a seed is 0 to 2^63-1"),
        (["--seed", str(2**63)], "argument --seed: 9223372036854775808 is out of range"),
        (["--play-seed", "9" * 5000], "argument --play-seed: 9999"),
    ],
)
def test_a_seed_out_of_range_is_a_usage_error(
    flags: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["playthrough", *flags])
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err
