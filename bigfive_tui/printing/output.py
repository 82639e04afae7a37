"""Printing text that came from files and players: never read as Rich markup (a ``[/x]`` in a
layout name would crash the print), and without terminal control characters."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from bigfive_tui.safe_text import printable

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import Console

    from bigfive_tui.shared.checks import CheckOut, StepOut

#: How a move or action of a scenario's report went, after its number and text.
_STATUS = {"played": "", "refused": " [yellow](refused)[/]", "not run": " [dim](not run)[/]"}


def safe(text: object) -> str:
    """``text`` ready to go inside a markup string: cleaned and escaped."""
    from rich.markup import escape

    return escape(printable(str(text)))


def print_error(console: Console, label: str, problem: object) -> None:
    """``label:`` in bold red, then the problem as plain text."""
    from rich.text import Text

    console.print(
        Text.assemble((f"{label}:", "bold red"), " ", printable(str(problem))), highlight=False
    )


def check_line(check: CheckOut) -> str:
    """A scenario's check as a line of markup, either game's: ✓ what held, ✗ what did not."""
    import json

    from bigfive_tui.shared.checks import describe_check

    def shown(value: object) -> str:
        return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)

    if check.passed:
        if check.name == "refused" and check.expected is not False:
            return f"[green]✓[/] refused as expected: {safe(str(check.actual))}"
        if check.expected is True:
            return f"[green]✓[/] {safe(check.name)}"
        return f"[green]✓[/] {safe(check.name)} = {safe(shown(check.actual))}"
    if check.name == "refused" or check.expected is True:
        return f"[bold red]✗[/] {safe(describe_check(check))}"
    return (
        f"[bold red]✗ {safe(check.name)}[/]: expected {safe(shown(check.expected))}, "
        f"got {safe(shown(check.actual))}"
    )


def print_heading(console: Console, file: str, title: str, rules: Sequence[str]) -> None:
    """The start of a scenario's report, either game's: its file, title and rules."""
    console.print(f"[bold]{safe(file)}[/]{f' — {safe(title)}' if title else ''}")
    if rules:
        console.print(f"  rules: {safe(', '.join(rules))}")


def print_steps(console: Console, steps: Sequence[StepOut], rule_width: int) -> None:
    """Rule steps of a scenario's report, either game's, their rules in a column."""
    for step in steps:
        console.print(f"      [cyan]{safe(f'{step.rule:<{rule_width}}')}[/] {safe(step.text)}")


class Played(Protocol):
    """A move or action in a scenario's report, either game's."""

    @property
    def number(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def steps(self) -> Sequence[StepOut]: ...
    @property
    def checks(self) -> Sequence[CheckOut]: ...


def print_played(console: Console, who: str, played: Played, rule_width: int) -> None:
    """A move or action of a scenario's report: who played what and how it went, its rule
    steps and its checks."""
    status = _STATUS[played.status]
    console.print(
        f"  [bold]{played.number:>2}. {safe(who.capitalize())}: {safe(played.text)}[/]{status}"
    )
    print_steps(console, played.steps, rule_width)
    for check in played.checks:
        console.print(f"      {check_line(check)}")


def print_verdict(console: Console, checks: Sequence[CheckOut], failures: Sequence[str]) -> None:
    """The end of a scenario's report, either game's: the final expectations, then PASSED or
    FAILED with what failed."""
    if checks:
        console.print("  [bold]expectations[/]")
        for check in checks:
            console.print(f"      {check_line(check)}")
    if not failures:
        console.print("  [bold green]PASSED[/]")
    else:
        console.print(f"  [bold red]FAILED[/] ({len(failures)} failing):")
        for failure in failures:
            console.print(f"    [red]✗[/] {safe(failure)}")
    console.print()
