"""Whatever bytes a file holds, loading it succeeds or raises the project's own error.

A valid file of each kind (a save, the settings, a layout, a piece, two scenarios, Photo
Safari's set-ups and scenarios, and the results file of a ``bigfive simulate`` run) is damaged by
random byte mutations: bytes replaced, inserted (among them the inputs that once crashed:
thousands of digits, brackets nested thousands deep, bytes that are not UTF-8, markup, escape
sequences), cut out, or the file cut short. Loading it through the same calls the game makes
must then either work or raise the error of that kind of file, never anything else (a results
file is refused with exit status 2 and left byte for byte as it was, or the run resumes and
only appends to it). The deep profile (``BIGFIVE_HYPOTHESIS=deep``) runs 3,000 mutations of
each kind.

The browser server's requests are tried the same way: request lines, paths, queries and
headers made by hypothesis (bytes that are not UTF-8, huge values, foreign origins, wrong and
right tokens, websocket upgrades) go over a real socket to a real ``bigfive serve``, which must
answer each (never with a 500) and go on answering, printing no traceback and at most a line
per request; the websocket messages a tab may send are checked by one parser, which accepts
or refuses any text.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import re
import socket
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from rich.console import Console
from served import Served, serve
from test_app_support import seeded_session

from bigfive_tui.app.files import saves
from bigfive_tui.app.files import settings as app_settings
from bigfive_tui.assets import boards_dir, load_layout, load_piece
from bigfive_tui.cli import main
from bigfive_tui.engine.pieces import BoardFileError
from bigfive_tui.photo_safari.formats.setup_file import SetupFileError
from bigfive_tui.photo_safari.setups import load_setup
from bigfive_tui.printing.scenario import report
from bigfive_tui.scenarios.files import run_file
from bigfive_tui.scenarios.model import ScenarioError
from bigfive_tui.web.relay import MESSAGE

ROOT = Path(__file__).resolve().parent.parent
#: Twice the profile's examples: 80 in the quick profile, 3,000 in the deep one.
EXAMPLES = 2 * settings().max_examples

CRASHERS = [
    b"9" * 5000,
    b"-" + b"7" * 4400,
    b"[" * 3000,
    b"{" * 3000,
    b'{"a":' * 2000,
    b"a=[" * 2000,
    b"x." * 3000 + b"y=1\n",
    b"123456789012345678901234567890",
    b"1e999",
    b"NaN",
    b"inf",
    b"[/x]",
    b"[bold]",
    b"\x1b[2J\x1b]0;title\x07",
    b"\xff",
    b"\xc3",
    b"\xed\xa0\x80",
    b"\x00",
    b"\\u0000",
    b"\\u001b",
    b'"',
    b"'",
    b",",
    b"=",
    b"]",
    b"}",
    b"\n",
    b"-1",
    b"true",
    b"null",
    b"[]",
    b"{}",
    b'""',
]

#: Values put in place of a value of the file (after an ``=`` or a ``:``), where the parser
#: reads them as values rather than stopping at a syntax error first.
VALUES = [
    b"9" * 5000,
    b"-" + b"3" * 4400,
    b"[" * 3000 + b"]" * 3000,
    b"{a=" * 2000 + b"1" + b"}" * 2000,
    b'{"a":' * 3000 + b"1" + b"}" * 3000,
    b"[" * 40 + b"]" * 40,
    str(2**64).encode(),
    str(-(2**70)).encode(),
    b"1e999",
    b"-inf",
    b"nan",
    b'"[/x] \\u001b[2J ^[a-z]$"',
    b'"[/x]"',
    b'"\\u001b]0;owned\\u0007"',
    b'"' + b"x" * 5000 + b'"',
    b'"/dev/zero"',
    b'"../../../../etc/passwd"',
    b'"\\u0000"',
    b"[]",
    b"{}",
    b"true",
    b"0",
    b"-1",
]

mutation = st.one_of(
    st.tuples(st.just("value"), st.integers(0, 1 << 20), st.sampled_from(VALUES)),
    st.tuples(st.just("replace"), st.integers(0, 1 << 20), st.binary(min_size=1, max_size=4)),
    st.tuples(
        st.just("insert"),
        st.integers(0, 1 << 20),
        st.one_of(st.sampled_from(CRASHERS), st.binary(min_size=1, max_size=8)),
    ),
    st.tuples(st.just("delete"), st.integers(0, 1 << 20), st.binary(min_size=1, max_size=64)),
    st.tuples(st.just("cut"), st.integers(0, 1 << 20), st.just(b"")),
)
mutations = st.lists(mutation, min_size=1, max_size=6)


VALUE_START = re.compile(rb"[=:][ \t]*")
VALUE_END = re.compile(rb"[,\n}\]]")


def mutate(data: bytes, changes: list[tuple[str, int, bytes]]) -> bytes:
    """``data`` with each change applied in turn (positions wrap round the current length;
    a delete removes as many bytes as its payload is long; a value change puts its payload
    in place of the value after the n-th ``=`` or ``:``)."""
    for kind, position, payload in changes:
        at = position % (len(data) + 1)
        if kind == "value":
            starts = [found.end() for found in VALUE_START.finditer(data)]
            if starts:
                begin = starts[position % len(starts)]
                end = VALUE_END.search(data, begin)
                data = data[:begin] + payload + data[end.start() if end else len(data) :]
        elif kind == "replace":
            data = data[:at] + payload + data[at + len(payload) :]
        elif kind == "insert":
            data = data[:at] + payload + data[at:]
        elif kind == "delete":
            data = data[:at] + data[at + len(payload) :]
        else:
            data = data[:at]
    return data


def valid_save() -> bytes:
    session = seeded_session(5)
    for text in ("draw",):
        session.play_text(text)
    while session.state.actions_left and len(session.actions) < 4:
        session.play(session.legal_actions()[0])
    return saves.save_text(session, frozenset({1})).encode()


def valid_settings() -> bytes:
    return json.dumps(
        {
            "theme": "savanna-light",
            "setup": {
                "seats": [{"guide": "sam", "computer": True}, {"guide": "jack"}],
                "difficulty": "expert",
                "removed": ["lion"],
                "board_source": "layout",
                "layout": "classic",
                "choose_starts": True,
            },
        },
        indent=1,
    ).encode()


def load_a_save(path: Path) -> None:
    with contextlib.suppress(saves.SaveError):
        loaded = saves.read_save(path)
        assert loaded.session.state is not None
    info = saves.describe(path)  # never raises: a damaged file is described as damaged
    assert info.summary


def load_settings(path: Path) -> None:
    app_settings.remembered_setup()
    app_settings.remembered_theme()
    app_settings.remember_theme("savanna")  # reads the file again and keeps what it can


def load_a_layout(path: Path) -> None:
    with contextlib.suppress(BoardFileError):
        load_layout(str(path))
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        assert main(["board", "--layout", str(path)]) in (0, 1, 2)


def load_a_piece(path: Path) -> None:
    with contextlib.suppress(BoardFileError):
        load_piece(path)


def load_a_photo_safari_setup(path: Path) -> None:
    with contextlib.suppress(SetupFileError):
        load_setup(str(path))


def load_a_photo_safari_scenario(path: Path) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        assert main(["photo-safari", "scenario", "run", str(path)]) in (0, 1, 2)


def load_a_scenario(path: Path) -> None:
    try:
        result = run_file(path)
    except ScenarioError:
        pass
    else:
        report(Console(file=io.StringIO(), width=100), result)
        json.dumps(result.model_dump(mode="json"))
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        assert main(["scenario", "run", str(path)]) in (0, 1, 2)


#: The run whose results file is mutated: four quick games (a missing game is played again).
RESULTS_RUN = ("simulate", "--json", "--games", "4", "--seed", "7", "--policy", "random")


@functools.cache
def valid_results() -> bytes:
    """The results file of a real run: its header and four game lines."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "run.jsonl"
        with contextlib.redirect_stdout(io.StringIO()):
            assert main([*RESULTS_RUN, "--results", str(path)]) == 0
        return path.read_bytes()


def resume_a_run(path: Path) -> None:
    before = path.read_bytes()
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main([*RESULTS_RUN, "--results", str(path)])
    assert code in (0, 2), out.getvalue()
    after = path.read_bytes()
    if code == 2:
        assert after == before  # refused: left as it was
    else:
        assert after.startswith(before)  # resumed: only appended to, never cut


KINDS: dict[str, tuple[Callable[[], bytes], str, Callable[[Path], None]]] = {
    "save": (valid_save, "game.json", load_a_save),
    "settings": (valid_settings, app_settings.SETTINGS_NAME, load_settings),
    "layout": (
        lambda: (boards_dir() / "layouts" / "classic.toml").read_bytes(),
        "mine.toml",
        load_a_layout,
    ),
    "piece": (
        lambda: (boards_dir() / "pieces" / "club.toml").read_bytes(),
        "club.toml",
        load_a_piece,
    ),
    "scenario": (
        lambda: (ROOT / "tests" / "scenarios" / "R-exchange.toml").read_bytes(),
        "mine.toml",
        load_a_scenario,
    ),
    "photo safari set-up": (
        lambda: (ROOT / "assets" / "photo-safari" / "setups" / "typical.toml").read_bytes(),
        "mine.toml",
        load_a_photo_safari_setup,
    ),
    "photo safari scenario": (
        lambda: (ROOT / "tests" / "photo_scenarios" / "P-animal-water.toml").read_bytes(),
        "mine.toml",
        load_a_photo_safari_scenario,
    ),
    "scenario with inline pieces": (
        lambda: (ROOT / "tests" / "scenarios" / "R-david-bushes.toml").read_bytes(),
        "mine.toml",
        load_a_scenario,
    ),
    "simulate results": (valid_results, "run.jsonl", resume_a_run),
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_valid_file_of_each_kind_loads(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fuzz starts from files that work, so that mutations reach past the first check."""
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    make, name, _ = KINDS[kind]
    path = tmp_path / name
    path.write_bytes(make())
    if kind == "save":
        assert not saves.read_save(path).doubt
    elif kind == "settings":
        remembered = app_settings.remembered_setup()
        assert remembered is not None and remembered.layout == "classic"
    elif kind == "layout":
        load_layout(str(path))
    elif kind == "piece":
        assert load_piece(path).name == "club"
    elif kind == "photo safari set-up":
        load_setup(str(path))
    elif kind == "photo safari scenario":
        assert main(["photo-safari", "scenario", "run", str(path)]) == 0
    elif kind == "simulate results":
        assert len(path.read_text().splitlines()) == 5
        resume_a_run(path)
        assert path.read_bytes() == make()  # every game read back: nothing played or written
    else:
        assert run_file(path).passed


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_mutated_file_loads_or_raises_only_its_own_error(
    kind: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    make, name, load = KINDS[kind]
    original = make()
    folder = tmp_path_factory.mktemp("fuzz")

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(changes=mutations)
    def check(changes: list[tuple[str, int, bytes]]) -> None:
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("BIGFIVE_DATA_DIR", str(folder))
            path = folder / name
            path.write_bytes(mutate(original, changes))
            load(path)

    check()


# ------------------------------------------------------------------ the browser server's requests


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    served = serve(tmp_path_factory.mktemp("serve") / "data")
    yield served
    out, err = served.stop()
    assert "Traceback" not in out + err and "╭" not in out + err, err
    assert all(line.startswith("bigfive serve: ") for line in err.splitlines()), err
    assert "a request failed" not in err, err  # a refusal is never a failure of ours


def request_bytes(port: int, token: str) -> st.SearchStrategy[bytes]:
    """Whole requests: a method, a path and query, a version, a Host, a cookie, more headers
    and a body. Each is plausible, except for up to two parts that are wild: a request with
    one wild part reaches the server's own checks, where one with every part wild stops at
    aiohttp's first look."""
    crasher = st.sampled_from(CRASHERS)
    own_host = f"127.0.0.1:{port}".encode()
    right = token.encode()
    line_end = b"\r\n"
    plausible: dict[str, st.SearchStrategy[bytes]] = {
        "method": st.sampled_from([b"GET", b"HEAD"]),
        "path": st.sampled_from(
            [b"/", b"/ws", b"/static/js/textual.js", b"/static/", b"/download/x", b"/nowhere"]
        ),
        "query": st.sampled_from(
            [
                b"",
                b"?token=" + right,
                b"?token=wrong",
                b"?token=&token=" + right,
                b"?fontsize=9999999999999",
                b"?width=-1&height=abc",
                b"?token=" + right + b"&width=100000",
                b"?token=%ff%fe",
            ]
        ),
        "version": st.just(b"HTTP/1.1"),
        "host": st.sampled_from([own_host, b"localhost:1", b"safari.example", b"[::1]:80"]),
        "cookie": st.sampled_from(
            [
                b"",
                f"bigfive-serve-{port}={token}".encode(),
                f"bigfive-serve-{port}=wrong".encode(),
                f"bigfive-serve-{port}={token}; bigfive-serve-{port}=x".encode(),
                b"=;;;==",
            ]
        ),
        "headers": st.lists(
            st.sampled_from(
                [
                    b"Origin: http://" + own_host,
                    b"Origin: http://evil.example",
                    b"Origin: null",
                    b"Origin: ",
                    b"Upgrade: websocket",
                    b"Upgrade: h2c",
                    b"Connection: Upgrade",
                    b"Connection: close",
                    b"Sec-WebSocket-Key: zzz",
                    b"Sec-WebSocket-Version: 99",
                    b"Accept: */*",
                    b"Content-Length: 5",
                ]
            ).map(lambda line: line + b"\r\n"),
            max_size=5,
        ).map(b"".join),
        "body": st.sampled_from([b"", b"hello"]),
    }
    wild: dict[str, st.SearchStrategy[bytes]] = {
        "method": st.sampled_from([b"POST", b"DELETE", b"get", b"\xff", b"", b"G\x00T"]),
        "path": st.one_of(
            st.sampled_from([b"/static/../../etc/passwd", b"/%2e%2e/%2e%2e/", b"/static/%00"]),
            st.binary(max_size=40).map(lambda raw: b"/" + raw),
            st.text(max_size=30).map(lambda text: b"/" + text.encode("utf-8", "surrogatepass")),
            crasher.map(lambda raw: b"/" + raw[:9000]),
        ),
        "query": st.one_of(
            st.binary(max_size=30).map(lambda raw: b"?" + raw),
            st.text(max_size=30).map(lambda text: b"?token=" + text.encode("utf-8", "replace")),
        ),
        "version": st.sampled_from([b"HTTP/1.0", b"HTTP/2", b"HTTP/9.9", b"", b"x"]),
        "host": st.one_of(st.just(b""), st.binary(max_size=20), crasher),
        "cookie": st.one_of(st.binary(max_size=60), crasher),
        "headers": st.lists(
            st.one_of(
                st.tuples(st.binary(min_size=1, max_size=12), st.binary(max_size=30)).map(
                    lambda pair: pair[0] + b": " + pair[1]
                ),
                st.sampled_from(
                    [
                        b"Content-Length: -1",
                        b"Content-Length: " + b"9" * 40,
                        b"Transfer-Encoding: chunked",
                        b"Transfer-Encoding: gzip, x",
                        b"Origin: \xff\xfe",
                        b"no colon",
                        b" folded: line",
                    ]
                ),
                st.integers(1, 20_000).map(lambda size: b"X-Huge: " + b"a" * size),
            ).map(lambda line: line + b"\r\n"),
            min_size=1,
            max_size=6,
        ).map(b"".join),
        "body": st.one_of(st.binary(max_size=40), crasher),
    }

    def build(part: dict[str, bytes]) -> bytes:
        line = b" ".join([part["method"], part["path"] + part["query"], part["version"]])
        host = b"Host: " + part["host"] + line_end if part["host"] else b""
        cookie = b"Cookie: " + part["cookie"] + line_end if part["cookie"] else b""
        return line + line_end + host + cookie + part["headers"] + line_end + part["body"]

    def request(damaged: frozenset[str]) -> st.SearchStrategy[bytes]:
        chosen = {name: (wild if name in damaged else plausible)[name] for name in plausible}
        return st.fixed_dictionaries(chosen).map(build)

    return st.frozensets(st.sampled_from(sorted(plausible)), max_size=2).flatmap(request)


def answered(port: int, request: bytes) -> bytes:
    """The first line of the server's answer to ``request``; empty when it closed without one,
    or when the request is one it waits to see the rest of (then the end of the connection
    ends it)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        with contextlib.suppress(ConnectionError):  # it may answer and close mid-request
            connection.sendall(request)
        connection.settimeout(WAIT_FOR_MORE)
        got = b""
        with contextlib.suppress(ConnectionError, TimeoutError):
            while b"\r\n" not in got and (more := connection.recv(4096)):
                got += more
    return got.split(b"\r\n", 1)[0]


#: How long a request that is not whole is given before its connection is closed.
WAIT_FOR_MORE = 2.0


def test_any_request_to_the_browser_server_is_answered_without_a_traceback(
    server: Served,
) -> None:
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(request=request_bytes(server.port, server.token))
    def check(request: bytes) -> None:
        first_line = answered(server.port, request)
        event(first_line[:12].decode("latin-1") or "no answer")
        assert not re.match(rb"HTTP/1\.[01] 5", first_line), (request[:200], first_line)
        assert server.process.poll() is None

    check()
    page = f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nCookie: {server.cookie}\r\n\r\n"
    assert answered(server.port, page.encode()).startswith(b"HTTP/1.1 200")


@settings(max_examples=EXAMPLES * 10, deadline=None)
@given(
    text=st.one_of(
        st.text(max_size=60),
        st.builds(
            json.dumps,
            st.recursive(
                st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                lambda inner: (
                    st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4)
                ),
                max_leaves=12,
            ),
        ),
        st.builds(
            lambda kind, data: json.dumps([kind, data]),
            st.sampled_from(["stdin", "resize", "ping", "blur", "focus", "quit"]),
            st.one_of(
                st.text(max_size=20),
                st.integers(),
                st.fixed_dictionaries(
                    {"width": st.integers(-5, 5000), "height": st.integers(-5, 5000)}
                ),
            ),
        ),
    )
)
def test_a_tabs_message_is_accepted_or_refused_never_anything_else(text: str) -> None:
    with contextlib.suppress(ValidationError):
        MESSAGE.validate_json(text)
