"""Every custom message of the app, in one place. Widgets and screens post these upwards;
the app and screens hand data downwards by setting attributes or calling ``show_state``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.message import Message

if TYPE_CHECKING:  # only the new-game screens make setups; a loaded game does not need them
    from pathlib import Path

    from bigfive_tui.app.setups.big_five import GameSetup
    from bigfive_tui.app.setups.photo_safari import PhotoSetup


class StartGame(Message):
    """The new-game screen (or start-space picker) has a complete setup."""

    def __init__(self, setup: GameSetup) -> None:
        super().__init__()
        self.setup = setup


class ChooseStartSpaces(Message):
    """The new-game screen wants the start spaces picked on the board first."""

    def __init__(self, setup: GameSetup) -> None:
        super().__init__()
        self.setup = setup


class StartPhotoSafari(Message):
    """The Photo Safari new-game screen has a complete setup."""

    def __init__(self, setup: PhotoSetup) -> None:
        super().__init__()
        self.setup = setup


class SwitchGame(Message):
    """A new-game screen's game field chose the other game: show that game's new-game screen."""

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game


class ContinueGame(Message):
    """Go back to the game in play, or else resume the autosaved game."""


class GameChanged(Message):
    """An action was played or undone: time to autosave."""


class GameOver(Message):
    """The engine reports the game has ended (won or lost)."""


class FieldChanged(Message):
    """A choice field on the new-game screen changed its value."""

    def __init__(self, field_id: str, value: object) -> None:
        super().__init__()
        self.field_id = field_id
        self.value = value


class AutosaveFinished(Message):
    """The autosave writer finished a job (sent from its thread); ``problem`` is empty when
    the game went to disk."""

    def __init__(self, job: int, problem: str) -> None:
        super().__init__()
        self.job = job
        self.problem = problem


class StepChosen(Message):
    """A step of the game's log was chosen (a click on a log line, or Enter on it): ``index``
    in the log. The timeline opens at that moment."""

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index


class OpenTimeline(Message):
    """Open the whole game on the timeline: at log step ``log_index``, at its start
    (``from_start``) or else at its end."""

    def __init__(self, log_index: int | None = None, *, from_start: bool = False) -> None:
        super().__init__()
        self.log_index = log_index
        self.from_start = from_start


class PlayOnFrom(Message):
    """Debug mode's editor: play on from this position (the scenario format); the line left is
    kept first as the save at ``path`` (which replaces a file there only when ``replace``
    says the player agreed)."""

    def __init__(self, position: dict[str, Any], path: Path, replace: bool) -> None:
        super().__init__()
        self.position = position
        self.path = path
        self.replace = replace


class ExportPosition(Message):
    """Write the game after its first ``keep`` entries (actions and rigs) as a scenario file."""

    def __init__(self, keep: int) -> None:
        super().__init__()
        self.keep = keep


class TerminalGone(Message):
    """The terminal has gone (its input ended; sent from the driver's input thread): nobody
    is left to play or to answer, so the game in play goes to disk and the app ends."""
