"""The whole game as a timeline (T, the log, the end screen, ``bigfive replay``): moving along it
shows the board, the player boards, the table and the log as they were; the log is a way in;
"play from here" keeps the line it leaves (D-branch)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from test_app_support import (
    SIZE,
    at_the_game,
    make_app,
    on_top,
    played_session,
    showing,
    wait_until,
)
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input

from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.components.game_log import GameLog
from bigfive_tui.app.components.player_board import PlayerBoard
from bigfive_tui.app.components.step_views import StepList, StepTail
from bigfive_tui.app.components.table_info import TableInfo
from bigfive_tui.app.components.timeline_bar import TimelineBar, place_words
from bigfive_tui.app.files import saves
from bigfive_tui.app.files.positions import position_of
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.screens.dialogs import HandOverScreen, SaveDialog
from bigfive_tui.app.screens.end import EndScreen
from bigfive_tui.app.screens.game import GameScreen
from bigfive_tui.app.screens.log import LogScreen
from bigfive_tui.app.screens.timeline import TimelineScreen
from bigfive_tui.engine.actions import Act
from bigfive_tui.engine.content import Guide
from bigfive_tui.engine.session import Session
from bigfive_tui.engine.state import GameState, Phase
from bigfive_tui.engine.timeline import Timeline
from bigfive_tui.formats.replay import record_of


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def played(actions: int = 60, seed: int = 11) -> Session:
    return played_session(actions, seed)


async def open_timeline(pilot: Pilot[None], app: BigFiveApp) -> TimelineScreen:
    await at_the_game(pilot, app)
    await pilot.press("T")
    await wait_until(pilot, lambda: showing(app, TimelineScreen))
    screen = app.screen
    assert isinstance(screen, TimelineScreen)
    return screen


def shown_state(screen: Screen[Any]) -> GameState | None:
    return screen.query_one(BoardView)._state


def assert_shows(screen: TimelineScreen, moment: int) -> None:
    """Board, player boards, table and log as they were right after the moment's step."""
    timeline = screen.timeline
    state = timeline.state(moment)
    assert screen.moment == moment
    assert shown_state(screen) == state
    for board in screen.query(PlayerBoard):
        assert board._state == state
    table = str(screen.query_one(TableInfo).render())
    assert f"Deck {len(state.deck)}" in table
    assert re.search(rf"Disc(ard)? {len(state.discard)}\b", table)  # the large table's word
    tail = screen.query_one(StepTail)
    assert tail._upto == moment - timeline.offset
    step = timeline.step(moment)
    bar = str(screen.query_one(TimelineBar).render())
    if step is not None:
        assert step.rule in bar


async def test_the_timeline_moves_by_step_action_and_turn_and_shows_the_game_as_it_was() -> None:
    session = played()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_timeline(pilot, app)
        timeline = screen.timeline
        assert screen.moment == timeline.last  # opens at the game as it stands
        assert shown_state(screen) == session.state
        await pilot.press("home")
        assert_shows(screen, 0)
        assert "Setup ▸ step 1 of" in str(screen.query_one(TimelineBar).render())
        await pilot.press("right", "right")
        assert_shows(screen, 2)
        await pilot.press("left")
        assert_shows(screen, 1)
        await pilot.press("right_square_bracket")  # the first turn begins
        first_turn = timeline.turn_starts[0]
        assert_shows(screen, first_turn)
        assert shown_state(screen) == session.start
        await pilot.press("right_square_bracket")
        assert_shows(screen, timeline.turn_starts[1])
        await pilot.press("down")  # the next action: its first step
        entry = timeline.place(screen.moment).entry
        assert screen.moment == timeline.entry_start(entry)
        assert_shows(screen, screen.moment)
        await pilot.press("down", "down", "up")
        assert screen.moment == timeline.entry_start(entry + 1)
        await pilot.press("left_square_bracket")
        assert_shows(screen, timeline.turn_starts[1])
        await pilot.press("end")
        assert_shows(screen, timeline.last)
        await pilot.press("escape")
        await wait_until(pilot, lambda: showing(app, GameScreen))
        assert session.state == shown_state(on_top(app, GameScreen))  # the live game, untouched


async def test_jumping_anywhere_matches_a_replay_from_the_start() -> None:
    session = played(90, seed=23)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_timeline(pilot, app)
        timeline = screen.timeline
        for moment in random.Random(5).sample(range(len(timeline)), 12):
            screen.go_to(moment)
            await pilot.pause()
            place = timeline.place(moment)
            replayed = Session(session.game, session.start_cells)
            for entry in session.entries[: max(place.entry, 0)]:
                replayed.play(entry.move)  # type: ignore[arg-type]
            if place.entry >= 0:
                _, states = replayed.play_recorded(session.entries[place.entry].move)  # type: ignore[arg-type]
                assert shown_state(screen) == states[place.step]
            assert_shows(screen, moment)


async def test_the_ruler_is_a_way_to_any_part_of_the_game() -> None:
    app = make_app(played())
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_timeline(pilot, app)
        bar = screen.query_one(TimelineBar)
        await pilot.click(bar, offset=(2, 0))  # the left end of the ruler
        await pilot.pause()
        assert screen.moment == 0
        await pilot.click(bar, offset=(bar.content_size.width // 2, 0))
        await pilot.pause()
        assert abs(screen.moment - screen.timeline.last // 2) < len(screen.timeline) // 20


async def test_a_click_on_a_log_line_opens_that_moment_with_its_rule_text() -> None:
    session = played(30)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        game = await at_the_game(pilot, app)
        log = game.query_one(GameLog)
        if game.drawing == "compact":  # the log is a page of its own: the panels key, twice
            await pilot.press("o", "o")

        def bottom_step() -> int | None:  # the step on the log's last line
            return log.step_at_line(round(log.scroll_y) + log.content_size.height - 1)

        await wait_until(pilot, lambda: bottom_step() == len(session.log) - 1)  # all written
        chosen = bottom_step()
        assert chosen is not None
        await pilot.click(log, offset=(5, log.content_size.height))  # the newest line
        await wait_until(pilot, lambda: showing(app, TimelineScreen))
        screen = app.screen
        assert isinstance(screen, TimelineScreen)
        assert screen.moment == screen.timeline.moment_of_log(chosen)
        step = session.log[chosen]
        bar = str(screen.query_one(TimelineBar).render())
        assert step.rule in bar and "the log as it was" in str(
            screen.query_one(StepTail).border_title
        )


async def test_enter_on_the_focused_log_opens_the_line_the_cursor_is_on() -> None:
    session = played(30)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        game = await at_the_game(pilot, app)
        log = game.query_one(GameLog)
        log.focus()
        await pilot.pause()
        assert log.cursor == len(session.log) - 1
        await pilot.press("up", "up", "enter")
        await wait_until(pilot, lambda: showing(app, TimelineScreen))
        screen = app.screen
        assert isinstance(screen, TimelineScreen)
        assert screen.moment == screen.timeline.moment_of_log(len(session.log) - 3)


async def test_the_log_enlarged_searches_by_rule_id_or_guide_and_opens_the_step() -> None:
    session = played(60)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_timeline(pilot, app)
        await pilot.press("slash")
        await wait_until(pilot, lambda: showing(app, LogScreen))
        log = app.screen
        assert isinstance(log, LogScreen)
        field = log.query_one(Input)
        assert app.focused is field
        await pilot.press(*"R-turn-card")
        await pilot.pause()
        steps = log.query_one(StepList)
        draws = [i for i, step in enumerate(session.log) if step.rule == "R-turn-card"]
        assert steps.indices == draws and "of" in str(log.query_one("#log-title").render())
        field.value = "kate"  # a guide: the steps that name her and those of her actions
        await pilot.pause()
        assert steps.indices == screen.timeline.search("Kate")
        kate = session.game.guides.index(Guide.KATE)
        assert all(
            "kate" in session.log[i].text.lower()
            or session.entries[screen.timeline.place(screen.timeline.moment_of_log(i)).entry].seat
            == kate
            for i in steps.indices
        )
        field.value = "R-turn-card"
        await pilot.press("enter")  # from the search to the list
        await pilot.pause()
        await pilot.press("home", "enter")  # the first card of the game
        await wait_until(pilot, lambda: app.screen is screen)
        assert screen.moment == screen.timeline.moment_of_log(draws[0])
        step = screen.timeline.step(screen.moment)
        assert step is not None and step.rule == "R-turn-card"


async def test_D_branch_play_from_here_keeps_the_line_left_among_the_saves() -> None:
    session = played(60)
    line = record_of(session)
    app = make_app(session, step_through=True)  # debug mode: going back is allowed
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_timeline(pilot, app)
        timeline = screen.timeline
        point = timeline.turn_starts[3]
        screen.go_to(point)
        await pilot.pause()
        keep = timeline.continue_after(point)
        expected = session.state_after(keep)
        await pilot.press("p")
        await wait_until(pilot, lambda: showing(app, SaveDialog))
        field = app.screen.query_one(Input)
        field.value = "the-old-line"
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen | HandOverScreen))
        assert app.session is session and session.state == expected
        assert len(session.entries) == keep and not session.can_undo()
        kept = {info.name: info for info in saves.list_saves()}
        assert "the-old-line" in kept
        old = saves.read_save(kept["the-old-line"].path)
        assert isinstance(old.session, Session)
        assert record_of(old.session).actions == line.actions  # the whole line, never lost
        record = record_of(session)
        assert [branch.abandoned for branch in record.branches] == ["the-old-line.json"]
        assert record.branches[0].how == "play from here"


async def test_without_debug_practice_or_a_finished_game_play_from_here_explains() -> None:
    session = played(40)
    app = make_app(session)  # two people at one table, debug mode off
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_timeline(pilot, app)
        await pilot.press("home", "p")
        await pilot.pause()
        assert app.screen is screen
        bar = screen.query_one(TimelineBar)
        assert "debug mode" in bar.notice
        if len(bar.notice) <= bar.content_size.width:
            assert bar.notice in str(bar.render())  # said whole, in the rule's line
        else:  # 80 columns: cut in the bar, and said whole in a notification, which wraps
            assert bar.notice in [note.message for note in app._notifications]
        assert len(session.actions) == 40


async def test_a_practice_game_may_go_back() -> None:
    """One person with computer teammates: going back asks only for the name of the line."""
    session = played(40)
    app = make_app(session, computer_seats=frozenset({1, 2}), computer_delay=30.0)
    async with app.run_test(size=SIZE) as pilot:
        assert app.going_back.refusal() == ""
        screen = await open_timeline(pilot, app)
        screen.go_to(screen.timeline.turn_starts[2])
        await pilot.press("p")
        await wait_until(pilot, lambda: showing(app, SaveDialog))


async def test_replay_opens_the_saved_game_at_its_first_step_and_esc_quits(
    tmp_path: Path,
) -> None:
    session = played(30)
    path = saves.save_named("to-replay", session, frozenset())
    loaded = saves.read_save(path)
    app = BigFiveApp(session=loaded.session, replay=True, cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: showing(app, TimelineScreen))
        screen = app.screen
        assert isinstance(screen, TimelineScreen)
        assert screen.moment == 0 and "Replay" in str(screen.query_one(StepTail).border_title)
        assert not saves.autosave_path().exists()  # a replay is only looked at
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code == 0


async def test_the_compact_layout_has_the_timeline_too() -> None:
    app = make_app(played())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_timeline(pilot, app)
        assert screen.drawing == "compact"
        await pilot.press("home", "right")
        assert_shows(screen, 1)
        await pilot.press("o", "o")  # the log's page
        await pilot.pause()
        assert screen.query_one(StepTail).display


def test_a_turn_begins_at_the_step_that_hands_the_game_on() -> None:
    """The step "Turn 7: Kate." ends the action before it, but the game it shows is Kate's
    turn: the timeline names that turn, not the one that ended."""
    session = played()
    timeline = Timeline(session)
    for moment in timeline.turn_starts:
        state = timeline.state(moment)
        words = place_words(timeline, moment).plain
        guide = session.game.guides[state.seat].title
        assert words.startswith(f"Turn {state.turn} · round ") and f" · {guide}  ▸ " in words
        assert "the turn begins" in words
    moment = timeline.turn_starts[2]
    ended = session.entries[timeline.place(moment).entry]
    who = session.game.guides[ended.seat].title
    assert f"(the last step of {who}'s action: {ended.text})" in place_words(timeline, moment).plain
    first = place_words(timeline, timeline.turn_starts[0]).plain
    assert f"(setup step {session.setup_steps} of {session.setup_steps})" in first


async def test_D_position_the_log_s_first_line_opens_the_timeline_at_the_position() -> None:
    """A game played on from an edited position: its log's first line, chosen in the log,
    is the timeline's first moment, said as the position the game began from."""
    session = played()
    edited = saves.position_session(position_of(session, session.state))
    chooser = random.Random(3)
    for _ in range(4):
        edited.play(chooser.choice(edited.legal_actions()))
    app = make_app(edited)
    async with app.run_test(size=SIZE) as pilot:
        await at_the_game(pilot, app)
        await pilot.press("L")
        await wait_until(pilot, lambda: showing(app, LogScreen))
        lines = app.screen.query_one(StepList)
        assert lines.steps[0].text == "The game begins from an edited position."
        await pilot.press("home")
        await wait_until(pilot, lambda: lines.chosen == 0)
        await pilot.press("enter")
        await wait_until(pilot, lambda: showing(app, TimelineScreen))
        screen = app.screen
        assert isinstance(screen, TimelineScreen)
        await wait_until(pilot, lambda: screen.moment == 0)
        assert_shows(screen, 0)
        place = str(screen.query_one(TimelineBar).render())
        assert "The position the game began from" in place
        assert screen.timeline.turn_starts[0] == 0


async def test_at_80_columns_the_place_line_is_said_short_rather_than_cut() -> None:
    """The long place line ("Turn 11 · round 4 · Kate ▸ the turn begins (the last step of
    Jack's action: end)") was cut at 80 columns; a bar too narrow for it says it short."""
    app = make_app(played())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_timeline(pilot, app)
        timeline = screen.timeline
        widest = max(
            range(timeline.offset, len(timeline)),
            key=lambda moment: place_words(timeline, moment).cell_length,
        )
        assert place_words(timeline, widest).cell_length > 78  # the long form does not fit
        screen.show_moment(widest)
        await pilot.pause()
        place = str(screen.query_one(TimelineBar).render()).splitlines()[1]
        assert place == place_words(timeline, widest, short=True).plain
        assert "…" not in place and re.match(r"T\d+ · r\d+ · ", place)


def last_draw(session: Session) -> int:
    """How many actions the game had right after its last card was drawn."""
    return max(i for i, action in enumerate(session.actions) if action.kind == Act.DRAW) + 1


@pytest.mark.parametrize("game", ["debug mode", "practice"])
async def test_u_keeps_the_fair_undo_rule_where_the_timeline_may_go_back(game: str) -> None:
    """D-branch: going back past a card, a roll or a turned token is the timeline's; u stops
    there in every game, also where the timeline may go back."""
    session = played(38)  # four moves after the turn's card
    turn, drawn = session.state.turn, last_draw(session)
    assert len(session.actions) == drawn + 4 and session.can_undo()
    computers = frozenset(range(len(session.game.guides))) - {session.state.seat}
    options: dict[str, object] = (
        {"step_through": True}
        if game == "debug mode"
        else {"computer_seats": computers, "computer_delay": 30.0}
    )
    app = make_app(session, **options)
    async with app.run_test(size=SIZE) as pilot:
        await at_the_game(pilot, app)
        assert app.going_back.refusal() == ""  # the timeline may go back in this game
        for _ in range(len(session.actions) - drawn + 2):
            await pilot.press("u")
            await pilot.pause()
        assert session.state.turn == turn and session.state.phase == Phase.ACTIONS
        assert len(session.actions) == drawn and not session.can_undo()


async def test_u_never_takes_back_the_end_of_a_finished_game() -> None:
    session = played(40)
    chooser = random.Random(4)
    while not session.state.over:
        legal = session.legal_actions()
        session.play(chooser.choice(legal))
    final, actions = session.state, len(session.actions)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: showing(app, EndScreen))
        assert app.going_back.refusal() == ""  # the timeline may go back in a finished game
        await pilot.press("b")  # look at the board
        await wait_until(pilot, lambda: showing(app, GameScreen))
        await pilot.press("u")
        await pilot.pause()
        assert session.state is final and len(session.actions) == actions


async def test_D_branch_a_finished_game_replayed_from_its_end_plays_on_and_is_marked() -> None:
    """From the end screen: replay (r), a moment, play from here (p); the game goes on from
    there, the finished line is among the saves, and the record says the game went back."""
    session = played(40)
    chooser = random.Random(4)
    while not session.state.over:
        session.play(chooser.choice(session.legal_actions()))
    finished = record_of(session)
    app = make_app(session)  # hot-seat, debug mode off: a finished game may go back
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: showing(app, EndScreen))
        await pilot.press("r")
        await wait_until(pilot, lambda: showing(app, TimelineScreen))
        screen = app.screen
        assert isinstance(screen, TimelineScreen) and screen.moment == 0
        point = screen.timeline.turn_starts[5]
        screen.go_to(point)
        keep = screen.timeline.continue_after(point)
        expected = session.state_after(keep)
        await pilot.press("p")
        await wait_until(pilot, lambda: showing(app, SaveDialog))
        app.screen.query_one(Input).value = "how-it-went"
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen | HandOverScreen))
        assert session.state == expected and not session.state.over
        assert not session.can_undo()  # undo keeps the fair rule from here on
        record = record_of(session)
        assert record.branches[-1].how == "play from here"
        assert record.branches[-1].turn == expected.turn
        old = saves.read_save(saves.saves_dir() / "how-it-went.json")
        assert record_of(old.session).actions == finished.actions and old.session.state.over


@pytest.mark.parametrize("size", [(80, 24), (120, 36), (200, 50)])
async def test_replay_draws_the_board_that_fits_from_its_first_step(size: tuple[int, int]) -> None:
    """A replay opens on the timeline before any game screen: it reads its drawing's layout
    itself (at 120 x 36 it said "The board needs 104 columns, it has 60" until `-`)."""
    path = saves.save_named("to-replay", played(30), frozenset())
    app = BigFiveApp(session=saves.read_save(path).session, replay=True, cursor_blink=False)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: showing(app, TimelineScreen))
        await pilot.pause()
        board = app.screen.query_one(BoardView)
        assert board._fits, f"{board.size} at {size}"


async def test_a_guide_not_yet_placed_in_the_setup_shows_no_warning() -> None:
    """At the setup's first step the other guides' tracks are empty because their vehicles are
    not placed yet: no "Fuel 0/8!" or "no fuel"."""
    app = make_app(played())
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await open_timeline(pilot, app)
        await pilot.press("home", "right")
        await pilot.pause()
        texts = [str(board.render()) for board in screen.query(PlayerBoard)]
        assert any("not placed yet" in text for text in texts)
        assert not any("0/8!" in text or "no fuel" in text for text in texts), texts
        await pilot.press("end")
        await pilot.pause()
        assert not any("not placed yet" in str(b.render()) for b in screen.query(PlayerBoard))


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_the_timeline_s_key_bar_shows_p_to_play_on(size: tuple[int, int]) -> None:
    from bigfive_tui.app.components.key_bar import KeyBar

    app = make_app(played())
    async with app.run_test(size=size) as pilot:
        screen = await open_timeline(pilot, app)
        await pilot.pause()
        bar = str(screen.query_one(KeyBar).render())
        assert " p Play from here " in bar and "Esc" in bar and "? Help" in bar, bar


async def test_at_80_columns_a_long_notice_wraps_in_the_bar_instead_of_being_cut() -> None:
    app = make_app(played())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_timeline(pilot, app)
        bar = screen.query_one(TimelineBar)
        notice = (
            "Going back is for debug mode, practice games and finished games: this game is "
            "played by people, so its past stays as it was played."
        )
        assert len(notice) > 78
        screen.warn(notice)
        await pilot.pause()
        shown = str(bar.render()).splitlines()
        assert " ".join(" ".join(shown[1:]).split()).endswith(" ".join(notice.split()))
        assert bar.size.height == len(shown) and all(len(line) <= 78 for line in shown)
        assert screen.query_one(BoardView).region.bottom <= bar.region.y  # nothing covered
