"""What a scenario run reports (``bigfive scenario run --json``, schema in docs/scenarios.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, JsonValue


class StepOut(BaseModel):
    rule: str
    kind: str
    text: str


class CheckOut(BaseModel):
    name: str
    expected: JsonValue
    actual: JsonValue
    passed: bool


class ActionOut(BaseModel):
    number: int  # 1-based, as in reports; the file path is play.actions[number - 1]
    text: str
    guide: str
    status: Literal["played", "refused", "not run"]
    message: str = ""
    steps: list[StepOut] = Field(default_factory=list)
    checks: list[CheckOut] = Field(default_factory=list)


class ScenarioResult(BaseModel):
    """What ``bigfive scenario run --json`` prints (schema in docs/scenarios.md)."""

    format: Literal["bigfive-scenario-result"] = "bigfive-scenario-result"
    version: Literal[1] = 1
    file: str
    title: str = ""
    rules: list[str] = Field(default_factory=list)
    passed: bool = False
    error: str | None = None
    failures: list[str] = Field(default_factory=list)
    setup: list[StepOut] = Field(default_factory=list)
    actions: list[ActionOut] = Field(default_factory=list)
    checks: list[CheckOut] = Field(default_factory=list)
    final: dict[str, JsonValue] = Field(default_factory=dict)


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


#: How a log expectation fails: the check's name starts with the first, the second says why.
_LOG_STATEMENTS = (
    ("log has ", "no step of the log cites this rule"),
    ("log lacks ", "a step of the log cites this rule"),
    ("log text ", "no step of the log says this"),
)
