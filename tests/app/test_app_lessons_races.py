"""The lesson player under keys typed fast and a progress store that cannot be written (found by a hunt on the
player the course map keeps): keys act in the order they were typed, the player is pushed once, and a store
that is busy is a notice, never a crash nor a frozen screen."""

from __future__ import annotations

import sqlite3

import pytest

textual = pytest.importorskip("textual")

from textual import events  # noqa: E402

from tests.app.test_app_lessons import move_id, open_lesson, open_map, play_step  # noqa: E402
from tests.pilot import run_app  # noqa: E402


def send(app, *keys):
    """Keys arriving in one read from the terminal (typed fast, or `tmux send-keys Enter h`)."""
    chars = {"enter": "\r", "escape": "\x1b"}
    for k in keys:
        event = events.Key(k, chars.get(k, k if len(k) == 1 else None))
        event.set_sender(app)
        app._driver.send_message(event)


def short_busy_store(app):
    from tutor.progress import ProgressStore

    app._lesson_store = ProgressStore.open(busy_timeout=0.05)


def lock(store):
    conn = sqlite3.connect(store.path, isolation_level=None, timeout=0)
    conn.execute("BEGIN EXCLUSIVE")
    return conn


def test_finishing_a_lesson_while_the_store_is_busy_is_a_notice_not_a_crash():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot)
        while screen.session.index < len(screen.lesson.steps) - 1:
            await play_step(pilot, screen)
        held = lock(app._lesson_store)
        await play_step(pilot, screen)  # the recap's "go on": complete_lesson is written now
        held.rollback()
        return screen.session.finished, [n.title for n in app._notifications]
    finished, notices = run_app(go, "it", (120, 36), prepare=short_busy_store)
    assert finished and notices


def test_reopening_a_done_lesson_while_the_store_is_busy_is_a_notice_not_a_crash():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot)
        while not screen.session.finished:
            await play_step(pilot, screen)
        await pilot.press("escape")
        await pilot.pause()
        held = lock(app._lesson_store)
        app.screen.query_one("#course-list").highlighted = 1  # (0: the first course's heading)
        await pilot.press("enter")  # a done lesson starts a new run: reset_lesson writes
        await pilot.pause()
        held.rollback()
        return type(app.screen).__name__
    assert run_app(go, "it", (120, 36), prepare=short_busy_store) == "LessonScreen"


def test_enter_enter_on_the_map_pushes_the_player_once():
    async def go(app, pilot):
        await open_map(app, pilot)
        send(app, "enter", "enter")
        await pilot.pause(0.3)
        return [type(s).__name__ for s in app.screen_stack]
    assert run_app(go, "it", (120, 36)) == ["CourseScreen", "LessonScreen"]


def test_h_typed_right_after_the_move_is_not_a_hint_for_the_move_just_made():
    async def go(app, pilot):
        screen = await open_lesson(app, pilot)
        while screen.mode() != "move":
            await play_step(pilot, screen)
        step = screen.session.index
        listing = screen.query_one("#choices")
        enabled = [listing.get_option_at_index(i).id for i in range(listing.option_count)
                   if not listing.get_option_at_index(i).disabled]
        await pilot.press("home", *["down"] * enabled.index(move_id(screen, screen.session.step.accept[0])))
        send(app, "enter", "h")  # the move, then a hint (at the next step: a "say", no hints there)
        await pilot.pause(0.3)
        return step, screen.session.index, dict(screen.session.hints_used)
    step, now, hints = run_app(go, "it", (120, 36))
    assert now == step + 1
    assert hints.get(step, 0) == 0  # the hint was counted against the move made before it was asked for
