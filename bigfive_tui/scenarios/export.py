"""A position of a game written out as a scenario file (TOML) that ``bigfive scenario run``
accepts and that continues the game exactly (D-edit, the timeline's export).

The file is the position in the scenario format (write_position.position), a title and a story,
and optionally the rest of the game as it was played from there (``[play] actions``, with the
rolls rigged on the way as each action's ``dice``) and where it ended (``[expect]``): run, the
scenario plays the game on to that end and checks it got there.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from bigfive_tui.engine.state import GameState
from bigfive_tui.scenarios.names import guide_of

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
#: An array longer than this is written one item a line.
_LINE = 90


def _key(name: str) -> str:
    return name if _BARE_KEY.match(name) else json.dumps(name, ensure_ascii=False)


def _value(value: Any, indent: str = "") -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a TOML basic string
    if isinstance(value, Mapping):
        inner = ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, Sequence):
        items = [_value(item, indent + "  ") for item in value]
        one_line = "[" + ", ".join(items) + "]"
        if len(one_line) <= _LINE and "\n" not in one_line:
            return one_line
        return "[\n" + "".join(f"{indent}  {item},\n" for item in items) + indent + "]"
    raise TypeError(f"cannot write {value!r} in TOML")


def toml_text(data: Mapping[str, Any], path: str = "") -> str:
    """``data`` as TOML: a table's plain values under its header, then its tables. Empty
    tables and lists are left out (every one of them is the scenario format's default)."""
    plain: list[str] = []
    tables: list[tuple[str, Mapping[str, Any]]] = []
    for name, value in data.items():
        if isinstance(value, Mapping) and _is_table(value):
            if value:
                tables.append((name, value))
        elif value is None or (isinstance(value, list | dict) and not value):
            continue
        else:
            plain.append(f"{_key(name)} = {_value(value)}")
    parts = []
    if plain:
        parts.append((f"[{path}]\n" if path else "") + "\n".join(plain))
    for name, table in tables:
        inner = toml_text(table, f"{path}.{_key(name)}" if path else _key(name))
        if inner:
            parts.append(inner)
    text = "\n\n".join(parts)
    return text + "\n" if not path and text else text


def _is_table(value: Mapping[str, Any]) -> bool:
    """A mapping written as a ``[table]`` (an inline ``{ ... }`` otherwise: a piece's sides)."""
    return not any(isinstance(v, Mapping) and "spaces" in v for v in value.values())


def continuation_expect(state: GameState) -> dict[str, Any]:
    """Where a game ended (or stands), as ``[expect]`` checks it."""
    vehicles = {
        guide.name.lower(): {
            "at": state.game.board.names[state.vehicle[seat]],
            "fuel": state.fuel[seat],
            "food": state.food[seat],
        }
        for seat, guide in enumerate(state.game.guides)
    }
    return {
        "outcome": state.outcome or "playing",
        "guide": guide_of(state, state.seat),
        "phase": state.phase.name.lower(),
        "turn": state.turn,
        "vehicles": vehicles,
    }


def scenario_document(
    position: Mapping[str, Any],
    *,
    title: str,
    about: str = "",
    actions: Sequence[Mapping[str, Any] | str] = (),
    expect: Mapping[str, Any] | None = None,
) -> str:
    """The scenario file: header, the position, and the game played on from it if given."""
    data: dict[str, Any] = {"title": title}
    if about:
        data["about"] = about
    data.update({key: value for key, value in position.items() if key != "play"})
    play = dict(position.get("play") or {})
    if actions:
        play["actions"] = list(actions)
    data["play"] = play
    if expect:
        data["expect"] = dict(expect)
    return toml_text(data)
