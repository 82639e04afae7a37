"""Text from files and players is never markup and never reaches the terminal as control codes:
a ``[/x]`` in a file name, a layout name, a title or an action is printed as written, and ESC
is dropped."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_app_support import SIZE, make_app, seeded_session

from bigfive_tui.app.files import saves
from bigfive_tui.assets import boards_dir
from bigfive_tui.cli import main
from bigfive_tui.safe_text import printable

MARKUP = "[/x] [bold]^[a-z]$"
#: As much of it as a file name can hold (no slash).
NAME = "[bold]^[a-z]$"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data [/x]"
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(folder))
    return folder


def test_printable_drops_terminal_control_characters_and_keeps_lines() -> None:
    assert printable("a\x1b[2Jb\x1b]0;owned\x07c\x9bd\r\x00e\tf\ng") == "a[2Jb]0;ownedcde\tf\ng"


def hostile_layout(tmp_path: Path) -> Path:
    classic = (boards_dir() / "layouts" / "classic.toml").read_text(encoding="utf-8")
    lines = [line for line in classic.splitlines() if not line.startswith("name")]
    path = tmp_path / f"{NAME}.toml"
    path.write_text(f'name = "{MARKUP} \\u001b]0;owned\\u0007"\n' + "\n".join(lines))
    return path


def test_a_layout_name_is_printed_as_written_without_escape_codes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["board", "--layout", str(hostile_layout(tmp_path))]) in (0, 1)
    out, err = capsys.readouterr()
    assert "\x1b]0;owned" not in out + err
    assert f"{MARKUP} ]0;owned" in out or "board is" in err  # drawn, or too narrow to draw


@pytest.mark.parametrize("command", ["board", "simulate"])
def test_a_missing_layout_named_like_markup_is_reported_as_written(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [command, "--layout", f"{MARKUP}\x1b[2J"] + ["--games", "1"] * (command == "simulate")
    assert main(argv) == 2
    err = capsys.readouterr().err
    flag = "--layout: " * (command == "simulate")
    assert f"error: {flag}{MARKUP}[2J: no such layout file" in err and "\x1b[2J" not in err


def flat(text: str) -> str:
    """``text`` without its line breaks and spaces (Rich wraps to the terminal's width)."""
    return "".join(text.split())


def test_a_scenario_title_and_expectation_are_printed_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"{NAME}.toml"
    path.write_text(
        f'title = "{MARKUP} \\u001b[2J"\nguides = ["jack", "kate"]\n'
        '[turn]\nphase = "actions"\n'
        f'[play]\nactions = [{{ act = "spot ★5", refused = "{MARKUP}" }}]\n',
        encoding="utf-8",
    )
    assert main(["scenario", "run", str(path)]) == 1  # the refusal has other words
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert flat(f"{NAME}.toml — {MARKUP} [2J") in flat(out)
    assert flat(f"does not contain '{MARKUP}'") in flat(out)


def test_a_scenario_file_that_cannot_be_used_is_reported_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"{NAME}.toml"
    path.write_text(f'guides = ["jack", "kate"]\n[play]\nactions = ["{MARKUP}"]\n')
    assert main(["scenario", "run", str(path)]) == 2
    err = flat(capsys.readouterr().err)
    assert flat(f"invalid scenario: {path}: play.actions[0] (action 1): '{MARKUP}'") in err


async def test_notices_in_the_app_show_file_names_as_written(data_dir: Path) -> None:
    bad = data_dir / f"{NAME}\x1b[2J.json"
    data_dir.mkdir(parents=True)
    bad.write_text("not json")
    app = make_app(seeded_session(3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.in_play.open_save(bad)
        await pilot.pause()
        app.notify(f"plain text from a player: {MARKUP}")  # markup by default: shown as is
        await pilot.pause()
        messages = [notice.message for notice in app._notifications]
        assert any(message.startswith(f"{NAME}[2J.json is not valid JSON") for message in messages)
        assert any(message.endswith(MARKUP) for message in messages)
        assert not any("\x1b" in message for message in messages)
        assert app.is_running  # nothing crashed


async def test_a_damaged_autosave_in_a_folder_named_like_markup_gives_its_notice(
    data_dir: Path,
) -> None:
    data_dir.mkdir(parents=True)
    saves.autosave_path().write_text(f'{{"format": "{MARKUP}"}}')
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        notice = str(app.screen.query_one("#notice").render())
        assert "The autosaved game could not be read" in notice
        assert str(data_dir) in notice.replace("\n", "")
        await pilot.press("ctrl+o")  # the load dialog names the folder too
        await pilot.pause()
        assert app.is_running
