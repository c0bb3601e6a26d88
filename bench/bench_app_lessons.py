"""Lessons in the app, at 120×36, each figure beside a baseline measured in the same run:

- a learner's move → the board redrawn: Enter on the intended move of a lesson step (the move is played, the
  lesson goes on), then ``u`` (the move taken back), alternately. The player draws the board alone in the
  frame after the key and its texts, list and log right after that frame: the goal figure is the key until
  the first frame that shows the new board (the board's lines drawn for its newest version), and the key
  until the whole player is drawn is printed beside it. Against a minimal Textual app whose one Static, as
  large as the player's text, is refilled on every Enter (goal p95 ≤ 16 ms, one frame at 60 Hz);
- opening a lesson: Enter on the course map → the player on screen with everything drawn (a fresh
  `LessonSession`, resumed from the progress store), then Escape back: lessons 1 and 2 in turn (each time
  another lesson than the last, into the player the map keeps), then the same lesson again; against pushing
  a Screen with one Static (goal ≤ 100 ms).

The handler's drawing (`render_board`, or the Static's update) and the key event until the handler has run
are printed too. The headless driver writes nothing, so the terminal's own drawing is left out. A learner
presses a key well after the last frame (reading the board takes longer than a frame), so each key comes
`GAP` seconds after the screen settled: Textual then composes the frame as soon as the handler is done. Keys
pressed faster than frames (held down) wait for Textual's frame timer (60 a second), up to one period: that
figure is printed too (`RAPID_ROUNDS`, after the others), beside the baseline's measured the same way. And,
since Textual lays a widget out a second time in the next frame when its size changed, the key event until
the screen is settled (the last frame the key caused: none for 50 ms after it).

Run from the project root: ``python bench/bench_app_lessons.py``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIZE = (120, 36)
ROUNDS = 60
RAPID_ROUNDS = 20  # more rounds, after those: keys pressed right after the frame (a key held down)


class Frames:
    """Counts the frames the app composes (wraps the app's display hook), and keeps for each its time and
    which of `checks` (functions: is what the frame shows complete?) were true."""

    def __init__(self, app, **checks) -> None:
        self.count = 0
        self.last = 0.0  # when the last frame was composed (perf_counter)
        self.log: list[tuple[float, set[str]]] = []
        display = app._display

        def counted(screen, renderable) -> None:
            display(screen, renderable)
            if renderable is not None:
                self.count += 1
                self.last = time.perf_counter()
                self.log.append((self.last, {name for name, check in checks.items() if check()}))

        app._display = counted

    def first(self, after: float, check: str | None = None) -> float:
        """The time of the first frame after `after` (for which `check` was true)."""
        return next(when for when, true in self.log if when > after and (check is None or check in true))


QUIET = 0.05  # no frame for this long after the last one: the screen is settled
GAP = 0.05  # then this long before a learner's key (the rapid rounds: none)


async def settled(frames: Frames) -> None:
    """Until no frame has come for `QUIET` seconds."""
    while time.perf_counter() - frames.last < QUIET:
        await asyncio.sleep(0.002)


async def timed_key(app, frames: Frames, key: str, done, rapid: bool = False) -> dict[str, float]:
    """Post `key` (`GAP` after the screen settled, or at once when `rapid`); the seconds until `done()` is
    true ("handled"), until the next frame ("painted"), until the first frame for which each of the frames'
    checks was true (by its name), and until the screen settled again ("settled": the last frame it
    caused)."""
    from textual import events

    if not rapid:
        await settled(frames)
        await asyncio.sleep(GAP)
    before = frames.count
    t0 = time.perf_counter()
    app.post_message(events.Key(key, None))
    while not done():
        await asyncio.sleep(0)
    out = {"handled": time.perf_counter() - t0}
    while frames.count == before:
        await asyncio.sleep(0.0002)
    await settled(frames)
    out["painted"] = frames.first(t0) - t0
    out["settled"] = frames.last - t0
    for name in {name for _, true in frames.log for name in true}:
        out[name] = frames.first(t0, name) - t0
    del frames.log[:]
    return out


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def line(name: str, xs: list[float]) -> str:
    return (f"  {name:<52} p50 {pct(xs, 50) * 1000:6.2f} ms   p95 {pct(xs, 95) * 1000:6.2f} ms   "
            f"max {max(xs) * 1000:6.2f} ms")


def record(out: dict, figures: dict[str, float], rapid: bool) -> None:
    if rapid:
        out["rapid"].append(figures["painted"])
    else:
        for name, value in figures.items():
            out.setdefault(name, []).append(value)


async def lesson_moves() -> dict[str, list[float]]:
    """Enter on the intended move, then u, at a move step of lesson 3 (main-phase)."""
    from textual.widgets import OptionList

    from tests.app.test_app_lessons import move_id, open_lesson, play_step
    from tests.pilot import drawn
    from tutor.app.app import TutorApp

    app = TutorApp(settings={"ui": "it", "theme": "textual-dark"})
    out: dict[str, list[float]] = {"handler": [], "talk": [], "rapid": []}
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_lesson(app, pilot, order=3)
        while screen.mode() != "move" or screen.session.index < 5:
            await play_step(pilot, screen)
        await drawn(pilot)
        board_draw, talk_draw = screen.render_board, screen.render_talk

        def timed_board() -> bool:
            t0 = time.perf_counter()
            changed = board_draw()
            out["handler"].append(time.perf_counter() - t0)
            return changed

        def timed_talk() -> None:
            t0 = time.perf_counter()
            talk_draw()
            out["talk"].append(time.perf_counter() - t0)

        screen.render_board, screen.render_talk = timed_board, timed_talk
        board = screen.query_one("#board")
        # The frame that shows the new board (its lines drawn for its newest version), and the first that shows
        # the whole player (the texts, drawn after the board's frame, too).
        frames = Frames(app, board=lambda: board.drawn == board.version,
                        whole=lambda: board.drawn == board.version and not screen.drawing)
        s = screen.session
        step = s.index
        listing = screen.query_one("#choices", OptionList)
        for i in range(ROUNDS + RAPID_ROUNDS):
            rapid = i >= ROUNDS
            listing.focus()
            target = move_id(screen, s.step.accept[0])
            listing.highlighted = next(i for i in range(listing.option_count)
                                       if listing.get_option_at_index(i).id == target)
            await pilot.pause()
            for key in ("enter", "u"):
                n = len(out["handler"])
                record(out, await timed_key(app, frames, key, lambda n=n: len(out["handler"]) > n, rapid), rapid)
                if rapid:
                    await pilot.pause()
                await drawn(pilot)
            assert s.index == step  # back at the same step for the next round
        del out["handler"][2 * ROUNDS:]
        del out["talk"][2 * ROUNDS:]
    return out


async def static_baseline(chars: int) -> dict[str, list[float]]:
    """A minimal app: Enter refills one Static with a text of `chars` characters."""
    from rich.text import Text
    from textual.app import App
    from textual.widgets import Static

    out: dict[str, list[float]] = {"handler": [], "rapid": []}
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
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        frames = Frames(app)
        for i in range(2 * (ROUNDS + RAPID_ROUNDS)):
            rapid = i >= 2 * ROUNDS
            n = len(out["handler"])
            record(out, await timed_key(app, frames, "enter", lambda n=n: len(out["handler"]) > n, rapid), rapid)
            if rapid:
                await pilot.pause()
        del out["handler"][2 * ROUNDS:]
    return out


async def opening() -> tuple[list[float], list[float], list[float]]:
    """Enter on the course map → the player on screen; Escape back (another lesson each time, then the same
    lesson again); and the baseline: push a Screen."""
    from textual.app import App
    from textual.screen import Screen
    from textual.widgets import Static

    from tests.app.test_app_lessons import open_map
    from tutor.app.app import TutorApp
    from tutor.app.screens.lesson_player import LessonScreen

    lesson_times: list[float] = []
    same_times: list[float] = []
    app = TutorApp(settings={"ui": "it", "theme": "textual-dark"})
    async with app.run_test(size=SIZE) as pilot:
        await open_map(app, pilot)
        frames = Frames(app, whole=lambda: isinstance(app.screen, LessonScreen) and app.screen.is_mounted
                        and not app.screen.drawing)
        for i in range(30):
            # Lessons 1 and 2 in turn (each opening another lesson than the last), then lesson 2 again.
            if i < 20:
                await pilot.press("down" if i % 2 == 0 else "up")
                await pilot.pause()
            figures = await timed_key(app, frames, "enter", lambda: isinstance(app.screen, LessonScreen)
                                      and app.screen.is_mounted)
            (lesson_times if i < 20 else same_times).append(figures["whole"])
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
    async with app2.run_test(size=SIZE) as pilot:
        await pilot.pause()
        frames = Frames(app2)
        for _ in range(20):
            figures = await timed_key(app2, frames, "enter", lambda: isinstance(app2.screen, One)
                                      and app2.screen.is_mounted)
            base.append(figures["painted"])
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
    return lesson_times, same_times, base


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        os.environ["MTG_TUTOR_HOME"] = home
        t0 = time.perf_counter()
        from tutor.app.lesson_services import course

        course()
        print(f"loading the course (14 lessons, validated; once per process, in a thread in the app): "
              f"{(time.perf_counter() - t0) * 1000:.0f} ms")
        moves = asyncio.run(lesson_moves())
        base = asyncio.run(static_baseline(3000))
        print(f"a learner's move -> board redrawn, {SIZE[0]}x{SIZE[1]}, {len(moves['painted'])} keys "
              f"(Enter on the move / u, alternately; each {GAP * 1000:.0f} ms after the screen settled):")
        print(line("player: the handler's drawing (render_board)", moves["handler"]))
        print(line("player: key -> handler done", moves["handled"]))
        print(line("player: key -> board redrawn (goal p95 <= 16 ms)", moves["board"]))
        print(line("player: the texts' drawing after it (render_talk)", moves["talk"]))
        print(line("player: key -> whole player drawn", moves["whole"]))
        print(line("player: key -> screen settled (last frame it caused)", moves["settled"]))
        print("  baseline: one Static of 3000 characters refilled on Enter, the same way:")
        print(line("baseline: the update (the handler)", base["handler"]))
        print(line("baseline: key -> handler done", base["handled"]))
        print(line("baseline: key -> next frame composed", base["painted"]))
        print(line("baseline: key -> screen settled", base["settled"]))
        print(f"  keys pressed right after the last frame ({len(moves['rapid'])} keys: they wait for Textual's "
              f"frame timer):")
        print(line("player: key -> next frame composed", moves["rapid"]))
        print(line("baseline: key -> next frame composed", base["rapid"]))
        lesson, same, screen = asyncio.run(opening())
        print(f"opening a lesson, {SIZE[0]}x{SIZE[1]}, 20 times (lessons 1 and 2 in turn), then the same again:")
        print(line("Enter on the course map -> player on screen (goal <= 100 ms)", lesson))
        print(f"  the first of them (the player composed, once per app session): {lesson[0] * 1000:6.2f} ms")
        print(line("the same lesson again", same))
        print(line("baseline: push a Screen with one Static", screen))


if __name__ == "__main__":
    main()
