"""Playing turns with keys and with the mouse (Textual Pilot)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_app_support import (
    SIZE,
    click_space,
    game_screen,
    make_app,
    prompt_text,
    scenario_session,
    seeded_session,
    showing,
    space,
    wait_until,
)
from test_new_game_layout import screen_lines
from textual.content import Content
from textual.widgets import Input, Static

from bigfive_tui.app.components.action_bar import KEPT_ROWS, ActionBar, KeyRows, key_rows
from bigfive_tui.app.components.board_view import BoardView
from bigfive_tui.app.components.key_bar import ESSENTIAL, GENERAL, MODE, KeyBar, fitted
from bigfive_tui.app.components.player_board import (
    SHORT_ABILITIES,
    WIDE,
    PlayerBoard,
    lasting_words,
)
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.screens.dialogs import (
    ChoiceDialog,
    ConfirmDialog,
    ExchangeDialog,
    HandOverScreen,
    LosingConfirmDialog,
    SaveDialog,
)
from bigfive_tui.app.screens.end import EndScreen
from bigfive_tui.app.screens.steps import StepsScreen
from bigfive_tui.app.screens.too_small import TooSmallScreen
from bigfive_tui.engine.actions import Act, Action
from bigfive_tui.engine.content import Guide, Species
from bigfive_tui.engine.session import Session
from bigfive_tui.engine.state import Phase


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def two_guides(**extra: Any) -> Session:
    data: dict[str, Any] = {
        "guides": ["kate", "david"],
        "vehicles": {"kate": {"at": "★4"}, "david": {"at": "♣4"}},
        "turn": {"guide": "kate", "phase": "actions"},
        "cards": {"top": ["giraffe", "wildebeest"]},
    }
    for key, value in extra.items():
        mergeable = key != "vehicles" or "guides" not in extra
        if mergeable and isinstance(value, dict) and isinstance(data.get(key), dict):
            data[key] = {**data[key], **value}
        else:
            data[key] = value
    return scenario_session(data)


async def test_move_with_keys_and_undo() -> None:
    session = two_guides()
    before = session.state
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        targets = set(game_screen(app).query_one(BoardView).targets)
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.vehicle[0] in targets
        assert session.state.vehicle[0] != before.vehicle[0]
        assert session.state.actions_left == 3
        assert session.log[-1].rule == "R-move"
        await pilot.press("u")
        await pilot.pause()
        assert session.state == before
        assert "Undone" in prompt_text(app)


async def test_move_with_mouse() -> None:
    session = two_guides()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await click_space(pilot, app, space("★5"))
        assert session.state.vehicle[0] == space("★5")
        assert session.state.actions_left == 3


async def test_cancel_target_mode_with_escape() -> None:
    session = two_guides()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m", "escape")
        await pilot.pause()
        assert session.state.actions_left == 4
        assert not game_screen(app).query_one(BoardView).targeting


async def test_spot_with_keys_and_with_mouse() -> None:
    session = two_guides(
        guides=["david", "kate"],
        vehicles={"david": {"at": "★4"}, "kate": {"at": "♣4"}},
        turn={"guide": "david", "phase": "actions"},
        tokens={"★5": "lion", "★1": "buffalo"},
    )
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        board = game_screen(app).query_one(BoardView)
        assert set(board.targets) == {space("★5"), space("★1")}
        # Move the cursor onto ★5 explicitly, then confirm.
        board.cursor = space("★5")
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.spotted[0] & (1 << Species.LION)
        # ★1 is next to David: a click offers both driving there and spotting.
        await click_space(pilot, app, space("★1"))
        assert isinstance(app.screen, ChoiceDialog)
        choice = next(i for i, text in enumerate(app.screen.options) if "spot" in text)
        await pilot.press(str(choice + 1))
        await pilot.pause()
        assert session.state.spotted[0] & (1 << Species.BUFFALO)
        assert session.state.actions_left == 2


async def test_extinguish_refuel_and_food() -> None:
    session = two_guides(
        vehicles={"kate": {"at": "★4", "fuel": 3, "food": 3}},
        fires={"★5": 2},
        tokens={"★1": "food"},
    )
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("x", "enter")
        await pilot.pause()
        assert session.state.fires[space("★5")] == 1
        await pilot.press("f")  # one food token in view: taken at once, as refuel is
        await pilot.pause()
        assert session.state.food[0] == 5
        await pilot.press("r")
        await pilot.pause()
        assert "park entrance" in prompt_text(app)
        assert session.state.fuel[0] == 3


async def test_the_enter_after_food_taken_at_once_does_not_move_the_vehicle() -> None:
    """f with one food token in reach takes it at once; a player used to confirming targets
    presses Enter next out of habit, with the cursor on a space the vehicle could move to."""
    session = two_guides(vehicles={"kate": {"at": "★4", "food": 3}}, tokens={"★5": "food"})
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game_screen(app).query_one(BoardView).cursor = space("★5")
        await pilot.press("f")
        await pilot.pause()
        assert session.state.food[0] == 5
        assert "Food, at once" in prompt_text(app)
        assert "takes food: +2" in prompt_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.vehicle[0] == space("★4"), "the habitual Enter moved the vehicle"
        assert session.state.actions_left == 3
        assert "Enter did nothing" in prompt_text(app)
        await pilot.press("enter")  # the next Enter is meant: it acts on the space
        await pilot.pause()
        assert session.state.vehicle[0] == space("★5")


async def test_after_refuel_at_once_enter_acts_again_once_the_cursor_moved() -> None:
    from test_app_support import OPEN

    session = two_guides(vehicles={"kate": {"at": OPEN.names[0], "fuel": 2}})
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = game_screen(app).query_one(BoardView)
        start = board.cursor
        await pilot.press("r")
        await pilot.pause()
        assert session.state.fuel[0] == session.game.caps[0]
        assert "Refuel, at once" in prompt_text(app)
        await pilot.press("right")  # the cursor moved on: Enter is meant
        await pilot.pause()
        assert board.cursor != start
        await pilot.press("enter")
        await pilot.pause()
        assert "Enter did nothing" not in prompt_text(app)


async def test_the_compact_layout_says_what_an_action_did_where_the_log_is_a_page_away() -> None:
    session = two_guides()
    app = make_app(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m", "enter")
        await wait_until(pilot, lambda: session.state.actions_left == 3)
        await pilot.pause()
        moved = session.state.game.board.names[session.state.vehicle[0]]
        assert f"Kate drives to {moved}" in prompt_text(app)
        assert "Kate: 3 actions left." in prompt_text(app)


async def test_refuel_at_the_gate() -> None:
    gate = "♠c"  # any name; replaced below by the west gate space
    from test_app_support import OPEN

    gate = OPEN.names[0]
    session = two_guides(vehicles={"kate": {"at": gate, "fuel": 2}})
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert session.state.fuel[0] == session.game.caps[0]


def kate_beside_david_low_on_fuel() -> Session:
    return two_guides(
        vehicles={"kate": {"at": "★4", "fuel": 6}, "david": {"at": "★4", "fuel": 2}},
    )


async def test_exchange_dialog_offers_only_legal_choices() -> None:
    session = kate_beside_david_low_on_fuel()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, ExchangeDialog)
        # Kate gives fuel to David by default; step the amount up to 2 and give.
        await pilot.press("down", "down", "down", "right")
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.fuel == [4, 4]
        assert session.state.actions_left == 4
        assert session.log[-1].rule == "R-exchange"


async def test_the_exchange_dialog_shows_which_field_the_arrows_change_in_plain_text() -> None:
    """A first game's reader changed the wrong one of the four fields twice: their focus was
    a colour only. The ◀ ▶ stand beside the focused field alone."""
    from bigfive_tui.app.components.cycle_field import CycleField

    session = kate_beside_david_low_on_fuel()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()

        def with_arrows() -> list[str]:
            fields = app.screen.query(CycleField)
            return [field.id or "" for field in fields if "◀" in str(field.render())]

        assert with_arrows() == ["giver"]
        await pilot.press("down", "down")
        await pilot.pause()
        assert with_arrows() == ["resource"]


async def test_RU_exchange_giving_away_the_last_food_asks_this_loses_the_game_first() -> None:
    session = two_guides(
        vehicles={
            "kate": {"at": "★4", "fuel": 0, "food": 1},
            "david": {"at": "★4", "fuel": 6, "food": 4},
        },
    )
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, ExchangeDialog)
        summary = str(app.screen.query_one("#exchange-summary", Static).render())
        assert summary.startswith("David gives")  # never a losing exchange offered first
        await pilot.press("right")  # Kate gives instead: only her last food
        await pilot.pause()
        summary = str(app.screen.query_one("#exchange-summary", Static).render())
        assert "Kate gives 1 food to David" in summary and "This loses the game" in summary
        await pilot.press("enter")  # give: the rules allow it, the game asks first
        await pilot.pause()
        assert isinstance(app.screen, LosingConfirmDialog)
        assert "This loses the game" in app.screen.question
        await pilot.press("enter")  # Enter keeps the food
        await pilot.pause()
        assert session.state.food == [1, 4] and not session.state.outcome
        await pilot.press("g", "right", "enter")
        await pilot.pause()
        await pilot.press("y")  # only y gives it away
        await pilot.pause()
        assert session.state.outcome == "lost:food"


async def test_exchange_refused_with_reason_when_nobody_is_in_view() -> None:
    session = two_guides()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        assert not isinstance(app.screen, ExchangeDialog)
        assert "clear view" in prompt_text(app)


async def test_illegal_action_says_why() -> None:
    session = two_guides(vehicles={"kate": {"at": "★4", "fuel": 0}})
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert "no fuel" in prompt_text(app)
        await pilot.press("d")
        await pilot.pause()
        assert "park entrance" in prompt_text(app)
        await pilot.press("u")
        await pilot.pause()
        assert "Nothing to undo" in prompt_text(app)


async def test_end_turn_asks_then_hands_over_and_draws() -> None:
    session = two_guides()
    app = make_app(session, card_pause=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.seat == 1
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")  # draw
        await pilot.pause()
        assert session.state.phase == Phase.ACTIONS
        assert session.texts[-1] == "draw"
        await pilot.press("space")  # close the card
        await pilot.pause()
        assert app.screen is game_screen(app)
        # giraffe was on top: +2 actions for David
        assert session.state.actions_left == 6


async def test_hand_over_escape_then_draw_key() -> None:
    session = two_guides(turn={"guide": "kate", "phase": "draw"})
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert session.state.phase == Phase.DRAW
        await pilot.press("m")
        await pilot.pause()
        assert "draw" in prompt_text(app)
        await pilot.press("D")
        await pilot.pause()
        assert session.state.phase == Phase.ACTIONS


async def test_influence_asks_which_card_to_discard() -> None:
    session = two_guides(cards={"top": ["fire", "giraffe"]})
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)  # four actions that undo cannot return
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        assert session.state.phase == Phase.INFLUENCE
        assert "a choice is needed" in str(app.screen.query_one("#choice-keys").render())
        await pilot.press("escape")  # cannot be skipped: the dialog stays
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("1")  # discard the top card (the fire)
        await pilot.pause()
        assert session.state.phase == Phase.ACTIONS
        assert session.log[-1].text.startswith("Kate discards Fire")


async def test_an_extra_animal_is_placed_only_after_a_yes() -> None:
    session = two_guides()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert session.state.actions_left == 4 and not session.texts
        await pilot.press("a", "enter")
        await pilot.pause()
        assert session.state.actions_left == 0
        assert session.texts == ["extra animal"]


async def test_undoing_the_discard_choice_asks_again() -> None:
    session = two_guides(cards={"top": ["fire", "giraffe"]})
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("i", "enter")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert session.state.phase == Phase.ACTIONS
        await pilot.press("u")
        await pilot.pause()
        assert session.state.phase == Phase.INFLUENCE
        assert isinstance(app.screen, ChoiceDialog)  # the choice is open again, not hidden
        await pilot.press("2")  # this time discard the second card (the giraffe)
        await pilot.pause()
        assert session.log[-1].text.startswith("Kate discards Giraffe")


async def test_anna_token_and_repair() -> None:
    session = two_guides(
        guides=["anna", "kate"],
        vehicles={"anna": {"at": "★4", "flat": "repairable"}, "kate": {"at": "♣4"}},
        turn={"guide": "anna", "phase": "actions"},
    )
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("1")  # use it: +1 action
        await pilot.pause()
        assert session.state.actions_left == 5
        await pilot.press("R", "enter")
        await pilot.pause()
        assert session.state.flat[0] == 0
        assert session.state.actions_left == 2


async def test_line_of_sight_toggles() -> None:
    session = two_guides()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = game_screen(app).query_one(BoardView)
        await pilot.press("v")
        await pilot.pause()
        here = session.state.vehicle[0]
        expected = set(session.game.board.view[here]) | set(session.game.board.long_view[here])
        assert set(board.sight) == expected
        await pilot.press("v")
        await pilot.pause()
        assert not board.sight


async def test_small_terminal_gets_a_clear_message() -> None:
    session = two_guides()
    app = make_app(session)
    async with app.run_test(size=(79, 24)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert screen.has_class("-too-small")
        message = screen.query_one("#too-small")
        assert message.display and message.region.height > 0
        assert "at least 80 × 24" in str(message.render())
        await pilot.press("m")
        assert session.state.actions_left == 4
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        assert not screen.has_class("-too-small")
        assert isinstance(app.focused, BoardView)  # the keys reach the board again


async def test_the_board_has_the_keys_again_after_the_terminal_was_too_small() -> None:
    app = make_app(two_guides())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        board = game_screen(app).query_one(BoardView)
        assert app.focused is board
        before = board.cursor
        await pilot.press("right")
        await pilot.pause()
        assert board.cursor != before


async def test_action_bar_entries_are_clickable() -> None:
    session = two_guides()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        keys = game_screen(app).query_one("#action-keys")
        first_line = str(keys.render()).splitlines()[0]
        await pilot.click(keys, offset=(first_line.index("move"), 0))
        await pilot.pause()
        board = game_screen(app).query_one(BoardView)
        assert board.targeting
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.actions_left == 3


async def test_the_action_bar_keeps_one_drawing_for_legal_actions_that_show_the_same_keys() -> None:
    app = make_app(two_guides())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bar = game_screen(app).query_one(ActionBar)
        rows = bar.query_one(KeyRows)
        shown = []
        for repair in (Act.REPAIR_GATE, Act.REPAIR_VEHICLE):  # one key, "repair", for both
            bar.show_actions({Act.MOVE, repair, Act.END})
            await pilot.pause()
            shown.append(rows.drawing_key)
        assert shown[0] == shown[1]
        kinds = list(Act)
        for first in range(len(kinds)):
            bar.show_actions(set(kinds[first:]))
            bar.show_actions(set(kinds[: first + 1]))
        assert key_rows.cache_info().currsize <= KEPT_ROWS


async def test_debug_mode_steps_through_the_rule_resolution() -> None:
    session = two_guides(tokens={"★5": "lion"})
    app = make_app(session, step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game_screen(app).play(Action(Act.SPOT, session.game.board.find("★5") or 0))
        await pilot.pause()
        steps = app.screen
        assert isinstance(steps, StepsScreen)
        assert [s.rule for s in steps.steps] == ["RU-kate-free", "R-spot-flip", "R-spot-take"]
        assert "looks for the animal" in str(steps.query_one("#steps-happened").render())
        await pilot.press("right")
        assert steps.index == 1
        assert "R-spot-flip:" in str(steps.query_one("#steps-rule").render())
        await pilot.press("left")
        assert steps.index == 0
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, StepsScreen)
        await pilot.press("f12")  # debug mode off: the next action is not stepped through
        await pilot.press("m", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, StepsScreen)
        assert session.log[-1].rule in ("R-move", "R-move-hill")


async def test_the_token_key_appears_only_when_anna_plays() -> None:
    def bar_text(app: BigFiveApp) -> str:
        return str(game_screen(app).query_one("#action-keys").render())

    def keys(app: BigFiveApp) -> list[str]:
        """The keys on the bar (a tight bar shows an illegal action by its key alone)."""
        return [word for word in bar_text(app).split() if len(word) == 1]

    app = make_app(two_guides())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "t" not in keys(app) and "end turn" in bar_text(app)
    with_anna = make_app(
        two_guides(guides=["anna", "kate"], vehicles={"anna": {"at": "★4"}, "kate": {"at": "♣4"}})
    )
    async with with_anna.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "t" in keys(with_anna)


async def test_f12_turns_debug_mode_off_for_the_next_games_too() -> None:
    app = make_app(two_guides(), step_through=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f12")
        await pilot.pause()
        assert not game_screen(app).step_through
        assert not app.step_through  # a new or loaded game starts without it


def test_a_flat_tyre_waits_for_a_broken_gate_on_the_player_board() -> None:
    state = two_guides(
        vehicles={"kate": {"at": "★4", "flat": "repairable"}, "david": {"at": "♣4"}},
        cards={"broken_gates": ["west"], "top": ["giraffe"]},
    ).state
    assert "flat tyre: repair after the gate" in lasting_words(state, 0)


async def test_a_river_space_s_top_line_says_when_the_rivers_are_closed() -> None:
    """Played at 80 x 24 during heavy rain: the top line said "river SW" as on a dry day (the
    card lies a page away there); it says the rivers are closed to the guide at the wheel."""
    from bigfive_tui.app.words.describe import rivers_closed_words
    from bigfive_tui.engine.pieces import Feature

    rain = two_guides(board="classic", cards={"top": ["giraffe"], "rain": ["david"]})
    dry = two_guides(board="classic")
    board = rain.state.game.board
    rivers = [
        c for c in range(len(board.names)) if any(f & Feature.RIVER for f in board.features[c])
    ]
    cell = rivers[0]
    dry_cell = next(c for c in range(len(board.names)) if not any(board.features[c]))
    assert rivers_closed_words(dry.state, cell) == ""
    assert rivers_closed_words(rain.state, dry_cell) == ""
    words = "rivers closed now (rain)"  # to everybody: shorter, so the contents fit too
    assert rivers_closed_words(rain.state, cell) == words
    hippos = two_guides(board="classic", cards={"top": ["giraffe"], "hippos": ["kate"]})
    assert rivers_closed_words(hippos.state, cell) == "rivers closed to Kate now (hippos)"
    app = make_app(rain)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert words in game_screen(app).query_one(BoardView).describe(cell)


def test_anna_s_token_is_told_without_a_piece_symbol() -> None:
    """Played at 80 x 24: the guide card's "★ token" was read as a token on the ★ piece (★ is
    one of the board's piece symbols). The player board, its short ability and the guide card
    name the token in words."""
    from bigfive_tui.app.components.player_board import short_effects
    from bigfive_tui.assets import load_pieces

    symbols = {piece.symbol for piece in load_pieces().values()}
    state = seeded_session(8, (Guide.ANNA, Guide.KATE)).state
    assert state.token_holder == 0
    told = [*lasting_words(state, 0), short_effects(state, 0), SHORT_ABILITIES[Guide.ANNA]]
    assert "extra-action token" in told and "+1 token" in told[-2]
    assert not [words for words in told if symbols & set(words)], told


def test_anna_s_token_is_told_used_lent_and_back_on_every_board() -> None:
    """Played at 80 x 24: "+1 token" stayed on Anna's board after she lent it, and Kate had
    an action more with nothing saying why. Each board tells where the token is and what it
    does, in full and in the guide card's short form."""
    from bigfive_tui.app.components.player_board import short_effects
    from bigfive_tui.engine.actions import Act

    session = seeded_session(8, (Guide.ANNA, Guide.KATE))
    while session.state.phase != Phase.ACTIONS:
        session.play(session.legal_actions()[0])
    state = session.state
    assert lasting_words(state, 0)[-1] == "extra-action token" and short_effects(state, 0)
    assert "+1 token" in short_effects(state, 0) and "used" not in short_effects(state, 0)

    give = next(action for action in session.legal_actions() if action.kind == Act.TOKEN_GIVE)
    session.play(give)
    state = session.state
    assert "extra-action token" not in " ".join(lasting_words(state, 0))
    assert lasting_words(state, 1)[-1] == "Anna's token: +1 action next turn"
    assert "+1 next turn (Anna)" in short_effects(state, 1)

    while session.state.seat != 1 or session.state.phase != Phase.ACTIONS:
        session.play(next(a for a in session.legal_actions() if a.kind in (Act.END, Act.DRAW)))
    state = session.state
    assert lasting_words(state, 1)[-1] == "Anna's token: +1 action in this turn's count"
    assert "+1 counted (Anna)" in short_effects(state, 1)

    while session.state.seat != 0 or session.state.phase != Phase.ACTIONS:
        session.play(next(a for a in session.legal_actions() if a.kind in (Act.END, Act.DRAW)))
    session.play(next(a for a in session.legal_actions() if a.kind == Act.TOKEN_USE))
    state = session.state
    assert lasting_words(state, 0)[-1] == "extra-action token (used this turn)"
    assert "+1 token used" in short_effects(state, 0)


async def test_the_debug_trail_keeps_the_current_step_in_view() -> None:
    from textual.app import App

    from bigfive_tui.engine.actions import Step

    steps = [Step(f"R-test-{i}", "roll", f"roll number {i}") for i in range(30)]

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(StepsScreen("Debug", steps))

    app = Host()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(15):
            await pilot.press("right")
        await pilot.pause()
        trail = str(app.screen.query_one("#steps-trail").render())
        assert "▶ R-test-15" in trail and "earlier" in trail and "more" in trail
        assert len(trail.splitlines()) <= 12


async def test_with_nothing_left_to_do_the_prompt_points_to_ending_the_turn() -> None:
    session = two_guides(turn={"guide": "kate", "phase": "actions", "actions_left": 0})
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "press e to end it" in prompt_text(app)


async def test_with_five_guides_the_computer_mark_stays_in_the_panel_title() -> None:
    session = two_guides(
        guides=["jack", "david", "anna", "kate", "sam"],
        vehicles={
            "jack": {"at": "★4"},
            "david": {"at": "♣4"},
            "anna": {"at": "♠4"},
            "kate": {"at": "♦4"},
            "sam": {"at": "♥4"},
        },
        turn={"guide": "kate", "phase": "actions"},
    )
    app = make_app(session, computer_seats=frozenset({0}))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if game_screen(app).drawing == "compact":
            await pilot.press("o")  # the player boards' page
            await pilot.pause()
        panel = game_screen(app).query_one("#player-0")
        assert "(computer)" in str(panel.border_title)
        assert len(str(panel.border_title)) <= panel.size.width - 4


def key_bar_text(app: BigFiveApp) -> str:
    return str(game_screen(app).query_one(KeyBar).render())


# The keys of each mode that must stay in the bar at 120 columns (a play-test saw the palette's
# key cut in half: "^q Quit  ▏^p").
MODE_KEYS = {
    "board": ("⏎ Act on space", "v Line of sight"),
    "move": ("n Next target", "p Prev target", "⏎ Choose", "esc Cancel"),
    "spot": ("n Next target", "p Prev target", "⏎ Choose", "esc Cancel"),
    "sight": ("⏎ Act on space", "v Line of sight"),
    "end turn dialog": ("⏎ Act on space",),
}
MODE_PRESSES = {"board": (), "move": ("m",), "spot": ("s",), "sight": ("v",)}


@pytest.mark.parametrize("mode", MODE_KEYS)
@pytest.mark.parametrize("size", [(120, 36), (120, 34)])
async def test_the_key_bar_leaves_out_whole_keys_and_keeps_mode_help_and_palette(
    mode: str, size: tuple[int, int]
) -> None:
    session = two_guides(
        vehicles={"kate": {"at": "★4"}, "david": {"at": "♣4"}},
        tokens={"★5": "lion up"},
    )
    app = make_app(session)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press(*MODE_PRESSES.get(mode, ("e",)))
        await pilot.pause()
        if mode == "end turn dialog":
            assert isinstance(app.screen, ConfirmDialog)
        text = key_bar_text(app)
        assert len(text) <= size[0], text  # every character a cell: nothing cut at the edge
        assert text.rstrip().endswith("▏^p palette"), text
        assert "? Help" in text, text
        for key in MODE_KEYS[mode]:
            assert key in text, (key, text)


def test_the_key_bar_drops_the_apps_keys_then_the_palette_then_mode_keys_never_half_a_key() -> None:
    names = [f"{key} {text}" for key, text, _ in BAR_PARTS]
    parts = [(Content(f" {key} {text} "), rank) for key, text, rank in BAR_PARTS]
    wanted = {
        200: [*names, "palette"],
        60: ["↑↓←→ Move", "⏎ Choose", "? Help", "f1 Rules", "palette"],  # the rightmost first
        45: ["↑↓←→ Move", "⏎ Choose", "? Help", "palette"],
        32: ["↑↓←→ Move", "⏎ Choose", "? Help"],
        22: ["↑↓←→ Move", "? Help"],  # help names every key: it goes last
        12: ["? Help"],
        5: [],
    }
    for width, shown in wanted.items():
        kept, right = fitted(parts, Content("▏^p palette "), width)
        line = "".join(part.plain for part, _ in kept) + (" " + right.plain if right else "")
        assert len(line) <= width, (width, line)
        assert [name for name in [*names, "palette"] if name in line] == shown, (width, line)


BAR_PARTS = (
    ("↑↓←→", "Move", MODE),
    ("⏎", "Choose", MODE),
    ("?", "Help", ESSENTIAL),
    ("f1", "Rules", GENERAL),
    ("^q", "Quit", GENERAL),
)


async def test_the_end_screen_footer_shows_each_key_once() -> None:
    """It showed "q Quit  ^q Quit": both keys quit, the footer names one."""
    session = two_guides(
        vehicles={
            "kate": {"at": "★4", "spotted": ["lion", "leopard", "elephant", "rhino"]},
            "david": {"at": "♣4", "spotted": ["lion", "leopard", "elephant", "rhino", "buffalo"]},
        },
        tokens={"★5": "buffalo"},
    )
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s", "enter")
        await wait_until(pilot, lambda: showing(app, EndScreen))
        await wait_until(pilot, lambda: " New game " in str(app.screen.query_one(KeyBar).render()))
        line = str(app.screen.query_one(KeyBar).render())
        assert line.count(" Quit ") <= 1, line
        if app.size.width >= 100:  # at 80 columns Quit gives way (its button names q)
            assert " q Quit " in line, line
        await pilot.press("q")
        await wait_until(pilot, lambda: not app.is_running)


async def test_the_too_small_notice_covers_a_dialog_and_keeps_its_keys() -> None:
    """The game screen's notice sat under the hand-over dialog until Esc closed it."""
    session = two_guides(turn={"guide": "kate", "phase": "draw"})
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        await pilot.resize_terminal(70, 20)
        await wait_until(pilot, lambda: showing(app, TooSmallScreen))
        notice = str(app.screen.query_one(Static).render())
        assert "at least 80 × 24" in notice and "70 × 20" in notice, notice
        await pilot.press("enter")  # the hidden dialog does not draw the card
        await pilot.press("ctrl+p")  # nor does a palette open behind the notice
        await pilot.pause()
        assert session.state.phase == Phase.DRAW
        assert sum(isinstance(screen, TooSmallScreen) for screen in app.screen_stack) == 1
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(79, 23)
        await wait_until(pilot, lambda: "79 × 23" in str(app.screen.query_one(Static).render()))
        await pilot.resize_terminal(*SIZE)
        await wait_until(pilot, lambda: showing(app, HandOverScreen))
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.phase == Phase.ACTIONS


async def test_a_dialog_opened_while_the_terminal_is_too_small_gets_the_notice_too() -> None:
    app = make_app(two_guides())
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert app.screen is game_screen(app)  # the game screen shows its own notice
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: showing(app, TooSmallScreen))
        assert isinstance(app.screen_stack[-2], SaveDialog)
        await pilot.resize_terminal(*SIZE)
        await wait_until(pilot, lambda: showing(app, SaveDialog))
        await pilot.pause()
        assert isinstance(app.focused, Input)  # the name field has the keys again


async def test_five_narrow_player_boards_show_each_ability_whole_in_its_short_form() -> None:
    guides = (Guide.JACK, Guide.KATE, Guide.DAVID, Guide.SAM, Guide.ANNA)
    app = make_app(seeded_session(8, guides))
    async with app.run_test(size=(120, 34)) as pilot:
        await pilot.pause()
        await pilot.press("escape")  # look at the board
        await pilot.pause()
        boards = list(app.screen.query(PlayerBoard))
        assert len(boards) == 5 and all(b.content_size.width < WIDE for b in boards)
        lines = screen_lines(app)
        for board in boards:
            box = board.content_region
            shown = " ".join(line[box.x : box.right] for line in lines[box.y : box.bottom])
            assert SHORT_ABILITIES[board.guide] in " ".join(shown.split()), board.guide


async def test_a_prompt_that_reaches_the_bar_while_its_widgets_are_taken_down_is_dropped() -> None:
    """A computer's answer or the thinking spinner can reach the action bar while the app
    takes the screen's widgets down (quitting during a computer turn): no crash at the exit."""
    app = make_app(two_guides())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bar = game_screen(app).query_one(ActionBar)
        await bar.query_one("#prompt", Static).remove()
        await bar.query_one(KeyRows).remove()
        bar.prompt("Jack (computer): Drive to ♦3")
        bar.show_actions({Act.MOVE}, enabled=True)
        await pilot.pause()
        assert not bar.children


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
@pytest.mark.parametrize(
    ("roll", "words"),
    [("X", "An X: the animal stays face down in the supply."), ("♥1", "placed face down on ♥1")],
)
async def test_an_extra_animal_s_roll_is_told_whatever_it_gave(
    size: tuple[int, int], roll: str, words: str
) -> None:
    """An X left no mark on the board and the prompt went on to "press e": it said nothing."""
    session = two_guides(play={"dice": [roll]})
    app = make_app(session)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("a", "enter")
        await pilot.pause()
        told = [note.message for note in app._notifications]
        assert any(words in message for message in told), told


@pytest.mark.parametrize(("key", "word"), [("a", "extra animal"), ("i", "Influence")])
async def test_a_move_of_the_dutch_rules_says_so_where_it_is_offered(key: str, word: str) -> None:
    """Detour, influence and the extra animal exist only in the Dutch rulebook: a player who
    read the English one met them with no word of where they come from until F1."""
    from bigfive_tui.app.keys.table import ACTION_KEYS, DUTCH_ONLY
    from bigfive_tui.app.screens.help import big_five_help_lines

    dutch = [entry for entry in ACTION_KEYS if entry.name in DUTCH_ONLY]
    assert {entry.label for entry in dutch} == {"detour", "influence", "extra animal"}
    help_text = "\n".join(str(line) for line in big_five_help_lines())
    for entry in dutch:
        assert f"{entry.help}" in help_text and "Dutch rules" in entry.help
    app = make_app(two_guides())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(key)
        await wait_until(pilot, lambda: showing(app, ConfirmDialog))
        asked = " ".join(str(widget.render()) for widget in app.screen.query(Static))
        assert word in asked and "(a move of the Dutch rules)" in asked, asked
