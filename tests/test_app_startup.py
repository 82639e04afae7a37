"""What the app leaves out of its start-up (issue 15) changes nothing that is shown."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_app_support import (
    SIZES,
    at_the_game,
    every_size,
    game_screen,
    make_app,
    played_session,
    showing,
    wait_until,
)
from textual.content import Content
from textual.widget import Widget

import bigfive_tui.app.main as app_main
from bigfive_tui.app.components.action_bar import _entry
from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.keys.table import ACTION_KEYS
from bigfive_tui.app.screens.game import GameScreen
from bigfive_tui.app.screens.game.view import PAGES


def later_css_read(app: app_main.BigFiveApp) -> list[bool]:
    folder = Path(app_main.__file__).parent
    return [
        app.stylesheet.has_source(os.path.abspath(folder / name)) for name in app.LATER_CSS_PATH
    ]


@every_size
async def test_the_other_screens_styles_change_nothing_on_the_game_screen(
    size: tuple[int, int],
) -> None:
    """A game shown first is styled without the other screens' CSS, which is read when the
    first other screen opens and then styles no widget of the game screen differently."""
    app = make_app(played_session())
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: showing(app, GameScreen))
        await pilot.pause()
        assert later_css_read(app) == [False] * len(app.LATER_CSS_PATH)
        screen = game_screen(app)
        nodes = list(screen.walk_children(with_self=True))
        before = [node._css_styles.get_rules() for node in nodes]
        app._read_later_css()
        app.stylesheet.update_nodes(nodes)
        assert later_css_read(app) == [True] * len(app.LATER_CSS_PATH)
        assert [node._css_styles.get_rules() for node in nodes] == before


async def test_another_screen_reads_the_other_screens_styles() -> None:
    app = make_app(played_session())
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: showing(app, GameScreen))
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: not isinstance(app.screen, GameScreen))
        assert later_css_read(app) == [True] * len(app.LATER_CSS_PATH)


@every_size
async def test_a_game_screen_shown_first_is_styled_as_a_restyle_would(
    size: tuple[int, int],
) -> None:
    """The game screen is not restyled when it is first shown (its widgets were styled as
    they were mounted): restyling it then changes no widget's styles."""
    app = make_app(played_session())
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: showing(app, GameScreen))
        await pilot.pause()
        nodes = list(game_screen(app).walk_children(with_self=True))
        before = [node._css_styles.get_rules() for node in nodes]
        app.stylesheet.update_nodes(nodes)
        assert [node._css_styles.get_rules() for node in nodes] == before


def drawings_css_read(app: app_main.BigFiveApp) -> dict[str, bool]:
    folder = Path(app_main.__file__).parent
    return {
        drawing: app.stylesheet.has_source(os.path.abspath(folder / f"game_{drawing}.tcss"))
        for drawing in ("compact", "normal", "large")
    }


async def test_a_game_reads_the_layout_of_its_own_drawing_and_another_s_when_it_switches() -> None:
    app = make_app(played_session())
    async with app.run_test(size=SIZES["large"]) as pilot:
        screen = await at_the_game(pilot, app)
        assert drawings_css_read(app) == {"compact": False, "normal": False, "large": True}
        screen.action_smaller_board()  # the player's choice, kept while the terminal is large
        await wait_until(pilot, lambda: screen.drawing == "normal")
        await pilot.pause()
        assert drawings_css_read(app) == {"compact": False, "normal": True, "large": True}
        assert screen.query_one(BoardView).size == (104, 21)  # as game_normal.tcss lays it out


def uncovered_cells(widget: Widget) -> int:
    """How many of ``widget``'s cells none of its shown children covers."""
    region = widget.region
    cells = {(x, y) for x in range(region.x, region.right) for y in range(region.y, region.bottom)}
    for child in widget.displayed_children:
        shown = child.region
        cells -= {(x, y) for x in range(shown.x, shown.right) for y in range(shown.y, shown.bottom)}
    return len(cells)


@pytest.mark.parametrize(
    "size", [*SIZES.values(), (70, 20), (100, 30), (130, 40), (160, 48), (250, 60)]
)
async def test_what_draws_no_lines_of_its_own_is_covered_by_its_children(
    size: tuple[int, int],
) -> None:
    """The game screen and its rows draw one blank line for all their lines (``BLANK``): that
    shows nothing only while their children cover them, at every size and on every page."""
    app = make_app(played_session())
    async with app.run_test(size=size) as pilot:
        screen = await at_the_game(pilot, app)
        for page in PAGES if screen.drawing == "compact" and not screen.too_small else PAGES[:1]:
            screen.show_page(page)
            await pilot.pause()
            blank = [node for node in screen.walk_children(Widget, with_self=True) if node.BLANK]
            assert screen in blank
            assert {node.id for node in blank if node.display} >= (
                {None} if screen.too_small or screen.drawing == "compact" else {"top", "players"}
            )
            assert {str(node): uncovered_cells(node) for node in blank if node.display} == {
                str(node): 0 for node in blank if node.display
            }


def test_starting_a_game_imports_no_module_its_first_screen_does_not_use() -> None:
    """The app and its game screen load without what only other screens or content the game
    never shows need: ``rich.pretty`` and ``attrs`` (Textual's RichLog, for logging any
    Python object), the notice that covers a dialog in a terminal too small."""
    code = "import sys, bigfive_tui.app.main; print(*sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    assert "bigfive_tui.app.screens.game" in loaded
    assert loaded.isdisjoint({"rich.pretty", "attr", "bigfive_tui.app.screens.too_small"})


@pytest.mark.parametrize("legal", [True, False])
@pytest.mark.parametrize("labelled", [True, False])
@pytest.mark.parametrize("pad", ["", " "])
def test_the_action_bar_s_entries_are_what_their_markup_gave(
    legal: bool, labelled: bool, pad: str
) -> None:
    """The entries are made without parsing markup: text, styles and click actions as the
    markup of each gave them."""
    for entry in ACTION_KEYS:
        click = f"@click=screen.act('{entry.name}')"
        if legal:
            markup = f"[{click}][b reverse $accent]{pad}{entry.key}{pad}[/] [b]{entry.label}[/][/]"
        elif labelled:
            markup = f"[{click}][dim $text-disabled]{entry.key} {entry.label}[/][/]"
        else:
            markup = f"[{click}][dim $text-disabled]{entry.key}[/][/]"
        made, parsed = _entry(entry, legal, labelled, pad), Content.from_markup(markup)
        assert (made.plain, made.spans) == (parsed.plain, parsed.spans)


ARENAS_AFTER_BUSY_THREADS = """
import ctypes, sys, threading
if sys.argv[1] == "app":
    from bigfive_tui.app.main import BigFiveApp
    BigFiveApp(autosave=False)
def allocate():
    for _ in range(2000):
        kept = [bytearray(200) for _ in range(200)] + [bytes(1024) for _ in range(50)]
threads = [threading.Thread(target=allocate) for _ in range(4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
ctypes.CDLL(None).malloc_stats()  # one "Arena n:" block per arena, on stderr
"""


def arenas(kind: str) -> int:
    done = subprocess.run(
        [sys.executable, "-c", ARENAS_AFTER_BUSY_THREADS, kind],
        capture_output=True,
        text=True,
        check=True,
    )
    return sum(line.startswith("Arena ") for line in done.stderr.splitlines())


def test_the_app_keeps_one_malloc_arena_however_many_threads_allocate() -> None:
    """glibc's per-thread arenas kept ~1.3 MiB of a long game's growth
    (app/terminal/allocator.py)."""
    if not sys.platform.startswith("linux") or os.confstr("CS_GNU_LIBC_VERSION") is None:
        pytest.skip("the arena limit is glibc's")
    if arenas("plain") < 2:
        pytest.skip("these threads never allocated at once here: nothing to compare")
    assert arenas("app") == 1


def test_a_python_without_ctypes_starts_without_the_arena_setting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bigfive_tui.app.terminal.allocator import one_malloc_arena

    monkeypatch.setitem(sys.modules, "ctypes", None)  # as a Python built without libffi
    assert one_malloc_arena() is False
