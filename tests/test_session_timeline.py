"""The whole game in the session: any moment rebuilt from the nearest snapshot, the rule steps of
any entry with the game after each, going back and on from there (D-branch), and the record of
it."""

from __future__ import annotations

import json
import random
from bisect import bisect_right

import pytest

from bigfive_tui.assets import load_pieces, seeded_board
from bigfive_tui.engine.actions import Act, Step
from bigfive_tui.engine.apply_action import apply
from bigfive_tui.engine.content import Difficulty, Guide
from bigfive_tui.engine.session import (
    POSITION_RULE,
    SNAPSHOT_EVERY,
    Branch,
    Session,
    make_game,
)
from bigfive_tui.engine.setup import new_game
from bigfive_tui.engine.timeline import Timeline
from bigfive_tui.formats.replay import load_record, record_of


def game_with_rigs(seed: int, actions: int = 150) -> Session:
    game = make_game(seeded_board(seed), [Guide.KATE, Guide.JACK, Guide.SAM], Difficulty.NORMAL,
                     seed=seed)  # fmt: skip
    session = Session(game)
    chooser = random.Random(seed)
    while not session.state.over and len(session.actions) < actions:
        legal = session.legal_actions()
        kind = chooser.choice(sorted({a.kind for a in legal}))
        session.play(chooser.choice([a for a in legal if a.kind == kind]))
        if len(session.actions) % 17 == 0 and not session.state.over:
            session.rig_text(chooser.choice(["rig roll X", "rig roll ♠3", "rig roll ●5"]))
    return session


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_every_moment_is_rebuilt_exactly_from_the_snapshots(seed: int) -> None:
    session = game_with_rigs(seed)
    state = session.start
    for index, entry in enumerate(session.entries):
        assert session.state_after(index) == state
        steps, states = session.steps_of(index)
        end = (
            session.entries[index + 1].log_start
            if index + 1 < len(session.entries)
            else len(session.log)
        )
        assert steps == session.log[entry.log_start : end]
        assert len(states) == len(steps)
        state = states[-1]
    assert state == session.state == session.state_after(len(session.entries))
    assert len(session._snapshots) == len(session.entries) // SNAPSHOT_EVERY + 1


def test_entries_know_their_turn_and_guide() -> None:
    session = game_with_rigs(5, 60)
    for entry in session.entries:
        before = session.state_after(session.entries.index(entry))
        assert (entry.turn, entry.seat) == (before.turn, before.seat)
    draws = [entry for entry in session.entries if entry.text == "draw"]
    assert [entry.turn for entry in draws] == list(range(1, len(draws) + 1))


def test_the_setup_is_recorded_step_by_step() -> None:
    session = game_with_rigs(4, 0)
    states = session.setup_states()
    assert len(states) == session.setup_steps == len(session.log)
    assert states[-1] == session.start and states[0] != session.start
    fires = [sum(state.fires) for state in states]
    assert fires == sorted(fires) and fires[-1] >= 1  # the starting fires appear one by one
    replayed, log = new_game(session.game, session.start_cells)
    assert replayed == session.start and log == session.log


def test_D_branch_plays_on_from_any_moment_and_the_record_keeps_the_branch() -> None:
    session = game_with_rigs(8, 120)
    line = list(session.entries)
    point = 37
    expected = session.state_after(point)
    session.truncate(point, Branch(actions=0, turn=expected.turn, how="play from here",
                                   abandoned="old-line"))  # fmt: skip
    assert session.state == expected and session.entries == line[:point]
    assert len(session.log) == line[point].log_start and not session.can_undo()
    assert len(session.actions) == sum(1 for entry in line[:point] if not entry.is_rig)
    chooser = random.Random(99)
    for _ in range(30):
        if session.state.over:
            break
        session.play(chooser.choice(session.legal_actions()))
    data = json.loads(record_of(session).model_dump_json())
    assert data["branches"] == [
        {"actions": 0, "turn": expected.turn, "how": "play from here", "abandoned": "old-line"}
    ]
    again = load_record(data, load_pieces())
    assert again.state == session.state and again.branches == session.branches


def test_a_session_from_a_position_replays_from_it() -> None:
    session = game_with_rigs(6, 20)
    built = session.state_after(12)

    def build(position: object) -> tuple[object, list[object]]:
        assert position == {"from": "test"}
        return built, []

    started = Session.from_position(built, {"from": "test"})
    move = next(a for a in started.legal_actions() if a.kind != Act.EXCHANGE)
    started.play(move)
    data = json.loads(record_of(started).model_dump_json())
    assert data["position"] == {"from": "test"}
    again = load_record(data, load_pieces(), build_position=build)  # type: ignore[arg-type]
    assert again.state == apply(built, move)[0] and again.start is built
    assert again.setup_states() == []


def test_D_position_the_first_line_of_a_game_from_a_position_is_that_position() -> None:
    """A written position has no setup steps: the log's first line says where the game began,
    and its moment is the position, mid-turn, where the game's first turn begins."""
    built = game_with_rigs(6, 20).state_after(12)
    line = Step(POSITION_RULE, "setup", "The game begins from an edited position.")
    started = Session.from_position(built, {"from": "test"}, [line])
    for _ in range(3):
        started.play(next(a for a in started.legal_actions() if a.kind != Act.EXCHANGE))
    timeline = Timeline(started)
    assert timeline.step(0) == line and timeline.state(0) is built
    assert timeline.at_start(0) and not any(timeline.at_start(m) for m in range(1, len(timeline)))
    assert timeline.turn_starts[0] == 0
    assert timeline.moment_of_log(1) == 1  # the first action's first step comes next


def test_the_log_is_searched_by_rule_id_word_or_guide() -> None:
    session = game_with_rigs(8, actions=60)
    timeline = Timeline(session)
    log = session.log
    fires = timeline.search("r-card-fire")
    assert fires and all(log[index].rule == "R-card-fire" for index in fires)
    assert timeline.search("  ") == list(range(len(log)))
    kate = timeline.search("Kate")  # Kate's own steps: her cards, rolls and rigs too
    starts = [entry.log_start for entry in session.entries]
    for index, step in enumerate(log):
        entry = bisect_right(starts, index) - 1
        hers = entry >= 0 and session.entries[entry].seat == 0
        assert (index in kate) == (hers or "kate" in step.text.lower()), step
    assert any("Kate" not in log[index].text for index in kate)  # e.g. the card she drew
    assert timeline.search("kat") == [i for i, s in enumerate(log) if "kat" in s.text.lower()]
