"""Text benchmarks: what cleaning control characters costs the parser, and the parser's own speed.

Run from the project root: ``python bench/bench_text.py [--runs N]``. Prints figures beside a baseline
measured in the same run (a plain pass over the same text); asserts nothing. The English rules are read from
../shared/data when present (third-party data, never committed), otherwise the Italian source is used.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EN = ROOT.parent / "shared" / "data" / "MagicCompRules-en-2024-11-08.txt"
IT = ROOT / "glossary" / "sources" / "it_cr_200-212.txt"
sys.path.insert(0, str(ROOT))


def timed(fn, runs: int) -> float:
    """The median time of `runs` calls, in milliseconds."""
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return statistics.median(out) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    runs = ap.parse_args().runs
    from glossary.parsers.crtext import parse_cr
    from glossary.text import strip_controls

    path = EN if EN.exists() else IT
    text = path.read_text(encoding="utf-8-sig")
    lf = text.replace("\r\n", "\n")
    hostile = lf[: len(lf) // 2] + "\x1b]0;pwned\x07" + lf[len(lf) // 2 :]
    print(f"{path.name}: {len(text):,} characters")
    base = timed(lambda: lf.split("\n"), runs)
    print(f"baseline: split into lines                  {base:7.2f} ms")
    print(f"strip_controls, clean text (LF)             {timed(lambda: strip_controls(lf), runs):7.2f} ms")
    print(f"strip_controls, CRLF text                   {timed(lambda: strip_controls(text), runs):7.2f} ms")
    print(f"strip_controls, one escape sequence inside  {timed(lambda: strip_controls(hostile), runs):7.2f} ms")
    parse = timed(lambda: parse_cr(text, path.name), max(3, runs // 3))
    print(f"parse_cr, whole document                    {parse:7.2f} ms  ({parse / base:.0f}x the baseline)")


if __name__ == "__main__":
    main()
