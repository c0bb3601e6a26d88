"""FSRS scheduling of quiz cards: ratings, intervals, sessions, rebuilding from the log, crashes, two writers."""

from __future__ import annotations

import doctest
import random
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta, timezone
from itertools import count
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tutor.quiz.scheduler as scheduler_module
from tutor.progress import DayPolicy, ProgressError, open_store
from tutor.quiz.scheduler import QuizScheduler, Rating, RatingPolicy, State

UTC = UTC
T0 = datetime(2025, 3, 10, 12, 0, tzinfo=UTC)
DAYS = DayPolicy(tz=UTC, rollover_hour=0)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "progress.db") as opened:
        yield opened


@pytest.fixture
def quiz(store):
    return QuizScheduler(store, fuzzing=False, day_policy=DAYS)


def test_doctests_of_the_module():
    assert doctest.testmod(scheduler_module).failed == 0


def test_the_quiz_package_imports_nothing_heavy():
    code = "import sys, tutor.quiz; print('fsrs' in sys.modules, 'sqlite3' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["False", "False"]


# -- ratings ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("correct, duration, hint, expected", [
    (False, 3_000, False, Rating.Again),     # wrong
    (False, 3_000, True, Rating.Again),      # wrong with a hint
    (True, 3_000, True, Rating.Hard),        # right with a hint, even fast
    (True, 41_000, False, Rating.Hard),      # right, more than 2 × the expected 20 s
    (True, 40_000, False, Rating.Good),      # exactly 2 × is not "slower than"
    (True, 20_000, False, Rating.Good),      # right, on time
    (True, 10_000, False, Rating.Good),      # exactly half is not "faster than"
    (True, 9_999, False, Rating.Easy),       # right and fast
    (True, None, False, Rating.Good),        # right, time unknown
])
def test_every_branch_of_the_rating(correct, duration, hint, expected):
    assert RatingPolicy().rate(correct, duration, hint) == expected


def test_the_thresholds_are_parameters_and_questions_have_their_own_time():
    strict = RatingPolicy(expected_ms=5_000, fast=0.2, slow=1.5)
    assert strict.rate(True, 900) == Rating.Easy and strict.rate(True, 1_100) == Rating.Good
    assert strict.rate(True, 7_600) == Rating.Hard
    assert strict.rate(True, 7_600, expected_ms=30_000) == Rating.Good  # a long question
    for bad in ({"expected_ms": 0}, {"fast": 1.2}, {"slow": 0.9}):
        with pytest.raises(ValueError):
            RatingPolicy(**bad)


def test_the_rating_is_logged_and_can_be_overridden(quiz, store):
    result = quiz.record_answer("q1", "c1", True, 2_000, hint_used=True, now=T0)
    assert result.rating == Rating.Hard and store.reviews()[0].rating == 2
    override = quiz.record_answer("q2", "c2", False, 2_000, now=T0, rating=Rating.Good)
    assert override.rating == Rating.Good and store.reviews()[1].correct is False


# -- FSRS intervals -----------------------------------------------------------------------------------------

def _due_after(ratings: list[Rating], tmp_path, name: str, **options) -> datetime:
    """The due date after answering one card with `ratings`, each on its due date."""
    with open_store(tmp_path / f"{name}.db") as opened:
        quiz = QuizScheduler(opened, fuzzing=False, **options)
        when, result = T0, None
        for rating in ratings:
            result = quiz.record_answer("q", "c", rating != Rating.Again, 1_000, now=when, rating=rating)
            when = result.due
        return result.due


def test_good_is_due_later_than_again_and_easy_later_than_good(tmp_path):
    for history in ([], [Rating.Good, Rating.Good], [Rating.Good, Rating.Good, Rating.Good, Rating.Easy]):
        dues = {rating: _due_after(history + [rating], tmp_path, f"{len(history)}-{rating.name}")
                for rating in Rating}
        assert dues[Rating.Again] < dues[Rating.Hard] <= dues[Rating.Good] < dues[Rating.Easy], history


def test_a_new_card_answered_again_comes_back_in_a_minute_and_easy_in_days(quiz):
    again = quiz.record_answer("q", "a", False, 5_000, now=T0)
    easy = quiz.record_answer("q", "e", True, 1_000, now=T0)
    assert (again.state, again.interval, again.is_new) == (State.Learning, timedelta(minutes=1), True)
    assert easy.state == State.Review and easy.interval >= timedelta(days=1)


def test_a_forgotten_review_card_relearns_and_counts_a_lapse(quiz, store):
    first = quiz.record_answer("q", "c", True, 1_000, now=T0)  # Easy: straight to Review
    lapse = quiz.record_answer("q", "c", False, 9_000, now=first.due)
    assert lapse.state == State.Relearning and not lapse.is_new
    assert store.card_record("c").lapses == 1 and store.card_record("c").reps == 2


def test_a_higher_desired_retention_asks_sooner(tmp_path):
    history = [Rating.Good, Rating.Good, Rating.Good]
    assert (_due_after(history, tmp_path, "r95", desired_retention=0.95)
            < _due_after(history, tmp_path, "r90") < _due_after(history, tmp_path, "r80", desired_retention=0.8))
    with pytest.raises(ValueError):
        QuizScheduler(None, desired_retention=1.0)


def test_without_fuzzing_scheduling_is_deterministic(tmp_path):
    ratings = [Rating.Good, Rating.Hard, Rating.Good, Rating.Easy, Rating.Good]
    assert _due_after(ratings, tmp_path, "one") == _due_after(ratings, tmp_path, "two")


def test_fuzzing_spreads_long_intervals(tmp_path):
    with open_store(tmp_path / "fuzz.db") as opened:
        quiz = QuizScheduler(opened, fuzzing=True)
        intervals = set()
        for n in range(30):
            when = T0
            for rating in (Rating.Easy, Rating.Easy, Rating.Easy):
                result = quiz.record_answer("q", f"c{n}", True, 1_000, now=when, rating=rating)
                when = result.due
            intervals.add(result.interval)
        assert len(intervals) > 1


def test_times_must_be_aware_and_any_zone_is_utc_in_the_log(quiz, store):
    with pytest.raises(ValueError, match="timezone-aware"):
        quiz.record_answer("q", "c", True, 1_000, now=datetime(2025, 3, 10, 12))
    moscow = timezone(timedelta(hours=3))
    result = quiz.record_answer("q", "c", True, timedelta(seconds=12), now=datetime(2025, 3, 10, 15, tzinfo=moscow))
    review = store.reviews()[0]
    assert review.reviewed == T0 and review.duration_ms == 12_000 and result.due.tzinfo == UTC
    with pytest.raises(ValueError, match="correct"):
        quiz.record_answer("q", "c", 1, 1_000, now=T0)


def test_retrievability_falls_with_time(quiz):
    assert quiz.retrievability("never", now=T0) is None and quiz.card("never") is None
    quiz.record_answer("q", "c", True, 1_000, now=T0)
    soon = quiz.retrievability("c", now=T0 + timedelta(days=1))
    later = quiz.retrievability("c", now=T0 + timedelta(days=30))
    assert 0 < later < soon <= 1
    assert quiz.card("c").state == State.Review


def test_a_failure_while_scheduling_writes_nothing(quiz, store, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("fsrs bug")

    monkeypatch.setattr(quiz.fsrs, "review_card", broken)
    with pytest.raises(RuntimeError):
        quiz.record_answer("q", "c", True, 1_000, now=T0)
    assert store.reviews() == [] and store.card_records() == []


def test_record_answer_logs_everything_asked(quiz, store):
    result = quiz.record_answer("family-7/seed-2", "family-7", False, 8_500, hint_used=True,
                                answer_text="Il giocatore attivo", now=T0)
    review = store.reviews()[0]
    assert (review.card_key, review.question_id, review.correct, review.hint_used, review.answer) == \
        ("family-7", "family-7/seed-2", False, True, "Il giocatore attivo")
    assert review.state_before is None and review.state_after == State.Learning
    assert review.due == result.due == store.card_record("family-7").due
    assert review.id == result.review_id


# -- sessions -----------------------------------------------------------------------------------------------

@pytest.fixture
def due_cards(quiz, tmp_path):
    """Cards due 7 days ago, 1 day ago, tonight (T0 + 6 h), tomorrow and in 5 days, each answered once before
    today (so none was introduced today)."""
    with open_store(tmp_path / "probe.db") as probe:  # how far a first Easy answer sends a card
        interval = QuizScheduler(probe, fuzzing=False).record_answer("p", "p", True, 1_000, now=T0).interval
    plan = {"week-late": T0 - timedelta(days=7), "day-late": T0 - timedelta(days=1),
            "tonight": T0 + timedelta(hours=6), "tomorrow": T0 + timedelta(days=1, hours=13),
            "in-5-days": T0 + timedelta(days=5)}
    for key, due in plan.items():
        assert quiz.record_answer(f"{key}-q", key, True, 1_000, now=due - interval).due == due
        assert due - interval < T0 - timedelta(hours=12)
    return plan


def test_due_reviews_come_most_overdue_first(quiz, due_cards):
    items = quiz.session(now=T0)
    assert [item.card_id for item in items] == ["week-late", "day-late", "tonight"]
    assert [item.due for item in items] == [due_cards["week-late"], due_cards["day-late"], due_cards["tonight"]]
    assert all(item.state == State.Review and item.last_question_id == f"{item.card_id}-q" for item in items)


def test_learning_cards_come_back_within_the_session_when_due(quiz):
    failed = quiz.record_answer("q", "failed", False, 9_000, now=T0)
    assert failed.due == T0 + timedelta(minutes=1)
    assert [item.card_id for item in quiz.session(now=T0)] == ["failed"]  # within learn_ahead (20 min)
    later = quiz.record_answer("q", "failed", False, 9_000, now=T0)
    strict = QuizScheduler(quiz.store, fuzzing=False, day_policy=DAYS, learn_ahead=timedelta(0))
    assert strict.session(now=T0) == [] and later.due > T0
    assert [item.card_id for item in strict.session(now=T0 + timedelta(minutes=2))] == ["failed"]


def test_new_cards_fill_the_free_places_up_to_the_daily_limit(quiz, due_cards):
    candidates = [f"new-{n}" for n in range(30)]
    items = quiz.session(candidates, now=T0, size=20, seed=1)
    assert [item.card_id for item in items if not item.is_new] == ["week-late", "day-late", "tonight"]
    assert [item.card_id for item in items if item.is_new] == candidates[:10]  # 10 a day, in the caller's order
    small = quiz.session(candidates, now=T0, size=5, seed=1)
    assert [item.is_new for item in small].count(True) == 2  # reviews take their places first
    few = QuizScheduler(quiz.store, fuzzing=False, day_policy=DAYS, new_per_day=4)
    assert [item.card_id for item in few.session(candidates, now=T0) if item.is_new] == candidates[:4]
    crowded = quiz.session(candidates, now=T0, size=2)
    assert [item.card_id for item in crowded] == ["week-late", "day-late"]


def test_new_cards_per_day_and_session_size(tmp_path):
    with open_store(tmp_path / "p.db") as opened:
        quiz = QuizScheduler(opened, fuzzing=False, day_policy=DAYS, new_per_day=10, session_size=6)
        candidates = [f"n{n}" for n in range(25)]
        first = quiz.session(candidates, now=T0)
        assert [item.card_id for item in first] == candidates[:6] and all(item.is_new for item in first)
        for item in first:  # answered right and fast: due in days, not today
            quiz.record_answer(item.card_id, item.card_id, True, 1_000, now=T0)
        second = quiz.session(candidates, now=T0 + timedelta(hours=1))
        assert [item.card_id for item in second] == candidates[6:10]  # 10 a day: 4 left today
        tomorrow = quiz.session(candidates, now=T0 + timedelta(days=1))
        assert [item.card_id for item in tomorrow if item.is_new] == candidates[6:12]
        assert quiz.session(candidates, now=T0, size=0) == []
        assert quiz.session(candidates, now=T0 + timedelta(days=1), new_per_day=0) == []


def test_a_session_is_deterministic_given_the_seed_and_never_repeats(quiz, due_cards):
    mixer = QuizScheduler(quiz.store, fuzzing=False, day_policy=DAYS, new_per_day=30)
    candidates = ["n1", "n2", "n2", "week-late", "n3", "n4", "n1"]  # repeats and a card already known
    one = mixer.session(candidates, now=T0, seed=42)
    assert one == mixer.session(candidates, now=T0, seed=42)
    ids = [item.card_id for item in one]
    assert len(ids) == len(set(ids)) == 7
    assert [i for i in ids if i.startswith("n")] == ["n1", "n2", "n3", "n4"]  # new ones keep the caller's order
    assert [i for i in ids if not i.startswith("n")] == ["week-late", "day-late", "tonight"]
    assert ids[0] == "week-late"  # new cards never come before the most overdue review
    orders = {tuple(item.card_id for item in mixer.session(candidates, now=T0, seed=seed)) for seed in range(20)}
    assert len(orders) > 1  # the seed decides where the new cards go


def test_session_arguments_are_checked(quiz):
    with pytest.raises(ValueError):
        quiz.session(["ok", ""], now=T0)
    with pytest.raises(ValueError):
        quiz.session([], now=T0, size=-1)
    with pytest.raises(ValueError):
        QuizScheduler(quiz.store, new_per_day=-2)


# -- the log is the truth -----------------------------------------------------------------------------------

def test_rebuild_of_a_consistent_cache_changes_nothing(quiz):
    for n in range(12):
        quiz.record_answer(f"q{n}", f"c{n % 4}", n % 3 != 0, 1_000 * n, hint_used=n % 5 == 0,
                           now=T0 + timedelta(hours=n * 7))
    report = quiz.rebuild_cards()
    assert (report.cards, report.reviews, report.repaired, report.log_mismatches) == (4, 12, (), 0)


def test_rebuild_repairs_a_damaged_cache(quiz, store):
    for n in range(6):
        quiz.record_answer("q", f"c{n % 2}", True, 15_000, now=T0 + timedelta(days=n))
    good = {record.key: record for record in store.card_records()}
    store._conn.execute("UPDATE card SET due_ms = 0, reps = 99, fsrs = '{}' WHERE card_key = 'c1'")
    report = quiz.rebuild_cards()
    assert report.repaired == ("c1",)
    assert {record.key: record for record in store.card_records()} == good
    assert quiz.rebuild_cards().repaired == ()


@pytest.mark.parametrize("damage", ["{}", "not json", '{"card_id": 999, "state": 2}'])
def test_an_answer_on_an_unreadable_cache_replays_the_log_instead(tmp_path, damage):
    def play(path: Path, damage: str | None) -> list:
        with open_store(path) as opened:
            quiz = QuizScheduler(opened, fuzzing=False)
            for n in range(4):
                quiz.record_answer("q", "c", n != 2, 9_000, now=T0 + timedelta(days=n))
            if damage:
                opened._conn.execute("UPDATE card SET fsrs = ?", (damage,))
            quiz.record_answer("q", "c", True, 9_000, now=T0 + timedelta(days=9))
            return [opened.card_record("c"), [(r.due, r.card_after) for r in opened.reviews()]]

    assert play(tmp_path / "damaged.db", damage) == play(tmp_path / "clean.db", None)


def test_rebuild_keeps_fuzzed_due_dates(tmp_path):
    with open_store(tmp_path / "p.db") as opened:
        quiz = QuizScheduler(opened, fuzzing=True)
        for n in range(40):
            quiz.record_answer("q", f"c{n % 5}", True, 1_000, now=T0 + timedelta(days=3 * n))
        before = opened.card_records()
        report = quiz.rebuild_cards()
        assert report.repaired == () and report.log_mismatches == 0 and opened.card_records() == before


ANSWERS = st.lists(st.tuples(st.integers(0, 3), st.booleans(), st.one_of(st.none(), st.integers(0, 90_000)),
                             st.booleans(), st.integers(0, 60 * 24 * 40)), min_size=1, max_size=25)
_databases = count()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(answers=ANSWERS, fuzzing=st.booleans())
def test_any_sequence_of_answers_rebuilds_to_the_cache(tmp_path, answers, fuzzing):
    with open_store(tmp_path / f"h{next(_databases)}.db") as opened:
        quiz = QuizScheduler(opened, fuzzing=fuzzing, day_policy=DAYS)
        when = T0
        for card, correct, duration, hint, gap_minutes in answers:
            when += timedelta(minutes=gap_minutes)
            quiz.record_answer(f"q{card}", f"c{card}", correct, duration, hint_used=hint, now=when)
        cached = opened.card_records()
        report = quiz.rebuild_cards()
        assert report.repaired == () and report.log_mismatches == 0
        assert opened.card_records() == cached
        assert sum(record.reps for record in cached) == len(answers) == len(opened.reviews())


# -- crashes and concurrent writers -----------------------------------------------------------------------

CHILD = """
import sys, time
from datetime import datetime, timedelta, timezone
from tutor.progress import open_store
from tutor.quiz.scheduler import QuizScheduler

path, start, limit, pause = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
store = open_store(path)
quiz = QuizScheduler(store, fuzzing=False)
print("ready", flush=True)
go = sys.argv[5] if len(sys.argv) > 5 else None
while go and not __import__("os").path.exists(go):
    time.sleep(0.001)
for i in range(start, start + limit):
    card = "shared" if i % 2 else f"card-{i % 7}"
    quiz.record_answer(f"q{i}", card, i % 3 != 0, 1000 + i % 5000, hint_used=i % 11 == 0,
                       answer_text=f"answer {i}")
    print(f"ack {i}", flush=True)
    time.sleep(pause)  # a learner thinks between two answers
"""


def _child(path: Path, start: int, limit: int, pause: float = 0.0, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", CHILD, str(path), str(start), str(limit), str(pause), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)


def _acks(text: str) -> set[str]:
    return {f"answer {line.split()[1]}" for line in text.splitlines() if line.startswith("ack ")}


@pytest.mark.slow  # child processes: in the full suite, not in `-m fast`
def test_killing_the_writer_at_random_moments_loses_no_acknowledged_answer(tmp_path):
    path = tmp_path / "progress.db"
    rng = random.Random(20250310)
    acknowledged: set[str] = set()
    for round_number in range(20):
        child = _child(path, round_number * 1000, 10_000)
        assert child.stdout.readline() == "ready\n", child.stderr.read()
        seen = "".join(child.stdout.readline() for _ in range(rng.randint(0, 12)))
        time.sleep(rng.random() * 0.01)  # somewhere inside the next answer, or between two
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate()
        assert child.returncode == -signal.SIGKILL
        acknowledged |= _acks(seen + rest)  # every ack printed before the kill, read or still in the pipe
        conn = sqlite3.connect(path)
        try:
            assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            logged = {row[0] for row in conn.execute("SELECT answer FROM review")}
        finally:
            conn.close()
        assert acknowledged <= logged, sorted(acknowledged - logged)[:5]
    assert len(acknowledged) > 20
    with open_store(path) as opened:
        assert opened.notices == ()
        report = QuizScheduler(opened, fuzzing=False).rebuild_cards()
        assert report.repaired == () and report.log_mismatches == 0  # log and cache always committed together


@pytest.mark.parametrize("pauses", [(0.002, 0.003), (0.0, 0.0)], ids=["interleaved", "hammering"])
def test_two_processes_answering_at_once_both_succeed(tmp_path, pauses):
    """The app and the CLI: with pauses their answers interleave; without, one waits for the other's lock."""
    path = tmp_path / "new" / "progress.db"  # neither finds it: both create and migrate it at once
    go = tmp_path / "go"
    children = [_child(path, 0, 60, pauses[0], str(go)), _child(path, 100_000, 60, pauses[1], str(go))]
    for child in children:
        assert child.stdout.readline() == "ready\n", child.stderr.read()
    go.touch()
    outputs = [child.communicate(timeout=60) for child in children]
    for child, (out, err) in zip(children, outputs):
        assert child.returncode == 0, err
        assert len(_acks(out)) == 60
    with open_store(path) as opened:
        assert opened.integrity_check() == ["ok"] and len(opened.reviews()) == 120
        assert opened.card_record("shared").reps == 60  # no read-modify-write was lost
        assert QuizScheduler(opened, fuzzing=False).rebuild_cards().repaired == ()


def test_a_writer_that_holds_the_lock_too_long_is_a_clear_error(tmp_path):
    path = tmp_path / "progress.db"
    with open_store(path, busy_timeout=0.1) as opened:
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(ProgressError) as err:
                QuizScheduler(opened).record_answer("q", "c", True, 1_000)
            assert err.value.key == "progress.error.busy"
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert opened.reviews() == []
