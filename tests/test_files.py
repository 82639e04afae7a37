"""Writing that loses nothing (bigfive_tui/files): durable atomic writes, names never reused,
stale temporary files cleared, one process per autosave file, and autosave in order on a thread
of its own."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bigfive_tui.files import lock as lock_module
from bigfive_tui.files.autosaver import Autosaver, Outcome
from bigfive_tui.files.lock import FileLock, HeldElsewhere, LockFailed
from bigfive_tui.files.writing import (
    move_to_unique,
    remove_stale_temporaries,
    write_atomically,
)


def test_a_write_is_flushed_to_disk_before_the_rename_and_the_folder_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """So that a power cut leaves the old file or the new one, never an empty one."""
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(handle: int) -> None:
        events.append("fsync folder" if os.path.isdir(f"/proc/self/fd/{handle}") else "fsync file")
        real_fsync(handle)

    def replace(source: str, target: Path) -> None:
        events.append("rename")
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    write_atomically(tmp_path / "game.json", "new")
    assert events == ["fsync file", "rename", "fsync folder"]
    assert (tmp_path / "game.json").read_text() == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_a_failed_write_leaves_the_old_file_and_no_temporary_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "game.json").write_text("old")

    def full_disk(handle: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space left"):
        write_atomically(tmp_path / "game.json", "new")
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert (tmp_path / "game.json").read_text() == "old"


def test_moves_in_the_same_second_get_names_of_their_own(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    moved = []
    for text in ("first", "second", "third"):
        source = tmp_path / "autosave.json"
        source.write_text(text)
        moved.append(move_to_unique(source, folder, "unfinished-2026-01-01-120000", ".json"))
    assert [p.name for p in moved] == [
        "unfinished-2026-01-01-120000.json",
        "unfinished-2026-01-01-120000-2.json",
        "unfinished-2026-01-01-120000-3.json",
    ]
    assert [p.read_text() for p in moved] == ["first", "second", "third"]


def test_two_threads_moving_at_once_never_pick_the_same_name(tmp_path: Path) -> None:
    sources = []
    for index in range(20):
        source = tmp_path / f"game-{index}.json"
        source.write_text(str(index))
        sources.append(source)
    results: list[Path] = []
    threads = [
        threading.Thread(
            target=lambda s=source: results.append(move_to_unique(s, tmp_path / "kept", "x", ".j"))
        )
        for source in sources
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({p.name for p in results}) == 20
    assert sorted(int(p.read_text()) for p in results) == list(range(20))


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_temporary_files_of_killed_processes_are_removed_and_live_ones_kept(
    tmp_path: Path,
) -> None:
    dead = tmp_path / f".save-{dead_pid()}-abc.tmp"
    live = tmp_path / f".save-{os.getpid()}-def.tmp"
    old_unnamed = tmp_path / ".save-ghi.tmp"
    fresh_unnamed = tmp_path / ".save-jkl.tmp"
    for path in (dead, live, old_unnamed, fresh_unnamed):
        path.write_text("{")
    an_hour_ago = time.time() - 3600
    os.utime(old_unnamed, (an_hour_ago, an_hour_ago))
    removed = remove_stale_temporaries(tmp_path)
    assert sorted(removed) == sorted([dead, old_unnamed])
    assert live.exists() and fresh_unnamed.exists()
    assert remove_stale_temporaries(tmp_path / "no-such-folder") == []


def test_a_write_names_its_temporary_file_after_the_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []
    real_replace = os.replace

    def replace(source: str, target: str) -> None:
        seen.append(Path(source).name)
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)
    write_atomically(tmp_path / "x.json", "{}")
    assert seen[0].startswith(f".save-{os.getpid()}-") and seen[0].endswith(".tmp")


# ---------------------------------------------------------------------------- the lock


def test_a_second_lock_on_the_same_file_names_the_holder(tmp_path: Path) -> None:
    first, second = FileLock(tmp_path / "autosave.lock"), FileLock(tmp_path / "autosave.lock")
    assert first.acquire() is None
    assert (tmp_path / "autosave.lock").read_text().strip() == str(os.getpid())
    assert second.acquire() == HeldElsewhere(os.getpid())
    first.release()
    assert second.acquire() is None
    second.release()


def test_another_process_holding_the_lock_is_named_by_its_pid(tmp_path: Path) -> None:
    lock = tmp_path / "autosave.lock"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; "
            "from bigfive_tui.files.lock import FileLock; "
            f"assert FileLock(Path({str(lock)!r})).acquire() is None; print('held', flush=True); "
            "sys.stdin.read()",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        assert FileLock(lock).acquire() == HeldElsewhere(holder.pid)
    finally:
        holder.communicate("")
    # The lock ended with the process, however it ended: no stale lock blocks the next start.
    assert FileLock(lock).acquire() is None


def test_a_lock_file_removed_before_it_was_locked_is_locked_anew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A browser tab that finds a dead tab's lock free removes it; if it does so between
    another process's open and lock, that process must not hold a lock on a file without a
    name (nobody would be shut out: its game could be taken over while it plays)."""
    path = tmp_path / "tab.lock"
    real_try_lock = lock_module._try_lock
    removed: list[int] = []

    def removed_first(handle: int) -> bool:
        if not removed:
            removed.append(handle)
            path.unlink()  # the other process's tidying, in the window before the lock
        return real_try_lock(handle)

    monkeypatch.setattr(lock_module, "_try_lock", removed_first)
    mine = FileLock(path)
    assert mine.acquire() is None
    monkeypatch.setattr(lock_module, "_try_lock", real_try_lock)
    assert removed and path.exists()
    assert FileLock(path).acquire() == HeldElsewhere(os.getpid())
    mine.release()


def test_a_lock_that_cannot_be_made_says_why(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    failed = FileLock(tmp_path / "file" / "autosave.lock").acquire()
    assert failed == LockFailed(f"{tmp_path / 'file'} is not a folder")


# ---------------------------------------------------------------------------- the writer


def test_the_autosaver_writes_in_order_and_the_newest_last(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    written: list[int] = []
    started, gate = threading.Event(), threading.Event()

    def snapshot(number: int) -> str:
        if number == 1:
            started.set()
            gate.wait(5)  # hold the writer while more snapshots arrive
        written.append(number)
        return str(number)

    saver = Autosaver(path)
    saver.submit(lambda: snapshot(1))
    assert started.wait(5)
    for number in range(2, 30):
        saver.submit(functools.partial(snapshot, number))
    gate.set()
    assert saver.flush(5)
    assert written == sorted(written) and written[0] == 1 and written[-1] == 29
    assert len(written) < 29  # snapshots that were overtaken were never made
    assert path.read_text() == "29"
    saver.submit(None)  # a finished game: the file goes
    assert saver.close()
    assert not path.exists()


def test_the_autosaver_reports_a_failure_and_a_recovery(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    path.mkdir()  # a folder where the file should be: every write fails
    outcomes: list[Outcome] = []
    saver = Autosaver(path, outcomes.append)
    saver.submit(lambda: "1")
    assert saver.flush(5)
    assert saver.last.problem.startswith(f"Could not save to {path}: ")
    path.rmdir()
    saver.submit(lambda: "2")
    assert saver.close()
    assert [bool(o.problem) for o in outcomes] == [True, False]
    assert path.read_text() == "2"


def test_a_snapshot_that_fails_is_reported_and_the_writer_goes_on(tmp_path: Path) -> None:
    saver = Autosaver(tmp_path / "autosave.json")

    def broken() -> str:
        raise ValueError("no record")

    saver.submit(broken)
    assert saver.flush(5) and "ValueError: no record" in saver.last.problem
    saver.submit(lambda: "ok")
    assert saver.close() and (tmp_path / "autosave.json").read_text() == "ok"
