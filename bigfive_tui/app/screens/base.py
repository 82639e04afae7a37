"""What every game screen is to the app, whichever game it shows: the commands the app hands
on to it (undo, help, debug mode, a save's name) and the too-small notice it may show."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import events
from textual.message_pump import MessagePump
from textual.screen import Screen

from bigfive_tui.app.messages import GameOver


class PlayScreen(Screen[None]):
    """A game screen (the Big Five's or Photo Safari's). Each game's screen implements the
    methods below that raise NotImplementedError: they are what the app calls on whichever
    game is shown."""

    #: Debug mode: step through the rule resolution of each action (the app keeps the choice).
    step_through: bool = False
    _shown = False
    #: A dialog of the game's is open: the game's flow waits for its answer.
    _dialog_open = False
    _over_announced = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """The first time the screen is shown it is not styled again: Textual styled every
        widget as it was mounted, just before, and would restyle them all here (4 ms of a
        game's start-up). Later resumes restyle as Textual does (the theme may have changed
        under a dialog). Textual's own handler runs after this one."""
        if not self._shown:
            self._shown = True
            event.refresh_styles = False

    @property
    def too_small(self) -> bool:
        """True while the screen shows its "terminal too small" notice instead of the game."""
        return self.has_class("-too-small")

    def _open(self, screen: Screen, callback: Callable) -> None:  # type: ignore[type-arg]
        """Push a dialog over the game; the game's flow waits (``_dialog_open``) until the
        dialog is answered and ``callback`` has its answer."""
        self._dialog_open = True

        def done(result: object) -> None:
            self._dialog_open = False
            callback(result)

        self.app.push_screen(screen, done)

    def _announce_over(self) -> None:
        """Tell the app the game is over (its end screen opens), once: the flow that finds it
        over runs again after every change and every dialog."""
        if not self._over_announced:
            self._over_announced = True
            self.post_message(GameOver())

    def save_name(self) -> str:
        """A name to offer in the save dialog."""
        raise NotImplementedError

    def warn(self, text: str) -> None:
        """Say ``text`` where the player looks for the game's answers, with a bell."""
        raise NotImplementedError

    def action_undo(self) -> None:
        raise NotImplementedError

    def action_help(self) -> None:
        raise NotImplementedError

    def action_toggle_debug(self) -> None:
        raise NotImplementedError


# The base of each part of a game screen split by concept into modules (screens/game/): typed
# as the screen it is part of, so that each module type-checks on its own; at run time a plain
# MessagePump, whose metaclass still registers the part's @on handlers (Textual looks for
# handlers along the final class's MRO). Were a part a Screen, Textual would set it up as a DOM
# class of its own (DOMNode.__init_subclass__: dir() of the whole class, reactives and bindings
# merged over its bases), 1.5 to 2.5 M instructions a part at start-up (bench/app.py
# --instructions); the final class lists PlayScreen after its parts.
if TYPE_CHECKING:
    ScreenPart = PlayScreen
else:
    ScreenPart = MessagePump
