"""The app resized to 1×1 (or 2×2) at any moment of the quiz or a lesson survives it, as the search screen
does (issue 19: `ValueError: range() arg 3 must not be zero` from Rich's word folding in an option list)."""

from __future__ import annotations

from tests.pilot import run_app


async def _squeeze(pilot, *keys: str) -> None:
    for size in ((1, 1), (2, 2), (1, 1)):
        await pilot.resize_terminal(*size)
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
            await pilot.pause()
    await pilot.resize_terminal(80, 24)
    await pilot.pause()


def test_the_quiz_survives_a_terminal_of_one_cell(isolated_home):
    async def go(app, pilot):
        await pilot.press("f3")
        await pilot.pause(0.3)
        for keys in ((), ("1",), ("enter",), ("down", "enter"), ("2", "enter")):
            await _squeeze(pilot, *keys)
        await _squeeze(pilot, "f3")
        return app.screen.__class__.__name__, app.is_running

    assert run_app(go) == ("QuizScreen", True)


def test_a_lesson_survives_a_terminal_of_one_cell(isolated_home):
    async def go(app, pilot):
        await pilot.press("f2")
        await pilot.pause(0.3)
        await _squeeze(pilot)  # the course map
        await pilot.press("enter")
        await pilot.pause(0.3)
        for keys in ((), ("enter",), ("1",), ("h",), ("enter",), ("2",)):
            await _squeeze(pilot, *keys)
        return app.screen.__class__.__name__, app.is_running

    assert run_app(go) == ("LessonScreen", True)
