"""Lessons in the app, at 120×36 and at 80×24, each figure beside a baseline measured in the same run:

- a learner's move → the screen settled: Enter on the intended move of a lesson step (the move is played and
  written to the progress store, the lesson goes on), then ``u`` (the move taken back), alternately. The player
  draws the whole of itself (board, texts, list, log) in the frame after the key; Textual lays a widget out a
  second time in the next frame when its size changed, so the goal figure is the key until the screen is
  settled (the last frame the key caused: none for `QUIET` after it), goal p95 ≤ 50 ms. Against a minimal
  Textual app whose one Static, about as large as the player's texts, is refilled on every Enter;
- opening a lesson: Enter on the course map → the player on screen with everything drawn (a fresh
  `LessonSession`, resumed from the progress store), then Escape back: lessons 1 and 2 in turn (each time
  another lesson than the last, into the player the map keeps), then the same lesson again; against pushing
  a Screen with one Static (goal p50 ≤ 100 ms).

The handler's drawing (`render_all`, or the Static's update), the key event until the handler has run and until
the next frame are printed too. The headless driver writes nothing, so the terminal's own drawing is left out.
A learner presses a key well after the last frame (reading the board takes longer than a frame), so each key
comes `GAP` seconds after the screen settled.

Run from the project root: ``python bench/bench_app_lessons.py [--rounds N] [--size 80x24]`` (60 rounds, both
sizes by default). Prints figures; asserts nothing. Imports nothing from the tests: it drives the app itself.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIZES = ((120, 36), (80, 24))
ROUNDS = 60  # Enter + u each
OPENINGS = 20  # lessons 1 and 2 in turn; then 10 more of the same lesson
QUIET = 0.05  # no frame for this long after the last one: the screen is settled
GAP = 0.05  # then this long before a learner's key


class Frames:
    """Counts the frames the app composes (wraps the app's display hook), with the time of the last, and the
    times of those that show what `shows()` says (every frame by default)."""

    def __init__(self, app, shows=lambda: True) -> None:
        self.count = 0
        self.last = 0.0  # when the last frame was composed (perf_counter)
        self.times: list[float] = []
        display = app._display

        def counted(screen, renderable) -> None:
            display(screen, renderable)
            if renderable is not None:
                self.count += 1
                self.last = time.perf_counter()
                if shows():
                    self.times.append(self.last)

        app._display = counted


async def settled(frames: Frames) -> None:
    """Until no frame has come for `QUIET` seconds."""
    while time.perf_counter() - frames.last < QUIET:
        await asyncio.sleep(0.002)


async def timed_key(app, frames: Frames, key: str, done) -> dict[str, float]:
    """Post `key` `GAP` after the screen settled; the seconds until `done()` is true ("handled"), until the first
    frame that shows what the frames' `shows()` says ("painted") and until the screen settled again ("settled": the last frame it caused)."""
    from textual import events

    await settled(frames)
    await asyncio.sleep(GAP)
    before = frames.count
    t0 = time.perf_counter()
    app.post_message(events.Key(key, None))
    while not done():
        await asyncio.sleep(0)
    handled = time.perf_counter() - t0
    while frames.count == before:
        await asyncio.sleep(0.0002)
    await settled(frames)
    painted = next(when for when in frames.times if when > t0) - t0
    del frames.times[:]
    return {"handled": handled, "painted": painted, "settled": frames.last - t0}


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def line(name: str, xs: list[float]) -> str:
    return (f"  {name:<50} p50 {pct(xs, 50) * 1000:6.2f} ms   p95 {pct(xs, 95) * 1000:6.2f} ms   "
            f"max {max(xs) * 1000:6.2f} ms")


def record(out: dict, figures: dict[str, float]) -> None:
    for name, value in figures.items():
        out.setdefault(name, []).append(value)


# ---- driving the app (as a learner would, through the screens' own lists) ------------------------------------
async def open_map(app, pilot):
    """F2: the course map, its course loaded."""
    await pilot.press("f2")
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()
    return app.screen


async def open_lesson(app, pilot, order: int):
    await open_map(app, pilot)
    await pilot.press(*["down"] * (order - 1), "enter")
    await pilot.pause()
    return app.screen


def intended_move(screen) -> str:
    """The list's option for the move the step asks for."""
    from tutor.lessons.moves import matches

    s = screen.session
    return next(f"m{i}" for i, m in enumerate(screen.choice_moves) if matches(s.table, s.step.accept[0], m.action))


async def play_to_move(pilot, screen, index: int) -> None:
    """Play the lesson the intended way until a move step at `index` or after (lesson 3: say, legal, auto,
    do, legal, do…: only "go on", single answers and moves)."""
    s = screen.session
    while screen.mode() != "move" or s.index < index:
        mode = screen.mode()
        if mode == "next":
            screen.choose("next")
        elif mode == "move":
            screen.choose(intended_move(screen))
        else:
            screen.choose(next(f"o{i}" for i, o in enumerate(s.options()) if o.id == s.expected()))
        await pilot.pause()


# ---- the figures -----------------------------------------------------------------------------------------------
async def lesson_moves(size, rounds: int) -> dict[str, list[float]]:
    """Enter on the intended move, then u, at a move step of lesson 3 (main-phase)."""
    from textual.widgets import OptionList

    from tutor.app.app import TutorApp

    app = TutorApp(settings={"ui": "it", "theme": "textual-dark"})
    out: dict[str, list[float]] = {"handler": []}
    async with app.run_test(size=size) as pilot:
        screen = await open_lesson(app, pilot, 3)
        await play_to_move(pilot, screen, 5)
        draw = screen.render_all

        def timed_draw() -> None:
            t0 = time.perf_counter()
            draw()
            out["handler"].append(time.perf_counter() - t0)

        screen.render_all = timed_draw
        frames = Frames(app)
        s = screen.session
        step = s.index
        listing = screen.query_one("#choices", OptionList)
        for _ in range(rounds):
            listing.focus()
            target = intended_move(screen)
            listing.highlighted = next(i for i in range(listing.option_count)
                                       if listing.get_option_at_index(i).id == target)
            await pilot.pause()
            for key in ("enter", "u"):
                n = len(out["handler"])
                record(out, await timed_key(app, frames, key, lambda n=n: len(out["handler"]) > n))
            assert s.index == step, "not back at the same step for the next round"
    return out


async def static_baseline(size, rounds: int) -> dict[str, list[float]]:
    """A minimal app: Enter refills one Static with a text filling about 70% of the screen."""
    from rich.text import Text
    from textual.app import App
    from textual.widgets import Static

    chars = int(0.7 * size[0] * size[1])
    out: dict[str, list[float]] = {"handler": []}
    words = ("Giocatore A TAPpa la terra «Montagna» per {R}. [106.4, 605.3] " * (chars // 60 + 1))[:chars]

    class Minimal(App):
        BINDINGS = [("enter", "refill")]
        flip = 0

        def compose(self):
            yield Static(id="s")

        def action_refill(self) -> None:
            t0 = time.perf_counter()
            self.flip += 1
            text = Text(words if self.flip % 2 else words[1:] + words[0])
            self.query_one("#s", Static).update(text)
            out["handler"].append(time.perf_counter() - t0)

    app = Minimal()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        frames = Frames(app)
        for _ in range(2 * rounds):
            n = len(out["handler"])
            record(out, await timed_key(app, frames, "enter", lambda n=n: len(out["handler"]) > n))
    out["chars"] = [chars]
    return out


async def opening(size) -> tuple[list[float], list[float], list[float]]:
    """Enter on the course map → the player on screen; Escape back (another lesson each time, then the same
    lesson again); and the baseline: push a Screen."""
    from textual.app import App
    from textual.screen import Screen
    from textual.widgets import Static

    from tutor.app.app import TutorApp
    from tutor.app.screens.lesson_player import LessonScreen

    lesson_times: list[float] = []
    same_times: list[float] = []
    app = TutorApp(settings={"ui": "it", "theme": "textual-dark"})
    async with app.run_test(size=size) as pilot:
        await open_map(app, pilot)
        frames = Frames(app, lambda: isinstance(app.screen, LessonScreen) and app.screen.is_mounted)
        for i in range(OPENINGS + OPENINGS // 2):
            if i < OPENINGS:  # lessons 1 and 2 in turn (each opening another lesson than the last)
                await pilot.press("down" if i % 2 == 0 else "up")
                await pilot.pause()
            figures = await timed_key(app, frames, "enter", lambda: isinstance(app.screen, LessonScreen)
                                      and app.screen.is_mounted)
            (lesson_times if i < OPENINGS else same_times).append(figures["painted"])
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()

    class One(Screen):
        def compose(self):
            yield Static("x" * 2000)

    class Minimal(App):
        BINDINGS = [("enter", "open"), ("escape", "close")]

        def action_open(self) -> None:
            self.push_screen(One())

        def action_close(self) -> None:
            self.pop_screen()

    base: list[float] = []
    app2 = Minimal()
    async with app2.run_test(size=size) as pilot:
        await pilot.pause()
        frames = Frames(app2, lambda: isinstance(app2.screen, One))
        for _ in range(OPENINGS):
            figures = await timed_key(app2, frames, "enter", lambda: isinstance(app2.screen, One)
                                      and app2.screen.is_mounted)
            base.append(figures["painted"])
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
    return lesson_times, same_times, base


def main() -> None:
    parser = argparse.ArgumentParser(description="The lesson player's drawing, against baselines.")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="moves (Enter + u) per size")
    parser.add_argument("--size", action="append", help="WxH (repeatable; default 120x36 and 80x24)")
    args = parser.parse_args()
    sizes = [tuple(int(n) for n in s.lower().split("x")) for s in args.size] if args.size else SIZES
    with tempfile.TemporaryDirectory() as home:
        os.environ["MTG_TUTOR_HOME"] = home
        t0 = time.perf_counter()
        from tutor.app.lesson_services import course

        course()
        print(f"loading the course (14 lessons, validated; once per process, in a thread in the app): "
              f"{(time.perf_counter() - t0) * 1000:.0f} ms")
        for size in sizes:
            w, h = size
            moves = asyncio.run(lesson_moves(size, args.rounds))
            base = asyncio.run(static_baseline(size, args.rounds))
            print(f"a learner's move -> whole player drawn, {w}x{h}, {len(moves['settled'])} keys "
                  f"(Enter on the move / u, alternately; each {GAP * 1000:.0f} ms after the screen settled):")
            print(line("player: the handler's drawing (render_all)", moves["handler"]))
            print(line("player: key -> handler done", moves["handled"]))
            print(line("player: key -> next frame (the whole player)", moves["painted"]))
            print(line("player: key -> screen settled (goal p95 <= 50 ms)", moves["settled"]))
            print(f"  baseline: one Static of {base['chars'][0]} characters refilled on Enter, the same way:")
            print(line("baseline: the update (the handler)", base["handler"]))
            print(line("baseline: key -> handler done", base["handled"]))
            print(line("baseline: key -> next frame", base["painted"]))
            print(line("baseline: key -> screen settled", base["settled"]))
            lesson, same, screen = asyncio.run(opening(size))
            print(f"opening a lesson, {w}x{h}, {len(lesson)} times (lessons 1 and 2 in turn), then the same again:")
            print(line("Enter on the map -> player drawn (goal p50 <= 100 ms)", lesson))
            print(f"  the first of them (the player composed, once per app session): {lesson[0] * 1000:6.2f} ms")
            print(line("the same lesson again", same))
            print(line("baseline: push a Screen with one Static", screen))


if __name__ == "__main__":
    main()
