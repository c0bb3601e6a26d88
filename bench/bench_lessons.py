"""Lesson benchmarks, each beside a baseline measured in the same run.

- opening a lesson: load + validate (schema and meaning) + set up the game + the first board view and its
  text (goal: at most 100 ms), warm (card pool already loaded, as in the app) and cold (a fresh process:
  imports, card pool, curated files); baseline: setting up the same position as a bare scenario table;
- a learner's move, runtime side: `LessonSession.move` + the new board view + the events rendered in words +
  the board as text; baseline: ``game.apply(PassPriority())`` alone on the same position;
- checking the whole course headlessly (`check_lesson` on every lesson).

Run from the project root: ``python bench/bench_lessons.py [--repeat N]``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def timed(fn, repeat: int) -> tuple[float, float]:
    """(median, best) milliseconds of `repeat` calls."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), min(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=30)
    args = ap.parse_args()
    from tutor.cardpool import load_cards
    from tutor.engine import PassPriority
    from tutor.lessons import LessonSession, check_lesson, load_course, load_lesson
    from tutor.lessons.text import board_lines
    from tutor.resources import course_files
    from tutor.scenario import Table

    cards = load_cards()
    files = course_files()
    course = load_course()
    load_lesson(files[0], cards)  # warm the digest and concept scans (cached per process)
    print(f"lessons: {len(course.lessons)}; repeat {args.repeat}; figures: median / best, ms")

    def open_lesson(path=files[0]):
        lesson = load_lesson(path, cards)
        session = LessonSession(lesson)
        board_lines(session.board(), cards, "it", lesson.learner)
        return session

    def bare_table():
        lesson = course.lessons[0]
        Table(cards, lesson.setup, lesson.seed).setup().view()

    med, best = timed(open_lesson, args.repeat)
    bmed, bbest = timed(bare_table, args.repeat)
    print(f"open a lesson (load + validate + game + first board), warm: {med:7.2f} / {best:7.2f}   "
          f"baseline (set up the bare position + view): {bmed:6.2f} / {bbest:6.2f}   goal <= 100")
    code = ("import time; t = time.perf_counter(); from tutor.cardpool import load_cards; "
            "from tutor.lessons import LessonSession, load_lesson; from tutor.lessons.text import board_lines; "
            "from tutor.resources import course_files; c = load_cards(); f = course_files()[0]; "
            "s = LessonSession(load_lesson(f, c)); board_lines(s.board(), c, 'it', 0); "
            "print((time.perf_counter() - t) * 1000)")
    base_code = "import time; t = time.perf_counter(); import tutor.engine; print((time.perf_counter() - t) * 1000)"
    cold = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                                 check=True).stdout) for _ in range(5)]
    cold_base = [float(subprocess.run([sys.executable, "-c", base_code], capture_output=True, text=True, cwd=ROOT,
                                      check=True).stdout) for _ in range(5)]
    print(f"open a lesson, cold (new process: imports, card pool, files): {statistics.median(cold):7.2f} / {min(cold):7.2f}"
          f"   baseline (import tutor.engine): {statistics.median(cold_base):6.2f} / {min(cold_base):6.2f}")

    # A learner's move: at the first do step of lesson 1 (pass priority in the upkeep), then undo, repeatedly.
    session = LessonSession(course.lessons[0])
    while session.kind != "do":
        if session.kind == "ask":
            session.answer(session.expected())
        session.advance()

    def learner_move():
        result = session.move(PassPriority())
        view = session.board()
        lines = [e.text("it") for e in result.events] + board_lines(view, cards, "it", 0)
        session.undo()  # back to the same position for the next round
        return lines

    def undo_only():
        session.game.push(PassPriority())
        session.game.pop()

    med, best = timed(learner_move, args.repeat)
    umed, ubest = timed(undo_only, args.repeat)
    # the baseline plays a pass on a copy of the position each time (apply can't be undone without push/pop)
    import copy

    snapshots = [copy.deepcopy(session.game) for _ in range(args.repeat)]

    def engine_pass_on_copy():
        snapshots.pop().apply(PassPriority())

    bmed, bbest = timed(engine_pass_on_copy, args.repeat)
    print(f"a learner's move (move + board view + events in words + board text, then undo): {med:6.2f} / {best:6.2f}"
          f"   baselines: game.apply(PassPriority()) {bmed:6.3f} / {bbest:6.3f}; push + pop {umed:6.3f} / {ubest:6.3f}")

    t0 = time.perf_counter()
    problems = sum(len(check_lesson(lesson)) for lesson in course.lessons)
    total = (time.perf_counter() - t0) * 1000
    print(f"check the whole course (lesson check --all, runtime side): {total:7.2f} ms for {len(course.lessons)} "
          f"lessons ({problems} problems)")


if __name__ == "__main__":
    main()
