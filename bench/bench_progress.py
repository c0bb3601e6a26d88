"""Progress-store benchmarks, each beside a baseline measured in the same run on the same disk:

* recording an answer with FSRS scheduling (one ``BEGIN IMMEDIATE`` transaction: read the card, schedule, write the
  log row and the card) against a bare ``INSERT`` + commit, with ``synchronous=FULL`` (the store's setting) and
  ``NORMAL`` (goal: p95 <= 10 ms with FULL);
* opening the statistics of a log of 10,000 reviews (goal <= 150 ms) against ``SELECT count(*)``;
* opening the store (``quick_check``, migrations check), building a session and rebuilding every card from the log.

Run from the project root: ``python bench/bench_progress.py [--answers N] [--reviews N]``. Works in a temporary
directory; prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"p50 {statistics.median(ordered) * 1000:6.2f} ms  p95 {p95 * 1000:6.2f} ms"


def bench_answers(folder: Path, answers: int, synchronous: str) -> None:
    from tutor.progress import open_store
    from tutor.quiz.scheduler import QuizScheduler

    rng = random.Random(1)
    now = datetime(2025, 1, 1, tzinfo=UTC)
    with open_store(folder / f"answers-{synchronous}.db", synchronous=synchronous) as store:
        quiz = QuizScheduler(store, fuzzing=True)
        samples = []
        for n in range(answers):
            now += timedelta(minutes=rng.randint(1, 600))
            t0 = time.perf_counter()
            quiz.record_answer(f"q{n}", f"card-{rng.randrange(200)}", rng.random() < 0.8, rng.randint(2_000, 40_000),
                               hint_used=rng.random() < 0.1, answer_text="answer text", now=now)
            samples.append(time.perf_counter() - t0)

    conn = sqlite3.connect(folder / f"baseline-{synchronous}.db", isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA synchronous = {synchronous}")
    conn.execute("CREATE TABLE log (id INTEGER PRIMARY KEY, card TEXT, at INTEGER, rating INTEGER, answer TEXT)")
    base = []
    for n in range(answers):
        t0 = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO log (card, at, rating, answer) VALUES (?, ?, ?, ?)", (f"card-{n}", n, 3, "answer"))
        conn.execute("COMMIT")
        base.append(time.perf_counter() - t0)
    conn.close()
    print(f"  synchronous={synchronous:<6} record_answer   {percentiles(samples)}   "
          f"| baseline INSERT+commit {percentiles(base)}")


def fill_log(path: Path, reviews: int) -> None:
    """A year of answers on about 800 cards (written with synchronous=OFF: only the content matters here)."""
    from tutor.progress import open_store
    from tutor.quiz.scheduler import QuizScheduler

    rng = random.Random(2)
    start = datetime.now(UTC) - timedelta(days=365)
    with open_store(path, synchronous="OFF") as store:
        quiz = QuizScheduler(store, fuzzing=True)
        for n in range(reviews):
            when = start + timedelta(days=365 * n / reviews, minutes=rng.randint(0, 60))
            quiz.record_answer(f"q{n % 1500}", f"card-{rng.randrange(800)}", rng.random() < 0.85,
                               rng.randint(2_000, 40_000), now=when)


def timed(function, repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        function()
        samples.append(time.perf_counter() - t0)
    return samples


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--answers", type=int, default=300, help="answers timed per setting")
    ap.add_argument("--reviews", type=int, default=10_000, help="rows in the log for the statistics")
    args = ap.parse_args()
    from tutor.progress import open_store
    from tutor.quiz.scheduler import QuizScheduler

    with tempfile.TemporaryDirectory(prefix="bench-progress-") as tmp:
        folder = Path(tmp)
        print(f"recording an answer ({args.answers} answers on 200 cards; goal p95 <= 10 ms with FULL):")
        for synchronous in ("FULL", "NORMAL"):
            bench_answers(folder, args.answers, synchronous)

        path = folder / "big.db"
        t0 = time.perf_counter()
        fill_log(path, args.reviews)
        print(f"\nlog of {args.reviews:,} reviews on 800 cards written in {time.perf_counter() - t0:.1f} s "
              f"({path.stat().st_size / 1e6:.1f} MB)")

        opens = timed(lambda: open_store(path).close(), 10)
        raw = timed(lambda: sqlite3.connect(path).execute("SELECT 1 FROM sqlite_master").fetchall(), 10)
        print(f"  open the store (quick_check, version)   {percentiles(opens)}   | baseline sqlite3.connect {percentiles(raw)}")

        with open_store(path) as store:
            stats = timed(lambda: store.quiz_stats(days=30), 30)
            count = timed(lambda: store._conn.execute("SELECT count(*) FROM review").fetchone(), 30)
            print(f"  quiz_stats (30 days)                    {percentiles(stats)}   | baseline SELECT count(*) {percentiles(count)}")
            result = store.quiz_stats(days=30)
            print(f"    ({result.total_reviews:,} reviews, {result.cards} cards, due today {result.due_today}, "
                  f"retention {result.retention:.2f}, streak {result.streak})")
            cold = timed(lambda: _open_and_stats(path), 10)
            print(f"  open + quiz_stats (goal <= 150 ms)      {percentiles(cold)}")
            quiz = QuizScheduler(store)
            candidates = [f"new-{n}" for n in range(500)]
            sessions = timed(lambda: quiz.session(candidates, seed=1), 20)
            print(f"  session (800 cards, 500 candidates)     {percentiles(sessions)}")
            rebuilds = timed(quiz.rebuild_cards, 3)
            print(f"  rebuild_cards ({args.reviews:,} reviews replayed)  {percentiles(rebuilds)}")


def _open_and_stats(path: Path) -> None:
    from tutor.progress import open_store

    with open_store(path) as store:
        store.quiz_stats(days=30)


if __name__ == "__main__":
    main()
