"""Learn to play (docs/tutorial.md): the whole tutorial played through Pilot at 80 x 24 and
120 x 36 as a newcomer would, by the keys each step asks for; a wrong key gets a friendly word
and the step stays; a broken steps file is told, naming the file and the step."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from test_app_support import make_app, showing, wait_until
from textual.pilot import Pilot
from textual.widgets import Button

from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.photo_safari.board import PhotoBoard
from bigfive_tui.app.photo_safari.new_game import PhotoNewGameScreen
from bigfive_tui.app.screens.dialogs import CardScreen, ChoiceDialog, ConfirmDialog, ExchangeDialog
from bigfive_tui.app.screens.new_game import NewGameScreen
from bigfive_tui.app.setups.games import BIG_FIVE, PHOTO_SAFARI
from bigfive_tui.app.tutorial.screens import (
    ANY_NAMES,
    SCREEN_KEYS,
    PhotoTutorialScreen,
    StepCard,
    TutorialScreen,
    load_big_five_tutorial,
    load_photo_tutorial,
)
from bigfive_tui.engine.pieces import Feature
from bigfive_tui.tutorial.steps import TutorialError, TutorialStep, load_tutorial, tutorial_dir

SIZES = [(80, 24), (120, 36)]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of the test's own: another test's autosave (or another process's lock
    on it) would put an offer and a notice on the new-game screen and move its buttons."""
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def tutorial_screen(app: BigFiveApp) -> TutorialScreen:
    for screen in app.screen_stack:
        if isinstance(screen, TutorialScreen):
            return screen
    raise AssertionError("no tutorial on screen")


async def open_tutorial(pilot: Pilot[None], app: BigFiveApp) -> TutorialScreen:
    await wait_until(pilot, lambda: showing(app, NewGameScreen))
    await pilot.press("f2")
    await wait_until(pilot, lambda: showing(app, StepCard))
    return tutorial_screen(app)


async def open_step(
    pilot: Pilot[None], app: BigFiveApp, tutorial: TutorialScreen | PhotoTutorialScreen
) -> TutorialStep | None:
    """Enter on the step's box: None when that was the whole step (one to read), else the
    step, its screen back on top for its move."""
    index = tutorial.index
    step = tutorial.step
    assert step is not None
    await pilot.press("enter")  # the step's box
    if step.kind == "read":
        await wait_until(pilot, lambda: tutorial.index != index)
        return None
    await wait_until(pilot, lambda: app.screen is tutorial)
    return step


async def do_step(pilot: Pilot[None], app: BigFiveApp, tutorial: TutorialScreen) -> None:
    """The step on show, done as its box says: Enter on the box, then its key and whatever
    the game asks after it (the cursor to the target, the card, a confirmation)."""
    index = tutorial.index
    step = await open_step(pilot, app, tutorial)
    if step is None:
        return
    (key,) = tutorial._step_keys(step)
    await pilot.press(key)
    if step.kind == "key":
        await pilot.pause()
        await pilot.press("enter")  # seen what the key shows
    for _ in range(40):
        await pilot.pause()
        if tutorial.index != index or (
            tutorial._step_done and tutorial.index == len(tutorial.tutorial.steps)
        ):
            break
        top = app.screen
        if isinstance(top, CardScreen):
            await pilot.press("space")
        elif isinstance(top, ConfirmDialog | ExchangeDialog | ChoiceDialog):
            await pilot.press("enter")  # the influence box: its first card
        elif top is tutorial and tutorial._pending is not None:
            cell = tutorial._cell_of(tutorial._expected)  # type: ignore[arg-type]
            board = tutorial.query_one(BoardView)
            for _ in range(12):
                if board.cursor == cell:
                    break
                await pilot.press("n")
            await pilot.press("enter")
    await wait_until(pilot, lambda: tutorial.index != index)


@pytest.mark.parametrize("size", SIZES)
async def test_the_whole_tutorial_plays_through_to_a_won_safari_and_a_first_game(
    size: tuple[int, int],
) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        tutorial = await open_tutorial(pilot, app)
        steps = len(tutorial.tutorial.steps)
        while tutorial.index < steps:
            await wait_until(pilot, lambda: showing(app, StepCard))
            assert not tutorial.state.rigged_dice  # no roll waits beside the board as a rig
            await do_step(pilot, app, tutorial)
        assert tutorial.state.outcome == "won"
        log = [step.text for step in tutorial.session.log]
        assert [text for text in log if "debug" in text.lower() or "rigged" in text.lower()] == []
        assert sum("(arranged for the lesson)" in text for text in log) == 2  # fire, food
        assert any("looks at the top two cards" in text for text in log)  # the influence box
        await wait_until(pilot, lambda: showing(app, StepCard))
        assert "won" in str(app.screen.query_one("#step-title").render())
        await pilot.press("enter")  # a first real game
        await wait_until(pilot, lambda: showing(app, NewGameScreen))
        assert app.session is None  # the tutorial's game was never the game in play


@pytest.mark.parametrize("size", SIZES)
async def test_the_board_step_points_at_the_line_that_names_the_cursor_s_space(
    size: tuple[int, int],
) -> None:
    """Played at 80 x 24: "the line under the board says what is on the space" sent the eye
    under the board, where the action keys are; the line is the board's top line."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        tutorial = await open_tutorial(pilot, app)
        await do_step(pilot, app, tutorial)  # Welcome
        step = tutorial.step
        assert step is not None and step.title == "The board"
        assert "under the board" not in step.text and "above the board" in step.text
        board = tutorial.query_one(BoardView)
        assert board.cursor is not None
        top = "".join(segment.text for segment in board.render_line(0))
        assert top.strip().startswith(board.describe(board.cursor)[:12])


async def test_a_wrong_key_gets_a_friendly_word_and_the_step_stays() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        tutorial = await open_tutorial(pilot, app)
        while tutorial.step is not None and tutorial.step.kind != "act":
            await do_step(pilot, app, tutorial)
            await wait_until(pilot, lambda: showing(app, StepCard))
        index = tutorial.index
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is tutorial)
        await pilot.press("m")  # the step asks for D (draw)
        await pilot.pause()
        prompt = str(tutorial.query_one("#prompt").render())
        assert "Not that key just now" in prompt
        assert tutorial.index == index and tutorial.state.phase.name == "DRAW"
        await pilot.press("escape")  # hides the line of sight the step before showed
        await pilot.pause()
        assert app.screen is tutorial and not tutorial._sight
        await pilot.press("escape")  # nothing to cancel: asks first
        await wait_until(pilot, lambda: showing(app, ConfirmDialog))
        await pilot.press("n")  # stays
        await wait_until(pilot, lambda: app.screen is tutorial)
        assert tutorial.index == index
        await pilot.press("c")  # the step's box again
        await wait_until(pilot, lambda: showing(app, StepCard))
        await pilot.press("escape")  # leaves the tutorial
        await wait_until(pilot, lambda: showing(app, NewGameScreen))


async def test_a_wrong_target_is_not_played_and_the_step_stays() -> None:
    app = make_app()
    async with app.run_test(size=(120, 36)) as pilot:
        tutorial = await open_tutorial(pilot, app)
        while tutorial.step is not None and tutorial.step.act != "move ♣4":
            await do_step(pilot, app, tutorial)
            await wait_until(pilot, lambda: showing(app, StepCard))
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is tutorial)
        before = tutorial.state
        expected = tutorial._expected
        assert expected is not None
        wrong = next(a for a in tutorial.legal() if a.kind == expected.kind and a != expected)
        assert not tutorial.play(wrong)
        assert tutorial.state is before
        assert "Not that one" in str(tutorial.query_one("#prompt").render())


async def test_esc_leaves_and_home_starts_again() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        tutorial = await open_tutorial(pilot, app)
        await do_step(pilot, app, tutorial)
        await wait_until(pilot, lambda: showing(app, StepCard))
        await pilot.press("home")
        await wait_until(
            pilot, lambda: tutorial_screen(app) is not tutorial and isinstance(app.screen, StepCard)
        )
        assert tutorial_screen(app).index == 0
        await pilot.press("escape")
        await wait_until(pilot, lambda: showing(app, NewGameScreen))


def test_the_edges_step_says_the_bush_under_one_space_is_above_the_next() -> None:
    """Issue 27 (H1 of docs/playtest-80x24.md): a bush under a space's name was read as that
    space's edge alone, not also the edge above the space below. The lesson's bush is such an
    edge, and the step says so of the spaces it lies between."""
    tutorial, session = load_big_five_tutorial()
    step = next(step for step in tutorial.steps if step.title == "The edges between spaces")
    board = session.state.game.board
    upper, lower = board.names.index("♣1"), board.names.index("♣3")
    south = 3
    assert board.neighbours[upper][south] == lower
    assert board.features[upper][south] == Feature.BUSH
    assert "the # under ♣1 is the edge above ♣3" in " ".join(step.text.split())


def test_the_shipped_tutorial_loads_and_its_position_builds() -> None:
    tutorial, session = load_big_five_tutorial()
    assert tutorial.steps and session.state.phase.name == "DRAW"


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("title = 'x'\n", "steps"),
        (
            "title='t'\ngame='big-five'\nposition='p'\nfinish='f'\n[[steps]]\ntitle='Moving'\n"
            "text='t'\nact='move ♣4'\n",
            "step 1 (Moving): a step to do needs its task",
        ),
        (
            "title='t'\ngame='big-five'\nposition='p'\nfinish='f'\n[[steps]]\ntitle='One'\n"
            "text='t'\n[[steps]]\ntitle='Two'\ntext='t'\ntask='x'\nkey='zz'\n",
            "step 2 (Two): key: Value error, 'zz' is not one of v",
        ),
        (
            "title='t'\ngame='big-five'\nposition='p'\nfinish='f'\n[[steps]]\ntitle='One'\n"
            "text='t'\nwhat='x'\n",
            "step 1 (One): what: Extra inputs are not permitted",
        ),
        ("title = [", "big-five.toml"),
    ],
)
def test_a_broken_steps_file_is_told_naming_the_file_and_the_step(
    tmp_path: Path, text: str, wanted: str
) -> None:
    path = tmp_path / "big-five.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TutorialError) as problem:
        load_tutorial(path, action_keys=ANY_NAMES[BIG_FIVE], screen_keys=SCREEN_KEYS[BIG_FIVE])
    assert str(path) in str(problem.value) and wanted in str(problem.value)


def test_the_steps_files_are_shipped() -> None:
    assert (tutorial_dir() / "big-five.toml").is_file()
    assert (tutorial_dir() / "photo-safari.toml").is_file()


async def do_photo_step(pilot: Pilot[None], app: BigFiveApp, tutorial: PhotoTutorialScreen) -> None:
    index = tutorial.index
    step = await open_step(pilot, app, tutorial)
    if step is None:
        return
    if step.kind == "key":
        await pilot.press(step.key)
        await pilot.pause()
        await pilot.press("enter")  # seen what the key shows
    elif tutorial._step_keys(step) == {"s"}:
        await pilot.press("s")
    else:
        board = tutorial.query_one(PhotoBoard)
        target = tutorial._expected_square
        if target is not None:
            board.cursor = target  # where the arrows would take it
        await pilot.press("enter")
    await wait_until(pilot, lambda: tutorial.index != index)


@pytest.mark.parametrize("size", SIZES)
async def test_photo_safari_s_tutorial_plays_through_from_its_new_game_screen(
    size: tuple[int, int],
) -> None:
    app = make_app(game=PHOTO_SAFARI)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: showing(app, PhotoNewGameScreen))
        await pilot.press("f2")
        await wait_until(pilot, lambda: showing(app, StepCard))
        tutorial = next(s for s in app.screen_stack if isinstance(s, PhotoTutorialScreen))
        photos = tutorial.state.photos
        while tutorial.index < len(tutorial.tutorial.steps):
            await wait_until(pilot, lambda: showing(app, StepCard))
            await do_photo_step(pilot, app, tutorial)
        assert tutorial.state.photos != photos and tutorial.state.photos[0] & 257 == 257
        await wait_until(pilot, lambda: showing(app, StepCard))
        # No camera has all ten photos: played at 80 x 24, "The safari is won!" was read as a win.
        title = str(app.screen.query_one("#step-title").render())
        assert "won" not in title and "end of the tutorial" in title, title
        await pilot.press("enter")  # a first real game
        await wait_until(pilot, lambda: showing(app, PhotoNewGameScreen))
        assert app.session is None


async def test_photo_safari_s_tutorial_refuses_another_square_kindly() -> None:
    app = make_app(game=PHOTO_SAFARI)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: showing(app, PhotoNewGameScreen))
        await pilot.press("G")  # the second key of Learn to play
        await wait_until(pilot, lambda: showing(app, StepCard))
        tutorial = next(s for s in app.screen_stack if isinstance(s, PhotoTutorialScreen))
        while tutorial.step is not None and tutorial.step.kind != "act":
            await do_photo_step(pilot, app, tutorial)
            await wait_until(pilot, lambda: showing(app, StepCard))
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is tutorial)
        state = tutorial.state
        other = next(s for s in tutorial.session.legal_actions() if s != tutorial._expected_square)
        assert not tutorial.play(other)
        assert tutorial.state is state
        assert "Not that one" in str(tutorial.query_one("#photo-prompt").render())
        await pilot.press("x")
        await pilot.pause()
        assert "Not that key just now" in str(tutorial.query_one("#photo-prompt").render())


def test_the_photo_tutorial_loads() -> None:
    tutorial, session = load_photo_tutorial()
    assert tutorial.game == PHOTO_SAFARI and not session.computer_seats


def test_docs_tutorial_lists_every_step_of_both_games() -> None:
    text = (Path(__file__).parent.parent / "docs" / "tutorial.md").read_text(encoding="utf-8")
    big_five = text[: text.index("## The steps (Photo Safari)")]
    photo = text[text.index("## The steps (Photo Safari)") :]
    for tutorial, part in (
        (load_big_five_tutorial()[0], big_five),
        (load_photo_tutorial()[0], photo),
    ):
        for number, step in enumerate(tutorial.steps, 1):
            assert f"| {number} | {step.title} |" in part


def test_the_lesson_tells_its_arranged_cards_and_rolls_as_arranged_for_the_lesson() -> None:
    """The engine's log says "rigged in debug mode"; a newcomer knows no debug mode."""
    _, session = load_big_five_tutorial()
    rigged = session.rig_text("rig card Fire") + session.rig_text("rig roll ♠2")
    drawn = session.play_text("draw")
    texts = [step.text for step in (*rigged, *drawn)]
    assert texts[:2] == [
        "For the lesson: the next event card is arranged: Fire.",
        "For the lesson: the next roll is arranged to be ♠2.",
    ]
    assert "Kate draws: Fire (arranged for the lesson)." in texts
    assert any(text.startswith("Rolled ♠2 (arranged for the lesson) for ") for text in texts)
    assert [step.text for step in session.log[-len(texts) :]] == texts
    assert not any("debug" in text.lower() or "rigged" in text for text in texts)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", [BIG_FIVE, PHOTO_SAFARI])
async def test_each_new_game_screen_has_a_learn_to_play_button_beside_the_others(
    game: str, size: tuple[int, int]
) -> None:
    """Findable without knowing F2: a button in the row, whole, none of the others cut (at 80
    columns Quit is on the key bar, as before); a click on it opens the tutorial."""
    app = make_app(game=game)
    new_game = PhotoNewGameScreen if game == PHOTO_SAFARI else NewGameScreen
    width, height = size
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: showing(app, new_game))
        await pilot.pause()
        for name in ("start", "learn", "load", "rules"):
            button = app.screen.query_one(f"#{name}", Button)
            label = str(button.label)
            region = button.region
            assert button.display and region.width >= cell_len(label), (name, label, region)
            assert region.x >= 0 and region.right <= width and region.bottom < height, name
        assert str(app.screen.query_one("#learn", Button).label) == "Learn to play (F2)"
        await pilot.click("#learn")
        await wait_until(pilot, lambda: showing(app, StepCard))
