"""``simulate --results FILE``: a results file is recognised before anything is written, only a
regular file is ever read or written, and nothing in it is ever cut or replaced.

Real files, FIFOs and devices; every refusal ends with exit status 2 and a message naming the
file, and leaves the file as it was.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bigfive_tui.cli import main

FLAGS = ("--seed", "7", "--policy", "random", "--players", "2")


def simulate(capsys: pytest.CaptureFixture[str], results: Path | str, games: int = 2) -> str:
    """The run's error output, its lines joined; the exit status must be 2 (a refusal)."""
    code = main(["simulate", "--json", "--games", str(games), *FLAGS, "--results", str(results)])
    out, err = capsys.readouterr()
    assert code == 2, out
    assert "Traceback" not in err
    return " ".join(err.split())


def resumed(capsys: pytest.CaptureFixture[str], results: Path, games: int = 2) -> dict[str, Any]:
    code = main(["simulate", "--json", "--games", str(games), *FLAGS, "--results", str(results)])
    out, err = capsys.readouterr()
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


@pytest.fixture
def real_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A results file of a real run of two games: a header and two game lines."""
    path = tmp_path / "run.jsonl"
    assert resumed(capsys, path)["resumed"] == 0
    assert len(path.read_text().splitlines()) == 3
    return path


@pytest.fixture
def immutable() -> Iterator[list[Path]]:
    """Paths made immutable (chattr +i): even root cannot write them. Undone afterwards."""
    made: list[Path] = []
    yield made
    for path in made:
        subprocess.run(["chattr", "-i", str(path)], check=False)


def read_only(path: Path, made: list[Path]) -> None:
    """``path`` read-only for whoever runs the tests: by its mode, or for root (who may write
    anything) by making it immutable, where the file system allows."""
    if os.geteuid() != 0:
        path.chmod(0o555 if path.is_dir() else 0o444)
        return
    done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"run as root and chattr +i fails here: {done.stderr.decode().strip()}")
    made.append(path)


# --------------------------------------------------------------------------- not results files


def test_a_note_is_refused_and_left_as_it_was(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``echo note > n.txt; bigfive simulate --results n.txt`` once emptied the note."""
    note = tmp_path / "n.txt"
    note.write_text("note\n")
    err = simulate(capsys, note)
    assert str(note) in err and "not a results file" in err and "left as it was" in err
    assert note.read_text() == "note\n"


@pytest.mark.parametrize(
    "text",
    [
        "\n",
        "{}\n",
        "[1, 2]\n",
        '{"format": "bigfive-simulate-results"}\n',
        '{"format": "bigfive-simulate-results", "version": 2, "run": {}}\n',
        '{"format": "something-else", "version": 1, "run": {}}\n',
        "# my notes\nmore\n",
    ],
    ids=["blank", "object", "list", "format-only", "version-2", "other-format", "notes"],
)
def test_a_first_line_that_is_not_a_header_or_a_game_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text(text)
    err = simulate(capsys, path)
    assert str(path) in err and "not a results file" in err
    assert path.read_text() == text


def test_a_file_that_is_not_utf8_is_refused(
    capsys: pytest.CaptureFixture[str], real_file: Path
) -> None:
    before = real_file.read_bytes()
    real_file.write_bytes(before + b'{"format": "\xff\xfe"}\n')
    err = simulate(capsys, real_file)
    assert "line 4 is not UTF-8 text" in err
    assert real_file.read_bytes() == before + b'{"format": "\xff\xfe"}\n'
    real_file.write_bytes(b"\xff" + before)
    assert "its first line is not UTF-8 text" in simulate(capsys, real_file)


def test_lines_that_do_not_parse_are_named_by_number(
    capsys: pytest.CaptureFixture[str], real_file: Path
) -> None:
    header, first, second = real_file.read_text().splitlines()
    broken = json.loads(second)
    broken["turns"] = "many"
    text = "\n".join([header, first, "not json at all", json.dumps(broken), second, '{"x": 1}', ""])
    real_file.write_text(text)
    err = simulate(capsys, real_file, games=3)
    assert "3 line(s) cannot be read" in err
    assert "line 3 is not valid JSON" in err
    assert "line 4 is not a game line (turns: input should be a valid integer)" in err
    assert "line 6 is not a game line" in err
    assert real_file.read_text() == text


def test_a_game_line_of_other_guides_than_its_seed_gives_is_named(
    capsys: pytest.CaptureFixture[str], real_file: Path
) -> None:
    header, first, second = real_file.read_text().splitlines()
    game = json.loads(second)
    game["guides"] = ["anna", "david"] if game["guides"] != ["anna", "david"] else ["jack", "kate"]
    real_file.write_text("\n".join([header, first, json.dumps(game)]) + "\n")
    assert "line 3 holds seed 8's game with" in simulate(capsys, real_file)


def test_a_file_of_another_run_is_refused(
    capsys: pytest.CaptureFixture[str], real_file: Path
) -> None:
    before = real_file.read_bytes()
    code = main(["simulate", "--json", "--games", "2", "--results", str(real_file)])
    assert code == 2
    assert "other flags" in capsys.readouterr().err
    assert real_file.read_bytes() == before


# --------------------------------------------------------------------------- results files


def test_an_empty_file_becomes_a_results_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "run.jsonl"
    path.touch()
    resumed(capsys, path)
    header, *games = path.read_text().splitlines()
    assert json.loads(header)["format"] == "bigfive-simulate-results"
    assert len(games) == 2


def test_a_file_written_before_the_header_resumes(
    capsys: pytest.CaptureFixture[str], real_file: Path
) -> None:
    """Files of earlier versions begin with a game line: recognised by its exact shape, and
    nothing is put before it."""
    games = real_file.read_text().splitlines()[1:]
    real_file.write_text("\n".join(games) + "\n")
    data = resumed(capsys, real_file, games=3)
    assert data["resumed"] == 2
    lines = real_file.read_text().splitlines()
    assert lines[:2] == games and len(lines) == 3


def test_a_file_with_all_games_is_only_read(
    capsys: pytest.CaptureFixture[str], real_file: Path, immutable: list[Path]
) -> None:
    """A run whose games are all in the file needs no writing: a read-only file is enough."""
    before = real_file.read_bytes()
    read_only(real_file, immutable)
    assert resumed(capsys, real_file)["resumed"] == 2
    assert real_file.read_bytes() == before


def test_a_read_only_file_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], real_file: Path, immutable: list[Path]
) -> None:
    before = real_file.read_bytes()
    read_only(real_file, immutable)
    err = simulate(capsys, real_file, games=3)
    assert f"{real_file} cannot be written" in err
    assert real_file.read_bytes() == before


def test_a_read_only_folder_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, immutable: list[Path]
) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    read_only(folder, immutable)
    err = simulate(capsys, folder / "run.jsonl")
    assert str(folder / "run.jsonl") in err
    assert not (folder / "run.jsonl").exists()


@pytest.mark.parametrize(
    ("where", "says"),
    [("missing/run.jsonl", "does not exist"), ("file/run.jsonl", "is not a folder")],
)
def test_a_missing_folder_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str, says: str
) -> None:
    (tmp_path / "file").write_text("a file, not a folder\n")
    err = simulate(capsys, tmp_path / where)
    assert str(tmp_path / where) in err and says in err


def test_a_line_longer_than_any_game_is_refused_without_reading_it_all(
    capsys: pytest.CaptureFixture[str], real_file: Path
) -> None:
    with real_file.open("ab") as out:
        out.write(b"7" * (3 * 1024 * 1024))
    assert "line 4 is longer than 1024 KiB" in simulate(capsys, real_file)


def test_a_file_larger_than_any_run_is_refused_unread(
    capsys: pytest.CaptureFixture[str], real_file: Path
) -> None:
    """A sparse file of 300 MiB: refused by its size, before a byte of it is read."""
    size = real_file.stat().st_size
    os.truncate(real_file, 300 * 1024 * 1024)
    assert "larger than 256 MiB" in simulate(capsys, real_file)
    assert real_file.stat().st_size == 300 * 1024 * 1024
    os.truncate(real_file, size)


# --------------------------------------------------------------------------- not regular files


def test_a_folder_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert "is a folder" in simulate(capsys, tmp_path)
    assert "--results needs a file name" in simulate(capsys, "")


@pytest.mark.parametrize("device", ["/dev/full", "/dev/null", "/dev/zero"])
def test_a_device_is_refused_unread_and_unwritten(
    capsys: pytest.CaptureFixture[str], device: str, tmp_path: Path
) -> None:
    """``--results /dev/full`` once read until the kernel stopped it (24 GB)."""
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    err = simulate(capsys, device)
    assert f"{device} is a device" in err and "only a regular file" in err
    link = tmp_path / "link.jsonl"
    link.symlink_to(device)
    assert f"{link} is a device" in simulate(capsys, link)
    assert link.is_symlink()


def run_bigfive(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``bigfive`` in a process of its own: a run that hung would be stopped, not wait forever."""
    return subprocess.run(
        [sys.executable, "-m", "bigfive_tui.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    """A FIFO once hung the run forever; neither it nor a link to it is opened."""
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    link = tmp_path / "link.jsonl"
    link.symlink_to(fifo)
    for path in (fifo, link):
        done = run_bigfive("simulate", "--games", "1", "--results", str(path), timeout=30)
        assert done.returncode == 2
        assert f"{path} is a pipe (FIFO)" in " ".join(done.stderr.split())
        assert "Traceback" not in done.stderr


def test_a_link_to_nothing_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    link = tmp_path / "dangling.jsonl"
    link.symlink_to(tmp_path / "nowhere" / "run.jsonl")
    assert "which does not exist" in simulate(capsys, link)
    assert not (tmp_path / "nowhere").exists()


def test_a_link_that_loops_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    loop = tmp_path / "loop.jsonl"
    loop.symlink_to(loop)
    assert f"{loop} cannot be read" in simulate(capsys, loop)


def test_a_link_to_a_results_file_is_followed(
    capsys: pytest.CaptureFixture[str], real_file: Path
) -> None:
    link = real_file.parent / "link.jsonl"
    link.symlink_to(real_file)
    assert resumed(capsys, link, games=3)["resumed"] == 2
    assert link.is_symlink() and len(real_file.read_text().splitlines()) == 4
