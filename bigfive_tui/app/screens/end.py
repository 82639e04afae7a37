"""The end of a game: won or lost and the step that ended it, then each guide's game - when each
animal was spotted, actions by kind, fires put out, fuel and food turn by turn (charts on the
track's scale) -
what debug mode did to it, and what next: replay, the same seed again, a new game."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from bigfive_tui.app.keys.table import END
from bigfive_tui.app.messages import OpenTimeline
from bigfive_tui.app.screens.end_base import EndScreenBase, button_bindings, button_palette
from bigfive_tui.app.words.describe import outcome_words
from bigfive_tui.engine.actions import Act
from bigfive_tui.engine.content import GUIDE_ROLES, Species
from bigfive_tui.engine.session import Session
from bigfive_tui.engine.statistics import GameStats, GuideStats, game_stats

#: Action kinds in the words of the action bar, in its order.
ACT_WORDS: dict[Act, str] = {
    Act.MOVE: "move",
    Act.SPOT: "spot",
    Act.EXTINGUISH: "extinguish",
    Act.REFUEL: "refuel",
    Act.REPLENISH: "food",
    Act.REPAIR_VEHICLE: "repair",
    Act.REPAIR_GATE: "gate",
    Act.DETOUR: "detour",
    Act.INFLUENCE: "influence",
    Act.EXTRA_ANIMAL: "extra animal",
    Act.EXCHANGE: "give",
    Act.TOKEN_USE: "token",
    Act.TOKEN_GIVE: "lend token",
}


def counted(number: int, thing: str) -> str:
    return f"{number} {thing}{'' if number == 1 else 's'}"


def spotted_line(guide: GuideStats, removed: tuple[Species, ...]) -> Content:
    """Each of the Big Five: spotted in which turn (✓ t12), or not (✗)."""
    parts: list[Content | tuple[str, str] | str] = []
    for species in Species:
        if species in removed:
            continue
        turn = guide.spotted.get(species)
        if turn is None:
            parts.append((f"✗ {species.title}", "$error"))
        elif turn == 0:
            parts.append((f"✓ {species.title}", "$success"))
        else:
            parts.append(Content.assemble((f"✓ {species.title} ", "$success"), (f"t{turn}", "")))
        parts.append("  ")
    return Content.assemble(*parts[:-1])


def actions_line(guide: GuideStats) -> str:
    kinds = [
        f"{ACT_WORDS[kind]} {count}"
        for kind, count in sorted(guide.actions.items(), key=lambda item: -item[1])
        if kind in ACT_WORDS
    ]
    fires = f" · {counted(guide.fires_out, 'fire')} put out" if guide.fires_out else ""
    turns = counted(guide.turns, "turn")
    return f"{turns} played: {', '.join(kinds) or 'no actions but the draw'}{fires}"


#: Eighths of a cell, for a track's chart: a blank cell is 0, a full one the track's cap.
BLOCKS = " ▁▂▃▄▅▆▇█"
#: Cells of a chart: a longer game shows the mean of consecutive turns in each.
CHART_CELLS = 16


def track_chart(label: str, values: list[int], cap: int, cells: int = CHART_CELLS) -> Content:
    """``fuel 0-8 ▕▇▇▇▆▅▁▏ end 1``: the track turn by turn against its own scale (0 to
    the cap), not against its lowest and highest values as a sparkline is drawn: a track
    at 7/8 all game is a row of tall bars, not an empty line."""
    if not values:
        return Content.styled(f"{label} 0-{cap}: no turns", "$text-muted")
    groups = min(cells, len(values))
    bars = []
    for group in range(groups):
        start = group * len(values) // groups
        end = max(start + 1, (group + 1) * len(values) // groups)
        mean = sum(values[start:end]) / (end - start)
        bars.append(BLOCKS[round(max(0.0, min(mean, cap)) / max(cap, 1) * (len(BLOCKS) - 1))])
    return Content.assemble(
        (f"{label} 0-{cap} ", "$text-muted"),
        ("▕", "$text-muted"),
        ("".join(bars), "$accent"),
        ("▏", "$text-muted"),
        (f" end {values[-1]}", "$text-muted"),
    )


#: Rigs the end screen names one by one; the log marks every one of them.
RIGS_NAMED = 8


def debug_line(stats: GameStats) -> str:
    """What debug mode did to the game (D-rig-*, D-branch, D-edit), each rigged value with its
    turn; "" when nothing."""
    parts = []
    if stats.rigged:
        named = [f"{rigged.what} (t{rigged.turn})" for rigged in stats.rigged[:RIGS_NAMED]]
        more = len(stats.rigged) - RIGS_NAMED
        if more > 0:
            named.append(f"and {more} more (the log marks each)")
        parts.append(f"rigged {', '.join(named)}")
    for branch in stats.branches:
        how = "went back to" if branch.how == "play from here" else "edited the position of"
        kept = f" (the line left is kept as {branch.abandoned})" if branch.abandoned else ""
        parts.append(f"{how} turn {branch.turn}{kept}")
    return "Debug mode: " + "; ".join(parts) + "." if parts else ""


class EndScreen(EndScreenBase):
    """Dismisses with "new", "again" (the same seed again), "board" (look at the final board)
    or "quit"; "replay" and "cause" open the timeline over it."""

    BUTTON_ROWS = (("new", "replay", "again"), ("cause", "board", "quit"))
    BINDINGS: ClassVar[list[BindingType]] = [*button_bindings(BUTTON_ROWS)]
    #: The palette's entries while this screen is on top (app/keys/palette.py).
    palette_commands: ClassVar[tuple[tuple[str, str, str], ...]] = button_palette(BUTTON_ROWS)

    def __init__(self, session: Session, hints: int = 0, *, rule_ids: bool = False) -> None:
        """``rule_ids``: how it ended names the rules of its steps (debug mode)."""
        super().__init__()
        self.session = session
        self.stats = game_stats(session)
        self.hints = hints
        self.rule_ids = rule_ids

    def headline(self) -> tuple[str, str, bool]:
        headline, reason = outcome_words(self.session.state, self.session.log)
        return headline, reason, self.session.state.outcome == "won"

    def account(self) -> ComposeResult:
        """How it ended, then each guide's game, and what debug mode did to it."""
        session, stats = self.session, self.stats
        state = session.state
        game = state.game
        with VerticalScroll(id="end-body"):
            yield Static(self._cause(), id="end-cause")
            seed = f" · seed {game.seed}" if session.start_position is None else ""
            hints = "no hints" if not self.hints else counted(self.hints, "hint")
            yield Static(
                f"Ended in turn {state.turn} · {counted(stats.actions, 'action')} played"
                f"{seed} · {hints} asked",
                id="turns",
            )
            for guide in stats.guides:
                who = game.guides[guide.seat]
                with Vertical(classes="end-guide"):
                    yield Static(
                        Content.assemble(
                            (f"{who.title} ", "bold"),
                            (f"({GUIDE_ROLES[who]})  ", "$text-muted"),
                            spotted_line(guide, game.removed_species),
                        ),
                        classes="end-spotted",
                    )
                    yield Static(actions_line(guide), classes="end-actions")
                    cap = game.caps[guide.seat]
                    with Horizontal(classes="end-row"):
                        yield Static(track_chart("fuel", guide.fuel, cap), classes="end-fuel")
                        yield Static(track_chart("food", guide.food, cap), classes="end-food")
            debug = debug_line(stats)
            if debug:
                yield Static(debug, id="end-debug")

    def _cause(self) -> Content:
        end = self.stats.end
        if end is None:
            return Content("")
        guide = self.session.game.guides[end.seat].title
        parts: list[tuple[str, str] | str] = [
            ("How it ended: ", "bold"),
            f"turn {end.turn}, {guide}: {end.entry_text}.",
        ]
        # The end step's words are the reason above: here only its rule id, in debug mode.
        if end.cause is not None:
            if self.rule_ids:
                parts += [" ", (end.cause.rule, "$accent")]
            parts.append(f" {end.cause.text}")
        if self.rule_ids:
            parts += [" ", (end.end.rule, "bold $accent")]
        parts.append((f"  ({END['cause'].display}: that step on the timeline)", "$text-muted"))
        return Content.assemble(*parts)

    def action_replay(self) -> None:
        """The whole game on the timeline, from its start; Esc comes back here."""
        self.post_message(OpenTimeline(from_start=True))

    def action_cause(self) -> None:
        """The step that ended the game (or the one that brought it about) on the timeline."""
        end = self.stats.end
        self.post_message(OpenTimeline(None if end is None else end.cause_index))
