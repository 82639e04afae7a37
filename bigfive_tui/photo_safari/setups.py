"""Photo Safari's start set-ups: the shipped files (assets/photo-safari/setups), a set-up file
given by path, or a seeded random set-up. Errors name the file and what is wrong in it."""

from __future__ import annotations

from pathlib import Path

from bigfive_tui.assets import photo_safari_setups_dir, read_toml
from bigfive_tui.photo_safari.engine.layout import playability_problems
from bigfive_tui.photo_safari.engine.random_setup import random_layout
from bigfive_tui.photo_safari.engine.state import Layout
from bigfive_tui.photo_safari.formats.setup_file import SetupFileError, parse_layout

#: The documented start set-up (PU-start-setup).
DEFAULT_SETUP = "typical"
RANDOM = "random"


def setup_names() -> list[str]:
    return sorted(path.stem for path in photo_safari_setups_dir().glob("*.toml"))


def load_setup(name_or_path: str) -> Layout:
    """A shipped set-up by name, or a set-up file by path; it must be playable (PU-playable)."""
    path = Path(name_or_path)
    if not path.suffix:
        shipped = photo_safari_setups_dir() / f"{name_or_path}.toml"
        if shipped.exists():
            path = shipped
    if not path.exists() and not path.is_symlink():
        raise SetupFileError(
            f"{name_or_path}: no such set-up file; shipped set-ups: {', '.join(setup_names())}"
        )
    # Anything that is there but no regular file (a folder, a FIFO, a device, a broken link)
    # is refused by the reader, which says what it is.
    layout = parse_layout(read_toml(path, SetupFileError), path.name)
    problems = playability_problems(layout)
    if problems:
        raise SetupFileError(f"{path.name}: not playable: {'; '.join(problems)} (PU-playable)")
    return layout


def chosen_layout(setup: str, seed: int) -> Layout:
    """``random`` (drawn from ``seed``), a shipped set-up's name, or a set-up file path."""
    return random_layout(seed) if setup == RANDOM else load_setup(setup)
