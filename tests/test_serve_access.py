"""``bigfive serve`` lets in only the person who started it, tried as a hostile user would.

Real requests on loopback to a real server (a free port each): no token, a wrong token, a
foreign Origin, a Host that is not an address, a websocket message the page never sends,
malformed requests — each refused, in one line on the server's console and never a
traceback — and the right token gets in. A data folder that is not a folder is refused
before the server starts.
"""

from __future__ import annotations

import asyncio
import os
import socket
import stat
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
from browser import free_port
from served import Served, answer, serve

from bigfive_tui.cli import main

TEXTUAL_JS = "static/js/textual.js"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    server = serve(tmp_path_factory.mktemp("serve") / "data")
    yield server
    out, err = server.stop()
    print(f"The server said:\n{out}\n{err}")  # shown when a test failed
    assert "Traceback" not in out + err
    assert "a request failed" not in err  # a refusal is never a failure of ours


# ------------------------------------------------------------------ the token


@pytest.mark.parametrize("path", ["", TEXTUAL_JS, "ws", "download/somekey", "static/"])
def test_without_the_token_nothing_is_served(served: Served, path: str) -> None:
    refused = answer(served.url + path)
    assert refused.status == 403
    assert "lets in only the person who started it" in refused.text
    assert "?token=" in refused.text


@pytest.mark.parametrize("token", ["wrong", "", "x" * 5000, "%C3%A9t%C3%A9"])
def test_a_wrong_token_is_refused(served: Served, token: str) -> None:
    refused = answer(f"{served.url}?token={token}")
    assert refused.status == 403 and "wrong token" in refused.text
    assert "Set-Cookie" not in refused.headers


def test_a_wrong_cookie_is_refused(served: Served) -> None:
    last = "B" if served.token.endswith("A") else "A"  # a token that ends in A: 1 in 64
    wrong = f"bigfive-serve-{served.port}={served.token[:-1]}{last}"
    assert answer(served.url, cookie=wrong).status == 403
    other_servers = f"bigfive-serve-{served.port + 1}={served.token}"  # another port's name
    assert answer(served.url, cookie=other_servers).status == 403


def test_the_token_twice_is_refused(served: Served) -> None:
    assert answer(f"{served.url}?token={served.token}&token=wrong").status == 403


def test_the_token_becomes_a_cookie_only_scripts_and_other_sites_never_see(
    served: Served,
) -> None:
    opened = answer(served.address + "&fontsize=14")
    assert opened.status == 303
    assert opened.headers["Location"] == "/?fontsize=14"  # the token leaves the address
    cookie = opened.headers["Set-Cookie"]
    assert cookie.startswith(f"bigfive-serve-{served.port}={served.token};")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    assert "Max-Age" not in cookie and "expires" not in cookie.lower()  # gone with the browser


def test_the_cookie_opens_the_page_and_its_files(served: Served) -> None:
    page = answer(served.url, cookie=served.cookie)
    assert page.status == 200 and "data-session-websocket-url" in page.text
    assert answer(served.url + TEXTUAL_JS, cookie=served.cookie).status == 200
    font = "static/fonts/RobotoMono-VariableFont_wght.ttf"
    assert answer(served.url + font, cookie=served.cookie).status == 200


def test_the_static_folder_is_not_listed_nor_left(served: Served) -> None:
    assert answer(served.url + "static/", cookie=served.cookie).status in (403, 404)
    outside = served.url + "static/%2E%2E/%2E%2E/%2E%2E/etc/passwd"
    assert answer(outside, cookie=served.cookie).status in (403, 404)


# ------------------------------------------------------------------ the websocket


async def open_websocket(
    served: Served, *, origin: str | None, cookie: str | None, query: str = ""
) -> tuple[int, aiohttp.WSMessage | None]:
    """The status of the websocket's handshake (101: open) and, when it opened, the first
    message the game sent (then the connection is closed)."""
    headers = {"Cookie": cookie} if cookie else {}
    if origin is not None:
        headers["Origin"] = origin
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(
                f"ws://127.0.0.1:{served.port}/ws{query}", headers=headers
            ) as websocket:
                first = await asyncio.wait_for(websocket.receive(), 60)
                return 101, first
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status, None


def own_origin(served: Served) -> str:
    return f"http://127.0.0.1:{served.port}"


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "null",
        "http://127.0.0.1",  # another port is another site
        "https://127.0.0.1:{port}",
        "http://localhost:{port}",  # another name for the same computer: another page
        "http://127.0.0.1:{port}.evil.example",
        "http://127.0.0.1:{port}/path",
        "\u00e9vil",
    ],
)
async def test_a_websocket_from_a_foreign_origin_is_refused_even_with_the_cookie(
    served: Served, origin: str
) -> None:
    origin = origin.format(port=served.port)
    if not origin.isascii():
        origin = origin.encode().decode("latin-1")  # as raw bytes in the header
    status, _ = await open_websocket(served, origin=origin, cookie=served.cookie)
    assert status == 403


async def test_a_websocket_without_the_token_is_refused(served: Served) -> None:
    assert (await open_websocket(served, origin=own_origin(served), cookie=None))[0] == 403
    wrong = await open_websocket(served, origin=own_origin(served), cookie=None, query="?token=x")
    assert wrong[0] == 403


async def test_the_right_cookie_from_the_own_page_plays(served: Served) -> None:
    status, first = await open_websocket(served, origin=own_origin(served), cookie=served.cookie)
    assert status == 101 and first is not None and first.type == aiohttp.WSMsgType.BINARY
    # A program that is no browser sends no Origin: the token alone lets it in.
    status, _ = await open_websocket(
        served, origin=None, cookie=None, query=f"?token={served.token}"
    )
    assert status == 101


NOT_THE_PAGES = [
    "not json",
    "{}",
    "[]",
    '["stdin"]',
    '["stdin", 5]',
    '["resize", {}]',
    '["resize", {"width": "80", "height": 24}]',
    '["resize", {"width": 100000, "height": 100000}]',
    '["resize", {"width": -1, "height": 24}]',
    '["ping", "' + "9" * 1000 + '"]',
    '["quit"]',
    '["blur", 1]',
    "[" * 10000,
]


@pytest.mark.parametrize("message", NOT_THE_PAGES, ids=range(len(NOT_THE_PAGES)))
async def test_a_message_the_page_never_sends_closes_the_connection(
    served: Served, message: str
) -> None:
    headers = {"Origin": own_origin(served), "Cookie": served.cookie}
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"ws://127.0.0.1:{served.port}/ws", headers=headers) as websocket,
    ):
        await websocket.send_str('["resize", {"width": 80, "height": 24}]')
        await websocket.send_str(message)
        while (got := await asyncio.wait_for(websocket.receive(), 60)).type in (
            aiohttp.WSMsgType.BINARY,
            aiohttp.WSMsgType.TEXT,
        ):
            pass  # the game's screen, until the close
        assert got.type == aiohttp.WSMsgType.CLOSE
        assert got.data == aiohttp.WSCloseCode.UNSUPPORTED_DATA
    assert answer(served.url, cookie=served.cookie).status == 200  # the server goes on


async def test_a_binary_frame_and_a_huge_message_close_the_connection(served: Served) -> None:
    headers = {"Origin": own_origin(served), "Cookie": served.cookie}
    for send in (b"\x00\xff binary", '["stdin", "' + "a" * 300_000 + '"]'):
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(f"ws://127.0.0.1:{served.port}/ws", headers=headers) as websocket,
        ):
            if isinstance(send, bytes):
                await websocket.send_bytes(send)
            else:
                await websocket.send_str(send)
            while (got := await asyncio.wait_for(websocket.receive(), 60)).type in (
                aiohttp.WSMsgType.BINARY,
                aiohttp.WSMsgType.TEXT,
            ):
                pass
            assert got.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)


# ------------------------------------------------------------------ malformed requests


def raw(port: int, request: bytes) -> bytes:
    """What the server answers to ``request``, sent as bytes over a socket (its first line)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(request)
        connection.shutdown(socket.SHUT_WR)
        answered = b""
        while (more := connection.recv(65536)) and len(answered) < 1_000_000:
            answered += more
    return answered.split(b"\r\n", 1)[0]


def malformed(port: int, cookie: str) -> list[bytes]:
    own = f"Host: 127.0.0.1:{port}\r\nCookie: {cookie}\r\n".encode()
    return [
        b"GET /\xff\xfe HTTP/1.1\r\n" + own + b"\r\n",
        b"GET / HTTP/1.1\r\n" + own + b"X-Huge: " + b"a" * 100_000 + b"\r\n\r\n",
        b"GET / HTTP/1.1\r\n" + own + b"".join(b"X-%d: 1\r\n" % i for i in range(500)) + b"\r\n",
        b"GARBAGE\r\n\r\n",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(256)),  # a TLS hello
        b"GET / HTTP/1.1\r\nHost: \xff\xfe\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: a b\r\nCookie: " + cookie.encode() + b"\r\n\r\n",
        b"GET / HTTP/1.0\r\n\r\n",  # no Host at all
        b"GET /?fontsize=\xff HTTP/1.1\r\n" + own + b"\r\n",
        b"GET /?fontsize=99999999999999999999 HTTP/1.1\r\n" + own + b"\r\n",
        b"GET /" + b"a/" * 5000 + b" HTTP/1.1\r\n" + own + b"\r\n",
        b"GET /download/%00%ff HTTP/1.1\r\n" + own + b"\r\n",
        b"GET /static/..%2f..%2f..%2fetc/passwd HTTP/1.1\r\n" + own + b"\r\n",
        b"POST / HTTP/1.1\r\n" + own + b"Content-Length: 5\r\n\r\nhello",
        b"GET / HTTP/1.1\r\n" + own + b"Content-Length: -1\r\n\r\n",
        b"GET / HTTP/1.1\r\n" + own + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n",
        b"GET /ws HTTP/1.1\r\n" + own + b"Upgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: zzz\r\nSec-WebSocket-Version: 13\r\n\r\n",
        b"GET /ws HTTP/1.1\r\n" + own + b"Upgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 99\r\n\r\n",
        b"GET /ws?width=zz&height=-4 HTTP/1.1\r\n" + own + b"\r\n",
    ]


def test_malformed_requests_are_refused_in_a_line_each_without_a_traceback(
    tmp_path: Path,
) -> None:
    server = serve(tmp_path / "data")
    try:
        requests = malformed(server.port, server.cookie)
        for request in requests:
            first_line = raw(server.port, request)
            assert not first_line.startswith(b"HTTP/1.1 5"), (request[:60], first_line)
        assert answer(server.url, cookie=server.cookie).status == 200  # it still answers
    finally:
        out, err = server.stop()
    print(err)
    assert "Traceback" not in out + err and "╭" not in out + err
    lines = err.splitlines()
    assert len(lines) <= len(requests)
    assert all(line.startswith("bigfive serve: ") for line in lines)
    assert "a request failed" not in err  # each is refused, none breaks a handler


# ------------------------------------------------------------------ the data folder


def test_a_data_folder_that_is_a_file_a_fifo_or_a_device_is_refused_at_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for folder, kind in [
        (a_file, "is a file, not a folder"),
        (fifo, "is a FIFO, not a folder"),
        (Path("/dev/null"), "is a device, not a folder"),
        (a_file / "inside", "cannot be made"),
    ]:
        port = free_port()
        assert main(["serve", "--port", str(port), "--data-dir", str(folder)]) == 2
        err = capsys.readouterr().err
        assert f"bigfive serve: --data-dir {folder} {kind}" in err
    assert a_file.read_text() == "mine" and stat.S_ISFIFO(fifo.stat().st_mode)
    assert stat.S_ISCHR(Path("/dev/null").stat().st_mode)


def test_a_data_folder_from_the_environment_is_checked_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(a_file))
    assert main(["serve", "--port", str(free_port())]) == 2
    assert f"the data folder {a_file} is a file, not a folder" in capsys.readouterr().err
