"""Helpers for the packaging tests (no tests here): a wheel built and installed apart, and
Python run against it from elsewhere, so the checkout is not on its path."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def install_wheel(work: Path, build_env: dict[str, str] | None = None) -> Path:
    """The project built as a wheel in ``work`` (with ``build_env`` added to the environment)
    and installed into ``work/site``, which is returned."""
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(work), str(ROOT)],
        check=True,
        env={**os.environ, **(build_env or {})},
    )
    wheel = next(work.glob("bigfive-*.whl"))
    target = work / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
         str(wheel)],
        check=True,
    )  # fmt: skip
    return target


def run_installed(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Python with ``site`` first on its path, started in a folder beside it."""
    elsewhere = site.parent / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(site), "COLUMNS": "120"}
    return subprocess.run(
        [sys.executable, *args], cwd=elsewhere, env=env, capture_output=True, text=True,
        check=False,
    )  # fmt: skip
