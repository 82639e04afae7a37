"""Child process of ``bench/app.py``: start an app headless, note when it is on screen, quit.

``python bench/app_minimal.py game --load FILE`` runs the real ``bigfive`` entry point
(``bigfive_tui.cli.main(["play", "--load", FILE])``); ``python bench/app_minimal.py minimal``
runs a minimal Textual app (Header, a Static, Footer); ``python bench/app_minimal.py pydantic
--load FILE`` runs the minimal app after doing the least a game of our stack must do before its
first frame: import pydantic, build models of a save's shape and validate the save (the same
file). All run with the same patches:

* ``App.run`` is forced to ``headless=True, size=(120, 36)``;
* the headless driver is replaced by a :func:`sink_driver` — headless input, but it says it is
  *not* headless, so ``App._display`` takes the terminal path (synchronised update, escape
  sequences for the frame, ``driver.write``); only the bytes are thrown away;
* the times of ``App.on_ready`` (Textual posts ``Ready`` after its first layout) and of the
  first frame *written* that covers the content widget (the game's BoardView, the minimal app's
  Static) are noted. Both matter: with a game loaded, the first layout happens inside Textual's
  start-up batch update, so it is never written, and ``Ready`` comes before anything of the
  game reaches the terminal. Once both are seen, the figures go as JSON to
  ``$BENCH_APP_RESULT`` and the app exits. Memory is the peak resident set of this process as the
kernel counts it (``VmHWM`` in ``/proc/self/status``): the ``ru_maxrss`` a parent reads for its
child carries the parent's own peak over from before ``exec``.

Times are wall-clock (``time.time()``) so that the parent can compare them with its own reading
taken just before it spawned this process; ``cpu_s`` is the CPU time of this process up to the
content frame (interpreter start-up included).
"""

from __future__ import annotations

import time

LAUNCH_WALL = time.time()

import json  # noqa: E402  (the clock reading comes first)
import os  # noqa: E402
import resource  # noqa: E402
import sys  # noqa: E402
from typing import Any  # noqa: E402

SIZE = (120, 36)

#: The widget whose first appearance on the terminal counts; set when it first renders.
_content: list[Any] = []


def sink_driver() -> type:
    """A headless driver that is not "headless": frames are encoded as for a terminal."""
    from textual.drivers.headless_driver import HeadlessDriver

    class SinkDriver(HeadlessDriver):
        bytes_written = 0

        @property
        def is_headless(self) -> bool:
            return False

        def write(self, data: str) -> None:
            self.bytes_written += len(data)

    return SinkDriver


def covers(update: object, region: Any) -> bool:
    """Does a compositor update (one frame) repaint the whole of ``region`` (screen cells)?"""
    from textual._compositor import ChopsUpdate, LayoutUpdate

    if not region:
        return False
    if isinstance(update, LayoutUpdate):
        return bool(update.region.contains_region(region))
    if isinstance(update, ChopsUpdate):
        rows = {y for y, x1, x2 in update.spans if x1 <= region.x and x2 >= region.right - 1}
        return all(y in rows for y in range(region.y, region.bottom))
    return False


def _install_hooks() -> None:
    from textual.app import App

    driver_class = sink_driver()
    seen: dict[str, float] = {}
    frames: list[int] = []
    original_run = App.run
    original_display = App._display

    def run(self: Any, **kwargs: Any) -> Any:
        kwargs.update(headless=True, size=SIZE)
        return original_run(self, **kwargs)

    def build_driver(self: Any, headless: bool, inline: bool, mouse: bool, size: Any) -> Any:
        del headless, inline
        driver = self._driver = driver_class(self, debug=False, mouse=mouse, size=size)
        return driver

    def finish(app: Any) -> None:
        if "ready" not in seen or "content_frame" not in seen or "done" in seen:
            return
        seen["done"] = time.time()
        usage = resource.getrusage(resource.RUSAGE_SELF)
        result = {
            "launch_wall": LAUNCH_WALL,
            "ready_wall": seen["ready"],
            "first_frame_wall": seen["first_frame"],
            "content_frame_wall": seen["content_frame"],
            "cpu_s": seen["cpu"],
            "maxrss_kib": usage.ru_maxrss,
            "vmhwm_kib": _status_kib("VmHWM"),
            "screen": type(app.screen).__name__,
            "frames": frames,
            "content_frame_bytes": seen["content_bytes"],
            "modules": len(sys.modules),
        }
        out = os.environ.get("BENCH_APP_RESULT")
        if out:
            with open(out, "w", encoding="utf-8") as handle:
                json.dump(result, handle)
        app.exit()

    def display(self: Any, screen: Any, renderable: Any) -> None:
        driver = self._driver
        before = getattr(driver, "bytes_written", 0)
        original_display(self, screen, renderable)
        written = getattr(driver, "bytes_written", 0) - before
        if renderable is None or not written:
            return  # nothing reached the terminal (e.g. inside a batch update)
        now = time.time()
        frames.append(written)
        seen.setdefault("first_frame", now)
        if _content and "content_frame" not in seen and covers(renderable, _content[0].region):
            seen["content_frame"] = now
            seen["cpu"] = time.process_time()
            seen["content_bytes"] = written
            finish(self)

    def on_ready(self: Any) -> None:
        seen["ready"] = time.time()
        finish(self)

    App.run = run  # type: ignore[method-assign]
    App._build_driver = build_driver  # type: ignore[method-assign]
    App._display = display  # type: ignore[method-assign]
    App.on_ready = on_ready  # type: ignore[attr-defined]


def _status_kib(field: str) -> int:
    """A size from ``/proc/self/status`` in KiB (``VmHWM``: the peak resident set), or -1."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return -1


def validate_save(path: str) -> None:
    """What a game of this stack must do before its first frame, at the least: import
    pydantic, build models of a save's shape and validate the save."""
    import json
    from pathlib import Path

    from pydantic import BaseModel, ConfigDict, Field

    class Stamp(BaseModel):
        version: str
        position: str

    class Setup(BaseModel):
        model_config = ConfigDict(extra="allow")
        guides: list[str]
        difficulty: str
        seed: int
        board: list[str]

    class Record(BaseModel):
        model_config = ConfigDict(extra="allow")
        format: str
        version: int
        setup: Setup
        actions: list[str] = Field(default_factory=list)

    class Save(BaseModel):
        model_config = ConfigDict(extra="allow")
        format: str
        version: int
        engine: Stamp | None = None
        computer_seats: list[int] = Field(default_factory=list)
        record: Record

    Save.model_validate(json.loads(Path(path).read_text(encoding="utf-8")))


def minimal_app() -> Any:
    from textual.app import App, ComposeResult
    from textual.widgets import Footer, Header, Static

    class Content(Static):
        def render(self) -> Any:
            if not _content:
                _content.append(self)
            return super().render()

    class MinimalApp(App[None]):
        def compose(self) -> ComposeResult:
            yield Header()
            yield Content("The Big Five: Safari Tour")
            yield Footer()

    return MinimalApp()


def _hook_board() -> None:
    """Note the BoardView when it first renders (imported here: play.run imports it anyway)."""
    from bigfive_tui.app.components.board_view import BoardView

    render_line = BoardView.render_line

    def hooked(self: BoardView, y: int) -> Any:
        if not _content:
            _content.append(self)
        return render_line(self, y)

    BoardView.render_line = hooked  # type: ignore[method-assign]


def main(argv: list[str]) -> int:
    _install_hooks()
    if argv[:1] == ["minimal"]:
        minimal_app().run()
        return 0
    if argv[:1] == ["pydantic"] and argv[1:2] == ["--load"] and len(argv) == 3:
        validate_save(argv[2])
        minimal_app().run()
        return 0
    if argv[:1] == ["game"]:
        from bigfive_tui.cli import main as bigfive

        _hook_board()
        return bigfive(["play", *argv[1:]])
    print(
        "usage: app_minimal.py game [bigfive play options] | minimal | pydantic --load FILE",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
