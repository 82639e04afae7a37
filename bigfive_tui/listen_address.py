"""Where a server command listens (``bigfive serve``, ``bigfive host``): ``--host`` and
``--port`` checked before anything starts, so a wrong flag gets a sentence rather than a
traceback from the server. Shared by the two commands (and tested on its own), so it lives
beside them, not among them."""

from __future__ import annotations

import errno
import ipaddress
import socket

#: Only this computer can reach a server on it.
DEFAULT_HOST = "127.0.0.1"


class ListenError(Exception):
    """An address or port a server cannot listen on; the message says why and what to do."""


def is_local(host: str) -> bool:
    """Does ``host`` name this computer's loopback only (so no other computer gets in)?"""
    if not host.strip():
        raise ListenError("--host is empty; give an address such as 127.0.0.1 (the default)")
    try:
        found = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        reason = error.strerror if isinstance(error, socket.gaierror) else str(error)
        raise ListenError(
            f"--host {host} is not an address this computer knows ({reason}); "
            f"try {DEFAULT_HOST} (only this computer) or 0.0.0.0 (every network)"
        ) from None
    addresses = {ipaddress.ip_address(str(entry[4][0]).split("%")[0]) for entry in found}
    return all(address.is_loopback for address in addresses)


def check_port(host: str, port: int, default_port: int) -> None:
    """Raise ListenError unless a server can listen on ``host``:``port``."""
    if not 1 <= port <= 65535:
        raise ListenError(
            f"--port {port} is not a port; choose one from 1 to 65535 ({default_port} is the "
            "default, ports from 1024 up need no administrator rights)"
        )
    for family, kind, protocol, _, address in socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    ):
        with socket.socket(family, kind, protocol) as probe:
            # As the web server will: a port left in TIME_WAIT by the last run is free.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as error:
                raise ListenError(port_problem(host, port, error, default_port)) from None


def port_problem(host: str, port: int, error: OSError, default_port: int) -> str:
    if error.errno == errno.EADDRINUSE:
        return (
            f"port {port} is in use on {host} (by another program, or another bigfive server); "
            f"choose another with --port, for example --port "
            f"{port + 1 if port < 65535 else default_port}"
        )
    if error.errno == errno.EACCES:
        return (
            f"port {port} needs administrator rights on this system; choose one from 1024 up "
            f"with --port ({default_port} is the default)"
        )
    if error.errno == errno.EADDRNOTAVAIL:
        return f"--host {host} is not an address of this computer; try {DEFAULT_HOST} or 0.0.0.0"
    return f"cannot listen on {host} port {port}: {error.strerror or error}"
