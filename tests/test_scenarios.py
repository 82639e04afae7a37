"""Scenario files (docs/scenarios.md): every file in tests/scenarios/ plays and meets its
expectations; bad files are refused naming file and field; the CLI's exit codes and JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, get_args

import pytest
from pydantic import BaseModel

from bigfive_tui.assets import load_pieces
from bigfive_tui.cli import main
from bigfive_tui.engine.accounting import accounting_problems
from bigfive_tui.engine.content import ANIMAL_KIND, MONKEY, Species
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.state import FLAT_TYRE_CARDS, Phase
from bigfive_tui.scenarios.build import build
from bigfive_tui.scenarios.files import known_rule_ids, read_scenario, run_file
from bigfive_tui.scenarios.model import Scenario, ScenarioError, parse_scenario
from bigfive_tui.scenarios.runner import run
from bigfive_tui.scenarios.write_position import position

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "tests" / "scenarios").glob("*.toml"))
KNOWN_RULES = known_rule_ids()


def run_data(data: dict[str, Any], source: str = "test.toml") -> Any:
    return run(data, source, load_pieces(), None, KNOWN_RULES)


def cli(*argv: str) -> int:
    """``bigfive scenario ARGV...``, as the command line runs it."""
    return main(["scenario", *argv])


# --------------------------------------------------------------------------- the shipped files


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.name for p in SCENARIOS])
def test_scenario_meets_its_expectations(path: Path) -> None:
    result = run_file(path)
    assert result.passed, "\n".join(result.failures)
    assert all(action.status != "not run" for action in result.actions)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.name for p in SCENARIOS])
def test_scenario_is_named_after_a_rule_it_demonstrates(path: Path) -> None:
    scenario = parse_scenario(read_scenario(path), str(path))
    assert scenario.title
    assert path.stem in scenario.rules
    assert set(scenario.rules) <= KNOWN_RULES


def test_the_most_important_rules_have_scenarios() -> None:
    covered = {
        rule for path in SCENARIOS for rule in parse_scenario(read_scenario(path), str(path)).rules
    }
    important = {
        "R-fire-chase",
        "R-jack-prevent",
        "RU-buffalo-chased",
        "R-foodtoken-move",
        "R-spot-flip",
        "R-spot-take",
        "R-kate-spot",
        "R-david-bushes",
        "R-david-repair",
        "R-sam-food",
        "R-sam-free",
        "R-card-broken-gate",
        "R-card-rain",
        "R-card-hippos",
        "RU-flat-tyre",
        "R-influence",
        "R-extra-animal",
        "RU-exchange",
        "R-end-win",
        "R-end-species",
        "R-end-food",
        "R-end-stuck",
    }
    assert important <= covered, sorted(important - covered)


def test_the_whole_scenarios_in_the_docs_run() -> None:
    """The first example and the complete example of docs/scenarios.md stay correct."""
    import tomllib

    text = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    blocks = [block.split("```", 1)[0] for block in text.split("```toml\n")[1:]]
    files = [tomllib.loads(block) for block in blocks if block.startswith("title = ")]
    assert len(files) == 2
    for data in files:
        result = run_data(data, "docs/scenarios.md")
        assert result.passed, result.failures
    sections = {"board", "vehicles", "tokens", "fires", "animals", "cards", "turn", "play"}
    assert sections <= set(files[-1])


def test_every_key_of_the_format_is_documented() -> None:
    """Each key a scenario file may hold appears in docs/scenarios.md (`key`, key = , [key)."""
    text = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    models: list[type[BaseModel]] = [Scenario]
    seen: set[type[BaseModel]] = set()
    while models:
        model = models.pop()
        seen.add(model)
        for name, field in model.model_fields.items():
            spelled = (f"`{name}`", f"{name} = ", f"[{name}", f"`{name}.", f".{name}]")
            assert any(form in text for form in spelled), f"{model.__name__}.{name}"
            for inner in _models_in(field.annotation):
                if inner not in seen:
                    models.append(inner)


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [model for arg in get_args(annotation) for model in _models_in(arg)]


# --------------------------------------------------------------------------- building positions


def minimal(**extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "guides": ["kate", "david"],
        "vehicles": {"kate": {"at": "★4"}, "david": {"at": "■4"}},
    }
    data.update(extra)
    return data


def built_state(data: dict[str, Any]) -> Any:
    scenario = parse_scenario(data, "test.toml")
    return build(scenario, "test.toml", load_pieces(), None, KNOWN_RULES).state


def test_defaults_fill_in_a_whole_game() -> None:
    state = built_state({})
    assert [g.name for g in state.game.guides] == ["JACK", "DAVID"]
    assert state.fuel == [7, 7] and state.food == [7, 7]
    assert state.phase == Phase.DRAW and state.seat == 0 and state.actions_left == 4
    assert len(state.deck) == 45 and not state.discard
    assert len(state.animal_supply) == 13 and state.fire_supply == 10
    assert accounting_problems(state) == []


def test_guides_default_to_the_vehicles_topped_up_to_two() -> None:
    state = built_state({"vehicles": {"kate": {"at": "★4"}}})
    assert [g.name for g in state.game.guides] == ["KATE", "JACK"]
    assert state.game.board.names[state.vehicle[1]] == "♣1"  # seat 2: space 1 of slot 2


def test_everything_is_accounted_for_in_a_busy_position() -> None:
    state = built_state(
        minimal(
            difficulty="expert",
            tokens={"♣1": "lion up", "♣2": "monkey", "♥1": "food", "♥2": "buffalo"},
            fires={"▲4": 3},
            animals={"supply": ["rhino", "monkey"], "discarded": ["lion", "monkey"]},
            cards={"top": ["fire"], "discard": ["giraffe"], "rain": ["david"]},
            turn={"guide": "kate", "phase": "actions", "actions_left": 2},
        )
    )
    assert accounting_problems(state) == []
    assert len(state.animal_supply) == 15 - 2 - 2 - 0  # 12 + 3 monkeys, 2 placed, 2 discarded
    kinds = [ANIMAL_KIND[token] for token in reversed(state.animal_supply)]
    assert kinds[:2] == [Species.RHINO, MONKEY]  # the listed ones are drawn first
    assert state.fire_supply == 7
    assert len(state.deck) + len(state.discard) + len(state.lasting) == 45


def test_the_seed_decides_the_unlisted_order() -> None:
    one = built_state({"seed": 1})
    two = built_state({"seed": 2})
    assert one.deck != two.deck
    assert built_state({"seed": 1}).deck == one.deck


BAD_FILES: list[tuple[dict[str, Any], str, str]] = [
    ({"vehiclez": {}}, "vehiclez", "no such key"),
    (minimal(vehicles={"bob": {"at": "★4"}}), "vehicles", "'bob' is not allowed as a key here"),
    (minimal(vehicles={"kate": {"fuel": "lots"}}), "vehicles.kate.fuel", "integer"),
    (minimal(guides=["kate", "bob"]), "guides[1]", "'jack'"),
    (minimal(guides=["kate", "kate"]), "guides", "listed twice"),
    (minimal(vehicles={"sam": {"at": "★4"}}), "vehicles.sam", "not in guides"),
    (minimal(tokens={"♣9": "lion"}), "tokens.♣9", "no space called '♣9'"),
    (minimal(tokens={"♣4": "lion", "c4": "rhino"}), "tokens.c4", "already holds a lion"),
    (minimal(tokens={"♣a": "lion"}), "tokens.♣a", "has no number"),
    (minimal(tokens={"♣4": "zebra"}), "tokens.♣4", "is not a token"),
    (minimal(tokens={"♣4": "monkey up"}), "tokens.♣4", "discarded at once"),
    (minimal(tokens={"♣4": "buffalo", "♣5": "buffalo"}), "tokens.♣5", "only one buffalo"),
    (
        minimal(tokens={"♣1": "lion", "♣2": "lion"}, animals={"discarded": ["lion", "lion"]}),
        "animals.discarded[1]",
        "only 3 lion tokens",
    ),
    (minimal(tokens={"♣1": "monkey", "♣2": "monkey"}), "tokens.♣2", "only 1 monkey"),
    (
        minimal(tokens={f"♣{n}": "food" for n in range(1, 6)}),
        "tokens.♣5",
        "only 4 food tokens",
    ),
    (minimal(short_game=["lion"], tokens={"♣1": "lion"}), "tokens.♣1", "short game"),
    (minimal(fires={"♣1": 6, "♣2": 5}), "fires", "only 10"),
    (minimal(fires={"♣1": 11}), "fires.♣1", "less than or equal to 10"),
    (minimal(fires={"♣a": 1}), "fires.♣a", "has no number"),
    (
        minimal(tokens={"♣1": "rhino"}, fires={"♣2": 1}),
        "tokens.♣1",
        "piece is on fire",
    ),
    (
        {"guides": ["jack", "kate"], "vehicles": {"jack": {"at": "♣1"}}, "fires": {"♣5": 1}},
        "fires",
        "Jack stands on the ♣ piece",
    ),
    (minimal(vehicles={"kate": {"at": "★4", "food": 0}}), "vehicles.kate.food", "lost"),
    (minimal(vehicles={"kate": {"at": "★4", "fuel": 9}}), "vehicles.kate.fuel", "above"),
    (
        minimal(animals={"discarded": ["rhino"] * 3}),
        "animals.discarded",
        "would already be lost",
    ),
    (
        minimal(vehicles={"kate": {"fuel": 0}, "david": {"fuel": 0}}),
        "vehicles",
        "R-end-stuck",
    ),
    (minimal(cards={"top": ["zebra stampede"]}), "cards.top[0]", "no card called"),
    (minimal(cards={"top": ["giraffe"] * 3}), "cards.top[2]", "already used"),
    (minimal(cards={"rain": ["kate", "kate"]}), "cards.rain[0]", "at most one"),
    (minimal(cards={"rain": ["kate"]}), "cards.rain[0]", "draw phase"),
    (minimal(cards={"hippos": ["david"]}), "cards.hippos[0]", "active guide"),
    (
        minimal(vehicles={"kate": {"flat": "new"}}, turn={"guide": "kate"}),
        "vehicles.kate.flat",
        "already repairable",
    ),
    (
        minimal(
            vehicles={"kate": {"flat": True}, "david": {"flat": True}},
            cards={"top": ["flat tyre"]},
        ),
        "cards.top[0]",
        "already used",
    ),
    (minimal(turn={"actions_left": 3}), "turn.actions_left", "only in the other phases"),
    (minimal(turn={"phase": "actions", "actions_left": 8}), "turn.actions_left", "at most 7"),
    (minimal(turn={"anna_token": "kate"}), "turn.anna_token", "Anna is not in this game"),
    (
        {"guides": ["anna", "kate", "david"], "turn": {"guide": "david", "anna_token": "kate"}},
        "turn.anna_token",
        "back to Anna",
    ),
    (minimal(rules=["R-fire-chse"]), "rules[0]", "unknown rule id"),
    (minimal(play={"dice": ["♣a"]}), "play.dice[0]", "has no number"),
    (minimal(play={"actions": ["fly to ♣4"]}), "play.actions[0]", "is not an action"),
    (
        minimal(play={"actions": [{"act": "draw", "refused": 3}]}),
        "play.actions[0].refused",
        "write true, or a text the refusal message must contain (got 3)",
    ),
    (minimal(play={"actions": [3]}), "play.actions[0]", "should be an action: a text like"),
    (minimal(play={"dice": ["X0"]}), "play.dice[0]", "written X1 to X6"),
    (minimal(play={"dice": ["x7"]}), "play.dice[0]", "written X1 to X6"),
    (minimal(expect={"tokens": {"♣4": "zebra"}}), "expect.tokens.♣4", "is not a token"),
    (minimal(expect={"fires": {"Q4": 1}}), "expect.fires.Q4", "no space"),
    (minimal(expect={"outcome": "lost:bored"}), "expect.outcome", "is not an outcome"),
    (minimal(expect={"log": ["R-nope"]}), "expect.log[0]", "unknown rule id"),
    (minimal(board=["club A"] * 9), "board.placements", "used more than once"),
    (minimal(board=["club A"]), "board.placements", "needs 9 placements"),
    (
        minimal(board={"placements": ["nothing A"] * 9}),
        "board.placements[0]",
        "no piece named 'nothing'",
    ),
    (minimal(board="classic-nowhere"), "board.layout", "no shipped layouts"),
    (
        minimal(start="new game", tokens={"♣1": "lion"}),
        "tokens",
        "with start = 'new game'",
    ),
    (
        minimal(start="new game", vehicles={"kate": {"at": "★4"}}),
        "vehicles",
        "for every guide or for none",
    ),
]


@pytest.mark.parametrize(("data", "where", "words"), BAD_FILES, ids=[case[1] for case in BAD_FILES])
def test_a_bad_file_is_refused_saying_where(data: dict[str, Any], where: str, words: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        run_data(data, "bad.toml")
    message = str(caught.value)
    assert message.startswith("bad.toml: "), message
    assert where in message, message
    assert words in message, message
    for internal in ("instance of", "[key]", "Spec", ".:", "Value error", "Extra inputs"):
        assert internal not in message, message  # no pydantic or class names


FOREST_STAR = {
    "name": "grove",
    "symbol": "★",
    "key": "t",
    "sides": {"A": {"spaces": ["s1 s2 fa", "s3 s4 s5", "s6 sb sc"]}},
}
TIP_SPADE = {
    "name": "tip",
    "symbol": "♠",
    "key": "s",
    "sides": {"A": {"spaces": ["s1 s2 sa", "s3 s4 s5", "s6 sb sc"]}},
}


@pytest.mark.parametrize(
    ("data", "where", "words"),
    [
        (
            minimal(board={"pieces": [FOREST_STAR]}, vehicles={"kate": {"at": "★a"}}),
            "vehicles.kate.at",
            "forest",
        ),
        (
            minimal(board={"pieces": [TIP_SPADE]}, tokens={"♠1": "lion"}),
            "tokens.♠1",
            "park entrance token",
        ),
        (
            minimal(board={"pieces": [{**FOREST_STAR, "symbol": "✿"}]}),
            "board.pieces[0]",
            "not one of",
        ),
        (
            minimal(board={"pieces": [{**FOREST_STAR, "sides": {"A": {"spaces": ["s1"]}}}]}),
            "board.pieces[0]",
            "spaces",
        ),
    ],
    ids=["vehicle-on-forest", "token-on-gate", "inline-symbol", "inline-piece-invalid"],
)
def test_a_bad_board_or_place_on_it_is_refused(
    data: dict[str, Any], where: str, words: str
) -> None:
    with pytest.raises(ScenarioError) as caught:
        run_data(data, "bad.toml")
    assert where in str(caught.value) and words in str(caught.value), str(caught.value)


# --------------------------------------------------------------------------- running


def test_an_unexpected_refusal_fails_and_stops_the_run() -> None:
    result = run_data(
        minimal(
            turn={"guide": "kate", "phase": "actions"},
            play={"actions": ["move ♣4", "end"]},
        )
    )
    assert not result.passed
    assert [a.status for a in result.actions] == ["refused", "not run"]
    assert "action 1 ('move ♣4'): refused unexpectedly: ♣4 is not next to" in result.failures[0]


def test_an_action_allowed_despite_refused_fails() -> None:
    result = run_data(
        minimal(
            turn={"guide": "kate", "phase": "actions"},
            play={"actions": [{"act": "move ★5", "refused": True}]},
        )
    )
    assert not result.passed
    assert "allowed, but a refusal was expected" in result.failures[0]


def test_a_refusal_for_another_reason_fails() -> None:
    result = run_data(
        minimal(
            turn={"guide": "kate", "phase": "actions"},
            play={"actions": [{"act": "move ♣4", "refused": "flat tyre"}]},
        )
    )
    assert not result.passed
    assert "refused for another reason" in result.failures[0]


def test_per_action_dice_and_expectations() -> None:
    result = run_data(
        minimal(
            cards={"top": ["fire", "fire"]},
            play={
                "actions": [
                    {"act": "draw", "dice": ["♥1"], "expect": {"fires": {"♥1": 1}}},
                    "end",
                    {"act": "draw", "dice": ["X"], "expect": {"log": ["R-fire-x"]}},
                ]
            },
            expect={"dice_left": 0, "fire_supply": 9, "log": ["R-fire-x", "R-card-fire"]},
        )
    )
    assert result.passed, result.failures


def test_D_rig_a_play_action_may_be_a_rig_as_an_exported_game_has_them() -> None:
    """An exported game goes on through what debug mode rigged in it: the rigs are actions of
    [play] in their own notation, and a rig that cannot be made is refused as an action is."""
    result = run_data(
        minimal(
            cards={"top": ["fire", "giraffe"]},
            play={
                "actions": [
                    "rig card Giraffe",
                    {"act": "rig card Nothing", "refused": "card"},
                    "rig roll ♥1",
                    {
                        "act": "draw",
                        "expect": {"log_text": ["draws: Giraffe (rigged in debug mode)"]},
                    },
                    "end",
                    {"act": "draw", "expect": {"fires": {"♥1": 1}}},
                ]
            },
            expect={"fire_supply": 9},
        )
    )
    assert result.passed, result.failures
    assert [action.status for action in result.actions] == ["played", "refused", *["played"] * 4]


def test_failed_expectations_are_named() -> None:
    result = run_data(
        minimal(
            expect={
                "vehicles": {"kate": {"fuel": 3, "at": "c4"}},
                "outcome": "won",
                "tokens": {"♣1": "lion"},
            }
        )
    )
    assert not result.passed
    failures = "\n".join(result.failures)
    assert "vehicles.kate.fuel: expected 3, got 7" in failures
    assert "vehicles.kate.at: expected '♣4', got '★4'" in failures
    assert "outcome" in failures and "tokens.♣1" in failures


def test_new_game_start_reports_the_setup() -> None:
    result = run_data(
        {
            "start": "new game",
            "seed": 3,
            "guides": ["jack", "sam"],
            "cards": {"top": ["giraffe"]},
            "play": {"actions": ["draw"]},
            "expect": {"log": ["R-setup-tracks", "R-card-giraffe"], "actions_left": 6},
        }
    )
    assert result.passed, result.failures
    assert any(step.rule == "R-setup-deck" for step in result.setup)


# --------------------------------------------------------------------------- positions, every phase
# (the round trip over whole random games is in test_scenario_positions.py)


def test_a_position_in_the_middle_of_an_influence_continues_with_the_choice() -> None:
    result = run_data(
        minimal(
            turn={"guide": "kate", "phase": "influence", "actions_left": 0},
            cards={"looking_at": ["fire", "giraffe"], "top": ["leaky engine"]},
            play={"actions": ["discard top"]},
            expect={"phase": "actions", "discard_top": ["fire"], "deck_top": ["giraffe"]},
        )
    )
    assert result.passed, result.failures
    looking = result.final["position"]
    assert "looking_at" not in looking["cards"]


@pytest.mark.parametrize(
    ("turn", "cards"),
    [
        ({"phase": "influence"}, {"looking_at": ["fire"]}),
        ({"phase": "actions"}, {"looking_at": ["fire", "giraffe"]}),
    ],
    ids=["one card", "not influencing"],
)
def test_an_influence_looks_at_exactly_two_cards(turn: Any, cards: Any) -> None:
    with pytest.raises(ScenarioError, match=r"cards\.looking_at: an influencing guide looks at"):
        run_data(minimal(turn=turn, cards=cards))


def test_a_finished_game_loads_with_its_outcome_and_no_legal_action() -> None:
    data = minimal(
        vehicles={"kate": {"at": "★4", "food": 0}, "david": {"at": "■4"}},
        turn={"guide": "kate", "phase": "over", "outcome": "lost:food", "actions_left": 2},
    )
    state = built_state(data)
    assert state.outcome == "lost:food" and state.phase == Phase.OVER
    assert legal_actions(state) == []
    assert position(state)["turn"]["outcome"] == "lost:food"  # type: ignore[index, call-overload]


@pytest.mark.parametrize(
    ("turn", "words"),
    [
        ({"phase": "over", "outcome": "won"}, "does not show 'won'"),
        ({"phase": "over"}, "a game that is over says how it ended"),
        ({"phase": "actions", "outcome": "lost:food"}, "a game that is over says how it ended"),
        ({"phase": "over", "outcome": "lost"}, "names no single ending"),
    ],
)
def test_a_finished_game_must_show_its_outcome(turn: Any, words: str) -> None:
    with pytest.raises(ScenarioError, match=words):
        built_state(minimal(turn=turn))


def test_RU_flat_tyre_again_two_flat_tyre_cards_are_written_and_loaded() -> None:
    flat = {"at": "★4", "flat": "repairable", "flat_cards": 2}
    state = built_state(minimal(vehicles={"kate": flat}))
    assert sum(card in FLAT_TYRE_CARDS for card, _ in state.lasting) == 2
    assert position(state)["vehicles"]["kate"]["flat_cards"] == 2  # type: ignore[index, call-overload]
    with pytest.raises(ScenarioError, match="only a flat vehicle has flat tyre cards"):
        built_state(minimal(vehicles={"kate": {"at": "★4", "flat_cards": 2}}))


def test_names_are_case_insensitive_everywhere() -> None:
    result = run_data(
        {
            "guides": ["Kate", "DAVID"],
            "difficulty": "Normal",
            "vehicles": {
                "Kate": {"at": "T4", "spotted": ["Lion"], "flat": "Repairable"},
                "David": {"at": "T5"},
            },
            "tokens": {"C1": "Lion UP"},
            "turn": {"guide": "Kate", "phase": "Actions"},
            "play": {"actions": ["REPAIR kate", "MOVE T5", "Give 1 FUEL to david"]},
            "expect": {
                "vehicles": {"KATE": {"at": "t5", "flat": False}},
                "guide": "KATE",
                "phase": "ACTIONS",
                "outcome": "Playing",
                "discarded": {"Lion": 0, "BUFFALO": 0},
                "tokens": {"c1": "LION up"},
            },
        }
    )
    assert result.passed, result.failures


def test_expect_discarded_may_name_the_buffalo_which_is_never_discarded() -> None:
    result = run_data(minimal(expect={"discarded": {"buffalo": 1}}))
    assert result.failures == ["expect: discarded.buffalo: expected 1, got 0"]


def test_a_failed_flat_check_says_what_was_expected_and_found() -> None:
    result = run_data(minimal(expect={"vehicles": {"kate": {"flat": True}}}))
    assert result.failures == ["expect: vehicles.kate.flat: expected 'repairable', got False"]
    result = run_data(minimal(expect={"log": ["R-fire-chase"], "log_text": ["zebra"]}))
    assert result.failures == [
        "expect: log has R-fire-chase: no step of the log cites this rule",
        "expect: log text 'zebra': no step of the log says this",
    ]


# --------------------------------------------------------------------------- new game setup


def test_R_start_order_a_new_game_can_script_the_setup_rolls_and_animals() -> None:
    result = run_data(
        {
            "start": "new game",
            "guides": ["kate", "david"],
            "vehicles": {"kate": {"at": "★4"}, "david": {"at": "■4"}},
            "setup": {
                "dice": ["♣1", "X", "♥2", "♥2", "●3", "X", "▲5", "♠1", "♠2", "♠3", "♠4"],
                "animals": ["lion", "rhino"],
            },
            "expect": {
                "fires": {"♣1": 1},
                "tokens": {
                    "♥2": "lion",
                    "●3": "rhino",
                    "▲5": "buffalo",
                    "♠1": "food",
                    "♠4": "food",
                },
                "fire_supply": 9,
                "dice_left": 0,
                "log": ["R-start-order", "R-fire-x", "R-animal-reroll", "R-animal-x"],
            },
        }
    )
    assert result.passed, result.failures


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"setup": {"dice": ["♣1"]}}, "setup: the setup's dice and animals are scripted only"),
        (
            {
                "start": "new game",
                "setup": {"dice": ["X"] * 5 + ["c1", "c2", "c3", "c4", "c5", "c6"]},
            },
            "setup.dice: the setup used",
        ),
        (
            {"start": "new game", "setup": {"animals": ["monkey", "monkey"]}},
            "setup.animals[1]: this game has 1 monkey token",
        ),
        ({"start": "new game", "setup": {"dice": ["X9"]}}, "setup.dice[0]"),
    ],
    ids=["position", "unused rolls", "too many monkeys", "bad roll"],
)
def test_setup_scripting_is_refused_where_it_cannot_apply(extra: Any, words: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        run_data({"guides": ["kate", "david"], **extra})
    assert words in str(caught.value)


# --------------------------------------------------------------------------- the command


FIRE_CHASE = ROOT / "tests" / "scenarios" / "R-fire-chase.toml"


def test_cli_exit_0_and_a_readable_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli("run", str(FIRE_CHASE)) == 0
    out = capsys.readouterr().out
    assert "R-fire-chase" in out and "✓" in out and "PASSED" in out


def test_cli_json_parses_and_follows_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli("run", str(FIRE_CHASE), "--json") == 0
    result = json.loads(capsys.readouterr().out)
    assert result["format"] == "bigfive-scenario-result" and result["version"] == 1
    assert result["passed"] is True and result["error"] is None
    assert result["actions"][0]["steps"][0] == {
        "rule": "R-turn-card",
        "kind": "card",
        "text": "Kate draws: Fire.",
    }
    assert {"name", "expected", "actual", "passed"} == set(result["checks"][0])
    assert result["final"]["position"]["fires"] == {"♣4": 1}


def test_cli_json_for_several_files_is_a_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli("run", str(FIRE_CHASE), str(SCENARIOS[0]), "--json") == 0
    assert len(json.loads(capsys.readouterr().out)) == 2


def test_cli_exit_1_names_the_failing_expectation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = FIRE_CHASE.read_text(encoding="utf-8").replace("fire_supply = 9", "fire_supply = 8")
    path = tmp_path / "wrong.toml"
    path.write_text(text, encoding="utf-8")
    assert cli("run", str(path)) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "fire_supply: expected 8, got 9" in out


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("title = ", "is not valid TOML"),
        ('guides = ["kate", "zebra"]', "guides[1]"),
        ('[tokens]\n"♣4" = "lion"\n"c4" = "lion"\n', "tokens.c4"),
    ],
    ids=["toml", "field", "position"],
)
def test_cli_exit_2_names_file_and_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, words: str
) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    assert cli("run", str(path)) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert str(path) in err.replace("\n", "") or path.name in err
    assert words in err


def test_cli_exit_2_for_a_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli("run", "no/such/file.toml", "--json") == 2
    result = json.loads(capsys.readouterr().out)
    assert "file.toml: does not exist" in result["error"] and result["passed"] is False


def test_cli_coverage_lists_missing_ids(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli("coverage", str(ROOT / "tests" / "scenarios")) == 0
    assert "rule ids" in capsys.readouterr().out


def test_bigfive_scenario_through_the_main_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", "run", str(FIRE_CHASE), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["passed"] is True


def test_cli_shipped_layout_and_layout_file_next_to_the_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    layout = ROOT / "assets" / "boards" / "layouts" / "classic.toml"
    (tmp_path / "mine.toml").write_text(layout.read_text(encoding="utf-8"), encoding="utf-8")
    for board in ("classic", "mine.toml"):
        path = tmp_path / f"uses-{board.replace('.', '-')}.toml"
        path.write_text(
            f'board = "{board}"\nguides = ["kate", "sam"]\n[expect]\noutcome = "playing"\n',
            encoding="utf-8",
        )
        result = json.loads(_run_json(path, capsys))
        assert result["error"] is None and result["passed"]
        assert result["final"]["position"]["board"][0].split()[0] != "open-spade"
    missing = tmp_path / "missing.toml"
    missing.write_text('board = "no-such-layout"\n', encoding="utf-8")
    assert cli("run", str(missing)) == 2
    assert "board.layout" in capsys.readouterr().err


def _run_json(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    cli("run", str(path), "--json")
    return capsys.readouterr().out


def test_cli_json_is_the_only_output_also_for_invalid_files(tmp_path: Path) -> None:
    """stdout holds nothing but the JSON and stderr nothing at all, so `2>&1` parses too."""
    bad = tmp_path / "bad.toml"
    bad.write_text('guides = ["kate", "zebra"]\n', encoding="utf-8")
    command_line = [sys.executable, "-m", "bigfive_tui.cli", "scenario", "run"]
    files = [str(bad), str(FIRE_CHASE), "no/such/file.toml"]
    result = subprocess.run(
        [*command_line, *files, "--json"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2 and result.stderr == ""
    bad_result, good, missing = json.loads(result.stdout)
    assert "guides[1]" in bad_result["error"] and good["passed"] and missing["error"]
    merged = subprocess.run(
        [*command_line, str(bad), "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    assert json.loads(merged.stdout)["passed"] is False


def test_cli_board_piped_is_full_width_with_vehicles_tokens_and_fires(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "board.toml"
    path.write_text(
        'guides = ["kate", "david"]\n[vehicles.kate]\nat = "★4"\n[tokens]\n"♣1" = "lion up"\n'
        '"♪4" = "food"\n[fires]\n"▲4" = 2\n',
        encoding="utf-8",
    )
    assert cli("run", str(path), "--board") == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    east = next(line for line in lines if line.rstrip().endswith("East"))
    assert "West" in east and len(east) > 100  # the large drawing, not cut at 80 columns
    board = "\n".join(lines[: lines.index("Items on the board")])
    for item in (" K ", " LD ", " F ", "*2"):  # David stands with the lion on ♣1
        assert item in board, item
    assert "vehicles of Jack, David, Anna, Kate, Sam" in out
