"""Where players read the story of a game (the log beside the board, the card dialog, the end
screen, the timeline's log) it is told in words: rule ids ("R-card-giraffe") are jargon to a
newcomer. Debug mode names them there, as do the places made to look rules up (the debug steps,
the enlarged log, the timeline's step detail)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_app_support import (
    SIZE,
    game_screen,
    kate_draws_a_fire,
    make_app,
    one_spot_from_winning,
    played_session,
)
from test_app_support import wait_until as until
from test_photo_app import hot_seat, photo_app, screen_of
from textual.pilot import Pilot
from textual.widgets import Static

from bigfive_tui.app.components.column_text import ColumnText
from bigfive_tui.app.components.cycle_field import CycleField
from bigfive_tui.app.components.game_log import GameLog
from bigfive_tui.app.components.step_views import StepList, StepTail
from bigfive_tui.app.components.timeline_bar import TimelineBar
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.photo_safari.new_game import PhotoNewGameScreen
from bigfive_tui.app.screens.dialogs import CardScreen, HandOverScreen
from bigfive_tui.app.screens.end import EndScreen
from bigfive_tui.app.screens.log import LogScreen
from bigfive_tui.app.screens.steps import StepsScreen
from bigfive_tui.app.screens.timeline import TimelineScreen
from bigfive_tui.app.words.rules_text import rule_text_alone
from bigfive_tui.engine.content import CARDS

#: A rule id of either game: R-, RU- (our rulings), P-, PU- (Photo Safari's), D- (debug mode).
RULE_ID = re.compile(r"\b(?:RU|PU|R|P|D)-[a-z]")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


async def log_written(pilot: Pilot[None], app: BigFiveApp) -> None:
    await until(pilot, lambda: bool(game_screen(app).query_one(GameLog).lines))


def log_text(app: BigFiveApp) -> str:
    return "\n".join(line.text for line in game_screen(app).query_one(GameLog).lines)


async def test_the_game_log_tells_each_step_in_words_without_its_rule_id() -> None:
    session = played_session()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await log_written(pilot, app)
        shown = log_text(app)
        assert session.log[-1].text in shown.replace("\n", " ")
        assert not RULE_ID.search(shown), shown


async def test_debug_mode_writes_the_log_again_with_each_step_s_rule_id_and_back() -> None:
    session = played_session()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await log_written(pilot, app)
        await pilot.press("f12")
        await until(pilot, lambda: session.log[-1].rule in log_text(app))
        assert log_text(app).splitlines()[-1].startswith(session.log[-1].rule)
        await pilot.press("f12")
        await until(pilot, lambda: not RULE_ID.search(log_text(app)))
        assert session.log[-1].text in log_text(app).replace("\n", " ")


async def test_a_game_opened_in_debug_mode_names_the_rules_in_its_log() -> None:
    session = played_session()
    app = make_app(session, step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        await log_written(pilot, app)
        assert log_text(app).splitlines()[-1].startswith(session.log[-1].rule)


async def test_the_card_dialog_lists_what_the_card_did_without_rule_ids() -> None:
    session = kate_draws_a_fire()
    app = make_app(session, card_pause=True)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
        await pilot.press("enter")  # Kate draws
        await until(pilot, lambda: isinstance(app.screen, CardScreen))
        effects = str(app.screen.query_one("#card-effects", ColumnText).render())
        fire = session.log[-1]
        assert fire.rule == "R-card-fire" and fire.text in effects.replace("\n", " ")
        assert not RULE_ID.search(effects), effects


@pytest.mark.parametrize("card", sorted({card.rule for card in CARDS}))
def test_every_card_s_rule_in_the_card_box_stands_alone_without_pointers(card: str) -> None:
    """A first game's reader met "(see Repair a gate)" and "(RU-flat-tyre-again)" on a card and
    could not find either: the card box quotes the rule without what points off the screen."""
    shown = rule_text_alone(card)
    assert shown and not RULE_ID.search(shown) and "(see " not in shown, shown
    assert "  " not in shown and " ." not in shown and " ;" not in shown, shown


def test_the_broken_gate_card_says_who_mends_the_gate_and_what_it_costs() -> None:
    shown = rule_text_alone("R-card-broken-gate")
    assert "park entrance" in shown and "repairs the gate for 3 actions" in shown


async def test_in_debug_mode_the_card_s_steps_name_their_rules_one_by_one() -> None:
    """Debug mode shows no card dialog: the draw's steps come one by one, each with its rule."""
    session = kate_draws_a_fire()
    app = make_app(session, step_through=True, card_pause=True)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, StepsScreen))
        await pilot.press("right", "right")
        happened = str(app.screen.query_one("#steps-happened").render())
        assert "R-card-fire" in happened


async def end_screen(pilot: Pilot[None], app: BigFiveApp) -> EndScreen:
    await pilot.press("s", "enter")  # spot the buffalo: the safari is won
    await until(pilot, lambda: isinstance(app.screen, EndScreen))
    await pilot.pause()
    end = app.screen
    assert isinstance(end, EndScreen)
    return end


async def test_the_end_screen_says_how_it_ended_in_words() -> None:
    app = make_app(one_spot_from_winning())
    async with app.run_test(size=SIZE) as pilot:
        end = await end_screen(pilot, app)
        cause = str(end.query_one("#end-cause", Static).render())
        texts = "\n".join(str(widget.render()) for widget in end.query(Static))
    assert "Kate: spot ★5. Kate has spotted the buffalo!  (c: that step" in cause
    assert not RULE_ID.search(texts), texts


async def test_in_debug_mode_the_end_screen_names_the_rules_of_how_it_ended() -> None:
    app = make_app(one_spot_from_winning(), step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "enter")
        await until(pilot, lambda: isinstance(app.screen, StepsScreen))
        await pilot.press("escape")  # the spot's rule steps, then the end
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.pause()
        cause = str(app.screen.query_one("#end-cause", Static).render())
    assert "spot ★5. R-spot-take Kate has spotted the buffalo! R-end-win  (c: that" in cause


def tail_text(app: BigFiveApp) -> str:
    tail = app.screen.query_one(StepTail)
    return "\n".join(tail.render_line(y).text for y in range(tail.content_size.height))


async def test_the_timeline_s_log_is_in_words_and_its_step_detail_names_the_rule() -> None:
    session = played_session()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await log_written(pilot, app)
        await pilot.press("T")
        await until(pilot, lambda: isinstance(app.screen, TimelineScreen))
        await pilot.pause()
        assert session.log[-1].text in tail_text(app).replace("\n", " ")
        assert not RULE_ID.search(tail_text(app)), tail_text(app)
        bar = str(app.screen.query_one(TimelineBar).render())
        assert session.log[-1].rule in bar
        await pilot.press("L")  # the enlarged log: a rule id on every line, searched by them
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        steps = app.screen.query_one(StepList)
        await until(pilot, lambda: steps.content_size.height > 0)
        top = steps.indices[round(steps.scroll_y)]
        assert steps.render_line(0).text.split()[1] == session.log[top].rule


async def test_in_debug_mode_the_timeline_s_log_names_the_rules() -> None:
    session = played_session()
    app = make_app(session, step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        await log_written(pilot, app)
        await pilot.press("T")
        await until(pilot, lambda: isinstance(app.screen, TimelineScreen))
        await pilot.pause()
        assert tail_text(app).splitlines()[-1].strip().startswith(session.log[-1].rule)


async def test_photo_safari_s_log_is_in_words_and_names_the_rules_in_debug_mode() -> None:
    session = hot_seat()
    app = photo_app(session)
    async with app.run_test(size=SIZE) as pilot:
        log = screen_of(app).query_one(GameLog)
        await until(pilot, lambda: len(log.lines) >= len(session.log))
        shown = "\n".join(line.text for line in log.lines)
        assert shown.startswith(session.log[0].text) and not RULE_ID.search(shown), shown
        await pilot.press("f12")
        await until(pilot, lambda: log.lines[0].text.startswith(session.log[0].rule))


async def test_photo_safari_s_new_game_screen_says_each_set_up_in_words() -> None:
    app = photo_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, PhotoNewGameScreen))
        await pilot.pause()
        for setup in ("typical", "random", "file"):
            app.screen.query_one("#setup", CycleField).set_value(setup, announce=True)
            await pilot.pause()
            about = str(app.screen.query_one("#photo-about", Static).render())
            assert about and not RULE_ID.search(about), about
