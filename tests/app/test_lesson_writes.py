"""The lesson player's progress writes (`tutor.app.lesson_writes`): a move's events are written at once, before
the frame that shows it; a busy file keeps them, in order and with their own time, and anything else read from
the store comes after them; a failed write is reported once and never stops the lesson."""

from __future__ import annotations

import sqlite3
import time
from datetime import UTC, datetime, timedelta

import pytest

from tutor.app.lesson_writes import LessonWrites
from tutor.progress import ProgressError, ProgressStore


def test_events_are_written_at_once_in_order_with_their_own_time(tmp_path):
    store = ProgressStore.open(tmp_path / "progress.db")
    writes = LessonWrites(store)
    then = datetime.now(UTC) - timedelta(minutes=5)
    writes.record_lesson_event("turn-at-a-glance", "start", now=then)
    writes.record_lesson_event("turn-at-a-glance", "step", 1)
    events = store.lesson_events("turn-at-a-glance")  # (the store itself: nothing waits)
    assert [e.kind for e in events] == ["start", "step"] and writes.pending == 0
    assert abs((events[0].at - then).total_seconds()) < 0.01  # the time it happened
    assert writes.lesson_state("turn-at-a-glance").step == 1  # anything else: the store's own


def test_a_failed_write_is_reported_once_and_the_store_then_left_alone(tmp_path):
    """A full disk (or a file still busy when the player leaves) fails every write: after one failure nothing
    more is written in this lesson (and the completion is kept in order with the events)."""
    store = ProgressStore.open(tmp_path / "progress.db")
    calls: list[str] = []

    class Flaky:
        fail = True

        def record_lesson_event(self, *args, **kwargs):
            calls.append(args[1])
            if Flaky.fail:
                raise ProgressError("progress.error.full", path="x")
            return store.record_lesson_event(*args, **kwargs)

        def complete_lesson(self, *args, **kwargs):
            calls.append("complete")
            return store.complete_lesson(*args, **kwargs)

    errors: list = []
    writes = LessonWrites(Flaky(), errors.append)
    writes.record_lesson_event("turn-at-a-glance", "start")
    writes.record_lesson_event("turn-at-a-glance", "step", 1)
    writes.flush()
    writes.record_lesson_event("turn-at-a-glance", "step", 2)
    assert len(errors) == 1 and errors[0].key == "progress.error.full" and writes.failed
    assert calls == ["start"] and writes.pending == 0  # tried once, then left alone
    Flaky.fail = False
    fine = LessonWrites(Flaky(), errors.append)  # (the next lesson opened tries again)
    fine.record_lesson_event("turn-at-a-glance", "start")
    fine.complete_lesson("turn-at-a-glance", 3)
    assert fine.pending == 0 and calls[-2:] == ["start", "complete"]  # both written at once, in order
    assert store.lesson_state("turn-at-a-glance").status == "done"
    Flaky.fail = True
    alone = LessonWrites(Flaky())  # without a handler the error goes up
    with pytest.raises(ProgressError):
        alone.record_lesson_event("turn-at-a-glance", "start")


def test_the_player_writes_a_move_before_the_frame_that_shows_it(isolated_home):
    """Killed right after a frame (kill -9), the player has saved every move that frame shows: the frame after
    the move's key finds its events in the file already."""
    pytest.importorskip("textual")
    from tests.app.test_app_lessons import choose, move_id, open_lesson, play_step
    from tests.pilot import run_app

    async def go(app, pilot):
        screen = await open_lesson(app, pilot, order=3)
        while screen.mode() != "move":
            await play_step(pilot, screen)
        store = screen.session.store
        lesson, index = screen.lesson.id, screen.session.index
        before = len(store._store.lesson_events(lesson))
        frames: list = []  # at each frame: the step shown, and the events in the file
        display = app._display

        def seen(target, renderable) -> None:
            if renderable is not None:
                frames.append((screen.session.index, len(store._store.lesson_events(lesson))))
            display(target, renderable)

        app._display = seen
        await choose(pilot, screen, move_id(screen, screen.session.step.accept[0]))
        app._display = display
        after = store._store.lesson_events(lesson)
        return before, index, frames, [e.kind for e in after[before:]], store.pending
    before, index, frames, kinds, pending = run_app(go, "it", (120, 36))
    assert before > 0 and kinds == ["answer", "step"] and pending == 0
    assert (index + 1, before + 2) in frames  # a frame showed the next step…
    assert all(written == before + 2 for step, written in frames if step > index)  # …with the move in the file


def test_opening_a_lesson_in_the_app_writes_its_start_at_once(isolated_home):
    """A lesson opened and left at once (the terminal closed) is already started in the store."""
    pytest.importorskip("textual")
    from tests.app.test_app_lessons import open_lesson
    from tests.pilot import run_app

    async def go(app, pilot):
        screen = await open_lesson(app, pilot, order=1)
        store = screen.session.store
        return store.pending, store._store.lesson_state(screen.lesson.id).status
    pending, status = run_app(go, "it", (120, 36))
    assert pending == 0 and status == "started"


def _held(path):
    """Another program's connection holding the file's write lock (BEGIN IMMEDIATE)."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    return other


def test_a_busy_file_keeps_the_moves_for_the_next_one_without_freezing(tmp_path):
    """A file another program holds: a move's writes wait at most BUSY_WAIT_S (not the store's 5 s), are kept
    in order with their own time, told once, and written by the first flush after the file is free; what is
    read from the store meanwhile comes after them."""
    from tutor.app.lesson_writes import BUSY_WAIT_S

    store = ProgressStore.open(tmp_path / "progress.db")
    busy: list = []
    errors: list = []
    writes = LessonWrites(store, errors.append, busy.append)
    other = _held(store.path)
    then = datetime.now(UTC) - timedelta(minutes=1)
    waits = []
    for step in (0, 1, 2, 3):  # the player's actions: the session's writes, then its flush
        started = time.monotonic()
        if step:
            writes.record_lesson_event("turn-at-a-glance", "step", step)
        else:
            writes.record_lesson_event("turn-at-a-glance", "start", now=then)
        writes.flush()
        waits.append(time.monotonic() - started)
    assert max(waits) < 2 * BUSY_WAIT_S + 1 < store.busy_timeout  # never the store's whole timeout
    assert writes.pending == 4 and writes.waiting and not writes.failed and not errors
    assert store.lesson_events("turn-at-a-glance") == []  # nothing written
    assert len(busy) == 1 and busy[0].key == "progress.error.busy"  # told once
    other.rollback()
    other.close()
    events = writes.lesson_events("turn-at-a-glance")  # a read: the writes kept first
    assert [(e.kind, e.step) for e in events] == [("start", 0), ("step", 1), ("step", 2), ("step", 3)]
    assert abs((events[0].at - then).total_seconds()) < 0.01 and writes.pending == 0 and not writes.waiting
    writes.record_lesson_event("turn-at-a-glance", "step", 4)  # and at once again
    assert [e.step for e in store.lesson_events("turn-at-a-glance")][-1] == 4 and writes.pending == 0


def test_a_file_still_busy_when_the_player_leaves_is_waited_for_then_reported(tmp_path):
    store = ProgressStore.open(tmp_path / "progress.db")
    errors: list = []
    writes = LessonWrites(store, errors.append, lambda exc: None)
    other = _held(store.path)
    writes.record_lesson_event("turn-at-a-glance", "start")
    assert writes.pending == 1 and not errors
    with store.waiting_at_most(0.3):  # the store's own timeout, shortened for the test
        writes.flush(final=True)
    other.rollback()
    other.close()
    assert len(errors) == 1 and errors[0].key == "progress.error.busy" and writes.failed and writes.pending == 0


def test_the_player_goes_on_at_once_with_a_busy_file_and_saves_when_it_is_free(isolated_home):
    """In the app: a move while another program holds the progress file is drawn without the store's 5 s wait,
    the learner is told once why it is not saved yet, and the next move after the file is free writes both."""
    pytest.importorskip("textual")
    from tests.app.test_app_lessons import choose, move_id, open_lesson, play_step
    from tests.pilot import run_app
    from tutor.i18n import t

    async def go(app, pilot):
        seen: list[str] = []
        real = app.notify
        app.notify = lambda message, *a, **k: (seen.append(str(message)), real(message, *a, **k))[1]
        screen = await open_lesson(app, pilot, order=3)
        while screen.mode() != "move":
            await play_step(pilot, screen)
        store = screen.session.store
        written = len(store._store.lesson_events(screen.lesson.id))
        other = _held(store._store.path)
        started = time.monotonic()
        await choose(pilot, screen, move_id(screen, screen.session.step.accept[0]))
        await pilot.pause()
        took = time.monotonic() - started
        kept = (store.pending, len(store._store.lesson_events(screen.lesson.id)) == written)
        other.rollback()
        other.close()
        await play_step(pilot, screen)  # the next step, the file free: it writes what was kept too
        await pilot.pause()
        await pilot.pause()
        return took, kept, store.pending, store.failed, seen

    took, kept, pending, failed, seen = run_app(go, "it", (120, 36))
    assert took < 3 and kept[0] > 0 and kept[1]  # drawn at once; the move's writes kept, none written
    assert seen.count(t("app.lessons.busy", "it")) == 1
    assert pending == 0 and not failed  # written once the file was free
