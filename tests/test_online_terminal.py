"""Playing at a table from terminals: the game's screens fed by the host's views, through
Pilot, against a host on a free loopback port (issue 29)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import weakref
from collections.abc import Callable
from pathlib import Path

import pytest
from online_support import fake_host, new_table, running, sending, wait_for, welcome_data
from test_app_support import SIZE, wait_until
from textual.pilot import Pilot
from textual.widgets import Static

from bigfive_tui.app.components.player_board import PlayerBoard
from bigfive_tui.app.screens.end import EndScreen
from bigfive_tui.app.screens.new_game import NewGameScreen
from bigfive_tui.app.setups.big_five import GameSetup, SeatChoice
from bigfive_tui.engine.content import Guide
from bigfive_tui.engine.state import Phase
from bigfive_tui.online.connection import TableLink
from bigfive_tui.online.limits import BURST, RATE, Rate
from bigfive_tui.online.table import Table
from bigfive_tui.online.terminal.app import HostApp, JoinApp
from bigfive_tui.online.terminal.screen import OnlineGameScreen


def screen_of(app: JoinApp) -> OnlineGameScreen:
    screen = app.online_screen()
    assert screen is not None
    return screen


def caught_up(app: JoinApp, table: Table) -> bool:
    """The client has been sent every move the host has played."""
    return app.link is not None and len(app.link.seen.moves) == len(table.session.texts)


def ended(app: JoinApp) -> bool:
    """The end screen is up, with its account of the game."""
    return isinstance(app.screen, EndScreen) and bool(app.screen.query("#turns"))


def over(table: Table) -> bool:
    return table.session.state.over


def shows(apps: tuple[JoinApp, ...], table: Table) -> Callable[[], str]:
    """What each app shows and has seen, against the host's game: said when a wait runs out."""

    def words() -> str:
        host = table.session.state
        parts = [f"host: {len(table.session.texts)} moves, seat {host.seat}, over {host.over}"]
        for app in apps:
            screen = app.online_screen()
            seen = len(app.link.seen.moves) if app.link is not None else None
            stack = [type(each).__name__ for each in app.screen_stack]
            if screen is None:
                parts.append(f"seat {app.link and app.link.seat}: {stack}, no game screen")
                continue
            prompt = str(screen.query_one("#prompt").render())
            parts.append(
                f"seat {screen.seat}: {stack}, seen {seen} moves, phase "
                f"{screen.state.phase.name}, over {screen.state.over}, question open "
                f"{screen._dialog_open}, end announced {screen._over_announced}, "
                f"prompt {prompt!r}"
            )
        return "; ".join(parts)

    return words


async def moved_on(
    pilot: Pilot[None], table: Table, count: int, state: Callable[[], str] = lambda: ""
) -> None:
    await wait_for(
        pilot,
        lambda: len(table.session.texts) > count or over(table),
        f"the host's move {count + 1}",
        state=state,
    )


#: Each client's own pace: the host answers a client faster than its limit with "slow down" and
#: plays nothing, and Pilot acts far faster than a person, so the test keeps each client well
#: inside the host's rate (a free exchange costs no time, and a random game is full of them).
_PACE: weakref.WeakKeyDictionary[JoinApp, Rate] = weakref.WeakKeyDictionary()


async def paced(pilot: Pilot[None], app: JoinApp) -> None:
    """Wait until ``app`` may send another message within three quarters of the host's rate."""
    pace = _PACE.setdefault(app, Rate(RATE * 0.75, BURST / 2))
    while not pace.allow():
        await pilot.pause(1 / RATE)


async def take_turn(
    pilot: Pilot[None],
    app: JoinApp,
    table: Table,
    rng: random.Random,
    state: Callable[[], str] = lambda: "",
) -> None:
    """The client at the wheel plays one action through its screen: the first card of an
    influence (its dialog, by key), else a random legal action the screen offers."""
    count = len(table.session.texts)
    await wait_for(pilot, lambda: caught_up(app, table), "the client to catch up", state=state)
    await paced(pilot, app)
    screen = screen_of(app)
    if table.session.state.phase == Phase.INFLUENCE:
        await wait_for(pilot, lambda: screen._dialog_open, "the influence question", state=state)
        await pilot.press("1")
    else:
        legal = screen.legal()
        assert legal, "the screen offers the seat at the wheel an action"
        assert screen.play(rng.choice(legal))
    await moved_on(pilot, table, count, state)


async def test_two_terminals_play_a_game_to_its_end_with_one_dropped_and_back() -> None:
    """Every wait is for a condition, with a budget that grows with the machine's load (the
    apps, the host and the computer teammate share this process's event loop)."""
    table = new_table(seed=11, players=["person", "person", "computer"])
    rng = random.Random(5)
    async with running(table) as run:
        jack = JoinApp(run.invitation(table), 0, name="Jo")
        anna = JoinApp(run.invitation(table), 1, name="Ann")
        apps = (jack, anna)
        state = shows(apps, table)
        size = (SIZE[0], SIZE[1])
        async with jack.run_test(size=size) as p1, anna.run_test(size=size) as p2:
            pilots = (p1, p2)
            await wait_for(p1, lambda: jack.online_screen() is not None, "Jack's game", state=state)
            await wait_for(p2, lambda: anna.online_screen() is not None, "Anna's game", state=state)
            assert screen_of(jack).seat == 0 and screen_of(anna).seat == 1
            dropped = False
            for _ in range(3000):
                if over(table):
                    break
                if len(table.session.texts) > 30 and not dropped:
                    dropped = True
                    assert anna.link is not None
                    await anna.link.drop()
                    await wait_for(
                        p2,
                        lambda: anna.link is not None and anna.link.joined == 2,
                        "Anna back at her seat",
                        state=state,
                    )
                seat = table.session.state.seat
                if seat == 2:  # the computer teammate, on the host
                    await wait_for(
                        p1,
                        lambda: table.session.state.seat != 2 or over(table),
                        "the computer teammate's turn to end",
                        state=state,
                    )
                else:
                    await take_turn(pilots[seat], apps[seat], table, rng, state)
            assert over(table) and dropped
            for app, pilot in zip(apps, pilots, strict=True):
                await wait_for(
                    pilot,
                    lambda app=app: ended(app),  # type: ignore[misc]
                    "the end screens",
                    state=state,
                )
                assert app.link is not None and app.link.seen.moves == table.session.texts
                assert "seed" not in str(app.screen.query_one("#turns", Static).render())


def new_game_built(app: HostApp) -> bool:
    """The new-game screen is up and set up (its on_mount done): a screen replaced or quit
    while it is being built fails in Textual's mount (the new-game screen's own flake)."""
    return isinstance(app.screen, NewGameScreen) and app.screen.is_mounted


async def test_the_host_sets_the_table_up_on_the_new_game_screen_and_sits_at_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    app = HostApp("127.0.0.1", 0)
    async with app.run_test(size=(SIZE[0], SIZE[1])) as pilot:
        await wait_until(pilot, lambda: new_game_built(app))
        seats = (SeatChoice(Guide.JACK), SeatChoice(Guide.KATE, computer=True))
        app.in_play.start(GameSetup(seats=seats, seed=4))
        await wait_until(pilot, lambda: app.online_screen() is not None)
        (table,) = app.host.tables.values()
        assert table.seats[0].present and table.computer_seats() == {1}
        assert app.invitation_text.startswith(f"http://127.0.0.1:{app.port}/t/{table.code}?key=")
        screen = screen_of(app)
        assert screen.seat == 0 and screen.human_turn
        count = len(table.session.texts)
        await pilot.press("D")  # Jack draws, on the host's own table
        await moved_on(pilot, table, count)
        assert (tmp_path / "online" / "tables" / f"{table.code}.json").exists()
        app.action_new_game()  # the host sets up the next table too
        await wait_until(pilot, lambda: new_game_built(app))
        await app.action_quit()


async def test_undo_from_a_terminal_takes_the_move_back_on_the_host() -> None:
    table = new_table(seed=2, players=["person", "person", "person"])
    async with running(table) as run:
        jack = JoinApp(run.invitation(table), 0)
        async with jack.run_test(size=(SIZE[0], SIZE[1])) as pilot:
            await wait_until(pilot, lambda: jack.online_screen() is not None)
            await pilot.press("D")
            await moved_on(pilot, table, 0)
            screen = screen_of(jack)
            await wait_until(pilot, lambda: caught_up(jack, table))
            cheap = [a for a in screen.legal() if a.kind.name in ("MOVE", "EXTINGUISH", "REFUEL")]
            for action in cheap:
                count = len(table.session.texts)
                screen.play(action)
                await moved_on(pilot, table, count)
                if table.session.can_undo():
                    break
            assert table.session.can_undo()
            await wait_until(pilot, lambda: caught_up(jack, table) and screen.view.can_undo)
            played = list(table.session.texts)
            await pilot.press("u")
            await wait_until(pilot, lambda: len(table.session.texts) == len(played) - 1)
            await wait_until(pilot, lambda: caught_up(jack, table))
            assert jack.link is not None and jack.link.seen.moves == played[:-1]


async def test_a_seat_handed_to_the_computer_says_so_on_the_clients_player_board_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Handed over from the palette while its person is away, Anna's board reads "(computer)"
    with the next view, and no longer when she comes back (no screen rebuilt in between)."""
    from bigfive_tui.online import table as table_module

    monkeypatch.setattr(table_module, "EMPTY_TOO_LONG", 0.0)
    table = new_table(seed=6, players=["person", "person", "person"])
    async with running(table) as run:
        jack = JoinApp(run.invitation(table), 0)
        async with jack.run_test(size=(SIZE[0], SIZE[1])) as pilot:
            await wait_until(pilot, lambda: jack.online_screen() is not None)
            screen = screen_of(jack)
            anna = screen.query_one("#player-1", PlayerBoard)
            assert "(computer)" not in str(anna.border_title)
            (hand_over,) = [
                command
                for command in jack.get_system_commands(screen)
                if command.title == "Hand Anna's empty seat to the computer"
            ]
            hand_over.callback()
            await wait_until(pilot, lambda: "(computer)" in str(anna.border_title))
            assert anna.has_class("-computer") and jack.computer_seats == {1}
            assert screen_of(jack) is screen  # the same screen, not rebuilt
            back = TableLink(run.invitation(table), 1, seat_secret=table.seats[1].secret)
            task = asyncio.create_task(back.run())
            await wait_until(pilot, lambda: "(computer)" not in str(anna.border_title))
            assert not anna.has_class("-computer") and jack.computer_seats == frozenset()
            await back.close()
            await task
            await jack.action_quit()


async def test_a_hostile_hosts_impossible_view_ends_bigfive_join_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """A host that sends a view no game has (a vehicle off the board, after a good welcome):
    the client says so in one line and ends, without a traceback; it wrote nothing but its
    remembered seat, in its data folder."""
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    welcome = welcome_data()
    state = dict(welcome["view"]["state"], vehicle=[400, 0, 0])
    update = {"type": "update", "view": dict(welcome["view"], state=state)}
    async with fake_host(sending(json.dumps(welcome), json.dumps(update))) as invitation:
        app = JoinApp(invitation, 0)
        async with app.run_test(size=(SIZE[0], SIZE[1])) as pilot:
            await wait_for(pilot, lambda: app.return_code is not None, "the app to end")
    assert app.return_code == 1
    told = " ".join(capfd.readouterr().err.split())  # the terminal's width wraps it
    assert told.startswith(f"bigfive join: left the host at 127.0.0.1:{invitation.port}: ")
    assert told.endswith(
        "the host sent a view that cannot be a game: the view puts a vehicle off the board"
    )
    written = sorted(
        os.path.relpath(os.path.join(folder, name), tmp_path)
        for folder, _, names in os.walk(tmp_path)
        for name in names
    )
    assert all(name.startswith("data" + os.sep) for name in written), written
