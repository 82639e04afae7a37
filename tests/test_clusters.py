"""``simulate --scheduler``: a Dask cluster plays the same games, a wrong address is refused at
once, reaching a scheduler is bounded, and ``--workers`` never exceeds the machine's cores.

Real sockets on loopback (free ports only) and a real local Dask scheduler.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from bigfive_tui.cli import main
from bigfive_tui.simulation.cluster import CONNECT_SECONDS, ClusterError, connect
from bigfive_tui.simulation.workers import machine_cores

FLAGS = ("--games", "4", "--seed", "60", "--policy", "greedy", "--players", "3")
#: What two runs of the same games must agree on, wherever they were played.
SAME = ("games", "wins", "losses", "turns", "actions", "by_players", "win_rate_95")


def run_json(capsys: pytest.CaptureFixture[str], *flags: str) -> dict[str, Any]:
    assert main(["simulate", "--json", *flags]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def refused(capsys: pytest.CaptureFixture[str], *flags: str) -> str:
    """The one line a refused run prints; its exit status must be 2."""
    assert main(["simulate", "--games", "1", "--json", *flags]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    return err


def free_port() -> int:
    """A loopback port nothing listens on (taken from the system, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.fixture
def silent_port() -> Iterator[int]:
    """A loopback port that accepts connections and never says a word."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    kept: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                kept.append(server.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    yield server.getsockname()[1]
    server.close()
    for connection in kept:
        connection.close()


def test_a_dask_cluster_plays_the_same_games_as_one_process(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A local cluster of two worker processes, reached by its address as a remote one would
    be: exactly the serial run's games."""
    distributed = pytest.importorskip("distributed")
    serial = run_json(capsys, *FLAGS)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        clustered = run_json(capsys, *FLAGS, "--scheduler", cluster.scheduler_address)
    assert clustered["scheduler"] == cluster.scheduler_address
    for key in SAME:
        assert clustered[key] == serial[key], key


@pytest.mark.parametrize(
    ("address", "says"),
    [
        ("tcp://127.0.0.1", "has no port"),
        ("garbage", "has no port"),
        ("foo://10.0.0.5:8786", "unknown protocol"),
        ("", "needs an address"),
        ("   ", "needs an address"),
        ("tcp://:8786", "no host name"),
        ("tcp://127.0.0.1:0", "port must be 1 to 65535"),
        ("tcp://127.0.0.1:65536", "port must be 1 to 65535"),
        ("tcp://127.0.0.1:http", "port must be 1 to 65535"),
        ("tcp://127.0.0.1:" + "9" * 5000, "port must be 1 to 65535"),
        ("tcp://[::1:8786", "IPv6"),
        ("tcp://a b:8786", "spaces or control characters"),
        ("\x1b[2J:8786", "spaces or control characters"),
        ("tcp://host/path:8786", "no host name"),
    ],
)
def test_an_address_that_cannot_be_a_scheduler_is_refused_at_once(
    capsys: pytest.CaptureFixture[str], address: str, says: str
) -> None:
    began = time.monotonic()
    err = refused(capsys, "--scheduler", address)
    assert time.monotonic() - began < 2
    assert err.startswith("error: --scheduler") and says in err
    assert err.count("\n") == 1, err  # one line
    assert "\x1b" not in err


def test_addresses_a_scheduler_can_have_pass_the_check() -> None:
    from bigfive_tui.simulation.cluster import host_and_port, scheduler_address

    for address, where in [
        ("tcp://10.0.0.5:8786", ("10.0.0.5", 8786)),
        ("10.0.0.5:8786", ("10.0.0.5", 8786)),
        ("tls://scheduler.example.org:8786", ("scheduler.example.org", 8786)),
        ("ws://[::1]:8787", ("::1", 8787)),
    ]:
        assert scheduler_address(address) == address
        assert host_and_port(address) == where


def test_a_refused_port_fails_fast(capsys: pytest.CaptureFixture[str]) -> None:
    """A port nobody listens on once took 22 s."""
    pytest.importorskip("distributed")
    address = f"tcp://127.0.0.1:{free_port()}"
    began = time.monotonic()
    err = refused(capsys, "--scheduler", address)
    assert time.monotonic() - began < 5
    assert f"cannot reach the scheduler at {address}" in err and "refused" in err


def test_a_port_that_never_answers_is_given_up_at_the_bound(silent_port: int) -> None:
    pytest.importorskip("distributed")
    began = time.monotonic()
    with pytest.raises(ClusterError, match="did not answer within 2 s"):
        connect(f"tcp://127.0.0.1:{silent_port}", seconds=2)
    assert time.monotonic() - began < 5


def test_the_command_gives_up_a_silent_scheduler_within_its_bound(silent_port: int) -> None:
    """The whole command, in a process of its own: a message and exit status 2 within the
    bound its --help gives (it once hung past 75 s), and the process ends."""
    pytest.importorskip("distributed")
    address = f"tcp://127.0.0.1:{silent_port}"
    began = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "bigfive_tui.cli", *("simulate", "--scheduler", address)],
        capture_output=True,
        text=True,
        timeout=CONNECT_SECONDS + 40,
        check=False,
    )
    took = time.monotonic() - began
    assert done.returncode == 2
    said = " ".join(done.stderr.split())
    assert f"the scheduler at {address} did not answer within {CONNECT_SECONDS} s" in said
    assert "Traceback" not in done.stderr
    assert CONNECT_SECONDS - 1 < took < CONNECT_SECONDS + 15


def test_help_says_how_long_reaching_a_scheduler_may_take(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"given up after {CONNECT_SECONDS} s" in text
    assert CONNECT_SECONDS <= 20


def test_workers_above_the_cores_are_cut_to_the_cores(capsys: pytest.CaptureFixture[str]) -> None:
    """``--workers 1000 --games 2`` once started a thousand processes."""
    cores = machine_cores()
    code = main(["simulate", "--json", "--games", "2", "--seed", "3", "--workers", "1000"])
    out, err = capsys.readouterr()
    assert code == 0
    assert json.loads(out)["workers"] == cores
    said = " ".join(err.split())
    assert f"note: --workers 1000: this machine has {cores} core" in said
    assert f"playing in {cores}" in said
