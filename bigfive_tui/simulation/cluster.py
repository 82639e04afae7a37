"""A run's games as tasks of a Dask ``distributed`` cluster (the optional cluster extra).

A wrong address is refused before anything starts (:func:`scheduler_address`), and reaching the
scheduler is bounded by :data:`CONNECT_SECONDS` in all: a refused port fails at once, and a port
that accepts but never answers as a scheduler is given up at the bound. Dask's own ``timeout``
does not bound the second case (its client waited past 75 s), so the client is made in a
thread of its own that is given up at the deadline.
"""

from __future__ import annotations

import importlib
import socket
import threading
import time
from collections.abc import Iterator, Sequence
from typing import Any

from bigfive_tui.simulation.playing import GameResult, play_task
from bigfive_tui.simulation.settings import Settings, UsageError

#: The longest reaching a scheduler may take, all tries included (``--help`` says so).
CONNECT_SECONDS = 20
#: The protocols of Dask's comms that run over TCP (an address without one means tcp).
SCHEMES = ("tcp", "tls", "ws", "wss")
EXAMPLE = "tcp://10.0.0.5:8786"
_HOST_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")


class ClusterError(UsageError):
    """The cluster cannot be reached or failed; the message says which and why."""


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def host_and_port(address: str) -> tuple[str, int]:
    """The host and port of an address :func:`scheduler_address` accepted."""
    rest = address.partition("://")[2] or address
    host, _, port = rest.rpartition(":")
    return host.removeprefix("[").removesuffix("]"), int(port)


def scheduler_address(text: str) -> str:
    """``text`` if it can be a scheduler's address (``[protocol://]host:port``), else a
    UsageError of one line saying what is wrong with it."""
    shown = _shown(text)
    if not text.strip():
        raise UsageError(f"--scheduler needs an address such as {EXAMPLE}")
    if not text.isprintable() or any(character.isspace() for character in text):
        raise UsageError(f"--scheduler {shown} has spaces or control characters")
    scheme, separator, rest = text.partition("://")
    if not separator:
        rest = text
    elif scheme.lower() not in SCHEMES:
        raise UsageError(f"--scheduler {shown}: unknown protocol (use tcp, tls, ws or wss)")
    if rest.startswith("["):  # an IPv6 address: [::1]:8786
        host, bracket, port = rest[1:].partition("]")
        if not bracket or (port and not port.startswith(":")):
            raise UsageError(f"--scheduler {shown}: an IPv6 address is written [::1]:8786")
        port = port.removeprefix(":")
        good_host = bool(host) and all(c in "0123456789abcdefABCDEF:." for c in host)
    else:
        host, colon, port = rest.rpartition(":")
        if not colon:
            host, port = rest, ""
        good_host = bool(host) and set(host) <= _HOST_CHARACTERS
    if not port:
        raise UsageError(f"--scheduler {shown} has no port (e.g. {EXAMPLE})")
    if not (port.isascii() and port.isdigit() and len(port) <= 5 and 1 <= int(port) <= 65535):
        raise UsageError(f"--scheduler {shown}: the port must be 1 to 65535")
    if not good_host:
        raise UsageError(f"--scheduler {shown}: no host name or IP address before the port")
    return text


def connect(address: str, seconds: float = CONNECT_SECONDS) -> Any:
    """A Dask client of the scheduler at ``address``, within ``seconds`` or a ClusterError."""
    try:  # the optional cluster extra: typed loosely, as distributed ships no type hints
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise ClusterError(
            "--scheduler needs Dask's distributed: pip install 'bigfive[cluster]'"
        ) from None
    deadline = time.monotonic() + seconds
    host, port = host_and_port(address)
    try:  # a refused port or an unknown host is said at once, not after Dask's retries
        with socket.create_connection((host, port), timeout=seconds):
            pass
    except socket.gaierror:
        raise ClusterError(
            f"cannot reach the scheduler at {address}: unknown host {host}"
        ) from None
    except TimeoutError:
        raise ClusterError(
            f"cannot reach the scheduler at {address}: no answer within {seconds:g} s"
        ) from None
    except OSError as problem:
        why = problem.strerror or str(problem)
        raise ClusterError(f"cannot reach the scheduler at {address}: {why}") from None
    made: dict[str, Any] = {}

    def make() -> None:
        try:
            left = max(1, round(deadline - time.monotonic()))
            made["client"] = distributed.Client(address, timeout=left, set_as_default=False)
        except Exception as problem:  # any failure to start is reported, never raised
            made["problem"] = problem

    maker = threading.Thread(target=make, name="bigfive-dask-connect", daemon=True)
    maker.start()
    maker.join(max(0.0, deadline - time.monotonic()))
    if maker.is_alive():  # left behind: a daemon thread does not keep the program running
        raise ClusterError(
            f"the scheduler at {address} did not answer within {seconds:g} s "
            "(something listens there, but no Dask scheduler?)"
        )
    if "problem" in made:
        failure = made["problem"]
        raise ClusterError(
            f"cannot reach the scheduler at {address}: {type(failure).__name__}: {failure}"
        )
    return made["client"]


def on_cluster(
    settings: Settings, seeds: Sequence[int], max_actions: int
) -> Iterator[tuple[int, GameResult]]:
    """The games as tasks of a Dask ``distributed`` cluster; results arrive as they finish."""
    assert settings.scheduler is not None
    client = connect(settings.scheduler)
    distributed: Any = importlib.import_module("distributed")
    try:
        futures = [
            client.submit(play_task, (settings, seed, max_actions), pure=False) for seed in seeds
        ]
        with client.as_current():  # made in a thread and not the default: named for Dask here
            finished = distributed.as_completed(futures)
        for future in finished:
            try:
                result: tuple[int, GameResult] = future.result()
            except Exception as problem:  # a game never raises (safe_game): the cluster did
                raise ClusterError(
                    f"the cluster at {settings.scheduler} failed during the run: "
                    f"{type(problem).__name__}: {problem}"
                ) from None
            yield result
    finally:
        client.close()
