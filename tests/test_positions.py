"""Positions in and out of a game (D-edit): editing in the scenario format with the scenario
file's checks, exporting a moment as a scenario that `bigfive scenario run` accepts and that
continues the game exactly, importing one with `bigfive play --scenario FILE`."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

import pytest
from test_app_support import played_session

from bigfive_tui.app.files import saves
from bigfive_tui.app.files.positions import (
    PositionError,
    check,
    export,
    import_scenario,
    position_of,
)
from bigfive_tui.cli import main
from bigfive_tui.engine.accounting import accounting_problems
from bigfive_tui.engine.content import ANIMAL_KIND, CARDS, CardKind
from bigfive_tui.scenarios import edit
from bigfive_tui.scenarios.export import toml_text
from bigfive_tui.scenarios.write_position import position


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def start_position() -> dict[str, Any]:
    session = played_session(40)
    return position_of(session, session.state)


def guide_names(position: dict[str, Any]) -> list[str]:
    guides = position["guides"]
    assert isinstance(guides, list)
    return guides


# ---------------------------------------------------------------- editing, checked as a file is


def test_D_edit_a_token_comes_from_the_supply_and_goes_back_to_it() -> None:
    pos = start_position()
    free = next(
        name
        for name in ("♠2", "♠3", "♠4", "♠5", "♠6", "♣2", "♣3", "♣4", "♣5", "♣6")
        if name not in pos["tokens"] and name not in pos["fires"]
    )
    supply = list(pos["animals"]["supply"])
    kind = supply[-1]
    placed = edit.put_token(pos, free, kind)
    assert placed["tokens"][free] == kind
    assert len(placed["animals"]["supply"]) == len(supply) - 1
    state, problem = check(placed)
    if state is None:  # a piece on fire refuses the animal: the scenario file's own words
        assert "cannot be there" in problem
    else:
        assert not accounting_problems(state)
    back = edit.put_token(placed, free, "")
    assert free not in back["tokens"] and back["animals"]["supply"][-1] == kind
    assert sorted(back["animals"]["supply"]) == sorted(supply)


def test_D_edit_an_impossible_position_is_refused_in_the_scenario_files_words() -> None:
    pos = start_position()
    guide = guide_names(pos)[0]
    starved = edit.set_track(pos, guide, "food", 0)
    state, problem = check(starved)
    assert state is None and f"vehicles.{guide}.food" in problem and "R-end-food" in problem
    too_full = edit.set_track(pos, guide, "fuel", 99)
    assert "above the top" in check(too_full)[1]


def test_D_edit_lasting_cards_come_out_of_the_piles_and_go_back() -> None:
    pos = start_position()
    guides = guide_names(pos)
    flat = edit.set_flat(pos, guides[1], True)
    state, problem = check(flat)
    assert state is not None, problem
    assert state.flat[1] == 2 and any(CARDS[c].kind == CardKind.FLAT_TYRE for c, _ in state.lasting)
    mended = edit.set_flat(flat, guides[1], False)
    assert check(mended)[0] is not None and mended["cards"]["discard"][0] == "Flat tyre"
    gates = edit.set_lasting(pos, "broken_gates", ["east"])
    state, problem = check(gates)
    assert state is not None, problem
    assert state.broken_gates() == [1]


def test_D_edit_the_turn_and_its_phase() -> None:
    pos = start_position()
    guides = guide_names(pos)
    turned = edit.set_turn(pos, guide=guides[2], phase="draw", number=30)
    state, problem = check(turned)
    assert state is not None, problem
    assert (state.seat, state.phase, state.turn) == (2, 0, 30)
    acting = edit.set_turn(turned, phase="actions", actions_left=2)
    state, _ = check(acting)
    assert state is not None and state.actions_left == 2


# ---------------------------------------------------------------- export and import


def test_an_exported_moment_runs_and_continues_to_the_same_state_as_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = played_session(80, seed=18)
    keep = 25
    path = tmp_path / "moment.toml"
    exported = export(session, keep, path)
    assert exported.actions > 0  # the rest of the game, written as its actions
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    built, problem = check({k: v for k, v in data.items() if k != "expect"})
    assert built is not None, problem
    assert position_of(session, built) == position_of(session, session.state_after(keep))
    assert main(["scenario", "run", str(path), "--json"]) == 0
    result = __import__("json").loads(capsys.readouterr().out)
    assert result["passed"] and result["checks"]
    final = result["final"]["position"]
    assert final == position(session.state)  # played on to exactly where the game went


def test_rolls_rigged_on_the_way_are_exported_as_the_next_actions_dice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = played_session(20, seed=18)
    session.rig_text("rig roll X")
    played = len(session.actions)
    chooser = random.Random(3)
    while len(session.actions) < played + 15 and not session.state.over:
        session.play(chooser.choice(session.legal_actions()))
    session.rig_text("rig card Fire")  # a card rig is written as a rig, where it was made
    session.play(session.legal_actions()[0])
    path = tmp_path / "rigged.toml"
    exported = export(session, 5, path)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    actions = data["play"]["actions"]
    assert len(actions) == exported.actions == len(session.actions) - 5 + 1
    assert actions[played - 5] == {"act": session.texts[played], "dice": ["X1"]}
    assert actions[-2:] == ["rig card Fire", session.texts[-1]]
    assert main(["scenario", "run", str(path), "--json"]) == 0  # and it plays on exactly
    result = __import__("json").loads(capsys.readouterr().out)
    assert result["final"]["position"] == position(session.state)


def test_a_pending_rigged_roll_is_the_first_scripted_roll_of_the_export(tmp_path: Path) -> None:
    session = played_session(20, seed=18)
    session.rig_text("rig roll ♣4")
    export(session, len(session.entries), tmp_path / "pending.toml")
    data = tomllib.loads((tmp_path / "pending.toml").read_text(encoding="utf-8"))
    assert data["play"]["dice"][0] == "♣4" and "expect" not in data


def test_play_scenario_imports_a_position_that_plays_on_exactly(tmp_path: Path) -> None:
    session = played_session(60, seed=18)
    path = tmp_path / "to-import.toml"
    export(session, len(session.entries), path)
    imported = import_scenario(path)
    assert position_of(imported, imported.state) == position_of(session, session.state)
    for action in session.legal_actions()[:1]:
        ours, theirs = session.state_after(len(session.entries)), imported.state
        from bigfive_tui.engine.apply_action import apply

        assert position(apply(ours, action)[0]) == position(apply(theirs, action)[0])
    saved = saves.save_named("imported", imported, frozenset())
    assert saves.read_save(saved).session.state == imported.state  # it saves and reloads


def test_a_scenario_that_cannot_be_imported_is_named(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text('guides = ["kate", "bob"]\n', encoding="utf-8")
    with pytest.raises(PositionError, match=r"broken\.toml: guides\[1\]"):
        import_scenario(broken)
    assert main(["play", "--scenario", str(broken)]) == 2


def test_toml_text_writes_what_tomllib_reads_back() -> None:
    data = {
        "title": 'A "quoted" title',
        "seed": -5,
        "board": {
            "placements": ["club A"],
            "pieces": [{"name": "x", "sides": {"A": {"spaces": ["a"]}}}],
        },
        "vehicles": {"kate": {"at": "♣4", "flat": False}},
        "tokens": {"♣4": "lion"},
        "empty": {},
        "play": {"actions": ["draw", {"act": "move ♣5", "dice": ["X3"]}]},
    }
    back = tomllib.loads(toml_text(data))
    assert back == {k: v for k, v in data.items() if k != "empty"}


def test_animal_kinds_stay_accounted_after_any_token_edit() -> None:
    pos = start_position()
    for token in edit.TOKEN_CHOICES:
        changed = edit.put_token(pos, "♦4", token)
        kinds = [*changed["animals"]["supply"], *changed["animals"]["discarded"]]
        kinds += [
            t.split(" ")[0] for t in changed["tokens"].values() if t.split(" ")[0] in edit.ANIMALS
        ]
        before = [*pos["animals"]["supply"], *pos["animals"]["discarded"]]
        before += [
            t.split(" ")[0] for t in pos["tokens"].values() if t.split(" ")[0] in edit.ANIMALS
        ]
        assert sorted(kinds) == sorted(before) or token.split(" ")[0] in edit.ANIMALS
    assert ANIMAL_KIND  # the kinds come from the box
