"""The ``bigfive`` command line: the commands and their options, and what ``bigfive play``
loads before the game is on screen (start-up time, bench/app.py)."""

from __future__ import annotations

import contextlib
import gc
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bigfive_tui.cli import COMMANDS, _command_parser, main
from bigfive_tui.commands.play import read_plainly
from bigfive_tui.commands.values import MAX_SEED


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


PLAY_FLAGS = [flag for action in _command_parser("play")._actions for flag in action.option_strings]
PLAY_VALUES = ["save.json", "", "-", "-x", "-5", "4", "007", "+4", " 4", "seven", "textual-light"]
PLAY_VALUES += [str(MAX_SEED), str(MAX_SEED + 1), "9" * 30]
#: Words of ``bigfive play`` command lines, right and wrong: every flag its parser has (written
#: out, shortened, with ``=value``), values a flag may or may not take, and strays.
PLAY_WORDS = [*PLAY_FLAGS, *PLAY_VALUES, "--", "stray"]
PLAY_WORDS += [form for flag in PLAY_FLAGS for form in (flag[:-1], f"{flag}=4", f"{flag}=a")]
#: A flag and a value after it, or any one word.
PLAY_PARTS = st.one_of(
    st.tuples(st.sampled_from(PLAY_FLAGS), st.sampled_from(PLAY_VALUES)),
    st.tuples(st.sampled_from(PLAY_WORDS)),
)


def _argparse_reading(args: list[str]) -> dict[str, object] | None:
    """What argparse makes of ``bigfive play ARGS``, or None where it refuses them."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            return vars(_command_parser("play").parse_args(args))
        except SystemExit:
            return None


@settings(max_examples=400)
@given(st.lists(PLAY_PARTS, max_size=6))
@example([("--load", "a"), ("--scenario", "b")])
@example([("--browser-tab",), ("--autosave", "a")])
@example([("--seed", "+4")])
@example([("--seed", str(MAX_SEED + 1))])
def test_play_reads_a_command_line_without_argparse_only_as_argparse_reads_it(
    parts: list[tuple[str, ...]],
) -> None:
    """Anything the plain reading leaves (help, mistakes, shortened flags) argparse reads and
    explains, so help and error messages are argparse's own."""
    args = [word for part in parts for word in part]
    plain = read_plainly(args)
    if plain is not None:
        assert vars(plain) == _argparse_reading(args)


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--load", "save.json"],
        ["--seed", "4", "--theme", "textual-light", "--debug"],
        ["--scenario", "s.toml", "--data-dir", "d", "--autosave", "a.json"],
        ["--browser-tab", "--seed", str(MAX_SEED)],
    ],
)
def test_the_command_lines_players_type_are_read_without_argparse(args: list[str]) -> None:
    plain = read_plainly(args)
    assert plain is not None and vars(plain) == _argparse_reading(args)


def test_a_loaded_game_starts_without_the_modules_it_never_uses(tmp_path: Path) -> None:
    """Each is a part of a loaded game's peak memory (docs/benchmarks.md): argparse and gettext
    ~0.4 MiB (the command line is read plainly), importlib.metadata ~1.4 MiB (pydantic's plugin
    loader, stood in for), the ctypes package ~0.1 MiB (the arena setting needs _ctypes only)."""
    code = (
        "import sys\n"
        "from bigfive_tui.app.main import BigFiveApp\n"
        "unused = {'argparse', 'gettext', 'importlib.metadata', 'ctypes'}\n"
        "BigFiveApp.run = lambda self: print(*sorted(unused & set(sys.modules)))\n"
        "from bigfive_tui.cli import main\n"
        "main(['play', '--load', sys.argv[1]])\n"
        "main(['--seed', '4', '--debug'])\n"
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
    assert result.stdout.splitlines() == ["", ""]


def test_play_refuses_a_damaged_save_before_anything_is_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path / "data"))
    damaged = tmp_path / "cut.json"
    damaged.write_text('{"format": "bigfive-save", "record": {"setup": ', encoding="utf-8")
    assert main(["play", "--load", str(damaged)]) == 2
    assert "cut.json is not valid JSON: it ends too soon" in capsys.readouterr().out
    assert gc.isenabled()  # off only while loading


def test_an_unknown_theme_is_refused_with_the_list_of_themes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BIGFIVE_DATA_DIR", str(tmp_path))
    assert main(["play", "--theme", "nope"]) == 2
    out = capsys.readouterr().out
    assert "unknown theme 'nope'" in out and "savanna-light" in out and "textual-light" in out


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
    assert "is a folder" in capsys.readouterr().out
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


PYDANTIC_WITHOUT_PLUGINS = """
import sys
from bigfive_tui.no_plugins import take_no_plugins
take_no_plugins()
from pydantic import BaseModel, Field, ValidationError
class Seat(BaseModel):
    guide: str
    fuel: int = Field(ge=0)
print(Seat.model_validate({"guide": "jack", "fuel": 3}).fuel, end=" ")
try:
    Seat.model_validate({"guide": "jack", "fuel": -1})
except ValidationError as error:
    print(error.errors()[0]["loc"][0], end=" ")
print("importlib.metadata" in sys.modules, end=" ")
from pydantic.plugin._loader import PYDANTIC_ENTRY_POINT_GROUP
print(PYDANTIC_ENTRY_POINT_GROUP)
"""


@pytest.mark.parametrize(
    ("setting", "metadata"), [(None, "False"), ("1", "False"), ("logfire", "True")]
)
def test_with_every_plugin_off_pydantic_validates_without_its_plugin_loader(
    setting: str | None, metadata: str
) -> None:
    """Its loader imports importlib.metadata (~1.4 MiB of a loaded game's peak memory) only to
    answer "no plugins"; a name the stand-in lacks is the real loader's. A player who picks
    plugins keeps pydantic's own loader."""
    env = {key: value for key, value in os.environ.items() if key != "PYDANTIC_DISABLE_PLUGINS"}
    if setting is not None:
        env["PYDANTIC_DISABLE_PLUGINS"] = setting
    result = subprocess.run(
        [sys.executable, "-c", PYDANTIC_WITHOUT_PLUGINS], capture_output=True, text=True, env=env
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["3", "fuel", metadata, "pydantic"]


def test_the_plugin_loader_s_stand_in_answers_no_plugins_and_has_no_file() -> None:
    """Tools ask any module for ``__file__`` and such (tracebacks, coverage): the stand-in answers
    as a module without one instead of importing the real loader for them."""
    from bigfive_tui.no_plugins import _stand_in

    loader = _stand_in()
    assert list(loader.get_plugins()) == []
    assert getattr(loader, "__file__", None) is None


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


def test_the_largest_seed_is_taken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bigfive_tui.commands.values import MAX_SEED, seed_value

    assert seed_value(str(MAX_SEED)) == MAX_SEED and seed_value("+0") == 0
    assert main(["simulate", "--games", "1", "--json", f"--seed={MAX_SEED}"]) == 0
    assert main(["simulate", "--games", "2", "--json", f"--seed={MAX_SEED}"]) == 2


def test_the_theme_list_never_breaks_a_name_across_lines() -> None:
    from bigfive_tui.commands.play import theme_list

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
