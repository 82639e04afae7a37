"""The table beside the board: the event card just drawn, piles, lasting effects, supply."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.widgets import Static

from bigfive_tui.app.describe import lasting_effects
from bigfive_tui.engine.actions import Step
from bigfive_tui.engine.content import FIRE_MARKERS, SPECIES_WITH_THREE, Card
from bigfive_tui.engine.rules import species_discarded
from bigfive_tui.engine.state import GameState


def species_line(state: GameState, species: int) -> Content:
    """``Lion ✗✗·``: one mark per token, ✗ for out of the game; 2 of 3 gone stands out."""
    from bigfive_tui.engine.content import Species

    kind = Species(species)
    name = kind.title.ljust(9)
    if kind in state.game.removed_species:
        return Content.assemble((name, "$text-muted"), ("removed", "$text-muted"))
    gone = species_discarded(state, kind)
    marks = "✗" * gone + "·" * (3 - gone)
    needed = any(not mask & (1 << kind) for mask in state.spotted)
    if gone >= 2 and needed:
        return Content.assemble(
            (name, "bold $error"), (marks, "bold $error"), (" !", "bold $error")
        )
    if not needed:
        return Content.assemble((name, "$text-muted"), (marks, "$text-muted"), (" ok", "$success"))
    return Content.assemble((name, ""), (marks, "bold" if gone else ""))


class TableInfo(Static):
    DEFAULT_CSS = """
    TableInfo { width: 1fr; height: 100%; overflow-y: auto; }
    """

    def show_state(self, state: GameState, card: Card | None, effects: Sequence[Step]) -> None:
        heading = "bold $accent"
        lines: list[Content] = [
            Content.styled(f"Turn {state.turn}", "bold"),
            Content(f"Deck {len(state.deck)} · disc {len(state.discard)}"),
        ]
        if card is None:
            lines.append(Content.styled("Event card", heading))
            lines.append(Content.styled("not drawn yet", "$text-muted"))
        else:
            lines.append(Content.styled(f"Card: {card.name}", heading))
            for step in effects:
                if step.kind in ("roll", "reroll"):
                    continue
                lines.append(Content(step.text))
        lines.append(Content.styled("Lasting", heading))
        effects_now = lasting_effects(state)
        if not effects_now:
            lines.append(Content.styled("none", "$text-muted"))
        lines.extend(Content.styled(text, "$warning") for text in effects_now)
        lines.append(Content.styled("Supply", heading))
        lines.append(Content(f"Fires left {state.fire_supply}/{FIRE_MARKERS}"))
        lines.append(Content(f"Animals left {len(state.animal_supply)}"))
        lines.append(Content.styled("Out of game", heading))
        lines.extend(species_line(state, species) for species in SPECIES_WITH_THREE)
        content = Content("\n").join(lines)
        key = (content.plain, tuple(content.spans))
        if key != getattr(self, "_key", None):  # unchanged: no repaint, no layout
            self._key = key
            self.update(content)
