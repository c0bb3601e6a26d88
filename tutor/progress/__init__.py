"""The learner's progress, kept in one SQLite file that must never be lost: lessons and the quiz.

>>> from tutor.progress import ProgressStore
>>> store = ProgressStore.open()                      # default_path(); or ProgressStore.open(path)
>>> [notice.message("it") for notice in store.notices]  # e.g. a damaged file was moved aside
[]
>>> store.record_lesson_event("turn-structure", "step", 2).step
2
>>> store.complete_lesson("turn-structure", stars=3).status
'done'
>>> store.quiz_stats().streak
0
>>> store.close()

Lessons: :mod:`tutor.progress.lessons`. The review log and card cache: :mod:`tutor.progress.reviews` (the
scheduling itself is :mod:`tutor.quiz.scheduler`). Exams and the cards they queue: :mod:`tutor.progress.exams`. Statistics: :mod:`tutor.progress.stats`. Opening, settings
(WAL, ``synchronous=FULL``, busy timeout) and damaged files: :mod:`tutor.progress.store`. Schema and migrations:
:mod:`tutor.progress.schema`. Errors are :class:`ProgressError` (translatable: ``error.message("ru")``).
"""

from __future__ import annotations

from tutor.progress.clock import DayPolicy
from tutor.progress.exams import ExamQuestionRecord, ExamRecord, ExamsMixin
from tutor.progress.lessons import LessonEvent, LessonEventKind, LessonsMixin, LessonState, StepRecord
from tutor.progress.messages import Notice, ProgressError
from tutor.progress.paths import default_path
from tutor.progress.reviews import CardRecord, ReviewRecord, ReviewsMixin, Scheduled
from tutor.progress.schema import SCHEMA_VERSION
from tutor.progress.stats import DayCount, QuizStats, StatsMixin
from tutor.progress.store import BaseStore

__all__ = [
    "CardRecord", "DayCount", "DayPolicy", "ExamQuestionRecord", "ExamRecord", "LessonEvent", "LessonEventKind", "LessonState", "MESSAGES", "Notice",
    "ProgressError", "ProgressStore", "QuizStats", "ReviewRecord", "SCHEMA_VERSION", "Scheduled", "StepRecord",
    "default_path", "open_store",
]


class ProgressStore(LessonsMixin, ReviewsMixin, ExamsMixin, StatsMixin, BaseStore):
    """The progress database: open it with :meth:`ProgressStore.open` (or :func:`open_store`), use it as a
    context manager or :meth:`close` it. Safe to share between threads (one lock) and between processes
    (SQLite's locks, a 5 s busy timeout)."""


def open_store(path=None, **options) -> ProgressStore:
    """:meth:`ProgressStore.open`: the store at `path` (:func:`default_path` when None)."""
    return ProgressStore.open(path, **options)


def __getattr__(name: str):
    if name == "MESSAGES":  # derived from the message catalog on use (tutor.progress.messages)
        from tutor.progress import messages

        return messages.MESSAGES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), "MESSAGES"])
