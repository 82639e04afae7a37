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
import os
import shlex
import stat
import subprocess
import sys
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
        (["--out", ""], "--out needs a file name"),
        (["--golden", ""], "--golden needs a folder"),
    ],
)
def test_a_wrong_flag_is_named(
    flags: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["playthrough", *flags]) == 2
    out, err = capsys.readouterr()
    assert message in err and out == ""


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


# --- Nothing is overwritten without asking, and only regular files are written ---------------

SHORT = ["playthrough", "--seed", "4", "--max-lines", "40"]


def test_out_writes_a_new_file(tmp_path: Path) -> None:
    out = tmp_path / "new" / "game.txt"
    assert main([*SHORT, "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("# bigfive playthrough")
    assert [p.name for p in out.parent.iterdir()] == ["game.txt"]  # no temporary left


def test_out_refuses_an_existing_file_and_leaves_it_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "notes.txt"
    out.write_text("my notes\n", encoding="utf-8")
    assert main([*SHORT, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{out} exists; --force replaces it" in err
    assert out.read_text(encoding="utf-8") == "my notes\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_out_with_force_replaces_an_existing_file(tmp_path: Path) -> None:
    out = tmp_path / "notes.txt"
    out.write_text("my notes\n", encoding="utf-8")
    assert main([*SHORT, "--out", str(out), "--force"]) == 0
    assert out.read_text(encoding="utf-8").startswith("# bigfive playthrough")


def test_out_through_a_link_refuses_the_file_it_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kept = tmp_path / "kept.txt"
    kept.write_text("kept\n", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(kept)
    assert main([*SHORT, "--out", str(link)]) == 2
    assert "exists; --force replaces it" in capsys.readouterr().err
    assert kept.read_text(encoding="utf-8") == "kept\n" and link.is_symlink()


def test_out_refuses_a_fifo_at_once_even_with_force(tmp_path: Path) -> None:
    """Opening a FIFO to write blocks until someone reads it: it is never opened. Run in a
    process of its own, so that a regression fails by its timeout instead of hanging."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for extra in ([], ["--force"]):
        done = subprocess.run(
            [sys.executable, "-m", "bigfive_tui.cli", *SHORT, "--out", str(fifo), *extra],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 2, done.stderr
        assert f"{fifo} is a FIFO (a named pipe), not a file; nothing was written" in done.stderr
        assert "Traceback" not in done.stderr
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("extra", [[], ["--force"]])
def test_out_refuses_a_device(extra: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """/dev/full is a device (whoever runs this, root too: it is never renamed over)."""
    assert main([*SHORT, "--out", "/dev/full", *extra]) == 2
    assert "/dev/full is a device, not a file; nothing was written" in capsys.readouterr().err
    assert stat.S_ISCHR(Path("/dev/full").stat().st_mode)


def test_out_refuses_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*SHORT, "--out", str(tmp_path), "--force"]) == 2
    assert f"{tmp_path} is a folder, not a file; nothing was written" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_out_into_a_file_as_folder_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = tmp_path / "plain"
    plain.write_text("x", encoding="utf-8")
    assert main([*SHORT, "--out", str(plain / "game.txt")]) == 2
    err = capsys.readouterr().err
    assert f"cannot write {plain / 'game.txt'}: " in err and "Traceback" not in err
    assert plain.read_text(encoding="utf-8") == "x"


def test_golden_writes_the_golden_files_again_over_themselves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The README's workflow: after a change of the rules, --golden tests/playthroughs writes
    the golden playthroughs again over the old ones, with no --force."""
    for setup in GOLDEN:
        old = (HERE / f"{setup.name}.txt").read_text(encoding="utf-8")
        (tmp_path / f"{setup.name}.txt").write_text(old.replace("legal", "LEGAL"), "utf-8")
    assert main(["playthrough", "--golden", str(tmp_path)]) == 0
    assert capsys.readouterr().out.count("wrote ") == len(GOLDEN)
    for setup in GOLDEN:
        assert (tmp_path / f"{setup.name}.txt").read_text(encoding="utf-8") == (
            HERE / f"{setup.name}.txt"
        ).read_text(encoding="utf-8")


def test_golden_refuses_another_file_of_a_golden_name_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    last = tmp_path / f"{GOLDEN[-1].name}.txt"
    last.write_text("not a playthrough\n", encoding="utf-8")
    assert main(["playthrough", "--golden", str(tmp_path)]) == 2
    assert f"{last} exists; --force replaces it" in capsys.readouterr().err
    assert last.read_text(encoding="utf-8") == "not a playthrough\n"
    assert [p.name for p in tmp_path.iterdir()] == [last.name]  # none of the others either
    assert main(["playthrough", "--golden", str(tmp_path), "--force"]) == 0
    assert last.read_text(encoding="utf-8") == (HERE / last.name).read_text(encoding="utf-8")


def test_golden_refuses_a_fifo_of_a_golden_name_even_with_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / f"{GOLDEN[0].name}.txt"
    os.mkfifo(fifo)
    assert main(["playthrough", "--golden", str(tmp_path), "--force"]) == 2
    assert f"{fifo} is a FIFO (a named pipe), not a file" in capsys.readouterr().err
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert [p.name for p in tmp_path.iterdir()] == [fifo.name]


def test_golden_into_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = tmp_path / "plain.txt"
    plain.write_text("x", encoding="utf-8")
    assert main(["playthrough", "--golden", str(plain)]) == 2
    assert f"--golden: {plain} is not a folder" in capsys.readouterr().err
    assert plain.read_text(encoding="utf-8") == "x"
