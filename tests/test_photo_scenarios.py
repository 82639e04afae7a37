"""Photo Safari scenarios (tests/photo_scenarios/*.toml): each plays and meets its expectations,
and a broken scenario file is refused with the field named."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from test_photo_rule_coverage import rule_ids

from bigfive_tui.photo_safari.scenario import ScenarioError, run
from bigfive_tui.photo_safari.setups import chosen_layout

FOLDER = Path(__file__).parent / "photo_scenarios"
FILES = sorted(FOLDER.glob("*.toml"))


def test_there_is_a_scenario_for_every_case_of_the_animals_table() -> None:
    names = {path.stem for path in FILES}
    cases = {rule for rule in rule_ids() if rule.startswith("P-animal-")}
    assert cases <= names


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_photo_scenario_passes(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    result = run(data, path.name, chosen_layout, set(rule_ids()))
    assert result.passed, "\n".join(result.failures)
    assert path.stem in result.rules  # each file is named after a rule it shows


def scenario(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "animals": {"lion": "c5 north"},
        "cameras": {"red": "a1", "yellow": "j10"},
        "turn": {"player": "yellow", "round": 2},
        "play": {"moves": ["j9"]},
    }
    data.update(changes)
    return data


def test_a_failed_expectation_is_reported_not_raised() -> None:
    result = run(scenario(expect={"animals": {"lion": "c3 north"}}), "t.toml")
    assert not result.passed
    assert result.failures == ["expect: animals.lion: expected 'c3 north', got 'c4 north'"]


def test_an_expected_refusal_that_does_not_come_fails() -> None:
    data = scenario(play={"moves": [{"move": "j9", "refused": True}]})
    assert run(data, "t.toml").failures == ["move 1 ('j9'): allowed, but a refusal was expected"]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"animals": {"unicorn": "c5 north"}}, "animals.unicorn: 'unicorn' is not one of"),
        ({"animals": {"lion": "c5 up"}}, "animals.lion: 'c5 up' should be"),
        ({"animals": {"lion": "a1 north"}}, "animals.lion: a1 is taken by Red's camera"),
        (
            {"animals": {"lion": "c5 north", "zebra": "c5 east"}},
            "animals.zebra: c5 is taken by the lion",
        ),
        ({"photos": {"red": ["lion", "zebra", "lion"]}}, "photos.red: 'lion' is named twice"),
        (
            {"expect": {"photos": {"yellow": ["Zebra", "zebra"]}}},
            "expect.photos.yellow: 'zebra' is named twice",
        ),
        ({"play": {"moves": ["bb2"]}}, "play.moves[0].move: 'bb2' is not a move"),
        (
            {"play": {"moves": [{"move": "bb2", "refused": True}]}},
            "play.moves[0].move: 'bb2' is not a move",
        ),
        (
            {"play": {"moves": ["j9", {"move": "x", "expect": {"outcome": "playing"}}]}},
            "play.moves[1].move: 'x' is not a move",
        ),
        ({"water": ["c5"]}, "animals.lion: cannot stand on water (c5)"),
        ({"cameras": {"red": "z9"}}, "cameras.red: 'z9' is not a square"),
        ({"cameras": {"red": "j10"}}, "cameras.yellow: both cameras on j10"),
        ({"bush": ["a1"]}, "cameras.red: a1 is bush"),
        ({"turn": {"round": 41}}, "turn.round: Input should be less than or equal to 40"),
        ({"colour": "red"}, "colour: Extra inputs are not permitted"),
        ({"expect": {"animals": {"lion": "q5 north"}}}, "'q5' is not a square"),
        ({"expect": {"photos": {"red": ["dodo"]}}}, "photos.red: 'dodo' is not one of"),
        ({"rules": ["P-animal-flying"]}, "unknown rule ids P-animal-flying"),
        ({"setup": "nowhere"}, "setup: nowhere: no such set-up file"),
    ],
)
def test_a_broken_scenario_is_refused_with_the_field_named(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(ScenarioError) as raised:
        run(scenario(**changes), "bad.toml", chosen_layout, set(rule_ids()))
    assert str(raised.value).startswith("bad.toml: ") and message in str(raised.value)


def test_a_scenario_can_start_from_a_shipped_or_random_set_up() -> None:
    typical = run(
        {"setup": "typical", "expect": {"animals": {"turtle": "f5 north"}}}, "t", chosen_layout
    )
    assert typical.passed, typical.failures
    drawn = run(
        {"setup": "random", "seed": 4, "play": {"moves": ["stay", "stay"]}}, "r", chosen_layout
    )
    assert drawn.passed and drawn.final["round"] == 2
