"""A host listening: its tables' websockets, and (for browsers) the game's page, on one
address and port."""

from __future__ import annotations

from aiohttp import web

from bigfive_tui.online.browser import BrowserDoor
from bigfive_tui.online.host import Host


async def serve(
    host: Host, address: str, port: int, *, browsers: bool = True
) -> tuple[web.AppRunner, int]:
    """Start ``host`` listening on ``address``:``port`` (0: a free port); the runner (to stop it
    with ``cleanup()``) and the port it got. ``browsers``: the invitation opens in a browser
    too (:mod:`bigfive_tui.online.browser`)."""
    app = host.application()
    door = None
    if browsers:
        door = BrowserDoor(host, port)
        door.add_routes(app)
    runner = web.AppRunner(app, access_log=None, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, address, port)
    await site.start()
    bound = int(runner.addresses[0][1]) if runner.addresses else port
    if door is not None:
        door.port = bound
    return runner, bound
