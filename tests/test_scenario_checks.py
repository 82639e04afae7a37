"""How either game's scenario run reports a move or action (bigfive_tui/shared/checks.py): its
steps, played or refused, and whether that is as the scenario said."""

from __future__ import annotations

from bigfive_tui.engine.actions import Step
from bigfive_tui.scenarios.results import ActionOut
from bigfive_tui.shared.checks import failures, record_play

STEP = Step("R-move", "move", "Jack drives to ♣4 (1 action).")


def fresh() -> ActionOut:
    return ActionOut(number=1, text="move ♣4", guide="jack", status="not run")


def test_a_move_played_as_it_should_be_is_reported_with_its_steps_and_no_check() -> None:
    out = fresh()
    assert record_play(out, [STEP], None, False)
    assert out.status == "played" and out.message == "" and not out.checks
    assert [(s.rule, s.text) for s in out.steps] == [(STEP.rule, STEP.text)]


def test_a_refusal_the_scenario_asked_for_is_a_passed_check() -> None:
    out = fresh()
    assert record_play(out, [], "♣4 is not next to ♣3.", "not next to")
    assert out.status == "refused" and out.message == "♣4 is not next to ♣3."
    assert [check.passed for check in out.checks] == [True] and not failures("move", out.checks)


def test_a_refusal_or_a_move_against_the_scenario_fails_and_says_so() -> None:
    refused, played = fresh(), fresh()
    assert not record_play(refused, [], "♣4 is not next to ♣3.", False)
    assert not record_play(played, [STEP], None, True)
    assert failures("action 1", refused.checks) == [
        "action 1: refused unexpectedly: ♣4 is not next to ♣3."
    ]
    assert failures("action 1", played.checks) == ["action 1: allowed, but a refusal was expected"]
