"""The log of rule steps that both games keep while they resolve an action.

Each game has its own step type (the Big Five's names a drawn card, Photo Safari's the animal
that moved); what the app shows of any of them is a :class:`RuleStep`: the rule id it cites in
its game's rules file, its kind and what happened.
"""

from __future__ import annotations

from typing import Generic, Protocol, Self, TypeVar


class RuleStep(Protocol):
    """One thing that happened while resolving an action, citing its rule."""

    @property
    def rule(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def text(self) -> str: ...


class Copyable(Protocol):
    def copy(self) -> Self: ...


StepT = TypeVar("StepT")
StateT = TypeVar("StateT", bound=Copyable)


class StepRecorder(list[StepT], Generic[StepT, StateT]):
    """A log that also copies the state as each step is logged, for stepping through an action
    in debug mode. Plain play logs into a plain list, so it pays nothing for this."""

    __slots__ = ("state", "states")

    def __init__(self, state: StateT) -> None:
        super().__init__()
        self.state = state
        self.states: list[StateT] = []

    def append(self, step: StepT, /) -> None:
        super().append(step)
        self.states.append(self.state.copy())
