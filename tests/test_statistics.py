"""The end screen's statistics, read from the whole game: spotted when, actions by kind, fires
put out, fuel and food turn by turn, the step that ended the game, what debug mode did."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from pathlib import Path

import pytest
from test_app_support import (
    SIZE,
    choose,
    game_screen,
    make_app,
    played_session,
    scenario_session,
    seeded_session,
    showing,
    wait_until,
)
from textual.widgets import Static

from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.screens.dialogs import HandOverScreen
from bigfive_tui.app.screens.end import EndScreen, debug_line, track_chart
from bigfive_tui.app.screens.timeline import TimelineScreen
from bigfive_tui.engine.actions import Act
from bigfive_tui.engine.content import Guide, Species
from bigfive_tui.engine.rigging import RigKind
from bigfive_tui.engine.session import Branch, Session
from bigfive_tui.engine.statistics import game_stats


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def whole_game(seed: int) -> Session:
    session = seeded_session(seed, (Guide.JACK, Guide.KATE, Guide.SAM))
    chooser = random.Random(seed)
    while not session.state.over:
        legal = session.legal_actions()
        kind = chooser.choice(sorted({a.kind for a in legal}))
        session.play(chooser.choice([a for a in legal if a.kind == kind]))
    return session


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_the_statistics_agree_with_the_record_and_the_log(seed: int) -> None:
    session = whole_game(seed)
    stats = game_stats(session)
    state = session.state
    counted: Counter[Act] = Counter()
    for guide in stats.guides:
        seen = {s for s in Species if state.spotted[guide.seat] & (1 << s)}
        assert set(guide.spotted) == seen
        counted += guide.actions
        draws = sum(1 for e in session.entries if e.text == "draw" and e.seat == guide.seat)
        assert guide.turns == draws  # a game from its setup: every turn begins with a draw
        assert guide.fuel[0] == session.start.fuel[guide.seat]
        assert (guide.fuel[-1], guide.food[-1]) == (state.fuel[guide.seat], state.food[guide.seat])
        ends = sum(1 for action in session.actions if action.kind == Act.END)
        last_not_end = session.actions[-1].kind != Act.END
        assert len(guide.fuel) == 1 + ends + last_not_end  # the start, each turn, the end
    played = Counter(
        a.kind for a in session.actions if a.kind not in (Act.DRAW, Act.END, Act.CHOOSE_DISCARD)
    )
    assert counted == played
    starts = [entry.log_start for entry in session.entries]
    for index, step in enumerate(session.log):
        if step.rule == "R-spot-take":
            entry = session.entries[bisect_right(starts, index) - 1]
            name, species = step.text.split(" has spotted the ")
            guide = stats.guides[[g.title for g in session.game.guides].index(name)]
            assert guide.spotted[Species[species.rstrip("!").upper()]] == entry.turn


def test_fires_put_out_count_jacks_sweeps_and_extinguishing() -> None:
    session = scenario_session(
        {
            "guides": ["jack", "kate"],
            "vehicles": {"jack": {"at": "★1"}, "kate": {"at": "♠1"}},
            "fires": {"♣4": 2, "♠2": 1},
            "turn": {"guide": "jack", "phase": "actions"},
        }
    )
    session.play_text("move ♣c")  # Jack drives onto the ♣ piece: both markers go out
    session.play_text("end")
    session.play_text("draw")
    session.play_text("extinguish ♠2")
    stats = game_stats(session)
    assert stats.guides[0].fires_out == 2 and stats.guides[1].fires_out == 1


def test_the_end_is_told_with_the_step_that_caused_it() -> None:
    session = scenario_session(
        {
            "guides": ["kate", "david"],
            "vehicles": {"kate": {"at": "★4", "food": 2}, "david": {"at": "♣4"}},
            "cards": {"top": ["lost food"]},
            "turn": {"guide": "kate", "phase": "draw", "number": 9},
        }
    )
    session.play_text("draw")
    end = game_stats(session).end
    assert end is not None
    assert end.end.rule == "R-end-food" and end.turn == 9 and end.seat == 0
    assert end.cause is not None and end.cause.text == "Kate loses 2 food (now 0)."
    assert session.log[end.cause_index] == end.cause and end.entry_text == "draw"


def test_rigs_and_branches_are_counted() -> None:
    session = played_session(30)
    session.rig_text("rig roll X")
    session.rig_text("rig roll ♣4")
    session.branches.append(Branch(3, 2, "play from here", "old.json"))
    stats = game_stats(session)
    assert stats.rigs == Counter({RigKind.ROLL: 2}) and stats.branches[0].abandoned == "old.json"


# ---------------------------------------------------------------- the end screen


def focused(app: BigFiveApp, widget_id: str) -> bool:
    return app.focused is not None and app.focused.id == widget_id


async def test_the_end_screen_shows_each_guides_game_and_how_it_ended() -> None:
    session = whole_game(8)
    session.branches.append(Branch(10, 4, "play from here", "earlier-line.json"))
    app = make_app(session, step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        # On top before all its rows are mounted: its button has the focus once they are.
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen) and focused(app, "new"))
        end = app.screen
        assert isinstance(end, EndScreen)
        texts = "\n".join(str(widget.render()) for widget in end.query(Static))
        stats = game_stats(session)
        for guide, line in zip(session.game.guides, stats.guides, strict=True):
            assert f"{guide.title} " in texts and f"{line.turns} turns played" in texts
        assert "How it ended: turn" in texts and stats.end is not None
        assert stats.end.end.rule in texts
        assert "went back to turn 4 (the line left is kept as earlier-line.json)" in texts
        charts = [str(chart.render()) for chart in end.query(".end-fuel, .end-food")]
        assert len(charts) == 2 * len(session.game.guides)
        cap = session.game.caps[0]
        assert charts[:2] == [
            track_chart("fuel", stats.guides[0].fuel, cap).plain,
            track_chart("food", stats.guides[0].food, cap).plain,
        ]
        await pilot.press("c")  # the step that ended it, on the timeline
        await wait_until(pilot, lambda: showing(app, TimelineScreen))
        timeline = app.screen
        assert isinstance(timeline, TimelineScreen)
        assert timeline.moment == timeline.timeline.moment_of_log(stats.end.cause_index)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is end)
        await pilot.press("r")  # replay: the timeline from the first step
        await wait_until(pilot, lambda: showing(app, TimelineScreen))
        assert app.screen.moment == 0  # type: ignore[attr-defined]


async def test_an_end_screen_button_does_what_its_key_does() -> None:
    """A click on "Replay (r)" opens the whole game on the timeline from its start, as r does."""
    app = make_app(whole_game(3))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen) and focused(app, "new"))
        await pilot.click("#replay")
        await wait_until(pilot, lambda: showing(app, TimelineScreen))
        assert app.screen.moment == 0  # type: ignore[attr-defined]


async def test_same_seed_again_starts_the_same_game_anew() -> None:
    session = whole_game(3)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: showing(app, EndScreen))
        await pilot.press("s")
        await wait_until(pilot, lambda: app.session is not session)
        again = app.big_five
        assert again is not None and again.state == session.start and not again.actions
        assert again.game.seed == session.game.seed


async def test_the_end_screen_names_each_rigged_value_with_its_turn() -> None:
    """D-rig-*: what was rigged is marked in the log, the save and on the end screen."""
    session = scenario_session(
        {
            "guides": ["kate", "david"],
            "vehicles": {"kate": {"at": "★4", "food": 2}, "david": {"at": "♣4"}},
            "turn": {"guide": "kate", "phase": "draw", "number": 9},
        }
    )
    app = make_app(session, step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: showing(app, HandOverScreen))
        await pilot.press("escape")  # look at the board first
        game = game_screen(app)
        await wait_until(pilot, lambda: app.screen is game)
        await pilot.press("exclamation_mark")
        await choose(pilot, app, "next roll")
        await choose(pilot, app, "■")
        await choose(pilot, app, "■ 5")
        await pilot.press("exclamation_mark")
        await choose(pilot, app, "next event card")
        await choose(pilot, app, "Lost food")  # Kate's last 2 food: the safari is lost
        await pilot.press("D")
        await wait_until(pilot, lambda: session.state.over)
        await pilot.press("escape")  # the draw's rule steps, then the end
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen) and focused(app, "new"))
        debug = str(app.screen.query_one("#end-debug", Static).render())
    assert debug == "Debug mode: rigged roll ■5 (t9), card Lost food (-2) (t9)."


def test_many_rigs_are_named_up_to_a_few_and_counted() -> None:
    session = played_session(30)
    for number in range(1, 7):
        session.rig_text(f"rig roll X{number}")
    for number in range(1, 5):
        session.rig_text(f"rig roll ♣{number}")
    line = debug_line(game_stats(session))
    assert line.startswith("Debug mode: rigged roll X1 (t")
    assert ", roll ♣2 (t" in line and "♣3" not in line
    assert line.endswith(", and 2 more (the log marks each).")


def test_a_track_chart_has_the_track_s_scale() -> None:
    """A fuel line at 7/8 all game looked empty: a sparkline scales to its own lowest and
    highest values. The chart is drawn from 0 to the cap, and says both."""
    steady = track_chart("fuel", [7] * 12, 8).plain
    assert steady.startswith("fuel 0-8 ▕") and steady.endswith("▏ end 7")
    assert set(steady.split("▕")[1].split("▏")[0]) == {"▇"}
    assert track_chart("food", [0, 8, 4], 8).plain == "food 0-8 ▕ █▄▏ end 4"
    long = track_chart("fuel", list(range(9)) * 10, 8).plain  # means of turns, 16 cells
    assert len(long.split("▕")[1].split("▏")[0]) == 16


@pytest.mark.parametrize("size", [(80, 24), (120, 36), (200, 50)])
async def test_nothing_on_the_end_screen_is_cut_at_any_width(size: tuple[int, int]) -> None:
    """Each guide's line of actions was cut even at 200 columns."""
    session = whole_game(8)
    app = make_app(session)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen) and focused(app, "new"))
        end = app.screen
        for widget in end.query("#end-body Static").results(Static):
            text = str(widget.render())
            assert "…" not in text
            lines = widget.render_lines(widget.content_region.reset_offset)
            shown = "".join(segment.text for line in lines for segment in line)
            assert " ".join(shown.split()) == " ".join(text.split()), (text, shown)


async def test_help_opens_from_the_end_screen_and_lists_its_keys() -> None:
    from bigfive_tui.app.keys.table import END_KEYS
    from bigfive_tui.app.screens.help import HelpScreen

    app = make_app(whole_game(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen) and focused(app, "new"))
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: showing(app, HelpScreen))
        text = "\n".join(str(widget.render()) for widget in app.screen.query("*"))
        assert "When the game has ended" in text
        for entry in END_KEYS:
            assert entry.help in text
        await pilot.press("escape")
        await wait_until(pilot, lambda: showing(app, EndScreen))
