"""What is in the box: guides, animals, tokens, event cards, difficulty levels (docs/rules.md)."""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple


class Guide(IntEnum):
    JACK = 0
    DAVID = 1
    ANNA = 2
    KATE = 3
    SAM = 4

    @property
    def title(self) -> str:
        return self.name.capitalize()


GUIDE_ROLES = {
    Guide.JACK: "the ranger",
    Guide.DAVID: "the mechanic",
    Guide.ANNA: "the overseer",
    Guide.KATE: "the spotter",
    Guide.SAM: "the supplier",
}
GUIDE_ABILITIES = {
    Guide.JACK: "Puts out every fire on the piece he stands on; fires never land there; "
    "extinguishing costs him nothing.",
    Guide.DAVID: "Drives through bushes (but cannot see through them); repairs vehicles and "
    "gates for free.",
    Guide.ANNA: "Holds the extra-action token: use it for +1 action, or lend it to another "
    "guide for their next turn.",
    Guide.KATE: "Spots for free, at any distance along the six straight lines; sees over "
    "bushes and forests from a hill only.",
    Guide.SAM: "Drives up hills for 1 action; longer tracks; refuels and takes food for free, "
    "+4 food from a food token.",
}


class Species(IntEnum):
    """The Big Five; the bit ``1 << species`` marks it spotted on a player board."""

    LION = 0
    LEOPARD = 1
    ELEPHANT = 2
    RHINO = 3
    BUFFALO = 4

    @property
    def title(self) -> str:
        return self.name.capitalize()


ALL_SPECIES_MASK = (1 << len(Species)) - 1
SPECIES_WITH_THREE = (Species.LION, Species.LEOPARD, Species.ELEPHANT, Species.RHINO)

# Token ids. Animal tokens 0..14: three of each species with three tokens, then the monkeys.
MONKEY = -1
ANIMAL_TOKENS = tuple(range(15))
ANIMAL_KIND: tuple[int, ...] = (
    *(int(s) for s in SPECIES_WITH_THREE for _ in range(3)),
    MONKEY,
    MONKEY,
    MONKEY,
)
MONKEY_TOKENS = (12, 13, 14)
ANIMAL_TOKEN_LIMIT = 15  # token ids below this are animals
BUFFALO_TOKEN = 15
FOOD_TOKENS = (16, 17, 18, 19)
GATE_TOKENS = (20, 21)  # west, east
TOKEN_COUNT = 22
NO_TOKEN = -1


def is_animal(token: int) -> bool:
    return 0 <= token < ANIMAL_TOKEN_LIMIT


def species_of(token: int) -> int:
    """Species index for a token that can be spotted, or MONKEY."""
    return int(Species.BUFFALO) if token == BUFFALO_TOKEN else ANIMAL_KIND[token]


FIRE_MARKERS = 10
START_FIRES = 2
START_ANIMALS = 3


class Difficulty(IntEnum):
    BEGINNER = 0
    NORMAL = 1
    EXPERT = 2


MONKEYS_BY_DIFFICULTY = (1, 2, 3)
FOOD_TOKENS_BY_DIFFICULTY = (4, 3, 2)
START_MARK_BY_DIFFICULTY = (7, 6, 5)  # RU-tracks
TRACK_CAP = 8
SAM_TRACK_CAP = 10
BASE_ACTIONS = 4
REPAIR_COST = 3  # R-repair-vehicle, R-repair-gate


def track_cap(guide: Guide) -> int:
    return SAM_TRACK_CAP if guide == Guide.SAM else TRACK_CAP


class Costs(NamedTuple):
    """What actions cost a guide: the abilities that change costs, in one place."""

    hill_move: int  # driving onto a hill (R-move-hill; Sam 1, R-sam-hill)
    supply: int  # refuelling or taking food (Sam 0, R-sam-free)
    food_gain: int  # food from a food token (Sam 4, R-sam-food)
    spot: int  # spotting (Kate 0, R-kate-spot)
    extinguish: int  # one fire marker (Jack 0, R-jack-extinguish)
    repair: int  # a vehicle or a gate (David 0, R-david-repair)
    through_bushes: bool  # driving through bushes (David, R-david-bushes)


def costs_of(guide: Guide) -> Costs:
    return Costs(
        hill_move=1 if guide == Guide.SAM else 2,
        supply=0 if guide == Guide.SAM else 1,
        food_gain=4 if guide == Guide.SAM else 2,
        spot=0 if guide == Guide.KATE else 1,
        extinguish=0 if guide == Guide.JACK else 1,
        repair=0 if guide == Guide.DAVID else REPAIR_COST,
        through_bushes=guide == Guide.DAVID,
    )


class CardKind(IntEnum):
    FIRE = 0
    ANIMAL = 1
    WILDEBEEST = 2
    GIRAFFE = 3
    LOST_FOOD = 4
    STOLEN_FOOD = 5
    OVERHEATED = 6
    LEAKY = 7
    RAIN = 8
    HIPPOS = 9
    FLAT_TYRE = 10
    BROKEN_GATE = 11


class Card(NamedTuple):
    kind: CardKind
    steps: int = 0  # food or fuel steps lost, or extra actions
    all_vehicles: bool = False
    gate: int = 0  # broken gate: 0 west, 1 east
    rule: str = ""
    name: str = ""


def _cards() -> tuple[Card, ...]:
    def many(count: int, card: Card) -> list[Card]:
        return [card] * count

    deck: list[Card] = []
    deck += many(11, Card(CardKind.FIRE, rule="R-card-fire", name="Fire"))
    deck += many(8, Card(CardKind.ANIMAL, rule="R-card-animal", name="Animal"))
    deck += many(
        3, Card(CardKind.WILDEBEEST, steps=1, rule="R-card-wildebeest", name="Herd of wildebeest")
    )
    deck += many(2, Card(CardKind.GIRAFFE, steps=2, rule="R-card-giraffe", name="Giraffe"))
    deck += many(
        2, Card(CardKind.LOST_FOOD, steps=2, rule="R-card-lost-food", name="Lost food (-2)")
    )
    stolen = Card(CardKind.STOLEN_FOOD, steps=1, rule="R-card-stolen-food", name="Stolen food (-1)")
    deck += [stolen, stolen, stolen._replace(all_vehicles=True, name="Stolen food (-1 all)")]
    hot = Card(
        CardKind.OVERHEATED, steps=2, rule="R-card-overheated", name="Overheated engine (-2)"
    )
    hot_all = hot._replace(steps=1, all_vehicles=True, name="Overheated engine (-1 all)")
    deck += [hot, hot, hot_all, hot_all]
    deck += many(2, Card(CardKind.LEAKY, steps=3, rule="R-card-leaky", name="Leaky engine (-3)"))
    deck += many(3, Card(CardKind.RAIN, rule="R-card-rain", name="Heavy rain"))
    deck += many(3, Card(CardKind.HIPPOS, rule="R-card-hippos", name="Herd of hippos"))
    deck += many(2, Card(CardKind.FLAT_TYRE, rule="R-card-flat-tyre", name="Flat tyre"))
    gate = Card(CardKind.BROKEN_GATE, rule="R-card-broken-gate", name="Broken gate (west)")
    deck += [gate, gate._replace(gate=1, name="Broken gate (east)")]
    return tuple(deck)


CARDS: tuple[Card, ...] = _cards()
CARD_COUNT = len(CARDS)
