"""Photo Safari invariants over random set-ups and random legal play (hypothesis): animals never
overlap, never leave the board and never stand on terrain they cannot enter; cameras never end
on bush, water, an animal or the other camera; photos only grow; a game ends within 40 moves
each; a record replays exactly; undo restores the state before."""

from __future__ import annotations

import random

from hypothesis import given, note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from bigfive_tui.photo_safari.engine.animals import ALL_PHOTOS, ANIMAL_COUNT, FREE_TERRAIN
from bigfive_tui.photo_safari.engine.grid import NAMES, SQUARES, Terrain
from bigfive_tui.photo_safari.engine.random_setup import random_layout
from bigfive_tui.photo_safari.engine.rules import apply, legal_actions
from bigfive_tui.photo_safari.engine.session import PhotoSession
from bigfive_tui.photo_safari.engine.state import (
    CAMERA,
    EMPTY,
    MOVE_LIMIT,
    SEATS,
    Game,
    PhotoState,
)
from bigfive_tui.photo_safari.formats.replay import load_record, record_of
from bigfive_tui.photo_safari.setups import load_setup

seeds = st.integers(min_value=0, max_value=2**63 - 1)


def check_state(state: PhotoState) -> None:
    """Every invariant of a position reached in play."""
    terrain = state.game.layout.terrain
    squares = state.square
    assert len(squares) == ANIMAL_COUNT
    assert all(0 <= square < SQUARES for square in squares), "an animal left the board"
    assert len(set(squares)) == ANIMAL_COUNT, "two animals on one square"
    for animal, square in enumerate(squares):
        assert FREE_TERRAIN[animal][terrain[square]], f"animal {animal} on {NAMES[square]}"
        assert state.occupant[square] == animal
        assert 0 <= state.facing[animal] < 4
    cameras = state.camera
    assert cameras[0] != cameras[1], "the cameras share a square"
    for seat, square in enumerate(cameras):
        assert terrain[square] == Terrain.SAVANNA, f"a camera on {NAMES[square]}"
        assert square not in squares, "a camera on an animal"
        assert state.occupant[square] == CAMERA + seat
    held = sum(1 for occupant in state.occupant if occupant != EMPTY)
    assert held == ANIMAL_COUNT + SEATS
    assert all(0 <= mask <= ALL_PHOTOS for mask in state.photos)
    red, yellow = state.moves
    assert red == yellow + (1 if state.seat == 1 else 0) or state.over
    assert max(state.moves) <= MOVE_LIMIT
    if state.outcome.startswith("won:"):
        mine, theirs = state.photos[state.winner], state.photos[1 - state.winner]
        assert mine == ALL_PHOTOS or mine.bit_count() > theirs.bit_count()


def play_out(seed: int, choices: st.DataObject) -> None:
    state = PhotoSession(Game(random_layout(seed), seed)).state
    check_state(state)
    while not state.over:
        legal = legal_actions(state)
        assert legal and len(set(legal)) == len(legal)
        square = choices.draw(st.sampled_from(legal))
        before = state
        state, log = apply(before, square)
        note(f"{NAMES[square]}: {[step.rule for step in log]}")
        check_state(state)
        for seat in range(SEATS):
            assert state.photos[seat] & before.photos[seat] == before.photos[seat]
        assert state.camera[before.seat] == square
    assert state.round <= MOVE_LIMIT


@given(seeds, st.data())
def test_random_play_keeps_every_invariant_to_the_end(seed: int, data: st.DataObject) -> None:
    play_out(seed, data)


@given(seeds, st.integers(min_value=0, max_value=2**32))
def test_a_random_game_replays_exactly_from_its_record(seed: int, play_seed: int) -> None:
    chooser = random.Random(play_seed)
    session = PhotoSession(Game(random_layout(seed), seed))
    while not session.state.over:
        session.play(chooser.choice(session.legal_actions()))
    again = load_record(record_of(session).model_dump(mode="json"))
    assert again.state == session.state and again.texts == session.texts


class PlayAndUndo(RuleBasedStateMachine):
    """Random legal moves and undos, the documented set-up first, against a shadow history."""

    def __init__(self) -> None:
        super().__init__()
        self.session = PhotoSession(Game(load_setup("typical")))
        self.history: list[PhotoState] = []

    @precondition(lambda self: not self.session.state.over)
    @rule(choice=st.integers(min_value=0, max_value=10_000))
    def move(self, choice: int) -> None:
        legal = self.session.legal_actions()
        self.history.append(self.session.state)
        self.session.play(legal[choice % len(legal)])

    @precondition(lambda self: self.session.state.over)
    @rule(seed=seeds)
    def start_again(self, seed: int) -> None:
        """A finished game cannot be taken back; the machine goes on with a new one."""
        assert not self.session.can_undo()
        self.session = PhotoSession(Game(random_layout(seed), seed))
        self.history = []

    @precondition(lambda self: self.session.can_undo())
    @rule()
    def undo(self) -> None:
        taken = self.session.undo()
        assert len(taken) == 1  # two people: one move back
        assert self.session.state == self.history[-1]
        del self.history[-1]

    @invariant()
    def consistent(self) -> None:
        check_state(self.session.state)
        assert len(self.session.moves) == len(self.session.texts) == len(self.history)


TestPlayAndUndo = PlayAndUndo.TestCase
