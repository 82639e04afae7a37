"""The table beside the board keeps the supply and the species at risk in view, whatever the
card and the lasting effects (a play-test found them pushed off the bottom of the column)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_app_support import game_screen, make_app, scenario_session, seeded_session
from textual.content import Content

from bigfive_tui.app.components.table_info import (
    WRAPPED_KEPT,
    TableInfo,
    _wrapped,
    first_fitting,
    table_inputs,
    table_lines,
    wrapped,
)
from bigfive_tui.app.words.describe import drawn_card, lasting_effects
from bigfive_tui.engine.actions import Step
from bigfive_tui.engine.content import Guide
from bigfive_tui.engine.session import Session

SPECIES_ROWS = ("Lion", "Leopard", "Elephant", "Rhino")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def crowded_table() -> Session:
    """Five guides, Stolen food (-1 all) just drawn (one effect line per guide), heavy rain and
    a flat tyre lying out, ten cards discarded and two lions out of the game."""
    data: dict[str, Any] = {
        "guides": ["jack", "david", "anna", "kate", "sam"],
        "vehicles": {"sam": {"flat": True}},
        "animals": {"discarded": ["lion", "lion"]},
        "cards": {
            "top": ["stolen food (all)"],
            "discard": ["fire"] * 6 + ["animal"] * 4,
            "rain": ["david"],
        },
        "turn": {"guide": "kate", "phase": "draw", "number": 12},
    }
    session = scenario_session(data)
    session.play_text("draw")
    return session


def two_guides_influencing() -> Session:
    """Heavy rain and a flat tyre lying out, then an influence after the card: the look at the
    top two cards is not the card's doing and must not crowd the column."""
    data: dict[str, Any] = {
        "guides": ["kate", "david"],
        "vehicles": {"kate": {"at": "★4"}, "david": {"at": "♣4", "flat": True}},
        "cards": {"top": ["fire", "giraffe", "heavy rain"], "rain": ["david"]},
        "turn": {"guide": "kate", "phase": "draw"},
    }
    session = scenario_session(data)
    session.play_text("draw")
    session.play_text("influence")
    return session


def marks_to_explain() -> Session:
    """Two lions out while Kate still needs one, and every vehicle has spotted the leopard."""
    data: dict[str, Any] = {
        "guides": ["kate", "david"],
        "vehicles": {
            "kate": {"at": "★4", "spotted": ["leopard"]},
            "david": {"at": "♣4", "spotted": ["leopard", "lion"]},
        },
        "animals": {"discarded": ["lion", "lion"]},
        "turn": {"guide": "kate", "phase": "actions"},
    }
    return scenario_session(data)


def table_rows(table: TableInfo) -> list[str]:
    """The rows the widget shows on screen (scrolled content beyond its height is not)."""
    region = table.region
    strips = table.render_lines(region.reset_offset)
    return [strip.text.strip(" ▏") for strip in strips]


@pytest.mark.parametrize("size", [(120, 34), (120, 40), (160, 40)])
@pytest.mark.parametrize("make_session", [crowded_table, two_guides_influencing, marks_to_explain])
async def test_supply_and_species_at_risk_stay_in_view(
    size: tuple[int, int], make_session: Callable[[], Session]
) -> None:
    session = make_session()
    app = make_app(session)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        table = game_screen(app).query_one(TableInfo)
        rows = table_rows(table)
        assert len(rows) == table.size.height
        assert table.max_scroll_y == 0, "the table must fit without scrolling"
        assert any(row.startswith("Fires left") for row in rows), rows
        assert any(row.startswith("Animals left") for row in rows), rows
        assert "Out of game" in rows
        for name in SPECIES_ROWS:
            assert any(row.startswith(name) for row in rows), (name, rows)
        # The piles' counts keep one row and their words (a play-test saw "disc" / "10").
        deck = next(row for row in rows if row.startswith("Deck"))
        assert str(len(session.state.discard)) in deck


async def test_crowded_card_is_summarised_not_listed_per_guide() -> None:
    session = crowded_table()
    app = make_app(session)
    async with app.run_test(size=(120, 34)) as pilot:
        await pilot.pause()
        text = "\n".join(table_rows(game_screen(app).query_one(TableInfo)))
        assert "Every vehicle" in text and "loses 1 food" in text
        assert "Rivers closed" in text and "Flat tyre: Sam" in text
        assert "Lion     ✗✗· !" in text  # two of three gone while still needed
        assert "! 3rd out loses" in text
        assert "Deck 32 Disc 11" in text  # one row, at 15 cells too


@pytest.mark.parametrize("width", [16, 19, 24, 40])
def test_heavy_rain_says_the_rivers_are_closed_at_every_width(width: int) -> None:
    """Issue 27: "Rain: no rivers", the form 16 columns had at 80 x 24, left open whether the
    rivers were closed or gone."""
    (forms,) = [forms for forms in lasting_effects(crowded_table().state) if "ain" in forms[0]]
    shown = first_fitting(forms, width)
    assert len(shown) <= width and "rivers closed" in shown.lower()
    assert ("till David" in shown) == (width >= len("Rivers closed till David"))


def test_influence_is_not_shown_as_the_cards_effect() -> None:
    card, effects = drawn_card(two_guides_influencing().log)
    assert card is not None and card.name == "Fire"
    assert all(step.rule != "R-influence" for step in effects)


@pytest.mark.parametrize("width", [12, 16, 17, 24, 40])
@pytest.mark.parametrize("make_session", [crowded_table, two_guides_influencing])
def test_no_row_is_wider_or_more_than_the_column(
    width: int, make_session: Callable[[], Session]
) -> None:
    session = make_session()
    card, effects = drawn_card(session.log)
    lines = table_lines(session.state, card, effects, width, 21)
    assert len(lines) <= 21
    assert all(line.cell_length <= width for line in lines), [line.plain for line in lines]
    assert sum(line.plain.startswith(SPECIES_ROWS) for line in lines) == len(SPECIES_ROWS)


def test_a_long_effect_ends_with_an_ellipsis() -> None:
    session = crowded_table()
    card, _ = drawn_card(session.log)
    long = [Step("R-test", "effect", "word " * 80)]
    lines = table_lines(session.state, card, long, 16, 21)
    assert len(lines) == 21
    assert lines[-1].plain.endswith("…")


async def test_the_species_marks_are_explained_in_a_row_under_the_species() -> None:
    """A newcomer read "Leopard ··· ok" as nothing in particular."""
    app = make_app(marks_to_explain())
    async with app.run_test(size=(120, 34)) as pilot:
        await pilot.pause()
        rows = table_rows(game_screen(app).query_one(TableInfo))
        species = rows.index("Out of game") + 1
        assert rows[species : species + 7] == [
            "Lion     ✗✗· !",
            "Leopard  ··· ✓",
            "Elephant ···",
            "Rhino    ···",
            "✗ out of game",
            "! 3rd out loses",
            "✓ seen by all",
        ], rows


@pytest.mark.parametrize(
    ("width", "legend"),
    [
        (12, ["✗ gone", "! 3rd loses", "✓ all saw"]),
        (16, ["✗ out of game", "! one more loses", "✓ spotted by all"]),
        (
            40,
            [
                "✗ a token out of the game",
                "! one more out and the safari is lost",
                "✓ every vehicle has spotted it",
            ],
        ),
    ],
)
def test_the_marks_legend_is_worded_to_the_width_and_shown_from_the_start(
    width: int, legend: list[str]
) -> None:
    rows = [line.plain for line in table_lines(marks_to_explain().state, None, [], width, 21)]
    assert [row for row in rows if row.startswith(("✗", "!", "✓"))] == legend
    session = two_guides_influencing()  # no mark on show yet: explained all the same
    card, effects = drawn_card(session.log)
    rows = [line.plain for line in table_lines(session.state, card, effects, width, 21)]
    assert [row for row in rows if row.startswith(("✗", "!", "✓"))] == legend


def test_the_turn_says_its_round() -> None:
    state = crowded_table().state  # five guides, turn 12: the third round
    rows = [line.plain for line in table_lines(state, None, [], 40, 21)]
    assert rows[0] == "Turn 12 · round 3"
    rows = [line.plain for line in table_lines(state, None, [], 15, 21)]
    assert rows[0] == "Turn 12 round 3"


def test_rigs_waiting_are_listed_under_the_piles_until_used() -> None:
    """Debug mode's rigged rolls (in the order they come) and card show in the table; nothing
    else on screen tells of them until they are used."""
    session = marks_to_explain()
    session.rig_text("rig roll ♣4")
    session.rig_text("rig roll X")
    session.rig_text("rig card Heavy rain")
    rows = [line.plain for line in table_lines(session.state, None, [], 24, 30)]
    start = rows.index("Rigged (debug)")
    assert rows[start - 1].startswith("Deck")
    assert rows[start + 1 : start + 4] == ["Roll next: ♣4", "Roll +1: X and 1", "Card: Heavy rain"]
    session.play_text("end")
    session.play_text("draw")  # David draws the rigged card: its row goes, the rolls wait on
    rows = [line.plain for line in table_lines(session.state, None, [], 24, 30)]
    assert "Roll next: ♣4" in rows and not any(row.startswith("Card: Heavy") for row in rows)
    plain = [line.plain for line in table_lines(marks_to_explain().state, None, [], 24, 30)]
    assert not any(row.startswith(("Rigged", "Roll ")) for row in plain)


@pytest.mark.parametrize("width", [12, 16])
def test_rigs_waiting_never_push_the_species_out_of_the_column(width: int) -> None:
    session = crowded_table()
    session.rig_text("rig roll ♣4")
    session.rig_text("rig card Fire")
    card, effects = drawn_card(session.log)
    lines = table_lines(session.state, card, effects, width, 21)
    assert len(lines) <= 21 and all(line.cell_length <= width for line in lines)
    assert sum(line.plain.startswith(SPECIES_ROWS) for line in lines) == len(SPECIES_ROWS)
    assert any(line.plain.startswith("Rigged") for line in lines)


def test_the_table_keeps_the_wrapped_rows_of_its_newest_texts_only() -> None:
    _wrapped.cache_clear()
    for number in range(40):
        rows = wrapped(Content(f"Effect {number}: every guide loses one food."), 16, 4)
        assert len(rows) == 3
    assert _wrapped.cache_info().currsize == WRAPPED_KEPT <= 16


def test_the_same_table_inputs_always_give_the_same_rows_and_a_move_keeps_them() -> None:
    """The table builds its rows again only when :func:`table_inputs` changed."""
    session = seeded_session(5, (Guide.JACK, Guide.KATE, Guide.SAM))
    chooser = random.Random(5)
    rows_by_inputs: dict[tuple[object, ...], list[str]] = {}
    kept = 0
    while len(session.actions) < 150 and not session.state.over:
        legal = session.legal_actions()
        kind = chooser.choice(sorted({action.kind for action in legal}))
        session.play(chooser.choice([action for action in legal if action.kind == kind]))
        card, effects = drawn_card(session.log)
        game, *rest = table_inputs(session.state, card, effects)
        assert game is session.state.game
        inputs = tuple(rest)
        rows = [line.plain for line in table_lines(session.state, card, effects, 16, 21)]
        kept += inputs in rows_by_inputs
        assert rows_by_inputs.setdefault(inputs, rows) == rows
    assert kept >= 10
