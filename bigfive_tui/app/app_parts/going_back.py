"""Playing on from elsewhere: the whole game on the timeline and going back to a moment of it
(D-branch), an edited position made the game (D-edit), and a position written as a scenario."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bigfive_tui.app.app_parts.core import AppCore
from bigfive_tui.app.app_parts.in_play import InPlay
from bigfive_tui.app.app_parts.keeping import Keeper
from bigfive_tui.app.files import saves
from bigfive_tui.app.keys.table import command_key
from bigfive_tui.app.setups.practice import hints_used, set_hints

if TYPE_CHECKING:
    from pathlib import Path

    from bigfive_tui.app.photo_safari.timeline import PhotoBranching
    from bigfive_tui.app.screens.timeline import Branching
    from bigfive_tui.photo_safari.engine.session import PhotoSession


class GoingBack:
    """Opens the timeline (or the replay) and plays on from the moment it gives back, or from
    the editor's position; writes positions as scenarios."""

    def __init__(self, app: AppCore, keeper: Keeper, in_play: InPlay) -> None:
        self.app = app
        self.keeper = keeper
        self.in_play = in_play

    # ------------------------------------------------------------------ the whole game

    def refusal(self) -> str:
        """Why the timeline may not go back to play on in this game, or "" (D-branch): only
        in debug mode, in practice games (one person with computer teammates) and in finished
        games. Undo keeps the fair rule in every game."""
        session = self.app.big_five
        if session is None:
            return "There is no game."
        if not session.recordable:
            return "This game began from a position that cannot be saved: it has no going back."
        if self.app.step_through or session.state.over:
            return ""
        seats = len(session.game.guides)
        if self.app.computer_seats and seats - len(self.app.computer_seats) == 1:
            return ""
        debug = command_key("toggle_debug", self.app.is_web)
        return (
            f"Going back to play on is for debug mode ({debug}), practice games and finished "
            "games; u undoes within a turn."
        )

    def open_timeline(
        self, moment: int | None = None, log_index: int | None = None, *, replay: bool = False
    ) -> None:
        """The whole game on the timeline, over the screen on top (the game, or its end)."""
        from bigfive_tui.app.screens.timeline import TimelineScreen
        from bigfive_tui.photo_safari.engine.session import PhotoSession

        if isinstance(self.app.session, PhotoSession):
            # Photo Safari's moments are its log's steps.
            at = moment if log_index is None else log_index
            self._open_photo_timeline(self.app.session, at, replay=replay)
            return
        session = self.app.big_five
        if session is None:
            self.app.notify(
                "The timeline is the Big Five's: there is no such game.", severity="warning"
            )
            return
        self.app.push_screen(
            TimelineScreen(
                session,
                self.app.computer_seats,
                moment=moment,
                log_index=log_index,
                refusal=self.refusal(),
                title="Replay" if replay else "Timeline",
                closing="Quit" if replay else "Back",
                rule_ids=self.app.step_through,
            ),
            self._from_timeline if not replay else self._from_replay,
        )

    def photo_refusal(self, session: PhotoSession) -> str:
        """As the Big Five's: playing on from an earlier moment is for debug mode, games
        against the computer and finished games (undo keeps the fair rule in the others)."""
        if not session.recordable:
            return "This game began from a position that cannot be saved: it has no going back."
        if self.app.step_through or session.state.over or session.computer_seats:
            return ""
        debug = command_key("toggle_debug", self.app.is_web)
        return (
            f"Going back to play on is for debug mode ({debug}), games against the computer "
            "and finished games; u undoes your last move."
        )

    def _open_photo_timeline(
        self, session: PhotoSession, moment: int | None, *, replay: bool
    ) -> None:
        from bigfive_tui.app.photo_safari.timeline import PhotoTimelineScreen

        def closed(branching: PhotoBranching | None) -> None:
            if branching is not None:
                self._photo_play_from(session, branching)
            elif replay:
                self.app.exit()

        self.app.push_screen(
            PhotoTimelineScreen(
                session,
                moment=moment,
                title="Replay" if replay else "Timeline",
                closing="Quit" if replay else "Back",
                refusal=self.photo_refusal(session),
            ),
            closed,
        )

    def _photo_play_from(self, session: PhotoSession, branching: PhotoBranching) -> None:
        """Keep the whole line as a named save first - if it cannot be written, nothing
        changes - then cut the game there and play on."""
        try:
            path = saves.write_save(
                branching.chose.path,
                session,
                self.app.computer_seats,
                replace=branching.chose.replace,
            )
        except saves.SaveError as problem:
            self.app.notify(
                f"Not gone back: the line could not be kept ({problem}).",
                title="Play from here",
                severity="error",
                markup=False,
            )
            return
        session.truncate(branching.keep)
        if self.app.autosave_file is not None:
            if self.app.replaying:  # the autosave holds another game, if any: keep it
                self.app.replaying = False
                self.app.autosave_file.claim()
            else:
                self.app.autosave_file.holds_game = True
        self.in_play.show_game()
        self.keeper.say_kept(
            f"The game goes on from round {session.state.round}. The line left is kept as "
            f"{path.name}"
        )

    def _from_replay(self, branching: Branching | None) -> None:
        if branching is None:
            self.app.exit()
        else:
            self._play_from(branching)

    def _from_timeline(self, branching: Branching | None) -> None:
        if branching is not None:
            self._play_from(branching)

    def _play_from(self, branching: Branching) -> None:
        """Go back (D-branch): keep the whole line as a named save first - if it cannot be
        written, nothing changes - then cut the game there and play on."""
        from bigfive_tui.engine.session import Branch

        session = self.app.big_five
        assert session is not None
        try:
            path = saves.write_save(
                branching.chose.path,
                session,
                self.app.computer_seats,
                self.keeper.practice_note(),
                replace=branching.chose.replace,
            )
        except saves.SaveError as problem:
            self.app.notify(
                f"Not gone back: the line could not be kept ({problem}).",
                title="Play from here",
                severity="error",
                markup=False,
            )
            return
        kept = session.entries[: branching.keep]
        actions = sum(1 for entry in kept if not entry.is_rig)
        turn = session.state_after(branching.keep).turn
        session.truncate(
            branching.keep,
            Branch(actions=actions, turn=turn, how="play from here", abandoned=path.name),
        )
        if self.app.autosave_file is not None:
            if self.app.replaying:  # the autosave holds another game, if any: keep it
                self.app.replaying = False
                self.app.autosave_file.claim()
            else:
                self.app.autosave_file.holds_game = True
        self.in_play.show_game()
        self.keeper.say_kept(
            f"The game goes on from turn {turn}. The line left is kept as {path.name}"
        )

    def play_on_from(self, position: dict[str, Any], path: Path, replace: bool) -> None:
        """The editor's position becomes the game (D-edit): the game as it was is kept as a
        named save first - if it cannot be, nothing changes."""
        from bigfive_tui.app.files.positions import PositionError, check
        from bigfive_tui.engine.session import Branch

        session = self.app.big_five
        if session is None:
            return
        state, problem = check(position)
        if state is None:
            self.app.notify(f"Not possible: {problem}", severity="error", markup=False)
            return
        try:
            saves.write_save(
                path, session, self.app.computer_seats, self.keeper.practice_note(), replace=replace
            )
            edited = saves.position_session(position)
        except (saves.SaveError, PositionError) as problem:
            self.app.notify(f"Not changed: {problem}", severity="error", markup=False)
            return
        set_hints(edited, hints_used(session))
        edited.branches = [
            *session.branches,
            Branch(actions=0, turn=state.turn, how="edited position", abandoned=path.name),
        ]
        # The log goes on from the game as it was (it started empty but for the edit's line).
        before = [*getattr(self.app.game_screen(), "log_before", ()), *session.log]
        self.in_play.switch_to(edited, self.app.computer_seats, True, before)
        self.keeper.say_kept(
            f"The game goes on from the edited position. The game as it was is kept as {path.name}"
        )

    def export(self, keep: int) -> None:
        """Ask for a name or path and write the game after its first ``keep`` entries there as
        a scenario."""
        self.app.run_worker(self._export_after_asking(keep), name="export_after_asking")

    async def _export_after_asking(self, keep: int) -> None:
        from bigfive_tui.app.files.names import free_name
        from bigfive_tui.app.files.positions import (
            SCENARIO_SUFFIX,
            PositionError,
            export,
            scenarios_dir,
        )
        from bigfive_tui.app.screens.dialogs import SaveDialog

        session = self.app.big_five
        if session is None:
            return
        state = session.state_after(keep)
        folder = scenarios_dir()
        or_path = "" if self.app.is_web else ", or a path ending in .toml"
        chosen = await self.app.push_screen_wait(
            SaveDialog(
                free_name(f"{state.guide.title.lower()}-turn{state.turn}", folder, SCENARIO_SUFFIX),
                folder=folder,
                suffix=SCENARIO_SUFFIX,
                title="Write the position as a scenario",
                about=f"A name (written in {folder}){or_path}. "
                "bigfive scenario run plays it; bigfive play --scenario plays on from it.",
                verb="writes it",
                saves_name=False,
            )
        )
        if chosen is None:
            return
        try:
            exported = export(session, keep, chosen.path, replace=chosen.replace)
        except PositionError as problem:
            self.app.notify(str(problem), title="Not written", severity="error", markup=False)
            return
        self.app.notify(f"Wrote {exported.note} to {exported.path}.", timeout=8, markup=False)
