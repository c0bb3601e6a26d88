"""Edit distance for typo search: the optimal string alignment (OSA) distance — insertions, deletions,
substitutions and swaps of adjacent letters — computed only as far as a small bound.

Pure Python on purpose: a search compares a query with at most a few hundred candidate keys, each within one
or two edits, which takes well under a millisecond here, while importing rapidfuzz costs some 20 ms of every
command. The results are rapidfuzz's ``OSA.distance`` (tests/unit/test_search.py compares them).

>>> osa_within("cimitero", "cimiterio", 2), osa_within("cimitero", "cimiteor", 2), osa_within("abc", "xyz", 2)
(1, 1, 3)
>>> closest("cimitero", ["cimitero", "cimiterio", "cimiteri", "camera"], 2, limit=10)
[('cimitero', 0), ('cimiterio', 1), ('cimiteri', 1)]
"""

from __future__ import annotations

__all__ = ["closest", "osa_within"]


def osa_within(a: str, b: str, k: int) -> int:
    """The OSA distance of `a` and `b` when it is at most `k`, else ``k + 1`` (a band of the usual table)."""
    la, lb = len(a), len(b)
    if abs(la - lb) > k:
        return k + 1
    if a == b:
        return 0
    big = k + 1
    before: list[int] = []
    prev = list(range(lb + 1))
    for i in range(1, la + 1):
        ca = a[i - 1]
        cur = [big] * (lb + 1)
        cur[0] = i
        lo, hi = max(1, i - k), min(lb, i + k)
        row_min = i if lo == 1 else big
        for j in range(lo, hi + 1):
            cb = b[j - 1]
            v = prev[j - 1] + (ca != cb)
            if prev[j] + 1 < v:
                v = prev[j] + 1
            if cur[j - 1] + 1 < v:
                v = cur[j - 1] + 1
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb and before[j - 2] + 1 < v:
                v = before[j - 2] + 1
            cur[j] = v if v < big else big
            if v < row_min:
                row_min = v
        if row_min > k:
            return big
        before, prev = prev, cur
    return prev[lb] if prev[lb] < big else big


def closest(key: str, candidates: list[str], max_edits: int, limit: int) -> list[tuple[str, int]]:
    """The candidates within `max_edits` of `key`, as (candidate, edits), fewest edits first, then in the
    candidates' order; at most `limit` (what ``rapidfuzz.process.extract`` gives with an OSA distance scorer)."""
    found = [(d, i, c) for i, c in enumerate(candidates) if (d := osa_within(key, c, max_edits)) <= max_edits]
    found.sort()
    return [(c, d) for d, _, c in found[:limit]]
