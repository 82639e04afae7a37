"""Bound keys' characters and labels (app/keys/names.py): written out, they answer as Textual's
Unicode name lookups do, and a game starts and plays without one lookup."""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

import pytest
from test_app_support import make_app, played_session
from test_keys import _all_node_classes, _bindings
from textual.keys import format_key as textual_format_key
from textual.keys import key_to_character as textual_key_to_character

from bigfive_tui.app.keys.names import KEY_CHARACTERS, KEY_LABELS, format_key, key_to_character


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    return tmp_path


def _bound_keys() -> set[str]:
    return {key for cls in _all_node_classes() for key, _ in _bindings(cls)}


def test_every_bound_key_has_textuals_character_and_label() -> None:
    for key in _bound_keys():
        name = key.rpartition("+")[2]
        assert key_to_character(key) == textual_key_to_character(key), key
        assert format_key(name) == textual_format_key(name), key
        if len(name) > 1:
            assert name in KEY_CHARACTERS and name in KEY_LABELS, f"{name} is not written out"


def test_the_tables_name_only_bound_keys() -> None:
    names = {key.rpartition("+")[2] for key in _bound_keys()}
    assert set(KEY_CHARACTERS) <= names
    assert set(KEY_LABELS) <= names


async def test_a_game_starts_and_plays_without_looking_up_unicode_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    looked_up: list[str] = []
    lookup = unicodedata.lookup

    def recording_lookup(name: str) -> str:
        if sys._getframe(1).f_code.co_name != "_press_keys":  # the pilot's typing, not the app
            looked_up.append(name)
        return lookup(name)

    # Textual remembers its answers: forget those of earlier tests in this process.
    textual_key_to_character.cache_clear()
    textual_format_key.cache_clear()
    monkeypatch.setattr(unicodedata, "lookup", recording_lookup)
    app = make_app(played_session())
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        for key in ("right", "question_mark", "escape", "tab", "m", "escape"):
            await pilot.press(key)
            await pilot.pause()
    assert looked_up == []
