"""The strong teammate: plans each turn by looking ahead through the chance events.

Design (docs/balance.md has the figures):

* **Macro-actions.** A turn is planned as a whole: the candidates are the
  :class:`~bigfive_tui.players.tactics.Intent` s, each a closed-loop way of spending the turn
  (drive for animals, fight fires, influence the next event, place an extra animal, fill up,
  shield animals with Jack's piece, or the steady mix, also with its drive aimed first at
  another goal: which guide goes for which animal or fire). A few whole-turn plans are far fewer
  than the sequences of single actions, and each reacts to what a spot turns over, as Sfikas
  and Liapis's macro-actions do against Pandemic's deck.
* **Determinised look-ahead, without peeking.** Before each look-ahead the player deals
  ``worlds`` copies of the game from what a guide can know (:func:`engine.hidden.determinize`:
  the deck below the seen cards, the face-down animals and the dice dealt anew from what is
  unseen). Every candidate is played out in the same worlds (common random numbers, so the
  comparison is not drowned in dice noise): its own turn, then ``horizon`` more turns of the
  fast policy for everybody, with the engine as the forward model.
* **Evaluation.** The strong teammate and the hint play every world to the end of the game:
  the score is the win itself. Each later turn of a world gets dice of its own (the same for
  every candidate), a candidate whose turn ends where another's did shares its result, and
  the best candidate must beat the steady turn again in fresh worlds before it is followed.
  The measured setting looks ``horizon`` turns ahead and guesses with the fitted model of
  :mod:`players.value` (a win or loss inside the horizon counts fully).
* **One plan per turn.** The chosen intent is followed for the rest of the turn and planned
  again only when something new comes to light (a token turned over, a card seen, an
  animal placed), so its cost spreads over the actions it covers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from bigfive_tui.engine.actions import Act, Action, Step
from bigfive_tui.engine.apply_action import apply_in_place
from bigfive_tui.engine.content import Guide
from bigfive_tui.engine.hidden import determinize
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.state import GameState, Phase
from bigfive_tui.players import tactics, team
from bigfive_tui.players.reasons import Reason, Why, explain
from bigfive_tui.players.tactics import Intent, Pick
from bigfive_tui.players.value import win_chance
from bigfive_tui.shared.rng import next_value

#: A way to spend a turn: an intent, and the cell of a goal its drive takes first (-1: none).
Course = tuple[Intent, int]
#: A policy that plays a course: ``tactics.decide``, or ``team.decide`` (its steady turn has
#: the team's rules; any other course is the fast policy's).
Steady = Callable[[GameState, Sequence[Action], random.Random, Intent, int], Pick]
STEADY: Course = (Intent.STEADY, -1)
_Key = TypeVar("_Key")
_TURN_MIX = 0x9E3779B97F4A7C15
_MASK64 = (1 << 64) - 1

#: A look-ahead that has not ended after this many actions stops (a safety net).
_LOOKAHEAD_ACTIONS = 400
#: A look-ahead to the end of the game stops after this many actions (a safety net).
_TO_THE_END_ACTIONS = 3000
#: A look-ahead with a budget deals at least this many worlds.
_FEWEST_WORLDS = 4


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How hard the player thinks: worlds per look-ahead, and turns looked at after its own."""

    name: str
    worlds: int
    horizon: int
    words: str = ""
    #: How sure the look-ahead must be before it leaves the fast policy's steady turn: the
    #: mean gain over the worlds in standard errors (0: the best mean wins outright).
    gate: float = 0.0
    #: Actions of look-ahead a plan may spend (0: no limit): ``worlds`` is then the most
    #: worlds, and the look-ahead stops dealing worlds once it has spent this many actions
    #: (never fewer than :data:`_FEWEST_WORLDS`). With ``horizon`` 0 the look-ahead plays
    #: every world to the end of the game: its score is the win itself, not the fitted guess.
    budget: int = 0
    #: Also weigh driving first for each of this many goals (an animal, a face-down token, a
    #: fire) after the one the steady drive takes: which guide goes for what.
    focus: int = 0
    #: Deal each world's dice turn by turn (every later turn starts from dice of its own), so
    #: the candidates meet the same rolls for the same events although one of them rolled
    #: more often earlier (a food token moved, an extra animal): common random numbers that
    #: stay common, and the gains between candidates are their own, not the dice's.
    aligned: bool = False
    #: Share of ``budget`` kept to check the best candidate against the steady turn in fresh
    #: worlds (0: the gate reads the worlds that chose it). The best of many candidates in the
    #: same worlds is flattered by their noise: a gate on those worlds lets through one false
    #: change in two when ten candidates are weighed; on fresh worlds it is a fair test.
    verify: float = 0.0
    #: The policy whose steady turn the player leaves only when the look-ahead says so, and
    #: that plays every world on after the candidate's turn.
    steady: Steady = tactics.decide


MEASURED = SearchSettings("measured", worlds=6, horizon=2, words="for benchmarks")
#: The strong teammate and the hint: the candidates played to the end of the game in as many
#: worlds as 20,000 actions of look-ahead allow (about 0.2-0.5 s on this project's 2-core
#: machine), half of it to choose the best and half to check it against the steady turn in
#: fresh worlds (docs/balance.md, *A search to the end of the game*); the steady turn and the
#: roll-outs are the team's policy (players/team.py: *An offline-learned team policy*).
PRACTICE = SearchSettings(
    "practice",
    worlds=256,
    horizon=0,
    words="a strong teammate",
    gate=1.5,
    budget=20_000,
    focus=3,
    aligned=True,
    verify=0.5,
    steady=team.decide,
)
HINT = replace(PRACTICE, name="hint", words="the hint")
SETTINGS = {settings.name: settings for settings in (MEASURED, PRACTICE, HINT)}


@dataclass(frozen=True, slots=True)
class Decision:
    """An action, its reason in words, and the rest of the turn as the player foresees it."""

    action: Action
    reason: str
    plan: tuple[str, ...] = ()
    intent: Intent = Intent.STEADY
    #: The actions ``plan`` says, in order (a hint that is asked again follows them).
    steps: tuple[Action, ...] = ()


@dataclass(slots=True)
class _Plan:
    game: object
    turn: int
    seat: int
    seen: tuple[int, ...]  # what was in view when it was made (see in_view)
    course: Course
    #: How the candidates scored (course -> mean score), for the hint's words.
    scores: dict[Course, float] = field(default_factory=dict)


@dataclass(slots=True)
class SearchPlayer:
    """A player with its own plan memory: one per game (or per seat group), not shared."""

    settings: SearchSettings = MEASURED
    _plan: _Plan | None = None

    def choose(self, state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.decide(state, legal, rng, plan=False).action

    def decide(
        self, state: GameState, legal: Sequence[Action], rng: random.Random, *, plan: bool = True
    ) -> Decision:
        """What to do now, and why. The player reads only what a guide can see: it works
        on a determinised copy of ``state``, never on ``state`` itself."""
        view = determinize(state, rng)
        intent, focus = STEADY
        if view.phase == Phase.INFLUENCE:
            pick = self._discard(view, legal, rng)
        else:
            if view.phase == Phase.ACTIONS and len(legal) > 1:
                intent, focus = self._course(view, rng)
            pick = self.settings.steady(view, legal, rng, intent, focus)
        reason = explain(view, pick.action, pick.reason)
        course = (intent, focus)
        steady = self.settings.steady
        words, steps = _foresee(view, pick.action, course, rng, steady) if plan else ((), ())
        return Decision(pick.action, reason, words, intent, steps)

    def _course(self, view: GameState, rng: random.Random) -> Course:
        known = self._plan
        seen = in_view(view)
        if (
            known is not None
            and known.game is view.game
            and (known.turn, known.seat, known.seen) == (view.turn, view.seat, seen)
        ):
            return known.course
        courses: list[Course] = [(intent, -1) for intent in candidates(view)]
        if self.settings.focus:
            goals = tactics.drive_goals(view, rng)[1 : 1 + self.settings.focus]
            courses.extend((Intent.STEADY, cell) for _, cell in goals)
        if len(courses) == 1:
            chosen = courses[0]
            scores = {chosen: 0.0}
        else:
            chosen, scores = _weigh(view, courses, self.settings, rng)
        self._plan = _Plan(view.game, view.turn, view.seat, seen, chosen, scores)
        return chosen

    @property
    def scores(self) -> dict[Course, float]:
        """How the courses scored when the current plan was made."""
        return dict(self._plan.scores) if self._plan is not None else {}

    def _discard(self, view: GameState, legal: Sequence[Action], rng: random.Random) -> Pick:
        """After influencing: the fast policy's discard, unless the look-ahead finds the other
        clearly better (by more than its noise): then the words give both scores."""
        # The same worlds and dice for every discard (common random numbers, as for the
        # intents): with worlds dealt apart for each, noise decided (issue 24: a herd of
        # wildebeest discarded for an overheated engine, "92 % against 86 %").
        outcomes: dict[Action, list[float]] = {action: [] for action in legal}
        spent = 0
        budget = self.settings.budget
        for dealt in range(self.settings.worlds):
            if budget and dealt >= _FEWEST_WORLDS and spent >= budget:
                break
            world = determinize(view, rng)
            seed = rng.getrandbits(32)
            align = seed if self.settings.aligned else None
            for action in legal:
                played = world.copy()
                apply_in_place(played, action, None)  # nobody reads a look-ahead's steps
                score, actions = _play_out(
                    played,
                    None,
                    self.settings.horizon,
                    random.Random(seed),
                    self.settings.steady,
                    align,
                )
                outcomes[action].append(score)
                spent += actions
        scores = {action: sum(values) / len(values) for action, values in outcomes.items()}
        fallback = self.settings.steady(view, legal, rng, Intent.STEADY, -1)
        best = max(legal, key=lambda action: (scores[action], action == fallback.action))
        if self.settings.budget and self.settings.gate > 0:
            if not _beats(outcomes[best], outcomes[fallback.action], self.settings.gate):
                return fallback
        elif scores[best] - scores[fallback.action] <= DISCARD_MARGIN:
            return fallback
        won, against = round(100 * scores[best]), round(100 * scores[fallback.action])
        return Pick(best, Reason(Why.DISCARD_LOOKED, number=won, other=against))


#: How much better (in win chance) the look-ahead must find a discard to overrule the fast
#: policy's: closer scores are within the noise of a few worlds, and a card that helps was
#: then discarded for one that hurts (issue 24: a herd of wildebeest for an overheated engine).
DISCARD_MARGIN = 0.03


def in_view(state: GameState) -> tuple[int, ...]:
    """What changes when something comes to light: a token turned over, an animal placed or
    out of the game, a card seen. A plan is kept only while these stay as they were."""
    return (
        state.face_up.count(True),
        len(state.discarded),
        len(state.animal_supply),
        len(state.deck),
        len(state.discard),
    )


def candidates(state: GameState) -> list[Intent]:
    """The intents worth weighing now. Influencing and extra animals are left to the fast
    policy's own rules (it takes them when nothing better is in reach): a look-ahead of a few
    turns sees the card they discard or the animal they add, but not the drive they cost, and
    weighing them made the player lose more; played to the end of the game, the ones a search
    picked gained nothing either (docs/balance.md)."""
    result = [Intent.STEADY, Intent.ANIMALS]
    if any(state.fires):
        result.append(Intent.FIRES)
    seat = state.seat
    cap = state.game.caps[seat]
    if state.food[seat] < cap - 1 or state.fuel[seat] < cap - 2:
        result.append(Intent.SUPPLIES)
    if state.game.guides[seat] == Guide.JACK:
        result.append(Intent.GUARD)
    return result


def play_intents(
    state: GameState, courses: Sequence[Course], settings: SearchSettings, rng: random.Random
) -> dict[Course, list[float]]:
    """The score of each course in each of the same determinised worlds (``settings.worlds``,
    or fewer when a budget is spent)."""
    outcomes: dict[Course, list[float]] = {course: [] for course in courses}
    spent = 0
    for dealt in range(settings.worlds):
        if settings.budget and dealt >= _FEWEST_WORLDS and spent >= settings.budget:
            break
        world = determinize(state, rng)
        seed = rng.getrandbits(32)
        if settings.aligned and not settings.horizon:
            spent += _play_to_the_end(world, courses, outcomes, seed, settings.steady)
            continue
        for course in courses:
            score, actions = _play_out(
                world.copy(), course, settings.horizon, random.Random(seed), settings.steady
            )
            outcomes[course].append(score)
            spent += actions
    return outcomes


def _play_to_the_end(
    world: GameState,
    courses: Sequence[Course],
    outcomes: dict[Course, list[float]],
    seed: int,
    steady: Steady,
) -> int:
    """Play each course's turn in ``world``, then the steady policy to the end with the dice
    dealt turn by turn from ``seed``; a course whose turn ends where another's did shares its
    result (the rest of the game is then the same game). Adds the scores; returns the actions
    played."""
    ends: dict[tuple[object, ...], float] = {}
    spent = 0
    for course in courses:
        played, rng = world.copy(), random.Random(seed)
        spent += _play_turn(played, course, rng, seed, steady)
        key = played.key()
        score = ends.get(key)
        if score is None:
            score, actions = _play_out(played, None, 0, rng, steady, seed)
            ends[key] = score
            spent += actions
        outcomes[course].append(score)
    return spent


def _play_turn(
    world: GameState, course: Course, rng: random.Random, align: int, steady: Steady
) -> int:
    """Play ``course`` to the end of this turn and deal the next turn's dice; the actions."""
    turn = world.turn
    played = 0
    while not world.outcome and world.turn == turn and played < _TO_THE_END_ACTIONS:
        action = steady(world, roll_out_actions(world), rng, *course).action
        apply_in_place(world, action, None)
        played += 1
    if not world.outcome:
        _deal_turn(world, rng, align)
    return played


def roll_out_actions(world: GameState) -> list[Action]:
    """The legal actions a roll-out's policy chooses from: the exchanges only while some guide
    is needy, since the steady policies give only to a needy guide and otherwise choose the
    same action with or without them listed (a third of the engine's time in a roll-out)."""
    return legal_actions(world, exchanges=tactics.anyone_needy(world))


def _deal_turn(world: GameState, rng: random.Random, align: int) -> None:
    """The dice and tie-breaks of ``world``'s turn, from ``align`` and the turn alone."""
    world.rng = next_value(align ^ (world.turn * _TURN_MIX) & _MASK64)[1]
    rng.seed(world.rng)


def _weigh(
    view: GameState, courses: Sequence[Course], settings: SearchSettings, rng: random.Random
) -> tuple[Course, dict[Course, float]]:
    """The course to follow, and how each scored."""
    verify = settings.verify if settings.budget else 0.0
    first = replace(settings, budget=round(settings.budget * (1 - verify)))
    outcomes = play_intents(view, courses, first, rng)
    scores = {course: sum(values) / len(values) for course, values in outcomes.items()}
    if not verify:
        return _choice(outcomes, settings.gate, STEADY), scores
    best = _choice(outcomes, 0.0, STEADY)
    if best == STEADY:
        return STEADY, scores
    second = replace(settings, budget=settings.budget - first.budget)
    fresh = play_intents(view, [STEADY, best], second, rng)
    return _choice(fresh, settings.gate, STEADY), scores


def _choice(outcomes: dict[_Key, list[float]], gate: float, steady: _Key) -> _Key:
    """The candidate with the best mean (the first listed of equals); with a ``gate``, the
    ``steady`` one unless another beats it in the same worlds by more than ``gate`` standard
    errors of the paired gain."""
    order = {key: index for index, key in enumerate(outcomes)}
    best = max(outcomes, key=lambda key: (sum(outcomes[key]), -order[key]))
    if gate <= 0 or best == steady or steady not in outcomes:
        return best
    return best if _beats(outcomes[best], outcomes[steady], gate) else steady


def _beats(scores: Sequence[float], others: Sequence[float], gate: float) -> bool:
    """Do ``scores`` beat ``others`` (the same worlds) by more than ``gate`` standard errors of
    the paired gain?"""
    gains = [a - b for a, b in zip(scores, others, strict=True)]
    count = len(gains)
    mean = sum(gains) / count
    spread = sum((gain - mean) ** 2 for gain in gains) / max(1, count - 1)
    error = (spread / count) ** 0.5
    return mean > gate * error and mean > 0


def _play_out(
    world: GameState,
    course: Course | None,
    horizon: int,
    rng: random.Random,
    steady: Steady,
    align: int | None = None,
) -> tuple[float, int]:
    """Play ``course`` to the end of this turn, then the steady policy for ``horizon`` more
    turns (0: to the end of the game); the score of where that leads, and the actions played.
    With ``align`` (a seed), every later turn starts with dice and tie-breaks of its own."""
    intent, focus = course if course is not None else STEADY
    turn = dealt = world.turn
    last = turn + horizon if horizon else 1 << 30
    played = 0
    for played in range(_LOOKAHEAD_ACTIONS if horizon else _TO_THE_END_ACTIONS):  # noqa: B007
        if world.outcome or world.turn > last:
            break
        if align is not None and world.turn != dealt:
            dealt = world.turn
            _deal_turn(world, rng, align)
        legal = roll_out_actions(world)
        if world.turn == turn:
            action = steady(world, legal, rng, intent, focus).action
        else:
            action = steady(world, legal, rng, Intent.STEADY, -1).action
        apply_in_place(world, action, None)  # the steps are not read: none are built
    return win_chance(world), played


def _foresee(
    view: GameState, action: Action, course: Course, rng: random.Random, steady: Steady
) -> tuple[tuple[str, ...], tuple[Action, ...]]:
    """The rest of the turn after ``action`` as the intent would play it in this world, up to
    the first thing that only the dice or a hidden token can tell: its words and its actions."""
    world = view.copy()
    log: list[Step] = []
    apply_in_place(world, action, log)
    words: list[str] = []
    steps: list[Action] = []
    turn, seat = world.turn, world.seat
    while not world.outcome and world.turn == turn and world.seat == seat and len(steps) < 8:
        if any(step.kind in ("flip", "look", "roll", "card") for step in log):
            break
        log.clear()
        legal = legal_actions(world)
        pick = steady(world, legal, rng, *course)
        if pick.action.kind == Act.END:
            break
        words.append(explain(world, pick.action, pick.reason))
        steps.append(pick.action)
        apply_in_place(world, pick.action, log)
    return tuple(words), tuple(steps)
