"""The progress database's schema: versions in ``PRAGMA user_version``, migrations applied in order.

Version 1 (lessons): ``lesson`` (one row per lesson: the summary the lesson list shows) and ``lesson_event``
(the append-only log of what the learner did). Version 2 (quiz): ``card`` (the scheduler's state per card, a cache
rebuilt from the log), ``review`` (the append-only review log, the source of truth, like Anki's ``revlog``), the
indexes the statistics need, and the index on ``lesson_event`` that version 1 lacked. Version 3 (exams): ``exam``
(one row per exam taken: level, seed, language, score, whether it passed, the areas' results as JSON) and
``exam_question`` (its questions: id, card, area, the answer given, right or not, and ``queued``: the card was put
back for review because its area was weak; :mod:`tutor.progress.exams`).

Append-only tables refuse ``UPDATE`` and ``DELETE`` by trigger. Times in ``lesson*`` are UTC ISO 8601 text
(``2025-01-31T18:04:05.123Z``); in ``card`` and ``review`` epoch milliseconds (UTC), for fast range queries.

A migration is a function of a connection inside the caller's transaction; :func:`migrate` runs the missing ones in
one ``BEGIN IMMEDIATE`` transaction with the new ``user_version``, so a database is never half-migrated.
Never edit a shipped migration: add a new one.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

__all__ = ["APPLICATION_ID", "MIGRATIONS", "SCHEMA_VERSION", "migrate"]

APPLICATION_ID = 0x4D544754  # "MTGT" in PRAGMA application_id: marks the file as ours

_V1 = [
    f"PRAGMA application_id = {APPLICATION_ID}",
    """CREATE TABLE lesson (
        lesson_id    TEXT PRIMARY KEY,
        status       TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'started', 'done')),
        run          INTEGER NOT NULL DEFAULT 1 CHECK (run >= 1),
        step         INTEGER NOT NULL DEFAULT 0 CHECK (step >= 0),
        hints_used   INTEGER NOT NULL DEFAULT 0 CHECK (hints_used >= 0),
        stars        INTEGER NOT NULL DEFAULT 0 CHECK (stars BETWEEN 0 AND 3),
        best_stars   INTEGER NOT NULL DEFAULT 0 CHECK (best_stars BETWEEN 0 AND 3),
        completions  INTEGER NOT NULL DEFAULT 0 CHECK (completions >= 0),
        first_played TEXT,
        last_played  TEXT,
        completed_at TEXT
    )""",
    """CREATE TABLE lesson_event (
        id        INTEGER PRIMARY KEY AUTOINCREMENT,
        lesson_id TEXT NOT NULL REFERENCES lesson (lesson_id),
        run       INTEGER NOT NULL,
        at        TEXT NOT NULL,
        kind      TEXT NOT NULL CHECK (kind IN ('start', 'step', 'hint', 'answer', 'completed', 'reset')),
        step      INTEGER CHECK (step >= 0),
        correct   INTEGER CHECK (correct IN (0, 1)),
        data      TEXT
    )""",
    """CREATE TRIGGER lesson_event_no_update BEFORE UPDATE ON lesson_event
        BEGIN SELECT RAISE(ABORT, 'lesson_event is append-only'); END""",
    """CREATE TRIGGER lesson_event_no_delete BEFORE DELETE ON lesson_event
        BEGIN SELECT RAISE(ABORT, 'lesson_event is append-only'); END""",
]

_V2 = [
    "CREATE INDEX lesson_event_run ON lesson_event (lesson_id, run)",
    """CREATE TABLE card (
        id             INTEGER PRIMARY KEY,
        card_key       TEXT NOT NULL UNIQUE,
        created_at     TEXT NOT NULL,
        state          INTEGER NOT NULL CHECK (state IN (1, 2, 3)),
        due_ms         INTEGER NOT NULL,
        reps           INTEGER NOT NULL CHECK (reps >= 1),
        lapses         INTEGER NOT NULL CHECK (lapses >= 0),
        last_review_ms INTEGER NOT NULL,
        fsrs           TEXT NOT NULL
    )""",
    "CREATE INDEX card_due ON card (due_ms)",
    """CREATE TABLE review (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        card_id      INTEGER NOT NULL REFERENCES card (id),
        question_id  TEXT NOT NULL,
        reviewed_ms  INTEGER NOT NULL,
        rating       INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),
        correct      INTEGER NOT NULL CHECK (correct IN (0, 1)),
        duration_ms  INTEGER CHECK (duration_ms >= 0),
        hint_used    INTEGER NOT NULL CHECK (hint_used IN (0, 1)),
        answer       TEXT,
        state_before INTEGER CHECK (state_before IN (1, 2, 3)),
        state_after  INTEGER NOT NULL CHECK (state_after IN (1, 2, 3)),
        due_ms       INTEGER NOT NULL,
        card_after   TEXT NOT NULL
    )""",
    "CREATE INDEX review_time ON review (reviewed_ms, state_before, correct)",
    "CREATE INDEX review_card ON review (card_id, id)",
    """CREATE TRIGGER review_no_update BEFORE UPDATE ON review
        BEGIN SELECT RAISE(ABORT, 'review is append-only'); END""",
    """CREATE TRIGGER review_no_delete BEFORE DELETE ON review
        BEGIN SELECT RAISE(ABORT, 'review is append-only'); END""",
]


_V3 = [
    """CREATE TABLE exam (
        id        INTEGER PRIMARY KEY AUTOINCREMENT,
        taken_ms  INTEGER NOT NULL,
        level     INTEGER NOT NULL CHECK (level BETWEEN 0 AND 3),
        seed      INTEGER NOT NULL CHECK (seed >= 0),
        lang      TEXT NOT NULL,
        score     INTEGER NOT NULL CHECK (score >= 0),
        total     INTEGER NOT NULL CHECK (total >= score),
        passed    INTEGER NOT NULL CHECK (passed IN (0, 1)),
        areas     TEXT NOT NULL
    )""",
    """CREATE TABLE exam_question (
        exam_id     INTEGER NOT NULL REFERENCES exam (id),
        position    INTEGER NOT NULL CHECK (position >= 1),
        question_id TEXT NOT NULL,
        card_key    TEXT NOT NULL,
        area        TEXT NOT NULL,
        answer      TEXT,
        correct     INTEGER NOT NULL CHECK (correct IN (0, 1)),
        queued      INTEGER NOT NULL CHECK (queued IN (0, 1)),
        PRIMARY KEY (exam_id, position)
    )""",
    "CREATE INDEX exam_question_queued ON exam_question (card_key) WHERE queued = 1",
    """CREATE TRIGGER exam_no_update BEFORE UPDATE ON exam
        BEGIN SELECT RAISE(ABORT, 'exam is append-only'); END""",
    """CREATE TRIGGER exam_no_delete BEFORE DELETE ON exam
        BEGIN SELECT RAISE(ABORT, 'exam is append-only'); END""",
    """CREATE TRIGGER exam_question_no_update BEFORE UPDATE ON exam_question
        BEGIN SELECT RAISE(ABORT, 'exam_question is append-only'); END""",
    """CREATE TRIGGER exam_question_no_delete BEFORE DELETE ON exam_question
        BEGIN SELECT RAISE(ABORT, 'exam_question is append-only'); END""",
]


def _statements(statements: list[str]) -> Callable[[sqlite3.Connection], None]:
    def apply(conn: sqlite3.Connection) -> None:
        for sql in statements:
            conn.execute(sql)

    return apply


#: ``MIGRATIONS[n]`` takes a database from version ``n`` to ``n + 1``.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_statements(_V1), _statements(_V2), _statements(_V3)]
SCHEMA_VERSION = len(MIGRATIONS)


def user_version(conn: sqlite3.Connection) -> int:
    """The schema version written in the database (0 for a new, empty one)."""
    return conn.execute("PRAGMA user_version").fetchone()[0]


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the database to version `target` in one transaction; return the version it had before.

    The version is read again inside the write lock, so two processes opening the same new file at once migrate
    it once. A database newer than `target` is left alone (the caller refuses it before calling).
    """
    found = user_version(conn)
    if found >= target:
        return found
    conn.execute("BEGIN IMMEDIATE")
    try:
        found = user_version(conn)
        for index in range(found, target):
            MIGRATIONS[index](conn)
        if found < target:
            conn.execute(f"PRAGMA user_version = {int(target)}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return found
