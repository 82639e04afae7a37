"""Never lose a game: every path that replaces the game in memory keeps the old one first, a
game that is not on disk is never dropped without a word, and saves that no longer replay as
they were saved are reported."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_app_support import SIZE, autosaved, make_app, on_top, seeded_session, showing, wait_until
from textual.pilot import Pilot
from textual.widgets import Input

from bigfive_tui import __version__
from bigfive_tui.app.files import saves
from bigfive_tui.app.files import settings as app_settings
from bigfive_tui.app.main import BigFiveApp
from bigfive_tui.app.messages import GameChanged
from bigfive_tui.app.screens.dialogs import (
    ChoiceDialog,
    ConfirmDialog,
    HandOverScreen,
    LoadDialog,
    SaveDialog,
)
from bigfive_tui.app.screens.new_game import NewGameScreen
from bigfive_tui.app.setups.big_five import GameSetup
from bigfive_tui.engine.session import Session
from bigfive_tui.engine.state import fingerprint

HUGE_INTEGER = "9" * 5000


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(folder))
    monkeypatch.delenv("BIGFIVE_AUTOSAVE", raising=False)
    return folder


def played(seed: int, actions: int = 3) -> Session:
    """A game of seed ``seed`` with ``actions`` actions played (the first legal each time)."""
    session = seeded_session(seed)
    session.play_text("draw")
    while len(session.actions) < actions:
        session.play(session.legal_actions()[0])
    return session


def notices(app: BigFiveApp) -> list[str]:
    return [notice.message for notice in app._notifications]


def unfinished() -> list[Path]:
    return sorted(saves.saves_dir().glob("unfinished-*.json"))


# ---------------------------------------------------------------------------- keeping the old


async def test_loading_a_named_save_with_ctrl_o_keeps_the_unfinished_game(data_dir: Path) -> None:
    other = saves.save_named("other", played(8), frozenset())
    app = make_app(played(7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first = app.session
        assert first is not None
        await pilot.press("ctrl+o")
        await wait_until(pilot, lambda: showing(app, LoadDialog))
        await pilot.press("down", "enter")  # the autosave comes first, then the named save
        await wait_until(pilot, lambda: app.session is not first)
        autosaved(app)
        (kept,) = unfinished()
        assert saves.read_save(kept).session.state == first.state
        assert app.session is not None and app.session.state == saves.read_save(other).session.state
        assert any(f"kept as {kept.name}" in text for text in notices(app))


async def test_loading_the_autosave_of_the_game_in_play_files_nothing_away(data_dir: Path) -> None:
    app = make_app(played(7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        autosaved(app)
        assert app.in_play.open_save(saves.autosave_path())
        await pilot.pause()
        autosaved(app)
        assert unfinished() == []


async def test_starting_with_another_game_keeps_the_autosaved_one(data_dir: Path) -> None:
    """``bigfive play --load OTHER`` while autosave.json holds an unfinished game."""
    waiting = played(7)
    saves.write_save(saves.autosave_path(), waiting, frozenset())
    app = make_app(played(8))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        autosaved(app)
        (kept,) = unfinished()
        assert saves.read_save(kept).session.state == waiting.state
        assert saves.read_save(saves.autosave_path()).session.game.seed == 8


async def test_two_unfinished_games_kept_in_one_second_have_names_of_their_own(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(saves, "_stamp", lambda: "2026-01-01-120000")
    app = make_app(played(7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for seed in (8, 9):
            app.in_play.start(GameSetup(seed=seed))
            await pilot.pause()
            await pilot.press("enter")  # draw, so the game has begun
            await pilot.pause()
        autosaved(app)
    assert [p.name for p in unfinished()] == [
        "unfinished-2026-01-01-120000-2.json",
        "unfinished-2026-01-01-120000.json",
    ]
    assert {saves.read_save(p).session.game.seed for p in unfinished()} == {7, 8}


# ---------------------------------------------------------------------------- autosave failing


async def break_autosave(pilot: Pilot[None], app: BigFiveApp) -> None:
    """Make every write of the autosave fail from now on (a folder in its place), then play an
    action so that one fails."""
    autosaved(app)
    saves.autosave_path().unlink()
    saves.autosave_path().mkdir()
    await pilot.press("enter")  # the hand-over: draw the card
    await wait_until(pilot, lambda: bool(app.keeper.problem))


async def test_quitting_while_autosave_fails_warns_and_offers_to_save_elsewhere(
    data_dir: Path, tmp_path: Path
) -> None:
    app = make_app(seeded_session(7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await break_autosave(pilot, app)
        assert any(text.startswith("Could not save to ") for text in notices(app))
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: showing(app, ChoiceDialog))
        dialog = on_top(app, ChoiceDialog)
        assert dialog.title_text == "The game in play is not saved"
        assert dialog.prompt.startswith(f"Could not save to {saves.autosave_path()}")
        assert dialog.options[1] == "Quit anyway: this game is lost"
        await pilot.press("1")  # save it under a name or path first
        await wait_until(pilot, lambda: showing(app, SaveDialog))
        elsewhere = tmp_path / "elsewhere.json"
        app.screen.query_one(Input).value = str(elsewhere)
        await pilot.press("enter")
        await wait_until(pilot, lambda: not app.is_running)
    assert saves.read_save(elsewhere).session.texts == ["draw"]


@pytest.mark.parametrize(("choice", "quits"), [("2", True), ("3", False), ("escape", False)])
async def test_quitting_while_autosave_fails_can_go_back_or_quit_anyway(
    data_dir: Path, choice: str, quits: bool
) -> None:
    app = make_app(seeded_session(7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await break_autosave(pilot, app)
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: showing(app, ChoiceDialog))
        await pilot.press(choice)
        await pilot.pause()
        assert app.is_running is not quits


async def test_autosave_working_again_is_said_and_quitting_asks_no_more(data_dir: Path) -> None:
    app = make_app(seeded_session(7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await break_autosave(pilot, app)
        saves.autosave_path().rmdir()
        await pilot.press("escape")  # close the card
        app.post_message(GameChanged())  # the next autosave
        await wait_until(pilot, lambda: not app.keeper.problem)
        assert "Autosave works again: the game is saved." in notices(app)
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: not app.is_running)


async def test_a_new_game_while_autosave_fails_asks_before_the_old_one_goes(data_dir: Path) -> None:
    app = make_app(seeded_session(7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await break_autosave(pilot, app)
        first = app.session
        app.in_play.start(GameSetup(seed=9))
        await wait_until(pilot, lambda: showing(app, ChoiceDialog))
        assert (
            on_top(app, ChoiceDialog).options[1] == "Start the new safari anyway: this game is lost"
        )
        await pilot.press("3")  # back to the game
        await pilot.pause()
        assert app.session is first


# ---------------------------------------------------------------------------- two processes


@pytest.fixture
def other_process(data_dir: Path) -> Iterator[subprocess.Popen[str]]:
    """Another bigfive process holding the lock on the data folder's autosave."""
    lock = data_dir / "autosave.lock"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path; from bigfive_tui.files.lock import FileLock; "
            f"assert FileLock(Path({str(lock)!r})).acquire() is None; print('held', flush=True); "
            "sys.stdin.read()",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    yield holder
    holder.communicate("")


async def test_a_second_process_on_the_same_data_folder_says_so_and_writes_nothing(
    data_dir: Path, other_process: subprocess.Popen[str]
) -> None:
    theirs = played(7)
    saves.write_save(saves.autosave_path(), theirs, frozenset())
    before = saves.autosave_path().read_bytes()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        notice = str(screen.query_one("#notice").render()).replace("\n", " ")
        assert f"Another bigfive (process {other_process.pid}) is playing from" in notice
        assert not screen.query("#continue")  # its game is the other process's to continue
        await pilot.press("enter")  # a new safari
        await wait_until(pilot, lambda: showing(app, HandOverScreen))
        await pilot.press("enter")  # draw
        await pilot.pause()
        assert saves.autosave_path().read_bytes() == before  # the other game is untouched
        assert unfinished() == []
        await pilot.press("ctrl+q")  # this game is not on disk: quitting asks
        await wait_until(pilot, lambda: showing(app, ChoiceDialog))
        assert "Another bigfive" in on_top(app, ChoiceDialog).prompt


async def test_a_process_with_an_autosave_file_of_its_own_never_collides(
    data_dir: Path, other_process: subprocess.Popen[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    own = data_dir / "tabs" / "tab-1.json"
    monkeypatch.setenv("BIGFIVE_AUTOSAVE", str(own))
    app = make_app(seeded_session(7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        autosaved(app)
        assert app.autosave_file is not None and not app.autosave_file.blocked
        assert saves.read_save(own).session.texts == ["draw"]
        assert (own.parent / "tab-1.lock").exists()
    assert not saves.has_autosave() or not (data_dir / "autosave.json").exists()


# ---------------------------------------------------------------------------- replays


def tampered(path: Path, change: Callable[[Any], object]) -> Path:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return path


def test_every_save_keeps_the_engine_version_and_a_fingerprint_of_its_position(
    data_dir: Path,
) -> None:
    session = played(7)
    data = json.loads(saves.save_named("mine", session, frozenset()).read_text())
    assert data["version"] == 2
    assert data["engine"] == {"version": __version__, "position": fingerprint(session.state)}


def test_a_save_without_the_stamp_still_loads(data_dir: Path) -> None:
    path = tampered(
        saves.save_named("old", played(7), frozenset()),
        lambda data: (data.pop("engine"), data.update(version=1)),
    )
    loaded = saves.read_save(path)
    assert not loaded.doubt and len(loaded.session.texts) == 3


def test_a_replay_that_ends_elsewhere_is_reported(data_dir: Path) -> None:
    def elsewhere(data: dict) -> None:  # type: ignore[type-arg]
        data["engine"] = {"version": "0.0.9", "position": "0" * 16}

    path = tampered(saves.save_named("moved", played(7), frozenset()), elsewhere)
    loaded = saves.read_save(path)
    assert loaded.doubt == (
        "moved.json replays to another position than it was saved at (saved by bigfive 0.0.9, "
        f"this is {__version__}): the rules may have changed since. Go on from the position it "
        "replays to?"
    )


def test_a_save_whose_last_actions_no_longer_replay_keeps_the_actions_before(
    data_dir: Path,
) -> None:
    session = played(7, actions=4)
    path = tampered(
        saves.save_named("edited", session, frozenset()),
        lambda data: data["record"]["actions"].extend(["move nowhere", "end"]),
    )
    loaded = saves.read_save(path)
    assert loaded.dropped == 2 and loaded.session.texts == session.texts
    assert loaded.doubt.startswith(
        "The last 2 actions of edited.json no longer replay (actions[4] 'move nowhere': "
    )
    assert loaded.doubt.endswith("Go on from action 4, the last that replays, without them?")


async def test_loading_a_save_that_replays_elsewhere_asks_first(data_dir: Path) -> None:
    path = tampered(
        saves.save_named("moved", played(7), frozenset()),
        lambda data: data.update(engine={"version": "0.0.9", "position": "0" * 16}),
    )
    app = make_app(played(8))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first = app.session
        assert app.in_play.open_save(path)
        await wait_until(pilot, lambda: showing(app, ConfirmDialog))
        assert on_top(app, ConfirmDialog).question.startswith(
            "moved.json replays to another position"
        )
        await pilot.press("escape")  # do not load it
        await pilot.pause()
        assert app.session is first
        assert app.in_play.open_save(path)
        await wait_until(pilot, lambda: showing(app, ConfirmDialog))
        await pilot.press("enter")  # go on from where it replays to
        await wait_until(pilot, lambda: app.session is not first)


async def test_continuing_an_autosave_whose_tail_no_longer_replays_keeps_the_original(
    data_dir: Path,
) -> None:
    session = played(7, actions=4)
    saves.write_save(saves.autosave_path(), session, frozenset())
    original = tampered(
        saves.autosave_path(), lambda data: data["record"]["actions"].append("move nowhere")
    ).read_text()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # continue the saved game
        await wait_until(pilot, lambda: showing(app, ConfirmDialog))
        assert on_top(app, ConfirmDialog).question.startswith(
            "The last action of autosave.json no longer replays (actions[4] 'move nowhere': "
            "there is no space called 'nowhere' on this board). Go on from action 4"
        )
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.session is not None)
        assert app.session is not None and app.session.texts == session.texts
        autosaved(app)
        (kept,) = saves.data_dir().glob("autosave.damaged-*.json")
        assert kept.read_text() == original
        assert saves.read_save(saves.autosave_path()).session.texts == session.texts
        assert any("without its last 1 action" in text for text in notices(app))


# ---------------------------------------------------------------------------- damaged files


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "bigfive-save", "version": ' + HUGE_INTEGER + "}",
        "[" * 100_000 + "]" * 100_000,
    ],
    ids=["a 5000-digit integer", "nested 100,000 deep"],
)
async def test_a_hostile_autosave_never_stops_the_game_from_starting(
    data_dir: Path, text: str
) -> None:
    data_dir.mkdir()
    saves.autosave_path().write_text(text)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        notice = "".join(str(app.screen.query_one("#notice").render()).split())
        (kept,) = data_dir.glob("autosave.damaged-*.json")
        assert f"itwaskeptas{kept}andanewgameisofferedinstead." in notice
        assert "nowhere" not in notice
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.session is not None)


async def test_two_damaged_autosaves_are_both_kept(data_dir: Path) -> None:
    data_dir.mkdir()
    for text in ("{", "[1,"):
        saves.autosave_path().write_text(text)
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
    kept = sorted(data_dir.glob("autosave.damaged-*.json"))
    assert sorted(p.read_text() for p in kept) == ["[1,", "{"]


async def test_a_damaged_autosave_that_cannot_be_moved_says_where_it_stayed(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data_dir.mkdir()
    saves.autosave_path().write_text("{")

    def refuse(*args: object) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(saves, "move_to_unique", refuse)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        notice = " ".join(str(app.screen.query_one("#notice").render()).split())
        assert "could not be moved aside (Permission denied); it stays where it is" in notice
        assert "nowhere" not in notice


async def test_a_hostile_settings_file_never_stops_a_safari_from_starting(data_dir: Path) -> None:
    data_dir.mkdir()
    (data_dir / app_settings.SETTINGS_NAME).write_text('{"setup": ' + "[" * 100_000)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # start the safari: the setup is remembered
        await wait_until(pilot, lambda: app.session is not None)
    assert app_settings.remembered_setup() == GameSetup()


# ---------------------------------------------------------------------------- where settings go


def test_settings_live_in_the_config_folder_unless_a_data_folder_is_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("BIGFIVE_DATA_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    assert app_settings.settings_path() == tmp_path / "config" / "bigfive" / "settings.json"
    assert saves.data_dir() == tmp_path / "share" / "bigfive"
    older = tmp_path / "share" / "bigfive" / "settings.json"
    older.parent.mkdir(parents=True)
    older.write_text('{"theme": "savanna-light"}')
    assert app_settings.remembered_theme() == "savanna-light"  # an earlier version's file
    app_settings.remember_setup(GameSetup())
    assert app_settings.remembered_theme() == "savanna-light"  # carried over on the first write
    assert json.loads(app_settings.settings_path().read_text())["theme"] == "savanna-light"
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path / "one-place"))
    assert app_settings.settings_path() == tmp_path / "one-place" / "settings.json"


async def test_play_load_of_the_autosave_continues_it_and_files_nothing_away(
    data_dir: Path,
) -> None:
    saves.write_save(saves.autosave_path(), played(7), frozenset())
    app = make_app(pending=saves.read_save(saves.autosave_path()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.session is not None and app.session.game.seed == 7
        autosaved(app)
        assert unfinished() == []


async def test_play_load_of_a_save_that_no_longer_replays_asks_over_the_new_game_screen(
    data_dir: Path,
) -> None:
    session = played(7, actions=4)
    path = tampered(
        saves.save_named("edited", session, frozenset()),
        lambda data: data["record"]["actions"].append("move nowhere"),
    )
    app = make_app(pending=saves.read_save(path))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: showing(app, ConfirmDialog))
        await pilot.press("escape")  # no: the new-game screen stays
        await wait_until(pilot, lambda: showing(app, NewGameScreen))
        assert app.session is None


async def test_an_autosave_folder_that_cannot_be_made_turns_autosave_off_and_says_so(
    data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As with a read-only data folder: nothing can be written, and the player knows."""
    (tmp_path / "a-file").write_text("")
    monkeypatch.setenv("BIGFIVE_AUTOSAVE", str(tmp_path / "a-file" / "autosave.json"))
    app = make_app(seeded_session(7))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        told = [text for text in notices(app) if text.startswith("Autosave is off")]
        assert told == [
            f"Autosave is off: {tmp_path / 'a-file'} is not a folder. Ctrl+S saves the game "
            "under a name or path."
        ]
        await pilot.press("enter")  # draw: the game has begun and is not on disk
        await pilot.pause()
        app.action_new_game()
        await pilot.pause()
        await pilot.press("escape")  # back to the game: the notice is not given twice
        await pilot.pause()
        assert len([t for t in notices(app) if t.startswith("Autosave is off")]) == 1
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: showing(app, ChoiceDialog))
        assert on_top(app, ChoiceDialog).prompt == told[0]


async def test_an_unfinished_game_the_saves_folder_refuses_is_kept_beside_the_autosave(
    data_dir: Path,
) -> None:
    saves.write_save(saves.autosave_path(), played(7), frozenset())
    saves.saves_dir().parent.mkdir(parents=True, exist_ok=True)
    saves.saves_dir().write_text("a file where the folder should be")
    app = make_app(played(8))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        autosaved(app)
        (kept,) = data_dir.glob("unfinished-*.json")
        assert saves.read_save(kept).session.game.seed == 7
        assert any(f"kept as {kept};" in text for text in notices(app))
