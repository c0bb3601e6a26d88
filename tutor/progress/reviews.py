"""The quiz's review log (append-only, the truth) and the card states derived from it (a cache).

The store knows nothing of the scheduling algorithm: :meth:`ReviewsMixin.record_review` takes a ``schedule``
function that turns the card's current record into the outcome of the answer, and writes the log row and the new
card state in one ``BEGIN IMMEDIATE`` transaction (the card is read under the write lock, so two processes answering
the same card never overwrite each other). States are FSRS's: 1 Learning, 2 Review, 3 Relearning; a card with no
row (or ``state_before`` NULL in the log) is new, never reviewed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from tutor.progress.clock import from_ms, iso, to_ms, utc

__all__ = ["CardRecord", "ReviewRecord", "ReviewsMixin", "Scheduled"]

REVIEW_STATE, AGAIN = 2, 1


@dataclass(frozen=True)
class CardRecord:
    """The cached state of a card: FSRS state, due, counts and the scheduler's own JSON."""

    key: str                # the caller's card id (a question id or a question family id)
    id: int                 # the database id, also FSRS's ``Card.card_id``
    state: int              # 1 Learning, 2 Review, 3 Relearning
    due: datetime           # aware UTC
    reps: int               # reviews so far
    lapses: int             # Again on a card in the Review state
    last_review: datetime
    fsrs: str               # ``fsrs.Card.to_json()``


@dataclass(frozen=True)
class ReviewRecord:
    """One row of the review log."""

    id: int
    card_key: str
    card_id: int
    question_id: str
    reviewed: datetime      # aware UTC, millisecond precision
    rating: int             # 1 Again, 2 Hard, 3 Good, 4 Easy
    correct: bool
    duration_ms: int | None
    hint_used: bool
    answer: str | None
    state_before: int | None  # None: the card was new
    state_after: int
    due: datetime           # what this review scheduled (after fuzzing)
    card_after: str         # ``fsrs.Card.to_json()`` after the review


@dataclass(frozen=True)
class Scheduled:
    """What the scheduler made of one answer."""

    rating: int
    state: int
    due: datetime
    fsrs: str


_CARD = "card_key, id, state, due_ms, reps, lapses, last_review_ms, fsrs"
_REVIEW = ("r.id, c.card_key, r.card_id, r.question_id, r.reviewed_ms, r.rating, r.correct, r.duration_ms, "
           "r.hint_used, r.answer, r.state_before, r.state_after, r.due_ms, r.card_after")


def _card(row) -> CardRecord:
    key, id_, state, due, reps, lapses, last, fsrs = row
    return CardRecord(key, id_, state, from_ms(due), reps, lapses, from_ms(last), fsrs)


def _review(row) -> ReviewRecord:
    (id_, key, card_id, question_id, reviewed, rating, correct, duration, hint, answer, before, after, due,
     card_after) = row
    return ReviewRecord(id_, key, card_id, question_id, from_ms(reviewed), rating, bool(correct), duration,
                        bool(hint), answer, before, after, from_ms(due), card_after)


def check_key(value: object, what: str) -> str:
    """A card or question id: a non-empty string of at most 200 characters."""
    if not isinstance(value, str) or not value.strip() or len(value) > 200:
        raise ValueError(f"{what} must be a non-empty string of at most 200 characters, not {value!r}")
    return value


class ReviewsMixin:
    """The quiz half of :class:`~tutor.progress.ProgressStore`."""

    def record_review(self, card_key: str, question_id: str, *, reviewed: datetime, correct: bool,
                      duration_ms: int | None, hint_used: bool, answer: str | None,
                      schedule: Callable[[CardRecord | None, int], Scheduled]) -> tuple[ReviewRecord, CardRecord]:
        """Append one answer to the log and update its card, in one transaction.

        ``schedule(record, card_id)`` gets the card's current record (None for a new card) and its database id,
        and returns the :class:`Scheduled` outcome; it runs under the write lock, so keep it quick and pure.
        """
        check_key(card_key, "a card id")
        check_key(question_id, "a question id")
        if duration_ms is not None and (not isinstance(duration_ms, int) or isinstance(duration_ms, bool)
                                        or duration_ms < 0):
            raise ValueError(f"duration_ms must be a whole number of milliseconds >= 0, not {duration_ms!r}")
        if answer is not None and not isinstance(answer, str):
            raise ValueError(f"the answer given must be text, not {type(answer).__name__}")
        reviewed = utc(reviewed)
        when = to_ms(reviewed)
        with self._write() as conn:
            row = conn.execute(f"SELECT {_CARD} FROM card WHERE card_key = ?", (card_key,)).fetchone()
            before = None if row is None else _card(row)
            card_id = before.id if before else conn.execute("SELECT coalesce(max(id), 0) + 1 FROM card").fetchone()[0]
            outcome = schedule(before, card_id)
            if outcome.state not in (1, 2, 3) or outcome.rating not in (1, 2, 3, 4):
                raise ValueError(f"the scheduler returned an impossible outcome: {outcome!r}")
            due = to_ms(outcome.due)
            lapse = int(before is not None and before.state == REVIEW_STATE and outcome.rating == AGAIN)
            if before is None:
                conn.execute("INSERT INTO card (id, card_key, created_at, state, due_ms, reps, lapses, "
                             "last_review_ms, fsrs) VALUES (?, ?, ?, ?, ?, 1, 0, ?, ?)",
                             (card_id, card_key, iso(reviewed), outcome.state, due, when, outcome.fsrs))
            else:
                conn.execute("UPDATE card SET state = ?, due_ms = ?, reps = reps + 1, lapses = lapses + ?, "
                             "last_review_ms = ?, fsrs = ? WHERE id = ?",
                             (outcome.state, due, lapse, when, outcome.fsrs, card_id))
            cursor = conn.execute(
                "INSERT INTO review (card_id, question_id, reviewed_ms, rating, correct, duration_ms, hint_used, "
                "answer, state_before, state_after, due_ms, card_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (card_id, question_id, when, outcome.rating, int(bool(correct)), duration_ms, int(bool(hint_used)),
                 answer, None if before is None else before.state, outcome.state, due, outcome.fsrs))
            review = ReviewRecord(cursor.lastrowid, card_key, card_id, question_id, reviewed, outcome.rating,
                                  bool(correct), duration_ms, bool(hint_used), answer,
                                  None if before is None else before.state, outcome.state, from_ms(due), outcome.fsrs)
            after = _card(conn.execute(f"SELECT {_CARD} FROM card WHERE id = ?", (card_id,)).fetchone())
        return review, after

    def card_record(self, card_key: str) -> CardRecord | None:
        """The cached state of `card_key`, None if it was never reviewed."""
        with self._read() as conn:
            row = conn.execute(f"SELECT {_CARD} FROM card WHERE card_key = ?", (card_key,)).fetchone()
        return None if row is None else _card(row)

    def card_records(self) -> list[CardRecord]:
        """Every reviewed card, by database id."""
        with self._read() as conn:
            return [_card(row) for row in conn.execute(f"SELECT {_CARD} FROM card ORDER BY id")]

    def due_card_records(self, review_until: datetime, learning_until: datetime) -> list[CardRecord]:
        """Cards due: in the Review state before `review_until`, learning or relearning before `learning_until`;
        the most overdue first (ties by card id)."""
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {_CARD} FROM card WHERE (state = 2 AND due_ms < ?) OR (state <> 2 AND due_ms < ?) "
                "ORDER BY due_ms, card_key", (to_ms(review_until), to_ms(learning_until))).fetchall()
        return [_card(row) for row in rows]

    def known_card_keys(self, keys: Iterable[str]) -> set[str]:
        """Those of `keys` that have been reviewed at least once."""
        keys = list(dict.fromkeys(keys))
        found: set[str] = set()
        with self._read() as conn:
            for start in range(0, len(keys), 500):
                chunk = keys[start:start + 500]
                marks = ", ".join("?" * len(chunk))
                found.update(row[0] for row in conn.execute(
                    f"SELECT card_key FROM card WHERE card_key IN ({marks})", chunk))
        return found

    def new_cards_since(self, since: datetime) -> int:
        """How many cards had their first review at or after `since`."""
        with self._read() as conn:
            return conn.execute("SELECT count(*) FROM review WHERE reviewed_ms >= ? AND state_before IS NULL",
                                (to_ms(since),)).fetchone()[0]

    def reviews(self, card_key: str | None = None) -> list[ReviewRecord]:
        """The review log in the order it was written (of one card, or all)."""
        sql = f"SELECT {_REVIEW} FROM review r JOIN card c ON c.id = r.card_id"
        with self._read() as conn:
            if card_key is None:
                rows = conn.execute(sql + " ORDER BY r.id").fetchall()
            else:
                rows = conn.execute(sql + " WHERE c.card_key = ? ORDER BY r.id", (card_key,)).fetchall()
        return [_review(row) for row in rows]

    def last_question_ids(self, card_keys: Iterable[str]) -> dict[str, str]:
        """The question last asked for each of `card_keys` that has one (a family card varies its question)."""
        out: dict[str, str] = {}
        keys = list(dict.fromkeys(card_keys))
        with self._read() as conn:
            for start in range(0, len(keys), 500):
                chunk = keys[start:start + 500]
                marks = ", ".join("?" * len(chunk))
                out.update(conn.execute(
                    "SELECT c.card_key, (SELECT r.question_id FROM review r WHERE r.card_id = c.id "
                    f"ORDER BY r.id DESC LIMIT 1) FROM card c WHERE c.card_key IN ({marks})", chunk).fetchall())
        return out

    def replace_card_cache(self, records: Iterable[CardRecord]) -> int:
        """Overwrite the cached state of existing cards (by id) in one transaction; return how many rows changed."""
        changed = 0
        with self._write() as conn:
            for rec in records:
                cursor = conn.execute(
                    "UPDATE card SET state = ?, due_ms = ?, reps = ?, lapses = ?, last_review_ms = ?, fsrs = ? "
                    "WHERE id = ? AND NOT (state = ? AND due_ms = ? AND reps = ? AND lapses = ? "
                    "AND last_review_ms = ? AND fsrs = ?)",
                    (rec.state, to_ms(rec.due), rec.reps, rec.lapses, to_ms(rec.last_review), rec.fsrs, rec.id,
                     rec.state, to_ms(rec.due), rec.reps, rec.lapses, to_ms(rec.last_review), rec.fsrs))
                changed += cursor.rowcount
        return changed
