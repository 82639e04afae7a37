"""The action keys of the game screen: key, action name, label, and which engine actions they
stand for. The action bar, the bindings and the help screen all read this one table."""

from __future__ import annotations

from typing import Final, NamedTuple

from bigfive_tui.engine.actions import Act


class ActionKey(NamedTuple):
    key: str
    name: str
    label: str
    kinds: tuple[Act, ...]
    help: str


ACTION_KEYS: Final[tuple[ActionKey, ...]] = (
    ActionKey("D", "draw", "draw", (Act.DRAW,), "draw the event card that opens the turn"),
    ActionKey("m", "move", "move", (Act.MOVE,), "drive to a neighbouring space"),
    ActionKey("s", "spot", "spot", (Act.SPOT,), "spot an animal in clear view"),
    ActionKey("x", "extinguish", "extinguish", (Act.EXTINGUISH,), "put out a fire in clear view"),
    ActionKey("r", "refuel", "refuel", (Act.REFUEL,), "fill the fuel track at a park entrance"),
    ActionKey("f", "food", "food", (Act.REPLENISH,), "take food from a food token in clear view"),
    ActionKey(
        "R",
        "repair",
        "Repair",
        (Act.REPAIR_VEHICLE, Act.REPAIR_GATE),
        "repair a flat tyre or a broken gate",
    ),
    ActionKey("d", "detour", "detour", (Act.DETOUR,), "drive around the park to the other gate"),
    ActionKey(
        "i", "influence", "influence", (Act.INFLUENCE,), "look at the top two cards, discard one"
    ),
    ActionKey("a", "extra", "extra animal", (Act.EXTRA_ANIMAL,), "place one more animal token"),
    ActionKey("g", "give", "give", (Act.EXCHANGE,), "hand fuel or food to a vehicle in view"),
    ActionKey(
        "t",
        "token",
        "token",
        (Act.TOKEN_USE, Act.TOKEN_GIVE),
        "Anna: use or lend the extra-action token",
    ),
    ActionKey("e", "end", "end turn", (Act.END,), "end the turn; unused actions are lost"),
)

BY_NAME: Final[dict[str, ActionKey]] = {entry.name: entry for entry in ACTION_KEYS}

#: Other keys of the game screen, for the help screen: (keys, what they do).
OTHER_KEYS: Final[tuple[tuple[str, str], ...]] = (
    ("← → ↑ ↓", "move the board cursor (also h j k l); in target mode: the legal spaces"),
    ("n / p", "target mode: next / previous legal space"),
    ("Enter", "confirm the chosen space (target mode) / continue"),
    ("Esc", "cancel target mode or line of sight; close a dialog"),
    ("mouse", "click a space to act on it, or an action in the action bar"),
    ("v", "line of sight: highlight what the current guide has clear view of"),
    ("u", "undo (within the turn, never past a card, a roll or a turned token)"),
    (
        "F12",
        "debug mode: step through the rule resolution of each action (← → steps, c skips "
        "computer turns)",
    ),
    ("Tab", "focus the game log (then ↑ ↓ PgUp PgDn scroll it; the mouse wheel too)"),
    ("?", "this help; then r for the rules"),
    ("F1", "the rules"),
    ("Ctrl+S / Ctrl+O", "save / load a named game"),
    ("Ctrl+N", "new game"),
    ("Ctrl+P", "command palette: new game, save, load, undo, rules, theme"),
    ("Ctrl+Q", "quit (the game is autosaved after every action)"),
)
