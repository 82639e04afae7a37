"""One game of a simulation run: set up from its seed alone, played to its end.

``play_out`` is the engine's fast loop (``legal_actions`` + ``apply_in_place``, no rule steps),
which the benchmarks in ``bench/`` time too; ``explain_out`` plays as the app plays a computer
seat, building the words of every action (``--explain``) and the hint a person would be shown
at every position (``--hints``); ``play_seed`` is one game of a run in whatever process or
cluster worker plays it.
"""

from __future__ import annotations

import random
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from bigfive_tui.engine.actions import Action
from bigfive_tui.engine.board import Board
from bigfive_tui.engine.content import Difficulty, Guide
from bigfive_tui.engine.state import GameState
from bigfive_tui.simulation.settings import Settings

#: A game that has not ended after this many actions counts as an error (a runaway game).
MAX_ACTIONS = 20_000

Policy = Callable[[GameState, Sequence[Action], random.Random], Action]


@dataclass(frozen=True)
class GameSetup:
    seed: int
    guides: tuple[Guide, ...]
    difficulty: Difficulty


def game_setup(settings: Settings, seed: int) -> GameSetup:
    """Guides and difficulty of one game, drawn from its seed alone (not from the policy rng)."""
    pick = random.Random(f"bigfive-simulate-setup:{seed}")
    if settings.guides is not None:
        guides = settings.guides
    else:
        count = settings.players or pick.randint(2, 5)
        guides = tuple(pick.sample(list(Guide), count))
    if settings.difficulty == "mixed":
        difficulty = Difficulty(pick.randrange(len(Difficulty)))
    else:
        difficulty = Difficulty[settings.difficulty.upper()]
    return GameSetup(seed, guides, difficulty)


@dataclass(frozen=True)
class GameResult:
    outcome: str  # "won", "lost:<cause>", or "error"
    turns: int
    actions: int
    error: str = ""
    #: Seconds of thought per decision: a turn's time shared out over the decisions in it
    #: (a plan made once a turn counts once for every action it covers).
    times: tuple[float, ...] = ()


class RunawayGame(RuntimeError):
    """A game that went on far longer than any real game can."""


def play_game(
    board: Board, setup: GameSetup, policy: Policy, max_actions: int = MAX_ACTIONS
) -> GameResult:
    """Set up and play one whole game with ``policy`` for every seat, timing its decisions."""
    from bigfive_tui.engine.session import make_game
    from bigfive_tui.engine.setup import new_game

    game = make_game(board, setup.guides, setup.difficulty, (), setup.seed)
    state, _ = new_game(game)
    return play_out(state, policy, random.Random(setup.seed), max_actions, timed=True)


def play_out(
    state: GameState,
    policy: Policy,
    rng: random.Random,
    max_actions: int = MAX_ACTIONS,
    *,
    timed: bool = False,
) -> GameResult:
    """Play a set-up game to its end on the engine's fast path (``state`` is changed).

    ``apply_in_place`` trusts that the action is legal, so ``policy`` must only ever return one
    of the actions it is given (tests/test_players.py checks this for every shipped policy).
    ``timed`` times each decision for the report; two clock reads cost the random player's
    loop about a twentieth, so only a caller that reports them asks for it.
    """
    from bigfive_tui.engine.apply_action import apply_in_place
    from bigfive_tui.engine.legal_actions import legal_actions

    actions = 0
    times: list[float] = []
    turn, turn_time, turn_count = state.turn, 0.0, 0
    clock = time.perf_counter
    while not state.outcome:
        if actions >= max_actions:
            raise RunawayGame(f"no end after {max_actions} actions (turn {state.turn})")
        legal = legal_actions(state)
        if timed:
            start = clock()
            action = policy(state, legal, rng)
            turn_time += clock() - start
            turn_count += 1
        else:
            action = policy(state, legal, rng)
        apply_in_place(state, action, None)  # no rule steps: nobody reads them here
        actions += 1
        if timed and (state.turn != turn or state.outcome):
            times += [turn_time / turn_count] * turn_count
            turn, turn_time, turn_count = state.turn, 0.0, 0
    return GameResult(state.outcome, state.turn, actions, times=tuple(times))


def explain_out(
    state: GameState,
    policy: str,
    rng: random.Random,
    max_actions: int = MAX_ACTIONS,
    *,
    hints: bool = False,
) -> GameResult:
    """Play a set-up game to its end as the app plays its computer seats (``state`` is changed):
    the policy's decider (players/teammates.DECIDERS, the app's own) builds the words of every
    action, and with ``hints`` the hint a person asking at that position would be shown is
    worked out too (players/teammates.Hints, as the hint key does). An exception in either,
    an illegal action or an action without words ends the game as an error."""
    from bigfive_tui.engine.apply_action import apply_in_place
    from bigfive_tui.engine.legal_actions import legal_actions
    from bigfive_tui.players.teammates import DECIDERS, Hints, hint_words

    decide = DECIDERS[policy]()
    hinter = Hints() if hints else None
    played: list[Action] = []
    while not state.outcome:
        if len(played) >= max_actions:
            raise RunawayGame(f"no end after {max_actions} actions (turn {state.turn})")
        legal = legal_actions(state)
        if hinter is not None:
            hint_words(hinter.hint(state, legal, played))
        decision = decide(state, legal, rng)
        if decision.action not in legal:
            raise UnexplainedAction(f"{policy} chose {decision.action}, which is not legal")
        what, _, why = decision.reason.partition(": ")
        if not (what and why):
            raise UnexplainedAction(f"{policy} gave {decision.action} no reason: {what!r}")
        apply_in_place(state, decision.action, None)  # the words are built; no steps needed
        played.append(decision.action)
    return GameResult(state.outcome, state.turn, len(played))


class UnexplainedAction(RuntimeError):
    """A computer action the app could not show with true words."""


def safe_game(
    board_for: Callable[[int], Board], setup: GameSetup, policy: Policy, max_actions: int
) -> GameResult:
    """``play_game`` with any exception turned into an error result."""
    return _guarded(lambda: play_game(board_for(setup.seed), setup, policy, max_actions))


def run_game(
    board_for: Callable[[int], Board], setup: GameSetup, settings: Settings, max_actions: int
) -> GameResult:
    """One game of a run as its settings ask (explained or on the fast loop), any exception
    turned into an error result."""
    if not (settings.explain or settings.hints):
        from bigfive_tui.players import POLICIES

        return safe_game(board_for, setup, POLICIES[settings.policy], max_actions)

    def explained() -> GameResult:
        from bigfive_tui.engine.session import make_game
        from bigfive_tui.engine.setup import new_game

        game = make_game(board_for(setup.seed), setup.guides, setup.difficulty, (), setup.seed)
        state, _ = new_game(game)
        rng = random.Random(setup.seed)
        return explain_out(state, settings.policy, rng, max_actions, hints=settings.hints)

    return _guarded(explained)


def _guarded(play: Callable[[], GameResult]) -> GameResult:
    try:
        return play()
    except Exception as error:  # any failure is counted and reported, never raised
        frame = traceback.extract_tb(error.__traceback__)[-1]
        where = f"{frame.filename.rsplit('/', 1)[-1]}:{frame.lineno} in {frame.name}"
        return GameResult("error", 0, 0, f"{type(error).__name__}: {error} ({where})")


def play_seed(settings: Settings, seed: int, max_actions: int = MAX_ACTIONS) -> GameResult:
    """One game of a run, in whatever process or cluster worker runs it."""
    setup = game_setup(settings, seed)
    return run_game(board_source(settings.layout), setup, settings, max_actions)


def play_task(task: tuple[Settings, int, int]) -> tuple[int, GameResult]:
    """``play_seed`` as a task a pool of processes or a cluster hands out (picklable by name)."""
    settings, seed, max_actions = task
    return seed, play_seed(settings, seed, max_actions)


@lru_cache(maxsize=4)
def _fixed_layout(layout: str) -> Board:
    from bigfive_tui.assets import load_layout

    return load_layout(layout)


def board_source(layout: str | None) -> Callable[[int], Board]:
    from bigfive_tui.assets import seeded_board

    if layout:
        fixed = _fixed_layout(layout)
        return lambda seed: fixed
    return seeded_board
