"""The lesson player's progress store: a lesson's events written right after the frame that shows the move.

A move in the app is drawn in the next frame (the board first); writing its events to the progress store (a
transaction each, a millisecond or more) is left until that frame is out (`LaterWrites.flush`, called by the
player as it draws its texts, and when it leaves). The events (and the lesson's completion) keep their order
and their own time; any other use of the store writes them first, so what is read back is up to date.

A write that fails (the file busy in another program, a full disk) is reported once (`on_error`) and the
store is left alone for the rest of the lesson: a busy file would otherwise freeze the screen for its whole
timeout at every move. The learner's game is never stopped by it; reopening the lesson tries again."""

from __future__ import annotations

from datetime import UTC, datetime

__all__ = ["LaterWrites"]

_KEPT = frozenset({"record_lesson_event", "complete_lesson"})  # the writes kept for `flush` (no result used)


class LaterWrites:
    """`store` (a `ProgressStore`), its lesson writes kept until `flush`."""

    def __init__(self, store, on_error=None) -> None:
        self._store = store
        self._queue: list[tuple[str, tuple, dict]] = []
        self._on_error = on_error  # called with the `ProgressError` of a failed write
        self.failed = False  # a write failed: nothing more is written

    @property
    def pending(self) -> int:
        """How many writes wait."""
        return len(self._queue)

    def record_lesson_event(self, *args, **kwargs) -> None:
        self._keep("record_lesson_event", args, kwargs)

    def complete_lesson(self, *args, **kwargs) -> None:
        self._keep("complete_lesson", args, kwargs)

    def _keep(self, name: str, args: tuple, kwargs: dict) -> None:
        if not self.failed:
            kwargs.setdefault("now", datetime.now(UTC))  # when it happened, not when it is written
            self._queue.append((name, args, kwargs))

    def flush(self) -> None:
        """Do the writes kept, in order; after a failure, none (it is reported, and raised without
        `on_error`)."""
        from tutor.progress import ProgressError

        queue, self._queue = self._queue, []
        for name, args, kwargs in queue:
            try:
                getattr(self._store, name)(*args, **kwargs)
            except ProgressError as exc:
                self.failed = True
                if self._on_error is None:
                    raise
                self._on_error(exc)
                return

    def __getattr__(self, name: str):
        self.flush()  # any other use reads (or writes) after the writes kept
        return getattr(self._store, name)
