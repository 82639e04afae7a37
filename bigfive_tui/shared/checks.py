"""What a scenario run reports, for either game's scenarios: the rule steps of a move or
action, whether it was refused as the scenario said, each expectation checked, and how a failed
check reads (``scenario run --json``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal, Protocol

from pydantic import BaseModel, JsonValue

from bigfive_tui.shared.steps import RuleStep


class StepOut(BaseModel):
    rule: str
    kind: str
    text: str


def steps_out(steps: Sequence[RuleStep]) -> list[StepOut]:
    return [StepOut(rule=step.rule, kind=step.kind, text=step.text) for step in steps]


class CheckOut(BaseModel):
    name: str
    expected: JsonValue
    actual: JsonValue
    passed: bool


#: How a log expectation fails: the check's name starts with the first, the second says why.
_LOG_STATEMENTS = (
    ("log has ", "no step of the log cites this rule"),
    ("log lacks ", "a step of the log cites this rule"),
    ("log text ", "no step of the log says this"),
)


def describe_check(check: CheckOut) -> str:
    """A failed check in words; refusals get sentences of their own."""
    if check.name == "refused":
        wanted, actual = check.expected, check.actual
        if wanted is False:
            return f"refused unexpectedly: {actual}"
        if actual is False:
            containing = "" if wanted is True else f" containing {wanted!r}"
            return f"allowed, but a refusal{containing} was expected"
        return f"refused for another reason: {actual!r} does not contain {wanted!r}"
    if check.expected is True and check.actual is False:  # a statement about the log
        for start, missing in _LOG_STATEMENTS:
            if check.name.startswith(start):
                return f"{check.name}: {missing}"
    return f"{check.name}: expected {check.expected!r}, got {check.actual!r}"


def refusal_check(wanted: bool | str, refusal: str | None) -> CheckOut:
    """Whether a move or action was refused as the scenario said: ``wanted`` False (it must be
    played), True (any refusal) or a text the refusal must contain."""
    if wanted is False:
        return CheckOut(name="refused", expected=False, actual=refusal, passed=refusal is None)
    if refusal is None:
        return CheckOut(name="refused", expected=wanted, actual=False, passed=False)
    passed = wanted is True or str(wanted).lower() in refusal.lower()
    return CheckOut(name="refused", expected=wanted, actual=refusal, passed=passed)


class PlayedOut(Protocol):
    """A move or action in a scenario's report (each game names its own fields beside these)."""

    status: Literal["played", "refused", "not run"]
    message: str
    steps: list[StepOut]
    checks: list[CheckOut]


def record_play(
    out: PlayedOut, steps: Sequence[RuleStep], refusal: str | None, wanted: bool | str
) -> bool:
    """Report a move or action: its rule steps, played or refused (and why), and whether that
    is as the scenario said (``wanted``, as in :func:`refusal_check`; a move played as it
    should be is not a check). False when it is not: the scenario stops there."""
    out.steps = steps_out(steps)
    out.status = "played" if refusal is None else "refused"
    out.message = refusal or ""
    if wanted is False and refusal is None:
        return True
    check = refusal_check(wanted, refusal)
    out.checks.append(check)
    return check.passed


def failures(label: str, checks: Iterable[CheckOut]) -> list[str]:
    """The failed checks in words, each after ``label`` (the move, action or "expect")."""
    return [f"{label}: {describe_check(check)}" for check in checks if not check.passed]
