"""The timeline at a table (issue 29: "the timeline works as in hot-seat, for everybody"): the
host sends the game as it was at every step, a page at a time, with only what a guide may see;
a client steps through it on the hot-seat timeline screen, and going back to play on stays the
host's."""

from __future__ import annotations

import asyncio
import json
import random

import aiohttp
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from online_support import join_text, new_table, next_of, running
from test_app_support import SIZE, showing, wait_until

from bigfive_tui.app.components.timeline_bar import TimelineBar
from bigfive_tui.app.screens.timeline import TimelineScreen
from bigfive_tui.engine.content import Guide
from bigfive_tui.engine.hidden import determinize
from bigfive_tui.engine.legal_actions import legal_actions
from bigfive_tui.engine.state import GameState
from bigfive_tui.engine.timeline import Timeline
from bigfive_tui.online import host as host_module
from bigfive_tui.online.connection import TableLink
from bigfive_tui.online.table import Table, TableRefusal
from bigfive_tui.online.terminal.app import JoinApp
from bigfive_tui.online.timeline import (
    PAGE,
    PublicTimeline,
    TimelineError,
    TimelinePage,
    timeline_page,
)
from bigfive_tui.online.view import game_of, public_state
from bigfive_tui.players import random_player

FIVE = (Guide.JACK, Guide.DAVID, Guide.ANNA, Guide.KATE, Guide.SAM)


def played(table: Table, moves: int, rng: random.Random) -> Table:
    for _ in range(moves):
        state = table.session.state
        if state.over:
            break
        action = random_player.choose(state, legal_actions(state), rng)
        table.act(state.seat, table.session.describe(action), len(table.session.texts))
    return table


def all_pages(table: Table) -> list[TimelinePage]:
    pages = [table.timeline_page(0)]
    while (first := pages[-1].first + len(pages[-1].states)) < pages[0].total:
        pages.append(table.timeline_page(first))
    return pages


# --------------------------------------------------------------------------- nothing hidden leaks


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 200), deal=st.integers(0, 2**32))
def test_no_hidden_fact_reaches_a_client_through_the_timeline(
    seed: int, moves: int, deal: int
) -> None:
    """Every page is the same whatever the hidden part of every moment's state was (the
    states dealt anew, with another generator), and carries no seed, generator or script."""
    table = played(new_table(seed % 50, FIVE), moves, random.Random(seed))
    timeline = Timeline(table.session)

    def dealt_anew(moment: int) -> GameState:
        other = determinize(timeline.state(moment), random.Random(deal ^ moment))
        other.rng ^= 0x5EED
        return other

    first = 0
    while first < len(timeline):
        page = timeline_page(timeline, first, table.line)
        assert page == timeline_page(timeline, first, table.line, state=dealt_anew)
        text = page.model_dump_json()
        assert '"seed"' not in text and '"rng"' not in text and '"script"' not in text
        first += PAGE


def test_a_clients_timeline_shows_every_moment_as_the_hosts_with_nothing_hidden() -> None:
    table = played(new_table(7, FIVE), 150, random.Random(7))
    host = Timeline(table.session)
    pages = all_pages(table)
    assert len(pages) > 1, "a long game's timeline comes in pages"
    client = PublicTimeline(game_of(table.view().setup), pages)
    assert len(client) == len(host) and client.log == host.log
    assert client.turn_starts == host.turn_starts and client.round_starts() == host.round_starts()
    for moment in range(len(host)):
        assert client.place(moment) == host.place(moment)
        assert public_state(client.state(moment)) == public_state(host.state(moment))
    assert client.session.game.seed == 0  # the client never has the host's seed


def test_pages_of_two_lines_of_the_game_are_not_one_timeline() -> None:
    """A timeline fetched while the game was taken back (undo) is fetched again."""
    table = played(new_table(4, FIVE), 120, random.Random(4))
    head = table.timeline_page(0)
    table.line += 1  # as an undo does
    rest = table.timeline_page(PAGE)
    try:
        PublicTimeline(game_of(table.view().setup), [head, rest])
    except TimelineError as problem:
        assert "taken back" in str(problem)
    else:
        raise AssertionError("pages of two lines made one timeline")


#: A first page from a hostile host, spoiled where no game is, and the words it is refused with.
HOSTILE_PAGES = [
    ("steps.1.card", 999, "card that does not exist"),
    ("entries.0.seat", 4, "guide not at the table"),
    ("total", 10**9, "longer than any game"),
    ("states.0.vehicle.0", 999, "off the board"),
]


@pytest.mark.parametrize(("path", "value", "words"), HOSTILE_PAGES)
def test_a_hosts_timeline_that_cannot_be_a_game_is_refused_in_words(
    path: str, value: object, words: str
) -> None:
    table = played(new_table(5), 12, random.Random(5))  # three guides: seat 4 is no one's
    (page,) = all_pages(table)
    data = json.loads(page.model_dump_json())
    *parents, last = path.split(".")
    place = data
    for part in parents:
        place = place[int(part)] if part.isdigit() else place[part]
    place[int(last) if last.isdigit() else last] = value
    spoiled = TimelinePage.model_validate(data)
    with pytest.raises(TimelineError, match=words):
        PublicTimeline(game_of(table.view().setup), [spoiled])


def test_a_page_past_the_end_is_refused() -> None:
    table = new_table()
    total = table.timeline_page(0).total
    try:
        table.timeline_page(total)
    except TableRefusal as refusal:
        assert f"{total} moments" in str(refusal)
    else:
        raise AssertionError("a page past the end was sent")


# --------------------------------------------------------------------------- over the socket


async def test_a_watcher_fetches_the_whole_timeline_in_pages_over_the_socket() -> None:
    table = played(new_table(9, FIVE), 150, random.Random(9))
    async with running(table) as run:
        link = TableLink(run.invitation(table), None)
        task = asyncio.create_task(link.run())
        await asyncio.wait_for(link.connected.wait(), 5)
        timeline = await link.timeline(game_of(table.view().setup))
        host = Timeline(table.session)
        assert len(timeline) == len(host) > PAGE and timeline.log == host.log
        last = host.last
        assert public_state(timeline.state(last)) == public_state(table.session.state)
        await link.close()
        await task


async def test_timeline_requests_have_a_rate_and_a_bad_one_is_refused_in_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(host_module, "TIMELINE_BURST", 4.0)  # under the messages' own rate
    table = new_table()
    async with (
        running(table) as run,
        aiohttp.ClientSession() as http,
        http.ws_connect(run.ws_url(table.code)) as watcher,
    ):
        await watcher.send_str(join_text(table, None))
        await next_of(watcher, "welcome")
        await watcher.send_str(json.dumps({"type": "timeline", "first": 10**5}))
        refused = await next_of(watcher, "refused")
        assert refused["about"] == "timeline" and "moments" in refused["reason"]
        await watcher.send_str(json.dumps({"type": "timeline", "first": -1}))
        refused = await next_of(watcher, "refused")
        assert "first" in refused["reason"]
        for _ in range(8):
            await watcher.send_str(json.dumps({"type": "timeline", "first": 0}))
        reasons: list[str] = []
        async with asyncio.timeout(10):
            while not any("too many requests for the timeline" in r for r in reasons):
                refused = await next_of(watcher, "refused")
                reasons.append(refused["reason"])
        await watcher.send_str(json.dumps({"type": "ping"}))
        assert await next_of(watcher, "pong") is not None  # the connection goes on
        assert table.session.texts == []


# --------------------------------------------------------------------------- on a client's screen


async def test_a_joined_terminal_opens_the_timeline_steps_back_and_cannot_play_on() -> None:
    table = played(new_table(5, (Guide.JACK, Guide.ANNA)), 20, random.Random(5))
    async with running(table) as run:
        app = JoinApp(run.invitation(table), None)
        async with app.run_test(size=(SIZE[0], SIZE[1])) as pilot:
            await wait_until(pilot, lambda: app.online_screen() is not None)
            await pilot.press("T")
            await wait_until(pilot, lambda: showing(app, TimelineScreen))
            screen = app.screen
            assert isinstance(screen, TimelineScreen)
            assert isinstance(screen.timeline, PublicTimeline)
            host = Timeline(table.session)
            assert screen.moment == host.last
            await pilot.press("left")
            assert screen.moment == host.last - 1
            shown = public_state(screen.timeline.state(screen.moment))
            assert shown == public_state(host.state(host.last - 1))
            screen.action_play_from_here()
            assert "host's" in screen.query_one(TimelineBar).notice
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.online_screen() is app.screen)
            await app.action_quit()
