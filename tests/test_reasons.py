"""Every computer action has true words: the reasons of every policy, built from facts."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bigfive_tui.assets import seeded_board
from bigfive_tui.cli import main
from bigfive_tui.engine.actions import Act, Action
from bigfive_tui.engine.apply_action import apply_in_place
from bigfive_tui.engine.board import GATE_CELLS, GATE_NAMES
from bigfive_tui.engine.content import (
    ANIMAL_KIND,
    BUFFALO_TOKEN,
    CARDS,
    FOOD_TOKENS,
    CardKind,
    Difficulty,
    Guide,
    Species,
)
from bigfive_tui.engine.legal_actions import legal_actions, spot_targets
from bigfive_tui.engine.session import make_game
from bigfive_tui.engine.setup import new_game
from bigfive_tui.engine.state import GameState, Phase
from bigfive_tui.players import POLICIES, greedy_player, tactics, team
from bigfive_tui.players.reasons import Why, explain
from bigfive_tui.players.routes import driving_mode, geometry
from bigfive_tui.players.search_player import MEASURED, Decision, SearchPlayer, in_view
from bigfive_tui.players.tactics import Intent, wanted_by_team
from bigfive_tui.players.teammates import DECIDERS, Decider, Hints, _what_changed, hint_words
from bigfive_tui.players.unseen import unseen_wanted
from bigfive_tui.scenarios.files import run_file
from bigfive_tui.simulation.report import Report
from bigfive_tui.simulation.run import simulate
from bigfive_tui.simulation.settings import POLICY_CHOICES, Settings


def started(
    seed: int, guides: tuple[Guide, ...], level: Difficulty, removed: Sequence[Species] = ()
) -> GameState:
    state, _ = new_game(make_game(seeded_board(seed), guides, level, removed, seed))
    return state


def test_a_steady_teammate_putting_out_a_fire_says_why_without_crashing() -> None:
    """The steady teammate's reason for putting out a fire once named the fire's space as a
    teammate's seat (``seat=action.target``), and its words read ``guides[50]``: IndexError,
    the app exited, and every Continue of that autosave crashed again. Seed 6: Jack's fourth
    action puts out the fire on space 50 of a two-guide game."""
    state = started(6, (Guide.JACK, Guide.KATE), Difficulty.NORMAL)
    rng = random.Random(6)
    for _ in range(3):
        apply_in_place(state, greedy_player.choose(state, legal_actions(state), rng), None)
    pick = greedy_player.decide(state, legal_actions(state), rng)
    assert pick.action.kind == Act.EXTINGUISH and pick.action.target >= len(state.vehicle)
    assert pick.reason.why == Why.EXTINGUISH and pick.reason.cell == pick.action.target
    assert pick.reason.seat == -1  # about a space, not a teammate
    place = state.game.board.names[pick.action.target]
    assert explain(state, pick.action, pick.reason).startswith(f"Put out the fire on {place}: ")


def test_every_policy_has_a_decider_with_words() -> None:
    assert set(DECIDERS) == set(POLICIES) == set(POLICY_CHOICES)


def explained(policy: str, guides: int, games: int = 1, *, hints: bool = False) -> Report:
    """``bigfive simulate --explain`` (``--hints``) of a few games: the run's own code."""
    seed = 100 * guides + len(policy)
    settings = Settings(games, None, guides, "mixed", policy, seed, None, explain=True, hints=hints)
    return simulate(settings, seeded_board)


@pytest.mark.parametrize("guides", [2, 3, 4, 5])
@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_every_action_of_whole_games_has_words(policy: str, guides: int) -> None:
    """Whole games of every policy and setting at 2 to 5 guides, played as ``simulate
    --explain`` plays them: the app's deciders build the words of every action; an exception
    there, an action without words or an illegal one would be the game's error."""
    games = 3 if policy in ("random", "greedy", "tactics", "team") else 1
    report = explained(policy, guides, games)
    assert report.total.games == games
    assert report.errors == [], report.errors
    assert report.total.actions > 0


@pytest.mark.parametrize("guides", [2, 3, 4, 5])
def test_the_hint_of_every_position_of_whole_games_has_words(guides: int) -> None:
    """``--hints``: at every position of a whole game the hint a person would be shown is
    worked out too (the fast policy plays, so the hint's plan is followed or left)."""
    report = explained("tactics", guides, hints=True)
    assert report.errors == [], report.errors


def test_an_action_without_words_is_an_error_and_fails_the_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An exception while the words are built is counted as the game's error, reported with
    the command that plays it again, and the explained run exits with status 1."""
    calls = 0
    steady = DECIDERS["greedy"]

    def crashing() -> Decider:
        def decide(state: GameState, legal: Sequence[Action], rng: random.Random) -> Decision:
            nonlocal calls
            calls += 1
            if calls == 30:
                raise IndexError("list index out of range")
            return steady()(state, legal, rng)

        return decide

    monkeypatch.setitem(DECIDERS, "greedy", crashing)
    flags = ["simulate", "--games", "2", "--seed", "6", "--players", "2", "--policy", "greedy"]
    assert main([*flags, "--explain", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["errors"] == 1 and data["explain"] is True
    assert "IndexError" in data["error_games"][0]["error"]
    assert data["error_games"][0]["reproduce"].endswith("--policy greedy --explain")
    calls = 0
    assert main(flags) == 0  # the fast loop builds no words: the same games pass


# --------------------------------------------------------------------------- facts


def position(
    seed: int, guides: int, actions: int, player: str, removed: Sequence[Species] = ()
) -> GameState:
    """A position of real play: ``actions`` actions of a game of ``player``."""
    chosen = tuple(random.Random(seed).sample(list(Guide), guides))
    state = started(seed, chosen, Difficulty(seed % 3), removed)
    rng = random.Random(seed)
    choose = POLICIES[player]
    for _ in range(actions):
        if state.outcome:
            break
        apply_in_place(state, choose(state, legal_actions(state), rng), None)
    return state


def seat_named(state: GameState, title: str) -> int:
    return [guide.title for guide in state.game.guides].index(title)


def cell_named(state: GameState, name: str) -> int:
    cell = state.game.board.find(name)
    assert cell is not None, name
    return cell


def after(state: GameState, action: Action) -> GameState:
    moved = state.copy()
    apply_in_place(moved, action, None)
    return moved


def serving(state: GameState, goal: str) -> set[int]:
    """Where the goal a drive's words name is served from (in view of it; Jack: its piece)."""
    board = state.game.board
    kate = state.game.guides[state.seat] == Guide.KATE
    found = re.fullmatch(r"the (?:\w+|face-down animal) on (\S+)", goal)
    if found and not goal.startswith(("the fire", "the food")):
        cell = cell_named(state, found[1])
        return set(board.spotted_from[cell] if kate else board.seen_from[cell])
    found = re.fullmatch(r"the (?:fire|food token) on (\S+)", goal)
    if found:
        cell = cell_named(state, found[1])
        cells = set(board.seen_from[cell])
        if goal.startswith("the fire") and state.game.guides[state.seat] == Guide.JACK:
            cells |= {c for c in board.slot_cells[board.slot[cell]] if board.drivable[c]}
        return cells
    found = re.fullmatch(r"the (?:broken )?(west |east )?(?:park entrance|gate)", goal)
    if found:
        gates = [GATE_CELLS[GATE_NAMES.index(found[1].strip())]] if found[1] else GATE_CELLS
        return set().union(*(board.seen_from[cell] for cell in gates))
    found = re.fullmatch(r"the (\S) piece", goal)
    if found:
        slot = board.symbols.index(found[1])
        return {c for c in board.slot_cells[slot] if board.drivable[c]}
    helped = seat_named(state, goal)
    return set(board.mutual_view[state.vehicle[helped]])


def check_facts(state: GameState, action: Action, words: str) -> None:
    """Every count, place, guide and card the words name, recomputed from the position."""
    board = state.game.board
    seat = state.seat
    guides = [guide.title for guide in state.game.guides]
    moved = after(state, action) if action.kind in (Act.MOVE, Act.DETOUR) else None
    assert " a elephant" not in words and " a unknown" not in words, words
    for name, track, level in re.findall(r"(\w+)'s (food|fuel) is (?:down to|at) (\d+)", words):
        levels = state.food if track == "food" else state.fuel
        assert levels[seat_named(state, name)] == int(level), words
    for species in re.findall(r"has not seen an? (\w+) yet", words):
        assert not state.spotted[seat] & (1 << Species[species.upper()]), words
    for goal, more in re.findall(
        r"(?:on the way|the short way round) to (.+?) \((\d+) actions? more\)", words
    ):
        assert moved is not None, words
        routes = geometry(board).routes_from(moved.vehicle[seat], driving_mode(state, seat))
        cost = min(routes.cost[cell] for cell in serving(state, goal))
        assert cost == int(more), (words, cost)
    for kind, place in re.findall(r"the (\w+|face-down animal) on (\S+?)[,;:)\s]", words + " "):
        cell = cell_named(state, place)
        token = state.token_at[cell]
        if kind == "fire":
            assert state.fires[cell] > 0, words
        elif kind == "food":
            pass  # "the food token on": checked below
        elif kind == "face-down animal":
            assert 0 <= token < BUFFALO_TOKEN and not state.face_up[token], words
        elif kind == "buffalo":
            assert token == BUFFALO_TOKEN, words
        elif kind in ("lion", "leopard", "elephant", "rhino"):
            assert 0 <= token < BUFFALO_TOKEN and state.face_up[token], words
            assert ANIMAL_KIND[token] == Species[kind.upper()], words
    for place in re.findall(r"the food token on (\S+?)[,;:)\s]", words + " "):
        assert state.token_at[cell_named(state, place)] in FOOD_TOKENS, words
    shield = re.search(r"no fire lands on (?:Jack's|his) piece, (.*)", words)
    if shield:
        if "stays put" in words:
            slot = board.slot[state.vehicle[seat]]
        else:
            slot = board.symbols.index(re.search(r"the (\S) piece", words)[1])  # type: ignore[index]
        said = shield[1].split(";")[0]
        species, face_down = needed_on_piece_recounted(state, slot)
        named = sorted(re.findall(r"the (lion|leopard|elephant|rhino)", said))
        assert named == sorted(Species(kind).name.lower() for kind in species), words
        counted = re.search(r"(\d+) face-down animals?", said)
        assert (int(counted[1]) if counted else 0) == face_down, words
        assert ("no animal the team needs" in said) == (not species and not face_down), words
    deck = state.deck
    fires = sum(1 for card in deck if CARDS[card].kind == CardKind.FIRE)
    for count, total in re.findall(r"(\d+) fire cards? of the (\d+) cards? in the deck", words):
        assert (int(count), int(total)) == (fires, len(deck)), words
    found = re.search(r"of the (\d+) cards? left (\d+) (?:is a fire|are fires) and (\d+)", words)
    if found:
        helps = sum(
            1 for card in deck if CARDS[card].kind in (CardKind.WILDEBEEST, CardKind.GIRAFFE)
        )
        assert tuple(map(int, found.groups())) == (len(deck), fires, helps), words
    found = re.search(r"Draw the event card: (.+) is on top", words)
    if found:
        assert state.deck_seen > 0 and CARDS[deck[-1]].name == found[1], words
    found = re.search(r"picked by chance from (\d+) legal actions", words)
    if found:
        assert int(found[1]) == len(legal_actions(state)), words
    burning = len({board.slot[cell] for cell, count in enumerate(state.fires) if count})
    found = re.search(r"(\d+) pieces? (?:is|are) burning", words)
    if found:
        assert int(found[1]) == burning, words
    if "no piece is burning" in words:
        assert burning == 0, words
    if "no animal the team needs is left on the board" in words:
        assert not any(
            cell >= 0 and wanted_by_team(state, token)
            for token, cell in enumerate(state.token_cell[: BUFFALO_TOKEN + 1])
        ), words
    found = re.search(r"(\w+) has (\d+) of the Big Five still to see and (\w+) (\d+)", words)
    if found:
        for name, count in ((found[1], found[2]), (found[3], found[4])):
            spotted = state.spotted[seat_named(state, name)]
            assert sum(1 for s in Species if not spotted & (1 << s)) == int(count), words
    if "no animal is left to place" in words:
        assert not state.animal_supply, words
    if "no animal the team lacks is left unseen" in words:
        assert unseen_recounted(state) == 0, words
    if re.search(r"may be (?:one|an animal) the team still needs", words):
        assert unseen_recounted(state) > 0, words
    found = re.search(r"(\d+) actions? left\)", words)
    if found:
        assert int(found[1]) == state.actions_left, words
    if "has no actions left" in words:
        assert state.actions_left == 0, words
    if action.kind == Act.CHOOSE_DISCARD:
        kept = CARDS[state.looking_at[1 - action.target]].name
        named = re.findall(
            r"(?:more than|as much as) (.+?), which|better with (.+?) next \(|"
            r"; (.+?), which helps more|so (.+?) comes next",
            words,
        )
        for name in ("".join(groups) for groups in named):
            assert name == kept, (words, kept)
        found = re.search(r"would end the safari: (\w+)'s food is (\d+)", words)
        if found:
            assert state.food[seat_named(state, found[1])] == int(found[2]), words
    for name in re.findall(r"\b([A-Z][a-z]+)'s\b", words):
        if name in ("Jack", "Kate", "Anna", "David", "Sam"):
            assert name in guides, words
    # Free side effects: every one said, and only those.
    if moved is not None:
        out = [board.names[c] for c, n in enumerate(state.fires) if n > moved.fires[c]]
        said_out = re.search(r"Jack puts out the fire on (.+?) for free", words)
        assert (said_out[1].split(", ") if said_out else []) == out, words
        before = set(spot_targets(state, seat))
        gained = [board.names[c] for c in spot_targets(moved, seat) if c not in before]
        said_view = re.search(r"it brings (.+) into view", words)
        places = re.findall(r" on (\S+?)(?:,|$)", said_view[1]) if said_view else []
        assert places == gained, words


def unseen_recounted(state: GameState) -> int:
    """Tokens in the supply or face down on the board of a species some guide lacks, counted
    from the hidden tokens themselves (the players count them from what they have seen)."""
    hidden = [*state.animal_supply]
    hidden += [
        t for t, c in enumerate(state.token_cell[:BUFFALO_TOKEN]) if c >= 0 and not state.face_up[t]
    ]
    return sum(
        1
        for token in hidden
        if ANIMAL_KIND[token] >= 0
        and any(not mask & (1 << ANIMAL_KIND[token]) for mask in state.spotted)
    )


@settings(max_examples=60)
@given(
    seed=st.integers(0, 10**6),
    guides=st.integers(2, 5),
    actions=st.integers(0, 400),
    player=st.sampled_from(["tactics", "team"]),
    removed=st.sampled_from([(), (Species.LION,), (Species.ELEPHANT, Species.RHINO)]),
)
def test_the_team_counts_the_unseen_animals_it_lacks_from_what_it_has_seen(
    seed: int, guides: int, actions: int, player: str, removed: tuple[Species, ...]
) -> None:
    """Also in the short game, whose removed species every guide starts with."""
    state = position(seed, guides, actions, player, removed)
    assert unseen_wanted(state) == unseen_recounted(state)


def needed_on_piece_recounted(state: GameState, slot: int) -> tuple[list[int], int]:
    board = state.game.board
    species: list[int] = []
    face_down = 0
    for cell in board.slot_cells[slot]:
        token = state.token_at[cell]
        if not 0 <= token < BUFFALO_TOKEN:
            continue
        if not state.face_up[token]:
            face_down += 1
        elif ANIMAL_KIND[token] >= 0 and wanted_by_team(state, token):
            species.append(ANIMAL_KIND[token])
    return species, face_down


@settings(max_examples=60)
@given(
    seed=st.integers(0, 10**6),
    guides=st.integers(2, 5),
    actions=st.integers(0, 300),
    player=st.sampled_from(["greedy", "tactics", "team", "random"]),
)
def test_every_reason_says_only_what_the_position_shows(
    seed: int, guides: int, actions: int, player: str
) -> None:
    """From positions of real play, the words of the steady bot, the fast policy with every
    intent, the team's steady turn and the random player name only true facts: counts,
    places, guides, cards."""
    state = position(seed, guides, actions, player)
    if state.outcome:
        return
    legal = legal_actions(state)
    said = [greedy_player.decide(state, legal, random.Random(seed))]
    said += [tactics.decide(state, legal, random.Random(seed), intent) for intent in Intent]
    said.append(team.decide(state, legal, random.Random(seed)))
    for pick in said:
        check_facts(state, pick.action, explain(state, pick.action, pick.reason))
    decision = DECIDERS["random"]()(state, legal, random.Random(seed))
    check_facts(state, decision.action, decision.reason)


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), guides=st.integers(2, 5), actions=st.integers(0, 200))
def test_the_search_players_reasons_say_only_what_the_position_shows(
    seed: int, guides: int, actions: int
) -> None:
    """The search player decides on a dealt copy of the position; what it says holds in the
    real one too, for the words name only what every guide can see."""
    state = position(seed, guides, actions, "tactics")
    if state.outcome:
        return
    decision = SearchPlayer(MEASURED).decide(state, legal_actions(state), random.Random(seed))
    check_facts(state, decision.action, decision.reason)


# --------------------------------------------------------------------------- advice scenarios

ADVICE = sorted((Path(__file__).parent / "scenarios" / "advice").glob("*.toml"))


@pytest.mark.parametrize("path", ADVICE, ids=[path.stem for path in ADVICE])
def test_advice_scenario_passes(path: Path) -> None:
    """The cases of issue 24, each a position with what the computer players must do and say
    there (docs/scenarios.md: reason_* and hint_*)."""
    result = run_file(path)
    assert result.passed, "\n".join(result.failures)


def test_the_advice_scenarios_are_the_issues_cases() -> None:
    assert {path.stem for path in ADVICE} >= {
        "jack-shields-a-needed-leopard",
        "no-refuel-drive-with-fuel-to-spare",
        "influence-keeps-the-wildebeest",
        "jack-says-the-fire-his-drive-puts-out",
        "an-elephant",
        "the-draw-says-what-comes",
    }


# --------------------------------------------------------------------------- the hint's plan


def hint_position(seed: int) -> tuple[GameState, list[Action]]:
    """A position of a real game at the start of a guide's actions, with the actions played."""
    state = started(seed, (Guide.ANNA, Guide.DAVID, Guide.SAM), Difficulty.NORMAL)
    rng = random.Random(seed)
    played: list[Action] = []
    while not (state.phase == Phase.ACTIONS and state.turn >= 4 and state.actions_left == 4):
        action = tactics.choose(state, legal_actions(state), rng)
        apply_in_place(state, action, None)
        played.append(action)
    return state, played


def test_a_hint_asked_again_along_its_plan_shows_the_same_plan() -> None:
    """The plan shown stays the plan while the guide follows it and nothing new comes to
    light: each later hint is the plan's next step with the rest of the plan."""
    for seed in range(20):
        state, played = hint_position(seed)
        hints = Hints()
        first = hints.hint(state, legal_actions(state), played).decision
        if not first.steps:
            continue
        plan = (first.action, *first.steps)
        words = (first.reason, *first.plan)
        followed = 0
        for index, action in enumerate(plan[:-1]):
            apply_in_place(state, action, None)
            played.append(action)
            if in_view(state) != hints_key(hints):
                break  # something came to light: a new plan is due
            again = hints.hint(state, legal_actions(state), played)
            assert again.changed == ""
            assert again.decision.action == plan[index + 1]
            assert again.decision.reason == words[index + 1]
            assert again.decision.plan == words[index + 2 :]
            followed += 1
        if followed >= 2:
            return
    pytest.fail("no hint with a plan followed two steps in 20 games")


def hints_key(hints: Hints) -> object:
    shown = hints._shown  # the plan shown last
    assert shown is not None
    return shown.key[3]


def test_a_hint_says_what_changed_when_its_plan_changes() -> None:
    """A guide who leaves the plan, or a token turned over, makes a new plan, and the hint
    says which."""
    for seed in range(20):
        state, played = hint_position(seed)
        hints = Hints()
        first = hints.hint(state, legal_actions(state), played).decision
        other = [a for a in legal_actions(state) if a != first.action and a.kind == Act.MOVE]
        if not other:
            continue
        apply_in_place(state, other[0], None)
        played.append(other[0])
        if state.turn != hints_turn(hints):
            continue
        again = hints.hint(state, legal_actions(state), played)
        assert again.changed, again
        assert hint_words(again).startswith(f"New plan, as {again.changed}: ")
        return
    pytest.fail("no position to leave the plan in 20 games")


def hints_turn(hints: Hints) -> object:
    shown = hints._shown
    assert shown is not None
    return shown.key[1]


def test_what_changed_names_what_came_to_light() -> None:
    assert _what_changed((3, 1, 9, 30, 10), (4, 1, 9, 30, 10)) == "a token was turned over"
    assert _what_changed((3, 1, 9, 30, 10), (3, 1, 8, 29, 11)) == (
        "an animal was placed and a card was drawn"
    )
    assert _what_changed((3, 1, 9, 30, 10), (3, 1, 9, 30, 10)) == ""
