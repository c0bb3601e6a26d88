"""Opening the quiz statistics in the app (goal <= 150 ms with 10,000 review-log rows), beside a baseline measured
in the same run:

* mtg-tutor: on the quiz screen (F3, session loaded), the key ``s`` until the next frame is composed with the
  statistics on it — the store query (:meth:`ProgressStore.quiz_stats`, 30 days), the widgets' update (figures,
  the `Sparkline`, the weeks in numbers) and Textual's layout and composition; also the handler alone
  (query + update) and the query alone;
* baseline: a minimal Textual app over the same database whose ``s`` runs ``SELECT count(*) FROM review`` and
  shows it in a `Static` of a `ContentSwitcher` pane, timed the same way.

The headless driver writes nothing, so the terminal's own drawing is left out of both. Run from the project root:
``python bench/bench_app_quiz.py [--reviews N] [--repeat N]``. Works in a temporary home; prints figures, asserts
nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def figures(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"p50 {statistics.median(ordered) * 1000:7.2f} ms  p95 {p95 * 1000:7.2f} ms  max {ordered[-1] * 1000:7.2f} ms"


class Frames:
    """Counts the frames an app composes (its display hook), to wait for the one after a key."""

    def __init__(self, app) -> None:
        self.count = 0
        display = app._display

        def counted(screen, renderable) -> None:
            if renderable is not None:
                self.count += 1
            display(screen, renderable)

        app._display = counted

    async def key_to_frame(self, app, key: str, done) -> float:
        """Seconds from posting `key` (as a terminal would send it) to the first frame composed after `done()`."""
        from textual import events

        t0 = time.perf_counter()
        app.post_message(events.Key(key, key if len(key) == 1 else None))
        while not done():
            await asyncio.sleep(0)
        frames = self.count
        while self.count == frames:
            await asyncio.sleep(0.0002)
        return time.perf_counter() - t0


async def bench_app(repeat: int) -> tuple[list[float], list[float]]:
    from tutor.app.app import TutorApp

    app = TutorApp(settings={"ui": "it", "theme": "textual-dark"})
    opened, handler = [], []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        show = screen._show_stats

        def timed_show() -> None:
            t0 = time.perf_counter()
            show()
            handler.append(time.perf_counter() - t0)

        screen._show_stats = timed_show
        frames = Frames(app)
        for _ in range(repeat):
            before = len(handler)
            opened.append(await frames.key_to_frame(app, "s", lambda before=before: len(handler) > before))
            await pilot.press("s")  # back to the question (not timed)
            await pilot.pause()
    return opened, handler


async def bench_baseline(path: Path, repeat: int) -> list[float]:
    from textual.app import App
    from textual.binding import Binding
    from textual.widgets import ContentSwitcher, Static

    class Baseline(App):
        BINDINGS = [Binding("s", "toggle")]

        def compose(self):
            with ContentSwitcher(initial="a"):
                yield Static("question", id="a")
                yield Static(id="b")

        def on_mount(self) -> None:
            self.conn = sqlite3.connect(path)
            self.shown = False

        def action_toggle(self) -> None:
            self.shown = not self.shown
            if self.shown:
                n = self.conn.execute("SELECT count(*) FROM review").fetchone()[0]
                self.query_one("#b", Static).update(f"{n} reviews")
            self.query_one(ContentSwitcher).current = "b" if self.shown else "a"

    app = Baseline()
    samples = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        frames = Frames(app)
        for _ in range(repeat):
            samples.append(await frames.key_to_frame(app, "s", lambda: app.shown))
            await pilot.press("s")
            await pilot.pause()
    return samples


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reviews", type=int, default=10_000, help="rows in the review log")
    ap.add_argument("--repeat", type=int, default=30, help="openings timed")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-app-quiz-") as home:
        os.environ["MTG_TUTOR_HOME"] = home
        from bench_progress import fill_log

        from tutor.progress import default_path, open_store

        path = default_path()
        t0 = time.perf_counter()
        fill_log(path, args.reviews)
        print(f"review log of {args.reviews:,} rows written in {time.perf_counter() - t0:.1f} s")
        with open_store(path) as store:
            query = []
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                store.quiz_stats()
                query.append(time.perf_counter() - t0)
        opened, handler = asyncio.run(bench_app(args.repeat))
        baseline = asyncio.run(bench_baseline(path, args.repeat))
        print(f"opening the statistics, {args.repeat} times (goal <= 150 ms):")
        print(f"  mtg-tutor: key s -> next frame composed   {figures(opened)}")
        print(f"  mtg-tutor: handler (query + widgets)      {figures(handler)}")
        print(f"  mtg-tutor: store.quiz_stats() alone       {figures(query)}")
        print(f"  baseline:  key s -> next frame composed   {figures(baseline)}   (count(*) into a Static)")
        print("  (a frame waits for Textual's refresh timer, up to a 60th of a second, in both apps)")


if __name__ == "__main__":
    main()
