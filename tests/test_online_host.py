"""The host over real sockets on loopback: only the invited get in, every hostile message is
refused, and the table goes on (issue 29's "Only the invited get in" and "Nothing lost")."""

from __future__ import annotations

import asyncio
import errno
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest
from browser import free_port
from online_support import join_text, new_table, next_of, running

from bigfive_tui.cli import main
from bigfive_tui.online import browser as browser_module
from bigfive_tui.online import host as host_module
from bigfive_tui.online import serving
from bigfive_tui.online.connection import LinkError, TableLink
from bigfive_tui.online.invitation import Invitation, parse_invitation
from bigfive_tui.online.keeping import read_table, table_path, table_snapshot, write_table
from bigfive_tui.online.limits import MESSAGE_LIMIT


async def test_a_seat_joins_and_plays_and_everybody_sees_the_move() -> None:
    table = new_table()
    async with (
        running(table) as run,
        aiohttp.ClientSession() as http,
        http.ws_connect(run.ws_url(table.code)) as jack,
        http.ws_connect(run.ws_url(table.code)) as watcher,
    ):
        await jack.send_str(join_text(table, 0, name="Jo"))
        welcome = await next_of(jack, "welcome")
        assert welcome["seat"] == 0 and welcome["seat_secret"] == table.seats[0].secret
        await watcher.send_str(join_text(table, None))
        seen = await next_of(watcher, "welcome")
        assert seen["seat"] is None and seen["seat_secret"] is None
        assert seen["view"]["seats"][0]["name"] == "Jo"
        await jack.send_str(json.dumps({"type": "act", "action": "draw", "at": 0}))
        while True:
            update = await next_of(watcher, "update")
            if update["view"]["moves"] == ["draw"]:
                break
        assert table.session.texts == ["draw"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"secret": "wrong"}, "wrong table secret"),
        ({"table": "another"}, "another table"),
        ({"seat": 1, "seat_secret": "wrong"}, "wrong secret"),
        ({"seat": 4}, "no seat 4"),
    ],
)
async def test_a_wrong_secret_or_seat_is_refused_and_hung_up_on(
    change: dict[str, object], words: str
) -> None:
    table = new_table()
    async with running(table) as run, aiohttp.ClientSession() as http:
        async with http.ws_connect(run.ws_url(table.code)) as socket:
            join = json.loads(join_text(table, 0)) | change
            await socket.send_str(json.dumps(join))
            refused = await next_of(socket, "refused")
            assert words in refused["reason"] and refused["closing"]
            assert await next_of(socket, "update") is None  # hung up
        assert not any(seat.present for seat in table.seats)
        assert run.host.clients[table.code] == set()


async def test_a_claimed_seat_needs_its_secret() -> None:
    table = new_table()
    async with (
        running(table) as run,
        aiohttp.ClientSession() as http,
        http.ws_connect(run.ws_url(table.code)) as first,
    ):
        await first.send_str(join_text(table, 1))
        await next_of(first, "welcome")
        async with http.ws_connect(run.ws_url(table.code)) as second:
            await second.send_str(join_text(table, 1))
            assert "taken" in (await next_of(second, "refused"))["reason"]


async def test_a_foreign_origin_and_an_unknown_table_are_refused_before_the_socket() -> None:
    table = new_table()
    async with running(table) as run, aiohttp.ClientSession() as http:
        for origin in ("http://evil.example", f"http://localhost:{run.port + 1}", "null"):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(run.ws_url(table.code), headers={"Origin": origin})
            assert refused.value.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError) as unknown:
            await http.ws_connect(run.ws_url("nosuchtable"))
        assert unknown.value.status == 404
        own = f"http://127.0.0.1:{run.port}"
        async with http.ws_connect(run.ws_url(table.code), headers={"Origin": own}) as socket:
            await socket.send_str(join_text(table, None))
            assert await next_of(socket, "welcome")


async def test_an_oversized_message_ends_the_connection_and_the_table_goes_on() -> None:
    table = new_table()
    async with running(table) as run, aiohttp.ClientSession() as http:
        async with http.ws_connect(run.ws_url(table.code)) as jack:
            await jack.send_str(join_text(table, 0))
            await next_of(jack, "welcome")
            await jack.send_str(json.dumps({"type": "act", "action": "x" * MESSAGE_LIMIT, "at": 0}))
            assert await next_of(jack, "welcome") is None
        async with http.ws_connect(run.ws_url(table.code)) as jack:
            await jack.send_str(join_text(table, 0, table.seats[0].secret))
            await next_of(jack, "welcome")
            await jack.send_str(json.dumps({"type": "act", "action": "draw", "at": 0}))
            await asyncio.sleep(0.2)
        assert table.session.texts == ["draw"]


@pytest.mark.parametrize(
    "raw",
    [
        "not json",
        "[]",
        '{"type": "act", "action": 5, "at": 0}',
        '{"type": "act", "action": "draw", "at": "0"}',
        '{"type": "act", "action": "draw", "at": 1e99}',
        '{"type": "fire_everyone"}',
        '{"type": "act", "action": "draw", "at": 0, "admin": true}',
        '{"type": "hand_over", "seat": -1}',
        '{"type": "join", "table": "x", "secret": "y"}',
    ],
)
async def test_a_message_of_the_wrong_shape_is_refused_and_the_connection_goes_on(raw: str) -> None:
    table = new_table()
    async with running(table) as run, aiohttp.ClientSession() as http:
        async with http.ws_connect(run.ws_url(table.code)) as jack:
            await jack.send_str(join_text(table, 0))
            await next_of(jack, "welcome")
            await jack.send_str(raw)
            refused = await next_of(jack, "refused")
            assert not refused["closing"] and refused["reason"]
            await jack.send_bytes(b"\x00\x01")
            assert "JSON text" in (await next_of(jack, "refused"))["reason"]
            await jack.send_str(json.dumps({"type": "act", "action": "draw", "at": 0}))
            await asyncio.sleep(0.1)
        assert table.session.texts == ["draw"]


async def test_acting_out_of_turn_or_as_a_watcher_is_refused() -> None:
    table = new_table()
    async with running(table) as run, aiohttp.ClientSession() as http:
        async with (
            http.ws_connect(run.ws_url(table.code)) as anna,
            http.ws_connect(run.ws_url(table.code)) as watcher,
        ):
            await anna.send_str(join_text(table, 1))
            await next_of(anna, "welcome")
            await watcher.send_str(join_text(table, None))
            await next_of(watcher, "welcome")
            await anna.send_str(json.dumps({"type": "act", "action": "draw", "at": 0}))
            assert "Jack's turn" in (await next_of(anna, "refused"))["reason"]
            await watcher.send_str(json.dumps({"type": "undo", "at": 0}))
            assert "watchers" in (await next_of(watcher, "refused"))["reason"]
        assert table.session.texts == []


async def test_a_flood_is_slowed_then_hung_up_on_and_the_table_goes_on() -> None:
    table = new_table()
    async with running(table) as run, aiohttp.ClientSession() as http:
        async with (
            http.ws_connect(run.ws_url(table.code)) as flood,
            http.ws_connect(run.ws_url(table.code)) as jack,
        ):
            await flood.send_str(join_text(table, 1))
            await next_of(flood, "welcome")
            await jack.send_str(join_text(table, 0))
            await next_of(jack, "welcome")
            ping = json.dumps({"type": "ping"})
            for _ in range(200):
                await flood.send_str(ping)
            reasons = []
            async for message in flood:
                if message.type != aiohttp.WSMsgType.TEXT:
                    break
                data = json.loads(message.data)
                if data["type"] == "refused":
                    reasons.append(data["reason"])
            assert any("slow down" in r for r in reasons) and "hanging up" in reasons[-1]
            await jack.send_str(json.dumps({"type": "act", "action": "draw", "at": 0}))
            await asyncio.sleep(0.2)
        assert table.session.texts == ["draw"]


async def test_a_connection_that_never_joins_is_hung_up_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(host_module, "JOIN_WAIT", 0.2)
    table = new_table()
    async with (
        running(table) as run,
        aiohttp.ClientSession() as http,
        http.ws_connect(run.ws_url(table.code)) as silent,
    ):
        refused = await next_of(silent, "refused")
        assert refused["closing"] and "join" in refused["reason"]


async def test_a_dropped_client_comes_back_to_its_seat_and_finds_the_game_where_it_is() -> None:
    table = new_table()
    async with running(table) as run:
        changes: list[int] = []
        link = TableLink(run.invitation(table), 0, on_change=lambda seen: changes.append(1))
        task = asyncio.create_task(link.run())
        await asyncio.wait_for(link.connected.wait(), 5)
        assert await link.act("draw")
        await asyncio.sleep(0.2)
        await link.drop()
        await asyncio.sleep(0.05)
        await asyncio.wait_for(link.connected.wait(), 5)
        assert link.joined == 2 and link.seat_secret == table.seats[0].secret
        assert link.seen.moves == table.session.texts == ["draw"]
        assert [s.text for s in link.seen.log] == [s.text for s in table.session.log]
        await link.close()
        await task


async def test_a_link_refused_for_good_says_why() -> None:
    table = new_table()
    async with running(table) as run:
        invitation = run.invitation(table)._replace(secret="wrong")
        reasons: list[str] = []
        link = TableLink(invitation, 0, on_refused=reasons.append)
        with pytest.raises(LinkError, match="wrong table secret"):
            await asyncio.wait_for(link.run(), 5)


async def test_computer_teammates_play_their_seats_on_the_host() -> None:
    table = new_table(players=["computer", "computer", "person"])
    async with running(table):
        for _ in range(500):
            if table.session.state.seat == 2 or table.session.state.over:
                break
            await asyncio.sleep(0.01)
        assert table.session.texts  # the two computer seats moved
        assert table.session.state.seat == 2 or table.session.state.over


async def test_a_host_that_restarts_reopens_its_tables_and_lets_everybody_back(
    tmp_path: Path,
) -> None:
    table = new_table()
    async with running(table, folder=tmp_path) as run:
        link = TableLink(run.invitation(table), 0)
        task = asyncio.create_task(link.run())
        await asyncio.wait_for(link.connected.wait(), 5)
        await link.act("draw")
        await asyncio.sleep(0.3)
        secret = link.seat_secret
        await link.close()
        await task
    kept = read_table(table_path(tmp_path, table.code))
    assert kept.session.texts == ["draw"] and kept.secret == table.secret
    async with running(folder=tmp_path) as again:
        assert table.code in again.host.tables
        reopened = again.host.tables[table.code]
        back = TableLink(again.invitation(reopened), 0, seat_secret=secret)
        task = asyncio.create_task(back.run())
        await asyncio.wait_for(back.connected.wait(), 5)
        assert back.seen.moves == ["draw"]
        await back.close()
        await task


async def test_an_empty_seat_is_handed_to_the_computer_by_another_guide_over_the_socket(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bigfive_tui.online import table as table_module

    table = new_table()
    async with (
        running(table) as run,
        aiohttp.ClientSession() as http,
        http.ws_connect(run.ws_url(table.code)) as jack,
    ):
        await jack.send_str(join_text(table, 0))
        await next_of(jack, "welcome")
        await jack.send_str(json.dumps({"type": "hand_over", "seat": 1}))
        assert "can be handed to the computer after" in (await next_of(jack, "refused"))["reason"]
        monkeypatch.setattr(table_module, "EMPTY_TOO_LONG", 0.0)
        await jack.send_str(json.dumps({"type": "hand_over", "seat": 1}))
        while True:
            update = await next_of(jack, "update")
            if update["view"]["seats"][1]["player"] == "computer":
                break
        assert table.computer_seats() == {1}


async def test_the_browser_page_and_its_socket_let_in_only_the_invited() -> None:
    table = new_table()
    async with running(table) as run, aiohttp.ClientSession() as http:
        base = f"http://127.0.0.1:{run.port}/t/{table.code}"
        async with http.get(f"{base}?key={table.secret}") as page:
            assert page.status == 200 and "bigfive-browser" in page.cookies
            text = await page.text()
            assert f"/t/{table.code}/play/{table.secret}" in text
        for address, status in [
            (base, 403),
            (f"{base}?key=wrong", 403),
            (f"http://127.0.0.1:{run.port}/t/nosuchtable?key={table.secret}", 404),
        ]:
            async with http.get(address) as refused:
                assert refused.status == status, address
        play = f"ws://127.0.0.1:{run.port}/t/{table.code}/play"
        own = {"Origin": f"http://127.0.0.1:{run.port}"}
        for address, headers, status in [
            (f"{play}/{table.secret}", {"Origin": "http://evil.example"}, 403),
            (f"{play}/{table.secret}", {}, 403),
            (f"{play}/wrong", own, 403),
        ]:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused_socket:
                await http.ws_connect(address, headers=headers)
            assert refused_socket.value.status == status


async def test_a_browser_socket_that_sends_what_the_page_never_sends_is_closed() -> None:
    table = new_table()
    async with running(table) as run, aiohttp.ClientSession() as http:
        play = f"ws://127.0.0.1:{run.port}/t/{table.code}/play/{table.secret}?width=80&height=24"
        own = {"Origin": f"http://127.0.0.1:{run.port}"}
        async with http.ws_connect(play, headers=own) as socket:
            await socket.send_str('["stdin", 5]')
            async with asyncio.timeout(30):
                async for message in socket:
                    if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                        break
            assert socket.closed
        async with asyncio.timeout(60):  # the tab's game process ends with its connection
            while tab_processes():
                await asyncio.sleep(0.1)
        assert table.session.texts == []


async def test_a_table_serves_a_bounded_number_of_browser_tabs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each browser tab is a game process on the host's computer: whoever has the invitation
    cannot start them without end. A tab past the table's limit is refused before any process
    starts; a closed tab frees its place."""
    monkeypatch.setattr(browser_module, "BROWSER_TABS", 1)
    table = new_table()
    others = set(tab_processes())  # any left by other tests, still ending
    async with running(table) as run, aiohttp.ClientSession() as http:
        play = f"ws://127.0.0.1:{run.port}/t/{table.code}/play/{table.secret}?width=80&height=24"
        own = {"Origin": f"http://127.0.0.1:{run.port}"}
        async with http.ws_connect(play, headers=own):
            async with asyncio.timeout(60):
                while not set(tab_processes()) - others:
                    await asyncio.sleep(0.05)
            started = set(tab_processes())
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(play, headers=own)
            assert refused.value.status == 503
            await asyncio.sleep(0.5)
            assert set(tab_processes()) <= started  # no process for the refused tab
        async with asyncio.timeout(60):
            while set(tab_processes()) & (started - others):
                await asyncio.sleep(0.1)
        async with http.ws_connect(play, headers=own):  # the place is free again
            pass
        async with asyncio.timeout(60):
            while set(tab_processes()) - others - started:
                await asyncio.sleep(0.1)


def tab_processes() -> list[int]:
    """This process's children that play a browser tab (``bigfive join … --as …``)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == os.getpid() and b"join" in command and b"--as" in command:
            found.append(int(entry.name))
    return found


def start_host(port: int, data: Path) -> tuple[subprocess.Popen[str], list[str]]:
    """``bigfive host --guides jack,anna`` in a process of its own; its invitations."""
    command = [sys.executable, "-m", "bigfive_tui.cli", "host", "--port", str(port)]
    command += ["--guides", "jack,anna", "--seed", "3", "--data-dir", str(data)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    lines = []
    while (line := process.stdout.readline()) and not line.startswith("Ctrl+C"):
        lines.append(line)
    return process, [line.split("bigfive join ")[1].strip() for line in lines if "join" in line]


async def test_a_killed_host_reopens_its_tables_and_lets_everybody_back(tmp_path: Path) -> None:
    port = free_port()
    host, invitations = start_host(port, tmp_path)
    try:
        invitation = parse_invitation(invitations[0])
        link = TableLink(invitation, 0)
        task = asyncio.create_task(link.run())
        await asyncio.wait_for(link.connected.wait(), 30)
        await link.act("draw")
        async with asyncio.timeout(30):
            while link.seen.moves != ["draw"]:
                await asyncio.sleep(0.02)
        secret = link.seat_secret
        await link.close()
        await task
    finally:
        host.send_signal(signal.SIGKILL)  # no goodbye: the table was kept after the move
        host.wait()
        assert host.stdout is not None
        host.stdout.close()
    again, reopened = start_host(port, tmp_path)
    try:
        assert invitations[0] in reopened  # the same code and secret
        back = TableLink(invitation, 0, seat_secret=secret)
        task = asyncio.create_task(back.run())
        await asyncio.wait_for(back.connected.wait(), 30)
        assert back.seen.moves == ["draw"] and back.seat == 0
        await back.close()
        await task
    finally:
        again.send_signal(signal.SIGTERM)
        assert again.wait(timeout=30) == 0
        assert again.stdout is not None
        again.stdout.close()


async def test_a_link_to_a_table_the_host_does_not_have_says_so() -> None:
    table = new_table()
    async with running(table) as run:
        invitation = run.invitation(table)._replace(table="nosuchtable")
        with pytest.raises(LinkError, match="no such table"):
            await asyncio.wait_for(TableLink(invitation, 0).run(), 10)


async def test_a_link_to_a_host_that_is_not_there_says_so_and_keeps_trying() -> None:
    table = new_table()
    said: list[str] = []
    link = TableLink(
        Invitation("127.0.0.1", free_port(), table.code, table.secret), 0, on_refused=said.append
    )
    task = asyncio.create_task(link.run())
    async with asyncio.timeout(10):
        while not said:
            await asyncio.sleep(0.02)
    assert "cannot reach 127.0.0.1" in said[0] and "trying again" in said[0]
    assert not task.done()
    await link.close()
    await task


def host_command(data: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    """``bigfive host --guides jack,anna`` with ``flags``, which must end at once."""
    command = [sys.executable, "-m", "bigfive_tui.cli", "host", "--port", str(free_port())]
    command += ["--guides", "jack,anna", "--data-dir", str(data), *flags]
    return subprocess.run(command, capture_output=True, text=True, timeout=20, check=False)


@pytest.mark.parametrize("where", ["data", "online", "tables"])
def test_a_host_whose_tables_cannot_be_kept_says_so_and_does_not_start(
    tmp_path: Path, where: str
) -> None:
    """A host that could not keep its tables would lose them all at its next start: a data
    folder (or its online/ or tables/ folder) that is a file or a FIFO is refused in one line
    and left as it is."""
    data = tmp_path / "data"
    blocker = {"data": data, "online": data / "online", "tables": data / "online" / "tables"}
    blocker[where].parent.mkdir(parents=True, exist_ok=True)
    if where == "online":
        os.mkfifo(blocker[where])
    else:
        blocker[where].write_text("my notes\n")
    done = host_command(data)
    assert done.returncode == 2 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith("bigfive host: tables cannot be kept: ") and "--data-dir" in line
    assert str(blocker[where]) in line and "not a folder" in line and "Errno" not in line
    if where == "online":
        assert blocker[where].is_fifo()
    else:
        assert blocker[where].read_text() == "my notes\n"


def test_table_files_that_cannot_be_kept_are_named_and_left_as_they_are(tmp_path: Path) -> None:
    """A host reopens only the tables it can keep: a table file that is corrupt, huge, a FIFO,
    a folder or a symbolic link (writes never follow one: its moves would be lost at the next
    start) is named with what is wrong and left as it is; the good table opens again."""
    folder, elsewhere = tmp_path / "tables", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    good, linked = new_table(), new_table(seed=4)
    write_table(table_path(folder, good.code), table_snapshot(good)())
    write_table(table_path(elsewhere, linked.code), table_snapshot(linked)())
    table_path(folder, linked.code).symlink_to(table_path(elsewhere, linked.code))
    (folder / "corrupt.json").write_text('{"format": "bigfive-table", "code": ')
    (folder / "huge.json").write_text(" " * (5 * 1024 * 1024))
    (folder / "folder.json").mkdir()
    os.mkfifo(folder / "fifo.json")
    before = {path.name: path.lstat() for path in folder.iterdir()}
    host = host_module.Host(folder)
    assert [table.code for table in host.reopen()] == [good.code]
    told = {problem.split(":")[0].rsplit("/", 1)[1]: problem for problem in host.problems}
    assert sorted(told) == sorted(set(before) - {f"{good.code}.json"})
    assert "symbolic link" in told[f"{linked.code}.json"]
    assert "pipe" in told["fifo.json"] and "larger than" in told["huge.json"]
    assert "not valid JSON" in told["corrupt.json"] and "folder" in told["folder.json"]
    after = {path.name: path.lstat() for path in folder.iterdir()}
    assert {name: (s.st_mode, s.st_size, s.st_mtime_ns) for name, s in after.items()} == {
        name: (s.st_mode, s.st_size, s.st_mtime_ns) for name, s in before.items()
    }


def test_a_port_taken_after_the_check_is_said_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The port is checked before the host starts, but another program may take it in
    between: the host then says so in one line and exits 1, as bigfive serve does."""

    async def taken_meanwhile(*_: object, **__: object) -> None:
        raise OSError(errno.EADDRINUSE, "address already in use")

    monkeypatch.setattr(serving, "serve", taken_meanwhile)
    port = free_port()
    flags = ["--guides", "jack,anna", "--port", str(port), "--data-dir", str(tmp_path)]
    assert main(["host", *flags]) == 1
    out, err = capsys.readouterr()
    assert err == (
        f"bigfive host: cannot listen on 127.0.0.1:{port}: address already in use; "
        "choose another port with --port\n"
    )
    assert out == ""
