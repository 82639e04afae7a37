"""The loading edge (bigfive_tui/files/reading.py): regular files only, a size cap, and data
that is plain and shallow; anything else is the caller's own error, with a message."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bigfive_tui.app.files import saves
from bigfive_tui.app.files import settings as app_settings
from bigfive_tui.assets import load_layout, read_toml
from bigfive_tui.cli import main
from bigfive_tui.engine.pieces import BoardFileError
from bigfive_tui.files.reading import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    LoadError,
    read_bytes,
    read_json,
)
from bigfive_tui.files.reading import (
    read_toml as read_toml_file,
)
from bigfive_tui.scenarios.files import run_file
from bigfive_tui.scenarios.model import ScenarioError

HUGE_INTEGER = "9" * 5000


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def problem_of(path: Path) -> str:
    with pytest.raises(LoadError) as refused:
        read_bytes(path)
    return refused.value.problem


# ---------------------------------------------------------------------------- what is read


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    assert problem_of(fifo) == "is a pipe (FIFO), not a file; only regular files are read"


def test_dev_zero_is_refused_without_reading_it() -> None:
    assert problem_of(Path("/dev/zero")) == "is a device, not a file; only regular files are read"


def test_a_file_over_the_size_cap_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as out:
        out.truncate(MAX_FILE_BYTES + 1)  # sparse: no disk used
    assert problem_of(big) == "is larger than 4096 KiB; no bigfive file is that large"
    at_cap = tmp_path / "cap.json"
    with at_cap.open("wb") as out:
        out.truncate(MAX_FILE_BYTES)
    assert len(read_bytes(at_cap)) == MAX_FILE_BYTES


def test_a_symlink_loop_gives_a_message(tmp_path: Path) -> None:
    (tmp_path / "a.json").symlink_to(tmp_path / "b.json")
    (tmp_path / "b.json").symlink_to(tmp_path / "a.json")
    assert problem_of(tmp_path / "a.json") == (
        "is a symbolic link that leads back to itself (a loop)"
    )


def test_a_dangling_symlink_names_where_it_points(tmp_path: Path) -> None:
    (tmp_path / "gone.json").symlink_to(tmp_path / "nowhere.json")
    assert problem_of(tmp_path / "gone.json") == (
        f"is a symbolic link to {tmp_path / 'nowhere.json'}, which does not exist"
    )


def test_a_folder_a_missing_file_and_a_nul_in_the_name(tmp_path: Path) -> None:
    assert problem_of(tmp_path) == "is a folder, not a file"
    assert problem_of(tmp_path / "missing.json") == "does not exist"
    assert problem_of(Path("bad\0name.json")) == "is not a usable file name"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file_says_why(tmp_path: Path) -> None:
    locked = tmp_path / "locked.json"
    locked.write_text("{}")
    locked.chmod(0)
    assert problem_of(locked) == "cannot be read (Permission denied)"


# ---------------------------------------------------------------------------- what it holds


def write(tmp_path: Path, name: str, data: bytes | str) -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def json_problem(tmp_path: Path, data: bytes | str) -> str:
    with pytest.raises(LoadError) as refused:
        read_json(write(tmp_path, "x.json", data))
    return refused.value.problem


def toml_problem(tmp_path: Path, data: bytes | str) -> str:
    with pytest.raises(LoadError) as refused:
        read_toml_file(write(tmp_path, "x.toml", data))
    return refused.value.problem


def test_bytes_that_are_not_utf8_are_named(tmp_path: Path) -> None:
    assert json_problem(tmp_path, b'{"a": "\xff"}') == "is not UTF-8 text (byte 7 is 0xff)"
    assert toml_problem(tmp_path, b"a = 1\n\xc3") == "is not UTF-8 text (byte 6 is 0xc3)"


def test_a_byte_order_mark_is_allowed(tmp_path: Path) -> None:
    assert read_json(write(tmp_path, "x.json", b'\xef\xbb\xbf{"a": 1}')) == {"a": 1}


def test_an_integer_of_5000_digits_is_refused(tmp_path: Path) -> None:
    words = "holds a number of thousands of digits; numbers in bigfive files fit in 64 bits"
    assert json_problem(tmp_path, f'{{"seed": {HUGE_INTEGER}}}') == words
    assert toml_problem(tmp_path, f"seed = {HUGE_INTEGER}") == words


def test_a_number_beyond_64_bits_is_refused(tmp_path: Path) -> None:
    words = "holds a number of 22 digits; numbers in bigfive files fit in 64 bits"
    assert json_problem(tmp_path, f"[{2**70}]") == words
    assert toml_problem(tmp_path, f"a = -{2**70}") == words
    assert read_json(write(tmp_path, "ok.json", f"[{2**63 - 1}, {-(2**63)}]")) == [
        2**63 - 1,
        -(2**63),
    ]


def test_numbers_that_are_not_finite_are_refused(tmp_path: Path) -> None:
    assert json_problem(tmp_path, '{"a": NaN}') == "is not valid JSON: NaN is not a JSON number"
    assert json_problem(tmp_path, "[1e999]") == "holds a number that is not finite"
    assert toml_problem(tmp_path, "a = inf") == "holds a number that is not finite"


def test_data_nested_deeper_than_any_real_file_is_refused(tmp_path: Path) -> None:
    words = f"is nested more than {MAX_DEPTH} levels deep; no bigfive file is"
    assert json_problem(tmp_path, "[" * 100_000 + "]" * 100_000) == words
    assert json_problem(tmp_path, "[" * 100_000) == words  # the parser's own limit
    assert json_problem(tmp_path, "[" * 40 + "]" * 40) == words  # ours
    assert toml_problem(tmp_path, "a = " + "[" * 5000 + "]" * 5000) == words
    assert toml_problem(tmp_path, ".".join(["k"] * 5000) + " = 1") == words
    assert read_json(write(tmp_path, "ok.json", "[" * 20 + "]" * 20)) is not None


def test_json_that_is_cut_short_says_so(tmp_path: Path) -> None:
    assert json_problem(tmp_path, '{"format": "bigfive-save", "record": {"setup": ') == (
        "is not valid JSON: it ends too soon (was the file cut short?)"
    )
    assert json_problem(tmp_path, '{"a": 1,, "b": 2}') == (
        "is not valid JSON: expecting property name enclosed in double quotes at line 1, column 9"
    )


def test_another_error_class_gets_the_path_and_the_problem(tmp_path: Path) -> None:
    path = write(tmp_path, "mine.toml", "a = [[[")
    with pytest.raises(BoardFileError, match=r"mine\.toml: is not valid TOML \("):
        read_toml(path)


# ---------------------------------------------------------------------------- every loader


HOSTILE: dict[str, str | bytes] = {
    "an integer of 5000 digits": '{"format": "bigfive-save", "version": ' + HUGE_INTEGER + "}",
    "JSON nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
    "bytes that are not UTF-8": b"\xff\xfe\x00{",
}


def hostile_file(tmp_path: Path, kind: str, name: str) -> Path:
    if kind == "a FIFO":
        path = tmp_path / name
        os.mkfifo(path)
        return path
    if kind == "a symlink loop":
        path = tmp_path / name
        path.symlink_to(path)
        return path
    return write(tmp_path, name, HOSTILE[kind])


KINDS = [*HOSTILE, "a FIFO", "a symlink loop"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_hostile_save_gives_a_save_error_and_is_listed_as_damaged(
    kind: str, data_dir: Path
) -> None:
    saves.saves_dir().mkdir(parents=True)
    path = hostile_file(saves.saves_dir(), kind, "hostile.json")
    with pytest.raises(saves.SaveError) as refused:
        saves.read_save(path)
    # Named by its path when the file itself is the problem, by its name when its content is.
    assert str(refused.value).startswith((f"{path} ", "hostile.json "))
    (listed,) = saves.list_saves()
    assert listed.name == "hostile" and listed.problem.startswith("hostile.json ")


def test_a_dangling_symlink_among_the_saves_is_listed_as_damaged(data_dir: Path) -> None:
    saves.saves_dir().mkdir(parents=True)
    (saves.saves_dir() / "old.json").symlink_to(data_dir / "moved-away.json")
    (listed,) = saves.list_saves()
    assert "which does not exist" in listed.problem


@pytest.mark.parametrize("kind", KINDS)
def test_a_hostile_settings_file_gives_the_defaults(kind: str, data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    hostile_file(data_dir, kind, app_settings.SETTINGS_NAME)
    assert app_settings.remembered_setup() is None
    assert app_settings.remembered_theme() is None
    app_settings.remember_theme("savanna-light")  # "Start the safari" writes the settings


@pytest.mark.parametrize(
    "text",
    [
        "name = 'x'\nrows = " + "[" * 5000 + "]" * 5000,
        f"name = 'x'\nrows = [[{HUGE_INTEGER}]]",
        "name = 'x'\npieces = [" + "{a = " * 5000 + "1" + "}" * 5000 + "]",
    ],
    ids=["nested 5000 deep", "a 5000-digit integer", "inline tables 5000 deep"],
)
def test_a_hostile_layout_gives_a_board_file_error(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "mine.toml", text)
    with pytest.raises(BoardFileError, match=r"mine\.toml: (is nested|holds a number)"):
        load_layout(str(path))
    assert main(["board", "--layout", str(path)]) == 2
    assert main(["simulate", "--games", "1", "--layout", str(path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("error: ") == 2


def test_a_layout_that_is_dev_zero_or_a_fifo_is_refused(tmp_path: Path) -> None:
    with pytest.raises(BoardFileError, match="/dev/zero: is a device, not a file"):
        load_layout("/dev/zero")
    os.mkfifo(tmp_path / "pipe.toml")
    with pytest.raises(BoardFileError, match=r"pipe\.toml: is a pipe \(FIFO\)"):
        load_layout(str(tmp_path / "pipe.toml"))


def test_a_scenario_whose_board_is_dev_zero_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "zero.toml", 'guides = ["jack", "kate"]\nboard = "/dev/zero"\n')
    with pytest.raises(ScenarioError, match="/dev/zero: is a device, not a file"):
        run_file(path)


@pytest.mark.parametrize(
    "text",
    [f"guides = [{HUGE_INTEGER}]", "guides = " + "[" * 5000 + "]" * 5000],
    ids=["a 5000-digit integer", "nested 5000 deep"],
)
def test_a_hostile_scenario_gives_a_scenario_error(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "mine.toml", text)
    with pytest.raises(ScenarioError, match=r"mine\.toml: (is nested|holds a number)"):
        run_file(path)
    assert main(["scenario", "run", str(path), "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["passed"] is False


def test_records_read_without_lists_never_share_the_lists_they_get() -> None:
    """A field left out gets a list of its own (its default is copied for each record), so an
    action played in one game never shows up in another."""
    from bigfive_tui.formats.record import GameRecord
    from bigfive_tui.photo_safari.formats.record import PhotoRecord

    setup = {"guides": ["jack", "kate"], "seed": 1, "board": ["dot A"] * 9}
    first, second = (GameRecord.model_validate({"setup": setup}) for _ in range(2))
    first.actions.append("draw")
    first.setup.removed_species.append("lion")
    assert (second.actions, second.setup.removed_species) == ([], [])
    photo = {"setup": {"name": "typical", "terrain": ["."] * 10, "animals": {}}}
    one, other = (PhotoRecord.model_validate(photo) for _ in range(2))
    one.moves.append("a1")
    assert other.moves == []
