"""A Big Five scenario's report as ``bigfive scenario run`` prints it: each action with its
rule steps and checks, the final expectations and a verdict; and (``--board``) the starting
position drawn first."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console

    from bigfive_tui.scenarios.results import ScenarioResult


def report_console() -> Console:
    """The report's console: the terminal's width, or when piped wide enough for the large
    board and with no line broken, so that nothing is cut (the east gate, a long message)."""
    from rich.console import Console

    if Console().is_terminal:
        return Console(highlight=False)
    return Console(highlight=False, width=PIPED_WIDTH, soft_wrap=True)


#: When piped: room for the large board drawing (114 columns) and its legend.
PIPED_WIDTH = 120


def print_board(console: Console, path: Path) -> None:
    """The scenario's starting position: terrain, vehicles, tokens and fires, with a legend."""
    from bigfive_tui.app.drawing.overlays import LEGEND, overlays_for
    from bigfive_tui.assets import load_pieces
    from bigfive_tui.boardprint import board_renderable
    from bigfive_tui.scenarios.build import build
    from bigfive_tui.scenarios.files import layout_loader, read_scenario
    from bigfive_tui.scenarios.model import parse_scenario

    source = str(path)
    scenario = parse_scenario(read_scenario(path), source)
    built = build(scenario, source, load_pieces(), layout_loader(path))
    console.print(board_renderable(built.game.board, overlays_for(built.state)), soft_wrap=False)
    console.print("Items on the board", style="bold")
    for glyphs, meaning in LEGEND:
        console.print(f"  {glyphs:<10} {meaning}", markup=False)
    console.print()


def report(console: Console, result: ScenarioResult) -> None:
    """Each action with its rule steps and checks, then the final expectations and a verdict."""
    from bigfive_tui.printing.output import print_heading, print_played, print_steps, print_verdict

    print_heading(console, result.file, result.title, result.rules)
    if result.setup:
        console.print("  [bold]setup[/]")
        print_steps(console, result.setup, 22)
    for action in result.actions:
        print_played(console, action.guide, action, 22)
    print_verdict(console, result.checks, result.failures)
