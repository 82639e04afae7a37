"""Where on the timeline the game is shown: a ruler of the whole game (click it to go there),
the turn, action and step in words, and the rule the step cites, quoted from docs/rules.md."""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.message import Message
from textual.widget import Widget

from bigfive_tui.app.words.rules_text import rule_text
from bigfive_tui.engine.timeline import Timeline, opens_turn


def place_words(timeline: Timeline, moment: int, *, short: bool = False) -> Content:
    """ "Turn 12 · round 3 · Kate ▸ action 3 of 7: move ♣4 ▸ step 2 of 3". The step that hands
    the game on ("Turn 13: Sam.") belongs to the action that ended the turn before, but the
    game it shows is the new turn's: it is named as the new turn beginning. The short form
    ("T12 · r3 · Kate ▸ action 3/7: move ♣4 ▸ step 2/3") is for a bar too narrow for the long
    one, so that the action and the step stay in sight at 80 columns instead of being cut."""
    session = timeline.session
    entry, step, steps = timeline.place(moment)
    current = timeline.step(moment)
    if current is not None and opens_turn(current):
        state = timeline.state(moment)
        if entry < 0:
            part_of = f"setup step {step + 1} of {steps}"
        else:
            ended = session.entries[entry]
            who = session.game.guides[ended.seat].title
            part_of = f"the last step of {who}'s action: {ended.text}"
        return Content.assemble(
            *_turn_words(timeline, state.turn, state.seat, short=short),
            ("  ▸ ", "$text-muted"),
            ("the turn begins", "bold"),
            (f"  ({part_of})", "$text-muted"),
        )
    if entry < 0:
        if timeline.at_start(moment):
            where = "The position the game began from"
        else:
            where = f"Setup ▸ step {_count(step + 1, steps, short)}"
        return Content.styled(where, "bold")
    chosen = session.entries[entry]
    turn_entries = [e for e in session.entries if e.turn == chosen.turn]
    number = turn_entries.index(chosen) + 1
    what = "rig" if chosen.is_rig else "action"
    parts: list[tuple[str, str] | str] = [
        *_turn_words(timeline, chosen.turn, chosen.seat, short=short),
        ("  ▸ ", "$text-muted"),
        f"{what} {_count(number, len(turn_entries), short)}: ",
        (chosen.text, "bold $warning" if chosen.is_rig else "bold"),
    ]
    if steps > 1:
        parts += [("  ▸ ", "$text-muted"), f"step {_count(step + 1, steps, short)}"]
    return Content.assemble(*parts)


def _count(number: int, total: int, short: bool) -> str:
    return f"{number}/{total}" if short else f"{number} of {total}"


def _turn_words(
    timeline: Timeline, turn: int, seat: int, *, short: bool = False
) -> list[tuple[str, str]]:
    """ "Turn 12 · round 3 · Kate" (short: "T12 · r3 · Kate")."""
    game = timeline.session.game
    rounds = (turn - 1) // len(game.guides) + 1
    return [
        (f"T{turn}" if short else f"Turn {turn}", "bold"),
        (f" · r{rounds} · " if short else f" · round {rounds} · ", "$text-muted"),
        (game.guides[seat].title, "bold"),
    ]


class TimelineBar(Widget):
    """Three lines or more: the ruler, the place in words (wrapped when a narrow bar does not
    hold it), the rule (or a notice, wrapped too)."""

    DEFAULT_CSS = """
    TimelineBar { height: auto; min-height: 3; padding: 0 1; background: $boost; }
    """

    class Seek(Message):
        """A click on the ruler: go to that part of the game (0.0 the start, 1.0 the end)."""

        def __init__(self, fraction: float) -> None:
            super().__init__()
            self.fraction = fraction

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._timeline: Timeline | None = None
        self._moment = 0
        self.notice = ""  # said in the rule's line (e.g. that going back is not allowed here)

    def show(self, timeline: Timeline, moment: int) -> None:
        self._timeline, self._moment = timeline, moment
        self.refresh(layout=True)  # the place may take another line

    def _ruler(self, width: int) -> Content:
        timeline = self._timeline
        if timeline is None or width < 10:
            return Content("")
        counter = f" {self._moment + 1}/{len(timeline)}"
        track = width - len(counter) - 2
        last = max(1, timeline.last)
        here = round(self._moment / last * (track - 1))
        turns = {round(start / last * (track - 1)) for start in timeline.round_starts()}
        cells = []
        for column in range(track):
            if column == here:
                cells.append(("●", "bold $accent"))
            elif column < here:
                cells.append(("┿" if column in turns else "━", "$accent"))
            else:
                cells.append(("┼" if column in turns else "─", "$text-muted"))
        return Content.assemble("▕", *cells, "▏", (counter, "$text-muted"))

    def render(self) -> Content:
        timeline = self._timeline
        if timeline is None:
            return Content("")
        width = self.content_size.width
        step = timeline.step(self._moment)
        place = place_words(timeline, self._moment)
        if place.cell_length > width:
            place = place_words(timeline, self._moment, short=True)
        if self.notice:  # in the rule's place until the next move: the widest line
            rule = Content.styled(self.notice, "bold $warning")
        elif step is None:
            rule = Content.styled("Nothing has happened yet: no rule step.", "$text-muted")
        else:
            quoted = rule_text(step.rule) or "(this rule id has no text in docs/rules.md)"
            rule = Content.assemble((f"{step.rule}  ", "bold $accent"), (quoted, "$text-muted"))
        lines = [self._ruler(width)]
        if width < 1:
            return Content("")
        # The place and a notice wrap (each is read whole); the rule's quote is cut, the
        # whole rule is a click or F1 away.
        lines += place.wrap(width)
        if self.notice:
            lines += rule.wrap(width)
        else:
            lines.append(rule.truncate(width, ellipsis=True))
        return Content("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y != 0 or self._timeline is None:
            return
        counter = len(f" {self._moment + 1}/{len(self._timeline)}")
        track = self.content_size.width - counter - 2
        if track > 1 and 1 <= offset.x <= track:
            self.post_message(self.Seek((offset.x - 1) / (track - 1)))
