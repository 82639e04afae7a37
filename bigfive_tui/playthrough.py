"""Playthroughs, in the spirit of OpenSpiel's integration_tests/playthroughs: a seeded game
written down whole - after the setup and after every action the state, before every action the
legal actions and the one chosen, and every rule step (rule id, kind, text).

``bigfive playthrough`` writes one; the golden files in tests/playthroughs are written by it
(``bigfive playthrough --golden tests/playthroughs``) and the tests compare the engine's play
with them, so any change in the engine's behaviour shows up as a readable diff. Pure but for
:func:`write`, which reads the setup's board (a shipped layout or a layout file) first.
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

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

MAX_ACTIONS = 300
MAX_LINES = 1450  # stop before a file grows past ~1500 lines
SPECIES_LETTERS = "LPERB"  # lion, leopard, elephant, rhino, buffalo

Policy = Callable[[GameState, Sequence[Action], random.Random], Action]


@dataclass(frozen=True)
class Setup:
    """Everything that fixes a playthrough. ``board`` is a shipped layout's name or the seed of
    a seeded board; ``play_seed`` seeds the policy's choices."""

    name: str
    board: str | int
    guides: tuple[Guide, ...]
    difficulty: Difficulty
    seed: int
    play_seed: int
    removed: tuple[Species, ...] = ()
    policy: str = "random"
    max_lines: int = MAX_LINES

    def command(self) -> str:
        """The command that writes this playthrough."""
        parts = ["bigfive playthrough"]
        if self.name:
            parts.append(f"--name {shlex.quote(self.name)}")
        parts += [
            f"--board {shlex.quote(str(self.board))}",
            f"--guides {','.join(g.name.lower() for g in self.guides)}",
            f"--difficulty {self.difficulty.name.lower()}",
        ]
        if self.removed:
            parts.append(f"--short {','.join(s.name.lower() for s in self.removed)}")
        parts += [f"--seed {self.seed}", f"--play-seed {self.play_seed}", f"--policy {self.policy}"]
        if self.max_lines != MAX_LINES:
            parts.append(f"--max-lines {self.max_lines}")
        return " ".join(parts)


#: The golden playthroughs (tests/playthroughs/<name>.txt). Play seeds picked for variety: the
#: three games end stuck, by a lost species and by hunger.
GOLDEN: tuple[Setup, ...] = (
    Setup("two_guides_beginner", "classic", (Guide.JACK, Guide.KATE), Difficulty.BEGINNER, 101, 13),
    Setup(
        "three_guides_normal", 2, (Guide.ANNA, Guide.DAVID, Guide.SAM), Difficulty.NORMAL, 202, 5
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


def uniform_kind(state: GameState, legal: Sequence[Action], rnd: random.Random) -> Action:
    """The playthroughs' random policy: an action kind uniformly, then an action of that kind
    (the same policy as players/random_player, drawn with ``random.Random.choice``)."""
    actions = list(dict.fromkeys(legal))  # the same action listed twice counts once
    kind = rnd.choice(sorted({action.kind for action in actions}))
    return rnd.choice([action for action in actions if action.kind == kind])


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
    """The state in five lines: turn, vehicles, tokens, fires and supplies, cards."""
    game = state.game
    board = game.board
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


def step_lines(steps: Sequence[Step]) -> list[str]:
    return [f"  {step.rule} [{step.kind}] {step.text}" for step in steps]


def title_line(name: str) -> str:
    """A playthrough's first line, which names it (``--golden`` knows its files by it)."""
    return f"# bigfive playthrough{': ' if name else ''}{name}"


def playthrough(setup: Setup, board: Board, policy: Policy) -> str:
    """The whole seeded game as text; ``policy`` chooses with ``random.Random(play_seed)``."""
    game = make_game(board, setup.guides, setup.difficulty, setup.removed, setup.seed)
    session = Session(game)
    rnd = random.Random(setup.play_seed)
    removed = ", ".join(s.title for s in setup.removed) or "-"
    lines = [
        title_line(setup.name),
        f"# board: {board.layout_name}: {' | '.join(p.text() for p in board.placements)}",
        f"# guides: {', '.join(g.title for g in game.guides)}; difficulty: "
        f"{setup.difficulty.name.lower()}; removed: {removed}; game seed: {setup.seed}; "
        f"play seed: {setup.play_seed}; policy: {setup.policy}",
        "# exchanges: fuel and food, as " + " / ".join(RESOURCE_NAMES),
        f"# written by: {setup.command()}",
        "",
        "setup",
        *step_lines(session.log),
        *summary(session.state),
    ]
    for number in range(1, MAX_ACTIONS + 1):
        state = session.state
        if state.over or len(lines) > setup.max_lines:
            break
        legal = list(dict.fromkeys(session.legal_actions()))
        action = policy(state, legal, rnd)
        text = format_action(game, action, state.seat)
        lines.append("")
        lines.append(f"{number}. {game.guides[state.seat].title}: {text}")
        lines.append(f"  legal ({len(legal)}): " + ", ".join(session.describe(a) for a in legal))
        steps = session.play_text(text)  # through the notation, as a record replays it
        if session.actions[-1] != action:
            raise AssertionError(f"{text!r} reads back as {session.actions[-1]}, not {action}")
        lines += step_lines(steps)
        lines += summary(session.state)
    lines.append("")
    if session.state.over:
        lines.append(f"game over: {session.state.outcome} after {len(session.actions)} actions")
    else:
        lines.append(f"stopped after {len(session.actions)} actions (the game goes on)")
    return "\n".join(lines) + "\n"


def board_of(setup: Setup) -> Board:
    from bigfive_tui.assets import load_layout, seeded_board

    return seeded_board(setup.board) if isinstance(setup.board, int) else load_layout(setup.board)


def policy_of(setup: Setup) -> Policy:
    if setup.policy == "greedy":
        from bigfive_tui.players.greedy_player import choose

        return choose
    return uniform_kind


def write(setup: Setup) -> str:
    """The playthrough of ``setup`` as text, its board read by name or made from its seed (the
    golden files are written by this)."""
    return playthrough(setup, board_of(setup), policy_of(setup))


# --- Writing playthroughs to files: only regular files, none replaced without asking ---------


class OutputRefused(ValueError):
    """A file a playthrough is not written to; the message names it and says why."""


def check_output(path: Path, *, replace: bool) -> None:
    """OutputRefused unless ``path`` may be written: nothing there, or a regular file when
    ``replace``. Checked before the game is played, so that a refusal comes at once (and a
    FIFO is never opened: that would block)."""
    from bigfive_tui.files.writing import regular_target

    with _refused_as_output(path):
        if regular_target(path).exists() and not replace:
            raise FileExistsError(path)


def write_output(path: Path, text: str, *, replace: bool) -> None:
    """Write ``text`` to ``path`` whole or not at all (the safe writer); OutputRefused naming
    the file otherwise, also when a file took the name since :func:`check_output`."""
    from bigfive_tui.files.writing import write_atomically

    with _refused_as_output(path):
        write_atomically(path, text, replace=replace)


@contextmanager
def _refused_as_output(path: Path) -> Iterator[None]:
    """The safe writer's refusals (and the system's) as OutputRefused, in words naming ``path``."""
    from bigfive_tui.files.writing import NotAFile

    try:
        yield
    except FileExistsError:
        raise OutputRefused(f"{path} exists; --force replaces it (nothing was written)") from None
    except NotAFile as error:
        raise OutputRefused(
            f"{error.path} is {error.what}, not a file; nothing was written"
        ) from None
    except OSError as error:
        raise OutputRefused(f"cannot write {path}: {error.strerror or error}") from None


def is_golden_file(path: Path, setup: Setup) -> bool:
    """Whether ``path`` is a regular file holding ``setup``'s golden playthrough (an older
    one: its first line names it), which ``--golden`` writes again without ``--force``."""
    from bigfive_tui.files.reading import LoadError, read_text
    from bigfive_tui.files.writing import is_regular_or_missing

    if not path.exists() or not is_regular_or_missing(path):
        return False
    try:
        first_line = read_text(path).partition("\n")[0]
    except LoadError:
        return False
    return first_line == title_line(setup.name)


def write_golden(folder: Path, *, force: bool) -> list[Path]:
    """Write every golden playthrough into ``folder``; returns their paths. A file of a golden
    playthrough's name is replaced if it is that golden playthrough, or with ``force``; anything
    else (or a FIFO, device or folder there, ``force`` or not) stops it before any file is
    written (OutputRefused)."""
    if folder.exists() and not folder.is_dir():
        raise OutputRefused(f"--golden: {folder} is not a folder; nothing was written")
    files = [(setup, folder / f"{setup.name}.txt") for setup in GOLDEN]
    plan = [(setup, path, force or is_golden_file(path, setup)) for setup, path in files]
    for _, path, may_replace in plan:
        check_output(path, replace=may_replace)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputRefused(f"cannot make the folder {folder}: {error.strerror}") from None
    for setup, path, may_replace in plan:
        write_output(path, write(setup), replace=may_replace)
    return [path for _, path, _ in plan]
