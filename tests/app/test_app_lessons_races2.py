"""More of the lesson player under keys typed fast (found by a second hunt): a number answer, the language
switch right after a move, Escape right after the map's Enter, and the recap's "back to
the map" (its option id once taken for a move's)."""

from __future__ import annotations

import pytest

textual = pytest.importorskip("textual")

from tests.app.test_app_lessons import choose, move_id, open_lesson, play_step  # noqa: E402
from tests.app.test_app_lessons_races import send  # noqa: E402
from tests.pilot import run_app  # noqa: E402


async def _highlight(pilot, screen, oid):
    listing = screen.query_one("#choices")
    listing.focus()
    enabled = [listing.get_option_at_index(i).id for i in range(listing.option_count)
               if not listing.get_option_at_index(i).disabled]
    await pilot.press("home", *["down"] * enabled.index(oid))


async def _at(pilot, screen, step):
    while screen.session.index < step:
        await play_step(pilot, screen)


def test_back_to_the_map_after_the_recap_goes_back_to_the_map():
    # the option's id "map" starts with "m": taken for a move ("m<n>") -> ValueError: int("ap")
    async def go(app, pilot):
        screen = await open_lesson(app, pilot)
        while not screen.session.finished:
            await play_step(pilot, screen)
        await choose(pilot, screen, "map")
        return type(app.screen).__name__
    assert run_app(go, "it", (120, 36)) == "CourseScreen"


def test_h_typed_right_after_a_number_answer_is_not_a_hint_for_that_question():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 13)
        await _at(pilot, screen, 5)  # a number question ("how much life will B have?")
        assert screen.mode() == "number"
        send(app, *str(screen.session.expected()), "enter", "h")
        await pilot.pause(0.5)
        return screen.session.index, dict(screen.session.hints_used)
    index, hints = run_app(go, "it", (120, 36))
    assert index == 6
    assert hints.get(5, 0) == 0


def test_a_wrong_number_then_h_shows_the_mistake_before_the_hint():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 13)
        await _at(pilot, screen, 5)
        send(app, "1", "enter", "h", "enter")  # (in the number box: "h" typed, then Enter asks for the hint)
        await pilot.pause(0.5)
        return str(screen.query_one("#feedback").render()).splitlines()[-2:]
    lines = run_app(go, "it", (120, 36))
    assert lines[0].startswith("✗") and not lines[1].startswith("✗")


def test_ctrl_l_right_after_a_move_leaves_the_number_box_focused_and_the_move_written():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 13)
        await _at(pilot, screen, 4)  # a move ("pass"); the next step is a number question
        await _highlight(pilot, screen, move_id(screen, screen.session.step.accept[0]))
        send(app, "enter", "ctrl+l")
        await pilot.pause(0.5)
        return screen.mode(), app.focused.id if app.focused else None, screen.session.store.pending
    mode, focused, pending = run_app(go, "it", (120, 36))
    assert mode == "number"
    assert focused == "number"  # seen: "talk" -- digits typed next are lost
    assert pending == 0  # seen: 2 -- the move is lost if the terminal is closed now


def test_the_map_after_move_ctrl_l_escape_shows_where_the_lesson_resumes():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot, 13)
        await _at(pilot, screen, 4)
        await _highlight(pilot, screen, move_id(screen, screen.session.step.accept[0]))
        send(app, "enter", "ctrl+l", "escape")
        await pilot.pause(0.5)
        return screen.session.index, str(app.screen.query_one("#course-detail").render())
    index, detail = run_app(go, "it", (120, 36))
    assert index == 5
    assert "6 из 21" in detail  # seen: "Вы продолжите с шага 5 из 21."


def test_escape_typed_right_after_enter_on_the_map_closes_the_lesson_just_opened():
    # keys typed right after the map's Enter are handled by the map (its list), not by the player pushed
    from tests.app.test_app_lessons import open_map

    async def go(app, pilot):
        await open_map(app, pilot)
        seen = []
        for _ in range(2):  # the player made, then the player kept and loaded again
            send(app, "enter", "escape")
            await pilot.pause(0.5)
            seen.append([type(s).__name__ for s in app.screen_stack])
            if len(app.screen_stack) > 1:
                await pilot.press("escape")
                await pilot.pause(0.3)
        return seen
    assert run_app(go, "it", (120, 36)) == [["CourseScreen"], ["CourseScreen"]]
