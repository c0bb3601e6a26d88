"""The terminal resized below any usable size and back, on every screen (issue 19: 1×1 during the quiz or a lesson
ended the app with ``ValueError: range() arg 3 must not be zero``). Each screen is drawn at 1×1, 2×2 and 5×3 (cut
off, but drawn), then at 80×24 again exactly as it was before, and still answers its keys."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

textual = pytest.importorskip("textual")

from textual.widgets import Input, OptionList  # noqa: E402

from tests.pilot import run_app  # noqa: E402
from tutor.progress import DayPolicy  # noqa: E402

SIZES = ((1, 1), (2, 2), (5, 3), (80, 24))
NOW = datetime(2025, 3, 10, 12, 0, tzinfo=UTC)


async def shake(app, pilot) -> None:
    """Resize to each of `SIZES` (the last is the usual 80×24), drawing the whole screen at each size, and check
    that the screen at 80×24 is drawn as it was before."""
    for box in app.screen.query(Input):
        box.cursor_blink = False  # the same drawing at any moment
    await app.workers.wait_for_complete()
    await pilot.pause(0.3)  # what the last key started (a search's results, a page's links) is drawn
    before = drawing(app)
    screen = app.screen
    for size in SIZES:
        await pilot.resize_terminal(*size)
        await pilot.pause()
        assert app.size == size
        app.export_screenshot()  # the whole screen drawn at this size
    assert app.screen is screen
    assert drawing(app) == before


def drawing(app) -> str:
    """The screen as drawn (Textual's SVG export, less the id it makes up for each export)."""
    return re.sub(r"terminal-\d+", "terminal", app.export_screenshot())


def run(coro_fn, **quiz):
    def prepare(app):
        app.quiz_options = {"seed": 1, "now": lambda: NOW, "fuzzing": False, "day_policy": DayPolicy(tz=UTC),
                            "tz": UTC, "all_topics": True, **quiz}  # every topic: the sessions these tests know
    return run_app(coro_fn, "it", (80, 24), prepare=prepare)


def test_the_quiz_a_question_its_answer_and_the_statistics():
    async def go(app, pilot):
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        q = screen.question
        assert type(screen).__name__ == "QuizScreen" and q is not None
        await shake(app, pilot)  # the question waiting for its answer
        assert screen.question is q and screen.outcome is None
        if q.answer_format in ("choice", "choices"):
            assert screen.query_one("#quiz-options", OptionList).option_count == len(q.options)
        await pilot.press("h")
        await pilot.press(*{"choice": ["1"], "choices": ["1", "enter"], "order": ["enter"]}.get(q.answer_format,
                                                                                               ["1", "enter"]))
        await pilot.pause()
        assert screen.outcome is not None  # the answer went in after the resizes
        await shake(app, pilot)  # the verdict and the explanation
        await pilot.press("s")
        await pilot.pause()
        assert screen.stats_shown
        await shake(app, pilot)  # the statistics
        await pilot.press("s", "enter")
        await pilot.pause()
        return screen.number

    assert run(go) == 2  # the next question came


def test_the_course_map_and_the_lesson_player_before_and_after_a_move():
    async def go(app, pilot):
        await pilot.press("f2")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert type(app.screen).__name__ == "CourseScreen"
        await shake(app, pilot)  # the course map
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "LessonScreen"
        await shake(app, pilot)  # the lesson's first step
        listing = screen.query_one("#choices", OptionList)
        assert listing.display and listing.option_count
        before = texts(screen)
        listing.focus()
        await pilot.press("home", "enter")
        await pilot.pause()
        assert texts(screen) != before  # the move was made: its feedback, or the next step
        await shake(app, pilot)  # after a move (the feedback or the next step, the log)
        await pilot.press("f2")  # from the lesson back to the map (F2 shows the lesson being played, or the map)
        await pilot.pause()
        return type(app.screen).__name__

    assert run(go) in ("LessonScreen", "CourseScreen")


def texts(screen) -> tuple[str, str]:
    return str(screen.query_one("#step-text").render()), str(screen.query_one("#feedback").render())


def test_the_glossary_the_rules_and_the_help():
    async def go(app, pilot):
        await pilot.press(*"cimitero", "enter")
        await pilot.pause()
        await shake(app, pilot)  # an entry shown
        assert app.history.current.entry_id == "it:cimitero"
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen"
        await shake(app, pilot)  # the rules' contents
        await pilot.press("f1")
        await pilot.pause()
        await shake(app, pilot)  # the help above them
        await pilot.press("escape")
        await pilot.pause()
        return type(app.screen).__name__

    assert run(go) == "RulesScreen"
