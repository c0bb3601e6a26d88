"""App benchmarks: process start to the first screen ready for input, and keystroke-to-results latency.

Run from the project root: ``python bench/bench_app.py``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

READY = """
import asyncio, sys
from tutor.app.app import TutorApp

class Bench(TutorApp):
    def on_ready(self) -> None:  # the first screen is composed, the search box focused
        print("READY", flush=True)
        self.exit()

Bench(settings={"ui": "it", "theme": "textual-dark"}).run(headless=True)
"""

WORDS = ["cimitero", "кладбище", "effetti di sostituzione", "kladbishche", "rkfl,bot", "113.3b", "graveyard"]


def first_screen(env: dict, runs: int = 10) -> list[float]:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", READY], env=env, stdout=subprocess.PIPE, text=True, cwd=ROOT)
        for line in proc.stdout:
            if line.startswith("READY"):
                times.append(time.perf_counter() - t0)
                break
        proc.wait()
    return times


async def keystrokes() -> tuple[list[float], list[float]]:
    from textual import events

    from tutor.app.app import TutorApp

    app = TutorApp(settings={"ui": "it", "theme": "textual-dark"})
    handler, round_trip = [], []
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        original = screen.update_results

        def timed(query: str) -> None:
            t0 = time.perf_counter()
            original(query)
            handler.append(time.perf_counter() - t0)

        screen.update_results = timed
        for word in WORDS:
            for ch in word:
                n = len(handler)
                t0 = time.perf_counter()
                app.post_message(events.Key(ch if ch != " " else "space", ch))  # as a terminal would send it
                while len(handler) == n:
                    await asyncio.sleep(0)
                round_trip.append(time.perf_counter() - t0)
            await pilot.pause()
            screen.query_one("#search").value = ""
            await pilot.pause()
    return handler, round_trip


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, MTG_TUTOR_HOME=home, PYTHONPATH=str(ROOT))
        subprocess.run([sys.executable, "-m", "tutor", "kb", "rebuild"], env=env, stdout=subprocess.DEVNULL, check=True)
        bare = []
        for _ in range(10):
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], env=env, check=True)
            bare.append(time.perf_counter() - t0)
        imp = []
        for _ in range(10):
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-c", "import textual.app"], env=env, check=True)
            imp.append(time.perf_counter() - t0)
        ready = first_screen(env)
        print(f"python -c pass: {statistics.median(bare) * 1000:.0f} ms; python -c 'import textual.app': "
              f"{statistics.median(imp) * 1000:.0f} ms")
        print(f"launch to first screen ready for input: median {statistics.median(ready) * 1000:.0f} ms, "
              f"max {max(ready) * 1000:.0f} ms over {len(ready)} runs (goal < 600 ms)")
        os.environ["MTG_TUTOR_HOME"] = home
        handler, trip = asyncio.run(keystrokes())
        print(f"keystroke -> results: search and list update p50 {pct(handler, 50) * 1000:.2f} ms, "
              f"p95 {pct(handler, 95) * 1000:.2f} ms, max {max(handler) * 1000:.2f} ms over {len(handler)} keystrokes (goal <= 16 ms)")
        print(f"  key event posted -> results updated (event loop included) p50 {pct(trip, 50) * 1000:.2f} ms, "
              f"p95 {pct(trip, 95) * 1000:.2f} ms, max {max(trip) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
