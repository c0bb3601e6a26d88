"""Edition-mapping benchmark: the time to map Foundations numbers onto the 2022 edition, by the Foundations
text and by the shipped fingerprints, beside the baseline of parsing both rules files in the same run; and
the build of the knowledge base with the 2022 edition imported, beside the build without it.

Run from the project root: ``python bench/bench_editions.py`` (needs ../shared/data). Prints figures;
asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DATA = ROOT.parent / "shared" / "data"


def timed(fn, runs: int = 3) -> tuple[float, object]:
    times, result = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000, result


def main() -> None:
    from glossary.build import build
    from glossary.editions import map_edition, parse_fingerprints
    from glossary.parsers.crtext import parse_cr

    new_path, old_path = DATA / "MagicCompRules-en-2024-11-08.txt", DATA / "MagicCompRules-en-2022-04-29.txt"
    if not (new_path.exists() and old_path.exists()):
        print("needs ../shared/data/MagicCompRules-en-2024-11-08.txt and -2022-04-29.txt")
        return
    parse_ms, (new, old) = timed(lambda: (parse_cr(new_path.read_text(encoding="utf-8-sig"), new_path.name),
                                          parse_cr(old_path.read_text(encoding="utf-8-sig"), old_path.name)))
    n, o = {r.number: r for r in new.rules}, {r.number: r for r in old.rules}
    prints = parse_fingerprints((ROOT / "glossary" / "curated" / "foundations-fingerprints.txt").read_text("utf-8"))
    text_ms, by_text = timed(lambda: map_edition(n, o))
    hash_ms, by_hash = timed(lambda: map_edition(prints, o))
    agree = sum(1 for k in set(by_text) | set(by_hash) if by_text.get(k) == by_hash.get(k))
    print(f"baseline: parse both editions          {parse_ms:8.1f} ms")
    print(f"map by the Foundations text            {text_ms:8.1f} ms  ({len(by_text)} of {len(n)} rules mapped)")
    print(f"map by the shipped fingerprints        {hash_ms:8.1f} ms  ({len(by_hash)} mapped; "
          f"{agree / len(set(by_text) | set(by_hash)):.1%} agree with the text)")
    plain_ms, _ = timed(lambda: build([]), runs=1)
    imported_ms, _ = timed(lambda: build([old_path]), runs=1)
    print(f"baseline: build without imports        {plain_ms:8.1f} ms")
    print(f"build with the 2022 edition imported   {imported_ms:8.1f} ms")


if __name__ == "__main__":
    main()
