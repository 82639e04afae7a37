"""Saving never replaces without asking, and never touches anything but a regular file.

With real files, FIFOs, a socket, folders, ``/dev/null`` and ``/dev/full`` (these tests run as
root here, where renaming over a device would succeed: the game must not try). Ctrl+S onto a
save that exists asks (Enter keeps it); suggested names are ones no file has; a browser tab
saves and loads by name only, inside the data folder.
"""

from __future__ import annotations

import os
import socket
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_app_support import SIZE, make_app, seeded_session, showing, wait_until

from bigfive_tui.app.files import positions, saves
from bigfive_tui.app.files.autosave import AutosaveFile
from bigfive_tui.app.files.names import NameRefused, free_name, place
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.screens.dialogs import LoadDialog, LosingConfirmDialog, SaveDialog
from bigfive_tui.files.autosaver import Autosaver
from bigfive_tui.files.lock import FileLock, LockFailed
from bigfive_tui.files.writing import (
    NotAFile,
    move_to_unique,
    remove_file,
    remove_stale_temporaries,
    write_atomically,
)

DEVICES = [Path("/dev/null"), Path("/dev/full")]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(folder))
    monkeypatch.delenv("BIGFIVE_AUTOSAVE", raising=False)
    return folder


def identity(path: Path) -> tuple[int, int, int, int]:
    """What a special file is: its kind and mode, device and inode (all must stay)."""
    found = os.lstat(path)
    return found.st_mode, found.st_rdev, found.st_dev, found.st_ino


@pytest.fixture
def specials(tmp_path: Path) -> Iterator[dict[str, Path]]:
    """A FIFO, a listening socket, a folder, and the two devices."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    socket_path = tmp_path / "socket.json"
    listening = socket.socket(socket.AF_UNIX)
    listening.bind(str(socket_path))
    yield {
        "FIFO": fifo,
        "socket": socket_path,
        "folder": folder,
        "/dev/null": DEVICES[0],
        "/dev/full": DEVICES[1],
    }
    listening.close()


KINDS = ["FIFO", "socket", "folder", "/dev/null", "/dev/full"]


def test_running_as_root_here_so_the_root_case_is_tried() -> None:
    """Root may rename over a device; these tests are meant to show the game does not."""
    if os.geteuid() != 0:
        pytest.skip("not root: the root case of the tests below is not tried on this machine")


# ------------------------------------------------------------------ the writing layer


@pytest.mark.parametrize("kind", KINDS)
def test_nothing_but_a_regular_file_is_ever_written(kind: str, specials: dict[str, Path]) -> None:
    path = specials[kind]
    before = identity(path)
    for replace in (True, False):
        with pytest.raises(NotAFile) as refused:
            write_atomically(path, "a save", replace=replace)
        assert f"{path} is " in str(refused.value.strerror)
        assert "not a regular file, and is left as it is" in str(refused.value.strerror)
    assert identity(path) == before
    assert not list(path.parent.glob(".save-*"))  # no temporary file left beside it


@pytest.mark.parametrize("kind", KINDS)
def test_nothing_but_a_regular_file_is_ever_moved_or_removed(
    kind: str, specials: dict[str, Path], tmp_path: Path
) -> None:
    path = specials[kind]
    before = identity(path)
    with pytest.raises(NotAFile):
        move_to_unique(path, tmp_path / "elsewhere", "moved", ".json")
    if kind != "folder":
        with pytest.raises(NotAFile):
            remove_file(path)
    assert identity(path) == before
    assert not (tmp_path / "elsewhere" / "moved.json").exists()


def test_a_link_is_followed_to_the_file_it_names_and_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_atomically(link, "new")
    assert link.is_symlink() and real.read_text() == "new"
    to_device = tmp_path / "null.json"
    to_device.symlink_to("/dev/null")
    with pytest.raises(NotAFile):
        write_atomically(to_device, "x")
    assert to_device.is_symlink() and stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_write_that_must_not_replace_leaves_a_file_there_alone(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text("mine")
    with pytest.raises(FileExistsError):
        write_atomically(path, "theirs", replace=False)
    assert path.read_text() == "mine"
    assert not list(tmp_path.glob(".save-*"))
    fresh = tmp_path / "fresh.json"
    write_atomically(fresh, "new", replace=False)
    assert fresh.read_text() == "new"


def test_the_autosave_writer_never_removes_a_fifo_in_its_place(specials: dict[str, Path]) -> None:
    fifo = specials["FIFO"]
    writer = Autosaver(fifo)
    try:
        writer.submit(None)  # a finished game removes its autosave file...
        assert writer.flush(timeout=10)
        assert "not a regular file" in writer.last.problem  # ...but not a FIFO
        writer.submit(lambda: "a save")
        assert writer.flush(timeout=10)
        assert "not a regular file" in writer.last.problem
    finally:
        writer.close()
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.parametrize("kind", ["FIFO", "/dev/null", "/dev/full"])
def test_a_lock_file_that_is_no_regular_file_is_never_written(
    kind: str, specials: dict[str, Path]
) -> None:
    path = specials[kind]
    before = identity(path)
    refused = FileLock(path).acquire()
    assert isinstance(refused, LockFailed) and "not a regular file" in refused.problem
    assert identity(path) == before


def test_stale_writes_are_cleared_but_a_fifo_of_that_name_is_not(tmp_path: Path) -> None:
    fifo = tmp_path / ".save-999999999-x.tmp"  # a process id that does not run
    os.mkfifo(fifo)
    stale = tmp_path / ".save-999999998-y.tmp"
    stale.write_text("half")
    assert remove_stale_temporaries(tmp_path) == [stale]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


# ------------------------------------------------------------------ names


@pytest.mark.parametrize(
    "typed",
    [
        "../outside",
        "../../etc/passwd",
        "/etc/passwd",
        "/tmp/x.json",
        "a/b",
        "a\\b",
        "~",
        "~/games",
        "..",
        "saves/../x",
        "x\x00y",
    ],
)
def test_a_browser_tab_takes_names_never_paths(typed: str, tmp_path: Path) -> None:
    with pytest.raises(NameRefused, match="by name only"):
        place(typed, tmp_path, ".json", names_only=True)


def test_a_name_goes_into_its_folder(tmp_path: Path) -> None:
    assert place("jack-turn1", tmp_path, ".json", names_only=True) == tmp_path / "jack-turn1.json"
    assert place("ours.json", tmp_path, ".json", names_only=True) == tmp_path / "ours.json"
    assert place("our game!", tmp_path, ".json", names_only=True) == tmp_path / "our-game.json"
    with pytest.raises(NameRefused):
        place("  ", tmp_path, ".json", names_only=True)


def test_in_a_terminal_a_path_is_a_path(tmp_path: Path) -> None:
    assert place("/tmp/x.toml", tmp_path, ".toml", names_only=False) == Path("/tmp/x.toml")
    assert place("my moment", tmp_path, ".toml", names_only=False) == tmp_path / "my-moment.toml"
    assert place("~/x.json", tmp_path, ".json", names_only=False) == Path.home() / "x.json"
    assert positions.scenarios_dir() == saves.data_dir() / "scenarios"


def test_a_suggested_name_is_one_no_file_has(tmp_path: Path) -> None:
    assert free_name("jack-turn1", tmp_path, ".json") == "jack-turn1"
    (tmp_path / "jack-turn1.json").write_text("{}")
    assert free_name("jack-turn1", tmp_path, ".json") == "jack-turn1-2"
    os.mkfifo(tmp_path / "jack-turn1-2.json")  # not a save, but the name is taken
    assert free_name("jack-turn1", tmp_path, ".json") == "jack-turn1-3"


def test_saving_under_a_name_taken_is_refused_unless_agreed() -> None:
    first = saves.save_named("ours", seeded_session(1), frozenset())
    text = first.read_text()
    with pytest.raises(saves.SaveError, match="exists already, and it is kept as it is"):
        saves.save_named("ours", seeded_session(2), frozenset())
    assert first.read_text() == text
    saves.save_named("ours", seeded_session(2), frozenset(), replace=True)
    assert first.read_text() != text


def test_an_export_to_a_device_never_replaces_the_device() -> None:
    session = seeded_session(5)
    session.play_text("draw")
    for device in DEVICES:
        before = identity(device)
        for replace in (True, False):
            with pytest.raises(positions.PositionError, match="is a device, not a regular file"):
                positions.export(session, len(session.entries), device, replace=replace)
        assert identity(device) == before


# ------------------------------------------------------------------ in the app


async def open_save_dialog(pilot, app: BigFiveApp) -> SaveDialog:  # type: ignore[no-untyped-def]
    await pilot.press("ctrl+s")
    await wait_until(pilot, lambda: showing(app, SaveDialog))
    dialog = app.screen
    assert isinstance(dialog, SaveDialog)
    return dialog


def error_shown(dialog: SaveDialog | LoadDialog, widget: str = "#save-error") -> str:
    return str(dialog.query_one(widget).render())


async def test_ctrl_s_onto_a_save_that_exists_asks_and_enter_keeps_it() -> None:
    session = seeded_session(3)
    session.play_text("draw")
    kept = saves.saves_dir() / "mine.json"
    kept.parent.mkdir(parents=True)
    kept.write_text("the other game")
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = await open_save_dialog(pilot, app)
        await pilot.press(*"mine", "enter")
        await wait_until(pilot, lambda: showing(app, LosingConfirmDialog))
        question = app.screen
        assert isinstance(question, LosingConfirmDialog)
        assert "mine.json exists already. Replace it?" in question.question
        await pilot.press("enter")  # the default keeps it
        await wait_until(pilot, lambda: app.screen is dialog)
        assert "mine.json is kept: choose another name" in error_shown(dialog)
        assert kept.read_text() == "the other game"
        await pilot.press("enter")  # asked again: y replaces
        await wait_until(pilot, lambda: showing(app, LosingConfirmDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: kept.read_text() != "the other game")
        assert saves.read_save(kept).session.state == session.state


async def test_two_games_saved_at_turn_one_get_two_names() -> None:
    """Each Ctrl+S suggests a name no save has: jack-turn1, then jack-turn1-2."""
    for seed, expected in ((3, "jack-turn1"), (4, "jack-turn1-2")):
        session = seeded_session(seed)
        session.play_text("draw")
        app = make_app(session)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            dialog = await open_save_dialog(pilot, app)
            assert dialog.suggestion == expected
            await pilot.press("enter")
            written = saves.saves_dir() / f"{expected}.json"
            await wait_until(pilot, written.is_file)
    assert len(list(saves.saves_dir().glob("jack-turn1*.json"))) == 2


async def test_a_device_or_a_fifo_is_refused_in_the_save_dialog(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    session = seeded_session(3)
    session.play_text("draw")
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = await open_save_dialog(pilot, app)
        for target, kind in ((fifo, "a FIFO"), (Path("/dev/full"), "a device")):
            before = identity(target)
            dialog.query_one("#name").value = str(target)  # type: ignore[attr-defined]
            await pilot.press("enter")
            await wait_until(pilot, lambda: kind in error_shown(dialog))  # noqa: B023
            assert app.screen is dialog and identity(target) == before


@pytest.fixture
def browser_tab(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app as a tab of ``bigfive serve`` sees itself (Textual's web driver says is_web)."""
    monkeypatch.setattr(BigFiveApp, "is_web", property(lambda self: True))


@pytest.mark.usefixtures("browser_tab")
async def test_a_browser_tab_saves_by_name_only(tmp_path: Path) -> None:
    outside = tmp_path / "outside.json"
    session = seeded_session(3)
    session.play_text("draw")
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        dialog = await open_save_dialog(pilot, app)
        assert ", or a path" not in str(dialog.query(".muted").first().render())
        for typed in (str(outside), "../outside", "../../outside.json", "~/outside"):
            dialog.query_one("#name").value = typed  # type: ignore[attr-defined]
            await pilot.press("enter")
            await wait_until(pilot, lambda: "by name only" in error_shown(dialog))
            assert app.screen is dialog
            dialog.query_one("#save-error").update("")  # type: ignore[attr-defined]
        assert not outside.exists() and not list(tmp_path.rglob("outside*"))
        dialog.query_one("#name").value = "in-the-folder"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await wait_until(pilot, lambda: (saves.saves_dir() / "in-the-folder.json").is_file())


@pytest.mark.usefixtures("browser_tab")
async def test_a_browser_tab_loads_by_name_only(tmp_path: Path) -> None:
    elsewhere = saves.write_save(tmp_path / "elsewhere.json", seeded_session(9), frozenset())
    saves.save_named("ours", seeded_session(8), frozenset())
    session = seeded_session(3)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await wait_until(pilot, lambda: showing(app, LoadDialog))
        screen = app.screen
        assert isinstance(screen, LoadDialog)
        dialog: LoadDialog = screen
        field = dialog.query_one("#path")
        for typed in (str(elsewhere), "../elsewhere", "/etc/passwd"):
            field.value = typed  # type: ignore[attr-defined]
            field.focus()
            await pilot.press("enter")
            await wait_until(pilot, lambda: "by name only" in error_shown(dialog, "#load-error"))
            assert app.screen is dialog and app.session is session
        field.value = "nothing-here"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await wait_until(pilot, lambda: "No save named" in error_shown(dialog, "#load-error"))
        field.value = "ours"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.session is not session)


@pytest.mark.parametrize("kind", ["FIFO", "/dev/null", "/dev/full"])
async def test_an_autosave_that_is_no_regular_file_is_left_alone_and_the_game_says_so(
    kind: str, specials: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`bigfive play --autosave /dev/null`: the game plays without autosave (the file is
    never read, moved aside as damaged, written or locked), and says so."""
    path = specials[kind]
    before = identity(path)
    monkeypatch.setenv("BIGFIVE_AUTOSAVE", str(path))
    app = make_app(seeded_session(6))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # draw: a move to autosave
        await pilot.pause()
        told = [notice.message for notice in app._notifications]
        assert any(
            text.startswith(f"Autosave is off: {path} is ")
            and "not a regular file, and is left as it is" in text
            and "The game plays without autosave" in text
            for text in told
        ), told
        assert app.keeper.at_risk()  # quitting asks first: the game is on no disk
    assert identity(path) == before
    assert not Path(f"{path}.lock").exists() and not path.with_suffix(".lock").exists()
    assert not list(saves.data_dir().rglob("*.damaged-*"))


def test_an_autosave_file_refuses_a_device_before_taking_a_lock_beside_it() -> None:
    autosave = AutosaveFile(Path("/dev/null"), lambda outcome: None)
    blocked = autosave.claim()
    assert blocked.startswith("Autosave is off: /dev/null is a device, not a regular file")
    assert not autosave.active and not Path("/dev/null.lock").exists()
    autosave.close()


@pytest.mark.usefixtures("browser_tab")
async def test_a_browser_tab_reads_a_layout_file_by_name_from_the_data_folder() -> None:
    from textual.widgets import Input

    from bigfive_tui.app.components.cycle_field import CycleField
    from bigfive_tui.assets import boards_dir

    mine = saves.data_dir() / "layouts" / "mine.toml"
    mine.parent.mkdir(parents=True)
    mine.write_bytes((boards_dir() / "layouts" / "classic.toml").read_bytes())
    app = make_app(seed=9)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#board-source", CycleField).set_value("file", announce=True)
        field = screen.query_one("#layout-file", Input)
        assert "NAME.toml in" in str(field.placeholder)
        for typed in ("/etc/passwd", "../../etc/passwd", str(mine)):
            field.value = typed
            await pilot.pause()
            screen.query_one("#seat-0", CycleField).focus()
            await pilot.press("enter")
            await pilot.pause()
            assert "by name only" in str(screen.query_one("#error").render())
            assert app.session is None
        field.value = "mine"
        await pilot.pause()
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.session is not None)


@pytest.mark.usefixtures("browser_tab")
async def test_a_browser_tab_reads_a_photo_safari_set_up_by_name_from_the_data_folder() -> None:
    from bigfive_tui.app.components.cycle_field import CycleField
    from bigfive_tui.app.setups.games import PHOTO_SAFARI
    from bigfive_tui.assets import photo_safari_setups_dir

    mine = saves.data_dir() / "setups" / "mine.toml"
    mine.parent.mkdir(parents=True)
    mine.write_bytes((photo_safari_setups_dir() / "typical.toml").read_bytes())
    app = make_app(seed=9, game=PHOTO_SAFARI)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#setup", CycleField).set_value("file", announce=True)
        await pilot.pause()
        field = screen.query_one("#photo-setup-file")
        # Enter in the field starts the game (a click on the button within its pressed look,
        # 0.2 s, is dropped by Textual's Button, which a quiet machine reaches here); the error
        # line is cleared before each try, so each refusal is its own.
        field.focus()
        for typed in ("/etc/passwd", "../setups/mine", str(mine)):
            field.value = typed  # type: ignore[attr-defined]
            screen._say_error("")  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert "by name only" in str(screen.query_one("#error").render())
            assert app.session is None
        field.value = "mine"  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.session is not None)
