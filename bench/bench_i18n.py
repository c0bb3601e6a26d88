"""Message-catalog benchmarks: what the catalog costs the CLI's startup, and how fast the event log
renders in Italian and Russian (pymorphy3 agreement included).

Run from the project root: ``python bench/bench_i18n.py [--runs N]``. Every figure is printed beside a
baseline measured in the same run (``python -c pass``; the same scenarios played without rendering their
log). Bytecode is written to a temporary prefix so that the figures are those of an installed program.
Asserts nothing.
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
sys.path.insert(0, str(ROOT))


def _median_ms(cmd: list[str], env: dict, runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, check=False)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def startup(runs: int) -> None:
    tmp = tempfile.mkdtemp(prefix="mtg-bench-")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(MTG_TUTOR_HOME=tmp, PYTHONPYCACHEPREFIX=str(Path(tmp) / "pyc"), MTG_TUTOR_UI="it")
    lookup = [sys.executable, "-m", "tutor", "lookup", "cimitero", "--json"]
    subprocess.run(lookup, cwd=ROOT, env=env, capture_output=True, check=False)  # build the index and bytecode once
    py = sys.executable
    rows = [
        ("python -c pass (baseline)", [py, "-c", "pass"]),
        ("import tutor.i18n", [py, "-c", "import tutor.i18n"]),
        ("import tutor.cli + Italian parser", [py, "-c", "from tutor.cli import _parser; _parser('it')"]),
        ("import tutor.cli + Russian parser", [py, "-c", "from tutor.cli import _parser; _parser('ru')"]),
        ("mtg-tutor lookup cimitero --json", lookup),
    ]
    print(f"startup (median of {runs} runs)")
    for label, cmd in rows:
        print(f"  {label:46} {_median_ms(cmd, env, runs):7.1f} ms")


def event_log() -> None:
    from tutor.cardpool import load_cards
    from tutor.events_text import render_log
    from tutor.scenario import load_scenario, run_scenario

    cards = load_cards()
    games = [run_scenario(load_scenario(p, cards, p.name)).game
             for p in sorted((ROOT / "lessons" / "scenarios").glob("*.yaml"))]
    events = sum(len(g.events) for g in games)
    t0 = time.perf_counter()
    for p in sorted((ROOT / "lessons" / "scenarios").glob("*.yaml")):
        run_scenario(load_scenario(p, cards, p.name))
    play = time.perf_counter() - t0
    print(f"event log of {len(games)} scenarios ({events} events)")
    print(f"  {'playing them, no log (baseline)':46} {play * 1000:7.1f} ms")
    for lang, note in (("it", ""), ("ru", ", first time (pymorphy3 loads)"), ("ru", ", again")):
        t0 = time.perf_counter()
        for g in games:
            render_log(g.events, cards, lang, g.object_cards)
        dt = time.perf_counter() - t0
        print(f"  {'rendering in ' + lang + note:46} {dt * 1000:7.1f} ms  ({events / dt:,.0f} events/s)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    startup(args.runs)
    event_log()


if __name__ == "__main__":
    main()
