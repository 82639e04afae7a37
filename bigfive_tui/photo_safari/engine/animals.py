"""The ten animals and the terrain each of them treats as free (P-animals, P-animal-water,
P-animal-bush)."""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from bigfive_tui.photo_safari.engine.grid import Terrain


class Animal(IntEnum):
    """One of each; the value is the animal's bit in a camera's photo mask."""

    ELEPHANT = 0
    LION = 1
    TIGER = 2
    GIRAFFE = 3
    ZEBRA = 4
    BUFFALO = 5
    MONKEY = 6
    SQUIRREL = 7
    CROCODILE = 8
    TURTLE = 9

    @property
    def title(self) -> str:
        return self.name.capitalize()


ANIMAL_COUNT: Final = len(Animal)
ALL_PHOTOS: Final = (1 << ANIMAL_COUNT) - 1
ANIMAL_NAMES: Final = tuple(animal.name.lower() for animal in Animal)
#: Two letters each, for the board and compact logs.
SHORT_NAMES: Final = ("El", "Li", "Ti", "Gi", "Ze", "Bu", "Mo", "Sq", "Cr", "Tu")

_FREE: Final = {
    Animal.MONKEY: frozenset({Terrain.SAVANNA, Terrain.BUSH}),
    Animal.SQUIRREL: frozenset({Terrain.SAVANNA, Terrain.BUSH}),
    Animal.CROCODILE: frozenset({Terrain.SAVANNA, Terrain.WATER}),
    Animal.TURTLE: frozenset({Terrain.SAVANNA, Terrain.WATER}),
}
#: FREE_TERRAIN[animal][terrain]: may the animal step onto that terrain? Savanna always; water
#: for crocodile and turtle (P-animal-water), bush for monkey and squirrel (P-animal-bush).
FREE_TERRAIN: Final = tuple(
    tuple(terrain in _FREE.get(animal, frozenset({Terrain.SAVANNA})) for terrain in Terrain)
    for animal in Animal
)


def photo_count(mask: int) -> int:
    return mask.bit_count()
