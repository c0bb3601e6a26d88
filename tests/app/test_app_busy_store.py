"""A busy progress store (another mtg-tutor writing it) never freezes the app's quiz: the answer's write waits
a moment, then in a thread while the screen says why the verdict waits; a write that fails in the end says the
answer was not saved, and answering again records it (issue 19: the app froze for about 5 s at each answer)."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from functools import partial

import tutor.progress
from tests.pilot import run_app
from tutor.i18n import t
from tutor.progress import ProgressStore
from tutor.quiz.model import expected_text


async def _quiz_ready(app, pilot):
    await pilot.press("f3")
    for _ in range(100):
        await pilot.pause(0.1)
        screen = app.screen
        if getattr(screen, "question", None) is not None:
            return screen
    raise AssertionError("the quiz never showed its first question")


def _notes(app) -> list[str]:
    seen: list[str] = []
    real = app.notify

    def notify(message, *args, **kwargs):
        seen.append(str(message))
        return real(message, *args, **kwargs)

    app.notify = notify
    return seen


def _lock(path):
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    return other


def test_an_answer_waits_for_a_busy_store_without_freezing_the_screen(isolated_home):
    async def go(app, pilot):
        notes = _notes(app)
        screen = await _quiz_ready(app, pilot)
        q = screen.question
        other = _lock(isolated_home / "progress.db")
        try:
            started = time.monotonic()
            screen.submit(expected_text(q, "it"))
            blocked = time.monotonic() - started
            assert blocked < 1.5  # 0.25 s on the screen's thread, never the store's 5 s
            assert screen.saving and screen.outcome is None
            await pilot.press("h")  # the screen answers keys meanwhile (no hint: the answer is given)
            assert screen.hints_shown == 0
            assert any(t("quiz.app.saving_busy", "it", seconds="5").split(":")[0] in n for n in notes)
        finally:
            other.execute("ROLLBACK")
            other.close()
        for _ in range(100):
            await pilot.pause(0.05)
            if screen.outcome is not None:
                break
        return screen.outcome is not None, screen.saving

    assert run_app(go) == (True, False)
    with ProgressStore.open() as store:
        assert len(store.reviews()) == 1


def test_a_write_that_never_gets_the_store_says_it_was_not_saved_and_a_new_answer_records(isolated_home,
                                                                                           monkeypatch):
    monkeypatch.setattr(tutor.progress, "open_store", partial(tutor.progress.open_store, busy_timeout=0.6))

    async def go(app, pilot):
        notes = _notes(app)
        screen = await _quiz_ready(app, pilot)
        q = screen.question
        other = _lock(isolated_home / "progress.db")
        try:
            screen.submit(expected_text(q, "it"))
            for _ in range(60):
                await pilot.pause(0.05)
                if not screen.saving:
                    break
            await asyncio.sleep(0)
            assert screen.outcome is None and not screen.saving
            assert any(n.startswith(t("quiz.app.not_saved", "it", error="").strip()) for n in notes)
        finally:
            other.execute("ROLLBACK")
            other.close()
        screen.submit(expected_text(q, "it"))  # answered again: recorded at once
        await pilot.pause()
        return screen.outcome is not None

    assert run_app(go) is True
    with ProgressStore.open() as store:
        assert len(store.reviews()) == 1
