"""Photo Safari set-ups: the documented one, random ones, set-up files and their errors
(PU-squares, PU-corners, PU-start-setup, PU-random-setup, PU-playable)."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bigfive_tui.photo_safari.engine.animals import Animal
from bigfive_tui.photo_safari.engine.grid import NAMES, SQUARES, Facing, Terrain, find
from bigfive_tui.photo_safari.engine.layout import legality_problem, playability_problems
from bigfive_tui.photo_safari.engine.movement import moving_order
from bigfive_tui.photo_safari.engine.random_setup import random_layout
from bigfive_tui.photo_safari.engine.state import Game, Layout, start_state
from bigfive_tui.photo_safari.formats.setup_file import SetupFileError, layout_data, parse_layout
from bigfive_tui.photo_safari.setups import load_setup, setup_names

ROOT = Path(__file__).resolve().parent.parent
TYPICAL = ROOT / "assets" / "photo-safari" / "setups" / "typical.toml"


def typical_data() -> dict[str, Any]:
    return tomllib.loads(TYPICAL.read_text(encoding="utf-8"))


def test_PU_squares_named_by_column_and_row_from_the_top_in_reading_order() -> None:
    assert NAMES[0] == "a1" and NAMES[9] == "j1" and NAMES[10] == "a2" and NAMES[99] == "j10"
    assert find("C5") == 42 and find(" c5 ") == 42 and find("k1") is None and find("a11") is None
    state = start_state(Game(load_setup("typical")))
    order = [NAMES[state.square[a]] for a in moving_order(state)]
    assert order == ["h2", "d3", "g3", "c4", "f5", "h5", "c7", "h7", "b8", "g8"]


def test_PU_corners_red_top_left_yellow_bottom_right_by_default() -> None:
    data = typical_data()
    del data["cameras"]
    assert parse_layout(data).cameras == (find("a1"), find("j10"))
    assert random_layout(3).cameras == (find("a1"), find("j10"))


def test_PU_start_setup_is_shipped_playable_and_turned_half_round_onto_itself() -> None:
    assert "typical" in setup_names()
    layout = load_setup("typical")
    assert playability_problems(layout) == []
    terrain = layout.terrain
    assert all(terrain[square] == terrain[SQUARES - 1 - square] for square in range(SQUARES))
    turtle_square, turtle_facing = layout.animals[Animal.TURTLE]
    assert NAMES[turtle_square] == "f5" and turtle_facing == Facing.NORTH
    assert terrain[turtle_square] == Terrain.WATER
    for animal, kind in (
        (Animal.MONKEY, Terrain.BUSH),
        (Animal.SQUIRREL, Terrain.BUSH),
        (Animal.CROCODILE, Terrain.WATER),
    ):
        assert terrain[layout.animals[animal][0]] == kind


def test_PU_start_setup_round_trips_through_its_record_form() -> None:
    layout = load_setup("typical")
    again = parse_layout(layout_data(layout))
    assert (again.terrain, again.animals, again.cameras) == (
        layout.terrain,
        layout.animals,
        layout.cameras,
    )


def test_PU_random_setup_the_same_seed_gives_the_same_set_up() -> None:
    assert random_layout(11) == random_layout(11)
    assert random_layout(11).terrain != random_layout(12).terrain
    assert random_layout(11).name == "Random set-up, seed 11"


def test_PU_random_setup_has_some_bush_and_some_water() -> None:
    for seed in range(40):
        terrain = random_layout(seed).terrain
        assert 2 <= terrain.count(Terrain.BUSH) <= 20
        assert 2 <= terrain.count(Terrain.WATER) <= 12


@given(st.integers(min_value=0, max_value=2**63 - 1))
def test_PU_random_setup_is_always_legal_and_playable(seed: int) -> None:
    layout = random_layout(seed)
    assert legality_problem(layout) == ""
    assert playability_problems(layout) == []


def test_PU_random_setup_playable_for_the_first_500_seeds() -> None:
    for seed in range(500):
        assert playability_problems(random_layout(seed)) == [], seed


# --------------------------------------------------------------------------- PU-playable


def with_terrain(layout: Layout, **changes: Terrain) -> Layout:
    terrain = list(layout.terrain)
    for name, kind in changes.items():
        terrain[NAMES.index(name)] = kind
    return Layout(layout.name, tuple(terrain), layout.animals, layout.cameras)


def with_animal(layout: Layout, animal: Animal, square: str, facing: Facing) -> Layout:
    animals = list(layout.animals)
    animals[animal] = (NAMES.index(square), facing)
    return Layout(layout.name, layout.terrain, tuple(animals), layout.cameras)


def test_PU_playable_the_savanna_in_one_piece() -> None:
    cut = with_terrain(load_setup("typical"), **{f"{c}6": Terrain.WATER for c in "abcdefghij"})
    assert "the savanna falls apart into separate areas" in playability_problems(cut)


def test_PU_playable_every_bush_and_water_square_beside_savanna() -> None:
    block = {f"{c}{r}": Terrain.BUSH for c in "bcd" for r in (5, 6, 7)}
    problems = playability_problems(with_terrain(load_setup("typical"), **block))
    assert "c6 (bush) has no savanna beside it" in problems


def test_PU_playable_no_camera_walled_in() -> None:
    problems = playability_problems(with_terrain(load_setup("typical"), a2=Terrain.BUSH))
    assert "Red's corner a1 needs free savanna on both sides" in problems


def test_PU_playable_no_animal_near_a_camera_corner() -> None:
    near = with_animal(load_setup("typical"), Animal.LION, "c3", Facing.NORTH)
    assert "the lion on c3 is too near a camera's corner" in playability_problems(near)


def test_PU_playable_every_animal_can_be_photographed_where_it_starts() -> None:
    layout = with_terrain(load_setup("typical"), e5=Terrain.BUSH, f4=Terrain.BUSH)
    hidden = with_animal(layout, Animal.ZEBRA, "f6", Facing.NORTH)
    hidden = with_terrain(hidden, f5=Terrain.BUSH, e6=Terrain.BUSH, g6=Terrain.BUSH)
    problems = playability_problems(hidden)
    assert "the zebra on f6 cannot be photographed where it starts" in problems


def test_PU_playable_a_set_up_file_that_is_not_playable_is_refused(tmp_path: Path) -> None:
    data = typical_data()
    data["terrain"][1] = ". # . # # . . . . ."  # b2 bush: fine; a2 stays savanna
    data["terrain"][0] = ". # . . . . . . . ."  # b1 bush walls Red in on one side
    path = tmp_path / "walled.toml"
    path.write_text(_toml(data), encoding="utf-8")
    with pytest.raises(SetupFileError, match=r"walled\.toml: not playable: Red's corner a1"):
        load_setup(str(path))


def _toml(data: dict[str, Any]) -> str:
    rows = ",\n".join(f'  "{row}"' for row in data["terrain"])
    animals = "\n".join(f'{name} = "{text}"' for name, text in data["animals"].items())
    return f'name = "{data["name"]}"\nterrain = [\n{rows},\n]\n\n[animals]\n{animals}\n'


# --------------------------------------------------------------------------- set-up file errors


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["terrain"].__setitem__(2, ". . ."), "terrain row 3 has 3 squares"),
        (
            lambda d: d["terrain"].__setitem__(0, ". . . x . . . . . ."),
            "terrain row 1: 'x' at d1 is no terrain",
        ),
        (lambda d: d["animals"].pop("zebra"), "animals: zebra missing; all ten take part"),
        (lambda d: d["animals"].__setitem__("unicorn", "e5 north"), "unicorn is not one of"),
        (lambda d: d["animals"].__setitem__("lion", "e5 up"), "animals.lion: 'e5 up' should be"),
        (
            lambda d: d["animals"].__setitem__("lion", "h2 north"),
            "the elephant and the lion share h2",
        ),
        (
            lambda d: d["animals"].__setitem__("lion", "d2 north"),
            "the lion cannot stand on bush (d2)",
        ),
        (
            lambda d: d["animals"].__setitem__("turtle", "a1 north"),
            "animals.turtle: a1 is a camera's corner",
        ),
        (lambda d: d["cameras"].__setitem__("red", "e5"), "cameras.red: e5 is not a corner"),
        (lambda d: d["cameras"].__setitem__("yellow", "a1"), "both start on a1"),
        (lambda d: d["cameras"].__setitem__("blue", "a10"), "blue is no camera"),
        (lambda d: d.__setitem__("colour", "green"), "colour: Extra inputs are not permitted"),
        (lambda d: d.pop("terrain"), "terrain: Field required"),
    ],
)
def test_a_broken_set_up_file_is_refused_with_the_place_named(change: Any, message: str) -> None:
    data = typical_data()
    change(data)
    with pytest.raises(SetupFileError) as raised:
        parse_layout(data, "mine.toml")
    assert str(raised.value).startswith("mine.toml: ")
    assert message in str(raised.value)


def test_a_missing_or_unreadable_set_up_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(SetupFileError, match="no such set-up file; shipped set-ups: typical"):
        load_setup("nowhere")
    bad = tmp_path / "bad.toml"
    bad.write_text("name = ", encoding="utf-8")
    with pytest.raises(SetupFileError, match="is not valid TOML"):
        load_setup(str(bad))


def test_a_set_up_that_is_no_regular_file_says_what_it_is(tmp_path: Path) -> None:
    """A FIFO, a folder, a device or a dangling link given as a set-up is named for what it is,
    not called missing, and a FIFO is never opened (reading it would wait for a writer)."""
    fifo = tmp_path / "setup.toml"
    os.mkfifo(fifo)
    link = tmp_path / "gone.toml"
    link.symlink_to(tmp_path / "nothing.toml")
    cases = {
        str(fifo): "is a pipe (FIFO), not a file",
        str(tmp_path): "is a folder, not a file",
        "/dev/null": "is a device, not a file",
        str(link): "which does not exist",
    }
    for given_setup, message in cases.items():
        with pytest.raises(SetupFileError) as raised:
            load_setup(given_setup)
        assert message in str(raised.value) and "no such set-up file" not in str(raised.value)
        assert str(raised.value).startswith(given_setup)
