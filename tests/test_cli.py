"""The ``bigfive`` command line: the commands and their options, and what ``bigfive play``
loads before the game is on screen (start-up time, bench/app.py)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bigfive_tui.cli import COMMANDS, main

#: The largest seed a flag takes: seeds are stored as 64-bit integers (saves, the generator).
MAX_SEED = 2**63 - 1


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--help"])
    assert stopped.value.code == 0
    out = capsys.readouterr().out
    for name, summary in COMMANDS.items():
        assert name in out and summary in out


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_has_its_own_options(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([name, "--help"])
    assert stopped.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: bigfive {name}")
    assert {"play": "--load", "board": "--layout", "simulate": "--games"}.get(name, "") in out


def test_an_unknown_command_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["fly"])
    assert stopped.value.code == 2
    assert "invalid choice: 'fly'" in capsys.readouterr().err


def test_play_imports_no_other_command_and_no_screen_it_does_not_show() -> None:
    """Each of these would delay the first frame of a loaded game."""
    code = (
        "import sys; from bigfive_tui.cli import _command_parser; _command_parser('play'); "
        "import bigfive_tui.app.main; "
        "from bigfive_tui.cli import COMMANDS; "
        "print(*sorted(m for m in sys.modules if m.startswith('bigfive_tui.app.screens.') "
        "or m.startswith('bigfive_tui.commands.') and m.split('.')[2] in COMMANDS))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    game_screen = ("actions", "computer", "debug", "view")
    assert result.stdout.split() == [
        "bigfive_tui.app.screens.base",
        "bigfive_tui.app.screens.game",
        *[f"bigfive_tui.app.screens.game.{part}" for part in game_screen],
        "bigfive_tui.commands.play",
    ]


def test_a_loaded_game_runs_pydantic_s_own_modules_and_one_command_line_parser(
    tmp_path: Path,
) -> None:
    """No module of ours stands in for a library's (issue 26): every module loaded from our
    package's folder is named in our package, and pydantic's plugin loader is its own file.
    The command line is read by argparse alone (no second, hand-written reading)."""
    code = (
        "import sys, argparse\n"
        "from pathlib import Path\n"
        "import bigfive_tui\n"
        "from bigfive_tui.app.main import BigFiveApp\n"
        "parsed = []\n"
        "reading = argparse.ArgumentParser.parse_args\n"
        "def counted(self, *args, **kwargs):\n"
        "    parsed.append(self.prog)\n"
        "    return reading(self, *args, **kwargs)\n"
        "argparse.ArgumentParser.parse_args = counted\n"
        "BigFiveApp.run = lambda self: None\n"
        "from bigfive_tui.cli import main\n"
        "main(['play', '--load', sys.argv[1]])\n"
        "main(['--seed', '4', '--debug'])\n"
        "ours = Path(bigfive_tui.__file__).parent\n"
        "for name, module in sorted(sys.modules.items()):\n"
        "    where = getattr(module, '__file__', None)\n"
        "    if where and Path(where).is_relative_to(ours):\n"
        "        assert name.startswith('bigfive_tui'), name\n"
        "import pydantic, pydantic.plugin._loader as loader\n"
        "assert Path(loader.__file__).is_relative_to(Path(pydantic.__file__).parent)\n"
        "print(*parsed)\n"
    )
    from bigfive_tui.app.files import saves
    from bigfive_tui.app.setups.big_five import GameSetup

    save = saves.write_save(tmp_path / "game.json", GameSetup(seed=3).session(), frozenset())
    env = {**os.environ, "BIGFIVE_DATA_DIR": str(tmp_path)}
    env.pop("PYDANTIC_DISABLE_PLUGINS", None)
    result = subprocess.run(
        [sys.executable, "-c", code, str(save)], capture_output=True, text=True, env=env
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["bigfive", "play", "bigfive", "play"]


def test_play_refuses_a_damaged_save_before_anything_is_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path / "data"))
    damaged = tmp_path / "cut.json"
    damaged.write_text('{"format": "bigfive-save", "record": {"setup": ', encoding="utf-8")
    assert main(["play", "--load", str(damaged)]) == 2
    said = capsys.readouterr()
    assert "cut.json is not valid JSON: it ends too soon" in said.err and said.out == ""
    assert gc.isenabled()  # off only while loading


def test_an_unknown_theme_is_refused_with_the_list_of_themes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    assert main(["play", "--theme", "nope"]) == 2
    said = capsys.readouterr()
    assert said.out == ""  # a refusal goes where errors go, not where a script reads output
    err = said.err
    assert "unknown theme 'nope'" in err and "savanna-light" in err and "textual-light" in err


def test_join_refuses_an_unknown_theme_before_it_connects(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "bigfive_tui.cli", "join", "--theme", "nope\x1b[2J"]
    command += ["--data-dir", str(tmp_path), "http://127.0.0.1:9/t/abc?key=def"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "bigfive join: unknown theme 'nope[2J'\n"
    assert list(tmp_path.iterdir()) == []


def test_play_autosave_gives_the_process_its_own_autosave_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bigfive_tui.app.files import saves
    from bigfive_tui.app.main import BigFiveApp

    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BIGFIVE_AUTOSAVE", "")  # so that the variable play sets is undone
    monkeypatch.chdir(tmp_path)
    opened: list[Path] = []
    monkeypatch.setattr(BigFiveApp, "run", lambda self: opened.append(saves.autosave_path()))
    assert main(["play", "--autosave", "mine.json"]) == 0
    assert opened == [tmp_path / "mine.json"]  # absolute: the game may change folder

    assert main(["play", "--autosave", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err
    hostile = tmp_path / "x\x1b[2J"
    hostile.mkdir()
    assert main(["play", "--autosave", str(hostile)]) == 2
    assert "\x1b" not in capsys.readouterr().err  # the name is shown, never obeyed
    assert len(opened) == 1


@pytest.mark.parametrize(("players", "kept"), [(None, "__all__"), ("logfire", "logfire")])
def test_bigfive_looks_for_no_pydantic_plugins_unless_told_which(
    players: str | None, kept: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", "restored after the test")
    if players is None:
        monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS")
    else:
        monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", players)
    with pytest.raises(SystemExit):
        main(["--version"])
    assert os.environ["PYDANTIC_DISABLE_PLUGINS"] == kept


def test_version_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    from bigfive_tui import __version__

    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out == f"bigfive {__version__}\n"


@pytest.mark.parametrize(
    ("argv", "usage"),
    [
        (["play", "--nope"], "usage: bigfive play [-h]"),
        (["--nope"], "usage: bigfive play [-h]"),  # bigfive alone means bigfive play
        (["board", "--nope"], "usage: bigfive board [-h]"),
        (["simulate", "--games", "1", "--nope"], "usage: bigfive simulate [-h]"),
    ],
)
def test_an_unknown_option_shows_the_usage_of_its_command(
    argv: list[str], usage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(usage) and "error: unrecognized arguments: --nope" in err


@pytest.mark.parametrize("command", ["play", "board", "simulate"])
@pytest.mark.parametrize(
    ("seed", "words"),
    [
        ("-1", "-1 is out of range: a seed is 0 to 2^63-1"),
        (str(2**63), f"{2**63} is out of range: a seed is 0 to 2^63-1"),
        ("9" * 5000, "is out of range: a seed is 0 to 2^63-1"),
        ("seven", "'seven' is not a whole number"),
    ],
)
def test_a_seed_out_of_range_is_refused_where_the_flag_is_read(
    command: str, seed: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([command, f"--seed={seed}"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert f"bigfive {command}: error: argument --seed: " in err and words in err


def test_the_largest_seed_is_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["playthrough", f"--seed={MAX_SEED}", "--max-lines=1"]) == 0
    assert f"game seed: {MAX_SEED};" in capsys.readouterr().out
    assert main(["playthrough", "--seed=+0", "--max-lines=1"]) == 0
    assert "game seed: 0;" in capsys.readouterr().out
    assert main(["simulate", "--games", "1", "--json", f"--seed={MAX_SEED}"]) == 0
    assert main(["simulate", "--games", "2", "--json", f"--seed={MAX_SEED}"]) == 2


def test_the_theme_list_never_breaks_a_name_across_lines() -> None:
    from bigfive_tui.app.drawing.themes import theme_list

    names = ["savanna", "savanna-light", "textual-light", "catppuccin-latte", "solarized-light"]
    for width in range(10, 60):
        lines = theme_list(names, width).splitlines()
        words = [word.rstrip(",") for line in lines for word in line.split()]
        assert words == sorted(names)
        assert all(len(line) <= max(width, 20) or " " not in line for line in lines)


def test_the_exit_status_is_not_zero_when_the_app_ends_with_an_exception(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from textual.app import App\n"
        "from bigfive_tui.app.main import BigFiveApp\n"
        "from bigfive_tui.cli import main\n"
        "def boom(self): raise RuntimeError('boom')\n"
        "BigFiveApp.on_mount = boom\n"
        "run = App.run\n"
        "App.run = lambda self, **options: run(self, headless=True)\n"
        "sys.exit(main(['play']))\n"
    )
    env = {**os.environ, "BIGFIVE_DATA_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert result.returncode == 1, result.stderr
    assert "RuntimeError" in result.stdout + result.stderr  # Textual shows what went wrong


def test_every_command_is_in_the_contract_that_keeps_commands_apart() -> None:
    """pyproject.toml's independence contract names the command modules one by one: a new
    command joins it, so that no command becomes a library for another."""
    import tomllib
    from pathlib import Path

    from bigfive_tui.cli import COMMANDS

    project = Path(__file__).resolve().parent.parent / "pyproject.toml"
    contracts = tomllib.loads(project.read_text(encoding="utf-8"))["tool"]["importlinter"]
    (apart,) = [
        c for c in contracts["contracts"] if c["name"].startswith("A command is never a library")
    ]
    named = {module.removeprefix("bigfive_tui.commands.") for module in apart["modules"]}
    assert named == {command.replace("-", "_") for command in COMMANDS}


@pytest.mark.parametrize(
    ("argv", "read_as"),
    [
        (["--data-dir", "X", "replay", "F"], ["replay", "--data-dir", "X", "F"]),
        (["--data-dir=X", "replay", "F"], ["replay", "--data-dir=X", "F"]),
        (["--seed", "4"], ["--seed", "4"]),  # no command: bigfive play
        (["replay", "--data-dir", "X", "F"], ["replay", "--data-dir", "X", "F"]),
    ],
)
def test_options_written_before_the_command_are_the_command_s(
    argv: list[str], read_as: list[str]
) -> None:
    from bigfive_tui.cli import _command_first

    assert _command_first(argv) == read_as


def test_replay_takes_its_data_dir_before_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`bigfive --data-dir X replay FILE` reaches replay (it said "bigfive play: unrecognized
    arguments"); a missing save is replay's own clear refusal."""
    assert main(["--data-dir", str(tmp_path), "replay", str(tmp_path / "none.json")]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("bigfive replay: ") and "unrecognized" not in captured.err
