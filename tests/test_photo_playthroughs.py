"""Golden Photo Safari playthroughs, in the spirit of OpenSpiel's playthrough files.

A fixed-seed random game is played on a set-up (random.Random(play seed) picks one legal move
uniformly). Every move is written down: the legal moves, the move, the rule steps it took and a
summary of the position. The test plays the games again and compares the text with the files in
tests/photo_playthroughs/; any change in the engine's behaviour shows up as a readable diff.

After an intended change of the rules, regenerate the files and review the diff:

    BIGFIVE_REGEN_PLAYTHROUGHS=1 .venv/bin/pytest tests/test_photo_playthroughs.py
"""

from __future__ import annotations

import difflib
import os
import random
from pathlib import Path

import pytest

from bigfive_tui.photo_safari.engine.animals import SHORT_NAMES
from bigfive_tui.photo_safari.engine.grid import FACING_ARROWS, NAMES
from bigfive_tui.photo_safari.engine.random_setup import random_layout
from bigfive_tui.photo_safari.engine.session import PhotoSession
from bigfive_tui.photo_safari.engine.state import SEAT_NAMES, Game, PhotoState
from bigfive_tui.photo_safari.picture import board_lines
from bigfive_tui.photo_safari.setups import load_setup

HERE = Path(__file__).parent / "photo_playthroughs"
REGEN = os.environ.get("BIGFIVE_REGEN_PLAYTHROUGHS") == "1"
#: (file name, set-up: a shipped name or the seed of a random one, play seed)
SETUPS = (("typical", "typical", 3), ("random_seed_8", 8, 11))


def summary(state: PhotoState) -> list[str]:
    cameras = " · ".join(
        f"{SEAT_NAMES[seat]} {NAMES[square]} "
        f"{''.join(SHORT_NAMES[a] for a in range(10) if state.photos[seat] >> a & 1) or '-'}"
        for seat, square in enumerate(state.camera)
    )
    animals = " ".join(
        f"{SHORT_NAMES[a]}{NAMES[state.square[a]]}{FACING_ARROWS[state.facing[a]]}"
        for a in range(10)
    )
    turn = f"{state.outcome}" if state.over else f"round {state.round}, {SEAT_NAMES[state.seat]}"
    return [f"  | {turn} | {cameras}", f"  | {animals}"]


def playthrough(name: str, setup: str | int, play_seed: int) -> str:
    if isinstance(setup, str):
        game = Game(load_setup(setup))
    else:
        game = Game(random_layout(setup), setup)
    session = PhotoSession(game)
    chooser = random.Random(play_seed)
    lines = [
        f"# photo safari playthrough: {name}",
        f"# set-up: {game.layout.name}; play seed: {play_seed}",
        "# regenerate: BIGFIVE_REGEN_PLAYTHROUGHS=1 .venv/bin/pytest "
        "tests/test_photo_playthroughs.py",
        "",
        "setup",
        *(f"  {step.rule} [{step.kind}] {step.text}" for step in session.log),
        *board_lines(session.state),
        *summary(session.state),
    ]
    while not session.state.over:
        state = session.state
        legal = session.legal_actions()
        square = chooser.choice(legal)
        text = session.describe(square)
        lines.append("")
        lines.append(f"{len(session.moves) + 1}. {SEAT_NAMES[state.seat]}: {text}")
        lines.append(f"  legal ({len(legal)}): " + " ".join(session.describe(s) for s in legal))
        steps = session.play_text(text)  # through the notation, as a record replays it
        assert session.moves[-1] == square
        lines += [f"  {step.rule} [{step.kind}] {step.text}" for step in steps]
        lines += summary(session.state)
    lines += ["", *board_lines(session.state), f"game over: {session.state.outcome}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("name", "setup", "play_seed"), SETUPS, ids=[s[0] for s in SETUPS])
def test_photo_playthrough_matches_golden_file(name: str, setup: str | int, play_seed: int) -> None:
    path = HERE / f"{name}.txt"
    text = playthrough(name, setup, play_seed)
    assert text.count("\n") <= 1500, "keep playthrough files under ~1500 lines"
    if REGEN:
        HERE.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"{path} is missing; run with BIGFIVE_REGEN_PLAYTHROUGHS=1 to write it"
    golden = path.read_text(encoding="utf-8")
    if text != golden:
        diff = difflib.unified_diff(
            golden.splitlines(), text.splitlines(), str(path), "now", lineterm="", n=2
        )
        shown = "\n".join(list(diff)[:80])
        pytest.fail(
            f"{path.name} differs from the engine's play (first lines of the diff below). If the "
            "change is intended, regenerate with BIGFIVE_REGEN_PLAYTHROUGHS=1 and review the "
            f"diff.\n{shown}"
        )
