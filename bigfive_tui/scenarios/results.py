"""What a scenario run reports (``bigfive scenario run --json``, schema in docs/scenarios.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, JsonValue

from bigfive_tui.shared.checks import CheckOut, StepOut, describe_check

__all__ = ["ActionOut", "CheckOut", "ScenarioResult", "StepOut", "describe_check"]


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
