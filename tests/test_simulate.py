"""``bigfive simulate``: whole games, figures that add up, errors counted, bad flags refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bigfive_tui.cli import main
from bigfive_tui.commands import simulate
from bigfive_tui.engine.content import Difficulty, Guide


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
    real = simulate.play_game

    def flaky(board: Any, setup: simulate.GameSetup, policy: Any, max_actions: int) -> Any:
        if setup.seed == 101:
            raise RuntimeError("boom")
        return real(board, setup, policy, max_actions)

    monkeypatch.setattr(simulate, "play_game", flaky)
    settings = simulate.Settings(4, None, 2, "normal", "random", 100, None)
    from bigfive_tui.assets import seeded_board

    report = simulate.simulate(settings, seeded_board)
    data = report.as_dict()
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

    setup = simulate.GameSetup(3, (Guide.JACK, Guide.KATE), Difficulty.NORMAL)
    result = simulate.safe_game(seeded_board, setup, first, max_actions=5)
    assert result.outcome == "error"
    assert "RunawayGame" in result.error and "5 actions" in result.error
