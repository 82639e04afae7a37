"""The three drawings of the board in the app (issue: a board you can read at a glance, at any
terminal size): chosen by the terminal, switched with + and -, remembered where they fit, and
the game played through Pilot at 80 × 24, 120 × 36 and 200 × 50."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_app_play import two_guides
from test_app_support import end_turn, game_screen, make_app, palette_highlights, wait_until
from textual.app import ComposeResult
from textual.command import CommandList
from textual.css.query import DOMQuery
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import ContentSwitcher, OptionList

from bigfive_tui.app.components.action_bar import ActionBar
from bigfive_tui.app.components.board_view import FEATURE_PARTS, TERRAIN_PARTS, BoardView
from bigfive_tui.app.components.game_log import GameLog
from bigfive_tui.app.components.guide_card import GuideCard
from bigfive_tui.app.components.player_board import PlayerBoard
from bigfive_tui.app.components.table_info import TableInfo
from bigfive_tui.app.drawing.sizes import choose
from bigfive_tui.app.drawing.themes import board_paint
from bigfive_tui.app.files import settings
from bigfive_tui.app.screens.dialogs import ChoiceDialog, ConfirmDialog
from bigfive_tui.engine.state import Phase

COMPACT, NORMAL, LARGE = (80, 24), (120, 36), (200, 50)
SIZES = {"compact": COMPACT, "normal": NORMAL, "large": LARGE}


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def test_each_terminal_gets_the_largest_drawing_that_fits_unless_another_was_chosen() -> None:
    assert choose(79, 24) is None and choose(80, 23) is None
    assert choose(80, 24) == "compact" and choose(119, 60) == "compact"
    assert choose(120, 34) == "normal" and choose(159, 60) == "normal"
    assert choose(160, 48) == "large" and choose(200, 50) == "large"
    assert choose(200, 50, "normal") == "normal"  # the choice, where it fits
    assert choose(120, 36, "large") == "normal"  # else the largest that fits


@pytest.mark.parametrize("drawing", ["compact", "normal", "large"])
async def test_the_whole_board_and_the_guides_essentials_are_on_screen(drawing: str) -> None:
    session = two_guides()
    app = make_app(session)
    async with app.run_test(size=SIZES[drawing]) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert screen.drawing == drawing and not screen.too_small
        board = screen.query_one(BoardView)
        assert board.fits and board.board_map.size == drawing
        assert board.region.right <= app.size.width and board.region.bottom <= app.size.height
        lines = [board.render_line(y).text for y in range(board.size.height)]
        for cell, name in enumerate(session.game.board.names):
            offset = board.offset_of(cell)
            shown = lines[offset.y][offset.x : offset.x + 2]
            assert shown[-1] == name[-1], (cell, name, shown)  # a crowded hex keeps its number
        keys = str(screen.query_one("#action-keys").render())
        assert "move" in keys and "end turn" in keys
        if drawing == "compact":
            guide = screen.query_one(GuideCard)
            card = "\n".join(guide.render_line(y).text for y in range(guide.size.height))
            assert "Kate" in card and "Fuel" in card and "Food" in card and "Li" in card
            assert "4 actions" in card
        else:
            assert screen.query_one(TableInfo).region.width >= 15
            assert screen.query_one(GameLog).region.height >= 2


@pytest.mark.parametrize("drawing", ["compact", "normal", "large"])
async def test_a_turn_played_with_keys_at_every_size(drawing: str) -> None:
    session = two_guides(tokens={"★5": "lion"}, fires={"●1": 1})
    app = make_app(session)
    async with app.run_test(size=SIZES[drawing]) as pilot:
        await pilot.pause()
        board = game_screen(app).query_one(BoardView)
        await pilot.press("m")
        assert board.targeting and board.targets
        await pilot.press("n", "enter")
        await pilot.pause()
        assert session.state.actions_left == 3 and session.log[-1].rule.startswith("R-move")
        await pilot.press("u")
        await pilot.pause()
        assert session.state.actions_left == 4
        await pilot.press("s")
        await pilot.pause()
        if board.targeting:
            await pilot.press("enter")
            await pilot.pause()
        assert any(step.rule == "R-spot-flip" for step in session.log)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.guide.title == "David"


@pytest.mark.parametrize("drawing", ["compact", "normal", "large"])
async def test_clicking_a_hex_acts_on_it_at_every_size(drawing: str) -> None:
    session = two_guides()
    app = make_app(session)
    async with app.run_test(size=SIZES[drawing]) as pilot:
        await pilot.pause()
        board = game_screen(app).query_one(BoardView)
        await pilot.press("m")
        target = board.targets[0]
        offset = board.offset_of(target)
        await pilot.click(board, offset=(offset.x + 1, offset.y))
        await pilot.pause()
        assert session.state.vehicle[0] == target


async def test_plus_and_minus_switch_the_drawing_and_the_choice_is_remembered(
    data_dir: Path,
) -> None:
    app = make_app(two_guides())
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert screen.drawing == "large"
        await pilot.press("minus")
        await wait_until(pilot, lambda: game_screen(app).drawing == "normal")
        await pilot.press("minus")
        await wait_until(pilot, lambda: game_screen(app).drawing == "compact")
        assert game_screen(app).query_one(BoardView).has_focus
        await pilot.press("minus")  # the smallest already: said, nothing changes
        await pilot.pause()
        assert "smallest" in str(game_screen(app).query_one("#prompt").render())
        await pilot.press("plus")
        await wait_until(pilot, lambda: game_screen(app).drawing == "normal")
        kept = json.loads(settings.settings_path().read_text())
        assert kept["drawing"] == "normal"
        # a larger terminal keeps the chosen drawing; a smaller one gets what fits
        await pilot.resize_terminal(*COMPACT)
        await wait_until(pilot, lambda: game_screen(app).drawing == "compact")
        await pilot.resize_terminal(*LARGE)
        await wait_until(pilot, lambda: game_screen(app).drawing == "normal")
    assert settings.remembered_drawing() == "normal"


async def test_plus_says_what_terminal_the_larger_drawing_needs() -> None:
    session = two_guides()
    app = make_app(session)
    async with app.run_test(size=NORMAL) as pilot:
        await pilot.pause()
        await pilot.press("plus")
        await pilot.pause()
        screen = game_screen(app)
        assert screen.drawing == "normal"
        prompt = str(screen.query_one("#prompt").render())
        assert "160 × 48" in prompt and "120 × 36" in prompt


async def test_a_move_repaints_only_the_bottom_border_of_the_player_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A move changes the player board's "actions left" alone: its tracks and abilities are
    not drawn again (speed is measured by bench/app.py; here the work is bounded)."""
    app = make_app(two_guides())
    async with app.run_test(size=NORMAL) as pilot:
        await wait_until(pilot, lambda: game_screen(app).human_turn)
        board = game_screen(app).query_one("#player-0", PlayerBoard)
        assert board.border_subtitle == "4 actions left"
        dirty: list[Region] = []
        set_dirty = board._set_dirty

        def spy(*regions: Region) -> None:
            dirty.append(
                Region.from_union([r.translate(board.content_offset) for r in regions])
                if regions
                else board.outer_size.region
            )
            set_dirty(*regions)

        monkeypatch.setattr(board, "_set_dirty", spy)
        await pilot.press("m", "enter")
        await wait_until(pilot, lambda: board.border_subtitle == "3 actions left")
        bottom = Region(0, board.outer_size.height - 1, board.outer_size.width, 1)
        assert dirty and all(region == bottom for region in dirty)


async def test_a_move_draws_again_only_the_guide_card_lines_it_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The compact card's six lines: a move changes the actions left (and not the tracks,
    the animals spotted or the turn), so one line is drawn again."""
    app = make_app(two_guides())
    async with app.run_test(size=COMPACT) as pilot:
        await wait_until(pilot, lambda: game_screen(app).human_turn)
        card = game_screen(app).query_one(GuideCard)
        await pilot.pause()
        drawn = [card.render_line(y) for y in range(card.size.height)]
        dirty: list[Region] = []
        set_dirty = card._set_dirty

        def spy(*regions: Region) -> None:
            dirty.extend(regions or [card.size.region])
            set_dirty(*regions)

        monkeypatch.setattr(card, "_set_dirty", spy)
        await pilot.press("m", "enter")
        await wait_until(pilot, lambda: "3 actions" in card.render_line(0).text)
        assert dirty and all(region == Region(0, 0, card.size.width, 1) for region in dirty)
        again = [card.render_line(y) for y in range(card.size.height)]
        assert [new is old for new, old in zip(again, drawn, strict=True)] == [
            False,
            *[True] * (len(drawn) - 1),
        ]


async def test_the_drawing_switches_keep_the_game_and_its_log() -> None:
    session = two_guides()
    app = make_app(session)
    async with app.run_test(size=NORMAL) as pilot:
        start = session.state.vehicle[0]
        await wait_until(pilot, lambda: game_screen(app).human_turn)
        await pilot.press("m", "enter")
        await wait_until(pilot, lambda: session.state.vehicle[0] != start)
        moved = session.state.vehicle[0]
        await pilot.resize_terminal(*COMPACT)
        await wait_until(pilot, lambda: game_screen(app).drawing == "compact")
        screen = game_screen(app)
        # The drawing is set before the screen is composed again: until then it has no board.
        await wait_until(pilot, lambda: [b.cursor for b in screen.query(BoardView)] == [moved])
        await pilot.press("o", "o")  # the log's page
        await wait_until(pilot, lambda: screen.page == "log")
        log = screen.query_one(GameLog)
        await wait_until(pilot, lambda: any("drives" in line.text for line in log.lines))
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen.page == "board-page")
        await pilot.press("u")
        await wait_until(pilot, lambda: session.state.actions_left == 4)


async def test_a_widget_kind_the_layout_lacks_is_looked_for_once_per_composition(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The guide's card is the compact layout's alone: beside the normal board the screen
    remembers that it has none instead of walking the whole screen for it on each call."""
    app = make_app(two_guides())
    async with app.run_test(size=NORMAL) as pilot:
        await wait_until(pilot, lambda: game_screen(app).human_turn)
        screen = game_screen(app)
        searched: list[object] = []
        query = screen.query

        def counted(selector: str | None = None) -> DOMQuery[Widget]:
            searched.append(selector)
            return query(selector)

        monkeypatch.setattr(screen, "query", counted)
        assert screen._all(GuideCard) == [] and screen._all(GuideCard) == []
        assert searched == [GuideCard]


async def test_a_repaint_while_the_screen_is_laid_out_again_leaves_no_stale_parts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A repaint that asks for the screen's parts between the new layout's composition and
    its mounting finds none yet; once the switch is done they are found again."""
    app = make_app(two_guides())
    async with app.run_test(size=NORMAL) as pilot:
        await wait_until(pilot, lambda: game_screen(app).human_turn)
        screen = game_screen(app)
        compose = screen.compose

        def compose_then_repaint() -> ComposeResult:
            yield from compose()
            assert screen._all(GuideCard) == []  # composed, not mounted yet

        monkeypatch.setattr(screen, "compose", compose_then_repaint)
        await pilot.press("minus")
        await wait_until(pilot, lambda: game_screen(app).drawing == "compact")
        await pilot.pause()
        assert screen._all(GuideCard) == [screen.query_one(GuideCard)]


async def test_the_compact_panels_key_shows_the_guides_and_table_then_the_log() -> None:
    session = two_guides()
    app = make_app(session)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        pages = screen.query_one(ContentSwitcher)
        assert pages.current == "board-page"
        await pilot.press("o")
        await pilot.pause()
        assert pages.current == "guides-page"
        assert screen.query_one(TableInfo).region.height > 10
        players = [board.region for board in screen.query("PlayerBoard")]
        assert len(players) == 2 and all(region.height >= 5 for region in players)
        await pilot.press("o")
        await pilot.pause()
        assert pages.current == "log" and screen.query_one(GameLog).region.height >= 15
        await pilot.press("escape")
        await pilot.pause()
        assert pages.current == "board-page" and screen.query_one(BoardView).has_focus
        await pilot.press("o", "o")  # from the log page an action key goes back to the board
        await pilot.press("m")
        await pilot.pause()
        assert pages.current == "board-page" and screen.query_one(BoardView).targeting


async def test_the_panels_key_only_shows_where_it_does_something() -> None:
    for size, shown in ((COMPACT, True), (NORMAL, False)):
        app = make_app(two_guides())
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = game_screen(app)
            assert bool(screen.check_action("panels", ())) is shown


async def test_the_compact_action_bar_keeps_to_its_rows_and_marks_legal_actions() -> None:
    app = make_app(two_guides())
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        bar = game_screen(app).query_one(ActionBar)
        keys = str(bar.query_one("#action-keys").render()).splitlines()
        prompt = str(bar.query_one("#prompt").render()).splitlines()
        assert len(keys) + len(prompt) <= 3
        text = " ".join(keys)
        assert "move" in text and "detour" not in text  # illegal: the key alone
        assert " d " in f" {text} "


async def test_the_log_scrolls_with_page_keys_while_the_board_has_the_keys() -> None:
    session = two_guides()
    app = make_app(session)
    async with app.run_test(size=NORMAL) as pilot:
        await pilot.pause()
        for _ in range(3):
            await pilot.press("m", "enter", "u")
        await pilot.pause()
        log = game_screen(app).query_one(GameLog)
        board = game_screen(app).query_one(BoardView)
        log.scroll_end(animate=False)
        await pilot.pause()
        bottom = log.scroll_y
        await pilot.press("pageup")
        await pilot.pause()
        assert board.has_focus
        if log.max_scroll_y:
            assert log.scroll_y < bottom
        await pilot.press("pagedown")
        await pilot.pause()
        assert log.scroll_y == bottom


async def test_the_cursor_goes_to_the_active_vehicle_at_the_start_of_a_turn() -> None:
    session = two_guides()
    app = make_app(session)
    async with app.run_test(size=NORMAL) as pilot:
        await pilot.pause()
        board = game_screen(app).query_one(BoardView)
        await pilot.press("left", "left", "up")
        assert board.cursor != session.state.vehicle[0]
        await end_turn(pilot, app)  # end Kate's turn: David's begins
        await wait_until(pilot, lambda: session.state.seat == 1)
        await wait_until(pilot, lambda: board.cursor == session.state.vehicle[1])


async def test_food_with_one_token_in_view_is_taken_at_once() -> None:
    session = two_guides(vehicles={"kate": {"at": "★4", "food": 3}}, tokens={"★1": "food"})
    app = make_app(session)
    async with app.run_test(size=NORMAL) as pilot:
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        assert session.state.food[0] == 5
        assert not game_screen(app).query_one(BoardView).targeting


async def test_the_influence_dialog_says_what_each_card_does() -> None:
    session = two_guides(cards={"top": ["fire", "giraffe"]})
    app = make_app(session)
    async with app.run_test(size=NORMAL) as pilot:
        await pilot.pause()
        await pilot.press("i", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        options = app.screen.query_one(OptionList)
        texts = [str(options.get_option_at_index(i).prompt) for i in range(2)]
        assert "Fire — Roll and place a fire marker." in texts[0]
        assert "Giraffe — You have 2 extra actions this turn." in texts[1]
        await pilot.press("1")
        await pilot.pause()
        assert session.state.phase == Phase.ACTIONS


async def test_the_inspector_says_terrain_edges_items_and_who_sees_the_space() -> None:
    session = two_guides(tokens={"★5": "lion"})
    app = make_app(session)
    async with app.run_test(size=NORMAL) as pilot:
        await pilot.pause()
        board = game_screen(app).query_one(BoardView)
        kate = session.state.vehicle[0]
        text = board.describe(kate)
        assert text.startswith(session.game.board.names[kate])
        assert "savanna" in text and "Kate's vehicle" in text and "seen by Kate" in text
        assert "open on all six sides" in text  # the test board has no bushes or rivers
        assert "(" not in text  # the typed key form is left out
        lines = [board.render_line(y).text for y in range(2)]
        assert any(text in line for line in lines)


async def test_the_palette_has_one_theme_entry_and_the_board_commands() -> None:
    app = make_app(two_guides())
    async with app.run_test(size=LARGE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.press(*"theme")
        await wait_until(pilot, lambda: palette_highlights(app, "Theme"))
        commands = app.screen.query_one(CommandList)
        prompts = [
            str(commands.get_option_at_index(i).prompt) for i in range(commands.option_count)
        ]
        assert sum("Theme" in prompt for prompt in prompts) == 1, prompts
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.press(*"Board: smaller")
        await wait_until(pilot, lambda: palette_highlights(app, "Board: smaller drawing"))
        await pilot.press("enter")
        await wait_until(pilot, lambda: game_screen(app).drawing == "normal")


async def test_the_colour_blind_theme_draws_every_terrain_and_edge_apart() -> None:
    app = make_app(two_guides(), theme="savanna-colour-blind")
    async with app.run_test(size=NORMAL) as pilot:
        await pilot.pause()
        board = game_screen(app).query_one(BoardView)
        drawn = [
            segment.style for y in range(board.size.height) for segment in board.render_line(y)
        ]
        fills = {
            style.bgcolor.triplet.hex.upper()
            for style in drawn
            if style and style.bgcolor and style.bgcolor.triplet
        }
        colours = {
            style.color.triplet.hex.upper()
            for style in drawn
            if style and style.color and style.color.triplet
        }
    painted = {part: board_paint("savanna-colour-blind", part) for part in TERRAIN_PARTS.values()}
    edges = {
        board_paint("savanna-colour-blind", part).color.upper() for part in FEATURE_PARTS.values()
    }
    assert len({paint.background for paint in painted.values()}) == 5 and len(edges) == 3
    assert {paint.background.upper() for paint in painted.values()} <= fills
    assert edges <= colours
    assert "#009E73" in fills and "#D55E00" in colours  # Okabe and Ito's palette


def test_the_view_keys_take_no_key_that_is_bound_to_anything_else() -> None:
    from test_keys import _all_node_classes, _bindings, _ours

    from bigfive_tui.app.keys.table import ACTION_KEYS, COMMAND_KEYS, OTHER_KEYS, VIEW_KEYS

    ours = {entry.key: entry.action for entry in VIEW_KEYS}
    assert not ours.keys() & {entry.key for entry in ACTION_KEYS}
    assert not ours.keys() & {
        key for entry in COMMAND_KEYS for key in (entry.key, entry.browser_key)
    }
    for cls in filter(_ours, _all_node_classes()):  # Textual's own scroll PgUp/PgDn alike
        for key, action in _bindings(cls):
            if key in ours:
                assert action == ours[key], f"{cls.__qualname__} binds {key} to {action}"
    helped = dict(OTHER_KEYS)
    assert all(entry.display in helped for entry in VIEW_KEYS)  # the help lists them
