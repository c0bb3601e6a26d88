"""The exams a learner took (append-only) and the cards they put back for review.

An exam (:mod:`tutor.quiz.exam`) is a test, not a review: its answers do not enter the review log and do not
change what FSRS remembers of a card. What it leaves is its record (``exam``: when, level, seed, language, score,
passed, the areas' results; ``exam_question``: each question, its card, area, the answer given and whether it was
right) and, for the questions of its weak areas, ``queued = 1``: such a card is *queued* — due now — until it is
next reviewed (:meth:`ExamsMixin.queued_card_keys`; :meth:`tutor.quiz.scheduler.QuizScheduler.session` puts the
queued cards first). Nothing is ever updated or deleted: a card leaves the queue by being reviewed after the exam.
Both tables are written in one ``BEGIN IMMEDIATE`` transaction, so an exam is recorded whole or not at all.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from tutor.progress.clock import from_ms, to_ms, utc
from tutor.progress.reviews import check_key

__all__ = ["ExamQuestionRecord", "ExamRecord", "ExamsMixin"]

MAX_ANSWER_CHARS = 500  # an answer is kept up to this length (a typed line: far more than any real answer)


@dataclass(frozen=True)
class ExamQuestionRecord:
    """One question of a recorded exam."""

    position: int           # 1-based, in the order asked
    question_id: str
    card_key: str           # the card FSRS schedules (a fixed question's id, a generated question's family)
    area: str               # the exam area it counted for
    answer: str | None      # what was typed (None: unanswered)
    correct: bool
    queued: bool            # put back for review (its area was weak)


@dataclass(frozen=True)
class ExamRecord:
    """One exam taken."""

    id: int
    taken: datetime         # aware UTC
    level: int
    seed: int
    lang: str
    score: int
    total: int
    passed: bool
    areas: dict             # area -> [right, total]
    questions: tuple[ExamQuestionRecord, ...]


class ExamsMixin:
    """The exam half of :class:`~tutor.progress.ProgressStore`."""

    def record_exam(self, *, taken: datetime | None, level: int, seed: int, lang: str, score: int, total: int,
                    passed: bool, areas: dict, questions: Iterable[ExamQuestionRecord]) -> ExamRecord:
        """Record an exam and its questions in one transaction; return it as stored."""
        questions = tuple(questions)
        for name, value in (("level", level), ("seed", seed), ("score", score), ("total", total)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")
        if score > total or total != len(questions):
            raise ValueError(f"score {score} of {total} does not fit {len(questions)} questions")
        for q in questions:
            check_key(q.question_id, "a question id")
            check_key(q.card_key, "a card id")
        moment = utc(taken)
        with self._write() as conn:
            cursor = conn.execute(
                "INSERT INTO exam (taken_ms, level, seed, lang, score, total, passed, areas) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (to_ms(moment), level, seed, lang, score, total, int(bool(passed)),
                 json.dumps(areas, ensure_ascii=False, sort_keys=True)))
            exam_id = cursor.lastrowid
            conn.executemany(
                "INSERT INTO exam_question (exam_id, position, question_id, card_key, area, answer, correct, queued) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(exam_id, q.position, q.question_id, q.card_key, q.area,
                  None if q.answer is None else q.answer[:MAX_ANSWER_CHARS], int(bool(q.correct)),
                  int(bool(q.queued))) for q in questions])
        return self.exam_record(exam_id)

    def exam_record(self, exam_id: int) -> ExamRecord | None:
        """The exam `exam_id` (None if there is none)."""
        with self._read() as conn:
            row = conn.execute("SELECT id, taken_ms, level, seed, lang, score, total, passed, areas FROM exam "
                               "WHERE id = ?", (exam_id,)).fetchone()
            if row is None:
                return None
            rows = conn.execute("SELECT position, question_id, card_key, area, answer, correct, queued "
                                "FROM exam_question WHERE exam_id = ? ORDER BY position", (exam_id,)).fetchall()
        return _exam(row, rows)

    def exam_records(self) -> list[ExamRecord]:
        """Every exam taken, the newest first."""
        with self._read() as conn:
            ids = [r[0] for r in conn.execute("SELECT id FROM exam ORDER BY taken_ms DESC, id DESC")]
        return [rec for rec in map(self.exam_record, ids) if rec is not None]

    def queued_card_keys(self) -> list[str]:
        """The cards an exam queued for review and not reviewed since (the oldest exam's first, in the order its
        questions were asked)."""
        with self._read() as conn:
            rows = conn.execute(
                "SELECT q.card_key, max(e.taken_ms) AS at, min(e.id * 1000 + q.position) AS place "
                "FROM exam_question q JOIN exam e ON e.id = q.exam_id WHERE q.queued = 1 "
                "GROUP BY q.card_key "
                "HAVING at >= coalesce((SELECT c.last_review_ms FROM card c WHERE c.card_key = q.card_key), -1) "
                "ORDER BY place").fetchall()
        return [row[0] for row in rows]


def _exam(row, rows) -> ExamRecord:
    exam_id, taken, level, seed, lang, score, total, passed, areas = row
    try:
        parsed = json.loads(areas)
    except ValueError:
        parsed = {}
    return ExamRecord(exam_id, from_ms(taken), level, seed, lang, score, total, bool(passed),
                      parsed if isinstance(parsed, dict) else {},
                      tuple(ExamQuestionRecord(p, qid, card, area, answer, bool(correct), bool(queued))
                            for p, qid, card, area, answer, correct, queued in rows))
