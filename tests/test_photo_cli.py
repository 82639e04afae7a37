"""``bigfive photo-safari``: simulate, scenario, rules and board from the command line, with
clear errors for bad flags and files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bigfive_tui.cli import main

SCENARIOS = Path(__file__).parent / "photo_scenarios"


def test_simulate_reports_both_players_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["photo-safari", "simulate", "--games", "4", "--seed", "3", "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    planner, greedy = report["players"]["planner"], report["players"]["greedy"]
    assert planner["games"] == greedy["games"] == 4
    assert planner["as_red"] == greedy["as_red"] == 2  # each side starts half the games
    assert planner["wins"] + planner["draws"] + planner["losses"] == 4
    assert planner["wins"] == greedy["losses"] and planner["draws"] == greedy["draws"]
    assert sum(report["ended_by"].values()) == 4


def test_simulate_repeats_exactly_from_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for _ in range(2):
        main(["photo-safari", "simulate", "--games", "3", "--seed", "9", "--json"])
        data = json.loads(capsys.readouterr().out)
        runs.append({name: {k: v for k, v in tally.items() if "ms" not in k}
                     for name, tally in data["players"].items()})  # fmt: skip
    assert runs[0] == runs[1]


def test_simulate_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["photo-safari", "simulate", "--games", "2", "--players", "greedy,random",
                 "--setup", "typical", "--seed", "1"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0 and "greedy" in out and "random" in out and "set-up typical" in out


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--players", "planner"], "--players wants two names"),
        (["--players", "planner,wizard"], "unknown player 'wizard'"),
        (["--games", "0"], "--games must be at least 1"),
        (["--setup", "nowhere"], "no such set-up file"),
    ],
)
def test_simulate_refuses_bad_flags(
    flags: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["photo-safari", "simulate", *flags]) == 2
    assert message in capsys.readouterr().err


def test_scenario_run_passes_and_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    path = SCENARIOS / "P-animal-stuck.toml"
    assert main(["photo-safari", "scenario", "run", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["passed"]
    assert "P-animal-stuck" in [step["rule"] for step in result["moves"][0]["steps"]]


def test_scenario_run_reports_a_failure_and_an_unusable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    failing = tmp_path / "failing.toml"
    failing.write_text('[animals]\nlion = "c5 north"\n[expect]\nanimals = { lion = "c4 north" }\n')
    assert main(["photo-safari", "scenario", "run", str(failing)]) == 1
    assert "FAILED" in capsys.readouterr().out
    broken = tmp_path / "broken.toml"
    broken.write_text('[animals]\nlion = "c5 upwards"\n')
    assert main(["photo-safari", "scenario", "run", str(broken)]) == 2
    assert "animals.lion: 'c5 upwards' should be" in capsys.readouterr().err


@pytest.mark.parametrize("refused", [False, True, "blocked"])
def test_scenario_run_a_move_that_is_not_notation_is_a_file_error_even_if_refused(
    refused: bool | str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A typo in a move meant to be refused ("bb2") is no refusal "as expected": exit 2."""
    wanted = "" if refused is False else f", refused = {json.dumps(refused)}"
    path = tmp_path / "typo.toml"
    path.write_text(
        f'[animals]\nlion = "c5 north"\n[play]\nmoves = ["a2", {{ move = "bb2"{wanted} }}]\n'
    )
    assert main(["photo-safari", "scenario", "run", str(path)]) == 2
    captured = capsys.readouterr()
    assert "play.moves[1].move: 'bb2' is not a move" in " ".join(captured.err.split())
    assert "PASSED" not in captured.out


def test_scenario_run_a_photo_named_twice_is_a_file_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "twice.toml"
    path.write_text('[animals]\nlion = "c5 north"\n[expect]\nphotos = { red = ["lion", "Lion"] }\n')
    assert main(["photo-safari", "scenario", "run", str(path)]) == 2
    err = " ".join(capsys.readouterr().err.split())  # the console wraps long paths
    assert "expect.photos.red: 'lion' is named twice" in err


@pytest.mark.parametrize("command", ["board", "simulate"])
def test_a_fifo_given_as_a_set_up_is_called_a_fifo(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "setup.toml"
    os.mkfifo(fifo)
    assert main(["photo-safari", command, "--setup", str(fifo)]) == 2
    err = " ".join(capsys.readouterr().err.split())  # the console wraps long paths
    assert "is a pipe (FIFO), not a file" in err and "no such set-up file" not in err


def test_scenario_run_with_json_puts_an_unusable_files_error_in_the_json_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text('[animals]\nlion = "c5 upwards"\n')
    assert main(["photo-safari", "scenario", "run", str(broken), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.err == ""  # as the Big Five's scenario run: a reader of the JSON sees it all
    assert "animals.lion: 'c5 upwards' should be" in json.loads(captured.out)["error"]


def test_scenario_run_prints_the_position_with_board(capsys: pytest.CaptureFixture[str]) -> None:
    path = SCENARIOS / "P-animal-bush-left.toml"
    assert main(["photo-safari", "scenario", "run", str(path), "--board"]) == 0
    out = capsys.readouterr().out
    assert "Gi→#" in out and "PASSED" in out


def test_scenario_coverage_counts_the_rule_ids(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["photo-safari", "scenario", "coverage", str(SCENARIOS)]) == 0
    assert "scenarios cover" in capsys.readouterr().out


def test_rules_prints_the_photo_safari_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["photo-safari", "rules", "--plain", "--no-pager"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Photo Safari") and "P-animal-bush-left" in out


def test_board_prints_a_set_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["photo-safari", "board"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Typical") and "[R]" in out and "Tu↑" in out
    assert main(["photo-safari", "board", "--setup", "random", "--seed", "5"]) == 0
    assert capsys.readouterr().out.startswith("Random set-up, seed 5")


def test_board_refuses_a_broken_set_up_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "mine.toml"
    broken.write_text('name = "x"\nterrain = []\n')
    assert main(["photo-safari", "board", "--setup", str(broken)]) == 2
    assert "mine.toml: terrain: List should have at least 10 items" in capsys.readouterr().err
