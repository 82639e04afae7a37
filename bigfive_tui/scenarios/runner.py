"""Playing a scenario: every action through the engine, its refusals and expectations checked."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from bigfive_tui.engine.accounting import accounting_problems
from bigfive_tui.engine.actions import Action, IllegalAction, Step
from bigfive_tui.engine.apply_action import apply
from bigfive_tui.engine.board import Board
from bigfive_tui.engine.notation import NotationError, parse_action
from bigfive_tui.engine.pieces import Piece
from bigfive_tui.engine.rigging import Rig, RigError, is_rig_text, parse_rig, rig
from bigfive_tui.engine.state import GameState
from bigfive_tui.scenarios.build import Built, build
from bigfive_tui.scenarios.expectations import evaluate
from bigfive_tui.scenarios.model import ScenarioError, parse_scenario
from bigfive_tui.scenarios.names import die_roll, guide_of
from bigfive_tui.scenarios.results import ActionOut, CheckOut, ScenarioResult
from bigfive_tui.scenarios.write_position import final_state
from bigfive_tui.shared.checks import failures, record_play, steps_out


def _parse(state: GameState, text: str) -> Action | Rig:
    """An action in the engine notation, or a rig in debug mode's (``rig card Fire``: an
    exported game goes on through what was rigged in it)."""
    if is_rig_text(text):
        return parse_rig(state, text)
    return parse_action(state.game, text, state.seat)


def run_scenario(built: Built, source: str) -> ScenarioResult:
    """Play every action, checking refusals and expectations; stops at the first surprise."""
    scenario, game = built.scenario, built.game
    state = built.state
    all_steps: list[Step] = list(built.setup)
    result = ScenarioResult(
        file=source,
        title=scenario.title,
        rules=list(scenario.rules),
        setup=steps_out(built.setup),
    )
    stopped = False
    for index, item in enumerate(scenario.play.actions):
        out = ActionOut(
            number=index + 1, text=item.act, guide=guide_of(state, state.seat), status="not run"
        )
        result.actions.append(out)
        if stopped:
            continue
        label = f"action {index + 1} ({item.act!r})"
        if item.dice:
            extra = tuple(die_roll(game.board, text, "dice") for text in item.dice)
            state = state.copy()
            state.script = state.script[state.script_pos :] + extra
            state.script_pos = 0
        refusal: str | None = None
        action: Action | Rig | None = None
        try:
            action = _parse(state, item.act)
        except (NotationError, RigError) as error:
            if item.refused is False:
                raise ScenarioError(f"{source}: play.actions[{index}]: {error}") from None
            refusal = str(error)
        steps: list[Step] = []
        if action is not None:
            try:
                state, steps = (
                    rig(state, action) if isinstance(action, Rig) else apply(state, action)
                )
            except IllegalAction as error:
                refusal = str(error)
        all_steps.extend(steps)
        stopped = not record_play(out, steps, refusal, item.refused)
        problems = accounting_problems(state)
        if problems:
            out.checks.append(
                CheckOut(name="accounting", expected=[], actual=problems, passed=False)
            )
        if item.expect is not None and not stopped:
            out.checks.extend(evaluate(item.expect, state, steps))
        result.failures += failures(label, out.checks)
    result.checks = evaluate(scenario.expect, state, all_steps)
    result.failures += failures("expect", result.checks)
    result.final = final_state(state, scenario.board.pieces)
    result.passed = not result.failures
    return result


def run(
    data: Mapping[str, Any],
    source: str,
    pieces: Mapping[str, Piece],
    load_layout: Callable[[str], Board] | None = None,
    known_rules: Collection[str] | None = None,
) -> ScenarioResult:
    """Validate, build and play a scenario; an unusable file raises ScenarioError."""
    scenario = parse_scenario(data, source)
    built = build(scenario, source, pieces, load_layout, known_rules)
    return run_scenario(built, source)
