"""What ``bigfive photo-safari`` prints with rich: a simulation's report, and a scenario's
report (each move with its rule steps and checks, the final expectations, a verdict) with its
starting position (``--board``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console

    from bigfive_tui.photo_safari.scenario import ScenarioResult
    from bigfive_tui.photo_safari.simulate import Report


def print_report(console: Console, report: Report) -> None:
    from rich.table import Table

    settings = report.settings
    data = report.as_dict()
    last = settings.seed + settings.games - 1
    colours = "swapping colours every game" if settings.alternate else "the first always Red"
    console.print(
        f"[bold]{settings.games} games[/], seeds {settings.seed}..{last}, set-up "
        f"{settings.setup}, {colours}"
    )
    table = Table(show_edge=False, box=None, pad_edge=False)
    for column in ("player", "games", "as Red", "wins", "draws", "losses", "score", "photos"):
        table.add_column(column, justify="left" if column == "player" else "right")
    table.add_column("ms/move (median, max)", justify="right")
    for name, tally in zip(settings.players, report.tallies, strict=True):
        row = tally.as_dict()
        table.add_row(
            name,
            str(row["games"]),
            str(row["as_red"]),
            str(row["wins"]),
            str(row["draws"]),
            str(row["losses"]),
            f"{row['score']:.1%}",
            f"{row['mean_photos']:.2f}",
            f"{row['median_decision_ms']:.2f}, {row['max_decision_ms']:.1f}",
        )
    console.print(table)
    ended = data["ended_by"]
    console.print(
        f"ended with ten photos: {ended['ten']}, by the 40-move limit: {ended['forty']}; "
        f"mean rounds {data['mean_rounds']}; {data['seconds']:.1f} s (score: wins plus half "
        "the draws)"
    )


def print_board(console: Console, path: Path) -> None:
    """The scenario's starting position, drawn as ``bigfive photo-safari board`` draws one."""
    from bigfive_tui.photo_safari.picture import board_lines
    from bigfive_tui.photo_safari.scenario import build, parse_scenario
    from bigfive_tui.photo_safari.scenario_files import layout_loader, read_scenario

    scenario = parse_scenario(read_scenario(path), str(path))
    built = build(scenario, str(path), layout_loader(path))
    console.print("\n".join(board_lines(built.state)), markup=False)


def report(console: Console, result: ScenarioResult) -> None:
    """Each move with its rule steps and checks, then the final expectations and a verdict."""
    from bigfive_tui.printing.output import print_heading, print_played, print_verdict

    print_heading(console, result.file, result.title, result.rules)
    for move in result.moves:
        print_played(console, move.player, move, 24)
    print_verdict(console, result.checks, result.failures)
