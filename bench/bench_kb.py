"""Knowledge-base benchmarks: build time, index load time, and whole-command start-up beside a bare interpreter.

Run from the project root: ``python bench/bench_kb.py [--runs N] [--no-build]``. Prints figures; asserts nothing.
The English rules (Foundations, 2024-11-08) are read from ../shared/data when present (third-party data,
never committed).

Start-up is measured as a user meets it: bytecode cached (``PYTHONDONTWRITEBYTECODE`` is removed and
``PYTHONPYCACHEPREFIX`` points at a scratch folder warmed by a first run), the index cache built once, then
``mtg-tutor lookup cimitero --json`` run N times in fresh processes, interleaved with ``python -c pass`` (the
baseline, measured in the same run, so that the ratio does not depend on the machine's load). Goals: ≤ 4×
the bare interpreter with the seeds only, ≤ 5× with the English rules imported. The table form
(``lookup cimitero`` without ``--json``, which also imports Rich's console and table: what people type) is
printed too, with the seeds and with the English rules, against the same goals.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EN = ROOT.parent / "shared" / "data" / "MagicCompRules-en-2024-11-08.txt"
sys.path.insert(0, str(ROOT))

GOAL_SEEDS, GOAL_EN = 4.0, 5.0


def timed(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def fmt(xs: list[float]) -> str:
    xs = sorted(xs)
    return f"median {statistics.median(xs) * 1000:7.1f} ms   min {xs[0] * 1000:7.1f} ms   (n={len(xs)})"


def side_by_side(cmd: list[str], env: dict, runs: int) -> tuple[list[float], list[float]]:
    """(bare interpreter times, command times), run alternately so that both see the same machine."""
    bare, timed_cmd = [], []
    for _ in range(runs):
        for args, out in (([sys.executable, "-c", "pass"], bare), (cmd, timed_cmd)):
            t0 = time.perf_counter()
            subprocess.run(args, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            out.append(time.perf_counter() - t0)
    return bare, timed_cmd


def compare(cmd: list[str], env: dict, runs: int, label: str, goal: float) -> None:
    """`cmd` beside the bare interpreter (warmed first), and their ratio against `goal`."""
    side_by_side(cmd, env, 2)  # warm the bytecode and the file cache
    bare, cold = side_by_side(cmd, env, runs)
    print("python -c pass:             ", fmt(bare))
    print(f"{label + ':':<28}", fmt(cold))
    ratio = statistics.median(cold) / statistics.median(bare)
    print(f"ratio, {label}: {ratio:.1f}x the bare interpreter (goal <= {goal:.0f}x)")


def builds(runs: int) -> None:
    """Build and load times in this process (the build stays warm after the first run)."""
    from glossary.build import build

    print("build, seeds only:          ", fmt(timed(lambda: build([]), max(3, runs // 3))))
    if EN.exists():
        print("build, with English rules:  ", fmt(timed(lambda: build([EN]), max(3, runs // 3))))
    # A build in a fresh process (no warm caches of stemmers, lemmatiser or imports): what a user waits for
    # the first time, or after a source changes.
    code = "import sys, time; t = time.perf_counter(); from glossary.build import build; from pathlib import Path; " \
           "build([Path(p) for p in sys.argv[1:]]); print(time.perf_counter() - t)"
    for label, extra in (("seeds only", []), ("with English rules", [str(EN)] if EN.exists() else None)):
        if extra is None:
            continue
        times = [float(subprocess.run([sys.executable, "-c", code, *extra], capture_output=True, text=True, check=True,
                                      cwd=ROOT).stdout) for _ in range(3)]
        print(f"build in a fresh process, {label}: median {statistics.median(times) * 1000:.0f} ms (imports included)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--no-build", action="store_true", help="only the start-up figures")
    opts = ap.parse_args()
    runs = opts.runs
    print(f"python {sys.version.split()[0]} on {os.cpu_count()} cores; project {ROOT}")
    if not opts.no_build:
        builds(runs)

    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as pycache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(MTG_TUTOR_HOME=home, PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=pycache, MTG_TUTOR_UI="it")
        lookup = [sys.executable, "-m", "tutor", "lookup", "cimitero", "--json"]
        subprocess.run(lookup, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, check=True)  # builds the cache once
        print("bytecode cached (PYTHONPYCACHEPREFIX, PYTHONDONTWRITEBYTECODE unset); fresh process each run")
        table = lookup[:-1]  # the command as people type it (a Rich table, not JSON)
        compare(lookup, env, runs, "lookup --json, seeds", GOAL_SEEDS)
        compare(table, env, runs, "lookup (table), seeds", GOAL_SEEDS)
        if EN.exists():
            subprocess.run([sys.executable, "-m", "tutor", "import-rules", str(EN)], env=env, cwd=ROOT,
                           stdout=subprocess.DEVNULL, check=True)
            compare(lookup, env, runs, "lookup --json, + English", GOAL_EN)
            compare(table, env, runs, "lookup (table), + English", GOAL_EN)
        else:
            print(f"{EN} not found: the English-rules figure is skipped")


if __name__ == "__main__":
    main()
