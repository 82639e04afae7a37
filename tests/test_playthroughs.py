"""Golden playthroughs, in the spirit of OpenSpiel's integration_tests/playthroughs.

For a few fixed setups a fixed-seed random game is played (random.Random(seed) picks an action
kind uniformly, then an action of that kind uniformly). Every step is written down: the legal
actions, the action in notation, the rule steps it took (rule id, step kind, text) and a compact
summary of the state. The test plays the games again and compares the text with the files in
tests/playthroughs/; any change in the rules engine's behaviour shows up as a readable diff.

After an intended change of the rules, regenerate the files and review the diff:

    BIGFIVE_REGEN_PLAYTHROUGHS=1 .venv/bin/pytest tests/test_playthroughs.py
"""

from __future__ import annotations

import difflib
import os
import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from bigfive_tui.assets import load_layout, seeded_board
from bigfive_tui.engine.actions import RESOURCE_NAMES, Action, Step
from bigfive_tui.engine.board import Board
from bigfive_tui.engine.content import (
    ANIMAL_KIND,
    BUFFALO_TOKEN,
    CARDS,
    FOOD_TOKENS,
    GATE_TOKENS,
    MONKEY,
    CardKind,
    Difficulty,
    Guide,
    Species,
)
from bigfive_tui.engine.notation import format_action
from bigfive_tui.engine.session import Session, make_game
from bigfive_tui.engine.state import GameState, Phase

HERE = Path(__file__).parent / "playthroughs"
REGEN = os.environ.get("BIGFIVE_REGEN_PLAYTHROUGHS") == "1"
MAX_ACTIONS = 300
MAX_LINES = 1450  # stop before the file grows past ~1500 lines
SPECIES_LETTERS = "LPERB"  # lion, leopard, elephant, rhino, buffalo


@dataclass(frozen=True)
class Setup:
    name: str
    board: str | int  # a shipped layout name, or the seed of a seeded board
    guides: tuple[Guide, ...]
    difficulty: Difficulty
    seed: int
    play_seed: int
    removed: tuple[Species, ...] = ()


# Play seeds picked for variety: the three games end stuck, by a lost species and by hunger.
SETUPS = (
    Setup("two_guides_beginner", "classic", (Guide.JACK, Guide.KATE), Difficulty.BEGINNER, 101, 13),
    Setup(
        "three_guides_normal",
        2,
        (Guide.ANNA, Guide.DAVID, Guide.SAM),
        Difficulty.NORMAL,
        202,
        5,
    ),
    Setup(
        "five_guides_expert",
        3,
        (Guide.SAM, Guide.KATE, Guide.JACK, Guide.ANNA, Guide.DAVID),
        Difficulty.EXPERT,
        303,
        7,
    ),
)


# --------------------------------------------------------------------------- writing it down


def token_label(state: GameState, token: int) -> str:
    if token == BUFFALO_TOKEN:
        return "buffalo"
    if token in FOOD_TOKENS:
        return "food"
    if token in GATE_TOKENS:
        return "gate"
    if not state.face_up[token]:
        return "?"
    kind = ANIMAL_KIND[token]
    return "monkey" if kind == MONKEY else Species(kind).name.lower()


def seen(mask: int) -> str:
    return "".join(letter if mask & (1 << i) else "." for i, letter in enumerate(SPECIES_LETTERS))


def summary(state: GameState) -> list[str]:
    game = state.game
    board: Board = game.board
    vehicles = []
    for seat, guide in enumerate(game.guides):
        flags = ""
        if state.flat[seat]:
            flags += " flat" if state.flat[seat] == 1 else " flat(repairable)"
        if state.token_holder == seat:
            flags += " token"
        vehicles.append(
            f"{guide.title} {board.names[state.vehicle[seat]]} "
            f"fuel {state.fuel[seat]} food {state.food[seat]} {seen(state.spotted[seat])}{flags}"
        )
    tokens = ", ".join(
        f"{board.names[cell]} {token_label(state, token)}"
        for cell, token in enumerate(state.token_at)
        if token >= 0 and token not in GATE_TOKENS
    )
    fires = ", ".join(
        f"{board.names[cell]}{'x' + str(count) if count > 1 else ''}"
        for cell, count in enumerate(state.fires)
        if count
    )
    lasting = ", ".join(
        CARDS[card].name
        if CARDS[card].kind == CardKind.BROKEN_GATE
        else f"{CARDS[card].name} ({game.guides[owner].title})"
        for card, owner in state.lasting
    )
    gone = "".join(
        "m" if ANIMAL_KIND[t] == MONKEY else SPECIES_LETTERS[ANIMAL_KIND[t]]
        for t in state.discarded
    )
    turn = f"turn {state.turn} {game.guides[state.seat].title} {state.phase.name.lower()}"
    if state.phase == Phase.ACTIONS:
        turn += f", {state.actions_left} action{'s' * (state.actions_left != 1)} left"
    if state.outcome:
        turn += f", outcome {state.outcome}"
    return [
        f"  | {turn}",
        "  | " + "; ".join(vehicles),
        f"  | tokens: {tokens or '-'}",
        f"  | fires: {fires or '-'} (supply {state.fire_supply}); supply {len(state.animal_supply)}"
        f" face down; discarded {gone or '-'}",
        f"  | deck {len(state.deck)}, discard {len(state.discard)}; lasting: {lasting or '-'}",
    ]


def step_lines(steps: list[Step]) -> list[str]:
    return [f"  {step.rule} [{step.kind}] {step.text}" for step in steps]


def choose(legal: list[Action], rnd: random.Random) -> Action:
    legal = list(dict.fromkeys(legal))  # the same action listed twice counts once
    kinds = sorted({action.kind for action in legal})
    kind = rnd.choice(kinds)
    return rnd.choice([action for action in legal if action.kind == kind])


def playthrough(setup: Setup) -> str:
    board = load_layout(setup.board) if isinstance(setup.board, str) else seeded_board(setup.board)
    game = make_game(board, setup.guides, setup.difficulty, setup.removed, setup.seed)
    session = Session(game)
    rnd = random.Random(setup.play_seed)
    removed = ", ".join(s.title for s in setup.removed) or "-"
    lines = [
        f"# bigfive playthrough: {setup.name}",
        f"# board: {board.layout_name}: {' | '.join(p.text() for p in board.placements)}",
        f"# guides: {', '.join(g.title for g in game.guides)}; difficulty: "
        f"{setup.difficulty.name.lower()}; removed: {removed}; game seed: {setup.seed}; "
        f"play seed: {setup.play_seed}",
        "# exchanges: fuel and food, as " + " / ".join(RESOURCE_NAMES),
        "# regenerate: BIGFIVE_REGEN_PLAYTHROUGHS=1 .venv/bin/pytest tests/test_playthroughs.py",
        "",
        "setup",
        *step_lines(session.log),
        *summary(session.state),
    ]
    for number in range(1, MAX_ACTIONS + 1):
        state = session.state
        if state.over or len(lines) > MAX_LINES:
            break
        legal = list(dict.fromkeys(session.legal_actions()))
        action = choose(legal, rnd)
        text = format_action(game, action, state.seat)
        lines.append("")
        lines.append(f"{number}. {game.guides[state.seat].title}: {text}")
        lines.append(f"  legal ({len(legal)}): " + ", ".join(session.describe(a) for a in legal))
        steps = session.play_text(text)  # through the notation, as a record replays it
        assert session.actions[-1] == action
        lines += step_lines(steps)
        lines += summary(session.state)
    lines.append("")
    if session.state.over:
        lines.append(f"game over: {session.state.outcome} after {len(session.actions)} actions")
    else:
        lines.append(f"stopped after {len(session.actions)} actions (the game goes on)")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("setup", SETUPS, ids=[s.name for s in SETUPS])
def test_playthrough_matches_golden_file(setup: Setup) -> None:
    path = HERE / f"{setup.name}.txt"
    text = playthrough(setup)
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


def test_playthroughs_are_reproducible() -> None:
    setup = SETUPS[0]
    assert playthrough(setup) == playthrough(setup)
