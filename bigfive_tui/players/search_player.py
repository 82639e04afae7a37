"""The strong teammate: plans each turn by looking ahead through the chance events.

Design (docs/balance.md has the figures):

* **Macro-actions.** A turn is planned as a whole: the candidates are the
  :class:`~bigfive_tui.players.tactics.Intent` s, each a closed-loop way of spending the turn
  (drive for animals, fight fires, influence the next event, place an extra animal, fill up,
  shield animals with Jack's piece, or the steady mix). A few whole-turn plans are far fewer
  than the sequences of single actions, and each reacts to what a spot turns over, as Sfikas
  and Liapis's macro-actions do against Pandemic's deck.
* **Determinised look-ahead, without peeking.** Before each look-ahead the player deals
  ``worlds`` copies of the game from what a guide can know (:func:`engine.hidden.determinize`:
  the deck below the seen cards, the face-down animals and the dice dealt anew from what is
  unseen). Every candidate is played out in the same worlds (common random numbers, so the
  comparison is not drowned in dice noise): its own turn, then ``horizon`` more turns of the
  fast policy for everybody, with the engine as the forward model.
* **Evaluation.** A win or loss inside the horizon counts fully; otherwise :func:`evaluate`
  scores the position by what the losses of the fast policy showed to matter: animals still
  to spot, species down to their last tokens, burning pieces, hungry or stranded vehicles.
* **One plan per turn.** The chosen intent is followed for the rest of the turn and planned
  again only when something new comes to light (a token turned over, a card seen, an
  animal placed), so its cost spreads over the actions it covers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from bigfive_tui.engine.actions import Act, Action, Step
from bigfive_tui.engine.apply_action import apply_in_place
from bigfive_tui.engine.content import Guide
from bigfive_tui.engine.hidden import determinize
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.state import GameState, Phase
from bigfive_tui.players import tactics
from bigfive_tui.players.reasons import Reason, Why, explain
from bigfive_tui.players.tactics import Intent, Pick
from bigfive_tui.players.value import win_chance

#: A look-ahead that has not ended after this many actions stops (a safety net).
_LOOKAHEAD_ACTIONS = 400


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


MEASURED = SearchSettings("measured", worlds=6, horizon=2, words="for benchmarks")
PRACTICE = SearchSettings("practice", worlds=16, horizon=3, words="a strong teammate", gate=1.5)
HINT = SearchSettings("hint", worlds=48, horizon=3, words="the hint", gate=1.5)
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
    intent: Intent
    #: How the candidates scored (intent -> mean score), for the hint's words.
    scores: dict[Intent, float] = field(default_factory=dict)


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
        intent = Intent.STEADY
        if view.phase == Phase.INFLUENCE:
            pick = self._discard(view, legal, rng)
        else:
            if view.phase == Phase.ACTIONS and len(legal) > 1:
                intent = self._intent(view, rng)
            pick = tactics.decide(view, legal, rng, intent)
        reason = explain(view, pick.action, pick.reason)
        words, steps = _foresee(view, pick.action, intent, rng) if plan else ((), ())
        return Decision(pick.action, reason, words, intent, steps)

    def _intent(self, view: GameState, rng: random.Random) -> Intent:
        known = self._plan
        seen = in_view(view)
        if (
            known is not None
            and known.game is view.game
            and (known.turn, known.seat, known.seen) == (view.turn, view.seat, seen)
        ):
            return known.intent
        intents = candidates(view)
        if len(intents) == 1:
            chosen = intents[0]
            scores = {chosen: 0.0}
        else:
            outcomes = play_intents(view, intents, self.settings, rng)
            scores = {intent: sum(values) / len(values) for intent, values in outcomes.items()}
            chosen = _choice(outcomes, self.settings.gate)
        self._plan = _Plan(view.game, view.turn, view.seat, seen, chosen, scores)
        return chosen

    @property
    def scores(self) -> dict[Intent, float]:
        """How the intents scored when the current plan was made."""
        return dict(self._plan.scores) if self._plan is not None else {}

    def _discard(self, view: GameState, legal: Sequence[Action], rng: random.Random) -> Pick:
        """After influencing: the fast policy's discard, unless the look-ahead finds the other
        clearly better (by more than its noise): then the words give both scores."""
        # The same worlds and dice for every discard (common random numbers, as for the
        # intents): with worlds dealt apart for each, noise decided (issue 24: a herd of
        # wildebeest discarded for an overheated engine, "92 % against 86 %").
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(self.settings.worlds):
            world = determinize(view, rng)
            seed = rng.getrandbits(32)
            for action in legal:
                played = world.copy()
                apply_in_place(played, action, None)  # nobody reads a look-ahead's steps
                totals[action] += _play_out(
                    played, None, self.settings.horizon, random.Random(seed)
                )
        scores = {action: total / self.settings.worlds for action, total in totals.items()}
        fallback = tactics.decide(view, legal, rng)
        best = max(legal, key=lambda action: (scores[action], action == fallback.action))
        if scores[best] - scores[fallback.action] <= DISCARD_MARGIN:
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
    weighing them made the player lose more (docs/balance.md)."""
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
    state: GameState, intents: Sequence[Intent], settings: SearchSettings, rng: random.Random
) -> dict[Intent, list[float]]:
    """The score of each intent in each of the same ``settings.worlds`` determinised worlds."""
    outcomes: dict[Intent, list[float]] = {intent: [] for intent in intents}
    for _ in range(settings.worlds):
        world = determinize(state, rng)
        seed = rng.getrandbits(32)
        for intent in intents:
            outcomes[intent].append(
                _play_out(world.copy(), intent, settings.horizon, random.Random(seed))
            )
    return outcomes


def _choice(outcomes: dict[Intent, list[float]], gate: float) -> Intent:
    """The intent with the best mean; with a ``gate``, the steady turn unless another intent
    beats it in the same worlds by more than ``gate`` standard errors of the paired gain."""
    best = max(outcomes, key=lambda intent: (sum(outcomes[intent]), -intent))
    if gate <= 0 or best == Intent.STEADY or Intent.STEADY not in outcomes:
        return best
    gains = [a - b for a, b in zip(outcomes[best], outcomes[Intent.STEADY], strict=True)]
    count = len(gains)
    mean = sum(gains) / count
    spread = sum((gain - mean) ** 2 for gain in gains) / max(1, count - 1)
    error = (spread / count) ** 0.5
    return best if mean > gate * error and mean > 0 else Intent.STEADY


def _play_out(world: GameState, intent: Intent | None, horizon: int, rng: random.Random) -> float:
    """Play ``intent`` to the end of this turn, then the steady policy for ``horizon`` more
    turns; the score of where that leads."""
    turn = world.turn
    last = turn + horizon
    for _ in range(_LOOKAHEAD_ACTIONS):
        if world.outcome or world.turn > last:
            break
        legal = legal_actions(world)
        current = intent if intent is not None and world.turn == turn else Intent.STEADY
        action = tactics.decide(world, legal, rng, current).action
        apply_in_place(world, action, None)  # the steps are not read: none are built
    return win_chance(world)


def _foresee(
    view: GameState, action: Action, intent: Intent, rng: random.Random
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
        pick = tactics.decide(world, legal, rng, intent)
        if pick.action.kind == Act.END:
            break
        words.append(explain(world, pick.action, pick.reason))
        steps.append(pick.action)
        apply_in_place(world, pick.action, log)
    return tuple(words), tuple(steps)
