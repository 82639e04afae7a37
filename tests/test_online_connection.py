"""``bigfive join`` against a hostile host: whoever wrote the invitation runs the host, so its
messages are a door too. Each test runs a fake host on a free loopback port (an aiohttp
websocket server, or a raw socket for what no server library would send) and holds that the
client's link leaves it with one clear reason, or tries again in bounded time, and never
crashes, hangs or takes in what no table's host sends."""

from __future__ import annotations

import asyncio
import base64
import copy
import hashlib
import json
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest
from aiohttp import web
from online_support import Handler, fake_host, new_table, sending, welcome_data

from bigfive_tui.online import connection
from bigfive_tui.online.connection import HostError, LinkError, Seen, TableLink
from bigfive_tui.online.invitation import Invitation
from bigfive_tui.online.limits import HOST_MESSAGE_LIMIT
from bigfive_tui.online.protocol import Welcome
from bigfive_tui.players import random_player

#: Seconds a link may take to leave a hostile host (it should take milliseconds).
PROMPT = 10.0


def update_of(welcome: dict[str, Any]) -> dict[str, Any]:
    view = copy.deepcopy(welcome["view"])
    view["log_from"], view["log"] = len(view["log"]), []
    view["moves_from"], view["moves"] = len(view["moves"]), []
    return {"type": "update", "view": view}


def flooding(welcome: dict[str, Any], messages: Callable[[int], list[str]], rounds: int) -> Handler:
    """A host that welcomes, then sends ``messages(round)`` for each of ``rounds`` rounds as
    fast as it can while the client stays."""

    async def handler(request: web.Request) -> web.StreamResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        await socket.receive()
        await socket.send_str(json.dumps(welcome))
        for round_ in range(rounds):
            if socket.closed:
                break
            for text in messages(round_):
                await socket.send_str(text)
            await asyncio.sleep(0)
        async for _ in socket:
            pass
        return socket

    return handler


@asynccontextmanager
async def raw_host(
    serve: Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]],
) -> AsyncIterator[Invitation]:
    """A host that is only a TCP socket on a free loopback port: ``serve`` says every byte."""

    async def guarded(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await serve(reader, writer)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(guarded, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        yield Invitation("127.0.0.1", port, "table1", "secret1")
    finally:
        server.close()


async def handshake(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Answer a websocket's opening handshake by hand."""
    request = await reader.readuntil(b"\r\n\r\n")
    key = next(
        line.split(b":", 1)[1].strip()
        for line in request.split(b"\r\n")
        if line.lower().startswith(b"sec-websocket-key:")
    )
    accept = base64.b64encode(hashlib.sha1(key + b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11").digest())
    writer.write(
        b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Accept: " + accept + b"\r\n\r\n"
    )
    await writer.drain()


async def left_for_good(link: TableLink) -> LinkError:
    """The link's run, which must end by leaving the host; the reason it gave."""
    with pytest.raises(LinkError) as left:
        await asyncio.wait_for(link.run(), PROMPT)
    return left.value


async def said_within(said: list[str], words: str, seconds: float = PROMPT) -> str:
    async with asyncio.timeout(seconds):
        while not any(words in line for line in said):
            await asyncio.sleep(0.02)
    return next(line for line in said if words in line)


def one_line(text: str) -> bool:
    return "\n" not in text and 0 < len(text) <= 400 and "\x1b" not in text


# ---------------------------------------------------------------------- what the host sends


async def test_a_message_over_the_clients_limit_ends_the_link_in_words() -> None:
    async with fake_host(sending("x" * (HOST_MESSAGE_LIMIT + 1))) as invitation:
        left = await left_for_good(TableLink(invitation, 0))
    assert isinstance(left, HostError)
    assert "websocket protocol" in str(left) and one_line(str(left))


@pytest.mark.parametrize(
    "text",
    [
        "not json at all",
        "[]",
        '{"type": "welcome"}',
        '{"type": "update", "view": 5}',
        '{"type": "whatever"}',
        '{"type": "refused", "reason": ["a", "list"]}',
        "[" * 100_000 + "]" * 100_000,
        '{"type": "refused", "reason": "x", "closing": ' + "9" * 5000 + "}",
        '{"type": "refused", "reason": NaN}',
    ],
    ids=[
        "not-json",
        "a-list",
        "welcome-without-view",
        "wrong-type",
        "unknown-type",
        "reason-a-list",
        "nested-deep",
        "huge-number",
        "nan",
    ],
)
async def test_a_message_that_is_not_the_protocol_ends_the_link_in_words(text: str) -> None:
    changed: list[Seen] = []
    async with fake_host(sending(text)) as invitation:
        left = await left_for_good(TableLink(invitation, 0, on_change=changed.append))
    assert isinstance(left, HostError) and one_line(str(left)), str(left)
    assert not changed


def _set(data: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    place: Any = data
    for part in parents:
        place = place[int(part)] if part.isdigit() else place[part]
    if last.isdigit():
        place[int(last)] = value
    else:
        place[last] = value


#: A field of a real welcome set to what no game has, and the words the link leaves with.
IMPOSSIBLE_VIEWS = [
    ("view.state.seat", 9, "seat or phase"),
    ("view.state.phase", 17, "seat or phase"),
    ("view.state.vehicle.0", 999, "off the board"),
    ("view.state.vehicle.0", -1, "off the board"),
    ("view.state.fuel.0", -3, "off its track"),
    ("view.state.food.1", 99, "off its track"),
    ("view.state.flat.0", 7, "flat tyres"),
    ("view.state.spotted.0", 1 << 40, "spotted"),
    ("view.state.tokens.0", 99, "token that does not exist"),
    ("view.state.tokens.0", -7, "token that does not exist"),
    ("view.state.unseen_animals", [20, 21], "animal tokens"),
    ("view.state.unseen_cards.0", 999, "card that does not exist"),
    ("view.state.discard", [0, 0], "card in two places"),
    ("view.state.lasting", "a card of the deck, for seat 9", "does not exist"),
    ("view.state.looking_at", "three cards of the deck", "more than the 2 cards"),
    ("view.state.fires.0", -1, "fire markers"),
    ("view.state.fire_supply", 99, "fire markers"),
    ("view.state.actions_left", -1, "actions left"),
    ("view.state.token_holder", 7, "Anna's token"),
    ("view.state.outcome", "lost:boredom", "outcome"),
    ("view.setup.guides", ["jack", "jack", "kate"], "twice"),
    ("view.setup.guides", ["jack", "nobody", "kate"], "does not know"),
    ("view.setup.difficulty", "godlike", "does not know"),
    ("view.setup.board.0", "Z9", "board cannot be built"),
    ("view.seats.0.guide", "sam", "seats are not the game's guides"),
    ("view.log.0.card", 999, "card that does not exist"),
    ("view.log_from", 5, "continues a game not sent"),
]


@pytest.mark.parametrize(
    ("path", "value", "words"), IMPOSSIBLE_VIEWS, ids=[f"{p}={v}" for p, v, _ in IMPOSSIBLE_VIEWS]
)
async def test_a_view_that_cannot_be_a_game_ends_the_link_in_words_and_shows_nothing(
    path: str, value: Any, words: str
) -> None:
    welcome = welcome_data()
    state = welcome["view"]["state"]
    if path == "view.state.lasting":  # a card taken from the deck: in one place only
        value = [[state["unseen_cards"].pop(), 9]]
    if path == "view.state.looking_at":  # an influence of three cards, at the client's turn
        value = [state["unseen_cards"].pop() for _ in range(3)]
        state["phase"], state["seat"] = 2, 0
    _set(welcome, path, value)
    changed: list[Seen] = []
    async with fake_host(sending(json.dumps(welcome))) as invitation:
        left = await left_for_good(TableLink(invitation, 0, on_change=changed.append))
    assert isinstance(left, HostError) and one_line(str(left)), str(left)
    assert "cannot be a game" in str(left) and words in str(left), str(left)
    assert not changed


async def test_an_update_that_breaks_the_rules_ends_the_link_after_a_good_welcome() -> None:
    welcome = welcome_data()
    update = update_of(welcome)
    update["view"]["state"]["vehicle"][0] = 500
    changed: list[Seen] = []
    async with fake_host(sending(json.dumps(welcome), json.dumps(update))) as invitation:
        link = TableLink(invitation, 0, on_change=changed.append)
        left = await left_for_good(link)
    assert "off the board" in str(left)
    assert len(changed) == 1 and link.seen.view is not None  # the welcome, and only it
    assert link.seen.view.state.vehicle[0] != 500


async def test_a_tables_set_up_never_changes_during_the_game() -> None:
    welcome = welcome_data()
    update = update_of(welcome)
    update["view"]["setup"]["difficulty"] = "expert"
    async with fake_host(sending(json.dumps(welcome), json.dumps(update))) as invitation:
        left = await left_for_good(TableLink(invitation, 0))
    assert "set-up changed" in str(left)


async def test_an_endless_stream_of_steps_is_left_before_it_fills_the_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(connection, "KEPT_LIMIT", 200)
    welcome = welcome_data()
    steps = len(welcome["view"]["log"])
    step = welcome["view"]["log"][-1]

    def steps_from(sent: int) -> list[str]:
        update = update_of(welcome)
        update["view"]["log_from"] = steps + 10 * sent
        update["view"]["log"] = [step] * 10
        return [json.dumps(update)]

    endless = flooding(welcome, steps_from, 10_000)

    async with fake_host(endless) as invitation:
        link = TableLink(invitation, 0)
        left = await left_for_good(link)
    assert "longer than any game" in str(left)
    assert len(link.seen.log) <= 200


async def test_a_welcome_whose_seat_secret_is_no_secret_is_not_kept() -> None:
    welcome = welcome_data()
    welcome["seat_secret"] = "../../" + "x" * 5000
    async with fake_host(sending(json.dumps(welcome))) as invitation:
        link = TableLink(invitation, 0)
        left = await left_for_good(link)
    assert isinstance(left, HostError) and "seat_secret" in str(left)
    assert link.seat_secret is None


async def test_the_hosts_words_reach_the_terminal_without_control_characters() -> None:
    welcome = welcome_data()
    welcome["view"]["seats"][1]["name"] = "Eve\x1b]0;pwned\x07\x1b[2J"
    refusal = {"type": "refused", "reason": "no\x1b]52;c;cm0gLXJmIH4=\x07 way\x9b31m"}
    said: list[str] = []
    async with fake_host(sending(json.dumps(welcome), json.dumps(refusal))) as invitation:
        link = TableLink(invitation, 0, on_refused=said.append)
        task = asyncio.create_task(link.run())
        reason = await said_within(said, "way")
        await link.close()
        await task
    assert reason == "no]52;c;cm0gLXJmIH4= way31m"
    assert link.seen.view is not None and link.seen.view.seats[1].name == "Eve]0;pwned[2J"


# ---------------------------------------------------------------------- how the host answers


async def test_a_redirect_is_never_followed_so_the_secret_goes_nowhere_else() -> None:
    reached: list[str] = []

    async def elsewhere(request: web.Request) -> web.StreamResponse:
        reached.append(request.path_qs)
        return await sending(json.dumps(welcome_data()))(request)

    async with fake_host(elsewhere) as other:

        async def redirect(request: web.Request) -> web.StreamResponse:
            raise web.HTTPFound(other.websocket().replace("ws://", "http://"))

        async with fake_host(redirect) as invitation:
            left = await left_for_good(TableLink(invitation, 0))
    assert isinstance(left, HostError) and "sent the connection elsewhere" in str(left)
    assert other.websocket().replace("ws://", "http://") in str(left)
    assert reached == []


async def test_a_host_that_never_finishes_the_handshake_is_told_in_bounded_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(connection, "HANDSHAKE_WAIT", 0.5)

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"HTTP/1.1 101 Switching")  # and then, a byte at a time, nothing
        await writer.drain()
        await asyncio.sleep(60)

    said: list[str] = []
    async with raw_host(silent) as invitation:
        link = TableLink(invitation, 0, on_refused=said.append)
        task = asyncio.create_task(link.run())
        line = await said_within(said, "cannot reach", seconds=5)
        assert not task.done()  # it tries again, as for a host that is down
        await link.close()
        await task
    assert "trying again" in line and one_line(line)


async def test_a_host_that_never_welcomes_is_told_and_tried_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(connection, "WELCOME_WAIT", 0.5)
    pong = json.dumps({"type": "pong"})
    said: list[str] = []
    async with fake_host(sending(pong, pong, pong)) as invitation:
        link = TableLink(invitation, 0, on_refused=said.append)
        task = asyncio.create_task(link.run())
        line = await said_within(said, "cannot reach", seconds=5)
        assert not task.done() and link.joined == 0
        await link.close()
        await task
    assert one_line(line)


async def test_a_slow_frame_larger_than_the_limit_is_refused_at_its_header() -> None:
    async def slow_loris(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await handshake(reader, writer)
        writer.write(bytes([0x81, 127]) + (1 << 40).to_bytes(8, "big"))  # a 1 TB text frame
        for _ in range(600):
            writer.write(b"x")
            await writer.drain()
            await asyncio.sleep(0.1)

    async with raw_host(slow_loris) as invitation:
        left = await left_for_good(TableLink(invitation, 0))
    assert isinstance(left, HostError) and "websocket protocol" in str(left)


async def test_a_host_that_hangs_up_mid_message_is_a_dropped_connection() -> None:
    async def cut(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await handshake(reader, writer)
        writer.write(bytes([0x81, 126]) + (1000).to_bytes(2, "big") + b'{"type": "wel')
        await writer.drain()

    said: list[str] = []
    async with raw_host(cut) as invitation:
        link = TableLink(invitation, 0, on_refused=said.append)
        task = asyncio.create_task(link.run())
        await asyncio.sleep(1.0)
        assert not task.done()  # no crash: it comes back, as after any dropped connection
        await link.close()
        await task
    assert link.joined == 0


async def test_timeline_pages_nobody_asked_for_are_not_kept() -> None:
    """A host that sends timeline pages unasked, without end, fills no queue: a page is taken
    only while the timeline is being fetched."""
    table = new_table()
    page = table.timeline_page(0).model_dump_json()
    welcome = welcome_data()

    refusal = json.dumps({"type": "refused", "reason": "no", "about": "timeline"})
    pages = flooding(welcome, lambda _: [page, refusal], 300)

    async with fake_host(pages) as invitation:
        link = TableLink(invitation, 0)
        task = asyncio.create_task(link.run())
        await asyncio.wait_for(link.connected.wait(), PROMPT)
        await asyncio.sleep(1.0)
        assert link._pages.qsize() <= 2
        await link.close()
        await task


@pytest.mark.parametrize("status", [200, 400, 418])
async def test_an_address_that_answers_as_a_web_server_is_no_host(status: int) -> None:
    """An invitation that leads to some web server (a typo, an old address) is left at once
    with what it answered, not tried again without end."""

    async def web_server(request: web.Request) -> web.StreamResponse:
        return web.Response(status=status, text="<h1>Welcome to my blog</h1>")

    async with fake_host(web_server) as invitation:
        left = await left_for_good(TableLink(invitation, 0))
    assert isinstance(left, HostError) and f"HTTP {status}" in str(left)
    assert "no bigfive host" in str(left) and one_line(str(left))


async def test_a_host_that_answers_503_is_tried_again() -> None:
    """A server error (a host behind a proxy, restarting) is a host that is not there yet."""

    async def restarting(request: web.Request) -> web.StreamResponse:
        return web.Response(status=503, text="starting")

    said: list[str] = []
    async with fake_host(restarting) as invitation:
        link = TableLink(invitation, 0, on_refused=said.append)
        task = asyncio.create_task(link.run())
        line = await said_within(said, "503")
        assert not task.done() and "trying again" in line
        await link.close()
        await task


async def test_a_message_sent_a_byte_at_a_time_drops_the_connection_in_bounded_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A frame under the size limit, trickled a byte at a time (a slow loris, which keeps the
    websocket's own pings alive): the link's pings get no pong through it, so the connection
    drops after QUIET_MOST seconds without a whole message and is tried again, each time as
    briefly."""
    monkeypatch.setattr(connection, "PING_EVERY", 0.2)
    monkeypatch.setattr(connection, "QUIET_MOST", 0.6)
    connections: list[int] = []

    welcome = json.dumps(welcome_data()).encode()

    async def slow_loris(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await handshake(reader, writer)
        connections.append(1)
        writer.write(bytes([0x81, 127]) + len(welcome).to_bytes(8, "big") + welcome)
        writer.write(bytes([0x81, 127]) + (1 << 20).to_bytes(8, "big"))  # 1 MB, under it
        for _ in range(600):
            writer.write(b"x")
            await writer.drain()
            await asyncio.sleep(0.1)

    async with raw_host(slow_loris) as invitation:
        link = TableLink(invitation, 0)
        task = asyncio.create_task(link.run())
        async with asyncio.timeout(PROMPT):
            while len(connections) < 2:
                await asyncio.sleep(0.05)
        assert not task.done() and link.joined >= 1
        await link.close()
        await task


#: What a fuzzed welcome's fields are set to: edges of every range the views have, and wrong
#: types.
FUZZ_VALUES: list[Any] = [
    -(2**40),
    -3,
    -2,
    -1,
    0,
    1,
    2,
    4,
    9,
    21,
    22,
    80,
    81,
    99,
    2**31,
    10**30,
    "",
    "x",
    "\x1b[2J",
    "lost:food",
    "won",
    None,
    True,
    1.5,
    [],
    {},
    [1, 2],
    [[0, 9]],
]


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Every place in plain data (lists too, as places), with what is there."""
    found: list[tuple[tuple[Any, ...], Any]] = [(path, data)] if path else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += _leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _leaves(value, (*path, index))
    return found


def test_a_thousand_spoiled_welcomes_give_no_traceback() -> None:
    """Real welcomes with one to three places set to an edge or a wrong type, or a list made
    shorter or longer: each is taken or left with a HostError; nothing else escapes."""
    rng = random.Random(29)
    welcomes = []
    for seed in range(4):
        table = new_table(seed)
        play = random.Random(seed)
        for _ in range(play.randrange(80)):
            state = table.session.state
            if state.over:
                break
            action = random_player.choose(state, table.session.legal_actions(), play)
            table.act(state.seat, table.session.describe(action), len(table.session.texts))
        table.sit(0, None)
        secret = table.seats[0].secret
        welcome = Welcome(table=table.code, seat=0, seat_secret=secret, view=table.view(whole=True))
        welcomes.append(json.loads(welcome.model_dump_json()))
    taken = 0
    for _ in range(1000):
        welcome = copy.deepcopy(rng.choice(welcomes))
        for _ in range(rng.choice((1, 1, 2, 3))):
            path, value = rng.choice(_leaves(welcome))
            place = welcome
            for part in path[:-1]:
                place = place[part]
            if isinstance(value, list) and value and rng.random() < 0.5:
                value = list(value)
                if rng.random() < 0.5:
                    value.pop(rng.randrange(len(value)))
                else:
                    value.append(copy.deepcopy(rng.choice(value)))
                place[path[-1]] = value
            else:
                place[path[-1]] = rng.choice(FUZZ_VALUES)
        link = TableLink(Invitation("127.0.0.1", 9, "table1", "secret1"), 0)
        try:
            link._receive(json.dumps(welcome))
        except HostError as left:
            assert one_line(str(left)), str(left)
        else:
            taken += 1
    assert 0 < taken < 1000  # some spoilings are harmless (a name, a move's text)
