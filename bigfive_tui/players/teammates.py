"""The computer teammates the app offers, and the hint: each decides with its reason in words.

``steady`` is the greedy bot; ``strong`` the search player at its practice setting. The hint
is the search player at its hint setting, the deepest: it says what the strong teammate would
do, so a player learns from the same words the teammates use in the log.

Every policy ``simulate`` plays has a decider here too (:data:`DECIDERS`): ``simulate
--explain`` builds the words of every action with the functions the app calls, so a reason
that cannot be said shows up in a run of many games, not in somebody's practice game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bigfive_tui.engine.actions import Action
from bigfive_tui.engine.state import GameState
from bigfive_tui.players import greedy_player, random_player, tactics, team
from bigfive_tui.players.reasons import Reason, Why, explain, plan_words
from bigfive_tui.players.search_player import (
    HINT,
    MEASURED,
    PRACTICE,
    Decision,
    SearchPlayer,
    in_view,
)
from bigfive_tui.players.tactics import Intent

Decider = Callable[[GameState, Sequence[Action], random.Random], Decision]


def _random(state: GameState, legal: Sequence[Action], rng: random.Random) -> Decision:
    action = random_player.choose(state, legal, rng)
    return Decision(action, explain(state, action, Reason(Why.AT_RANDOM, number=len(legal))))


def _greedy(state: GameState, legal: Sequence[Action], rng: random.Random) -> Decision:
    pick = greedy_player.decide(state, legal, rng)
    return Decision(pick.action, explain(state, pick.action, pick.reason))


def _tactics(state: GameState, legal: Sequence[Action], rng: random.Random) -> Decision:
    pick = tactics.decide(state, legal, rng)
    return Decision(pick.action, explain(state, pick.action, pick.reason))


def _team(state: GameState, legal: Sequence[Action], rng: random.Random) -> Decision:
    pick = team.decide(state, legal, rng)
    return Decision(pick.action, explain(state, pick.action, pick.reason))


#: A new decider for each policy name of ``players.POLICIES`` (a search player keeps a plan
#: per turn, so each game gets its own).
DECIDERS: dict[str, Callable[[], Decider]] = {
    "random": lambda: _random,
    "greedy": lambda: _greedy,
    "tactics": lambda: _tactics,
    "team": lambda: _team,
    "search": lambda: SearchPlayer(MEASURED).decide,
    "search-practice": lambda: SearchPlayer(PRACTICE).decide,
    "search-hint": lambda: SearchPlayer(HINT).decide,
}


def teammate(strength: str) -> Decider:
    """A computer teammate of this strength (an unknown name gets the default)."""
    return DECIDERS["greedy" if strength == "steady" else "search-practice"]()


def hint_rng(state: GameState, actions_played: int) -> random.Random:
    """The hint's generator: the same position of the same game always gets the same hint."""
    return random.Random(state.game.seed * 7919 + actions_played)


@dataclass(frozen=True, slots=True)
class Hint:
    """A hint: the decision, and what came to light since the last hint of this turn when the
    plan changed ("" when it is the first, or the plan goes on as shown)."""

    decision: Decision
    changed: str = ""


@dataclass(frozen=True, slots=True)
class _Shown:
    key: tuple[object, ...]  # game, turn, seat and what was in view (search_player.in_view)
    played: int  # actions of the game when it was shown
    steps: tuple[Action, ...]  # the hinted action, then the plan's
    words: tuple[str, ...]
    intent: Intent


@dataclass(slots=True)
class Hints:
    """The hints of one game: a plan shown stays the plan while the guide follows it and
    nothing new comes to light; when it changes, the hint says what changed."""

    _player: SearchPlayer = field(default_factory=lambda: SearchPlayer(HINT))
    _shown: _Shown | None = None

    def hint(self, state: GameState, legal: Sequence[Action], played: Sequence[Action]) -> Hint:
        """The hint for the guide at the wheel; ``played`` is every action of the game."""
        key = (state.game, state.turn, state.seat, in_view(state))
        shown = self._shown
        changed = ""
        if shown is not None and shown.key[:3] == key[:3]:
            since = tuple(played[shown.played :])
            done = len(since)
            followed = since == shown.steps[:done]
            going_on = followed and done < len(shown.steps) and shown.steps[done] in legal
            if shown.key == key and going_on:
                decision = Decision(
                    shown.steps[done],
                    shown.words[done],
                    shown.words[done + 1 :],
                    shown.intent,
                    shown.steps[done + 1 :],
                )
                return Hint(decision)
            changed = _what_changed(shown.key[3], key[3])
            if not changed and not followed:
                changed = f"{state.guide.title} left the plan"
        decision = self._player.decide(state, legal, hint_rng(state, len(played)))
        self._shown = _Shown(
            key,
            len(played),
            (decision.action, *decision.steps),
            (decision.reason, *decision.plan),
            decision.intent,
        )
        return Hint(decision, changed)


def _what_changed(before: object, now: object) -> str:
    """What came to light between two of search_player.in_view's readings."""
    assert isinstance(before, tuple) and isinstance(now, tuple)
    face_up, discarded, supply, deck, discard = (b != n for b, n in zip(before, now, strict=True))
    said = []
    if face_up:
        said.append("a token was turned over")
    if discarded:
        said.append("an animal left the game")
    if supply:
        said.append("an animal was placed")
    if deck or discard:
        said.append("a card was drawn")
    return " and ".join(said)


def hint_words(hint: Hint | Decision) -> str:
    """The hint as it is shown: what changed (if the plan did), the action and its reason,
    then the rest of the plan."""
    decision = hint.decision if isinstance(hint, Hint) else hint
    changed = f"New plan, as {hint.changed}: " if isinstance(hint, Hint) and hint.changed else ""
    plan = f" Then: {plan_words(decision.reason, decision.plan)}." if decision.plan else ""
    return f"{changed}{decision.reason}.{plan}"
