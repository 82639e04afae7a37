"""A scenario's expectations: their names checked before anything runs, their values
compared with a state after it."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import JsonValue

from bigfive_tui.engine.actions import Step
from bigfive_tui.engine.content import ANIMAL_TOKENS, CARDS, CardKind, Guide, Species
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.notation import NotationError, format_action, parse_action
from bigfive_tui.engine.refusals import why_illegal
from bigfive_tui.engine.rigging import is_rig_text
from bigfive_tui.engine.state import Game, GameState
from bigfive_tui.players.search_player import Decision
from bigfive_tui.players.teammates import DECIDERS, Hints, hint_words
from bigfive_tui.scenarios.model import Expect, Scenario, ScenarioError
from bigfive_tui.scenarios.names import (
    animal_name,
    card_matches,
    check_card_name,
    die_roll,
    flat_text,
    flat_value,
    guide_of,
    norm,
    space_named,
    token_text,
)
from bigfive_tui.scenarios.results import CheckOut
from bigfive_tui.scenarios.write_position import lasting_owners


def check_expectations_statically(scenario: Scenario, source: str, game: Game) -> None:
    """Catch typos in expectations (spaces, tokens, cards, guides) before anything runs."""
    board = game.board
    names = {g.name.lower() for g in game.guides}
    expectations = [("expect", scenario.expect)] + [
        (f"play.actions[{i}].expect", item.expect)
        for i, item in enumerate(scenario.play.actions)
        if item.expect is not None
    ]
    for index, item in enumerate(scenario.play.actions):
        for d, text in enumerate(item.dice):
            die_roll(board, text, f"{source}: play.actions[{index}].dice[{d}]")
        # Text that is no action at all is a typo, not a refusal; a rig (debug mode's
        # notation) depends on the position, and is read when it is played.
        if item.refused is False and not is_rig_text(item.act):
            try:
                parse_action(game, item.act, 0)
            except NotationError as error:
                raise ScenarioError(
                    f"{source}: play.actions[{index}] (action {index + 1}): {error}"
                ) from None
    for where, expect in expectations:
        for guide in expect.vehicles:
            if guide not in names:
                raise ScenarioError(f"{source}: {where}.vehicles.{guide}: not in guides")
        for guide, vehicle in expect.vehicles.items():
            if vehicle.at is not None:
                space_named(board, vehicle.at, f"{source}: {where}.vehicles.{guide}.at")
        for name, text in expect.tokens.items():
            space_named(board, name, f"{source}: {where}.tokens.{name}")
            if not _TOKEN_PATTERN.match(norm(text)):
                raise ScenarioError(
                    f"{source}: {where}.tokens.{name}: {text!r} is not a token; write empty, "
                    "animal, lion, lion up, buffalo, food, ... (see docs/scenarios.md)"
                )
        for name in expect.fires:
            space_named(board, name, f"{source}: {where}.fires.{name}")
        for key in ("deck_top", "discard_top"):
            for i, text in enumerate(getattr(expect, key) or ()):
                check_card_name(text, f"{source}: {where}.{key}[{i}]")
        for key in ("guide", "anna_token"):
            value = getattr(expect, key)
            if value is not None and value not in names:
                raise ScenarioError(f"{source}: {where}.{key}: {value} is not in guides")
        for key in ("rain", "hippos"):
            for value in getattr(expect, key) or ():
                if value not in names:
                    raise ScenarioError(f"{source}: {where}.{key}: {value} is not in guides")
        for key in ("legal", "illegal", "reason_act", "hint_act"):
            for i, text in enumerate(getattr(expect, key)):
                try:
                    parse_action(game, text, 0)
                except NotationError as error:
                    raise ScenarioError(f"{source}: {where}.{key}[{i}]: {error}") from None


_TOKEN_PATTERN = re.compile(
    r"^(empty|park entrance|buffalo|food|(animal|lion|leopard|elephant|rhino|monkey)"
    r"(\s+(up|down))?)$"
)


def evaluate(expect: Expect, state: GameState, steps: Sequence[Step]) -> list[CheckOut]:
    game, board = state.game, state.game.board
    checks: list[CheckOut] = []

    def check(name: str, expected: Any, actual: Any, passed: bool | None = None) -> None:
        ok = expected == actual if passed is None else passed
        checks.append(CheckOut(name=name, expected=expected, actual=actual, passed=ok))

    if expect.outcome is not None:
        actual = state.outcome or "playing"
        check(
            "outcome",
            expect.outcome,
            actual,
            actual == expect.outcome or actual.startswith(expect.outcome + ":"),
        )
    if expect.guide is not None:
        check("guide", expect.guide, guide_of(state, state.seat))
    if expect.seat is not None:
        check("seat", expect.seat, state.seat + 1)
    if expect.phase is not None:
        check("phase", expect.phase, state.phase.name.lower())
    for key, value in (
        ("turn", state.turn),
        ("actions_left", state.actions_left),
        ("fire_supply", state.fire_supply),
        ("supply", len(state.animal_supply)),
        ("deck_size", len(state.deck)),
        ("discard_size", len(state.discard)),
        ("dice_left", len(state.script) - state.script_pos),
    ):
        wanted = getattr(expect, key)
        if wanted is not None:
            check(key, wanted, value)
    removed = 0
    for species in game.removed_species:
        removed |= 1 << species
    for guide, vehicle in expect.vehicles.items():
        seat = game.seat_of(Guide[guide.upper()])
        where = f"vehicles.{guide}"
        if vehicle.at is not None:
            cell = board.find(vehicle.at)
            assert cell is not None
            check(f"{where}.at", board.names[cell], board.names[state.vehicle[seat]])
        if vehicle.fuel is not None:
            check(f"{where}.fuel", vehicle.fuel, state.fuel[seat])
        if vehicle.food is not None:
            check(f"{where}.food", vehicle.food, state.food[seat])
        if vehicle.spotted is not None:
            mask = removed
            for species_name in vehicle.spotted:
                mask |= 1 << Species[species_name.upper()]
            check(
                f"{where}.spotted",
                [s.name.lower() for s in Species if mask & (1 << s)],
                [s.name.lower() for s in Species if state.spotted[seat] & (1 << s)],
            )
        if vehicle.flat is not None:
            wanted_flat = flat_text(flat_value(vehicle.flat))
            check(f"{where}.flat", wanted_flat, flat_text(state.flat[seat]))
    for name, text in expect.tokens.items():
        cell = board.find(name)
        assert cell is not None
        actual_text = token_text(state, state.token_at[cell])
        wanted_text = norm(text).replace(" down", "")
        if wanted_text.startswith("animal"):
            token = state.token_at[cell]
            is_animal = 0 <= token < len(ANIMAL_TOKENS)
            face = wanted_text.removeprefix("animal").strip()
            passed = is_animal and (
                norm(text) == "animal" or (face == "up") == state.face_up[token]
            )
            check(f"tokens.{board.names[cell]}", norm(text), actual_text, passed)
        else:
            check(f"tokens.{board.names[cell]}", wanted_text, actual_text)
    for name, count in expect.fires.items():
        cell = board.find(name)
        assert cell is not None
        check(f"fires.{board.names[cell]}", count, state.fires[cell])
    discarded = Counter(animal_name(token) for token in state.discarded)
    for kind, count in expect.discarded.items():
        check(f"discarded.{kind}", count, discarded[kind])
    for key, pile in (("deck_top", state.deck), ("discard_top", state.discard)):
        wanted_cards: list[str] | None = getattr(expect, key)
        if wanted_cards is not None:
            top = list(reversed(pile))[: len(wanted_cards)]
            passed = len(top) == len(wanted_cards) and all(
                card_matches(card, text) for card, text in zip(top, wanted_cards, strict=True)
            )
            check(key, list(wanted_cards), [CARDS[c].name for c in top], passed)
    lasting = lasting_owners(state)
    for key, card_kind in (
        ("rain", CardKind.RAIN),
        ("hippos", CardKind.HIPPOS),
        ("broken_gates", CardKind.BROKEN_GATE),
    ):
        wanted_owners = getattr(expect, key)
        if wanted_owners is not None:
            check(key, sorted(wanted_owners), sorted(lasting[card_kind]))
    if expect.anna_token is not None:
        holder = state.token_holder
        check("anna_token", expect.anna_token, guide_of(state, holder) if holder >= 0 else None)
    legal = legal_actions(state)
    for key, want_legal in (("legal", True), ("illegal", False)):
        for text in getattr(expect, key):
            action = parse_action(game, text, state.seat)
            is_legal = action in legal
            actual_legal: JsonValue = (
                "legal" if is_legal else f"illegal: {why_illegal(state, action)}"
            )
            check(
                f"{key}: {text}",
                "legal" if want_legal else "illegal",
                actual_legal,
                is_legal == want_legal,
            )
    rules = {step.rule for step in steps}
    for rule in expect.log:
        check(f"log has {rule}", True, rule in rules)
    for rule in expect.log_absent:
        check(f"log lacks {rule}", True, rule not in rules)
    texts = [step.text.lower() for step in steps]
    for text in expect.log_text:
        check(f"log text {text!r}", True, any(text.lower() in t for t in texts))
    if expect.reason_act or expect.reason_contains or expect.reason_absent:
        decide = DECIDERS[expect.reason_player]()
        decision = decide(state, legal, random.Random(game.seed))
        _said(check, f"reason ({expect.reason_player})", state, expect.reason_act, decision)
        _words(check, "reason", decision.reason, expect.reason_contains, expect.reason_absent)
    if expect.hint_act or expect.hint_contains or expect.hint_absent:
        hint = Hints().hint(state, legal, ())
        _said(check, "hint", state, expect.hint_act, hint.decision)
        _words(check, "hint", hint_words(hint), expect.hint_contains, expect.hint_absent)
    return checks


Check = Callable[[str, Any, Any, bool | None], None]


def _said(
    check: Check, who: str, state: GameState, acts: Sequence[str], decision: Decision
) -> None:
    """The action a computer player picks is one of ``acts`` (none given: not checked)."""
    if not acts:
        return
    game = state.game
    wanted = [parse_action(game, text, state.seat) for text in acts]
    actual = format_action(game, decision.action, state.seat)
    check(f"{who} act", list(acts), actual, decision.action in wanted)


def _words(
    check: Check, who: str, words: str, contains: Sequence[str], absent: Sequence[str]
) -> None:
    low = words.lower()
    for text in contains:
        check(f"{who} contains {text!r}", True, words, text.lower() in low)
    for text in absent:
        check(f"{who} lacks {text!r}", True, words, text.lower() not in low)
