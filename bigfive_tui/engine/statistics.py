"""What a game was, per guide, for the end screen: when each animal was spotted, actions by kind,
fires put out, fuel and food turn by turn; how it ended and the step that ended it; what debug
mode did to it (rigs, going back). Read from the session's record of the whole game."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from bigfive_tui.engine.actions import Act, Step
from bigfive_tui.engine.content import Species
from bigfive_tui.engine.rigging import Rig, RigKind
from bigfive_tui.engine.session import Branch, Session, replayed

#: Kinds every guide plays once a turn: the end screen counts turns instead.
TURN_KINDS = frozenset({Act.DRAW, Act.END})


@dataclass
class GuideStats:
    seat: int
    spotted: dict[Species, int] = field(default_factory=dict)  # species -> turn spotted
    actions: Counter[Act] = field(default_factory=Counter)
    turns: int = 0  # turns in which the guide played (drew a card or acted)
    fires_out: int = 0
    fuel: list[int] = field(default_factory=list)  # at the start, then after each turn
    food: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class EndCause:
    """The step that ended the game (R-end-*), the step that brought it about (the last one
    before it, when the end came of something), the entry they belong to and where they are in
    the log."""

    end: Step
    end_index: int
    cause: Step | None
    cause_index: int
    entry_text: str
    turn: int
    seat: int


@dataclass(frozen=True)
class Rigged:
    """A rig of the game (D-rig-*): in which turn, by whose seat, and what was rigged, in the
    notation without its "rig" ("roll ♣4", "card Fire", "token ■4 as lion")."""

    turn: int
    seat: int
    what: str


@dataclass
class GameStats:
    guides: list[GuideStats]
    actions: int
    rigs: Counter[RigKind]
    rigged: list[Rigged]
    branches: list[Branch]
    end: EndCause | None


def game_stats(session: Session) -> GameStats:
    """Replay the session's entries from its start, once, and count."""
    seats = len(session.game.guides)
    guides = [GuideStats(seat) for seat in range(seats)]
    state = session.start
    for guide in guides:
        guide.fuel.append(state.fuel[guide.seat])
        guide.food.append(state.food[guide.seat])
    for seat in range(seats):  # what a position or a short game begins with counts as turn 0
        for species in Species:
            if state.spotted[seat] & (1 << species) and species not in session.game.removed_species:
                guides[seat].spotted[species] = 0
    rigs: Counter[RigKind] = Counter()
    rigged: list[Rigged] = []
    played: list[set[int]] = [set() for _ in guides]
    for entry in session.entries:
        after = replayed(state, entry.move)
        if isinstance(entry.move, Rig):
            rigs[entry.move.kind] += 1
            rigged.append(Rigged(entry.turn, entry.seat, entry.text.removeprefix("rig ")))
            state = after
            continue
        kind = entry.move.kind
        actor = guides[entry.move.giver if kind == Act.EXCHANGE else entry.seat]
        played[entry.seat].add(entry.turn)
        # The choice that ends an influence is counted with it.
        if kind not in TURN_KINDS and kind != Act.CHOOSE_DISCARD:
            actor.actions[kind] += 1
        if kind in (Act.EXTINGUISH, Act.MOVE, Act.DETOUR):  # Jack sweeps fires as he drives
            actor.fires_out += max(0, sum(state.fires) - sum(after.fires))
        for seat, guide in enumerate(guides):
            new = after.spotted[seat] & ~state.spotted[seat]
            for species in Species:
                if new & (1 << species):
                    guide.spotted[species] = entry.turn
        if kind == Act.END or after.over:
            for guide in guides:
                guide.fuel.append(after.fuel[guide.seat])
                guide.food.append(after.food[guide.seat])
        state = after
    for guide in guides:
        guide.turns = len(played[guide.seat])
    return GameStats(
        guides=guides,
        actions=len(session.actions),
        rigs=rigs,
        rigged=rigged,
        branches=list(session.branches),
        end=end_cause(session),
    )


def end_cause(session: Session) -> EndCause | None:
    """How the game ended: its end step and the step before it in the same action."""
    if not session.state.over or not session.entries:
        return None
    log = session.log
    end_index = next((i for i in range(len(log) - 1, -1, -1) if log[i].kind == "end"), len(log) - 1)
    entry = session.entries[-1]
    cause_index = end_index - 1
    cause = log[cause_index] if cause_index >= entry.log_start else None
    return EndCause(
        end=log[end_index],
        end_index=end_index,
        cause=cause,
        cause_index=cause_index if cause is not None else end_index,
        entry_text=entry.text,
        turn=entry.turn,
        seat=entry.seat,
    )
