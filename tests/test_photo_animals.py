"""Photo Safari: how the animals move (P-animal-*), every case of the table for every kind of
blocker, on every facing, with the water and bush exceptions (docs/photo-safari.md)."""

from __future__ import annotations

import itertools

import pytest
from photo_positions import at, position, sq

from bigfive_tui.photo_safari.engine.animals import Animal
from bigfive_tui.photo_safari.engine.grid import NAMES, STEP, Facing
from bigfive_tui.photo_safari.engine.movement import Blocker, Rule, decide, move_animal
from bigfive_tui.photo_safari.engine.rules import apply, legal_actions
from bigfive_tui.photo_safari.engine.state import PhotoState

KINDS = ("bush", "water", "animal", "camera", "edge")
NOT_BUSH = ("water", "animal", "camera", "edge")
SIDES = ("ahead", "left", "right", "behind")
#: Which way each side lies for an animal facing north, east, south, west (in turns right).
TURNS = {"ahead": 0, "right": 1, "behind": 2, "left": 3}
FAR_CORNERS = ("a1", "j10", "a10", "j1")
OTHER_ANIMALS = (Animal.ZEBRA, Animal.GIRAFFE, Animal.BUFFALO, Animal.TIGER, Animal.LION)
BLOCKER_OF = {
    "bush": Blocker.BUSH,
    "water": Blocker.WATER,
    "animal": Blocker.ANIMAL,
    "camera": Blocker.CAMERA,
    "edge": Blocker.EDGE,
}


def side_facing(facing: int, side: str) -> int:
    return (facing + TURNS[side]) % 4


def surrounded(animal: Animal, facing: Facing, **blockers: str) -> tuple[PhotoState, int]:
    """``animal`` facing ``facing``, with the given side (ahead, left, right, behind) blocked by
    a kind of blocker and the other sides free savanna. An edge puts the animal at the edge."""
    row, column = 4, 4  # e5: away from every edge
    for side, kind in blockers.items():
        if kind == "edge":
            way = side_facing(facing, side)
            if way == Facing.NORTH:
                row = 0
            elif way == Facing.SOUTH:
                row = 9
            elif way == Facing.EAST:
                column = 9
            else:
                column = 0
    here = row * 10 + column
    terrain: dict[str, list[str]] = {"bush": [], "water": []}
    animals = {animal.name.lower(): f"{NAMES[here]} {Facing(facing).name.lower()}"}
    cameras: dict[str, str] = {}
    others = (other for other in OTHER_ANIMALS if other != animal)
    for side, kind in blockers.items():
        if kind == "edge":
            continue
        square = STEP[here][side_facing(facing, side)]
        assert square >= 0
        if kind in terrain:
            terrain[kind].append(NAMES[square])
        elif kind == "animal":
            animals[next(others).name.lower()] = f"{NAMES[square]} north"
        else:
            cameras["yellow" if "red" in cameras else "red"] = NAMES[square]
    near = {here, *STEP[here]}
    spare = (c for c in FAR_CORNERS if sq(c) not in near)
    for player in ("red", "yellow"):
        cameras.setdefault(player, next(spare))
    state = position(animals=animals, cameras=cameras, **terrain)
    return state, here


def way(here: int, facing: int, side: str) -> int:
    return STEP[here][side_facing(facing, side)]


def expect(state: PhotoState, animal: Animal, rule: Rule, facing: int, square: int) -> None:
    decision = decide(state, animal)
    assert (decision.rule, decision.facing, NAMES[decision.square]) == (
        rule,
        facing,
        NAMES[square],
    )
    move_animal(state, animal)
    assert at(state, animal) == f"{NAMES[square]} {Facing(facing).name.lower()}"


# --------------------------------------------------------------------------- the table


@pytest.mark.parametrize("facing", Facing)
def test_P_animal_forward_when_the_square_ahead_is_free(facing: Facing) -> None:
    state, here = surrounded(Animal.LION, facing)
    expect(state, Animal.LION, Rule.FORWARD, facing, way(here, facing, "ahead"))


@pytest.mark.parametrize("facing", Facing)
def test_P_animal_forward_even_with_every_other_side_blocked(facing: Facing) -> None:
    state, here = surrounded(Animal.LION, facing, left="bush", right="water", behind="animal")
    expect(state, Animal.LION, Rule.FORWARD, facing, way(here, facing, "ahead"))


@pytest.mark.parametrize("facing", Facing)
def test_P_animal_bush_left_bush_ahead_and_both_sides_free(facing: Facing) -> None:
    state, here = surrounded(Animal.LION, facing, ahead="bush")
    left = side_facing(facing, "left")
    expect(state, Animal.LION, Rule.BUSH_LEFT, left, way(here, facing, "left"))


@pytest.mark.parametrize("facing", Facing)
@pytest.mark.parametrize("kind", NOT_BUSH)
def test_P_animal_other_right_for_every_blocker_but_bush(kind: str, facing: Facing) -> None:
    state, here = surrounded(Animal.LION, facing, ahead=kind)
    assert decide(state, Animal.LION).ahead == BLOCKER_OF[kind]
    right = side_facing(facing, "right")
    expect(state, Animal.LION, Rule.OTHER_RIGHT, right, way(here, facing, "right"))


@pytest.mark.parametrize(
    ("ahead", "blocked_side", "by"),
    list(itertools.product(KINDS, ("left", "right"), KINDS)),
)
def test_P_animal_free_side_turns_to_the_free_side(ahead: str, blocked_side: str, by: str) -> None:
    for facing in Facing:
        state, here = surrounded(Animal.ELEPHANT, facing, ahead=ahead, **{blocked_side: by})
        free = "right" if blocked_side == "left" else "left"
        turned = side_facing(facing, free)
        expect(state, Animal.ELEPHANT, Rule.FREE_SIDE, turned, way(here, facing, free))


@pytest.mark.parametrize(
    ("ahead", "left", "right"),
    [
        combo
        for combo in itertools.product(KINDS, repeat=3)
        if not (combo[1] == combo[2] == "edge") and combo.count("camera") <= 2
    ],
)
def test_P_animal_turn_round_when_only_behind_is_free(ahead: str, left: str, right: str) -> None:
    for facing in (Facing.NORTH, Facing.EAST):  # the other two are these mirrored
        state, here = surrounded(Animal.BUFFALO, facing, ahead=ahead, left=left, right=right)
        back = side_facing(facing, "behind")
        expect(state, Animal.BUFFALO, Rule.TURN_ROUND, back, way(here, facing, "behind"))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("side", SIDES)
def test_P_animal_stuck_turns_round_and_stays(side: str, kind: str) -> None:
    """Blocked all round: ``kind`` on one side (two opposite sides cannot both be the edge),
    animals on the others."""
    for facing in Facing:
        others = {s: "bush" for s in SIDES if s != side}
        state, here = surrounded(Animal.GIRAFFE, facing, **{**others, side: kind})
        expect(state, Animal.GIRAFFE, Rule.STUCK, side_facing(facing, "behind"), here)


def test_P_animal_stuck_in_a_corner_between_the_edges() -> None:
    state, here = surrounded(
        Animal.TIGER, Facing.NORTH, ahead="edge", left="edge", right="camera", behind="animal"
    )
    assert NAMES[here] == "a1"
    expect(state, Animal.TIGER, Rule.STUCK, Facing.SOUTH, here)


# --------------------------------------------------------------------------- the exceptions


@pytest.mark.parametrize("animal", [Animal.TURTLE, Animal.CROCODILE])
def test_P_animal_water_turtle_and_crocodile_walk_into_water(animal: Animal) -> None:
    state, here = surrounded(animal, Facing.EAST, ahead="water")
    expect(state, animal, Rule.FORWARD, Facing.EAST, way(here, Facing.EAST, "ahead"))
    assert state.game.layout.terrain[state.square[animal]] == 2  # standing in the water


@pytest.mark.parametrize("animal", [Animal.TURTLE, Animal.CROCODILE])
def test_P_animal_water_counts_as_free_on_the_sides_too(animal: Animal) -> None:
    """Bush ahead, water left and right: for them both sides are free, so bush means left."""
    state, here = surrounded(animal, Facing.NORTH, ahead="bush", left="water", right="water")
    expect(state, animal, Rule.BUSH_LEFT, Facing.WEST, way(here, Facing.NORTH, "left"))


@pytest.mark.parametrize("animal", [Animal.TURTLE, Animal.CROCODILE])
def test_P_animal_water_gives_no_way_through_bush(animal: Animal) -> None:
    state, here = surrounded(animal, Facing.SOUTH, ahead="animal", left="bush", right="water")
    expect(state, animal, Rule.FREE_SIDE, Facing.WEST, way(here, Facing.SOUTH, "right"))


@pytest.mark.parametrize("animal", [Animal.MONKEY, Animal.SQUIRREL])
def test_P_animal_bush_monkey_and_squirrel_walk_into_bush(animal: Animal) -> None:
    state, here = surrounded(animal, Facing.WEST, ahead="bush")
    expect(state, animal, Rule.FORWARD, Facing.WEST, way(here, Facing.WEST, "ahead"))


@pytest.mark.parametrize("animal", [Animal.MONKEY, Animal.SQUIRREL])
def test_P_animal_bush_counts_as_free_behind_too(animal: Animal) -> None:
    state, here = surrounded(
        animal, Facing.SOUTH, ahead="animal", left="water", right="camera", behind="bush"
    )
    expect(state, animal, Rule.TURN_ROUND, Facing.NORTH, way(here, Facing.SOUTH, "behind"))


@pytest.mark.parametrize("animal", [Animal.MONKEY, Animal.SQUIRREL])
def test_P_animal_bush_gives_no_way_through_water(animal: Animal) -> None:
    state, here = surrounded(animal, Facing.EAST, ahead="water")
    expect(state, animal, Rule.OTHER_RIGHT, Facing.SOUTH, way(here, Facing.EAST, "right"))


@pytest.mark.parametrize("animal", [a for a in Animal if a not in (Animal.MONKEY, Animal.SQUIRREL)])
def test_P_animal_blocked_bush_blocks_every_other_animal(animal: Animal) -> None:
    state, _ = surrounded(animal, Facing.NORTH, ahead="bush")
    assert decide(state, animal).ahead == Blocker.BUSH


@pytest.mark.parametrize(
    "animal", [a for a in Animal if a not in (Animal.TURTLE, Animal.CROCODILE)]
)
def test_P_animal_blocked_water_blocks_every_other_animal(animal: Animal) -> None:
    state, _ = surrounded(animal, Facing.NORTH, ahead="water")
    assert decide(state, animal).ahead == Blocker.WATER


def test_PU_exception_everywhere_for_left_right_and_behind() -> None:
    state, here = surrounded(
        Animal.CROCODILE, Facing.EAST, ahead="camera", left="animal", right="bush", behind="water"
    )
    expect(state, Animal.CROCODILE, Rule.TURN_ROUND, Facing.WEST, way(here, Facing.EAST, "behind"))


def test_PU_free_side_any_blocker_bush_on_one_side_does_not_turn_left() -> None:
    """With one side blocked the animal takes the free side, whatever blocks ahead."""
    state, here = surrounded(Animal.ZEBRA, Facing.NORTH, ahead="bush", left="animal")
    expect(state, Animal.ZEBRA, Rule.FREE_SIDE, Facing.EAST, way(here, Facing.NORTH, "right"))


@pytest.mark.parametrize("dweller", [Animal.MONKEY, Animal.SQUIRREL])
def test_PU_bush_animal_an_animal_in_a_bush_ahead_blocks_as_an_animal_turn_right(
    dweller: Animal,
) -> None:
    """The lion (e4, facing south) has a bush ahead on e5 with a monkey or squirrel in it, and
    both sides free: it turns right (west, to d4) as for an animal, not left (east) as for a
    bush. The one in the bush moves after the lion (row 5), so it is still there."""
    state = position(
        animals={"lion": "e4 south", dweller.name.lower(): "e5 south"},
        bush=["e5"],
        cameras={"red": "a10", "yellow": "j10"},
        turn={"player": "yellow"},
    )
    decision = decide(state, Animal.LION)
    assert decision.ahead == Blocker.ANIMAL and decision.rule == Rule.OTHER_RIGHT
    after, log = apply(state, legal_actions(state)[0])
    assert at(after, Animal.LION) == "d4 west"
    lion_step = next(step for step in log if step.animal == Animal.LION)
    assert lion_step.rule == "P-animal-other-right" and "by an animal" in lion_step.text
    empty = position(
        animals={"lion": "e4 south"},
        bush=["e5"],
        cameras={"red": "a10", "yellow": "j10"},
        turn={"player": "yellow"},
    )
    assert at(apply(empty, legal_actions(empty)[0])[0], Animal.LION) == "f4 east"  # bare bush


# --------------------------------------------------------------------------- the animals' turn


def test_P_animal_order_row_by_row_from_the_top_each_animal_once() -> None:
    """The lion in row 2 walks south into row 3 before the row-3 zebra moves: the zebra is then
    blocked by it. The lion moves once, although it ends in a later row."""
    state = position(
        animals={"lion": "e2 south", "zebra": "e4 north", "elephant": "a2 east"},
        cameras={"red": "a10", "yellow": "j10"},
        turn={"player": "yellow"},
    )
    after, log = apply(state, legal_actions(state)[0])
    order = [step.animal for step in log if step.kind == "animal"]
    assert order == [Animal.ELEPHANT, Animal.LION, Animal.ZEBRA]
    assert at(after, Animal.LION) == "e3 south"
    assert at(after, Animal.ZEBRA) == "f4 east"  # blocked by the lion now on e3: turns right
    assert at(after, Animal.ELEPHANT) == "b2 east"


def test_PU_animal_sequence_a_moved_animal_blocks_from_its_new_square() -> None:
    """The elephant (d3) walks east onto e3 first; the tiger (e4, facing north) then finds e3
    taken and turns right, where it would have walked on to e3 had the elephant not moved."""
    state = position(
        animals={"elephant": "d3 east", "tiger": "e4 north"},
        cameras={"red": "a10", "yellow": "j10"},
        turn={"player": "yellow"},
    )
    after, _ = apply(state, legal_actions(state)[0])
    assert at(after, Animal.ELEPHANT) == "e3 east"
    assert at(after, Animal.TIGER) == "f4 east"


def test_PU_animal_sequence_an_animal_yet_to_move_blocks_from_its_old_square() -> None:
    """The giraffe (c2) faces the buffalo (c3), which moves later: the giraffe is blocked."""
    state = position(
        animals={"giraffe": "c2 south", "buffalo": "c3 east"},
        cameras={"red": "a10", "yellow": "j10"},
        turn={"player": "yellow"},
    )
    after, _ = apply(state, legal_actions(state)[0])
    assert at(after, Animal.GIRAFFE) == "b2 west"
    assert at(after, Animal.BUFFALO) == "d3 east"


def test_P_animal_blocked_a_camera_blocks_an_animal() -> None:
    state, _ = surrounded(Animal.LION, Facing.SOUTH, ahead="camera")
    assert decide(state, Animal.LION).ahead == Blocker.CAMERA
