"""The lesson player's progress store: a lesson's events written as they happen, a busy file never a freeze.

The session's writes (`record_lesson_event`, `complete_lesson`) are done at once, in the handler of the learner's
key: the frame that shows a move comes after its events are in the file, so a move on the screen is saved even
if the program is killed right after.

A file busy in another program never freezes the screen: a write waits for it at most `BUSY_WAIT_S`; then it
and the writes after it are kept, in order and with their own time, and tried again once per action of the
learner (`flush`, called by the player: the action that finds the file busy waits twice, then each once; told
once, `on_busy`); only when the player leaves (`flush(final=True)`) do they wait as long as the store waits. A write that fails otherwise (a full disk, a read-only file), or still
busy when the player leaves, is reported once (`on_error`) and the store is left alone for the rest of the
lesson. The learner's game is never stopped by it; reopening the lesson tries again. Anything else asked of the
store (the session's reads at the start) is the store's own, after the writes kept."""

from __future__ import annotations

from contextlib import nullcontext
from datetime import UTC, datetime

__all__ = ["BUSY_WAIT_S", "LessonWrites"]

BUSY_WAIT_S = 0.1  # how long a write waits for a file another program holds (then the next action tries again)


class LessonWrites:
    """`store` (a `ProgressStore`) for one lesson's session: see the module docstring."""

    def __init__(self, store, on_error=None, on_busy=None) -> None:
        self._store = store
        self._queue: list[tuple[str, tuple, dict]] = []
        self._on_error = on_error  # called with the `ProgressError` of a failed write
        self._on_busy = on_busy  # called once with the `ProgressError` of the first write that found the file busy
        self.failed = False  # a write failed: nothing more is written
        self.waiting = False  # the file was busy at the last try: the writes kept wait for the next `flush`
        self._busy_told = False

    @property
    def pending(self) -> int:
        """How many writes wait."""
        return len(self._queue)

    def record_lesson_event(self, *args, **kwargs) -> None:
        self._write("record_lesson_event", args, kwargs)

    def complete_lesson(self, *args, **kwargs) -> None:
        self._write("complete_lesson", args, kwargs)

    def _write(self, name: str, args: tuple, kwargs: dict) -> None:
        """Written now; while the file is busy, kept (with the time it happened) for the next `flush`."""
        if not self.failed:
            kwargs.setdefault("now", datetime.now(UTC))
            self._queue.append((name, args, kwargs))
            if not self.waiting:
                self.flush()

    def flush(self, final: bool = False) -> None:
        """Do the writes kept, in order. A busy file: the rest kept for the next flush, unless `final` (then
        waited for as long as the store waits). After a failure, none (it is reported, and raised without
        `on_error`)."""
        from tutor.progress import ProgressError

        queue, self._queue = self._queue, []
        for i, (name, args, kwargs) in enumerate(queue):
            try:
                with self._patience(final):
                    getattr(self._store, name)(*args, **kwargs)
            except ProgressError as exc:
                if exc.key == "progress.error.busy" and not final:
                    self._queue = queue[i:] + self._queue  # kept in order, with their own time
                    self.waiting = True
                    if not self._busy_told and self._on_busy is not None:
                        self._busy_told = True
                        self._on_busy(exc)
                    return
                self.failed = True
                self._queue = []
                if self._on_error is None:
                    raise
                self._on_error(exc)
                return
        self.waiting = False

    def _patience(self, final: bool):
        """How long a write waits for a busy file: `BUSY_WAIT_S`, or the store's own timeout when `final`."""
        waiting_at_most = getattr(self._store, "waiting_at_most", None)
        return nullcontext() if final or waiting_at_most is None else waiting_at_most(BUSY_WAIT_S)

    def __getattr__(self, name: str):
        self.flush()  # (after the writes kept)
        return getattr(self._store, name)
