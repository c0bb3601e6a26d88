"""The lesson player's progress store: a lesson's events written right after the frame that shows the move.

A move in the app is drawn in the next frame (the board first); writing its events to the progress store (a
transaction each, ~1 ms) is left until that frame is out (`LaterWrites.flush`, called by the player as it
draws its texts, and when it leaves). The events keep their order and their own time; any other use of the
store writes them first, so what is read back is always up to date. A write that fails (a locked or full
disk) is reported once as a notice and the lesson goes on: the learner's game is never stopped by it."""

from __future__ import annotations

from datetime import UTC, datetime

__all__ = ["LaterWrites"]


class LaterWrites:
    """`store` (a `ProgressStore`), its ``record_lesson_event`` calls kept until `flush`."""

    def __init__(self, store, on_error=None) -> None:
        self._store = store
        self._queue: list[tuple[tuple, dict]] = []
        self._on_error = on_error  # called with the `ProgressError` of a failed write

    @property
    def pending(self) -> int:
        """How many events wait to be written."""
        return len(self._queue)

    def record_lesson_event(self, *args, **kwargs) -> None:
        kwargs.setdefault("now", datetime.now(UTC))  # when it happened, not when it is written
        self._queue.append((args, kwargs))

    def flush(self) -> None:
        """Write the events kept, in order (a failed one is reported and left out)."""
        from tutor.progress import ProgressError

        queue, self._queue = self._queue, []
        for args, kwargs in queue:
            try:
                self._store.record_lesson_event(*args, **kwargs)
            except ProgressError as exc:
                if self._on_error is None:
                    raise
                self._on_error(exc)

    def __getattr__(self, name: str):
        self.flush()  # any other use reads (or writes) after the events kept
        return getattr(self._store, name)
