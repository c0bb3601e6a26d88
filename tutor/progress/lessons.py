"""Lesson progress: a summary row per lesson and the append-only log of what the learner did.

A lesson is played in *runs*: the first run starts with the first event; :meth:`LessonsMixin.reset_lesson` closes
the run (the log keeps it) and starts the next one from step 0. The summary (status, step reached, hints, stars)
describes the current run, except ``best_stars``, ``completions`` and ``first_played``, which span all runs.
Per-step answers are derived from the current run's events.

Event kinds (:class:`LessonEventKind`): ``start`` (the lesson was opened), ``step`` (a step was reached: the lesson
resumes there), ``hint`` (a hint was shown), ``answer`` (an answer was given, right or wrong); ``completed`` and
``reset`` are written by :meth:`~LessonsMixin.complete_lesson` and :meth:`~LessonsMixin.reset_lesson`.
A finished lesson takes no more events until it is reset (replaying a finished lesson means starting it over).
A lesson once completed stays completed for the learner: :attr:`LessonState.shown_status` is ``replay`` (not
``started``) while a later run is played, and the lists count it as completed.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from tutor.progress.clock import iso, parse_iso, utc

__all__ = ["LessonEvent", "LessonEventKind", "LessonState", "LessonsMixin", "StepRecord"]


class LessonEventKind(StrEnum):
    """What happened in a lesson."""

    START = "start"
    STEP = "step"
    HINT = "hint"
    ANSWER = "answer"
    COMPLETED = "completed"
    RESET = "reset"


@dataclass(frozen=True)
class StepRecord:
    """The answers and hints of one step in the current run."""

    step: int
    attempts: int = 0        # answers given
    correct: bool = False    # answered right at least once
    first_try: bool = False  # the first answer was right
    hints: int = 0


@dataclass(frozen=True)
class LessonState:
    """A lesson's progress; a lesson never played is ``LessonState(lesson_id)`` (status ``new``)."""

    lesson_id: str
    status: str = "new"                   # new | started | done (of the current run)
    step: int = 0                         # the step to resume at
    hints_used: int = 0                   # in the current run
    stars: int = 0                        # of the current run (0 until done)
    best_stars: int = 0                   # over all runs
    completions: int = 0                  # how many runs were completed
    run: int = 1
    first_played: datetime | None = None  # aware UTC
    last_played: datetime | None = None
    completed_at: datetime | None = None  # of the current run
    steps: tuple[StepRecord, ...] = ()    # ordered by step

    @property
    def completed(self) -> bool:
        """Whether any run was completed (a replay started since does not undo it)."""
        return self.completions > 0

    @property
    def shown_status(self) -> str:
        """The status a learner is told: ``new``, ``started``, ``done``, or ``replay`` (completed before and
        being played again): a replay never turns a completed lesson back into a started one."""
        return "replay" if self.completions and self.status != "done" else self.status

    def step_record(self, step: int) -> StepRecord:
        """The record of `step` (an empty one if nothing happened there)."""
        return next((record for record in self.steps if record.step == step), StepRecord(step))


@dataclass(frozen=True)
class LessonEvent:
    """One row of the lesson log."""

    id: int
    lesson_id: str
    run: int
    at: datetime
    kind: LessonEventKind
    step: int | None
    correct: bool | None
    data: dict[str, Any] | None


_COLUMNS = ("lesson_id, status, step, hints_used, stars, best_stars, completions, run, "
            "first_played, last_played, completed_at")


def _check_id(lesson_id: object) -> str:
    if not isinstance(lesson_id, str) or not lesson_id.strip() or len(lesson_id) > 200:
        raise ValueError(f"a lesson id must be a non-empty string of at most 200 characters, not {lesson_id!r}")
    return lesson_id


def _check_step(step: object) -> int | None:
    if step is not None and (not isinstance(step, int) or isinstance(step, bool) or step < 0):
        raise ValueError(f"a step must be an index >= 0, not {step!r}")
    return step


def _encode_data(data: object) -> str | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ValueError(f"event data must be a dict, not {type(data).__name__}")
    try:
        return json.dumps(data, ensure_ascii=False, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"event data must be JSON-serialisable: {exc}") from exc


def _steps(rows) -> tuple[StepRecord, ...]:
    """Per-step records from (step, kind, correct) rows in log order."""
    acc: dict[int, dict[str, Any]] = {}
    for step, kind, correct in rows:
        if step is None:
            continue
        rec = acc.setdefault(step, {"attempts": 0, "correct": False, "first_try": False, "hints": 0})
        if kind == "hint":
            rec["hints"] += 1
        else:
            if rec["attempts"] == 0:
                rec["first_try"] = bool(correct)
            rec["attempts"] += 1
            rec["correct"] = rec["correct"] or bool(correct)
    return tuple(StepRecord(step, **acc[step]) for step in sorted(acc))


def _state(row, steps: tuple[StepRecord, ...]) -> LessonState:
    (lesson_id, status, step, hints, stars, best, completions, run, first, last, completed) = row
    return LessonState(lesson_id, status, step, hints, stars, best, completions, run,
                       parse_iso(first), parse_iso(last), parse_iso(completed), steps)


class LessonsMixin:
    """The lesson half of :class:`~tutor.progress.ProgressStore`."""

    def lesson_state(self, lesson_id: str) -> LessonState:
        """The progress of `lesson_id` (a fresh ``new`` state if it was never played)."""
        _check_id(lesson_id)
        with self._read() as conn:
            return self._lesson_state(conn, lesson_id)

    def completed_lesson_ids(self) -> list[str]:
        """The ids of the lessons the learner completed at least once (a replay since does not undo it)."""
        with self._read() as conn:
            return [row[0] for row in conn.execute(
                "SELECT lesson_id FROM lesson WHERE completions > 0 ORDER BY lesson_id")]

    def lesson_states(self) -> dict[str, LessonState]:
        """The progress of every lesson ever played, by lesson id."""
        with self._read() as conn:
            rows = conn.execute(f"SELECT {_COLUMNS} FROM lesson ORDER BY lesson_id").fetchall()
            events: dict[str, list] = {}
            for lesson_id, step, kind, correct in conn.execute(
                    "SELECT e.lesson_id, e.step, e.kind, e.correct FROM lesson_event e "
                    "JOIN lesson l ON l.lesson_id = e.lesson_id AND l.run = e.run "
                    "WHERE e.kind IN ('hint', 'answer') ORDER BY e.id"):
                events.setdefault(lesson_id, []).append((step, kind, correct))
        return {row[0]: _state(row, _steps(events.get(row[0], ()))) for row in rows}

    def lesson_events(self, lesson_id: str, run: int | None = None) -> list[LessonEvent]:
        """The log of `lesson_id` in order (every run, or only `run`)."""
        _check_id(lesson_id)
        sql = "SELECT id, lesson_id, run, at, kind, step, correct, data FROM lesson_event WHERE lesson_id = ?"
        params: tuple = (lesson_id,)
        if run is not None:
            sql, params = sql + " AND run = ?", (lesson_id, run)
        with self._read() as conn:
            rows = conn.execute(sql + " ORDER BY id", params).fetchall()
        return [LessonEvent(i, lid, r, parse_iso(at), LessonEventKind(kind), step,
                            None if correct is None else bool(correct), None if data is None else json.loads(data))
                for i, lid, r, at, kind, step, correct, data in rows]

    def record_lesson_event(self, lesson_id: str, kind: str, step: int | None = None,
                            data: dict[str, Any] | None = None, *, correct: bool | None = None,
                            now: datetime | None = None) -> LessonState:
        """Log one event of the current run and update the summary, in one transaction; return the new state.

        `kind` is ``start``, ``step`` (needs `step`), ``hint`` or ``answer`` (needs ``correct=True/False``); a
        given `step` becomes the step to resume at. `data` is any JSON object (the answer given, the hint level…).
        Raises ``ValueError`` on bad arguments and on a lesson that is ``done`` (reset it to replay it).
        """
        _check_id(lesson_id)
        try:
            kind = LessonEventKind(kind)
        except ValueError:
            raise ValueError(f"unknown lesson event kind {kind!r}") from None
        if kind in (LessonEventKind.COMPLETED, LessonEventKind.RESET):
            raise ValueError(f"a {kind.value!r} event is written by complete_lesson() or reset_lesson()")
        _check_step(step)
        if kind is LessonEventKind.STEP and step is None:
            raise ValueError("a 'step' event needs the step reached")
        if kind is LessonEventKind.ANSWER:
            if not isinstance(correct, bool):
                raise ValueError("an 'answer' event needs correct=True or correct=False")
        elif correct is not None:
            raise ValueError(f"only an 'answer' event takes `correct`, not {kind.value!r}")
        payload, at = _encode_data(data), iso(utc(now))
        with self._write() as conn:
            status, run, current = self._lesson_row(conn, lesson_id)
            if status == "done":
                raise ValueError(f"lesson {lesson_id!r} is done: reset_lesson() starts it over")
            step_now = current if step is None else step
            conn.execute("UPDATE lesson SET status = 'started', step = ?, hints_used = hints_used + ?, "
                         "first_played = coalesce(first_played, ?), last_played = ? WHERE lesson_id = ?",
                         (step_now, int(kind is LessonEventKind.HINT), at, at, lesson_id))
            conn.execute("INSERT INTO lesson_event (lesson_id, run, at, kind, step, correct, data) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (lesson_id, run, at, kind.value, step_now, None if correct is None else int(correct),
                          payload))
            return self._lesson_state(conn, lesson_id)

    def complete_lesson(self, lesson_id: str, stars: int, now: datetime | None = None,
                        data: dict[str, Any] | None = None) -> LessonState:
        """Mark the current run done with `stars` (0–3) and log it; return the new state.

        Raises ``ValueError`` when the lesson is already done (reset it first to play it again).
        """
        _check_id(lesson_id)
        if not isinstance(stars, int) or isinstance(stars, bool) or not 0 <= stars <= 3:
            raise ValueError(f"stars must be 0, 1, 2 or 3, not {stars!r}")
        payload = _encode_data({**(data or {}), "stars": stars})
        at = iso(utc(now))
        with self._write() as conn:
            status, run, step = self._lesson_row(conn, lesson_id)
            if status == "done":
                raise ValueError(f"lesson {lesson_id!r} is already done: reset_lesson() starts it over")
            conn.execute("UPDATE lesson SET status = 'done', stars = ?, best_stars = max(best_stars, ?), "
                         "completions = completions + 1, completed_at = ?, "
                         "first_played = coalesce(first_played, ?), last_played = ? WHERE lesson_id = ?",
                         (stars, stars, at, at, at, lesson_id))
            conn.execute("INSERT INTO lesson_event (lesson_id, run, at, kind, step, data) "
                         "VALUES (?, ?, ?, 'completed', ?, ?)", (lesson_id, run, at, step, payload))
            return self._lesson_state(conn, lesson_id)

    def reset_lesson(self, lesson_id: str, now: datetime | None = None) -> LessonState:
        """Start the lesson over (a new run from step 0, no hints, no stars); the log and the best stars stay."""
        _check_id(lesson_id)
        at = iso(utc(now))
        with self._write() as conn:
            row = conn.execute("SELECT status, run, step FROM lesson WHERE lesson_id = ?", (lesson_id,)).fetchone()
            if row is None:
                return LessonState(lesson_id)
            status, run, step = row
            conn.execute("INSERT INTO lesson_event (lesson_id, run, at, kind, step, data) "
                         "VALUES (?, ?, ?, 'reset', ?, ?)",
                         (lesson_id, run, at, step, _encode_data({"status": status})))
            conn.execute("UPDATE lesson SET status = 'new', run = run + 1, step = 0, hints_used = 0, stars = 0, "
                         "completed_at = NULL, last_played = ? WHERE lesson_id = ?", (at, lesson_id))
            return self._lesson_state(conn, lesson_id)

    # -- helpers (inside a transaction) -----------------------------------------------------------------------

    @staticmethod
    def _lesson_row(conn: sqlite3.Connection, lesson_id: str) -> tuple[str, int, int]:
        """(status, run, step) of the lesson, creating its row if needed."""
        conn.execute("INSERT OR IGNORE INTO lesson (lesson_id) VALUES (?)", (lesson_id,))
        return conn.execute("SELECT status, run, step FROM lesson WHERE lesson_id = ?", (lesson_id,)).fetchone()

    @staticmethod
    def _lesson_state(conn: sqlite3.Connection, lesson_id: str) -> LessonState:
        row = conn.execute(f"SELECT {_COLUMNS} FROM lesson WHERE lesson_id = ?", (lesson_id,)).fetchone()
        if row is None:
            return LessonState(lesson_id)
        events = conn.execute("SELECT step, kind, correct FROM lesson_event WHERE lesson_id = ? AND run = ? "
                              "AND kind IN ('hint', 'answer') ORDER BY id", (lesson_id, row[7])).fetchall()
        return _state(row, _steps(events))
