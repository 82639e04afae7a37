"""Learn to play: a guided first game on a fixed board, one thing at a time. The Big Five's
starts from a scenario position with the cards arranged (the scenario's deck, and debug mode's
rigs as a step's action is played, the log telling them as arranged for the lesson); Photo
Safari's from a shipped set-up (its animals walk by
fixed rules: nothing to arrange). Each step is read in a box, then done on the real game
screen: the right key or click plays it, anything else gets a short friendly word and the step
stays. The rules are the engine's, as in any game; nothing of the tutorial is saved.

The steps are data (assets/tutorial/<game>.toml, bigfive_tui.tutorial.steps); the keys are the
key table's (TUTORIAL_KEYS)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from bigfive_tui.app.components.action_bar import ActionBar
from bigfive_tui.app.keys.table import ACTION_KEYS, BY_NAME, TUTORIAL, TUTORIAL_KEYS
from bigfive_tui.app.messages import GameChanged
from bigfive_tui.app.photo_safari.game import PhotoGameScreen
from bigfive_tui.app.screens.game import GameScreen
from bigfive_tui.app.setups.games import BIG_FIVE, PHOTO_SAFARI
from bigfive_tui.engine.actions import Act, Action, IllegalAction
from bigfive_tui.engine.notation import parse_action
from bigfive_tui.engine.rigging import Rig, parse_rig
from bigfive_tui.engine.session import Session
from bigfive_tui.engine.state import Phase
from bigfive_tui.photo_safari.engine.notation import NotationError, parse_move
from bigfive_tui.photo_safari.engine.session import PhotoSession
from bigfive_tui.tutorial.lesson import lesson_session
from bigfive_tui.tutorial.steps import Tutorial, TutorialError, TutorialStep, shipped_tutorial

if TYPE_CHECKING:
    GuidedBase = Screen[None]
else:
    GuidedBase = object

#: Keys that only look, move the cursor or leave: never a wrong key in the tutorial.
LOOKING_KEYS = frozenset(
    {"up", "down", "left", "right", "h", "j", "k", "l", "n", "p", "enter", "space", "tab"}
    | {"shift+tab", "question_mark", "f1", "B", "plus", "minus", "o", "pageup", "pagedown"}
    | {"ctrl+q", "Q", "ctrl+p", "escape"}
)
#: Keys of the game screens a step may ask for (``key = "v"``): the Big Five's line of sight,
#: Photo Safari's animals' next steps.
SCREEN_KEYS = {BIG_FIVE: frozenset({"v"}), PHOTO_SAFARI: frozenset({"a"})}
#: What ``any`` may name: an action key's name (the Big Five), any camera move (Photo Safari).
ANY_NAMES = {BIG_FIVE: frozenset(BY_NAME), PHOTO_SAFARI: frozenset({"move"})}


def load_big_five_tutorial() -> tuple[Tutorial, Session]:
    """The shipped tutorial and its game; TutorialError naming the file when either is
    broken."""
    from bigfive_tui.app.files.positions import PositionError, import_scenario
    from bigfive_tui.tutorial.steps import tutorial_dir

    tutorial = shipped_tutorial(
        BIG_FIVE, action_keys=ANY_NAMES[BIG_FIVE], screen_keys=SCREEN_KEYS[BIG_FIVE]
    )
    path = tutorial_dir() / tutorial.position
    try:
        session = import_scenario(path)
    except PositionError as problem:
        raise TutorialError(f"{path}: {problem}") from None
    return tutorial, lesson_session(session)


def load_photo_tutorial() -> tuple[Tutorial, PhotoSession]:
    """Photo Safari's tutorial and its game (both cameras played by the player)."""
    from bigfive_tui.app.setups.photo_safari import PhotoSetup
    from bigfive_tui.photo_safari.formats.setup_file import SetupFileError
    from bigfive_tui.tutorial.steps import tutorial_dir

    tutorial = shipped_tutorial(
        PHOTO_SAFARI, action_keys=ANY_NAMES[PHOTO_SAFARI], screen_keys=SCREEN_KEYS[PHOTO_SAFARI]
    )
    try:
        session = PhotoSetup(computer=(False, False), setup=tutorial.position).session()
    except SetupFileError as problem:
        raise TutorialError(f"{tutorial_dir() / (PHOTO_SAFARI + '.toml')}: {problem}") from None
    return tutorial, session


def tutorial_screen(game: str) -> Screen[None]:
    """A new tutorial of ``game``; TutorialError when its files are broken."""
    if game == PHOTO_SAFARI:
        photo, photo_session = load_photo_tutorial()
        return PhotoTutorialScreen(photo, photo_session)
    tutorial, session = load_big_five_tutorial()
    return TutorialScreen(tutorial, session)


def open_tutorial(app: App[None], game: str) -> None:
    """Learn to play ``game`` over whatever is on screen; a broken steps file is told, naming
    the file and the step, and nothing else changes."""
    try:
        screen = tutorial_screen(game)
    except TutorialError as problem:
        app.notify(str(problem), title="Learn to play", severity="error", markup=False, timeout=12)
        return
    app.push_screen(screen)


class StepCard(ModalScreen[str]):
    """One step of the tutorial, to read: Enter goes on (to do it, or to the next step), Esc
    leaves the tutorial, Home starts it again."""

    DEFAULT_CSS = """
    StepCard { align: center bottom; background: $background 30%; }
    StepCard > #step-card {
        width: 100%; max-width: 100; height: auto; max-height: 100%;
        border: round $accent; background: $panel; padding: 0 1;
    }
    StepCard #step-title { text-style: bold; color: $accent; }
    StepCard #step-keys { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(entry.key, entry.action, entry.label, key_display=entry.display)
            for entry in TUTORIAL_KEYS
            if entry.action in ("go", "leave", "restart")
        ),
        Binding("space", "go", TUTORIAL["go"].label, show=False),
    ]

    def __init__(self, heading: str, text: str, keys: str) -> None:
        super().__init__()
        self.heading = heading
        self.text = text
        self.keys = keys

    def compose(self) -> ComposeResult:
        with Vertical(id="step-card"):
            yield Static(self.heading, id="step-title", markup=False)
            yield Static(" ".join(self.text.split()), id="step-text", markup=False)
            yield Static(self.keys, id="step-keys", markup=False)

    def on_click(self, event: events.Click) -> None:
        self.action_go()

    def action_go(self) -> None:
        if self.is_active:
            self.dismiss("go")

    def action_leave(self) -> None:
        if self.is_active:
            self.dismiss("leave")

    def action_restart(self) -> None:
        if self.is_active:
            self.dismiss("restart")


class Guided(GuidedBase):
    """The tutorial's part of a game screen, either game's: the steps one at a time, their
    boxes, the friendly word, leaving and starting again. The screen says what a step's move
    is (:meth:`_prepare`), which keys do it (:meth:`_step_keys`) and where the word goes
    (:meth:`_say`)."""

    game_name: ClassVar[str] = BIG_FIVE
    tutorial: Tutorial
    index: int
    _step_done: bool
    _dialog_open: bool

    def _guided_init(self, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        self.index = -1
        self._step_done = False

    @property
    def step(self) -> TutorialStep | None:
        steps = self.tutorial.steps
        return steps[self.index] if 0 <= self.index < len(steps) else None

    # Each game's tutorial screen (TutorialScreen, PhotoTutorialScreen below) provides these
    # three, as each game's screen provides PlayScreen's (screens/base.py).

    def _prepare(self, step: TutorialStep) -> None:
        """Make ready for ``step`` (rigs, its move); ValueError if it cannot be played."""
        raise NotImplementedError

    def _step_keys(self, step: TutorialStep) -> set[str]:
        """The keys that do ``step``'s move on this game's screen."""
        raise NotImplementedError

    def _say(self, content: Content) -> None:
        """Show the friendly word where this game's screen shows its answers."""
        raise NotImplementedError

    if TYPE_CHECKING:  # the game screen's own, which comes after this part

        def _open(self, screen: Screen[Any], callback: Callable[[Any], None]) -> None: ...

        def refresh_view(self) -> None: ...

    def _begin(self, index: int) -> None:
        self.index = index
        self._step_done = False
        step = self.step
        if step is None:
            self._finish()
            return
        try:
            self._prepare(step)
        except (IllegalAction, ValueError) as problem:
            self.app.notify(
                f"The tutorial's step {index + 1} ({step.title}) cannot be played: {problem}",
                title="Learn to play",
                severity="error",
                markup=False,
            )
            self.app.pop_screen()
            return
        self.refresh_view()
        self._show_step()

    def _show_step(self) -> None:
        step = self.step
        if step is None:
            return
        total = len(self.tutorial.steps)
        go = "Enter: go on" if step.kind == "read" else "Enter: try it"
        keys = f"{go} · Esc: leave the tutorial · Home: start it again"
        if step.task:
            keys = f"→ {step.task}\n{keys}"
        card = StepCard(f"{self.index + 1}/{total} · {step.title}", step.text, keys)
        self._open(card, self._card_closed)

    def _card_closed(self, choice: str | None) -> None:
        if choice == "leave":
            self.leave()
        elif choice == "restart":
            self.restart()
        else:
            step = self.step
            if step is not None and step.kind == "read":
                self._begin(self.index + 1)
            else:
                self.refresh_view()

    def _won(self) -> bool:
        """Whether the lesson's game was won: the last card says so only then (Photo Safari's
        ten steps end with no camera holding all ten photos, and its card said "The safari is
        won!")."""
        return False

    def _finish(self) -> None:
        heading = "The safari is won!" if self._won() else "The end of the tutorial"
        card = StepCard(
            heading,
            self.tutorial.finish,
            "Enter: set up a first real game · Home: the tutorial again · Esc: leave",
        )
        self._open(card, self._finish_closed)

    def _finish_closed(self, choice: str | None) -> None:
        if choice == "restart":
            self.restart()
            return
        self.leave(first_game=choice == "go")

    def leave(self, *, first_game: bool = False) -> None:
        """Back to where the tutorial was opened; ``first_game``: to the new-game screen, set
        for a first game (Enter starts it)."""
        app = self.app
        app.pop_screen()
        if first_game:
            app.call_later(app.run_action, "new_game")
        else:
            app.notify(
                f"Learn to play ({TUTORIAL['learn'].display}) starts the tutorial again.",
                timeout=4,
            )

    def _ask_to_leave(self) -> None:
        """Esc with nothing to cancel: leave, once the player says so (an Esc too many after
        a cancelled target must not end the lesson)."""
        from bigfive_tui.app.screens.dialogs import ConfirmDialog

        def answered(leave: bool | None) -> None:
            if leave:
                self.leave()
            else:
                self.refresh_view()

        self._open(
            ConfirmDialog(
                f"Leave Learn to play? {TUTORIAL['learn'].display} on the new-game screen "
                "starts it again.",
                yes="Leave",
                no="Stay",
            ),
            answered,
        )

    def restart(self) -> None:
        app = self.app
        app.pop_screen()
        open_tutorial(app, self.game_name)

    def action_step_again(self) -> None:
        if self.step is not None and not self._dialog_open:
            self._show_step()

    def _guided_flow(self) -> None:
        """No hand-over boxes, no computer, no end screen: the next step once this one is
        done and its dialogs (the card drawn) are closed."""
        if self._dialog_open or not self.is_current or self.index < 0:
            return
        if self._step_done:
            self._begin(self.index + 1)

    def on_game_changed(self, event: GameChanged) -> None:
        """The tutorial's game is never autosaved: the player's own game stays as it was."""
        event.stop()

    def _friendly(self, first: str) -> None:
        step = self.step
        task = step.task if step is not None else ""
        again = TUTORIAL["again"].display
        self._say(Content.assemble((first, "bold"), f" {task} ({again}: the step again)"))

    def _guided_key(self, event: events.Key, can_cancel: bool) -> None:
        """A key on the game screen: the step's own, a key that only looks, Enter after a
        key step, Esc (leave, asking first) — or else the friendly word, the key unused."""
        step = self.step
        if step is None or self._dialog_open:
            return
        key = event.key
        if key == "escape" and not can_cancel:
            event.stop()
            event.prevent_default()
            self._ask_to_leave()
            return
        if self._step_done and step.kind == "key":
            if key in ("enter", "space"):  # seen what the key showed: on to the next step
                event.stop()
                event.prevent_default()
                self._guided_flow()
                return
        elif key == TUTORIAL["again"].key or key in self._step_keys(step):
            if step.kind == "key" and key == step.key:
                self._step_done = True
            return
        if key in LOOKING_KEYS:
            return
        event.stop()
        event.prevent_default()
        self._friendly("Not that key just now.")

    def _task_prompt(self) -> Content | None:
        step = self.step
        if step is not None and step.task and not self._step_done:
            return Content.assemble(
                (f"{self.index + 1}/{len(self.tutorial.steps)} ", "bold"), (step.task, "bold")
            )
        return None


KEY_SHOWN = Content.assemble(
    ("Well done: ", "bold"), "look at what the board shows now; Enter goes on."
)


class TutorialScreen(Guided, GameScreen):
    """The Big Five's game screen, taking the player through the tutorial's steps."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(TUTORIAL["again"].key, "step_again", TUTORIAL["again"].label),
    ]

    def __init__(self, tutorial: Tutorial, session: Session) -> None:
        super().__init__(session, card_pause=True)
        self._guided_init(tutorial)
        self._expected: Action | None = None
        self._rigs_due: list[Rig] = []

    def on_mount(self) -> None:
        super().on_mount()
        self.call_after_refresh(self._begin, 0)

    def _prepare(self, step: TutorialStep) -> None:
        self._rigs_due = [parse_rig(self.state, rig) for rig in step.rigs]
        self._expected = (
            parse_action(self.state.game, step.act, self.state.seat) if step.act else None
        )

    def _won(self) -> bool:
        return self.state.outcome == "won"

    def _say(self, content: Content) -> None:
        self.query_one(ActionBar).prompt(content, warning=True)

    def _continue_flow(self) -> None:
        """The influence box opens as in any game (its choice finishes the influence step);
        otherwise the next step once this one is done."""
        if self.state.phase == Phase.INFLUENCE:
            if not self._dialog_open and self.is_current:
                self._ask_influence()
            return
        self._guided_flow()

    def play(self, action: Action, reason: str = "") -> bool:
        if action.kind == Act.CHOOSE_DISCARD:  # the influence box: either card will do
            return super().play(action, reason)
        step = self.step
        if step is None or self._step_done:
            return False
        if not self._wanted(step, action):
            self._leave_modes()
            self.refresh_view()
            self._friendly(f"Not that one: {self.session.describe(action)} is not this step.")
            return False
        self._step_done = True
        self._arrange()
        if not super().play(action, reason):
            self._step_done = False
            return False
        return True

    def _arrange(self) -> None:
        """The step's rigs, made just before its action: a roll arranged earlier would wait
        beside the board as debug mode's ("rig: roll ♠2") while the player reads the step."""
        rigs, self._rigs_due = self._rigs_due, []
        for rig in rigs:
            self.session.rig(rig)

    def _wanted(self, step: TutorialStep, action: Action) -> bool:
        if step.kind == "act":
            return action == self._expected
        if step.kind == "any":
            return action.kind in BY_NAME[step.any].kinds
        return False

    def _step_keys(self, step: TutorialStep) -> set[str]:
        if step.kind == "key":
            return {step.key}
        if step.kind == "any":
            return {BY_NAME[step.any].key}
        if step.kind == "act" and self._expected is not None:
            return {entry.key for entry in ACTION_KEYS if self._expected.kind in entry.kinds}
        return set()

    def on_key(self, event: events.Key) -> None:
        self._guided_key(event, bool(self.check_action("cancel", ())))

    def action_sight(self) -> None:
        """Line of sight stays until Enter when a step asked for it: the player looks first."""
        super().action_sight()
        step = self.step
        if self._step_done and step is not None and step.kind == "key" and self._sight:
            self.query_one(ActionBar).prompt(KEY_SHOWN)

    def _default_prompt(self, legal: list[Action] | None = None) -> Content:  # type: ignore[override]
        return self._task_prompt() or super()._default_prompt(legal)


class PhotoTutorialScreen(Guided, PhotoGameScreen):
    """Photo Safari's game screen, taking the player through its tutorial's steps (both
    cameras the player's)."""

    game_name = PHOTO_SAFARI
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(TUTORIAL["again"].key, "step_again", TUTORIAL["again"].label),
    ]

    def __init__(self, tutorial: Tutorial, session: PhotoSession) -> None:
        super().__init__(session, computer_delay=0.0)
        self._guided_init(tutorial)
        self._expected_square: int | None = None

    def on_mount(self) -> None:
        super().on_mount()
        self.call_after_refresh(self._begin, 0)

    def _prepare(self, step: TutorialStep) -> None:
        try:
            self._expected_square = parse_move(self.state, step.act) if step.act else None
        except NotationError as problem:
            raise ValueError(str(problem)) from None
        if self._expected_square is not None and (
            self._expected_square not in self.session.legal_actions()
        ):
            raise ValueError(f"{step.act} is not a legal move here")

    def _say(self, content: Content) -> None:
        self.query_one("#photo-prompt", Static).update(content)

    def _continue_flow(self) -> None:
        self._guided_flow()

    def play(self, square: int, reason: str = "") -> bool:
        step = self.step
        if step is None or self._step_done or step.kind not in ("act", "any"):
            if step is not None and not self._step_done:
                self._friendly("Not a move just now.")
            return False
        if step.kind == "act" and square != self._expected_square:
            self._friendly(f"Not that one: {self.session.describe(square)} is not this step.")
            return False
        self._step_done = True
        if not super().play(square, reason):
            self._step_done = False
            return False
        return True

    def _step_keys(self, step: TutorialStep) -> set[str]:
        if step.kind == "key":
            return {step.key}
        if step.kind == "act" and self._expected_square == self.state.camera[self.state.seat]:
            return {"s"}  # stay
        return set()

    def on_key(self, event: events.Key) -> None:
        self._guided_key(event, self._preview)

    def action_preview(self) -> None:
        super().action_preview()
        step = self.step
        if self._step_done and step is not None and step.kind == "key" and self._preview:
            self._say(KEY_SHOWN)

    def _prompt(self) -> Content:
        return self._task_prompt() or super()._prompt()
