"""Choices kept from one start to the next (the theme, the last setup of each game, the game
chosen last), in ``settings.json``.

The file lives in the user's config folder (``platformdirs.user_config_dir``), apart from the
games; ``--data-dir`` / ``BIGFIVE_DATA_DIR`` keeps it in that one folder with everything else.
A file in the data folder, where earlier versions kept it, is still read until a choice is
written. Settings are a convenience: a damaged file only means defaults, never a message.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, cast

from bigfive_tui.app.files.saves import DATA_DIR_VARIABLE, data_dir
from bigfive_tui.app.setups.games import BIG_FIVE, PHOTO_SAFARI
from bigfive_tui.boardmap import DRAWINGS, Drawing
from bigfive_tui.engine.content import Difficulty, Guide, Species
from bigfive_tui.files.reading import LoadError, read_json
from bigfive_tui.files.writing import write_atomically

if TYPE_CHECKING:
    from bigfive_tui.app.setups.big_five import GameSetup
    from bigfive_tui.app.setups.photo_safari import PhotoSetup
    from bigfive_tui.formats.settings import KeptSetups

SETTINGS_NAME = "settings.json"
#: The games whose new-game screen may open first.
GAMES = (BIG_FIVE, PHOTO_SAFARI)


def settings_path() -> Path:
    """Where settings are written: the config folder, or the data folder when one is given."""
    if os.environ.get(DATA_DIR_VARIABLE):
        return data_dir() / SETTINGS_NAME
    from platformdirs import user_config_dir

    return Path(user_config_dir("bigfive")) / SETTINGS_NAME


def _read_path() -> Path:
    """The file to read: the config folder's, or else one an earlier version left in the data
    folder (so a player's choices survive the move)."""
    path = settings_path()
    older = data_dir() / SETTINGS_NAME
    if not os.path.lexists(path) and os.path.lexists(older):
        return older
    return path


def _kept() -> dict[str, object]:
    """The settings file as a dict, or an empty one when it is missing or unusable."""
    try:
        data = read_json(_read_path())
    except LoadError:
        return {}
    return data if isinstance(data, dict) else {}


def _word(key: str, allowed: tuple[str, ...] = ()) -> str | None:
    """A choice kept as a word (the theme, the drawing, the game): anything else there, or a
    word not ``allowed``, means none. Checked by hand: these are read at every start, and a
    pydantic model of the settings cost ~11 M instructions of it to define and build."""
    value = _kept().get(key)
    if isinstance(value, str) and (not allowed or value in allowed):
        return value
    return None


def _setups() -> KeptSetups:
    """The setups in the settings file, or none when it is missing or unreadable."""
    from bigfive_tui.formats.settings import KeptSetups  # the new-game screens' alone

    return KeptSetups.model_validate(_kept())


def _update(key: str, value: object) -> None:
    """Change one entry and keep the others as they are, also those another version wrote.
    A disk that refuses settings is not worth a message."""
    settings = _kept()
    settings[key] = value
    with contextlib.suppress(OSError):
        write_atomically(settings_path(), json.dumps(settings, indent=1, ensure_ascii=False))


def remembered_theme() -> str | None:
    """The theme chosen last time; a missing or damaged settings file just means none."""
    return _word("theme")


def remember_theme(name: str) -> None:
    _update("theme", name)


def remembered_drawing() -> Drawing | None:
    """The drawing of the board chosen last time (+/-), or None."""
    return cast("Drawing | None", _word("drawing", DRAWINGS))


def remember_drawing(drawing: Drawing) -> None:
    _update("drawing", drawing)


def remembered_setup() -> GameSetup | None:
    """The setup of the last game started (seed left at 0), or None if there is none to trust."""
    from bigfive_tui.app.setups.big_five import GameSetup, SeatChoice  # the new-game screen's

    kept = _setups().setup
    if kept is None:
        return None
    return GameSetup(
        seats=tuple(SeatChoice(Guide[seat.guide.upper()], seat.computer) for seat in kept.seats),
        difficulty=Difficulty[kept.difficulty.upper()],
        removed=tuple(Species[name.upper()] for name in kept.removed),
        board_source=kept.board_source,
        layout=kept.layout,
        choose_starts=kept.choose_starts,
        teammates=kept.teammates,
        practice=kept.practice,
    )


def remember_setup(setup: GameSetup) -> None:
    from bigfive_tui.formats.record import DifficultyName, GuideName, RemovableSpecies
    from bigfive_tui.formats.settings import SeatSettings, SetupSettings

    kept = SetupSettings(
        seats=[
            SeatSettings(guide=cast("GuideName", seat.guide.name.lower()), computer=seat.computer)
            for seat in setup.seats
        ],
        difficulty=cast("DifficultyName", setup.difficulty.name.lower()),
        removed=[cast("RemovableSpecies", species.name.lower()) for species in setup.removed],
        board_source=setup.board_source,
        # A file path as typed would break when the game is started from another folder.
        layout=str(Path(setup.layout).resolve()) if setup.board_source == "file" else setup.layout,
        choose_starts=setup.choose_starts,
        teammates="steady" if setup.teammates == "steady" else "strong",
        practice=setup.practice,
    )
    _update("setup", kept.model_dump(mode="json"))
    _update("game", BIG_FIVE)


def remembered_game() -> str | None:
    """The game of the last game started (its new-game screen opens first), or None."""
    return _word("game", GAMES)


def remembered_photo_setup() -> PhotoSetup | None:
    """The last Photo Safari setup started (seed left at 0), or None."""
    # Imported here: it brings Photo Safari's engine, which a Big Five start never needs.
    from bigfive_tui.app.setups.photo_safari import PhotoSetup

    kept = _setups().photo_safari
    if kept is None:
        return None
    return PhotoSetup((kept.computer[0], kept.computer[1]), kept.setup)


def remember_photo_setup(setup: PhotoSetup) -> None:
    from bigfive_tui.formats.settings import PhotoSetupSettings
    from bigfive_tui.photo_safari.setups import RANDOM, setup_names

    where = setup.setup
    if where not in (RANDOM, *setup_names()):
        # A file path as typed would break when the game is started from another folder.
        where = str(Path(where).resolve())
    kept = PhotoSetupSettings(computer=list(setup.computer), setup=where)
    _update("photo_safari", kept.model_dump(mode="json"))
    _update("game", PHOTO_SAFARI)
