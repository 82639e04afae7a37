"""Filling an empty state from a written position, checking that the position could happen
in a game."""

from __future__ import annotations

import re

from bigfive_tui.engine.board import GATE_CELLS, GATE_NAMES
from bigfive_tui.engine.content import (
    ALL_SPECIES_MASK,
    ANIMAL_TOKENS,
    BASE_ACTIONS,
    BUFFALO_TOKEN,
    CARD_COUNT,
    FIRE_MARKERS,
    FOOD_TOKENS,
    FOOD_TOKENS_BY_DIFFICULTY,
    GATE_TOKENS,
    MONKEYS_BY_DIFFICULTY,
    NO_TOKEN,
    SPECIES_WITH_THREE,
    START_MARK_BY_DIFFICULTY,
    Guide,
    Species,
)
from bigfive_tui.engine.end_checks import is_stuck, species_discarded
from bigfive_tui.engine.setup import animals_in_game
from bigfive_tui.engine.state import Game, GameState, Phase, empty_state
from bigfive_tui.engine.wording import token_name
from bigfive_tui.scenarios.model import Scenario, ScenarioError, VehicleSpec
from bigfive_tui.scenarios.names import (
    CARD_ALIASES,
    animal_name,
    check_card_name,
    flat_value,
    guide_of,
    norm,
    space_named,
)
from bigfive_tui.shared import rng

MAX_ACTIONS = BASE_ACTIONS + 2 + 1  # a giraffe card and Anna's token
_OUTCOMES = (
    "won",
    "lost:food",
    "lost:stuck",
    *(f"lost:species:{species.name.lower()}" for species in SPECIES_WITH_THREE),
)
_TOKEN_KINDS = ("lion", "leopard", "elephant", "rhino", "monkey", "buffalo", "food")
_TOKEN_RE = re.compile(r"^(?P<kind>[a-z]+)(?:\s+(?P<face>up|down))?$")


class PositionBuilder:
    """Fills an empty state from the scenario, checking that the position could happen."""

    def __init__(self, scenario: Scenario, source: str, game: Game) -> None:
        self.scenario = scenario
        self.source = source
        self.game = game
        self.board = game.board
        self.state = empty_state(game, rng.seed_state(scenario.seed))
        self.removed_mask = 0
        for species in game.removed_species:
            self.removed_mask |= 1 << species
        self.seats = {g.name.lower(): seat for seat, g in enumerate(game.guides)}
        self.used_cards: set[int] = set()
        self.animal_pool = self._animal_pool()

    def fail(self, where: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{self.source}: {where}: {problem}")

    def build(self) -> GameState:
        self._turn()
        self._vehicles()
        self._tokens()
        self._fires()
        self._animals()
        self._cards()
        self._anna()
        if self.state.phase == Phase.OVER:
            self._over()
        else:
            self._not_over()
        return self.state

    # -- turn first: several checks depend on whose turn it is and on the phase
    def _turn(self) -> None:
        spec = self.scenario.turn
        state = self.state
        if spec.guide is not None and spec.guide not in self.seats:
            raise self.fail("turn.guide", f"{spec.guide} is not in guides")
        state.seat = self.seats[spec.guide] if spec.guide else 0
        state.turn = spec.number
        state.phase = Phase[spec.phase.upper()]
        if (spec.outcome is None) != (state.phase != Phase.OVER):
            raise self.fail(
                "turn.outcome",
                "a game that is over says how it ended (phase = 'over' with outcome = 'won', "
                "'lost:food', 'lost:stuck' or 'lost:species:<species>'), and only then",
            )
        if spec.outcome is not None and spec.outcome not in _OUTCOMES:
            raise self.fail(
                "turn.outcome",
                f"{spec.outcome!r} names no single ending; write one of {', '.join(_OUTCOMES)}",
            )
        if spec.actions_left is not None and spec.actions_left > MAX_ACTIONS:
            raise self.fail(
                "turn.actions_left",
                f"a turn has at most {MAX_ACTIONS} actions (4, +2 for a giraffe, +1 for Anna's "
                "token)",
            )
        if spec.actions_left is not None and spec.phase == "draw":
            raise self.fail(
                "turn.actions_left",
                "in the draw phase the turn has 4 actions (5 with Anna's token); set "
                "actions_left only in the other phases",
            )

    def _vehicles(self) -> None:
        state, board, game = self.state, self.board, self.game
        mark = START_MARK_BY_DIFFICULTY[game.difficulty]
        for seat, guide in enumerate(game.guides):
            name = guide.name.lower()
            spec = self.scenario.vehicles.get(name, VehicleSpec())  # type: ignore[call-overload]
            where = f"vehicles.{name}"
            if spec.at is None:
                cell = board.space_by_roll[(seat, 1)]
            else:
                cell = space_named(board, spec.at, f"{self.source}: {where}.at")
                if not board.drivable[cell]:
                    terrain = board.terrain[cell].name.lower().replace("_", " ")
                    raise self.fail(
                        f"{where}.at",
                        f"{board.names[cell]} is {terrain}; vehicles stand only on savanna "
                        "or hills",
                    )
            state.vehicle[seat] = cell
            cap = game.caps[seat]
            for track, value in (("fuel", spec.fuel), ("food", spec.food)):
                if value is not None and value > cap:
                    raise self.fail(
                        f"{where}.{track}",
                        f"{value} is above the top of {guide.title}'s track ({cap})",
                    )
            state.fuel[seat] = mark if spec.fuel is None else spec.fuel
            state.food[seat] = mark if spec.food is None else spec.food
            if state.food[seat] == 0 and state.phase != Phase.OVER:
                raise self.fail(
                    f"{where}.food", "food 0 means the game is already lost (R-end-food)"
                )
            mask = self.removed_mask
            for species_name in spec.spotted:
                mask |= 1 << Species[species_name.upper()]
            state.spotted[seat] = mask
            flat = flat_value(spec.flat)
            if flat == 1 and seat == state.seat and state.phase == Phase.DRAW:
                raise self.fail(
                    f"{where}.flat",
                    "a 'new' flat tyre becomes repairable when its owner's turn begins, so the "
                    "active guide's tyre in the draw phase is already repairable (write "
                    "'repairable')",
                )
            if spec.flat_cards is not None and not flat:
                raise self.fail(f"{where}.flat_cards", "only a flat vehicle has flat tyre cards")
            state.flat[seat] = flat
            for _ in range(spec.flat_cards or 1) if flat else ():
                card = self._take_card("flat tyre", f"{where}.flat")
                state.lasting.append((card, seat))

    # -- tokens
    def _animal_pool(self) -> dict[str, list[int]]:
        """Animal token ids still free to place, per kind (only tokens in this game)."""
        pool: dict[str, list[int]] = {}
        for token in animals_in_game(self.game):
            pool.setdefault(animal_name(token), []).append(token)
        return pool

    def _take_animal(self, kind: str, where: str) -> int:
        free = self.animal_pool.get(kind)
        if free:
            return free.pop(0)
        if kind != "monkey" and Species[kind.upper()] in self.game.removed_species:
            raise self.fail(where, f"the {kind} is out of this short game (short_game)")
        if kind == "monkey":
            count = MONKEYS_BY_DIFFICULTY[self.game.difficulty]
            raise self.fail(
                where,
                f"a {self.scenario.difficulty} game has only {count} monkey"
                f"{'s' * (count != 1)} (board, supply and discarded together)",
            )
        raise self.fail(
            where, f"there are only 3 {kind} tokens (board, supply and discarded together)"
        )

    def _tokens(self) -> None:
        state, board = self.state, self.board
        for gate, cell in enumerate(GATE_CELLS):
            self._put(GATE_TOKENS[gate], cell, True)
        food_left = list(FOOD_TOKENS[: FOOD_TOKENS_BY_DIFFICULTY[self.game.difficulty]])
        for name, text in self.scenario.tokens.items():
            where = f"tokens.{name}"
            cell = space_named(board, name, f"{self.source}: {where}")
            kind, face_up = self._token_kind(text, where)
            if cell in GATE_CELLS:
                raise self.fail(
                    where,
                    f"{board.names[cell]} holds the {GATE_NAMES[GATE_CELLS.index(cell)]} park "
                    "entrance token; no other token goes there (RU-entrance-token)",
                )
            if not board.number[cell]:
                raise self.fail(
                    where,
                    f"{board.names[cell]} has no number; tokens only ever land on numbered spaces",
                )
            if state.token_at[cell] != NO_TOKEN:
                raise self.fail(
                    where,
                    f"{board.names[cell]} already holds {token_name(state.token_at[cell])} "
                    "(R-dice-one-token: one token per space)",
                )
            if kind == "buffalo":
                if state.token_cell[BUFFALO_TOKEN] >= 0:
                    raise self.fail(where, "there is only one buffalo")
                token = BUFFALO_TOKEN
            elif kind == "food":
                if not food_left:
                    count = FOOD_TOKENS_BY_DIFFICULTY[self.game.difficulty]
                    raise self.fail(
                        where, f"a {self.scenario.difficulty} game has only {count} food tokens"
                    )
                token = food_left.pop(0)
            else:
                token = self._take_animal(kind, where)
            self._put(token, cell, face_up)

    def _token_kind(self, text: str, where: str) -> tuple[str, bool]:
        match = _TOKEN_RE.match(norm(text))
        if not match or match["kind"] not in _TOKEN_KINDS:
            raise self.fail(
                where,
                f"{text!r} is not a token; write one of {', '.join(_TOKEN_KINDS)}, and add "
                "'up' for a face-up animal (e.g. 'lion up')",
            )
        kind, face = match["kind"], match["face"]
        if kind in ("buffalo", "food"):
            if face == "down":
                raise self.fail(where, f"the {kind} token always lies face up")
            return kind, True
        if kind == "monkey" and face == "up":
            raise self.fail(
                where,
                "a monkey turned face up is discarded at once (R-spot-flip); list it "
                "under animals.discarded",
            )
        return kind, face == "up"

    def _put(self, token: int, cell: int, face_up: bool) -> None:
        self.state.token_at[cell] = token
        self.state.token_cell[token] = cell
        self.state.face_up[token] = face_up

    def _fires(self) -> None:
        state, board, game = self.state, self.board, self.game
        for name, count in self.scenario.fires.items():
            where = f"fires.{name}"
            cell = space_named(board, name, f"{self.source}: {where}")
            if not board.number[cell]:
                raise self.fail(
                    where,
                    f"{board.names[cell]} has no number; fire markers land only on numbered spaces",
                )
            if state.fires[cell]:
                raise self.fail(where, f"{board.names[cell]} is given twice")
            state.fires[cell] = count
        total = sum(state.fires)
        if total > FIRE_MARKERS:
            raise self.fail("fires", f"{total} fire markers on the board; there are only 10")
        state.fire_supply = FIRE_MARKERS - total
        jack = game.seat_of(Guide.JACK)
        if jack >= 0:
            slot = board.slot[state.vehicle[jack]]
            if state.burning(slot):
                raise self.fail(
                    "fires",
                    f"Jack stands on the {board.symbols[slot]} piece, where no fire can burn "
                    "(R-jack-extinguish, R-jack-prevent)",
                )
        # Animals never stay on a burning piece. The buffalo can: when no piece was free of
        # fire as it was chased, it stayed put (RU-no-space), and fires elsewhere may be out
        # by now.
        for cell, token in enumerate(state.token_at):
            if not 0 <= token < len(ANIMAL_TOKENS):
                continue
            slot = board.slot[cell]
            if state.burning(slot):
                raise self.fail(
                    f"tokens.{board.names[cell]}",
                    f"the {board.symbols[slot]} piece is on fire, so {token_name(token)} "
                    "cannot be there (R-fire-chase, R-animal-burning)",
                )

    def _animals(self) -> None:
        state, spec = self.state, self.scenario.animals
        for index, kind in enumerate(spec.discarded):
            token = self._take_animal(kind, f"animals.discarded[{index}]")
            state.discarded.append(token)
            state.face_up[token] = True
        listed = [
            self._take_animal(kind, f"animals.supply[{index}]")
            for index, kind in enumerate(spec.supply)
        ]
        rest = sorted(token for tokens in self.animal_pool.values() for token in tokens)
        self.animal_pool = {}
        if spec.rest == "discarded":
            for token in rest:
                state.discarded.append(token)
                state.face_up[token] = True
            rest = []
        state.rng, shuffled = rng.shuffled(state.rng, rest)
        state.animal_supply = shuffled + listed[::-1]

    # -- cards
    def _take_card(self, text: str, where: str) -> int:
        check_card_name(text, f"{self.source}: {where}")
        candidates = CARD_ALIASES[norm(text)]
        for card in candidates:
            if card not in self.used_cards:
                self.used_cards.add(card)
                return card
        raise self.fail(
            where, f"all {len(candidates)} {text!r} cards are already used in this position"
        )

    def _cards(self) -> None:
        state, spec = self.state, self.scenario.cards
        for index, gate in enumerate(spec.broken_gates):
            where = f"cards.broken_gates[{index}]"
            if spec.broken_gates.count(gate) > 1:
                raise self.fail(where, f"the {gate} gate is listed twice")
            state.lasting.append(
                (self._take_card(f"broken gate ({gate})", where), GATE_NAMES.index(gate))
            )
        for index, guide in enumerate(spec.rain):
            where = f"cards.rain[{index}]"
            seat = self._seat(guide, where)
            if spec.rain.count(guide) > 1:
                raise self.fail(
                    where, f"{guide} draws one card a turn, so at most one rain card is theirs"
                )
            if seat == state.seat and state.phase == Phase.DRAW:
                raise self.fail(
                    where,
                    f"{guide}'s rain card is discarded as {guide}'s turn begins (RU-rain), so it "
                    "cannot lie out in their draw phase",
                )
            state.lasting.append((self._take_card("heavy rain", where), seat))
        for index, guide in enumerate(spec.hippos):
            where = f"cards.hippos[{index}]"
            seat = self._seat(guide, where)
            if seat != state.seat or state.phase == Phase.DRAW or len(spec.hippos) > 1:
                raise self.fail(
                    where,
                    "hippos lie out only in the active guide's turn after they drew the card "
                    "(RU-hippos); list only the guide of turn.guide, in a phase after 'draw'",
                )
            state.lasting.append((self._take_card("herd of hippos", where), seat))
        if (len(spec.looking_at) == 2) != (state.phase == Phase.INFLUENCE):
            raise self.fail(
                "cards.looking_at",
                "an influencing guide looks at exactly two cards (R-influence): give two, top "
                "card first, with turn.phase = 'influence', and none in another phase",
            )
        state.looking_at = [
            self._take_card(text, f"cards.looking_at[{i}]")
            for i, text in enumerate(spec.looking_at)
        ]
        top = [self._take_card(text, f"cards.top[{i}]") for i, text in enumerate(spec.top)]
        if spec.top_seen > len(top):
            raise self.fail(
                "cards.top_seen",
                f"{spec.top_seen} seen cards on top of the deck, but cards.top lists "
                f"{len(top)}: list the seen cards in cards.top, top first",
            )
        state.deck_seen = spec.top_seen
        discard = [
            self._take_card(text, f"cards.discard[{i}]") for i, text in enumerate(spec.discard)
        ]
        rest = [card for card in range(CARD_COUNT) if card not in self.used_cards]
        state.rng, rest = rng.shuffled(state.rng, rest)
        if spec.rest == "discard":
            state.deck = top[::-1]
            state.discard = rest + discard[::-1]
        else:
            state.deck = rest + top[::-1]
            state.discard = discard[::-1]

    def _seat(self, guide: str, where: str) -> int:
        if guide not in self.seats:
            raise self.fail(where, f"{guide} is not in guides")
        return self.seats[guide]

    # -- Anna's token and actions left
    def _anna(self) -> None:
        state, spec, game = self.state, self.scenario.turn, self.game
        anna = game.seat_of(Guide.ANNA)
        holder = anna
        if spec.anna_token is not None:
            if anna < 0:
                raise self.fail("turn.anna_token", "Anna is not in this game")
            holder = self._seat(spec.anna_token, "turn.anna_token")
        seats = len(game.guides)
        if holder != anna and (state.seat - anna) % seats > (holder - anna) % seats:
            raise self.fail(
                "turn.anna_token",
                f"{spec.anna_token} would have given the token back to Anna at the end of "
                "their turn, which came after Anna's and before this one (RU-anna)",
            )
        state.token_holder = holder
        on_annas_turn = state.seat == anna and state.phase != Phase.DRAW
        if spec.anna_token_used and not on_annas_turn:
            raise self.fail(
                "turn.anna_token_used",
                "only matters during Anna's own turn after her draw (turn.guide = 'anna')",
            )
        state.token_spent = on_annas_turn and (spec.anna_token_used or holder != anna)
        if state.seat == anna and holder != anna and state.phase == Phase.DRAW:
            raise self.fail(
                "turn.anna_token",
                "Anna lends the token during her actions phase, so in her draw phase she "
                "still holds it",
            )
        bonus = 1 if holder == state.seat and holder != anna else 0
        left = spec.actions_left
        state.actions_left = BASE_ACTIONS + bonus if left is None else left

    def _over(self) -> None:
        """A finished game: its outcome must be what the position shows (R-end-*)."""
        state, outcome = self.state, self.scenario.turn.outcome or ""
        species = outcome.removeprefix("lost:species:")
        holds = {
            "won": all(mask == ALL_SPECIES_MASK for mask in state.spotted),
            "lost:food": 0 in state.food,
            "lost:stuck": is_stuck(state),
        }.get(outcome)
        if holds is None:
            kind = Species[species.upper()]
            holds = species_discarded(state, kind) == 3 and any(
                not mask & (1 << kind) for mask in state.spotted
            )
        if not holds:
            raise self.fail("turn.outcome", f"the position does not show {outcome!r}")
        state.outcome = outcome

    def _not_over(self) -> None:
        state = self.state
        for species in SPECIES_WITH_THREE:
            if species_discarded(state, species) == 3:
                lacking = [
                    guide_of(state, seat)
                    for seat, mask in enumerate(state.spotted)
                    if not mask & (1 << species)
                ]
                if lacking:
                    raise self.fail(
                        "animals.discarded",
                        f"all three {species.name.lower()} tokens are discarded while "
                        f"{', '.join(lacking)} still lack(s) one: the game would already be "
                        "lost (R-end-species)",
                    )
        if all(mask == ALL_SPECIES_MASK for mask in state.spotted):
            raise self.fail(
                "vehicles",
                "every vehicle has spotted the Big Five: the game would already be won (R-end-win)",
            )
        if is_stuck(state):
            raise self.fail(
                "vehicles",
                "no vehicle can move and nobody can help (out of fuel or flat tyres): the "
                "game would already be lost (R-end-stuck)",
            )
