"""Statistics for the quiz screen, from the review log and the card cache.

Days are the learner's days (:class:`~tutor.progress.clock.DayPolicy`: local time, starting at 4:00 by default).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from tutor.progress.clock import DayPolicy, to_ms, utc

__all__ = ["DayCount", "QuizStats", "StatsMixin"]


@dataclass(frozen=True)
class DayCount:
    """Reviews on one of the learner's days."""

    day: date
    reviews: int
    correct: int


@dataclass(frozen=True)
class QuizStats:
    """What the quiz screen shows. ``retention`` counts only the reviews of cards already learnt (FSRS's Review
    state: what the learner still remembers after days); ``answers`` / ``answers_correct`` count every answer,
    the first ones and the learning steps included."""

    today: date
    days: tuple[DayCount, ...]      # the last N days, oldest first, today last
    reviews_today: int
    due_today: int                  # cards due before the end of today, overdue ones included
    new_today: int                  # cards reviewed for the first time today
    retention: float | None         # share of right answers on cards in the Review state, last 30 days
    retention_reviews: int          # how many reviews that share is of
    streak: int                     # consecutive days with a review, ending today or yesterday
    total_reviews: int
    cards: int                      # cards reviewed at least once
    answers: int = 0                # every answer of the last 30 days (learning steps included)
    answers_correct: int = 0        # the right ones among them

    @property
    def correct_share(self) -> float | None:
        """The share of right answers among every answer of the last 30 days (None before the first)."""
        return self.answers_correct / self.answers if self.answers else None


class StatsMixin:
    """The statistics of :class:`~tutor.progress.ProgressStore`."""

    def quiz_stats(self, now: datetime | None = None, *, days: int = 30, day_policy: DayPolicy | None = None,
                   retention_days: int = 30) -> QuizStats:
        """The quiz statistics at `now` over the last `days` learner's days (retention over `retention_days`
        × 24 h before `now`; None when there is no review of a card in the Review state)."""
        if not isinstance(days, int) or days < 1:
            raise ValueError(f"days must be a whole number >= 1, not {days!r}")
        now, policy = utc(now), day_policy or DayPolicy()
        today, today_start, today_end = policy.bounds(now)
        first = today - timedelta(days=days - 1)
        starts = [to_ms(policy.start_of(first + timedelta(days=i))) for i in range(days)] + [to_ms(today_end)]
        reviews, correct = [0] * days, [0] * days
        with self._read() as conn:
            for when, right in conn.execute("SELECT reviewed_ms, correct FROM review "
                                            "WHERE reviewed_ms >= ? AND reviewed_ms < ?", (starts[0], starts[-1])):
                index = bisect_right(starts, when) - 1
                reviews[index] += 1
                correct[index] += right
            due_today = conn.execute("SELECT count(*) FROM card WHERE due_ms < ?", (starts[-1],)).fetchone()[0]
            new_today = conn.execute("SELECT count(*) FROM review WHERE reviewed_ms >= ? AND reviewed_ms < ? "
                                     "AND state_before IS NULL", (to_ms(today_start), starts[-1])).fetchone()[0]
            window = (to_ms(now - timedelta(days=retention_days)), to_ms(now))
            total, right = conn.execute(
                "SELECT count(*), coalesce(sum(correct), 0) FROM review "
                "WHERE reviewed_ms >= ? AND reviewed_ms <= ? AND state_before = 2", window).fetchone()
            answers, answers_correct = conn.execute(
                "SELECT count(*), coalesce(sum(correct), 0) FROM review WHERE reviewed_ms >= ? AND reviewed_ms <= ?",
                window).fetchone()
            total_reviews = conn.execute("SELECT count(*) FROM review").fetchone()[0]
            cards = conn.execute("SELECT count(*) FROM card").fetchone()[0]
            streak = self._streak(conn, policy, today, reviews, first)
        return QuizStats(today, tuple(DayCount(first + timedelta(days=i), reviews[i], correct[i])
                                      for i in range(days)),
                         reviews[-1], due_today, new_today, right / total if total else None, total, streak,
                         total_reviews, cards, answers, answers_correct)

    @staticmethod
    def _streak(conn, policy: DayPolicy, today: date, reviews: list[int], first: date) -> int:
        """Days in a row with a review, counting back from today (or from yesterday if today has none yet)."""
        def active(day: date) -> bool:
            index = (day - first).days
            if index >= 0:
                return reviews[index] > 0
            start, end = policy.start_of(day), policy.start_of(day + timedelta(days=1))
            return conn.execute("SELECT 1 FROM review WHERE reviewed_ms >= ? AND reviewed_ms < ? LIMIT 1",
                                (to_ms(start), to_ms(end))).fetchone() is not None

        day = today if active(today) else today - timedelta(days=1)
        streak = 0
        while active(day):
            streak += 1
            day -= timedelta(days=1)
        return streak
