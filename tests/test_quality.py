"""Lint, formatting, types and the architecture contract run as part of the suite."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


@pytest.mark.parametrize(
    "command",
    [
        ("ruff", "check", "bigfive_tui", "tests", "bench"),
        ("ruff", "format", "--check", "bigfive_tui", "tests", "bench"),
    ],
    ids=["ruff-lint", "ruff-format"],
)
def test_ruff(command: tuple[str, ...]) -> None:
    result = run(str(BIN / command[0]), *command[1:])
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_imports_no_ui_code() -> None:
    result = run(str(BIN / "lint-imports"), "--no-cache")
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_type_checks_strictly() -> None:
    result = run(str(BIN / "mypy"), "bigfive_tui/engine")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_whole_package_type_checks_strictly() -> None:
    result = run(str(BIN / "mypy"), "bigfive_tui")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_tests_and_benchmarks_type_check_strictly() -> None:
    result = run(str(BIN / "mypy"), "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ci_installs_and_tests_exactly_as_the_readme_says() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```sh\n(.+?)\n```", readme)
    assert commands == ["pip install . && bigfive", "pip install -e '.[test]' && pytest"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 -m venv .ci-venv" in ci and commands[1] in ci.splitlines()


def test_ci_installs_chromium_from_debian_and_never_lets_the_browser_test_skip() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    lines = ci.splitlines()
    install = next(i for i, line in enumerate(lines) if "install -y -qq chromium" in line)
    required = lines.index("export BIGFIVE_REQUIRE_BROWSER=1")
    tests = lines.index("pip install -e '.[test]' && pytest")
    assert install < required < tests
    assert "apt_get=(apt-get)" in ci  # Debian's package
    for download in ("playwright install", "npx", "puppeteer", "webdriver-manager"):
        assert download not in ci


def test_no_file_keeps_a_merge_conflict_marker() -> None:
    """A conflict resolved by hand can leave its markers in a file no test reads (README.md
    kept one from 2026-12-01 to 12-02); every text file we write is checked here."""
    marker = re.compile(r"^(<{7}|={7}|>{7})( |$)", re.MULTILINE)
    suffixes = {".py", ".md", ".toml", ".tcss", ".txt", ".cfg", ".json", ".html", ".css", ".js"}
    folders = ("bigfive_tui", "tests", "docs", "assets", "bench", ".ci")
    files = [ROOT / "README.md", ROOT / "pyproject.toml", ROOT / ".ci" / "run"]
    for folder in folders:
        files += [p for p in (ROOT / folder).rglob("*") if p.suffix in suffixes and p.is_file()]
    marked = [
        str(path.relative_to(ROOT))
        for path in files
        if marker.search(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert marked == []


def test_no_test_or_benchmark_uses_a_command_module_as_a_library() -> None:
    """A command module reads flags and is no library (issue 26): what tests and benchmarks
    need lives in the package of its concept, and a command is run as the command line runs it
    (``bigfive_tui.cli.main``). import-linter holds the package to this; this holds the rest."""
    import ast

    def imported(path: Path) -> list[str]:
        names = []
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                names += [f"{node.lineno}: {alias.name}" for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                module = node.module
                names += [f"{node.lineno}: {module}.{alias.name}" for alias in node.names]
        return names

    used = [
        f"{path.relative_to(ROOT)}:{name}"
        for folder in ("tests", "bench")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for name in imported(path)
        if re.fullmatch(r"bigfive_tui\.commands(\..+)?", name.split(": ")[1])
    ]
    assert used == []
