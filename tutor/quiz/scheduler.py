"""Spaced repetition of quiz cards with FSRS (py-fsrs 6), stored through :mod:`tutor.progress`.

A *card* is what the scheduler remembers: one per question, or one per question family for generated questions
(the caller passes the card id, e.g. the family id, and the question id actually asked). The review log is the
truth; the card states are a cache :meth:`QuizScheduler.rebuild_cards` recomputes from it.

Ratings from the answer (:class:`RatingPolicy`; thresholds are parameters, relative to the question's expected
answer time):

=============================================  ========
wrong (with or without a hint)                 Again
right, with a hint                             Hard
right, slower than ``slow`` × expected time    Hard
right, faster than ``fast`` × expected time    Easy
right otherwise (or time unknown)              Good
=============================================  ========

A hint never earns Good or Easy: the learner saw part of the answer. The caller may pass an explicit ``rating``
instead (the learner's own override).

Fuzzing (a random spread of long intervals, so cards learnt together do not stay together) is on by default and
off in tests. The due date a review scheduled is logged, so a rebuild reproduces fuzzed dates exactly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from fsrs import Card, Rating, Scheduler, State

from tutor.progress import CardRecord, DayPolicy, ProgressStore, ReviewRecord, Scheduled
from tutor.progress.clock import utc
from tutor.progress.reviews import check_key
from tutor.settings import MAX_ANSWER_MS, SPECS

__all__ = ["AnswerResult", "QuizScheduler", "RatingPolicy", "RebuildReport", "Rating", "SessionItem", "State"]


# What FSRS raises on a state it cannot compute with (a stored card edited by hand: NaN, a negative stability).
_UNUSABLE = (ArithmeticError, ValueError, TypeError, AttributeError, AssertionError)


def _sane(card: Card) -> bool:
    """Whether a stored card's numbers are ones FSRS can compute with (finite, stability and difficulty > 0)."""
    for value in (card.stability, card.difficulty):
        if value is None and card.state != State.Learning:
            return False
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                                  or not math.isfinite(value) or value <= 0):
            return False
    return True


@dataclass(frozen=True)
class RatingPolicy:
    """How an answer becomes an FSRS rating (see the module docstring)."""

    expected_ms: int = 20_000  # a question's expected answer time when it gives none
    fast: float = 0.5          # right in under fast × expected → Easy
    slow: float = 2.0          # right in over slow × expected → Hard

    def __post_init__(self) -> None:
        if not (self.expected_ms > 0 and 0 < self.fast < 1 < self.slow):
            raise ValueError(f"need expected_ms > 0 and 0 < fast < 1 < slow: {self!r}")

    def rate(self, correct: bool, duration_ms: int | None, hint_used: bool = False,
             expected_ms: int | None = None) -> Rating:
        """The rating of one answer.

        >>> policy = RatingPolicy(expected_ms=10_000)
        >>> [policy.rate(False, 1_000).name, policy.rate(True, 1_000, hint_used=True).name,
        ...  policy.rate(True, 4_000).name, policy.rate(True, 10_000).name, policy.rate(True, 25_000).name]
        ['Again', 'Hard', 'Easy', 'Good', 'Hard']
        """
        return _RATINGS[self.reason(correct, duration_ms, hint_used, expected_ms)]

    def reason(self, correct: bool, duration_ms: int | None, hint_used: bool = False,
               expected_ms: int | None = None) -> str:
        """Why an answer gets its rating, as the learner is told it: ``wrong`` (Again), ``hint`` or ``slow``
        (Hard), ``right`` (Good), ``fast`` (Easy).

        >>> RatingPolicy(expected_ms=10_000).reason(True, 25_000)
        'slow'
        """
        if not correct:
            return "wrong"
        if hint_used:
            return "hint"
        if duration_ms is None:
            return "right"
        expected = self.expected(expected_ms)
        if duration_ms > self.slow * expected:
            return "slow"
        if duration_ms < self.fast * expected:
            return "fast"
        return "right"

    def expected(self, expected_ms: int | None) -> int:
        """A question's expected answer time in milliseconds (this policy's when the question gives none)."""
        return expected_ms if expected_ms else self.expected_ms


_RATINGS = {"wrong": Rating.Again, "hint": Rating.Hard, "slow": Rating.Hard, "right": Rating.Good,
            "fast": Rating.Easy}


@dataclass(frozen=True)
class AnswerResult:
    """What recording an answer did."""

    card_id: str
    question_id: str
    rating: Rating
    state: State
    due: datetime          # aware UTC: when the card comes back
    interval: timedelta    # due − the time of the answer
    is_new: bool           # the card's first review
    review_id: int         # its row in the review log


@dataclass(frozen=True)
class SessionItem:
    """One card to ask in a session."""

    card_id: str
    is_new: bool
    due: datetime | None              # None for a new card
    state: State | None               # None for a new card
    last_question_id: str | None      # the question asked last time (a family card may ask another)


@dataclass(frozen=True)
class RebuildReport:
    """What :meth:`QuizScheduler.rebuild_cards` found."""

    cards: int                        # cards replayed
    reviews: int                      # log rows replayed
    repaired: tuple[str, ...]         # card ids whose cached state was wrong and was rewritten
    log_mismatches: int               # log rows whose recorded state differs from the replay (other FSRS version)


class QuizScheduler:
    """FSRS scheduling over a :class:`~tutor.progress.ProgressStore`.

    ``desired_retention`` is the recall probability FSRS aims at (0.9: about one card in ten forgotten when due);
    ``new_per_day`` caps the cards introduced per learner's day, ``session_size`` a session's length;
    ``day_policy`` says what "today" is (local days from 4:00 by default); learning cards due within
    ``learn_ahead`` are included in a session.
    """

    def __init__(self, store: ProgressStore, *, desired_retention: float = 0.9, fuzzing: bool = True,
                 new_per_day: int = 10, session_size: int = 20, rating_policy: RatingPolicy | None = None,
                 day_policy: DayPolicy | None = None, learn_ahead: timedelta = timedelta(minutes=20)) -> None:
        SPECS["quiz_retention"].check(desired_retention)  # ValueError out of its bounds (FSRS would overflow)
        for name, value in (("new_per_day", new_per_day), ("session_size", session_size)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")
        self.store = store
        self.fsrs = Scheduler(desired_retention=desired_retention, enable_fuzzing=fuzzing)
        self._exact = Scheduler(desired_retention=desired_retention, enable_fuzzing=False)
        self.new_per_day = new_per_day
        self.session_size = session_size
        self.rating_policy = rating_policy or RatingPolicy()
        self.day_policy = day_policy or DayPolicy()
        self.learn_ahead = learn_ahead

    # -- answers ------------------------------------------------------------------------------------------

    def rate(self, correct: bool, duration_ms: int | None, hint_used: bool = False,
             expected_ms: int | None = None) -> Rating:
        """:meth:`RatingPolicy.rate` with this scheduler's policy."""
        return self.rating_policy.rate(correct, duration_ms, hint_used, expected_ms)

    def record_answer(self, question_id: str, card_id: str, correct: bool, duration: int | timedelta | None = None,
                      hint_used: bool = False, answer_text: str | None = None, now: datetime | None = None, *,
                      expected_ms: int | None = None, rating: Rating | int | None = None) -> AnswerResult:
        """Rate the answer, schedule the card and log both in one transaction; return when the card is due.

        `duration` is the answer time in milliseconds (or a ``timedelta``); `expected_ms` the question's expected
        time; `rating` overrides the computed rating. `now` defaults to the current time (aware, any zone).
        """
        if not isinstance(correct, bool):
            raise ValueError(f"correct must be True or False, not {correct!r}")
        if isinstance(duration, timedelta):
            duration = round(duration / timedelta(milliseconds=1))
        if isinstance(duration, int) and not isinstance(duration, bool) and duration > MAX_ANSWER_MS:
            duration = MAX_ANSWER_MS  # an app left open for days: recorded as a day (the store's bound)
        moment = utc(now)
        grade = Rating(rating) if rating is not None else self.rate(correct, duration, hint_used, expected_ms)

        def schedule(before: CardRecord | None, db_id: int) -> Scheduled:
            card = self._current_card(before) if before else Card(card_id=db_id, due=moment)
            try:
                card, _ = self.fsrs.review_card(card, grade, review_datetime=moment, review_duration=duration)
            except _UNUSABLE:  # a stored state FSRS cannot compute with: the card starts again, never stuck
                if before is None:
                    raise
                card, _ = self.fsrs.review_card(Card(card_id=db_id, due=moment), grade, review_datetime=moment,
                                                review_duration=duration)
            return Scheduled(int(grade), int(card.state), card.due, card.to_json())

        review, after = self.store.record_review(card_id, question_id, reviewed=moment, correct=correct,
                                                 duration_ms=duration, hint_used=hint_used, answer=answer_text,
                                                 schedule=schedule)
        return AnswerResult(card_id, question_id, grade, State(after.state), after.due, after.due - moment,
                            review.state_before is None, review.id)

    def _current_card(self, record: CardRecord) -> Card:
        """The FSRS card of a cached record; an unreadable cache is rebuilt from the card's log (it runs inside
        the answer's transaction, so it sees exactly the log the new row will follow)."""
        try:
            card = Card.from_json(record.fsrs)
            if card.card_id == record.id and _sane(card):
                return card
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError):
            pass
        try:
            rebuilt, _ = self.replay(record.key, record.id, self.store.reviews(record.key))
            card = Card.from_json(rebuilt.fsrs)
        except (*_UNUSABLE, IndexError, KeyError):  # a log that cannot be replayed either: the card starts again
            return Card(card_id=record.id, due=utc(None))
        return card if _sane(card) else Card(card_id=record.id, due=utc(None))

    # -- sessions -----------------------------------------------------------------------------------------

    def session(self, new_candidates: Iterable[str] = (), now: datetime | None = None, *, seed: int = 0,
                size: int | None = None, new_per_day: int | None = None) -> list[SessionItem]:
        """Today's session: the due cards, most overdue first, with new cards mixed in.

        Due: cards in the Review state due before the end of the learner's day, learning and relearning cards due
        within ``learn_ahead``. Due cards take the places first (up to `size`); the free places go to new cards
        (`new_candidates` in the caller's order, skipping any already reviewed), at most ``new_per_day`` a day
        minus those introduced today already. New cards are put among the reviews at places drawn from `seed`
        (never before the first review), so a session is deterministic given the seed; no card appears twice.
        The cards an exam queued for review (:mod:`tutor.progress.exams`) come before all others, due now whatever
        their state (a queued card never reviewed is asked too, beside the day's quota of new cards), until
        reviewed.
        Call it again when a session is over: cards failed meanwhile come back once due.
        """
        moment = utc(now)
        size = self.session_size if size is None else size
        quota = self.new_per_day if new_per_day is None else new_per_day
        for name, value in (("size", size), ("new_per_day", quota)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")
        candidates = [check_key(key, "a card id") for key in dict.fromkeys(new_candidates)]
        _day, day_start, day_end = self.day_policy.bounds(moment)
        due = self.store.due_card_records(review_until=day_end, learning_until=moment + self.learn_ahead)
        queued = self._queued(due)
        due = [card for card in due if card.key not in {key for key, _ in queued}][:max(0, size - len(queued))]
        queued = queued[:size]
        room = min(size - len(due) - len(queued), max(0, quota - self.store.new_cards_since(day_start)))
        known = self.store.known_card_keys(candidates) if room else set()
        taken = {key for key, _ in queued}
        fresh = [key for key in candidates if key not in known and key not in taken][:room]
        asked = self.store.last_question_ids([*(key for key, _ in queued), *(card.key for card in due)])
        front = [SessionItem(key, card is None, None if card is None else card.due,
                             None if card is None else State(card.state), asked.get(key)) for key, card in queued]
        reviews = [SessionItem(card.key, False, card.due, State(card.state), asked.get(card.key)) for card in due]
        new = [SessionItem(key, True, None, None, None) for key in fresh]
        if not reviews:
            return front + new
        rng = random.Random(seed)
        places = set(rng.sample(range(1, len(reviews) + len(new)), len(new)))
        order, review_iter, new_iter = [], iter(reviews), iter(new)
        for index in range(len(reviews) + len(new)):
            order.append(next(new_iter) if index in places else next(review_iter))
        return front + order

    def _queued(self, due: list[CardRecord]) -> list[tuple[str, CardRecord | None]]:
        """The cards an exam queued for review (:meth:`~tutor.progress.ProgressStore.queued_card_keys`), each with
        its record (None: never reviewed): due now, whatever FSRS says, until they are reviewed."""
        keys = self.store.queued_card_keys()
        if not keys:
            return []
        records = {card.key: card for card in due}
        return [(key, records[key] if key in records else self.store.card_record(key)) for key in keys]

    def new_today(self, now: datetime | None = None) -> int:
        """How many new cards the learner has met today (their day: :class:`~tutor.progress.DayPolicy`)."""
        _day, day_start, _end = self.day_policy.bounds(utc(now))
        return self.store.new_cards_since(day_start)

    # -- cards --------------------------------------------------------------------------------------------

    def card(self, card_id: str) -> Card | None:
        """The FSRS card of `card_id` (None if never reviewed)."""
        record = self.store.card_record(card_id)
        return None if record is None else Card.from_json(record.fsrs)

    def retrievability(self, card_id: str, now: datetime | None = None) -> float | None:
        """FSRS's probability that the learner recalls `card_id` at `now` (None if never reviewed)."""
        card = self.card(card_id)
        return None if card is None else self.fsrs.get_card_retrievability(card, utc(now))

    def replay(self, card_key: str, card_db_id: int, reviews: list[ReviewRecord]) -> tuple[CardRecord, int]:
        """The card state that `reviews` (one card's log, in order) lead to, and how many rows the replay
        contradicts. Each review's logged due date is kept (it may have been fuzzed)."""
        card = Card(card_id=card_db_id, due=reviews[0].reviewed)
        lapses = mismatches = 0
        for number, review in enumerate(reviews):
            before = None if number == 0 else card.state
            card, _ = self._exact.review_card(card, Rating(review.rating), review_datetime=review.reviewed,
                                              review_duration=review.duration_ms)
            card.due = review.due
            lapses += before == State.Review and review.rating == Rating.Again
            mismatches += card.to_json() != review.card_after or before != review.state_before
        record = CardRecord(card_key, card_db_id, int(card.state), card.due, len(reviews), lapses,
                            card.last_review, card.to_json())
        return record, mismatches

    def rebuild_cards(self) -> RebuildReport:
        """Recompute every card's cached state from the review log (the truth) and rewrite the wrong ones."""
        by_card: dict[int, list[ReviewRecord]] = {}
        for review in self.store.reviews():
            by_card.setdefault(review.card_id, []).append(review)
        cached = {record.id: record for record in self.store.card_records()}
        rebuilt, mismatches = [], 0
        for db_id, reviews in by_card.items():
            record, wrong = self.replay(reviews[0].card_key, db_id, reviews)
            rebuilt.append(record)
            mismatches += wrong
        repaired = tuple(sorted(rec.key for rec in rebuilt if cached.get(rec.id) != rec))
        if repaired:
            wrong_keys = set(repaired)
            self.store.replace_card_cache(rec for rec in rebuilt if rec.key in wrong_keys)
        return RebuildReport(len(rebuilt), sum(map(len, by_card.values())), repaired, mismatches)
