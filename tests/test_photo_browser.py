"""Photo Safari played whole in a real browser at 80 x 24, through ``bigfive serve``: the
game chosen on the new-game screen, every move of the person made with the hint key and
Enter on the compact board, to the end screen and its replay. Needs Debian's chromium, as the
Big Five's browser test does (tests/test_serve.py); screenshots go to artifacts/browser/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser import PAGE_STATE, chromium
from served import Served, serve
from test_serve import ARTIFACTS, chromium_or_skip

#: Pixels of a tab that hold a terminal of 80 x 24 in Debian's Chromium (probed: 722 x 510
#: gives 80 x 24; the test checks the size it got).
TAB_FOR_80_BY_24 = (722, 510)
ENDS = ("wins!", "A draw!")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    server = serve(tmp_path / "data")
    yield server
    if server.process.poll() is None:
        out, err = server.stop()
        print(f"The server said:\n{out}\n{err}")  # shown when a test failed


async def test_photo_safari_is_played_whole_in_a_browser_at_80_by_24(served: Served) -> None:
    executable = chromium_or_skip()
    async with chromium(executable, TAB_FOR_80_BY_24) as browser:
        page = await browser.new_page()
        page.failure_shot = ARTIFACTS / "photo-failed.png"
        await page.open(served.address)  # the address printed, with its token
        await page.wait_for(lambda text: "Start the safari" in text, "the new-game screen")
        columns, lines = (await page.evaluate(PAGE_STATE))["size"]
        assert 80 <= columns < 120 and 24 <= lines < 34, (columns, lines)  # the compact board
        await page.press("ArrowUp", "ArrowRight")  # the game field: Photo Safari
        await page.wait_for(lambda text: "Start Photo Safari" in text, "its new-game screen")
        await page.press("Enter")  # Red a person, Yellow the computer
        text = await page.wait_for(lambda text: "Red to move" in text, "the game")
        assert " 1 [R]" in text and "[Y]" in text  # the compact drawing: a row a line
        assert "needed by" in text
        await page.screenshot(ARTIFACTS / "photo-1-game-at-80x24.png")
        moves = 0
        while True:
            text = await page.wait_for(
                lambda text: "Red to move" in text or any(end in text for end in ENDS),
                "Red's move or the end",
            )
            if any(end in text for end in ENDS):
                break
            await page.press("w")
            await page.wait_for(lambda text: "Hint:" in text, "the hint")
            await page.press("Enter")
            await page.wait_for(lambda text: "Hint:" not in text, "the move")
            moves += 1
            assert moves <= 40, "more than forty moves"
        assert "Photos over the rounds" in text and "Replay (r)" in text
        await page.screenshot(ARTIFACTS / "photo-2-end-at-80x24.png")
        await page.press("r")
        text = await page.wait_for(lambda text: "Timeline: step 1 of" in text, "the replay")
        assert "The set-up" in text
        await page.press("End")
        await page.wait_for(lambda text: "all ten" in text or "moves:" in text, "the last step")
        await page.screenshot(ARTIFACTS / "photo-3-timeline-at-80x24.png")
