"""The tutorial's game: a session whose arranged rolls are told as arranged for the lesson.

The tutorial arranges its dice with debug mode's rigs (the engine's one way to set a roll), and
the engine's log says of each "rigged in debug mode". A newcomer in their first game knows no
debug mode, so the lesson's log words them as what they are there: arranged for the lesson.
Only the words change; the rules, the rigs and the steps (their rules and number) stay."""

from __future__ import annotations

from bigfive_tui.engine.actions import Step
from bigfive_tui.engine.session import Entry, Session

#: The engine's words for a rig and what the lesson says instead, in the order they apply.
LESSON_WORDS = (
    ("rigged in debug mode", "arranged for the lesson"),
    ("Debug: ", "For the lesson: "),
    (" is rigged to be ", " is arranged to be "),
    (" is rigged to ", " is arranged to be "),
    (" is rigged:", " is arranged:"),
)


def lesson_words(step: Step) -> Step:
    """``step`` as the lesson tells it."""
    text = step.text
    for engine_words, lesson in LESSON_WORDS:
        text = text.replace(engine_words, lesson)
    return step if text == step.text else step._replace(text=text)


class LessonSession(Session):
    """A session that words its steps for the lesson as they are entered (its log, and the
    steps an action returns, which the screen shows at once)."""

    def _entered(self, entry: Entry, steps: list[Step]) -> None:
        steps[:] = [lesson_words(step) for step in steps]
        super()._entered(entry, steps)


def lesson_session(session: Session) -> LessonSession:
    """The game of ``session`` (which starts from a position: the tutorial's), for the lesson."""
    if session.start_position is None:
        raise ValueError("the tutorial's game starts from a position")
    return LessonSession.from_position(session.start, session.start_position, session.log)
