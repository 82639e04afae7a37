"""Positions in and out of the app: a moment of the game exported as a scenario file that
``bigfive scenario run`` accepts and that continues the game exactly, a scenario file imported
as a game (``bigfive play --scenario FILE``), and the checks of the editor (D-edit).

Every position is built by the scenario package with exactly the checks of scenario files; an
export is run once before it is written, and written only if it builds into the same position
and, with the rest of the game, plays on to where the game went.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bigfive_tui.app.files import saves
from bigfive_tui.engine.rigging import Rig, RigKind
from bigfive_tui.engine.session import Session
from bigfive_tui.engine.state import GameState
from bigfive_tui.files.writing import write_atomically

SCENARIO_SUFFIX = ".toml"


class PositionError(Exception):
    """A position that cannot be exported, imported or applied; the message says why."""


@dataclass(frozen=True, slots=True)
class Exported:
    path: Path
    actions: int  # the game's later actions written under [play] (0: the position alone)
    note: str  # what the file holds, for the player


def inline_pieces(session: Session) -> list[dict[str, Any]]:
    """The pieces a game's board needs beyond the shipped ones (a scenario's own pieces)."""
    board = (session.start_position or {}).get("board")
    if isinstance(board, Mapping):
        return [dict(piece) for piece in board.get("pieces") or ()]
    return []


def position_of(session: Session, state: GameState) -> dict[str, Any]:
    from bigfive_tui.scenarios.write_position import position

    return position(state, inline_pieces(session))


def check(position: Mapping[str, Any]) -> tuple[GameState | None, str]:
    """Build ``position`` as a scenario file is built: the state, or why it is impossible."""
    try:
        state, _ = saves.build_start(position)
    except ValueError as error:
        return None, str(error).removeprefix("the position the game began from: ")
    return state, ""


def _continuation(session: Session, keep: int) -> list[Any]:
    """The game's inputs after its first ``keep`` entries, in the scenario's notation: the
    actions, each with the rolls rigged just before it as its ``dice``, and the cards and
    face-down tokens rigged on the way as rigs in debug mode's notation (``rig card Fire``)."""
    actions: list[Any] = []
    dice: list[str] = []
    for entry in session.entries[keep:]:
        if isinstance(entry.move, Rig) and entry.move.kind == RigKind.ROLL:
            dice.append(entry.text.removeprefix("rig roll "))
            continue
        actions.append({"act": entry.text, "dice": dice} if dice else entry.text)
        dice = []
    # Rolls rigged after the last action wait for a roll the game did not get to: as rigs.
    actions.extend(f"rig roll {die}" for die in dice)
    return actions


def scenario_text(session: Session, keep: int, *, with_rest: bool = True) -> tuple[str, int]:
    """The scenario file of the game after its first ``keep`` entries, and how many of the
    later actions it plays on (the rest of the game, when asked and when it runs true)."""
    from bigfive_tui.scenarios.export import continuation_expect, scenario_document

    state = session.state_after(keep)
    position = position_of(session, state)
    guides = " & ".join(guide.title for guide in session.game.guides)
    title = f"{guides}, turn {state.turn}: {state.guide.title} ({state.phase.name.lower()})"
    about = (
        f"Exported from a game of bigfive (seed {session.game.seed}) after {keep} of its "
        f"{len(session.entries)} actions and rigs. It loads into that position exactly; "
        "`bigfive play --scenario FILE` plays on from it."
    )
    actions = _continuation(session, keep) if with_rest else []
    if actions:
        about += (
            f" [play] holds the {len(actions)} actions (and rigs) the game went on with, and "
            "[expect] where they led: `bigfive scenario run FILE` plays them and checks it."
        )
        expect = continuation_expect(session.state)
        text = scenario_document(position, title=title, about=about, actions=actions, expect=expect)
    else:
        text = scenario_document(position, title=title, about=about)
    return text, len(actions)


def _runs_true(text: str, session: Session, keep: int) -> str:
    """Why the scenario ``text`` would not continue the game exactly ("" when it does)."""
    from bigfive_tui.assets import load_layout, load_pieces
    from bigfive_tui.scenarios.model import ScenarioError
    from bigfive_tui.scenarios.runner import run

    data = tomllib.loads(text)
    built, problem = check({key: value for key, value in data.items() if key != "expect"})
    if built is None:
        return problem
    if position_of(session, built) != position_of(session, session.state_after(keep)):
        return "it loads into another position"
    try:
        result = run(data, "export", load_pieces(), load_layout)
    except ScenarioError as error:
        return str(error)
    return "; ".join(result.failures)


def export(session: Session, keep: int, path: Path, *, replace: bool = False) -> Exported:
    """Write the game after its first ``keep`` entries to ``path`` as a scenario, with the rest
    of the game when it plays on exactly; PositionError when it cannot be written (or when a
    file is there and ``replace`` does not say the player agreed to replace it)."""
    text, actions = scenario_text(session, keep)
    note = ""
    if actions and _runs_true(text, session, keep):
        text, actions = scenario_text(session, keep, with_rest=False)
        note = " (the rest of the game could not be written as its actions)"
    problem = _runs_true(text, session, keep)
    if problem:  # a position that does not load back would be a bug of the format
        raise PositionError(f"This position cannot be written as a scenario: {problem}")
    _write(path, text, replace)
    if actions:
        note = f" with the {actions} actions played after it and where they led{note}"
    return Exported(path, actions, f"the position{note}")


def export_position(
    position: Mapping[str, Any], path: Path, session: Session, *, replace: bool = False
) -> Path:
    """Write an edited position as a scenario file, once it builds (the editor's export)."""
    from bigfive_tui.scenarios.export import scenario_document

    state, problem = check(position)
    if state is None:
        raise PositionError(f"This position is not possible: {problem}")
    guides = " & ".join(guide.title for guide in session.game.guides)
    text = scenario_document(
        position,
        title=f"{guides}, turn {state.turn}: an edited position",
        about="Edited in bigfive's debug mode; `bigfive play --scenario FILE` plays on from it.",
    )
    if _runs_true_position(text, position):
        raise PositionError("This position cannot be written as a scenario.")
    _write(path, text, replace)
    return path


def _write(path: Path, text: str, replace: bool) -> None:
    """Write a scenario file: never over a file the player did not agree to replace, never
    over anything but a regular file."""
    try:
        write_atomically(path, text, replace=replace)
    except FileExistsError:
        raise PositionError(
            f"Not written: {path} exists already, and it is kept as it is; choose another name"
        ) from None
    except OSError as error:
        raise PositionError(f"Could not write {path}: {error.strerror or error}") from None


def _runs_true_position(text: str, position: Mapping[str, Any]) -> str:
    data = tomllib.loads(text)
    built, problem = check({key: value for key, value in data.items() if key != "expect"})
    if built is None:
        return problem
    wanted, _ = check(position)
    return "" if wanted is not None and built == wanted else "it loads into another position"


def scenarios_dir() -> Path:
    return saves.data_dir() / "scenarios"


def import_scenario(path: Path) -> Session:
    """The game of a scenario file, from the position it sets up (its [play] actions are the
    scenario's test, not played here; ``bigfive scenario run`` plays them). PositionError
    naming the file and the field when it cannot be used."""
    from bigfive_tui.assets import load_layout, load_pieces, read_toml
    from bigfive_tui.engine.pieces import BoardFileError
    from bigfive_tui.scenarios.build import build
    from bigfive_tui.scenarios.model import ScenarioError, parse_scenario
    from bigfive_tui.scenarios.write_position import position

    def layouts(name: str) -> Any:  # a layout file's name is relative to the scenario file
        if "/" in name or name.endswith(SCENARIO_SUFFIX):
            return load_layout(str((path.parent / name).resolve()))
        return load_layout(name)

    source = str(path)
    try:
        scenario = parse_scenario(read_toml(path, ScenarioError), source)
        built = build(scenario, source, load_pieces(), layouts)
        data = position(built.state, scenario.board.pieces)
        data["title"] = scenario.title or path.stem  # named by the log's first line
        return saves.position_session(data, built.setup)
    except (ScenarioError, BoardFileError) as error:
        raise PositionError(str(error)) from None
