"""``bigfive join``'s app: the game's app, its game in play kept by a host elsewhere.

It joins the table with the seat asked for (or the seat this computer had there, or else to
watch, and then offers the free seats), shows the host's views on the game's own screens, and
comes back to its seat by itself when the connection drops. What a table's host decides (a
new game, loading, saving, the timeline's "play from here", debug mode's rigs) is not offered
here: the host keeps the game and saves it as it goes. The timeline is the host's pages of the
game as it was, with only what a guide may see.

``bigfive host``'s app is the same, plus the table's host in its own event loop: its new-game
screen sets the game up as in hot-seat, and its person takes the first seat not played by the
computer.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult, SystemCommand
from textual.screen import Screen
from textual.widgets import Static

from bigfive_tui.app import main as app_main
from bigfive_tui.app.app_parts.going_back import GoingBack
from bigfive_tui.app.app_parts.in_play import InPlay
from bigfive_tui.app.app_parts.keeping import Keeper
from bigfive_tui.app.files.saves import data_dir
from bigfive_tui.app.keys.names import use_written_key_names
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.setups.big_five import GameSetup
from bigfive_tui.engine.actions import IllegalAction
from bigfive_tui.engine.pieces import BoardFileError
from bigfive_tui.online.connection import HostError, LinkError, Seen, TableLink
from bigfive_tui.online.invitation import Invitation, public_address
from bigfive_tui.online.keeping import tables_folder
from bigfive_tui.online.remembered import remember_seat, remembered_seat
from bigfive_tui.online.table import EMPTY_TOO_LONG
from bigfive_tui.online.terminal.screen import OnlineGameScreen, Refusal
from bigfive_tui.online.timeline import TimelineError

HOST_DECIDES = "The table's host decides that; this game is kept by the host as it goes."


class Waiting(Screen[None]):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text, markup=False, id="waiting")


class OnlineInPlay(InPlay):
    """The game in play is the table's: a new game opens a table (a host's app, before its
    table is set, shows the new-game screen), and playing again is the host's to decide."""

    def __init__(self, app: JoinApp, keeper: Keeper) -> None:
        super().__init__(app, keeper)
        self.online = app

    def start(self, setup: GameSetup) -> None:
        self.online.open_table(setup)

    def play_again(self) -> None:
        self.app.notify(HOST_DECIDES, timeout=4)

    def show_new_game(self, notice: str = "", *, focus_game: bool = False) -> None:
        if self.online.sets_up_tables or self.online.link is None:  # a host's app
            super().show_new_game(notice, focus_game=focus_game)


class OnlineGoingBack(GoingBack):
    """The timeline as the host sends it (online/timeline.py): the game as it was at every
    step, with only what a guide may see. It only looks: going back to play on is the host's."""

    def __init__(self, app: JoinApp, keeper: Keeper, in_play: InPlay) -> None:
        super().__init__(app, keeper, in_play)
        self.online = app

    def refusal(self) -> str:
        return (
            "Going back to play on is the host's at a table: this timeline only looks "
            "(u undoes within your turn)."
        )

    def open_timeline(
        self, moment: int | None = None, log_index: int | None = None, *, replay: bool = False
    ) -> None:
        link, screen = self.online.link, self.online.online_screen()
        if link is None or screen is None:
            self.app.notify("There is no game at a table yet.", severity="warning")
            return
        self.app.run_worker(
            self._open(link, screen, moment, log_index), group="timeline", exclusive=True
        )

    async def _open(
        self,
        link: TableLink,
        screen: OnlineGameScreen,
        moment: int | None,
        log_index: int | None,
    ) -> None:
        from bigfive_tui.app.screens.timeline import TimelineScreen

        slow = self.app.set_timer(  # said only when the host is slow to answer
            0.5, lambda: self.app.notify("Fetching the timeline from the host…", timeout=3)
        )
        try:
            timeline = await link.timeline(screen.table_game)
        except TimelineError as problem:
            self.app.notify(
                f"No timeline: {problem}.", title="Timeline", severity="warning", markup=False
            )
            return
        finally:
            slow.stop()
        if self.online.link is not link or not screen.is_attached:
            return  # the app sat down elsewhere meanwhile
        self.app.push_screen(
            TimelineScreen(
                timeline.session,
                screen.computer_seats,
                moment=moment,
                log_index=log_index,
                refusal=self.refusal(),
                timeline=timeline,
            )
        )


class JoinApp(BigFiveApp):
    #: Whether this app sets tables up (a host's) or only sits at them.
    sets_up_tables: ClassVar[bool] = False
    #: The game's own styles (Textual reads a relative path beside the class's module).
    CSS_PATH: ClassVar = [
        str(Path(app_main.__file__).parent / name) for name in BigFiveApp.CSS_PATH
    ]

    def __init__(
        self,
        invitation: Invitation | None,
        seat: int | None,
        *,
        seat_secret: str | None = None,
        name: str = "",
        guide: str | None = None,
        offer_seats: bool = False,
        who: str = "",
        **options: Any,
    ) -> None:
        super().__init__(autosave=False, **options)
        self.invitation = invitation
        self.offer_seats = offer_seats
        #: The guide asked for by name: the client watches until the view says their seat.
        self.guide = guide
        #: The browser a host's tab plays for ("" in a terminal): seats are remembered per
        #: browser, as the tabs of all of them share the host's data folder.
        self.who = who
        self.link: TableLink | None = None
        if invitation is not None:
            self.link = self._new_link(invitation, seat, seat_secret, name)

    @cached_property
    def in_play(self) -> InPlay:
        return OnlineInPlay(self, self.keeper)

    @cached_property
    def going_back(self) -> GoingBack:
        return OnlineGoingBack(self, self.keeper, self.in_play)

    def _new_link(
        self, invitation: Invitation, seat: int | None, seat_secret: str | None, name: str
    ) -> TableLink:
        return TableLink(
            invitation,
            seat,
            seat_secret=seat_secret,
            name=name,
            on_change=self._seen,
            on_refused=self._refused,
        )

    def on_mount(self) -> None:
        use_written_key_names()
        if self.who:  # a host's browser tab: it ends with the host that started it
            from bigfive_tui.web.tabs import end_with_server

            end_with_server(self)
        if self.link is not None:
            self._join()

    def _join(self) -> None:
        assert self.link is not None
        where = self.link.invitation
        self.in_play.reset_to(Waiting(f"Joining the table at {where.host}:{where.port}…"))
        self.run_worker(self._stay(self.link), group="link", exclusive=True)

    async def _stay(self, link: TableLink) -> None:
        try:
            await link.run()
        except HostError as problem:  # no table's host: nothing to come back to
            where = f"{link.invitation.host}:{link.invitation.port}"
            self.exit(return_code=1, message=f"bigfive join: left the host at {where}: {problem}")
        except LinkError as refusal:
            if link.seat is None:
                self.exit(return_code=1, message=f"bigfive join: the host said: {refusal}")
                return
            self.notify(f"{refusal}. Watching instead.", severity="warning", timeout=10)
            link.seat, link.seat_secret = None, None
            self.link = self._new_link(link.invitation, None, None, link.name)
            self._join()

    # ------------------------------------------------------------------ from the host

    def online_screen(self) -> OnlineGameScreen | None:
        for screen in self.screen_stack:
            if isinstance(screen, OnlineGameScreen):
                return screen
        return None

    def _seen(self, seen: Seen) -> None:
        link = self.link
        if link is None or seen.view is None:
            return
        if self.guide is not None and link.seat is None:
            self._take_guide(seen.view.setup.guides, self.guide)
            return
        screen = self.online_screen()
        if screen is None or screen.link is not link:
            screen = OnlineGameScreen(link, seen)
            self.session = screen.session
            self.computer_seats = screen.computer_seats
            self.in_play.reset_to(screen)
            if link.seat is not None and link.seat_secret:
                remember_seat(data_dir(), link.invitation, link.seat, link.seat_secret, self.who)
            elif self.offer_seats:
                self.offer_seats = False
                self.call_later(self._offer_seats, seen)
        else:
            screen.show(seen)
            self.session = screen.session
            self.computer_seats = screen.computer_seats

    def _take_guide(self, guides: list[str], guide: str) -> None:
        self.guide = None
        if guide not in guides:
            self.exit(
                return_code=1,
                message=f"bigfive join: {guide.title()} is not at this table "
                f"(its guides: {', '.join(name.title() for name in guides)})",
            )
            return
        self._take_seat(guides.index(guide))

    def _take_seat(self, seat: int) -> None:
        """Leave the connection that watched, and sit down at ``seat``."""
        old = self.link
        assert old is not None
        remembered = remembered_seat(data_dir(), old.invitation, self.who)
        secret = remembered[1] if remembered is not None and remembered[0] == seat else None
        self.link = self._new_link(old.invitation, seat, secret, old.name)
        self.run_worker(old.close())
        self._join()

    def _refused(self, reason: str) -> None:
        screen = self.online_screen()
        if screen is not None:
            screen.post_message(Refusal(reason))
        elif isinstance(self.screen, Waiting):
            self.screen.query_one("#waiting", Static).update(f"{self.screen.text}\n\n{reason}")
        else:
            self.notify(reason, severity="warning")

    def _offer_seats(self, seen: Seen) -> None:
        from bigfive_tui.app.screens.dialogs import ChoiceDialog

        assert seen.view is not None and self.link is not None
        free = [
            (index, seat.guide.title())
            for index, seat in enumerate(seen.view.seats)
            if seat.player == "person" and not seat.present
        ]
        labels = [f"Sit as {guide}" for _, guide in free] + ["Watch"]
        link = self.link

        def chosen(index: int | None) -> None:
            if index is not None and index < len(free) and self.link is link:
                self._take_seat(free[index][0])

        self.push_screen(
            ChoiceDialog("Take a seat at the table", labels, "Seats nobody sits at:"), chosen
        )

    # ------------------------------------------------------------------ the palette

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The game's commands, and the table's: an empty seat handed to the computer."""
        yield from super().get_system_commands(screen)
        game = self.online_screen()
        if game is None or game.seat is None or self.link is None:
            return
        link = self.link
        for index, seat in enumerate(game.view.seats):
            if index == game.seat or seat.player != "person" or seat.present:
                continue
            guide = seat.guide.title()
            yield SystemCommand(
                f"Hand {guide}'s empty seat to the computer",
                f"{guide}'s player is away: a computer teammate plays {guide} until they come "
                f"back (the others may do this after {EMPTY_TOO_LONG:.0f} s)",
                lambda index=index: self.run_worker(link.hand_over(index)),
            )

    # ------------------------------------------------------------------ what the host decides

    def action_save(self) -> None:  # type: ignore[override]
        self.notify(HOST_DECIDES, timeout=4)

    def action_new_game(self) -> None:
        self.notify(HOST_DECIDES, timeout=4)

    def action_load(self) -> None:  # type: ignore[override]
        self.notify(HOST_DECIDES, timeout=4)

    def action_toggle_debug(self) -> None:
        self.notify("Debug mode is for games played on this computer.", timeout=4)

    def action_rig(self) -> None:
        self.notify("Debug mode is for games played on this computer.", timeout=4)

    def action_edit_position(self) -> None:
        self.notify(HOST_DECIDES, timeout=4)

    def open_table(self, setup: GameSetup) -> None:
        """A new game from the new-game screen: the host's app alone shows one."""
        self.notify(HOST_DECIDES, timeout=4)

    async def action_quit(self) -> None:
        if self.link is not None:
            await self.link.close()
        self.exit()


class HostApp(JoinApp):
    """The game's app with the table's host inside: set up on the new-game screen."""

    sets_up_tables: ClassVar[bool] = True

    def __init__(self, address: str, port: int, **options: Any) -> None:
        super().__init__(None, None, **options)
        from bigfive_tui.online.host import Host

        self.address = address
        self.port = port
        from bigfive_tui.players.teammates import teammate

        self.host = Host(
            tables_folder(data_dir()), teammate=lambda: teammate(self.computer_strength)
        )
        self.runner: Any = None
        self.invitation_text = ""

    def on_mount(self) -> None:
        use_written_key_names()
        self.run_worker(self._serve(), group="host", exclusive=True)

    async def _serve(self) -> None:
        from bigfive_tui.online.listening import serve

        try:
            self.runner, self.port = await serve(self.host, self.address, self.port)
        except OSError as error:
            self.exit(message=f"bigfive host: cannot listen on {self.address}:{self.port}: {error}")
            return
        for table in self.host.reopen():
            self.host.start_table(table)
            url = Invitation(public_address(self.address), self.port, table.code, table.secret)
            self.notify(
                f"Table {table.code} is open again: bigfive join {url.url()}",
                title="Kept table",
                timeout=30,
                markup=False,
            )
        self.in_play.show_new_game()

    def action_new_game(self) -> None:
        """The host sets up every table: after a game's end too."""
        self.in_play.show_new_game()

    def open_table(self, setup: GameSetup) -> None:
        """The new-game screen's game becomes a table of this host, and this app sits down
        at it (leaving the table it sat at before)."""
        from bigfive_tui.online.table import Table

        try:
            session = setup.session()
        except (IllegalAction, BoardFileError) as problem:
            self.notify(str(problem), title="Cannot start", severity="error", markup=False)
            return
        self.computer_strength = setup.teammates or "strong"
        players = ["computer" if seat.computer else "person" for seat in setup.seats]
        table = self.host.add(Table(session, players))  # type: ignore[arg-type]
        self.host.start_table(table)
        shared = Invitation(public_address(self.address), self.port, table.code, table.secret)
        self.invitation_text = shared.url()
        local = Invitation("127.0.0.1", self.port, table.code, table.secret)
        first = next((i for i, p in enumerate(players) if p == "person"), None)
        if self.link is not None:  # the host leaves the last table for the new one
            self.run_worker(self.link.close())
        self.link = self._new_link(local, first, None, "")
        self._join()
        self.notify(
            f"Friends join with:\nbigfive join {self.invitation_text}\n(or open it in a browser "
            "through bigfive serve). The invitation is in the palette: Show the invitation.",
            title="Table open",
            timeout=60,
            markup=False,
        )

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if self.invitation_text:
            yield SystemCommand(
                "Show the invitation",
                "the address friends join with (bigfive join, or a browser)",
                self._show_invitation,
            )

    def _show_invitation(self) -> None:
        text = f"bigfive join {self.invitation_text}"
        self.notify(text, title="Invitation", timeout=60, markup=False)

    async def action_quit(self) -> None:
        if self.link is not None:
            await self.link.close()
        if self.runner is not None:
            await self.runner.cleanup()
        self.exit()
