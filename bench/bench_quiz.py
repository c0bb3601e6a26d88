"""Quiz benchmarks, each beside a baseline measured in the same run:

* generating an engine question (combat, blocking, casting, stack): the position is set up, played on with
  push/pop to the answer and its prompt rendered (goal: p95 <= 50 ms), then the explanation rendered in both
  languages (it is rendered only when shown); baseline: building the same kind of position without solving or
  rendering anything;
* ``quiz answer`` end to end in one process: rebuilding the question from its id, judging, and recording with FSRS
  scheduling in the store (goal: p95 <= 10 ms for the recording), against judging alone; and the real commands
  ``quiz next`` and ``quiz answer`` in a subprocess against ``mtg-tutor --help`` (the interpreter's and the CLI's
  start), with their ratio to it.

Run from the project root: ``python bench/bench_quiz.py [--seeds N] [--answers N]``. Works in a temporary
directory; prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"p50 {statistics.median(ordered) * 1000:7.2f} ms  p95 {p95 * 1000:7.2f} ms"


def timed(fn, *args, **kwargs) -> float:
    t0 = time.perf_counter()
    fn(*args, **kwargs)
    return time.perf_counter() - t0


def _baseline(kind: str, family: str, seed: int) -> None:
    """The position alone: set up and played to the question point, nothing solved or rendered."""
    from tutor.quiz import blocking_q, casting_q, combat_q
    from tutor.quiz.model import Rejected

    rng = random.Random(f"{family}@{seed}")
    try:
        if kind == "combat":
            combat_q._question_point(family, rng)
        elif kind == "can-block":
            blocking_q._setup(family, rng)
        elif kind == "can-cast":
            pos, asker, _hand, opener = casting_q._setup(family, rng)
            casting_q._play_to_question(family, pos, asker, opener, rng)
    except Rejected:
        pass


def bench_generation(seeds: int) -> None:
    from tutor.quiz import bank

    kinds = ("combat", "can-block", "can-cast", "stack")
    for kind in kinds:  # warm up: card pool, catalogs, pymorphy3
        bank.question(f"{bank.families(kind)[0]}@0").explanation["ru"]
    print(f"engine questions ({seeds} seeds per family):")
    for kind in kinds:
        build, explain, base = [], [], []
        for family in bank.families(kind):
            for seed in range(1000, 1000 + seeds):
                t0 = time.perf_counter()
                q = bank.question(f"{family}@{seed}")
                q.prompt["it"], q.options and q.options[0]["it"]
                build.append(time.perf_counter() - t0)
                explain.append(timed(lambda q=q: (q.explanation["it"], q.explanation["ru"], q.prompt["ru"])))
                if kind != "stack":
                    base.append(timed(_baseline, kind, family, seed))
        line = f"  {kind:<9} question {percentiles(build)}  | + both explanations {percentiles(explain)}"
        if base:
            line += f"  | baseline: the position alone {percentiles(base)}"
        print(line)


def bench_answers(folder: Path, answers: int) -> None:
    from tutor.progress import open_store
    from tutor.quiz import bank
    from tutor.quiz.model import expected_text, judge
    from tutor.quiz.session import _scheduler

    ids = [f"{f}@{s}" for f in bank.families() for s in range(max(1, answers // len(bank.families())))]
    ids += [c.card for c in bank.cards(kind="term")[:20]] + [c.card for c in bank.cards(kind="scenario")[:20]]
    rebuild, judging, record = [], [], []
    with open_store(folder / "answers.db") as store:
        scheduler = _scheduler(store, None)
        for qid in ids:
            t0 = time.perf_counter()
            q = bank.question(qid)
            t1 = time.perf_counter()
            verdict = judge(q, expected_text(q, "it"), "it")
            t2 = time.perf_counter()
            scheduler.record_answer(q.id, q.card, verdict.correct, 5_000, False, verdict.given, expected_ms=q.expected_ms)
            t3 = time.perf_counter()
            rebuild.append(t1 - t0)
            judging.append(t2 - t1)
            record.append(t3 - t2)
    print(f"quiz answer in one process ({len(ids)} answers, synchronous=FULL):")
    print(f"  rebuild the question from its id  {percentiles(rebuild)}")
    print(f"  record with FSRS scheduling       {percentiles(record)}  | baseline: judging alone {percentiles(judging)}")


def bench_cli(runs: int, folder: Path) -> None:
    """As a script answering through the JSON contract does: ``quiz next``, then ``quiz answer`` of the question it
    gave (kept on disk by ``quiz next``); also ``quiz answer`` of a question never asked here (rebuilt from its id).
    Bytecode is written (as an installed package has it): PYTHONDONTWRITEBYTECODE is dropped for the commands."""
    import json

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update({"MTG_TUTOR_HOME": str(folder / "home"), "MTG_TUTOR_UI": "it"})
    cmd = [sys.executable, "-m", "tutor"]
    for _ in range(2):  # builds the caches and the bytecode
        subprocess.run([*cmd, "quiz", "next", "--seed", "1", "--kind", "combat"], env=env, capture_output=True,
                       cwd=ROOT)
    kept, rebuilt, nexts, helps, engine_nexts = [], [], [], [], []
    for n in range(runs):
        t0 = time.perf_counter()
        out = subprocess.run([*cmd, "quiz", "next", "--json"], env=env, capture_output=True, cwd=ROOT)
        nexts.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        out = subprocess.run([*cmd, "quiz", "next", "--json", "--kind", "combat", "--seed", str(n)], env=env,
                             capture_output=True, cwd=ROOT)
        engine_nexts.append(time.perf_counter() - t0)
        qid = json.loads(out.stdout)["id"]
        kept.append(timed(subprocess.run, [*cmd, "quiz", "answer", qid, "3", "--json"], env=env,
                          capture_output=True, cwd=ROOT))
        rebuilt.append(timed(subprocess.run, [*cmd, "quiz", "answer", f"combat:trample@{n + 10_000}", "3", "--json"],
                             env=env, capture_output=True, cwd=ROOT))
        helps.append(timed(subprocess.run, [*cmd, "--help"], env=env, capture_output=True, cwd=ROOT))
    base = statistics.median(helps)
    print(f"the commands ({runs} runs), beside the baseline mtg-tutor --help {percentiles(helps)}:")
    for name, samples in (("quiz next --json (today's session)", nexts),
                          ("quiz next --json --kind combat", engine_nexts),
                          ("quiz answer (the question asked)", kept),
                          ("quiz answer (never asked here)", rebuilt)):
        print(f"  {name:<36} {percentiles(samples)}  ({statistics.median(samples) / base:.1f}x the baseline)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40, help="seeds per family (default 40)")
    parser.add_argument("--answers", type=int, default=300, help="answers recorded (default 300)")
    parser.add_argument("--runs", type=int, default=8, help="subprocess runs of the command (default 8)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["MTG_TUTOR_HOME"] = tmp
        bench_generation(args.seeds)
        bench_answers(Path(tmp), args.answers)
        bench_cli(args.runs, Path(tmp))


if __name__ == "__main__":
    main()
