"""A plain (non-editable) install ships the boards and the rules inside the package."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from wheel_support import install_wheel, run_installed


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project built as a wheel and installed into a folder of its own."""
    return install_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_wheel_carries_boards_and_rules(installed: Path) -> None:
    package = installed / "bigfive_tui"
    assert len(list((package / "assets" / "boards" / "pieces").glob("*.toml"))) == 9
    assert (package / "docs" / "rules.md").is_file()


def test_a_plain_install_is_the_pure_python_wheel(installed: Path) -> None:
    """Nothing is compiled unless BIGFIVE_COMPILE=1 asks (hatch_build.py), so a machine
    without a C compiler or mypyc installs as before."""
    wheel = (next(installed.glob("bigfive-*.dist-info")) / "WHEEL").read_text(encoding="utf-8")
    assert "Root-Is-Purelib: true" in wheel and "Tag: py3-none-any" in wheel
    assert not [*installed.rglob("*.so"), *installed.rglob("*.pyd")]


def test_the_wheel_carries_photo_safari_set_ups_and_rules(installed: Path) -> None:
    check = run_installed(
        installed,
        "-c",
        "from bigfive_tui.photo_safari.setups import load_setup; "
        "from bigfive_tui.assets import photo_safari_rules_path as p; "
        "print(load_setup('typical').name, p().is_file(), p())",
    )
    assert check.returncode == 0, check.stderr
    assert check.stdout.startswith("Typical True ") and str(installed) in check.stdout


def test_installed_bigfive_finds_the_boards_from_any_directory(installed: Path) -> None:
    check = run_installed(
        installed,
        "-c",
        "import bigfive_tui, bigfive_tui.assets as a; print(bigfive_tui.__file__); "
        "print(len(a.load_pieces()), a.rules_path())",
    )
    assert check.returncode == 0, check.stderr
    module_file, found = check.stdout.splitlines()
    assert module_file.startswith(str(installed))
    assert found.startswith("9 ") and str(installed) in found


def run_installed_script(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The `bigfive` console script pip wrote, started with the interpreter it names."""
    script = site / "bin" / "bigfive"
    return run_installed(site, str(script), *args)


def test_installed_bigfive_script_prints_a_board_from_any_directory(installed: Path) -> None:
    board = run_installed_script(installed, "board", "--seed", "4")
    assert board.returncode == 0, board.stderr
    assert "West" in board.stdout and "East" in board.stdout
    assert any(symbol in board.stdout for symbol in "■♣♦●♥♪▲♠★")


def test_installed_bigfive_script_shows_the_rules_from_any_directory(installed: Path) -> None:
    rules = run_installed_script(installed, "rules")
    assert rules.returncode == 0, rules.stderr
    assert "Rulings" in rules.stdout
