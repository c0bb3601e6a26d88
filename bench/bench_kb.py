"""Knowledge-base benchmarks: build time, index load time, and whole-command start-up.

Run from the project root: ``python bench/bench_kb.py [--runs N]``. Prints figures; asserts nothing.
The English rules are read from ../shared/data when present (third-party data, never committed).
"""

from __future__ import annotations

import argparse
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EN = ROOT.parent / "shared" / "data" / "MagicCompRules-en-2022-04-29.txt"
sys.path.insert(0, str(ROOT))


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


def command(args: list[str], env: dict, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    runs = ap.parse_args().runs
    from glossary.build import build

    print(f"python {sys.version.split()[0]} on {os.cpu_count()} cores")
    print("build, seeds only:          ", fmt(timed(lambda: build([]), max(3, runs // 3))))
    data = build([])
    blob = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)
    print(f"index load, seeds ({len(blob) / 1024:.0f} KiB):  ", fmt(timed(lambda: pickle.loads(blob), runs)))
    if EN.exists():
        print("build, with English rules:  ", fmt(timed(lambda: build([EN]), max(3, runs // 3))))
        blob_en = pickle.dumps(build([EN]), protocol=pickle.HIGHEST_PROTOCOL)
        print(f"index load, + English ({len(blob_en) / 1024:.0f} KiB):", fmt(timed(lambda: pickle.loads(blob_en), runs)))
    else:
        print("English rules not found beside the project: skipped")

    # A build in a fresh process (no warm caches of stemmers, lemmatiser or imports): what a user waits for
    # the first time, or after a source changes.
    code = "import sys, time; t = time.perf_counter(); from glossary.build import build; from pathlib import Path; " \
           "build([Path(p) for p in sys.argv[1:]]); print(time.perf_counter() - t)"
    for label, extra in (("seeds only", []), ("with English rules", [str(EN)] if EN.exists() else None)):
        if extra is None:
            continue
        times = [float(subprocess.run([sys.executable, "-c", code, *extra], capture_output=True, text=True, check=True,
                                      cwd=ROOT).stdout) for _ in range(3)]
        print(f"build in a fresh process, {label}: median {statistics.median(times) * 1000:.0f} ms (goal < "
              f"{'1 s' if not extra else '3 s'}, imports included)")

    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, MTG_TUTOR_HOME=home, PYTHONPATH=str(ROOT))
        py = sys.executable
        lookup = [py, "-m", "tutor", "lookup", "cimitero", "--json"]
        subprocess.run(lookup, env=env, stdout=subprocess.DEVNULL, check=True)  # builds the cache once
        bare = command([py, "-c", "pass"], env, runs)
        cold = command(lookup, env, runs)
        print("python -c pass:             ", fmt(bare))
        print("mtg-tutor lookup --json:    ", fmt(cold))
        print(f"ratio lookup / bare start:   {statistics.median(cold) / statistics.median(bare):.1f}x (goal < 8x)")
        if EN.exists():
            subprocess.run([py, "-m", "tutor", "import-rules", str(EN)], env=env, stdout=subprocess.DEVNULL, check=True)
            cold_en = command(lookup, env, runs)
            print("lookup --json, + English:   ", fmt(cold_en),
                  f"  ratio {statistics.median(cold_en) / statistics.median(bare):.1f}x")


if __name__ == "__main__":
    main()
