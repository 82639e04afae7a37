"""What the app relies on inside Textual, beyond its documented API, holds only while Textual is
pinned (pyproject.toml: ``textual==8.2.8``).

Each internal below is one the app reads, writes, overrides or copies (where: the module
named). Its fingerprint is a hash of the Textual source it stands for: the definition of a
method or class, and every line of its module that names it (so a change in how Textual sets
or reads an attribute changes it too). An upgrade of Textual that changes one fails
``test_textual_internal_is_as_we_read_it[NAME]``: re-read the named module against the new
Textual, mend it, then write the new fingerprint here. A Textual that moves or drops one fails
by name as well.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import importlib.metadata
import inspect
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PINNED = "8.2.8"


@dataclass(frozen=True)
class Internal:
    module: str  # Textual's module that defines it
    owner: str  # the class (empty: the module itself)
    name: str
    used_in: str  # where bigfive relies on it (under bigfive_tui/app/)
    fingerprint: str

    @property
    def label(self) -> str:
        return f"{self.owner}.{self.name}" if self.owner else f"{self.module}.{self.name}"


INTERNALS = [
    Internal(
        "textual.widget",
        "Widget",
        "_set_dirty",
        "components/one_pass.py, components/game_log.py",
        "c594af460d13",
    ),
    Internal(
        "textual.widget",
        "Widget",
        "_size_updated",
        "components/one_pass.py, components/game_log.py (overridden)",
        "2819b3f84f2a",
    ),
    Internal("textual.widget", "Widget", "_size", "components/one_pass.py", "7e64bc6d7d83"),
    Internal(
        "textual.screen", "Screen", "_layout_required", "components/game_log.py", "00e01d6e044a"
    ),
    Internal("textual.widget", "Widget", "_layout_cache", "components/game_log.py", "1bb5e5659e72"),
    Internal(
        "textual.widget", "Widget", "_rich_style_cache", "components/game_log.py", "1e6550322b89"
    ),
    Internal(
        "textual.widget", "Widget", "_anchor_released", "components/game_log.py", "291b3bbd2bb6"
    ),
    Internal(
        "textual.widget", "Widget", "_vertical_scrollbar", "components/game_log.py", "8c9633bb3513"
    ),
    Internal(
        "textual.widget",
        "Widget",
        "vertical_scrollbar",
        "components/game_log.py (copied)",
        "916e7351571a",
    ),
    Internal(
        "textual.widget", "Widget", "refresh", "components/game_log.py (copied)", "9224b76d276f"
    ),
    Internal(
        "textual.widget", "Widget", "_scroll_update", "components/game_log.py", "14e335e8d272"
    ),
    Internal(
        "textual.scroll_view",
        "ScrollView",
        "watch_scroll_y",
        "components/game_log.py (copied)",
        "c202afae71fc",
    ),
    Internal("textual.app", "App", "_start_widget", "components/game_log.py", "5194978b5419"),
    Internal(
        "textual.widget",
        "Widget",
        "_render_content",
        "components/kept_drawing.py (overridden)",
        "da5ab4f2d7c6",
    ),
    Internal(
        "textual.widget", "Widget", "_render_cache", "components/kept_drawing.py", "5c7a792b0663"
    ),
    Internal("textual.widget", "", "_RenderCache", "components/kept_drawing.py", "63f2333027b0"),
    Internal(
        "textual.widget", "Widget", "_dirty_regions", "components/kept_drawing.py", "3ba87e2edcc2"
    ),
    Internal(
        "textual.widget",
        "Widget",
        "BLANK",
        "components/covered.py, components/one_pass.py",
        "7d8537d764e7",
    ),
    Internal(
        "textual.strip", "Strip", "divide", "drawing/whole_strips.py (replaced)", "708bd67448d8"
    ),
    Internal("textual.strip", "Strip", "_divide_cache", "drawing/whole_strips.py", "d33819f1f2a4"),
    Internal("textual.strip", "Strip", "_segments", "drawing/whole_strips.py", "fcff4cae241a"),
    Internal("textual.app", "App", "_load_screen_css", "main.py (overridden)", "c6f3acd55721"),
    Internal(
        "textual.screen",
        "Screen",
        "_on_screen_resume",
        "screens/base.py (overridden)",
        "e00b4ec53a62",
    ),
    Internal("textual.dom", "DOMNode", "_bindings", "screens/timeline.py", "a79b4d87b3f7"),
    Internal("textual.widgets._markdown", "", "MarkdownTable", "screens/rules.py", "4e270c2186bd"),
    Internal(
        "textual.widgets._markdown", "", "MarkdownTableContent", "screens/rules.py", "e74461958a0a"
    ),
    Internal("textual.widgets._markdown", "", "MarkdownBlock", "screens/rules.py", "ebbe97b7c1f4"),
    Internal(
        "textual.drivers.linux_driver",
        "LinuxDriver",
        "run_input_thread",
        "terminal/driver.py (copied)",
        "3c7a9834635c",
    ),
    Internal(
        "textual.drivers.linux_driver",
        "LinuxDriver",
        "_sigcont_application",
        "terminal/driver.py (overridden)",
        "0ba4c34e8748",
    ),
    Internal("textual.driver", "Driver", "_app", "terminal/driver.py", "a41e8c42ffcf"),
    Internal("textual.driver", "Driver", "_debug", "terminal/driver.py", "725ac8e6cebf"),
    Internal("textual._xterm_parser", "", "XTermParser", "terminal/driver.py", "a7e6644a61d2"),
]


def definition(source: str, owner: str, name: str) -> str | None:
    """The source of the function or class ``name`` defined in ``owner`` (a class of the module;
    empty: the module itself), read from the file: the app replaces some at run time
    (``Strip.divide``), so the live object may be ours."""
    tree = ast.parse(source)
    body = tree.body
    if owner:
        classes = [node for node in body if isinstance(node, ast.ClassDef) and node.name == owner]
        body = classes[0].body if classes else []
    for node in body:
        kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
        if isinstance(node, kinds) and node.name == name:
            return ast.get_source_segment(source, node)
    return None


def fingerprint(internal: Internal) -> str:
    """A hash of the definition of ``internal`` (a function or class), or of every line of its
    module that names it (an attribute)."""
    source = inspect.getsource(importlib.import_module(internal.module))
    text = definition(source, internal.owner, internal.name)
    if text is None:
        named = re.compile(rf"(?<![\w]){re.escape(internal.name)}(?![\w])")
        text = "\n".join(line.strip() for line in source.splitlines() if named.search(line))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def test_textual_is_pinned_to_the_version_whose_internals_we_read() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert f"textual=={PINNED}" in project["project"]["dependencies"]
    assert importlib.metadata.version("textual") == PINNED


@pytest.mark.parametrize("internal", INTERNALS, ids=[internal.label for internal in INTERNALS])
def test_textual_internal_is_as_we_read_it(internal: Internal) -> None:
    module = importlib.import_module(internal.module)
    owner = getattr(module, internal.owner, None) if internal.owner else module
    assert owner is not None, f"{internal.module} has no {internal.owner} any more"
    named = re.compile(rf"(?<![\w]){re.escape(internal.name)}(?![\w])")
    assert named.search(inspect.getsource(module)), (
        f"Textual's {internal.module} no longer names {internal.label}: "
        f"bigfive_tui/app/{internal.used_in} relies on it"
    )
    now = fingerprint(internal)
    assert now == internal.fingerprint, (
        f"Textual changed {internal.label}, which bigfive_tui/app/{internal.used_in} relies "
        f"on: re-read it there against the new Textual, then record its fingerprint {now!r}"
    )


def test_every_internal_is_named_where_it_is_used() -> None:
    """The table names the modules that rely on each internal: each does (so the table is
    kept as the code changes)."""
    app = ROOT / "bigfive_tui" / "app"
    for internal in INTERNALS:
        for place in internal.used_in.split(", "):
            path = app / place.split(" (")[0]
            assert re.search(rf"\b{re.escape(internal.name)}\b", path.read_text("utf-8")), (
                f"{path} no longer uses {internal.label}: take it out of the table"
            )
