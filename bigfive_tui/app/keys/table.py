"""The keys of the game: the action keys of the game screen (key, action name, label, and which
engine actions they stand for) and the app's commands (new game, load, rules, …), each with a
second key for a browser that keeps the first for itself. The action bar, the key bar, the
bindings and the help screen all read these tables."""

from __future__ import annotations

from collections.abc import Collection
from typing import Final, NamedTuple

from textual.binding import Binding

from bigfive_tui.engine.actions import Act


class ActionKey(NamedTuple):
    key: str
    name: str
    label: str
    kinds: tuple[Act, ...]
    help: str


#: The moves only the Dutch rulebook has (docs/rules.md): where they are offered, they say so,
#: for a player who learned the game from the English book.
DUTCH_ONLY: Final = frozenset({"detour", "influence", "extra"})
DUTCH_WORDS: Final = "a move of the Dutch rules"

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
    ActionKey(
        "d",
        "detour",
        "detour",
        (Act.DETOUR,),
        "drive around the park to the other gate (a move of the Dutch rules)",
    ),
    ActionKey(
        "i",
        "influence",
        "influence",
        (Act.INFLUENCE,),
        "look at the top two cards, discard one (a move of the Dutch rules)",
    ),
    ActionKey(
        "a",
        "extra",
        "extra animal",
        (Act.EXTRA_ANIMAL,),
        "place one more animal token (a move of the Dutch rules)",
    ),
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

#: Keys a browser may keep for itself: in a game served to a browser (``bigfive serve``) they
#: open a window or tab, close the tab, quit the browser, open a file, its help or its
#: developer tools, and never reach the game. Chrome and Firefox let a page have the other Ctrl
#: keys (the terminal in the page takes Ctrl+S and Ctrl+P), but not these everywhere.
BROWSER_KEPT: Final[frozenset[str]] = frozenset(
    {"ctrl+n", "ctrl+t", "ctrl+w", "ctrl+q", "ctrl+o", "ctrl+tab", "ctrl+pageup", "ctrl+pagedown"}
    | {f"f{number}" for number in range(1, 13)}
)


class CommandKey(NamedTuple):
    """An app command's key in a terminal, and its second key, one no browser keeps for itself
    (the capital letter of the Ctrl key where there is one). A second key is never a key that
    is bound anywhere else (tests/test_keys.py)."""

    action: str  # the app's action_<action>
    key: str
    browser_key: str
    label: str
    help: str


COMMAND_KEYS: Final[tuple[CommandKey, ...]] = (
    CommandKey("new_game", "ctrl+n", "N", "New game", "new game (Esc there goes back)"),
    CommandKey("load", "ctrl+o", "O", "Load", "load a named game"),
    CommandKey("rules", "f1", "B", "Rules", "the rules (the rule Book)"),
    CommandKey(
        "toggle_debug",
        "f12",
        "W",
        "Debug",
        "debug mode: walk through the rule resolution of each action (← → steps, c skips "
        "computer turns)",
    ),
    CommandKey("quit", "ctrl+q", "Q", "Quit", "quit (the game is autosaved after every action)"),
    CommandKey(
        "learn",
        "f2",
        "G",
        "Learn to play",
        "learn to play: a guided first game, one thing at a time (also bigfive learn)",
    ),
)

COMMAND: Final[dict[str, CommandKey]] = {entry.action: entry for entry in COMMAND_KEYS}
#: The commands by their first key, for the ones a browser keeps.
BROWSER_SECOND: Final[dict[str, CommandKey]] = {
    entry.key: entry for entry in COMMAND_KEYS if entry.key in BROWSER_KEPT
}


def command_bindings(
    action: str, *, on_app: bool = False, show: bool = False, priority: bool = False
) -> list[Binding]:
    """The two bindings of an app command: its key (with ``priority`` if asked) and its second
    key, never with priority (a capital letter must still reach a text field)."""
    entry = COMMAND[action]
    target = action if on_app else f"app.{action}"
    return [
        Binding(entry.key, target, entry.label, show=show, priority=priority),
        Binding(entry.browser_key, target, entry.label, show=show),
    ]


def key_display(key: str) -> str:
    """How a key is written for players: Ctrl+N, F1, N."""
    if key.startswith("ctrl+"):
        return "Ctrl+" + key.removeprefix("ctrl+").upper()
    return key.upper() if key.startswith("f") and key[1:].isdigit() else key


def command_key(action: str, web: bool) -> str:
    """The key to name in a text: the second key in a browser, where the first never arrives."""
    entry = COMMAND[action]
    return key_display(entry.browser_key if web else entry.key)


def both_keys(action: str) -> str:
    entry = COMMAND[action]
    return f"{key_display(entry.key)} / {entry.browser_key}"


class ViewKey(NamedTuple):
    """A key of the game screen that changes what is shown, not the game."""

    key: str  # Textual's name of the key
    display: str  # as written for players
    action: str  # the game screen's action_<action>
    label: str  # on the key bar
    help: str


#: The board's drawing, the compact layout's panels and the log.
VIEW_KEYS: Final[tuple[ViewKey, ...]] = (
    ViewKey(
        "plus",
        "+",
        "bigger_board",
        "Bigger board",
        "a larger drawing of the board (compact, normal, large) if the terminal has room; "
        "remembered for the next start",
    ),
    ViewKey(
        "minus",
        "-",
        "smaller_board",
        "Smaller board",
        "a smaller drawing of the board; remembered for the next start",
    ),
    ViewKey(
        "o",
        "o",
        "panels",
        "Panels",
        "compact board: the other guides and the table, then the log, then the board again "
        "(Esc: back to the board)",
    ),
    ViewKey("pageup", "PgUp", "log_up", "Log up", "scroll the game log back (the wheel too)"),
    ViewKey("pagedown", "PgDn", "log_down", "Log down", "scroll the game log on"),
    ViewKey(
        "T",
        "T",
        "timeline",
        "Timeline",
        "the whole game as a timeline: every turn, action and rule step as it was "
        "(also: click a line of the log, or Enter on it)",
    ),
    ViewKey("L", "L", "log", "Log", "the whole log, large, with the rule of each step"),
    ViewKey("slash", "/", "search_log", "Search log", "search the log by rule id, guide or word"),
)
VIEW: Final[dict[str, ViewKey]] = {entry.action: entry for entry in VIEW_KEYS}
#: The two drawing keys share one place on the key bar.
BOARD_SIZE_GROUP: Final = Binding.Group("Board size", compact=True)


def view_bindings() -> list[Binding]:
    """The game screen's bindings of :data:`VIEW_KEYS` (the panels key shows on the key bar
    only in the compact layout, where it does something)."""
    return [
        Binding(
            entry.key,
            # The app opens the timeline over whatever is on top; on the key bar it gives way
            # first, as the app's other keys do.
            f"app.{entry.action}" if entry.action == "timeline" else entry.action,
            entry.label,
            key_display=entry.display,
            show=entry.action in ("bigger_board", "smaller_board", "panels", "timeline"),
            group=BOARD_SIZE_GROUP if entry.action.endswith("_board") else None,
        )
        for entry in VIEW_KEYS
    ]


class CoachKey(NamedTuple):
    """A key of the game screen for practice: hints and the computer's pace."""

    key: str
    action: str  # the game screen's action
    label: str
    display: str  # how the key bar, the help and the palette show the key
    help: str


COACH_KEYS: Final[tuple[CoachKey, ...]] = (
    CoachKey("w", "hint", "hint", "w", "what the strong teammate would do now, and why"),
    CoachKey(
        "greater_than_sign",
        "pace",
        "pace",
        ">",
        "pace of computer turns: instant, fast, normal, step by step",
    ),
    CoachKey("full_stop", "computer_step", "next", ".", "step by step: the computer's next action"),
    CoachKey("F", "finish", "finish", "F", "finish the computer's turn at once"),
)
COACH: Final[dict[str, CoachKey]] = {entry.action: entry for entry in COACH_KEYS}


#: Debug mode's keys on the game screen (docs/rules.md, D-*): they change the game itself.
DEBUG_KEYS: Final[tuple[ViewKey, ...]] = (
    ViewKey(
        "exclamation_mark",
        "!",
        "rig",
        "Rig",
        "debug mode: rig the next roll (or X), the next event card, or look at a face-down "
        "token (and make it another animal); the log marks it",
    ),
    ViewKey(
        "E",
        "E",
        "edit_position",
        "Edit",
        "debug mode: edit the position (vehicles, tokens, fires, tracks, flat tyres, lasting "
        "cards, the turn), checked as a scenario file is; then play on from it",
    ),
    ViewKey(
        "X",
        "X",
        "export_position",
        "Export",
        "debug mode (and on the timeline of a game that may go back): write the position as "
        "a scenario file that bigfive scenario run accepts and that continues the game",
    ),
)


DEBUG: Final[dict[str, ViewKey]] = {entry.action: entry for entry in DEBUG_KEYS}


def debug_bindings() -> list[Binding]:
    return [
        Binding(entry.key, entry.action, entry.label, key_display=entry.display, show=False)
        for entry in DEBUG_KEYS
    ]


#: The timeline's keys (screens/timeline.py): moving along the whole game, and what to do there.
TIMELINE_KEYS: Final[tuple[ViewKey, ...]] = (
    ViewKey("left,h", "← h", "step(-1)", "Step", "the rule step before"),
    ViewKey("right,l", "→ l", "step(1)", "Step", "the next rule step"),
    ViewKey("up,k", "↑ k", "action(-1)", "Action", "the action (or rig) before, at its first step"),
    ViewKey("down,j", "↓ j", "action(1)", "Action", "the next action, at its first step"),
    ViewKey(
        "left_square_bracket",
        "[",
        "turn(-1)",
        "Turn",
        "the start of this turn, or of the one before (PgUp scrolls logs, as everywhere)",
    ),
    ViewKey("right_square_bracket", "]", "turn(1)", "Turn", "the start of the next turn"),
    # Before Home and End: the key bar drops a mode's keys from the right when they do not
    # fit, and at 80 columns playing on matters more than the jumps to the ends (in help).
    ViewKey(
        "p",
        "p",
        "play_from_here",
        "Play from here",
        "go on from the moment shown (debug mode, practice games, finished games); the line "
        "left is kept as a named save",
    ),
    ViewKey("home", "Home", "ends(0)", "Start", "the first step of the game (the setup)"),
    ViewKey("end", "End", "ends(1)", "End", "the last step: the game as it stands"),
    ViewKey("L", "L", "log", "Log", "the whole log, large; Enter on a line goes there"),
    ViewKey(
        "X",
        "X",
        "export_position",
        "Export",
        "write the position as a scenario file, with the rest of the game and where it led "
        "(where going back is allowed)",
    ),
    ViewKey("slash", "/", "search_log", "Search", "search the log by rule id, guide or word"),
    ViewKey("escape", "Esc", "close", "Back", "back to the game (or the end of the game)"),
)
#: Keys on the timeline's key bar: each pair shares one place.
TIMELINE_GROUPS: Final[dict[str, Binding.Group]] = {
    "step": Binding.Group("Step", compact=True),
    "action": Binding.Group("Action", compact=True),
    "turn": Binding.Group("Turn", compact=True),
    "ends": Binding.Group("Start/End", compact=True),
}


#: The position editor's keys (screens/editor.py, debug mode).
EDITOR_KEYS: Final[tuple[ViewKey, ...]] = (
    ViewKey("enter", "⏎", "space", "This space", "put or take a token, a fire, a vehicle"),
    ViewKey("g", "g", "guide", "Guide", "a guide's fuel, food, flat tyre, spotted animals"),
    ViewKey("n", "n", "turn", "Turn", "whose turn, its phase and number, actions left"),
    ViewKey("c", "c", "cards", "Cards", "heavy rain, hippos and broken gates lying out"),
    ViewKey("u", "u", "undo", "Undo", "take back the last edit"),
    ViewKey("a", "a", "apply", "Play on", "play on from the edited position"),
    ViewKey("X", "X", "export_position", "Export", "write the position as a scenario file"),
    ViewKey("escape", "Esc", "close", "Back", "back to the game, unchanged"),
)


def editor_bindings() -> list[Binding]:
    """Enter belongs to the board (a click or Enter on a space); the bar still names it."""
    return [
        Binding(entry.key, entry.action, entry.label, key_display=entry.display)
        for entry in EDITOR_KEYS
        if entry.key != "enter"
    ]


#: The end screen's keys (screens/end.py): what next, and the game looked back at. Its buttons
#: name them; the palette has them while the end screen is on top.
END_KEYS: Final[tuple[ViewKey, ...]] = (
    ViewKey("n", "n", "choose('new')", "New game", "set up a new safari"),
    ViewKey("r", "r", "replay", "Replay", "the whole game on the timeline, from its first step"),
    ViewKey("s", "s", "choose('again')", "Same seed again", "the same board, seed and start, anew"),
    ViewKey("c", "c", "cause", "How it ended", "the step that ended the game, on the timeline"),
    ViewKey(
        "b", "b", "choose('board')", "Look at the board", "the final board, as the game left it"
    ),
    # The action of the app's Ctrl+Q: the key bar shows one key per action, so "Quit" once.
    ViewKey("q", "q", "quit", "Quit", "quit bigfive"),
)
END: Final[dict[str, ViewKey]] = {entry.action: entry for entry in END_KEYS}


def end_bindings(actions: Collection[str]) -> list[Binding]:
    """The bindings of those end keys an end screen has (Photo Safari's has fewer)."""
    return [
        Binding(entry.key, entry.action, entry.label)
        for entry in END_KEYS
        if entry.action in actions
    ]


#: The enlarged log's keys (screens/log.py). ↑ ↓ and Enter belong to its list of steps, which
#: binds them itself (components/step_views.py); the screen's line of keys names them too.
LOG_KEYS: Final[tuple[ViewKey, ...]] = (
    ViewKey("up,down", "↑ ↓", "", "Choose", "choose a step"),
    ViewKey("enter", "Enter", "", "Open", "open it on the timeline"),
    ViewKey("slash", "/", "search_log", "Search", "search"),
    ViewKey("tab", "Tab", "app.focus_next", "Search / list", "search ↔ list"),
    ViewKey("escape", "Esc", "close", "Close", "close"),
)


def log_bindings() -> list[Binding]:
    return [
        Binding(
            entry.key, entry.action, entry.label, key_display=entry.display, show=entry.key != "tab"
        )
        for entry in LOG_KEYS
        if entry.action
    ]


def timeline_bindings() -> list[Binding]:
    bindings = []
    for entry in TIMELINE_KEYS:
        name = entry.action.split("(")[0]
        for key, display in zip(entry.key.split(","), entry.display.split(" "), strict=True):
            bindings.append(
                Binding(
                    key,
                    entry.action,
                    entry.label,
                    key_display=display,
                    show=key == entry.key.split(",")[0],
                    group=TIMELINE_GROUPS.get(name),
                )
            )
    return bindings


#: Debug mode's steps box (screens/steps.py): through the rule steps of one action. ↑ ↓ place
#: the box where the board has no room below it (80 × 24): it lies over the board's lower part,
#: and ↑ moves it to the top to show that part (the arrows move no cursor behind a dialog).
STEPS_KEYS: Final[tuple[ViewKey, ...]] = (
    ViewKey("right,space,enter,l", "→", "next", "Next step", "the next rule step"),
    ViewKey("left,h", "←", "previous", "Previous step", "the rule step before"),
    ViewKey("escape", "Esc", "close", "Back to the game", "back to the game as it stands"),
    ViewKey(
        "c",
        "c",
        "skip_computer",
        "Stop stepping through computer turns",
        "computer turns play without stepping for the rest of the game",
    ),
    ViewKey(
        "up,k",
        "↑",
        "place_box('top')",
        "Box to the top",
        "debug steps at 80 × 24, where the box lies over the board: the box to the top, to "
        "show the board's lower part",
    ),
    ViewKey(
        "down,j", "↓", "place_box('bottom')", "Box to the bottom", "the box back to the bottom"
    ),
)
STEPS: Final[dict[str, ViewKey]] = {entry.action: entry for entry in STEPS_KEYS}
#: ↑ and ↓ share one place on the key bar.
STEPS_BOX_GROUP: Final = Binding.Group("Move the box", compact=True)


def steps_bindings() -> list[Binding]:
    return [
        Binding(
            entry.key,
            entry.action,
            entry.label,
            key_display=entry.display,
            group=STEPS_BOX_GROUP if entry.action.startswith("place_box") else None,
        )
        for entry in STEPS_KEYS
    ]


#: Other keys of the game screen, for the help screen: (keys, what they do).
OTHER_KEYS: Final[tuple[tuple[str, str], ...]] = (
    ("← → ↑ ↓", "move the board cursor (also h j k l); in target mode: the legal spaces"),
    ("n / p", "target mode: next / previous legal space"),
    ("Enter", "confirm the chosen space (target mode) / continue"),
    ("Esc", "cancel target mode or line of sight; close a dialog"),
    ("mouse", "click a space to act on it, or an action in the action bar"),
    ("v", "line of sight: highlight what the current guide has clear view of"),
    *((entry.display, entry.help) for entry in COACH_KEYS),
    ("u", "undo (within the turn, never past a card, a roll or a turned token)"),
    *((entry.display, entry.help) for entry in VIEW_KEYS),
    *((entry.display, entry.help) for entry in DEBUG_KEYS),
    ("↑ ↓ (steps)", STEPS["place_box('top')"].help + "; ↓ back to the bottom"),
    ("?", "this help; then r for the rules"),
    ("Ctrl+S", "save the game under a name"),
    *((both_keys(entry.action), entry.help) for entry in COMMAND_KEYS),
    ("Ctrl+P", "command palette: new game, save, load, undo, rules, board size, theme"),
)


class PhotoKey(NamedTuple):
    """A key of Photo Safari's game screen: its key, the screen's action, label and help."""

    key: str
    action: str
    label: str
    help: str


PHOTO_KEYS: Final[tuple[PhotoKey, ...]] = (
    PhotoKey("s", "stay", "stay", "keep the camera where it is (its first move, or walled in)"),
    PhotoKey(
        "a", "preview", "animals' next steps", "show where each animal steps next (a again hides)"
    ),
    PhotoKey(
        "w",
        "hint",
        "hint",
        "what the computer player would do now in your place, and why (Enter then plays it)",
    ),
    PhotoKey(
        "u",
        "undo",
        "undo",
        "take back your move until the other player moves (against the computer: with its reply)",
    ),
)

PHOTO_KEY: Final[dict[str, PhotoKey]] = {entry.action: entry for entry in PHOTO_KEYS}

#: Photo Safari's other keys, for its help screen: (keys, what they do).
PHOTO_OTHER_KEYS: Final[tuple[tuple[str, str], ...]] = (
    ("← → ↑ ↓", "the cursor jumps to the nearest marked square that way (also h j k l)"),
    ("Enter", "move the camera to the marked square under the cursor (also Space)"),
    ("mouse", "click a marked square to move there; any other square says why not"),
    ("Esc", "hide the animals' next steps"),
    ("Tab", "focus the game log (then ↑ ↓ PgUp PgDn scroll it)"),
    (
        f"{VIEW['bigger_board'].display} {VIEW['smaller_board'].display}",
        "the normal or the compact drawing of the board, where the terminal holds it "
        "(remembered for the next start)",
    ),
    (
        VIEW["timeline"].display,
        "the timeline: every camera move and animal step as it was; p there plays on from a "
        "moment (games against the computer, debug mode, finished games)",
    ),
    ("?", "this help; then r for the rules"),
    ("Ctrl+S", "save the game under a name"),
    *((both_keys(entry.action), entry.help) for entry in COMMAND_KEYS),
    ("Ctrl+P", "command palette: new game, save, load, undo, rules, theme"),
)

#: Photo Safari's timeline (photo_safari/timeline.py): every camera move and animal step.
PHOTO_TIMELINE_KEYS: Final[tuple[ViewKey, ...]] = (
    ViewKey("left,h", "← h", "step(-1)", "Step", "the step before"),
    ViewKey("right,l", "→ l", "step(1)", "Step", "the next step (a camera's move, an animal's)"),
    ViewKey("up,k", "↑ k", "move(-1)", "Move", "the camera move before, at its first step"),
    ViewKey("down,j", "↓ j", "move(1)", "Move", "the next camera move"),
    ViewKey(
        "left_square_bracket",
        "[",
        "round(-1)",
        "Round",
        "the start of this round or the one before",
    ),
    ViewKey("right_square_bracket", "]", "round(1)", "Round", "the start of the next round"),
    ViewKey("home", "Home", "ends(0)", "Start", "the set-up"),
    ViewKey("end", "End", "ends(1)", "End", "the last step: the game as it stands"),
    ViewKey(
        "p",
        "p",
        "play_from_here",
        "Play from here",
        "go on from the moment shown; the moves after it are kept as a named save",
    ),
    ViewKey("escape", "Esc", "close", "Close", "close: back to the game (a replay quits)"),
)

#: Learn to play (tutorial/screens.py): the step's box and the game screen under it.
TUTORIAL_KEYS: Final[tuple[ViewKey, ...]] = (
    ViewKey("enter", "Enter", "go", "Go on", "the step's box: go on (to try it, or to the next)"),
    ViewKey("escape", "Esc", "leave", "Leave", "leave the tutorial (it can be started again)"),
    ViewKey("home", "Home", "restart", "Start again", "the tutorial again from its first step"),
    ViewKey("c", "c", "step_again", "The step again", "the step's box again, to read it once more"),
    ViewKey("f2", "F2 / G", "learn", "Learn to play", "start Learn to play"),
)
TUTORIAL: Final[dict[str, ViewKey]] = {entry.action: entry for entry in TUTORIAL_KEYS}
TUTORIAL["again"] = TUTORIAL["step_again"]


#: Said under the keys in the help: why some commands have two keys.
SECOND_KEYS_NOTE: Final = (
    "In a browser (bigfive serve) the second key of a command works where the browser keeps "
    "the first for itself."
)
