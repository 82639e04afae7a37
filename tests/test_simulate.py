"""``bigfive simulate``: whole games, figures that add up, errors counted, bad flags refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bigfive_tui.cli import main
from bigfive_tui.engine.content import Difficulty, Guide
from bigfive_tui.simulation import playing, report
from bigfive_tui.simulation.run import simulate
from bigfive_tui.simulation.settings import Settings
from bigfive_tui.simulation.workers import machine_cores


def run_json(capsys: pytest.CaptureFixture[str], *flags: str) -> dict[str, Any]:
    assert main(["simulate", "--json", *flags]) == 0
    out, err = capsys.readouterr()
    assert err == ""  # no progress bar with --json
    data: dict[str, Any] = json.loads(out)
    return data


def assert_adds_up(data: dict[str, Any]) -> None:
    assert data["wins"] + sum(data["losses"].values()) + data["errors"] == data["games"]
    assert data["lost"] == sum(data["losses"].values())


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_json_report_adds_up(capsys: pytest.CaptureFixture[str], policy: str) -> None:
    data = run_json(capsys, "--games", "8", "--seed", "5", "--policy", policy)
    assert data["games"] == 8
    assert data["errors"] == 0
    assert data["error_games"] == []
    assert_adds_up(data)
    assert data["actions"] > 0 and data["turns"] > 0 and data["seconds"] > 0
    assert set(data["losses"]) <= {"food", "stuck"} | {
        f"species:{name}" for name in ("lion", "leopard", "elephant", "rhino")
    }
    per_count = data["by_players"]
    assert sum(part["games"] for part in per_count.values()) == 8
    for count, part in per_count.items():
        assert 2 <= int(count) <= 5
        assert_adds_up(part)


def test_guides_difficulty_and_layout(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys,
        "--games",
        "4",
        "--guides",
        "jack,kate,sam",
        "--difficulty",
        "mixed",
        "--seed",
        "11",
        "--policy",
        "greedy",
    )
    assert list(data["by_players"]) == ["3"]
    assert data["errors"] == 0
    assert_adds_up(data)


def test_players_flag(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--games", "3", "--players", "5", "--seed", "2")
    assert list(data["by_players"]) == ["5"]


def test_the_same_seed_gives_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    first = run_json(capsys, "--games", "5", "--seed", "9", "--difficulty", "expert")
    second = run_json(capsys, "--games", "5", "--seed", "9", "--difficulty", "expert")
    for key in ("wins", "losses", "turns", "actions", "by_players"):
        assert first[key] == second[key]


def test_a_game_alone_replays_as_in_the_run(capsys: pytest.CaptureFixture[str]) -> None:
    """Game i of a run with seed S is the game of seed S+i: the reproduce command holds."""
    run = run_json(capsys, "--games", "3", "--seed", "40", "--guides", "anna,david")
    alone = [
        run_json(capsys, "--games", "1", "--seed", str(40 + i), "--guides", "anna,david")
        for i in range(3)
    ]
    assert sum(part["actions"] for part in alone) == run["actions"]


def test_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--seed", "1", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert "3 games" in out and "win rate" in out and "no engine errors" in out


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--games", "0"], "--games"),
        (["--games", "-3"], "--games"),
        (["--guides", "jack,bob"], "unknown guide 'bob'"),
        (["--guides", "jack,jack"], "only once"),
        (["--guides", "jack"], "2 to 5"),
        (["--guides", "jack,david,anna,kate,sam,jack"], "only once"),
        (["--players", "1"], "--players"),
        (["--players", "6"], "--players"),
        (["--players", "3", "--guides", "jack,kate"], "does not match"),
        (["--difficulty", "hard"], "unknown difficulty"),
        (["--policy", "clever"], "unknown policy"),
        (["--layout", "no-such-layout"], "no-such-layout"),
    ],
)
def test_bad_flags_exit_2(
    capsys: pytest.CaptureFixture[str], flags: list[str], message: str
) -> None:
    assert main(["simulate", "--games", "1", *flags]) == 2
    _, err = capsys.readouterr()
    assert message in err


def test_an_engine_error_is_counted_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A failing game is an error with a reproducing command; the run goes on."""
    real = playing.play_game

    def flaky(board: Any, setup: playing.GameSetup, policy: Any, max_actions: int) -> Any:
        if setup.seed == 101:
            raise RuntimeError("boom")
        return real(board, setup, policy, max_actions)

    monkeypatch.setattr(playing, "play_game", flaky)
    settings = Settings(4, None, 2, "normal", "random", 100, None)
    from bigfive_tui.assets import seeded_board

    data = simulate(settings, seeded_board).as_dict()
    assert data["games"] == 4 and data["errors"] == 1
    assert_adds_up(data)
    (error,) = data["error_games"]
    assert error["seed"] == 101
    assert "RuntimeError: boom" in error["error"]
    assert error["reproduce"].startswith("bigfive simulate --games 1 --seed 101 --guides ")


def test_a_runaway_game_is_an_error() -> None:
    from bigfive_tui.assets import seeded_board

    def first(state: Any, legal: Any, rng: random.Random) -> Any:
        return legal[0]  # draw, then end the turn at once

    setup = playing.GameSetup(3, (Guide.JACK, Guide.KATE), Difficulty.NORMAL)
    result = playing.safe_game(seeded_board, setup, first, max_actions=5)
    assert result.outcome == "error"
    assert "RunawayGame" in result.error and "5 actions" in result.error


# --------------------------------------------------------------------------- spreading a run

#: What two runs of the same games must agree on, wherever and however they were played.
SAME = ("games", "wins", "losses", "turns", "actions", "by_players", "win_rate_95")


def test_win_rates_have_a_95_percent_interval(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--games", "6", "--seed", "3", "--policy", "greedy")
    low, high = data["win_rate_95"]
    assert 0 <= low <= data["win_rate"] <= high <= 1
    assert report.wilson_interval(50, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert report.wilson_interval(0, 10)[0] == 0.0


def test_losses_are_counted_by_cause(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--games", "10", "--seed", "0", "--policy", "random")
    assert sum(data["losses"].values()) == data["lost"] == 10
    assert main(["simulate", "--games", "10", "--seed", "0"]) == 0
    out = capsys.readouterr().out
    assert "losses by cause" in out and "interval" in out


def test_workers_play_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    """One seed per game: two processes give exactly the games one process gives."""
    flags = ("--games", "6", "--seed", "21", "--policy", "greedy", "--players", "3")
    serial = run_json(capsys, *flags)
    workers = min(2, machine_cores())  # more than the cores would be cut down, with a note
    parallel = run_json(capsys, *flags, "--workers", str(workers))
    assert parallel["workers"] == workers
    for key in SAME:
        assert parallel[key] == serial[key], key


def test_the_search_player_reports_its_time_per_decision(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = run_json(capsys, "--games", "1", "--seed", "4", "--policy", "search", "--players", "2")
    times = data["decision_ms"]
    assert times["decisions"] == data["actions"]
    assert 0 < times["median"] <= times["p95"] <= times["max"]


def test_a_results_file_resumes_a_stopped_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    """Each game is appended as it ends; a run started again plays only what is missing, and
    a game cut off by the stop is played again, its broken line left where it was."""
    results = tmp_path / "run.jsonl"
    flags = ("--seed", "30", "--policy", "greedy", "--players", "2", "--results", str(results))
    run_json(capsys, "--games", "3", *flags)
    header, *games = results.read_text().splitlines()
    assert json.loads(header) == {
        "format": "bigfive-simulate-results",
        "version": 1,
        "run": {
            "guides": None,
            "players": 2,
            "difficulty": "normal",
            "policy": "greedy",
            "layout": None,
        },
    }
    assert [json.loads(line)["seed"] for line in games] == [30, 31, 32]
    stopped = "\n".join([header, *games[:2]]) + "\n" + games[2][:80]  # stopped mid-write
    results.write_text(stopped)
    resumed = run_json(capsys, "--games", "5", *flags)
    assert resumed["resumed"] == 2 and resumed["games"] == 5
    assert resumed["cut_off_lines"] == [4]
    whole = run_json(capsys, "--games", "5", "--seed", "30", "--policy", "greedy", "--players", "2")
    for key in SAME:
        assert resumed[key] == whole[key], key
    text = results.read_text()
    assert text.startswith(stopped + "\n")  # nothing before was changed or cut
    assert [json.loads(line)["seed"] for line in text.splitlines()[4:]] == [32, 33, 34]
    again = run_json(capsys, "--games", "5", *flags)
    assert again["resumed"] == 5 and results.read_text() == text


def test_a_results_file_of_other_flags_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    results = tmp_path / "run.jsonl"
    run_json(capsys, "--games", "1", "--seed", "1", "--results", str(results))
    assert main(["simulate", "--games", "1", "--policy", "greedy", "--results", str(results)]) == 2
    assert "other flags" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--workers", "0"], "--workers"),
        (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "do not go together"),
    ],
)
def test_bad_spreading_flags_exit_2(
    capsys: pytest.CaptureFixture[str], flags: list[str], message: str
) -> None:
    assert main(["simulate", "--games", "1", *flags]) == 2
    assert message in capsys.readouterr().err
