"""Search benchmarks: per-query latency (p50/p95) on the seed knowledge base, with the English rules
imported, and on a synthetic 50,000-entry index; cold `mtg-tutor lookup` against `python -c pass`;
peak RSS of a cold lookup.

Run from the project root: ``python bench/bench_search.py``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
EN = ROOT.parent / "shared" / "data" / "MagicCompRules-en-2022-04-29.txt"
sys.path.insert(0, str(ROOT))

QUERIES = [q["q"] for q in yaml.safe_load((ROOT / "tests" / "search_queries.yaml").read_text(encoding="utf-8"))]


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def latency(search, queries: list[str], rounds: int = 5) -> str:
    for q in queries:  # warm caches (stemmers, lemmatiser) once
        search(q)
    times = []
    for _ in range(rounds):
        for q in queries:
            t0 = time.perf_counter()
            search(q)
            times.append((time.perf_counter() - t0) * 1000)
    return f"p50 {pct(times, 50):6.2f} ms   p95 {pct(times, 95):6.2f} ms   max {max(times):6.2f} ms   ({len(times)} queries)"


SYL_IT = "ba ca da fa ga la ma na pa ra sa ta va za bi ci di fi gi li mi ni pi ri si ti vi zo ro lo mo no po to co".split()
SYL_RU = "ба ва га да жа за ка ла ма на па ра са та ха ча ша бо во го до ко ло мо но по ро со то би ви ди ки ли ми ни".split()


def synthetic(n: int, seed: int = 7):
    from glossary.search import SearchIndex, Target

    rnd = random.Random(seed)
    index = SearchIndex()
    names = []
    for i in range(n):
        ru = i % 3 == 0
        syl = SYL_RU if ru else SYL_IT
        words = ["".join(rnd.choice(syl) for _ in range(rnd.randint(2, 4))) for _ in range(rnd.randint(1, 3))]
        name = " ".join(words)
        text = " ".join("".join(rnd.choice(syl) for _ in range(rnd.randint(1, 3))) for _ in range(12))
        lang = "ru" if ru else "it"
        index.add_target(Target(f"s:{i}", "term", lang, name), [(name, lang, 0)], text)
        names.append(name)
    return index.freeze(), names, rnd


def typo(word: str, rnd: random.Random) -> str:
    i = rnd.randrange(len(word))
    op = rnd.choice("dsi")
    if op == "d" and len(word) > 4:
        return word[:i] + word[i + 1 :]
    if op == "s" and i + 1 < len(word):
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    return word[:i] + rnd.choice("aeio") + word[i:]


def cold(args: list[str], env: dict, runs: int = 15) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


# VmHWM is the peak resident set of this process image (getrusage's maxrss would also count the
# forked parent's pages from before exec).
RSS = ("import sys; from tutor.cli import main; main(['lookup', sys.argv[1], '--json']); "
       "print([l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')][0], file=sys.stderr)")


def peak_rss(query: str, env: dict) -> float:
    """Peak resident set of one cold lookup process, in MiB (its own, not its parent's or siblings')."""
    out = subprocess.run([sys.executable, "-c", RSS, query], env=env, capture_output=True, text=True, check=True)
    return int(out.stderr.strip().splitlines()[-1]) / 1024


def main() -> None:
    from glossary.build import build
    from glossary.kb import KnowledgeBase

    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores; {len(QUERIES)} labelled queries")
    kb = KnowledgeBase(build([]))
    print("seeds:           ", latency(lambda q: kb.lookup(q), QUERIES))
    if EN.exists():
        kb_en = KnowledgeBase(build([EN]))
        print("+ English rules: ", latency(lambda q: kb_en.lookup(q), QUERIES))
    t0 = time.perf_counter()
    index, names, rnd = synthetic(50_000)
    print(f"synthetic 50,000 entries: index built in {time.perf_counter() - t0:.1f} s")
    sample = [rnd.choice(names) for _ in range(200)]
    mixed, kind_of = [], []
    for name in sample:
        kind = rnd.randrange(4)
        kind_of.append(kind)
        mixed.append(name if kind == 0 else typo(name, rnd) if kind == 1 else name[: max(3, len(name) // 2)] if kind == 2
                     else name.split()[0])
    print("synthetic 50k:   ", latency(lambda q: index.search(q), mixed, rounds=2))
    kinds = ["exact", "typo", "prefix", "first word"]
    found = {k: [0, 0] for k in kinds}
    for i, (q, name) in enumerate(zip(mixed, sample)):
        k = kinds[kind_of[i]]
        found[k][1] += 1
        found[k][0] += any(t.label == name for t, _ in index.search(q, limit=5))
    print("synthetic 50k: intended name in the top 5: " + ", ".join(f"{k} {a}/{b}" for k, (a, b) in found.items())
          + " (prefixes and first words are often shared by many names)")
    from rapidfuzz import fuzz, process

    t0 = time.perf_counter()
    for q in mixed[:20]:
        process.extract(q, names, scorer=fuzz.WRatio, limit=10)
    print(f"for comparison, a plain rapidfuzz WRatio scan of 50,000 names: {(time.perf_counter() - t0) / 20 * 1000:.1f} ms per query")

    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, MTG_TUTOR_HOME=home, PYTHONPATH=str(ROOT))
        py = sys.executable
        subprocess.run([py, "-m", "tutor", "kb", "rebuild"], env=env, stdout=subprocess.DEVNULL, check=True)
        bare = cold([py, "-c", "pass"], env)
        for q in ("cimitero", "кладбища", "rkfl,bot", "cimtero", "вжжухщ"):
            t = cold([py, "-m", "tutor", "lookup", q, "--json"], env)
            print(f"cold lookup {q!r:12}: {t * 1000:6.1f} ms = {t / bare:4.1f}x python -c pass ({bare * 1000:.1f} ms); "
                  f"peak RSS {peak_rss(q, env):.0f} MiB")


if __name__ == "__main__":
    main()
