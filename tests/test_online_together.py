"""Issue 29's "Done when": a host and three clients — two terminals through Pilot and one real
headless Chromium opening the invitation — play a game to its end on loopback, the browser's
tab killed and opened again midway (it comes back to its seat), a terminal's connection
dropped and back too."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from browser import Page, chromium, find_chromium
from online_support import new_table, running
from test_app_support import SIZE, wait_until
from test_online_terminal import caught_up, ended, over, screen_of, take_turn
from textual.pilot import Pilot

from bigfive_tui.engine.state import Phase
from bigfive_tui.online.table import Table
from bigfive_tui.online.terminal.app import JoinApp

ARTIFACTS = Path(os.environ.get("BIGFIVE_ARTIFACTS") or Path(__file__).parent.parent / "artifacts")


def chromium_or_skip() -> str:
    found = find_chromium()
    if found:
        return found
    reason = "no Chromium on this machine: install Debian's chromium package"
    if os.environ.get("BIGFIVE_REQUIRE_BROWSER"):
        pytest.fail(f"{reason}. BIGFIVE_REQUIRE_BROWSER is set (as in CI): a failure, not a skip")
    pytest.skip(reason)


async def browser_turn(pilot: Pilot[None], page: Page, table: Table) -> None:
    """Kate, in the browser, plays her turn by keys as a person would: she draws, then ends
    the turn (and says yes to ending it with actions left); an influence takes the first card."""
    count = len(table.session.texts)
    phase = table.session.state.phase
    if phase == Phase.DRAW:
        await page.wait_for(lambda text: "your turn" in text, "Kate's turn notice")
        await page.press("D")
    elif phase == Phase.INFLUENCE:
        await page.wait_for(lambda text: "influences an event" in text, "the influence choice")
        await page.press("1")
    else:
        await page.wait_for(lambda text: "Kate: " in text, "Kate's prompt")
        await page.press("e")
        await page.wait_for(lambda text: "End the turn" in text, "the question before ending")
        await page.press("y")
    await wait_until(pilot, lambda: len(table.session.texts) > count or over(table), 60)


async def test_two_terminals_and_a_browser_play_a_game_to_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    executable = chromium_or_skip()
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))  # the browser tab's join process
    table = new_table(seed=8)  # Jack, Anna, Kate: all people
    rng = random.Random(29)
    async with running(table) as run, chromium(executable) as browser:
        jack = JoinApp(run.invitation(table), 0, name="Jo")
        anna = JoinApp(run.invitation(table), 1, name="Ann")
        size = (SIZE[0], SIZE[1])
        async with jack.run_test(size=size) as p1, anna.run_test(size=size) as p2:
            await wait_until(p1, lambda: jack.online_screen() is not None)
            await wait_until(p2, lambda: anna.online_screen() is not None)
            page = await browser.new_page()
            page.failure_shot = ARTIFACTS / "online" / "failure.png"
            await page.open(run.invitation(table).url())
            await page.wait_for(lambda text: "Sit as Kate" in text, "the free seats")
            await page.press("1")
            await wait_until(p1, lambda: table.seats[2].present > 0, 60)
            killed = dropped = False
            for _ in range(3000):
                state = table.session.state
                if state.over:
                    break
                if state.turn >= 4 and not killed:  # the tab closed, its game process killed
                    killed = True
                    await browser.close_page(page)
                    await wait_until(p1, lambda: table.seats[2].present == 0, 60)
                    page = await browser.new_page()
                    await page.open(run.invitation(table).url())  # the same browser: its seat
                    await wait_until(p1, lambda: table.seats[2].present > 0, 60)
                if state.turn >= 6 and not dropped:
                    dropped = True
                    assert anna.link is not None
                    await anna.link.drop()
                    await wait_until(p2, lambda: anna.link is not None and anna.link.joined == 2)
                if state.seat == 2:
                    await browser_turn(p1, page, table)
                else:
                    app, pilot = ((jack, p1), (anna, p2))[state.seat]
                    await take_turn(pilot, app, table, rng)
            assert over(table) and killed and dropped
            for app, pilot in ((jack, p1), (anna, p2)):
                await wait_until(pilot, lambda app=app: ended(app))  # type: ignore[misc]
                assert caught_up(app, table)
            await page.screenshot(ARTIFACTS / "online" / "browser-at-the-end.png")
            assert screen_of(jack).state.outcome == table.session.state.outcome
