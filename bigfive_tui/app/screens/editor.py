"""Debug mode's position editor (D-edit): place, move or remove vehicles, tokens and fires; set
tracks, flat tyres, spotted animals, lasting cards, the turn and its phase.

The screen edits the position in the scenario format (scenarios/edit.py) and builds it after
every change with exactly the code of scenario files, so what it refuses, and the words it
says why in, are a scenario file's. The board shows the position while it is possible (else
the last possible one, and the line under it says what is impossible). It dismisses with the
position to play on from, or None; the app keeps the line it leaves as a named save.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.components.key_bar import KeyBar
from bigfive_tui.app.drawing.sizes import choose
from bigfive_tui.app.files.names import Chosen
from bigfive_tui.app.files.positions import check
from bigfive_tui.app.keys.table import editor_bindings
from bigfive_tui.boardmap import Drawing
from bigfive_tui.engine.content import Species
from bigfive_tui.engine.session import Session
from bigfive_tui.engine.state import GameState
from bigfive_tui.scenarios import edit

TOKEN_LABELS = {
    "": "nothing",
    "buffalo": "the buffalo",
    "food": "a food token",
    "monkey": "a monkey (face down)",
}
PHASES = ("draw", "actions")
FLATS: tuple[tuple[bool | str, str], ...] = (
    (False, "no flat tyre"),
    ("new", "flat since this round (repairable from its owner's next turn)"),
    (True, "flat, repairable now"),
)


def token_label(token: str) -> str:
    if token in TOKEN_LABELS:
        return TOKEN_LABELS[token]
    kind, _, face = token.partition(" ")
    article = "an" if kind[0] in "aeiou" else "a"
    return f"{article} {kind} ({'face up' if face == 'up' else 'face down'})"


class EditorScreen(Screen[dict[str, Any] | None]):
    """Dismisses with the edited position to play on from, or None (Esc)."""

    BINDINGS: ClassVar[list[BindingType]] = [*editor_bindings()]

    def __init__(self, session: Session, position: dict[str, Any]) -> None:
        super().__init__()
        self.session = session
        self.position = position
        self.history: list[dict[str, Any]] = []
        self.state: GameState = session.state
        self.problem = ""
        self.cell: int | None = None
        self.drawing: Drawing = "compact"  # set by compose, for the terminal's size

    @property
    def guides(self) -> list[str]:
        return [guide.name.lower() for guide in self.session.game.guides]

    def _fitting_drawing(self) -> Drawing:
        """The largest drawing the terminal holds (the player's choice first)."""
        preferred: Drawing | None = getattr(self.app, "preferred_drawing", None)
        return choose(*self.app.size, preferred) or "compact"

    def compose(self) -> ComposeResult:
        """The board; what is where beside it (large) or under it (normal; the compact layout
        has the board's own line and the dialogs for it); whether the position is possible."""
        self.drawing = drawing = self._fitting_drawing()
        board = BoardView(self.session.game.board, drawing=drawing, id="board")
        with Vertical(id="editor", classes=f"-{drawing}"):
            yield Static(
                Content.assemble(
                    ("Debug mode: editing the position", "bold $accent"),
                    (
                        " — checked as a scenario file is (D-edit); Enter on a space changes it.",
                        "$text-muted",
                    ),
                ),
                id="edit-title",
            )
            with Horizontal(id="edit-top"):
                yield board
                if drawing == "large":
                    yield Static(id="edit-side")
            if drawing != "large":
                with Horizontal(id="edit-info"):
                    yield Static(id="edit-space")
                    yield Static(id="edit-guides")
                    yield Static(id="edit-turn")
            yield Static(id="edit-status")
        yield KeyBar()

    def on_mount(self) -> None:
        self._rebuild()
        board = self.query_one(BoardView)
        board.focus()
        self.cell = board.cursor

    def on_resize(self, event: events.Resize) -> None:
        """Another terminal size: the drawing that fits it, as the game screen does (the
        editor kept the drawing it was opened with, too large after a shrink)."""
        del event
        if self._fitting_drawing() != self.drawing:
            self.call_later(self._switch_drawing)

    async def _switch_drawing(self) -> None:
        drawing = self._fitting_drawing()
        if drawing == self.drawing or not self.is_attached:
            return
        cell = self.cell
        await self.recompose()  # the layout is the drawing's (a side panel when large)
        self._rebuild()
        board = self.query_one(BoardView)
        board.focus()
        if cell is not None:
            board.cursor = cell
        self.cell = board.cursor

    # ------------------------------------------------------------------ the position

    def change(self, edited: dict[str, Any]) -> None:
        """Take an edit: build it; the board follows while it is possible."""
        self.history.append(self.position)
        self.position = edited
        self._rebuild()

    def _rebuild(self) -> None:
        state, problem = check(self.position)
        self.problem = problem
        if state is not None:
            self.state = state
            self.query_one(BoardView).show_state(state)
        status = self.query_one("#edit-status", Static)
        if problem:
            status.update(
                Content.assemble(
                    ("✗ Impossible: ", "bold $error"),
                    problem,
                    (" (the board shows the last possible position; u undoes)", "$text-muted"),
                )
            )
        else:
            status.update(
                Content.assemble(
                    ("✓ A possible position", "bold $success"),
                    (" — a plays on from it, X writes it as a scenario file.", "$text-muted"),
                )
            )
        self._show_side()

    def _show_side(self) -> None:
        space, guides, turn = self._side_parts()
        side = self.query("#edit-side")
        if side:
            side.first(Static).update(Content("\n").join([*space, *guides, *turn]))
            return
        for name, lines in (("space", space), ("guides", guides), ("turn", turn)):
            self.query_one(f"#edit-{name}", Static).update(Content("\n").join(lines))

    def _side_parts(self) -> tuple[list[Content], list[Content], list[Content]]:
        """What is on the space under the cursor; the guides; the turn and lasting cards."""
        position, board = self.position, self.session.game.board
        lines: list[Content] = []
        if self.cell is not None:
            name = board.names[self.cell]
            token = position.get("tokens", {}).get(name, "")
            fires = position.get("fires", {}).get(name, 0)
            here = [
                guide.title
                for guide in self.session.game.guides
                if position["vehicles"][guide.name.lower()].get("at") == name
            ]
            lines += [
                Content.styled(f"Space {name}", "bold $accent"),
                Content(f"token: {token_label(token)}"),
                Content(f"fire markers: {fires}"),
                Content(f"vehicles: {', '.join(here) or 'none'}"),
                Content(""),
            ]
        space, lines = lines, []
        lines.append(Content.styled("Guides", "bold $accent"))
        for guide in self.guides:
            vehicle = position["vehicles"][guide]
            flat = {False: "", "new": " flat(new)", True: " flat"}.get(vehicle.get("flat"), "")
            seen = "".join(s[:2].title() for s in vehicle.get("spotted", []))
            lines.append(
                Content(
                    f"{guide.title():<6}{vehicle.get('at')} fuel {vehicle.get('fuel')} "
                    f"food {vehicle.get('food')}{flat} {seen}"
                )
            )
        guides, lines = lines, []
        turn = position.get("turn", {})
        lines += [
            Content.styled("Turn", "bold $accent"),
            Content(
                f"{turn.get('number', 1)}: {str(turn.get('guide', self.guides[0])).title()}, "
                f"{turn.get('phase', 'draw')}"
                + (
                    f", {turn.get('actions_left')} actions left"
                    if turn.get("phase") == "actions"
                    else ""
                )
            ),
        ]
        cards = position.get("cards", {})
        lying = [
            f"rain: {', '.join(cards.get('rain', [])) or '-'}",
            f"hippos: {', '.join(cards.get('hippos', [])) or '-'}",
            f"broken gates: {', '.join(cards.get('broken_gates', [])) or '-'}",
        ]
        lines += [Content(""), Content.styled("Lasting cards", "bold $accent")]
        lines += [Content(line) for line in lying]
        return space, guides, lines

    # ------------------------------------------------------------------ choosing

    def _ask(
        self, title: str, options: Sequence[str], chosen: Callable[[int], None], prompt: str = ""
    ) -> None:
        from bigfive_tui.app.screens.dialogs import ChoiceDialog

        def done(index: int | None) -> None:
            if index is not None:
                chosen(index)

        self.app.push_screen(ChoiceDialog(title, options, prompt), done)

    @on(BoardView.CursorMoved)
    def _cursor_moved(self, event: BoardView.CursorMoved) -> None:
        event.stop()
        self.cell = event.cell
        self._show_side()

    @on(BoardView.CellClicked)
    def _space(self, event: BoardView.CellClicked) -> None:
        """Enter or a click on a space: what to put on it, or take off it."""
        event.stop()
        self.cell = event.cell
        name = self.session.game.board.names[event.cell]
        fires = int(self.position.get("fires", {}).get(name, 0))
        options: list[tuple[str, Callable[[], None]]] = [
            ("Put a token here, or take it away…", lambda: self._token(name)),
            (
                f"Add a fire marker (now {fires})",
                lambda: self.change(edit.add_fire(self.position, name)),
            ),
        ]
        if fires:
            options.append(
                (
                    "Take away a fire marker",
                    lambda: self.change(edit.add_fire(self.position, name, -1)),
                )
            )
        for guide in self.guides:
            if self.position["vehicles"][guide].get("at") != name:
                options.append(
                    (
                        f"Move {guide.title()}'s vehicle here",
                        lambda guide=guide: self.change(  # type: ignore[misc]
                            edit.move_vehicle(self.position, guide, name)
                        ),
                    )
                )
        self._ask(f"Space {name}", [label for label, _ in options], lambda i: options[i][1]())

    def _token(self, name: str) -> None:
        choices = edit.TOKEN_CHOICES
        self._ask(
            f"On {name}",
            [token_label(token) for token in choices],
            lambda i: self.change(edit.put_token(self.position, name, choices[i])),
            "An animal put here comes from the supply (or the discarded tokens); one taken "
            "away goes to the bottom of the supply.",
        )

    def action_guide(self) -> None:
        guides = self.guides
        self._ask("Which guide?", [g.title() for g in guides], lambda i: self._guide(guides[i]))

    def _guide(self, guide: str) -> None:
        vehicle = self.position["vehicles"][guide]
        seat = self.guides.index(guide)
        cap = self.session.game.caps[seat]
        options: list[tuple[str, Callable[[], None]]] = [
            (f"Fuel: {vehicle.get('fuel')} of {cap}", lambda: self._track(guide, "fuel", cap)),
            (f"Food: {vehicle.get('food')} of {cap}", lambda: self._track(guide, "food", cap)),
            (
                f"Flat tyre: {dict(FLATS).get(vehicle.get('flat', False), 'no')}",
                lambda: self._ask(
                    f"{guide.title()}'s tyres",
                    [label for _, label in FLATS],
                    lambda i: self.change(edit.set_flat(self.position, guide, FLATS[i][0])),
                ),
            ),
            (
                f"Spotted: {', '.join(vehicle.get('spotted', [])) or 'none'}",
                lambda: self._spotted(guide),
            ),
        ]
        self._ask(guide.title(), [label for label, _ in options], lambda i: options[i][1]())

    def _track(self, guide: str, track: str, cap: int) -> None:
        self._ask(
            f"{guide.title()}'s {track}",
            [str(value) for value in range(cap + 1)],
            lambda i: self.change(edit.set_track(self.position, guide, track, i)),
        )

    def _spotted(self, guide: str) -> None:
        seen = list(self.position["vehicles"][guide].get("spotted", []))
        names = [species.name.lower() for species in Species]
        labels = [f"{'✓' if name in seen else '·'} {name}" for name in names]

        def toggle(index: int) -> None:
            name = names[index]
            new = [s for s in seen if s != name] if name in seen else [*seen, name]
            self.change(edit.set_spotted(self.position, guide, new))

        self._ask(f"{guide.title()} has spotted (choose one to change)", labels, toggle)

    def action_turn(self) -> None:
        turn = self.position.get("turn", {})
        number = int(turn.get("number", 1))
        options: list[tuple[str, Callable[[], None]]] = [
            (
                f"Whose turn: {str(turn.get('guide', self.guides[0])).title()}",
                lambda: self._ask(
                    "Whose turn",
                    [g.title() for g in self.guides],
                    lambda i: self.change(edit.set_turn(self.position, guide=self.guides[i])),
                ),
            ),
            (
                f"Phase: {turn.get('phase', 'draw')}",
                lambda: self._ask(
                    "The phase of the turn",
                    ["draw: the event card is still to be drawn", "actions: the card is drawn"],
                    lambda i: self.change(edit.set_turn(self.position, phase=PHASES[i])),
                ),
            ),
            (
                f"Turn number: {number}",
                lambda: self._ask(
                    "The turn's number",
                    [str(n) for n in range(1, number + 21)],
                    lambda i: self.change(edit.set_turn(self.position, number=i + 1)),
                ),
            ),
            (
                f"Actions left: {turn.get('actions_left', 4)} (actions phase)",
                lambda: self._ask(
                    "Actions left",
                    [str(n) for n in range(8)],
                    lambda i: self.change(edit.set_turn(self.position, actions_left=i)),
                ),
            ),
        ]
        if "anna" in self.guides:
            options.append(
                (
                    f"Anna's token: {str(turn.get('anna_token', 'anna')).title()}",
                    lambda: self._ask(
                        "Who holds Anna's extra-action token",
                        [g.title() for g in self.guides],
                        lambda i: self.change(
                            edit.set_turn(self.position, anna_token=self.guides[i])
                        ),
                    ),
                )
            )
        self._ask("The turn", [label for label, _ in options], lambda i: options[i][1]())

    def action_cards(self) -> None:
        cards = self.position.get("cards", {})
        owners = {
            "rain": self.guides,
            "hippos": self.guides,
            "broken_gates": ["west", "east"],
        }
        titles = {"rain": "Heavy rain", "hippos": "Herd of hippos", "broken_gates": "Broken gate"}
        kinds = list(owners)

        def lasting(kind: str) -> None:
            now = list(cards.get(kind, []))
            labels = [f"{'✓' if o in now else '·'} {o}" for o in owners[kind]]

            def toggle(index: int) -> None:
                owner = owners[kind][index]
                new = [o for o in now if o != owner] if owner in now else [*now, owner]
                self.change(edit.set_lasting(self.position, kind, new))

            self._ask(f"{titles[kind]} lies out with (choose one to change)", labels, toggle)

        self._ask(
            "Lasting cards",
            [f"{titles[kind]}: {', '.join(cards.get(kind, [])) or 'none'}" for kind in kinds],
            lambda i: lasting(kinds[i]),
        )

    # ------------------------------------------------------------------ keys

    def action_undo(self) -> None:
        if not self.history:
            self.app.bell()
            return
        self.position = self.history.pop()
        self._rebuild()

    def action_apply(self) -> None:
        if self.problem:
            self.app.bell()
            self.notify(f"Not possible: {self.problem}", severity="warning", markup=False)
            return
        self.dismiss(self.position)

    def action_export_position(self) -> None:
        from bigfive_tui.app.files.names import free_name
        from bigfive_tui.app.files.positions import SCENARIO_SUFFIX, scenarios_dir
        from bigfive_tui.app.screens.dialogs import SaveDialog

        if self.problem:
            self.app.bell()
            self.notify(f"Not possible: {self.problem}", severity="warning", markup=False)
            return

        def named(chosen: Chosen | None) -> None:
            if chosen is not None:
                self._export(chosen)

        turn = self.position.get("turn", {})
        folder = scenarios_dir()
        or_path = "" if self.app.is_web else ", or a path ending in .toml"
        self.app.push_screen(
            SaveDialog(
                free_name(f"edited-turn{turn.get('number', 1)}", folder, SCENARIO_SUFFIX),
                folder=folder,
                suffix=SCENARIO_SUFFIX,
                title="Export the position as a scenario",
                about=f"A name (written among the scenarios in the data folder){or_path}.",
                verb="writes it",
                saves_name=False,
            ),
            named,
        )

    def _export(self, chosen: Chosen) -> None:
        from bigfive_tui.app.files.positions import PositionError, export_position

        try:
            path = export_position(self.position, chosen.path, self.session, replace=chosen.replace)
        except PositionError as problem:
            self.notify(str(problem), severity="error", markup=False)
            return
        self.notify(f"Written to {path}: bigfive scenario run loads it.", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
