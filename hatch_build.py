"""The optional compiled engine: ``BIGFIVE_COMPILE=1 pip install .`` compiles the engine's hot
modules with mypyc (README, "A compiled engine"). Without that variable this hook does nothing,
so a plain install needs neither mypyc nor a C compiler and ships the pure-Python wheel.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SWITCH = "BIGFIVE_COMPILE"
#: The modules a game steps through (legal actions, applying them, dice, cards, turns, end
#: checks), what they read on every step, and what builds a game's board and sets it up,
#: with the seeded generator and the random player that ``bigfive simulate`` plays.
#: Not compiled: the session (mypyc cannot compile its classmethod constructors), the timeline
#: and statistics (read once per game), and what only the app or a save reads (notation,
#: refusals' texts, rigging).
COMPILED = (
    "engine/actions",
    "engine/apply_action",
    "engine/board",
    "engine/cards",
    "engine/content",
    "engine/costs",
    "engine/dice",
    "engine/end_checks",
    "engine/hexgrid",
    "engine/legal_actions",
    "engine/movement",
    "engine/pieces",
    "engine/setup",
    "engine/sight",
    "engine/state",
    "engine/turns",
    "players/random_player",
    "shared/rng",
)
#: What the build environment needs for it (pip installs these only when the switch is on).
COMPILER_REQUIREMENTS = ["mypy>=2.4,<3", "setuptools>=70"]


def compile_requested() -> bool:
    return os.environ.get(SWITCH, "") not in ("", "0")


#: The build script mypyc needs (it drives setuptools' build_ext), run in a scratch folder so
#: that neither setuptools nor mypy reads this project's pyproject.toml.
_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="bigfive-engine",
    packages=[],
    py_modules=[],
    ext_modules=mypycify(sys.argv[1:], opt_level="3", target_dir="c"),
    script_args=["build_ext", "--build-lib", "lib", "--build-temp", "obj"],
)
"""


class CompiledEngineHook(BuildHookInterface):  # type: ignore[type-arg]
    """Adds the compiled modules to the wheel beside the pure ones (Python imports the compiled
    module first); the wheel's tag then names this interpreter and platform."""

    def dependencies(self) -> list[str]:
        return COMPILER_REQUIREMENTS if compile_requested() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or not compile_requested():
            return
        if version == "editable":
            raise RuntimeError(
                f"{SWITCH}=1 builds a compiled wheel: install with 'pip install .', not -e "
                "(an editable install runs the sources)"
            )
        self._scratch = Path(tempfile.mkdtemp(prefix="bigfive-mypyc-"))
        sources = [str(Path(self.root, "bigfive_tui", f"{module}.py")) for module in COMPILED]
        (self._scratch / "setup.py").write_text(_SETUP, encoding="utf-8")
        self.app.display_info(f"mypyc: compiling {len(COMPILED)} modules of the engine")
        done = subprocess.run(
            [sys.executable, "setup.py", *sources],
            cwd=self._scratch,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode:
            shutil.rmtree(self._scratch, ignore_errors=True)
            raise RuntimeError(
                "mypyc could not compile the engine (it needs a C compiler and Python's headers; "
                f"without {SWITCH} the install needs neither):\n{done.stdout}{done.stderr}"
            )
        built = self._scratch / "lib"
        for library in (*built.rglob("*.so"), *built.rglob("*.pyd")):
            build_data["force_include"][str(library)] = str(library.relative_to(built))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        scratch = getattr(self, "_scratch", None)
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
