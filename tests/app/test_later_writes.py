"""The lesson player's progress writes (`tutor.app.later_writes`): a move's events are written right after the
frame that shows it, in order and with their own time; anything else read from the store comes after them;
a failed write is reported once and never stops the lesson."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tutor.app.later_writes import LaterWrites
from tutor.progress import ProgressError, ProgressStore


def test_events_are_written_in_order_with_their_own_time_and_before_any_read(tmp_path):
    store = ProgressStore.open(tmp_path / "progress.db")
    later = LaterWrites(store)
    then = datetime.now(UTC) - timedelta(minutes=5)
    later.record_lesson_event("turn-at-a-glance", "start", now=then)
    later.record_lesson_event("turn-at-a-glance", "step", 1)
    assert later.pending == 2 and store.lesson_events("turn-at-a-glance") == []  # not written yet
    events = later.lesson_events("turn-at-a-glance")  # any other use: written first
    assert [e.kind for e in events] == ["start", "step"] and later.pending == 0
    assert abs((events[0].at - then).total_seconds()) < 0.01  # the time it happened
    later.record_lesson_event("turn-at-a-glance", "hint", 1, {"level": 1})
    later.flush()
    assert [e.kind for e in store.lesson_events("turn-at-a-glance")] == ["start", "step", "hint"]


def test_a_failed_write_is_reported_once_and_the_store_then_left_alone(tmp_path):
    """A busy file would freeze the screen for its whole timeout at every move: after one failure nothing
    more is written in this lesson (and the completion is kept in order with the events)."""
    store = ProgressStore.open(tmp_path / "progress.db")
    calls: list[str] = []

    class Flaky:
        fail = True

        def record_lesson_event(self, *args, **kwargs):
            calls.append(args[1])
            if Flaky.fail:
                raise ProgressError("progress.error.busy", path="x", seconds="5")
            return store.record_lesson_event(*args, **kwargs)

        def complete_lesson(self, *args, **kwargs):
            calls.append("complete")
            return store.complete_lesson(*args, **kwargs)

    errors: list = []
    later = LaterWrites(Flaky(), errors.append)
    later.record_lesson_event("turn-at-a-glance", "start")
    later.record_lesson_event("turn-at-a-glance", "step", 1)
    later.flush()
    later.record_lesson_event("turn-at-a-glance", "step", 2)
    later.flush()
    assert len(errors) == 1 and "5" in errors[0].message("it") and later.failed
    assert calls == ["start"] and later.pending == 0  # tried once, then left alone
    Flaky.fail = False
    fine = LaterWrites(Flaky(), errors.append)  # (the next lesson opened tries again)
    fine.record_lesson_event("turn-at-a-glance", "start")
    fine.complete_lesson("turn-at-a-glance", 3)
    assert fine.pending == 2 and calls == ["start"]  # both kept, nothing written yet
    fine.flush()
    assert calls[-2:] == ["start", "complete"] and store.lesson_state("turn-at-a-glance").status == "done"
    Flaky.fail = True
    alone = LaterWrites(Flaky())  # without a handler the error goes up
    alone.record_lesson_event("turn-at-a-glance", "start")
    with pytest.raises(ProgressError):
        alone.flush()


def test_the_player_writes_a_move_once_the_board_is_drawn(isolated_home):
    pytest.importorskip("textual")
    from tests.app.test_app_lessons import choose, move_id, open_lesson, play_step
    from tests.pilot import run_app

    async def go(app, pilot):
        screen = await open_lesson(app, pilot, order=3)
        while screen.mode() != "move":
            await play_step(pilot, screen)
        store = screen.session.store
        before = len(store._store.lesson_events(screen.lesson.id))
        await choose(pilot, screen, move_id(screen, screen.session.step.accept[0]))
        after = store._store.lesson_events(screen.lesson.id)
        return before, [e.kind for e in after[before:]], store.pending
    before, kinds, pending = run_app(go, "it", (120, 36))
    assert before > 0 and kinds == ["answer", "step"] and pending == 0


def test_opening_a_lesson_in_the_app_writes_its_start_at_once(isolated_home):
    """Only a move's writes wait for its frame: a lesson opened and left at once (the terminal closed) is
    already started in the store."""
    pytest.importorskip("textual")
    from tests.app.test_app_lessons import open_lesson
    from tests.pilot import run_app

    async def go(app, pilot):
        screen = await open_lesson(app, pilot, order=1)
        store = screen.session.store
        return store.pending, store._store.lesson_state(screen.lesson.id).status
    pending, status = run_app(go, "it", (120, 36))
    assert pending == 0 and status == "started"
