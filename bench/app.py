"""App speed: start-up time and memory against a minimal Textual app, and key-to-frame latency.

Not a test: it prints figures (record them in docs/benchmarks.md). Run from the project root::

    .venv/bin/python bench/app.py                      # 10 start-ups each, 200 presses each
    .venv/bin/python bench/app.py --runs 20 --presses 400
    .venv/bin/python bench/app.py --only keys --profile enter   # pyinstrument over Enter
    .venv/bin/python bench/app.py --only startup --also ../copy  # a changed copy, same run
    .venv/bin/python bench/app.py --only startup --instructions  # + instruction counts
    .venv/bin/python bench/app.py --write-save /tmp/mid.json   # then, for a start-up profile:
    BIGFIVE_DATA_DIR=/tmp/bf .venv/bin/pyinstrument bench/app_minimal.py game --load /tmp/mid.json

**Start-up.** A mid-game save (3 guides, turn 9, greedy play from a fixed seed) is written to a
temporary folder. Each run spawns ``bench/app_minimal.py game --load SAVE`` (the real
``bigfive play --load`` path through ``bigfive_tui.cli.main``), ``bench/app_minimal.py
minimal`` (Header, a Static, Footer) and ``bench/app_minimal.py pydantic --load SAVE`` (the
minimal app after importing pydantic, building models of a save's shape and validating the
same save: the least our stack does before a first frame, which the start-up target is set
against), in an order that rotates from run to run (``--also DIR`` adds the game from a copy of
the project, for a proposed change). All run headless at 120x36
with a driver that encodes every frame to escape sequences as a terminal driver would (see
``bench/app_minimal.py``). The clock starts with this process's ``time.time()`` right before
``Popen`` and stops at the first frame *written* that covers the content widget (the game's
board, the minimal app's Static); ``on_ready`` is reported too. Memory is the child's own peak
resident set, read by the child from ``/proc/self/status`` (``VmHWM``): the ``ru_maxrss`` that
``os.wait4`` gives the parent carries the parent's peak over from before ``exec`` (a child of
a 37 MiB parent read at least 37 MiB); its target is set against minimal+pydantic, as the
start-up's is (issue 26: pydantic is a chosen dependency). Python's bytecode cache is on for
the children (in a temporary ``PYTHONPYCACHEPREFIX``, warmed by one uncounted run each), as
for an installed game.
``--instructions`` also runs each start-up once under valgrind's callgrind and compares the
instructions executed: on a machine shared with others' work the times swing by tens of per
cent from minute to minute, the instruction count by 0.3 %.

**Keys.** ``BigFiveApp.run_test`` in each drawing of the board (compact at 80x24, normal at
120x36, large at 200x50; ``--drawing`` for one) on the same save, with a data folder in a
temporary directory (autosave on, as for players: the move's record is taken on the UI thread,
then written and flushed to disk by the autosave thread; after each Enter and u the script
waits for that write and reports both parts). The clock starts when Pilot hands the key
event to the driver (``driver.send_message``, the call a terminal driver makes for input) and
stops when ``App._display`` has written the first frame whose compositor render called
``BoardView.render_line`` *after* the change the key is for was made (the cursor on a new
space, target mode on, the vehicle moved). ``App._display`` is Textual's last step: after the
compositor has rendered the dirty regions into strips, it encodes them and writes to the
driver, so the time covers handling the key, the widget update, the screen's update timer,
the compositor and the terminal encoding. "Last frame" is the last frame written before the
press settled (footer, action bar and so on): the key's whole answer, which the target (one
frame, 16.7 ms) is judged on. Both are also given as CPU time of the UI thread
(``time.thread_time``) from the key to that frame: what the key costs the app itself, which the
wall-clock figures of a shared, loaded machine exceed while the app waits for a CPU. Over the
move/undo cycles the script also counts
live objects (after ``gc.collect()``) and garbage-collector pauses: a cycle ends where it began,
so live objects should not grow.

**Timeline.** A game of 60 turns (five greedy guides from a fixed seed, stopped at the end of
turn 60) is opened on its timeline (``T``) at 120x36. Each jump goes to a moment of the game
chosen at random (as a click on the ruler or a log line does: ``TimelineScreen.go_to``); the
clock starts before the call and stops at the first frame written after it, which holds the
whole redraw (board, player boards, table, log, bar: one batched update). Home and End (the
two ends of the game, through the key path) and the engine's share (the game at a moment,
with the kept step states cleared) are timed too. Target: median ≤ 100 ms for any moment.

**A long game** (``--only memory``, ``--actions N``). Five computer guides on expert (a seed
whose game lasts beyond N actions) play at full speed in the app at 120x36, which draws every
action; the process's resident set (``VmRSS`` after a full collection) is read once the game
is on screen and again N actions (300) later. It runs before the timeline and the key presses, in a
process that has run no app yet. With ``--trace-memory`` the same game is then played again in
a fresh process under ``tracemalloc`` (it takes minutes), which says what the growth is: traced
memory at the first paint, half-way and at the end, grouped by who allocated it (the innermost
frame of our code, and the library beneath it), and the fill of Rich's and Textual's bounded
caches (a cache that fills up stops growing at its size: a one-off warm-up, which a longer
game does not repeat).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import gc
import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

SIZE = (120, 36)
#: The key presses are timed in each drawing of the board, at the sizes its layout is for.
DRAWING_SIZES = {"compact": (80, 24), "normal": (120, 36), "large": (200, 50)}
#: Start-up and peak memory: times a minimal app that also imports pydantic and validates the
#: same save (the least our stack does before a first frame; issues 15 and 26).
STACK_TARGET = 1.25
MEMORY_TARGET = 1.25
#: A long game: memory grown over this many actions, at most this many MiB.
LONG_GAME_ACTIONS = 300
LONG_GAME_TARGET_MIB = 2.0
#: The traced long game: frames kept of each allocation, groups printed.
TRACE_DEPTH = 25
TRACE_GROUPS = 14
CURSOR_TARGET_MS = 1000 / 60
ACTION_TARGET_MS = 1000 / 60  # within one frame too: cursor and actions alike (issue 10)
#: Autosave's share of the UI thread for one action (taking the record; the writing is off it).
AUTOSAVE_UI_TARGET_MS = 1.0
TIMELINE_TARGET_MS = 100.0
TIMELINE_TURNS = 60


# ------------------------------------------------------------------------------- helpers


def machine() -> str:
    return (
        f"{platform.platform()}, {platform.python_implementation()} "
        f"{platform.python_version()}, {os.cpu_count()} CPUs"
    )


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def make_save(folder: Path) -> Path:
    """A game in the middle: 3 guides, greedy play until turn 8 or later, a human to move.

    The position is one where every move the guide can make can be undone (the key benchmark
    moves and undoes over and over)."""
    from bigfive_tui.app.files import saves
    from bigfive_tui.app.setups.big_five import GameSetup, SeatChoice
    from bigfive_tui.engine.actions import Act
    from bigfive_tui.engine.content import Difficulty, Guide
    from bigfive_tui.engine.state import Phase
    from bigfive_tui.players import greedy_player

    seats = (SeatChoice(Guide.JACK), SeatChoice(Guide.KATE), SeatChoice(Guide.SAM))
    session = GameSetup(seats=seats, difficulty=Difficulty.NORMAL, seed=4).session()
    rng = random.Random(1)
    while True:
        state = session.state
        assert not state.over, "the benchmark game ended before a usable position"
        legal = session.legal_actions()
        moves = [action for action in legal if action.kind == Act.MOVE]
        if state.turn >= 8 and state.phase == Phase.ACTIONS and state.actions_left >= 3:
            undoable = True
            for move in moves:
                session.play(move)
                undoable = undoable and session.can_undo()
                session.undo()
            if len(moves) >= 3 and undoable:
                break
        session.play(greedy_player.choose(state, legal, rng))
    path = folder / "midgame.json"
    saves.write_save(path, session, frozenset())
    return path


# ------------------------------------------------------------------------------- start-up


@dataclass
class StartRun:
    kind: str
    content_s: float  # spawn to the first frame showing the content
    ready_s: float  # spawn to on_ready
    interpreter_s: float  # spawn to the first line of the launcher module
    cpu_s: float
    peak_kib: int  # the child's own peak resident set (VmHWM)
    screen: str
    first_frame_bytes: int


def spawn(kind: str, save: Path, env: dict[str, str], folder: Path) -> StartRun:
    """One start-up; ``kind`` is "game", "minimal", "pydantic" or "game@DIR" (the game from a
    copy)."""
    result = folder / "result.json"
    result.unlink(missing_ok=True)
    root = ROOT
    if kind.startswith("game@"):
        root = Path(kind.removeprefix("game@"))
        env = dict(env, PYTHONPATH=os.pathsep.join([str(root), env["PYTHONPATH"]]))
    args = [sys.executable, str(root / "bench" / "app_minimal.py"), kind.split("@")[0]]
    if kind != "minimal":
        args += ["--load", str(save)]
    env = dict(env, BENCH_APP_RESULT=str(result))
    errors = folder / "stderr.txt"
    with open(errors, "w") as stderr:
        t0 = time.time()
        child = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=stderr)
        _, status, _usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0 or not result.exists():
        sys.exit(f"{kind} start-up failed ({child.returncode}):\n{errors.read_text()}")
    data = json.loads(result.read_text())
    return StartRun(
        kind,
        data["content_frame_wall"] - t0,
        data["ready_wall"] - t0,
        data["launch_wall"] - t0,
        data["cpu_s"],
        data["vmhwm_kib"],
        data["screen"],
        data["content_frame_bytes"],
    )


def child_env(folder: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    path = [str(ROOT), *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    env.update(
        PYTHONPATH=os.pathsep.join(path),  # this checkout, also when run from a copy
        PYTHONPYCACHEPREFIX=str(folder / "pycache"),
        BIGFIVE_DATA_DIR=str(folder / "data"),
        COLORTERM="truecolor",
        TERM="xterm-256color",
    )
    return env


def bench_startup(
    runs: int, save: Path, folder: Path, also: list[Path]
) -> dict[str, list[StartRun]]:
    """Each run starts every kind once; the order rotates from run to run."""
    env = child_env(folder)
    kinds = ["game", "minimal", "pydantic", *(f"game@{path.resolve()}" for path in also)]
    for kind in kinds:  # warm the bytecode cache, not counted
        spawn(kind, save, env, folder)
    results: dict[str, list[StartRun]] = {kind: [] for kind in kinds}
    for index in range(runs):
        shift = index % len(kinds)
        for kind in kinds[shift:] + kinds[:shift]:
            results[kind].append(spawn(kind, save, env, folder))
    return results


def count_instructions(kind: str, save: Path, env: dict[str, str], folder: Path) -> int:
    """The instructions one start-up of ``kind`` executes (to its content frame and its exit),
    counted by valgrind's callgrind: a figure the other work on a shared machine does not
    change (a run repeats it within 0.3 %), where its times vary by tens of per cent. It
    runs 50 times slower, so one start-up per kind."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        sys.exit("--instructions needs valgrind (apt-get install valgrind)")
    root = ROOT
    if kind.startswith("game@"):
        root = Path(kind.removeprefix("game@"))
        env = dict(env, PYTHONPATH=os.pathsep.join([str(root), env["PYTHONPATH"]]))
    args = [str(root / "bench" / "app_minimal.py"), kind.split("@")[0]]
    if kind != "minimal":
        args += ["--load", str(save)]
    env = dict(env, BENCH_APP_RESULT=str(folder / "result.json"), PYTHONHASHSEED="0")
    tool = [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    done = subprocess.run(
        [*tool, sys.executable, *args], env=env, capture_output=True, text=True, check=False
    )
    counted = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or counted is None:
        sys.exit(f"{kind} start-up under valgrind failed ({done.returncode}):\n{done.stderr}")
    return int(counted.group(1))


def bench_instructions(save: Path, folder: Path, also: list[Path]) -> dict[str, int]:
    env = child_env(folder)
    kinds = ["game", "minimal", "pydantic", *(f"game@{path.resolve()}" for path in also)]
    for kind in kinds:  # warm the bytecode cache, not counted
        spawn(kind, save, env, folder)
    return {kind: count_instructions(kind, save, env, folder) for kind in kinds}


def print_instructions(counts: dict[str, int]) -> None:
    stack = counts["pydantic"]
    print("\nStart-up in instructions (callgrind, one run each, to the content frame and exit):")
    for kind, count in counts.items():
        name = f"{Path(kind.split('@', 1)[1]).name} (copy)" if "@" in kind else kind
        print(
            f"  {name:<24} {count / 1e6:>9,.0f} M  = {count / stack:.3f}x minimal+pydantic, "
            f"{count / counts['minimal']:.3f}x minimal"
        )


def print_startup(results: dict[str, list[StartRun]]) -> None:
    print(f"\nStart-up, {len(results['game'])} runs each (ms; memory in MiB):")
    print(
        f"  {'app':<8} {'on screen':>10} {'spread':>13} {'on_ready':>9} {'interp.':>8}"
        f" {'CPU':>6} {'peak mem':>9}  first screen"
    )
    for kind, runs in results.items():
        if "@" in kind:
            print(f"  {kind}:")
            kind = "  (copy)"
        shown = [run.content_s * 1000 for run in runs]
        print(
            f"  {kind:<8} {statistics.median(shown):>10.0f} "
            f"{min(shown):>6.0f}–{max(shown):<6.0f}"
            f"{statistics.median(run.ready_s * 1000 for run in runs):>9.0f}"
            f" {statistics.median(run.interpreter_s * 1000 for run in runs):>8.0f}"
            f" {statistics.median(run.cpu_s * 1000 for run in runs):>6.0f}"
            f" {statistics.median(run.peak_kib for run in runs) / 1024:>9.1f}"
            f"  {runs[0].screen} ({runs[0].first_frame_bytes:,} bytes)"
        )


# ------------------------------------------------------------------------------- keys


@dataclass
class Probe:
    """Times one key press: from the key event to the first frame with the board changed."""

    ready: Callable[[], bool] | None = None  # has the change the key is for been made?
    t0: float = 0.0
    board_dirty: bool = False
    painted: float | None = None
    last_frame: float | None = None
    autosaved: float = 0.0  # when the autosave writer last finished a write (its thread)
    autosave_ui_ms: list[float] = field(default_factory=list)  # autosave's share of the UI
    first_frame: float | None = None  # the first frame written after t0 (any widget)
    #: CPU time of the UI thread (``time.thread_time``) at t0, at the board's frame and at the
    #: last frame: what the key costs the app itself, which other work on a shared machine
    #: does not inflate (there the wall-clock figures wait for the CPU too).
    cpu0: float = 0.0
    painted_cpu: float = 0.0
    last_cpu: float = 0.0


@dataclass
class Series:
    label: str
    target_ms: float
    board_ms: list[float] = field(default_factory=list)
    last_ms: list[float] = field(default_factory=list)
    #: UI-thread CPU time from the key to the board's frame, and to the last frame.
    cpu_ms: list[float] = field(default_factory=list)
    last_cpu_ms: list[float] = field(default_factory=list)
    missed: int = 0
    #: Key press to the action's autosave on disk (for keys that play or undo an action).
    disk_ms: list[float] = field(default_factory=list)
    #: The autosave's own time on the UI thread for that action (taking the game's record).
    autosave_ui_ms: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.board_ms) if self.board_ms else float("nan")

    @property
    def last_median(self) -> float:
        """The key's whole answer: the last frame it caused (the board's or a later one)."""
        return statistics.median(self.last_ms) if self.last_ms else float("nan")


@dataclass
class GcWatch:
    """Garbage-collector pauses and live objects during the move/undo presses."""

    pauses: list[tuple[int, float]] = field(default_factory=list)  # (generation, ms)
    objects: list[int] = field(default_factory=list)  # after gc.collect(), per step
    cycles: int = 0  # m/Enter/u cycles between the first and the last count
    _start: float = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.pauses.append((info["generation"], (time.perf_counter() - self._start) * 1000))

    def count(self) -> None:
        gc.collect()
        self.objects.append(len(gc.get_objects()))


def build_bench_app(save: Path, probe: Probe) -> Any:
    from app_minimal import sink_driver
    from textual import events

    from bigfive_tui.app import main as app_main
    from bigfive_tui.app.app_parts.keeping import Keeper
    from bigfive_tui.app.components.board_view import BoardView
    from bigfive_tui.app.files import saves
    from bigfive_tui.app.main import BigFiveApp

    driver_class = sink_driver()

    class ProbeDriver(driver_class):  # type: ignore[misc,valid-type]
        def send_message(self, message: Any) -> None:
            if isinstance(message, events.Key) and probe.ready is not None:
                probe.t0 = time.perf_counter()
                probe.cpu0 = time.thread_time()
                probe.board_dirty = False
                probe.painted = probe.last_frame = probe.first_frame = None
            super().send_message(message)

    class TimedKeeper(Keeper):
        def autosave(self) -> None:
            """The part of autosave that runs on the UI thread: taking the record."""
            start = time.perf_counter()
            super().autosave()
            probe.autosave_ui_ms.append((time.perf_counter() - start) * 1000)

    class BenchApp(BigFiveApp):
        # Relative CSS paths resolve against the module of the class: point at the app's.
        CSS_PATH: ClassVar = [str(Path(app_main.__file__).parent / p) for p in BigFiveApp.CSS_PATH]

        def _build_driver(self, headless: bool, inline: bool, mouse: bool, size: Any) -> Any:
            del headless, inline
            driver = self._driver = ProbeDriver(self, debug=False, mouse=mouse, size=size)
            return driver

        @functools.cached_property
        def keeper(self) -> Keeper:
            return TimedKeeper(self)

        def _autosave_finished(self, outcome: Any) -> None:
            probe.autosaved = time.perf_counter()  # on the writer thread, as the file is done
            super()._autosave_finished(outcome)

        def _display(self, screen: Any, renderable: Any) -> None:
            driver = self._driver
            before = getattr(driver, "bytes_written", 0)
            super()._display(screen, renderable)
            written = getattr(driver, "bytes_written", 0) != before
            if probe.t0 and written and renderable is not None:
                now = time.perf_counter()
                probe.last_frame = now
                probe.last_cpu = time.thread_time()
                if probe.first_frame is None:
                    probe.first_frame = now
                if probe.board_dirty and probe.painted is None:
                    probe.painted = now
                    probe.painted_cpu = probe.last_cpu
            probe.board_dirty = False

    render_line = BoardView.render_line

    def hooked(self: BoardView, y: int) -> Any:
        if probe.t0 and probe.ready is not None and probe.ready():
            probe.board_dirty = True
        return render_line(self, y)

    BoardView.render_line = hooked  # type: ignore[method-assign]
    loaded = saves.read_save(save)
    return BenchApp(session=loaded.session, computer_seats=loaded.computer_seats, seed=0)


@dataclass
class Profiled:
    """pyinstrument over the presses of one key."""

    key: str
    profiler: Any  # pyinstrument.Profiler (the bench extra)


async def press(
    pilot: Any,
    probe: Probe,
    key: str,
    ready: Callable[[], bool],
    series: Series,
    profiler: Profiled | None = None,
) -> None:
    probe.ready = ready
    probe.autosave_ui_ms.clear()
    if profiler is not None and profiler.key == key:
        profiler.profiler.start()
        await pilot.press(key)
        profiler.profiler.stop()
    else:
        await pilot.press(key)
    probe.ready = None
    if key in ("enter", "u"):  # an action played or undone: wait for its autosave on disk
        autosave = pilot.app.autosave_file
        assert autosave is not None and autosave.flush(10)
        series.disk_ms.append((probe.autosaved - probe.t0) * 1000)
        series.autosave_ui_ms.append(sum(probe.autosave_ui_ms))
    if probe.painted is None:
        series.missed += 1
    else:
        series.board_ms.append((probe.painted - probe.t0) * 1000)
        assert probe.last_frame is not None
        series.last_ms.append((probe.last_frame - probe.t0) * 1000)
        series.cpu_ms.append((probe.painted_cpu - probe.cpu0) * 1000)
        series.last_cpu_ms.append((probe.last_cpu - probe.cpu0) * 1000)
    probe.t0 = 0.0


async def bench_keys(
    presses: int, save: Path, profile: str | None, drawing: str = "normal"
) -> tuple[list[Series], GcWatch]:
    from bigfive_tui.app.components.board_view import BoardView
    from bigfive_tui.app.screens.game import GameScreen

    probe = Probe()
    app = build_bench_app(save, probe)
    free = Series(f"{drawing}: cursor, free", CURSOR_TARGET_MS)
    target = Series(f"{drawing}: cursor, target", CURSOR_TARGET_MS)
    mode = Series(f"{drawing}: m (targets on)", ACTION_TARGET_MS)
    move = Series(f"{drawing}: Enter (move)", ACTION_TARGET_MS)
    undo = Series(f"{drawing}: u (undone)", ACTION_TARGET_MS)
    profiler: Profiled | None = None
    async with app.run_test(size=DRAWING_SIZES[drawing]) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen), f"not the game screen: {screen!r}"
        assert screen.drawing == drawing, (screen.drawing, drawing)
        board = screen.query_one(BoardView)
        assert board.has_focus and not board.targeting
        if profile:
            from pyinstrument import Profiler

            profiler = Profiled(profile, Profiler(interval=0.0002, async_mode="disabled"))

        def cursor_moved() -> Callable[[], bool]:
            before = board.cursor
            return lambda: board.cursor != before

        def vehicle_moved() -> Callable[[], bool]:
            before = tuple(app.session.state.vehicle)
            return lambda: tuple(app.session.state.vehicle) != before

        # Free cursor: left and right from the active vehicle's space.
        for index in range(presses):
            key = ("right", "left")[index % 2]
            await press(pilot, probe, key, cursor_moved(), free, profiler)

        # Target mode (move): arrows between the marked spaces.
        await pilot.press("m")
        assert board.targeting and len(board.targets) >= 2
        keys = ("right", "left") if _moves_both_ways(board) else ("down", "up")
        for index in range(presses):
            await press(pilot, probe, keys[index % 2], cursor_moved(), target, profiler)
        await pilot.press("escape")
        assert not board.targeting

        # A move: m, Enter (the marked space under the cursor), then u to undo it. The game is
        # back where it was after each cycle: live objects should not grow.
        watch = GcWatch()
        watch.count()
        gc.callbacks.append(watch)
        try:
            for _ in range(presses):
                await press(pilot, probe, "m", lambda: board.targeting, mode, profiler)
                await press(pilot, probe, "enter", vehicle_moved(), move, profiler)
                await press(pilot, probe, "u", vehicle_moved(), undo, profiler)
        finally:
            gc.callbacks.remove(watch)
        watch.count()
        watch.cycles = presses
        assert app.screen is screen, "a dialog opened during the benchmark"
    if profiler is not None:
        print_profile(profiler)
    return [free, target, mode, move, undo], watch


def print_profile(profiled: Profiled, top: int = 40) -> None:
    """Inclusive time per function (each function once per stack), over the profiled presses:
    the game's own functions, then Textual's (without the message-loop plumbing)."""
    session = profiled.profiler.last_session
    root = session.root_frame()
    inclusive: dict[tuple[str, str], float] = {}

    def walk(frame: Any, on_stack: frozenset[tuple[str, str]]) -> None:
        path = frame.file_path or "?"
        where = path.split("site-packages/")[-1].removeprefix(f"{ROOT}/")
        function = f"{frame.class_name}.{frame.function}" if frame.class_name else frame.function
        name = (f"{function}  {where}:{frame.line_no}", path)
        if name not in on_stack:
            inclusive[name] = inclusive.get(name, 0.0) + frame.time
            on_stack = on_stack | {name}
        for child in frame.children:
            walk(child, on_stack)

    walk(root, frozenset())
    total = root.time
    busy = total - sum(t for (n, _), t in inclusive.items() if n.startswith("epoll.poll"))
    print(f"\nProfile of the presses of {profiled.key!r}: {total:.2f} s sampled, {busy:.2f} s busy")
    plumbing = ("message_pump.py", "_callback.py", "timer.py")
    groups: dict[str, Callable[[str], bool]] = {
        "game code": lambda path: "bigfive_tui" in path,
        "Textual": lambda path: "textual" in path and not path.endswith(plumbing),
    }
    for title, keep in groups.items():
        print(f"inclusive time, {title} (share of busy time):")
        rows = [(n, t) for (n, path), t in inclusive.items() if keep(path)]
        for name, seconds in sorted(rows, key=lambda item: -item[1])[:top]:
            print(f"  {seconds / busy:>6.1%}  {seconds:7.3f} s  {name}")


def _moves_both_ways(board: Any) -> bool:
    from bigfive_tui.app.components.board_view import step_towards

    cursor = board.cursor
    right = step_towards(cursor, "right", board.targets)
    return right is not None and step_towards(right, "left", board.targets) is not None


def print_keys(series: list[Series], watch: GcWatch) -> None:
    print("\nKey press to board repainted, and to the last frame it caused (ms):")
    print(
        f"  {'key':<30} {'presses':>7} {'median':>7} {'p90':>7} {'max':>7}"
        f" {'last frame':>10} {'p90':>7} {'UI CPU board/last':>18}  missed"
    )
    for item in series:
        values = item.board_ms
        print(
            f"  {item.label:<30} {len(values):>7} {statistics.median(values):>7.2f}"
            f" {quantile(values, 0.9):>7.2f} {max(values):>7.2f}"
            f" {item.last_median:>10.2f} {quantile(item.last_ms, 0.9):>7.2f}"
            f" {statistics.median(item.cpu_ms):>8.2f} /{statistics.median(item.last_cpu_ms):>7.2f}"
            f"  {item.missed}"
        )
    for item in series:
        if item.disk_ms:
            print(
                f"  {item.label}: autosave on disk after {statistics.median(item.disk_ms):.2f}"
                f" ms (p90 {quantile(item.disk_ms, 0.9):.2f}, max {max(item.disk_ms):.2f}),"
                f" written on its own thread; its part on the UI thread"
                f" {statistics.median(item.autosave_ui_ms):.2f} ms (max"
                f" {max(item.autosave_ui_ms):.2f})"
            )
    first, last = watch.objects[0], watch.objects[-1]
    print(
        f"  live objects (gc) over {watch.cycles} move/undo cycles: {first:,} -> {last:,}"
        f" ({(last - first) / max(1, watch.cycles):+,.0f} a cycle)"
    )
    for generation in (0, 1, 2):
        pauses = [ms for gen, ms in watch.pauses if gen == generation]
        if pauses:
            print(
                f"  gc generation {generation}: {len(pauses)} collections,"
                f" longest {max(pauses):.1f} ms, total {sum(pauses):.0f} ms"
            )


# ------------------------------------------------------------------------------- timeline


def make_long_save(folder: Path) -> Path:
    """A game of 60 turns: five greedy guides (beginner) from the first seed whose game lasts
    that long, stopped at the end of turn 60 (turn 61's hand-over not yet shown)."""
    from bigfive_tui.app.files import saves
    from bigfive_tui.app.setups.big_five import GameSetup, SeatChoice
    from bigfive_tui.engine.content import Difficulty, Guide
    from bigfive_tui.players import greedy_player

    guides = (Guide.JACK, Guide.KATE, Guide.SAM, Guide.ANNA, Guide.DAVID)
    for seed in range(1, 200):
        seats = tuple(SeatChoice(guide) for guide in guides)
        session = GameSetup(seats=seats, difficulty=Difficulty.BEGINNER, seed=seed).session()
        rng = random.Random(seed)
        while not session.state.over and session.state.turn <= TIMELINE_TURNS:
            state = session.state
            session.play(greedy_player.choose(state, session.legal_actions(), rng))
        if session.state.turn > TIMELINE_TURNS:
            path = folder / "sixty-turns.json"
            saves.write_save(path, session, frozenset())
            return path
    raise SystemExit("no seed below 200 gives a game of 60 turns")


async def bench_timeline(jumps: int, save: Path) -> tuple[list[Series], str]:
    from bigfive_tui.app.screens.timeline import TimelineScreen

    probe = Probe()
    app = build_bench_app(save, probe)
    jump = Series("timeline: jump to any moment", TIMELINE_TARGET_MS)
    ends = Series("timeline: Home / End", TIMELINE_TARGET_MS)
    engine = Series("  engine: the game at a moment", TIMELINE_TARGET_MS)
    async with app.run_test(size=DRAWING_SIZES["normal"]) as pilot:
        await pilot.pause()
        await pilot.press("escape")  # the hand-over box, if any
        await pilot.press("T")
        for _ in range(100):
            if isinstance(app.screen, TimelineScreen):
                break
            await pilot.pause(0.02)
        screen = app.screen
        assert isinstance(screen, TimelineScreen), f"not the timeline: {screen!r}"
        timeline = screen.timeline
        entries = screen.session.entries
        about = (
            f"{screen.session.state.turn - 1} turns, {len(entries)} actions, "
            f"{len(timeline)} moments"
        )
        rnd = random.Random(7)
        for _ in range(jumps):
            target = rnd.randrange(len(timeline))
            probe.ready = lambda target=target: screen.moment == target
            probe.first_frame = probe.painted = probe.last_frame = None
            probe.t0 = time.perf_counter()
            screen.go_to(target)
            for _ in range(500):
                if probe.first_frame is not None:
                    break
                await pilot.pause(0.001)
            if probe.first_frame is None:
                jump.missed += 1
            else:
                jump.board_ms.append((probe.first_frame - probe.t0) * 1000)
                jump.last_ms.append(jump.board_ms[-1])
            probe.t0, probe.ready = 0.0, None
        for index in range(jumps // 4):
            key, moment = ("home", 0) if index % 2 == 0 else ("end", timeline.last)
            probe.first_frame = None

            def at_moment(moment: int = moment) -> bool:
                return screen.moment == moment

            await press(pilot, probe, key, at_moment, ends)
        for _ in range(jumps):
            target = rnd.randrange(len(timeline))
            timeline._kept.clear()  # no step states kept: the worst case
            start = time.perf_counter()
            timeline.state(target)
            engine.board_ms.append((time.perf_counter() - start) * 1000)
            engine.last_ms.append(engine.board_ms[-1])
    return [jump, ends, engine], about


def print_timeline(series: list[Series], about: str) -> None:
    print(f"\nTimeline of a game of {about}, 120x36 (ms):")
    print(f"  {'what':<34} {'count':>6} {'median':>7} {'p90':>7} {'max':>7}  missed")
    for item in series:
        values = item.board_ms
        print(
            f"  {item.label:<34} {len(values):>6} {statistics.median(values):>7.2f}"
            f" {quantile(values, 0.9):>7.2f} {max(values):>7.2f}  {item.missed}"
        )


# ------------------------------------------------------------------------------- long game


@dataclass
class LongGame:
    """Memory over a game the app plays by itself (every seat a computer teammate)."""

    seed: int
    actions: int  # played between the two readings
    start_kib: int  # resident set once the game is on screen (after gc.collect())
    end_kib: int
    log_lines: int  # rendered lines the game log keeps at the end
    steps: int  # rule steps in the session's record at the end
    traced: Traced | None = None  # the same game under tracemalloc, in a fresh process

    @property
    def grown_mib(self) -> float:
        return (self.end_kib - self.start_kib) / 1024


@dataclass
class Traced:
    """What a long game's memory growth is, by tracemalloc: traced bytes at the first paint,
    half-way and at the end, by who allocated them, and the fill of the stack's bounded caches."""

    traced_kib: list[float]  # at the first paint, half-way, at the end
    #: (who allocated, KiB grown in the first half, KiB grown in the second half)
    groups: list[tuple[str, float, float]]
    #: (cache, entries at the first paint, half-way, at the end, its size)
    caches: list[tuple[str, int, int, int, int]]

    @property
    def grown_mib(self) -> float:
        return (self.traced_kib[-1] - self.traced_kib[0]) / 1024


def _who(traceback: tracemalloc.Traceback) -> str:
    """Our innermost frame's file (whose work it was) and the library file that allocated, if
    it was not ours."""
    frames = list(traceback)  # the oldest first
    ours = [frame.filename for frame in frames if "/bigfive_tui/" in frame.filename]
    where = ours[-1].split("/bigfive_tui/")[-1] if ours else "(no frame of ours)"
    inner = frames[-1].filename
    if "/bigfive_tui/" not in inner:
        where += " > " + inner.split("site-packages/")[-1].split("/lib/python3")[-1]
    return where


def _cache_fill() -> dict[str, tuple[int, int]]:
    """Entries and size of every bounded ``lru_cache`` of Rich and Textual."""
    fill = {}
    for thing in gc.get_objects():
        if isinstance(thing, functools._lru_cache_wrapper):
            module = getattr(thing, "__module__", "") or ""
            info = thing.cache_info()
            if module.split(".")[0] in ("rich", "textual") and info.maxsize:
                fill[f"{module}.{thing.__qualname__}"] = (info.currsize, info.maxsize)
    return fill


def traced_view(
    snapshots: list[tracemalloc.Snapshot], fills: list[dict[str, tuple[int, int]]]
) -> Traced:
    ignored = [tracemalloc.Filter(False, tracemalloc.__file__)]
    first, middle, last = (snapshot.filter_traces(ignored) for snapshot in snapshots)
    grown: dict[str, list[float]] = {}
    for half, (before, after) in enumerate(((first, middle), (middle, last))):
        for stat in after.compare_to(before, "traceback"):
            grown.setdefault(_who(stat.traceback), [0.0, 0.0])[half] += stat.size_diff / 1024
    groups = sorted(grown.items(), key=lambda item: -sum(item[1]))[:TRACE_GROUPS]
    first_fill, middle_fill, last_fill = fills
    caches = [
        (
            name,
            _filled(first_fill, name),
            _filled(middle_fill, name),
            _filled(last_fill, name),
            size,
        )
        for name, (_, size) in last_fill.items()
        if fill_changed(name, fills)
    ]
    return Traced(
        [
            sum(stat.size for stat in snapshot.statistics("filename")) / 1024
            for snapshot in (first, middle, last)
        ],
        [(who, a, b) for who, (a, b) in groups],
        sorted(caches, key=lambda cache: cache[1] - cache[3]),
    )


def fill_changed(name: str, fills: list[dict[str, tuple[int, int]]]) -> bool:
    return fills[0].get(name, (0, 0))[0] != fills[-1].get(name, (0, 0))[0]


def _filled(fill: dict[str, tuple[int, int]], name: str) -> int:
    """How full the cache ``name`` was (0 before it existed)."""
    return fill.get(name, (0, 0))[0]


def traced_long_game(actions: int, folder: Path) -> Traced:
    """The long game again, traced, in a fresh process (tracing slows it and takes memory of
    its own, so the resident set is read without it)."""
    out = folder / "traced.json"
    command = [sys.executable, __file__, "--traced", str(out), "--actions", str(actions)]
    subprocess.run(command, check=True)
    data = json.loads(out.read_text(encoding="utf-8"))
    return Traced(
        data["traced_kib"],
        [tuple(group) for group in data["groups"]],
        [tuple(cache) for cache in data["caches"]],
    )


def resident_kib() -> int:
    """This process's resident set now (``VmRSS``), after a full collection."""
    gc.collect()
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def long_game_seed(actions: int) -> int:
    """A seed whose five-guide expert game lasts well beyond ``actions`` when the app's
    computer teammates play it (the greedy player with the game screen's generator)."""
    from bigfive_tui.players import greedy_player

    for seed in range(1000):
        session = _long_game(seed).session()
        rng = random.Random(session.game.seed)
        while not session.state.over and len(session.actions) < actions + 40:
            legal = list(dict.fromkeys(session.legal_actions()))
            session.play(greedy_player.choose(session.state, legal, rng))
        if not session.state.over:
            return seed
    raise AssertionError("no seed gives a game long enough")


def _long_game(seed: int) -> Any:
    """Five computer guides on expert: the longest games."""
    from bigfive_tui.app.setups.big_five import GameSetup, SeatChoice
    from bigfive_tui.engine.content import Difficulty, Guide

    seats = tuple(SeatChoice(guide, computer=True) for guide in Guide)
    return GameSetup(seats=seats, difficulty=Difficulty.EXPERT, seed=seed)


async def bench_long_game(actions: int, traced: bool = False) -> LongGame:
    """Five computer guides on expert play at full speed at 120x36 (the app draws every
    action); memory is read once the game is on screen and again ``actions`` later (and
    half-way, when ``traced``: then the result's ``traced`` is filled)."""
    from bigfive_tui.app.components.game_log import GameLog
    from bigfive_tui.app.main import BigFiveApp

    seed = long_game_seed(actions)
    session = _long_game(seed).session()
    app = BigFiveApp(
        session=session,
        computer_seats=frozenset(range(len(session.game.guides))),
        computer_delay=0.0,
        card_pause=False,
        cursor_blink=False,
        seed=0,
    )
    snapshots: list[tracemalloc.Snapshot] = []
    fills: list[dict[str, tuple[int, int]]] = []

    def take_snapshot() -> None:
        if traced:
            fills.append(_cache_fill())
            snapshots.append(tracemalloc.take_snapshot())

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = resident_kib()
        take_snapshot()
        begun = len(session.actions)
        for until in (actions // 2, actions) if traced else (actions,):
            while len(session.actions) < begun + until:
                assert not session.state.over, f"the game of seed {seed} ended too soon"
                await pilot.pause(0.05)
            gc.collect()
            take_snapshot()
        played = len(session.actions) - begun
        end = resident_kib()
        log = app.screen.query_one(GameLog)
        result = LongGame(seed, played, start, end, len(log.lines), len(session.log))
        app.exit()
    if traced:
        result.traced = traced_view(snapshots, fills)
    return result


def print_long_game(game: LongGame) -> None:
    print(
        f"\nLong game (five computer guides, expert, seed {game.seed}, drawn at 120x36): "
        f"{game.actions} actions, resident set {game.start_kib / 1024:.1f} -> "
        f"{game.end_kib / 1024:.1f} MiB ({game.grown_mib:+.2f} MiB); the log keeps "
        f"{game.log_lines} rendered lines of {game.steps} steps"
    )
    traced = game.traced
    if traced is None:
        return
    start, middle, end = traced.traced_kib
    print(
        f"  traced (tracemalloc, the same game in a fresh process): {start / 1024:.1f} -> "
        f"{middle / 1024:.1f} -> {end / 1024:.1f} MiB ({traced.grown_mib:+.2f} MiB; "
        f"{(middle - start) / 1024:+.2f} in the first half, {(end - middle) / 1024:+.2f} in the "
        "second).\n  Grown (KiB, first half / second half) by who allocated it (our innermost "
        "frame > the library beneath):"
    )
    for who, first, second in traced.groups:
        print(f"    {first:+8.1f} {second:+8.1f}  {who}")
    print(
        "  Rich's and Textual's bounded caches that filled (entries: first paint, half-way, end):"
    )
    for name, *counts, size in traced.caches:
        print(f"    {' -> '.join(map(str, counts))} / {size}  {name}")


# ------------------------------------------------------------------------------- summary


def print_summary(
    started: str,
    startup: dict[str, list[StartRun]] | None,
    keys: list[Series] | None,
    watch: GcWatch | None,
    long_game: LongGame | None = None,
) -> None:
    rows: list[tuple[str, str, str, bool]] = []
    if startup:
        game, minimal, stack = startup["game"], startup["minimal"], startup["pydantic"]
        shown = statistics.median(r.content_s for r in game)
        base = statistics.median(r.content_s for r in minimal)
        floor = statistics.median(r.content_s for r in stack)
        rows.append(
            (
                "start-up to game on screen",
                f"{shown * 1000:.0f} ms = {shown / floor:.2f}x minimal+pydantic "
                f"({floor * 1000:.0f} ms)",
                f"<= {STACK_TARGET}x",
                shown / floor <= STACK_TARGET,
            )
        )
        rows.append(
            (
                "  same, against the plain minimal",
                f"{shown / base:.2f}x minimal ({base * 1000:.0f} ms); minimal+pydantic "
                f"{floor / base:.2f}x",
                "(reported)",
                True,
            )
        )
        cpu = statistics.median(r.cpu_s for r in game)
        cpu_floor = statistics.median(r.cpu_s for r in stack)
        rows.append(
            (
                "  same, CPU time",
                f"{cpu * 1000:.0f} ms = {cpu / cpu_floor:.2f}x minimal+pydantic "
                f"({cpu_floor * 1000:.0f} ms)",
                f"<= {STACK_TARGET}x",
                cpu / cpu_floor <= STACK_TARGET,
            )
        )
        for kind, runs in startup.items():
            if "@" in kind:
                copy = statistics.median(r.content_s for r in runs)
                rows.append(
                    (
                        f"  same, {Path(kind.split('@', 1)[1]).name} (copy)",
                        f"{copy * 1000:.0f} ms = {copy / floor:.2f}x minimal+pydantic",
                        f"<= {STACK_TARGET}x",
                        copy / floor <= STACK_TARGET,
                    )
                )
        memory = statistics.median(r.peak_kib for r in game)
        memory_base = statistics.median(r.peak_kib for r in minimal)
        memory_floor = statistics.median(r.peak_kib for r in stack)
        rows.append(
            (
                "peak memory (VmHWM of the child)",
                f"{memory / 1024:.1f} MiB = {memory / memory_floor:.3f}x minimal+pydantic "
                f"({memory_floor / 1024:.1f} MiB)",
                f"<= {MEMORY_TARGET}x",
                memory / memory_floor <= MEMORY_TARGET,
            )
        )
        rows.append(
            (
                "  same, against the plain minimal",
                f"{memory / memory_base:.3f}x minimal ({memory_base / 1024:.1f} MiB); "
                f"minimal+pydantic {memory_floor / memory_base:.3f}x",
                "(reported)",
                True,
            )
        )
        for kind, runs in startup.items():
            if "@" in kind:
                copy = statistics.median(r.peak_kib for r in runs)
                rows.append(
                    (
                        f"  same, {Path(kind.split('@', 1)[1]).name} (copy)",
                        f"{copy / 1024:.1f} MiB = {copy / memory_floor:.3f}x minimal+pydantic",
                        f"<= {MEMORY_TARGET}x",
                        copy / memory_floor <= MEMORY_TARGET,
                    )
                )
    for item in keys or ():
        rows.append(
            (
                f"{item.label}, median",
                f"{item.median:.2f} ms (p90 {quantile(item.board_ms, 0.9):.2f}); last frame "
                f"{item.last_median:.2f}",
                f"<= {item.target_ms:.1f} ms",
                item.last_median <= item.target_ms and not item.missed,
            )
        )
        if not item.last_cpu_ms:  # the timeline's jumps are timed in wall-clock time only
            continue
        rows.append(
            (
                "  UI thread's CPU time to it",
                f"{statistics.median(item.last_cpu_ms):.2f} ms (what an idle machine waits)",
                f"<= {item.target_ms:.1f} ms",
                statistics.median(item.last_cpu_ms) <= item.target_ms,
            )
        )
        if item.disk_ms:
            on_disk = statistics.median(item.disk_ms)
            rows.append(
                (
                    "  its autosave, UI thread",
                    f"{statistics.median(item.autosave_ui_ms):.2f} ms (on disk after "
                    f"{on_disk:.1f} ms, off the UI thread)",
                    f"<= {AUTOSAVE_UI_TARGET_MS:.1f} ms",
                    statistics.median(item.autosave_ui_ms) <= AUTOSAVE_UI_TARGET_MS,
                )
            )
    if long_game is not None:
        rows.append(
            (
                f"memory over {long_game.actions} actions",
                f"{long_game.grown_mib:+.2f} MiB resident"
                + (
                    f", {long_game.traced.grown_mib:+.2f} MiB traced"
                    if long_game.traced is not None
                    else ""
                )
                + f" (log keeps {long_game.log_lines} lines)",
                f"<= {LONG_GAME_TARGET_MIB:g} MiB",
                long_game.grown_mib <= LONG_GAME_TARGET_MIB,
            )
        )
    if watch is not None:
        growth = (watch.objects[-1] - watch.objects[0]) / max(1, watch.cycles)
        rows.append(
            (
                "live objects a move/undo cycle",
                f"{growth:+,.0f} (extra check: a cycle ends where it began)",
                "~0",
                growth < 100,
            )
        )
    print(f"\nSummary — {started}, {machine()}, load average {load()}")
    width = max(len(row[1]) for row in rows)
    for label, figure, target, ok in rows:
        print(f"  {label:<36} {figure:<{width}}  {target:<10} {'pass' if ok else 'FAIL'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="start-ups of each app")
    parser.add_argument("--presses", type=int, default=200, help="presses of each kind")
    parser.add_argument(
        "--only", choices=("startup", "keys", "timeline", "memory"), help="run one part only"
    )
    parser.add_argument("--jumps", type=int, default=200, help="timeline jumps to random moments")
    parser.add_argument(
        "--actions", type=int, default=LONG_GAME_ACTIONS, help="actions of the long game"
    )
    parser.add_argument(
        "--also",
        metavar="DIR",
        type=Path,
        action="append",
        default=[],
        help="also time the start-up of the game from a copy of the project (a proposed change)",
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="start-up: also count each app's instructions under valgrind (load-independent)",
    )
    parser.add_argument(
        "--write-save", metavar="FILE", type=Path, help="write the benchmark's save and stop"
    )
    parser.add_argument(
        "--drawing",
        choices=tuple(DRAWING_SIZES),
        action="append",
        help="time the keys in this drawing of the board only (default: all three)",
    )
    parser.add_argument(
        "--trace-memory",
        action="store_true",
        help="also play the long game again under tracemalloc and say what grew (minutes)",
    )
    parser.add_argument(
        "--traced",
        metavar="FILE",
        type=Path,
        help="play the long game only, under tracemalloc, and write what grew to FILE (JSON)",
    )
    parser.add_argument(
        "--profile",
        metavar="KEY",
        help="pyinstrument over the presses of KEY (right, left, down, up, m, enter, u)",
    )
    args = parser.parse_args()

    if args.traced:
        with tempfile.TemporaryDirectory(prefix="bigfive-bench-") as temporary:
            os.environ["BIGFIVE_DATA_DIR"] = temporary
            tracemalloc.start(TRACE_DEPTH)
            traced = asyncio.run(bench_long_game(args.actions, traced=True)).traced
        assert traced is not None
        args.traced.write_text(json.dumps(traced.__dict__), encoding="utf-8")
        return
    if args.write_save:
        with tempfile.TemporaryDirectory() as temporary:
            os.environ["BIGFIVE_DATA_DIR"] = temporary
            made = make_save(Path(temporary))
            args.write_save.write_bytes(made.read_bytes())
        print(f"wrote {args.write_save}")
        return
    started = datetime.now().astimezone().isoformat(timespec="seconds")
    print(f"bench/app.py — {started}\n{machine()}, load average {load()}")
    with tempfile.TemporaryDirectory(prefix="bigfive-bench-") as temporary:
        folder = Path(temporary)
        os.environ["BIGFIVE_DATA_DIR"] = str(folder / "data")
        save = make_save(folder)
        startup = keys = watch = long_game = None
        if args.only in (None, "startup"):
            startup = bench_startup(args.runs, save, folder, args.also)
            print_startup(startup)
            if args.instructions:
                print_instructions(bench_instructions(save, folder, args.also))
        if args.only in (None, "memory"):  # before any other app: a process not yet used
            long_game = asyncio.run(bench_long_game(args.actions))
            if args.trace_memory:
                long_game.traced = traced_long_game(args.actions, folder)
            print_long_game(long_game)
        if args.only in (None, "timeline"):
            long_save = make_long_save(folder)
            timeline, about = asyncio.run(bench_timeline(args.jumps, long_save))
            print_timeline(timeline, about)
        if args.only in (None, "keys"):
            keys = []
            for drawing in args.drawing or DRAWING_SIZES:
                series, watch = asyncio.run(bench_keys(args.presses, save, args.profile, drawing))
                width, height = DRAWING_SIZES[drawing]
                print(f"\n{drawing} board at {width}x{height}:")
                print_keys(series, watch)
                keys += series
        if args.only in (None, "timeline"):
            keys = [*(keys or []), *timeline[:2]]
        print_summary(started, startup, keys, watch, long_game)


if __name__ == "__main__":
    main()
