"""Building a scenario's game and first state: a written position or the engine's own setup."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field

from bigfive_tui.engine.accounting import accounting_problems
from bigfive_tui.engine.actions import IllegalAction, Step
from bigfive_tui.engine.board import Board
from bigfive_tui.engine.content import (
    Difficulty,
    Guide,
    Species,
)
from bigfive_tui.engine.pieces import Piece
from bigfive_tui.engine.setup import animals_in_game, new_game
from bigfive_tui.engine.state import Game, GameState
from bigfive_tui.scenarios.board import build_board
from bigfive_tui.scenarios.expectations import check_expectations_statically
from bigfive_tui.scenarios.model import GuideName, Scenario, ScenarioError
from bigfive_tui.scenarios.names import (
    animal_name,
    card_matches,
    check_card_name,
    die_roll,
    space_named,
)
from bigfive_tui.scenarios.read_position import PositionBuilder

DEFAULT_GUIDES: tuple[GuideName, ...] = ("jack", "david")


@dataclass
class Built:
    """A scenario ready to play: the game, its first state and the setup steps (new game)."""

    scenario: Scenario
    game: Game
    state: GameState
    setup: list[Step] = field(default_factory=list)


def build(
    scenario: Scenario,
    source: str,
    pieces: Mapping[str, Piece],
    load_layout: Callable[[str], Board] | None = None,
    known_rules: Collection[str] | None = None,
) -> Built:
    """Build the scenario's game and first state; an impossible position raises ScenarioError."""
    board = build_board(scenario.board, source, pieces, load_layout)
    guides = _guides(scenario, source)
    game = Game(
        board=board,
        guides=tuple(Guide[name.upper()] for name in guides),
        difficulty=Difficulty[scenario.difficulty.upper()],
        removed_species=tuple(Species[name.upper()] for name in scenario.short_game),
        seed=scenario.seed,
    )
    if len(set(scenario.short_game)) != len(scenario.short_game):
        raise ScenarioError(f"{source}: short_game: a species is listed twice")
    if known_rules is not None:
        _check_rule_ids(scenario, source, known_rules)
    if scenario.start == "new game":
        state, setup = _new_game_state(scenario, source, game)
    elif "setup" in scenario.model_fields_set:
        raise ScenarioError(
            f"{source}: setup: the setup's dice and animals are scripted only with "
            "start = 'new game'; a position lists where everything lies instead"
        )
    else:
        state, setup = PositionBuilder(scenario, source, game).build(), []
    state.script = tuple(
        die_roll(board, text, f"{source}: play.dice[{i}]")
        for i, text in enumerate(scenario.play.dice)
    )
    state.script_pos = 0
    check_expectations_statically(scenario, source, game)
    problems = accounting_problems(state)
    if problems:  # a bug in this module, not in the file
        raise RuntimeError(f"{source}: built state does not add up: {'; '.join(problems)}")
    return Built(scenario, game, state, setup)


def _guides(scenario: Scenario, source: str) -> list[GuideName]:
    if scenario.guides is not None:
        guides = list(scenario.guides)
        for guide in guides:
            if guides.count(guide) > 1:
                raise ScenarioError(f"{source}: guides: {guide} is listed twice")
    else:  # the guides that have vehicles, topped up to two
        guides = list(scenario.vehicles)
        for guide in DEFAULT_GUIDES:
            if len(guides) < 2 and guide not in guides:
                guides.append(guide)
    for guide in scenario.vehicles:
        if guide not in guides:
            raise ScenarioError(
                f"{source}: vehicles.{guide}: {guide} is not in guides ({', '.join(guides)})"
            )
    return guides


def _check_rule_ids(scenario: Scenario, source: str, known: Collection[str]) -> None:
    def check(ids: Sequence[str], where: str) -> None:
        for index, rule in enumerate(ids):
            if rule not in known:
                raise ScenarioError(
                    f"{source}: {where}[{index}]: unknown rule id {rule!r} (see docs/rules.md)"
                )

    check(scenario.rules, "rules")
    expectations = [("expect", scenario.expect)] + [
        (f"play.actions[{i}].expect", item.expect)
        for i, item in enumerate(scenario.play.actions)
        if item.expect is not None
    ]
    for where, expect in expectations:
        check(expect.log, f"{where}.log")
        check(expect.log_absent, f"{where}.log_absent")


def _animals_first(scenario: Scenario, source: str, game: Game) -> list[int]:
    """The animal tokens ``setup.animals`` names, first drawn first: the game's tokens of each
    kind in order."""
    in_game = animals_in_game(game)
    chosen: list[int] = []
    for index, kind in enumerate(scenario.setup.animals):
        token = next((t for t in in_game if animal_name(t) == kind and t not in chosen), None)
        if token is None:
            count = sum(animal_name(t) == kind for t in in_game)
            raise ScenarioError(
                f"{source}: setup.animals[{index}]: this game has {count} {kind} token"
                f"{'s' * (count != 1)}, and they are all listed already"
            )
        chosen.append(token)
    return chosen


def _new_game_state(scenario: Scenario, source: str, game: Game) -> tuple[GameState, list[Step]]:
    """``start = "new game"``: the engine's own setup, with chosen start spaces and top cards."""
    for name in ("tokens", "fires", "animals", "turn"):
        if name in scenario.model_fields_set:
            raise ScenarioError(
                f"{source}: {name}: with start = 'new game' the setup places everything; give "
                "only board, guides, difficulty, short_game, seed, vehicles.<guide>.at, "
                "setup (its dice and animals), cards.top, play and expect"
            )
    extra = sorted(scenario.cards.model_fields_set - {"top"})
    if extra:
        raise ScenarioError(
            f"{source}: cards.{extra[0]}: with start = 'new game' only cards.top may be given"
        )
    for guide, spec in scenario.vehicles.items():
        extra = sorted(spec.model_fields_set - {"at"})
        if extra:
            raise ScenarioError(
                f"{source}: vehicles.{guide}.{extra[0]}: with start = 'new game' only the "
                "start space (at) may be given"
            )
    board = game.board
    starts: list[int] | None = None
    given = {guide: spec.at for guide, spec in scenario.vehicles.items() if spec.at is not None}
    if given:
        names = [g.name.lower() for g in game.guides]
        missing = [name for name in names if name not in given]
        if missing:
            raise ScenarioError(
                f"{source}: vehicles: give a start space (at) for every guide or for none; "
                f"missing: {', '.join(missing)}"
            )
        starts = [
            space_named(board, given[name], f"{source}: vehicles.{name}.at")  # type: ignore[index]
            for name in names
        ]
    script = [
        die_roll(board, text, f"{source}: setup.dice[{i}]")
        for i, text in enumerate(scenario.setup.dice)
    ]
    try:
        state, log = new_game(game, starts, script, _animals_first(scenario, source, game))
    except IllegalAction as error:
        raise ScenarioError(f"{source}: vehicles: {error}") from None
    if state.script_pos < len(script):
        raise ScenarioError(
            f"{source}: setup.dice: the setup used {state.script_pos} of the {len(script)} "
            "rolls; give only the setup's own rolls here and the later ones under play.dice"
        )
    chosen: list[int] = []
    for index, text in enumerate(scenario.cards.top):
        where = f"{source}: cards.top[{index}]"
        check_card_name(text, where)
        card = next(
            (c for c in reversed(state.deck) if card_matches(c, text) and c not in chosen), None
        )
        if card is None:
            raise ScenarioError(f"{where}: no {text!r} card is left in the deck")
        chosen.append(card)
    state.deck = [c for c in state.deck if c not in chosen] + chosen[::-1]
    return state, log
