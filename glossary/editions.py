"""The same rule in another edition: Foundations numbers mapped to the numbers of an imported edition.

Rule numbers move between editions (103.7a became 103.8a, 509.2–509.3 were deleted in Foundations,
the keyword actions 701.x were renumbered in 2025). The program cites the Foundations edition
(2024-11-08); for each imported edition this module finds, for every Foundations rule, the rule of that
edition that says the same thing, by aligning the two rule trees level by level (three-digit rules by
title, then ``N.M`` rules, then their lettered sub-rules), in order, by text similarity:

- with the Foundations text imported, by the texts themselves (TF-IDF cosine of words and word pairs, the
  IDF taken among sibling rules, so that shared boilerplate counts little; titles also by rapidfuzz);
- without it, against the fingerprints shipped in ``glossary/curated/foundations-fingerprints.txt`` (a
  128-bit SimHash of each rule's weighted words, derived from the official document; the text cannot be read back).

Computed once at build time (the result is cached in the index). No I/O here except `write_foundations_files`.

>>> _simhash("the active player gets priority") == _simhash("The active player gets priority.")
True
>>> _hash_sim(_simhash("the active player gets priority"), _simhash("a creature with flying can block")) < 0.5
True
"""

from __future__ import annotations

import hashlib
import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from glossary.model import Rule, rule_sort_key

__all__ = ["FOUNDATIONS", "Fingerprint", "map_edition", "parse_fingerprints", "write_foundations_files"]

FOUNDATIONS = "2024-11-08"  # effective date of the edition the program follows
BITS = 128  # size of a fingerprint
_WORD = re.compile(r"[a-z0-9]+")
_THRESHOLD = 0.5  # below this similarity two rules are not the same rule
_HASH_THRESHOLD = 0.45  # the same for fingerprints (an estimate: unrelated texts scatter around 0 by about 0.14)
_SAME_NUMBER = 0.05  # a small preference for the same number between equally good candidates


def _words(text: str) -> list[str]:
    """The words of an English rules text (lower case; the curly apostrophe is dropped like the straight one)."""
    return _WORD.findall(text.casefold())


def _features(text: str) -> Counter:
    """The words and word pairs of a text, with their counts."""
    words = _words(text)
    return Counter(words + [f"{a} {b}" for a, b in zip(words, words[1:], strict=False)])


def _weigh(bags: list[Counter]) -> list[dict[str, float]]:
    """TF-IDF vectors of unit length, the IDF taken among `bags` (the rules compared with each other): the
    wording siblings share ("If the object that's resolving is…") weighs little, what sets a rule apart a lot."""
    df: Counter = Counter()
    for bag in bags:
        df.update(bag.keys())
    n = len(bags)
    out = []
    for bag in bags:
        vec = {f: (1 + math.log(c)) * (math.log((1 + n) / (1 + df[f])) + 1) for f, c in bag.items()}
        norm = math.sqrt(sum(v * v for v in vec.values())) or 1.0
        out.append({f: v / norm for f, v in vec.items()})
    return out


def _cosine(a: dict[str, float], b: dict[str, float]) -> float:
    if len(a) > len(b):
        a, b = b, a
    return sum(v * b.get(f, 0.0) for f, v in a.items())


_LANE = 16  # bits per vote counter in `_simhash`'s packed sums
_ONES = int(("0" * (_LANE - 1) + "1") * BITS, 2)
_BIT_BYTES = bytes.maketrans(b"01", b"\x00\x01")


def _spread(feature: str, cache: dict[str, int]) -> int:
    """The feature's hash with each bit in a counter of its own (`_LANE` bits wide), so that adding these
    integers adds the votes of every bit at once."""
    v = cache.get(feature)
    if v is None:
        h = int.from_bytes(hashlib.blake2b(feature.encode(), digest_size=BITS // 8).digest(), "big")
        lanes = bytearray(BITS * _LANE // 8)
        lanes[_LANE // 8 - 1 :: _LANE // 8] = format(h, f"0{BITS}b").encode().translate(_BIT_BYTES)
        v = cache[feature] = int.from_bytes(lanes, "big")
    return v


def _simhash(vec: dict[str, float] | str, cache: dict[str, int] | None = None) -> int:
    """A `BITS`-bit SimHash of a weighted vector (or of a text's features, unweighted): each bit is the
    weighted majority of the features' hash bits, so the share of bits two hashes differ in estimates the
    angle between the vectors."""
    if isinstance(vec, str):
        vec = dict.fromkeys(_features(vec), 1.0)
    if not vec:
        return 0
    cache = {} if cache is None else cache
    top = max(vec.values())
    votes = {f: max(1, round(4 * w / top)) for f, w in vec.items()}  # weights as 1 to 4 votes
    total = sum(_spread(f, cache) * k for f, k in votes.items())
    n = sum(votes.values())
    # A bit is set when more than half the votes set it: add an offset that carries exactly those counters
    # into their top bit, then read the top bits.
    packed = total + ((1 << (_LANE - 1)) - 1 - n // 2) * _ONES
    return int(format(packed, f"0{BITS * _LANE}b")[0::_LANE], 2)


def _hash_sim(a: int, b: int) -> float:
    """The cosine two fingerprints estimate: 1 for equal, about 0 for unrelated texts (half the bits differ)."""
    return math.cos(math.pi * min((a ^ b).bit_count() / BITS, 0.5))


def _title_sim(a: str, b: str) -> float:
    """Two titles by rapidfuzz: counts only when nearly equal ("Substitute Cards" is not "Meld Cards")."""
    from rapidfuzz import fuzz

    r = fuzz.ratio(" ".join(_words(a)), " ".join(_words(b))) / 100
    return r if r >= 0.85 else 0.0


@dataclass(slots=True)
class Fingerprint:
    """What the mapping needs of one Foundations rule when its text is not imported."""

    number: str
    own: int  # fingerprint of its title and text
    group: int | None = None  # of its text with its sub-rules' (``N.M`` rules that have sub-rules)


@dataclass(slots=True)
class _Node:
    number: str
    text: str  # title and text of the rule itself
    group: str | None  # with its sub-rules' texts (N.M rules with sub-rules)
    children: list[_Node] = field(default_factory=list)
    own_v: object = None  # vector or fingerprint of `text`
    group_v: object = None  # of `group`


def _own_text(r: Rule) -> str:
    return " ".join(x for x in (r.title or "", r.text) if x)


def _parent(number: str) -> str | None:
    """``509.2a`` -> ``509.2``; ``509.2`` -> ``509``; ``509`` -> None.

    >>> _parent("509.2a"), _parent("509.2"), _parent("509")
    ('509.2', '509', None)
    """
    if "." not in number:
        return None
    head, sub = number.split(".", 1)
    return f"{head}.{sub.rstrip('abcdefghijkmnpqrstuvwxyz')}" if sub[-1].isalpha() else head


def _link(nodes: dict[str, _Node]) -> list[_Node]:
    roots = []
    for number, node in nodes.items():
        parent = _parent(number)
        if parent is None:
            roots.append(node)
        elif parent in nodes:
            nodes[parent].children.append(node)
    return roots


def _tree(rules: dict[str, Rule]) -> list[_Node]:
    """Three-digit rules with their ``N.M`` rules and those with their lettered sub-rules, in rule order."""
    nodes = {n: _Node(n, _own_text(rules[n]), None) for n in sorted(rules, key=rule_sort_key)}
    roots = _link(nodes)
    for node in nodes.values():
        if "." in node.number and node.children:
            node.group = " ".join([node.text] + [c.text for c in node.children])
    return roots


def _sibling_sets(roots: list[_Node]) -> list[list[_Node]]:
    """The lists of rules compared with each other: each section's three-digit rules, and each rule's children."""
    sets = [[r for r in roots if r.number[0] == s] for s in "123456789"]
    sets += [n.children for n in _walk(roots) if n.children]
    return [s for s in sets if s]


def _vectorise(siblings: list[_Node], other: list[_Node] = ()) -> None:
    """Give `siblings` (and the `other` edition's rules they are compared with) their TF-IDF vectors."""
    both = list(siblings) + list(other)
    for node, vec in zip(both, _weigh([_features(n.text) for n in both]), strict=True):
        node.own_v = vec
    grouped = [n for n in both if n.group is not None]
    for node, vec in zip(grouped, _weigh([_features(n.group) for n in grouped]), strict=True):
        node.group_v = vec


def _fingerprint(roots: list[_Node]) -> None:
    """Replace every node's vectors by fingerprints (IDF taken among its siblings)."""
    cache: dict[str, int] = {}
    for siblings in _sibling_sets(roots):
        _vectorise(siblings)
        for n in siblings:
            n.own_v = _simhash(n.own_v, cache)
            n.group_v = _simhash(n.group_v, cache) if n.group_v is not None else None


def _align(a: list[_Node], b: list[_Node], score: Callable[[_Node, _Node], float],
           threshold: float) -> list[tuple[_Node, _Node]]:
    """The order-keeping pairing of `a` and `b` with the greatest total similarity above `threshold`.

    Rules that keep their number and their text (the usual case) pair off from the front and the back at
    once; only what lies between is aligned by dynamic programming.
    """
    sure = threshold + 0.25  # a pair this similar under the same number needs no search
    head = 0
    while head < min(len(a), len(b)) and a[head].number == b[head].number and score(a[head], b[head]) >= sure:
        head += 1
    tail = 0
    while (tail < min(len(a), len(b)) - head and a[-1 - tail].number == b[-1 - tail].number
           and score(a[-1 - tail], b[-1 - tail]) >= sure):
        tail += 1
    pairs = list(zip(a[:head], b[:head], strict=True))
    mid_a, mid_b = a[head:len(a) - tail], b[head:len(b) - tail]
    n, m = len(mid_a), len(mid_b)
    if n and m:
        gain = [[0.0] * m for _ in range(n)]
        for i in range(n):
            for j in range(m):
                s = score(mid_a[i], mid_b[j]) + (_SAME_NUMBER if mid_a[i].number == mid_b[j].number else 0.0)
                gain[i][j] = s - threshold if s >= threshold else -1.0
        best = [[0.0] * (m + 1) for _ in range(n + 1)]
        for i in range(n - 1, -1, -1):
            row, nxt = best[i], best[i + 1]
            for j in range(m - 1, -1, -1):
                take = gain[i][j] + nxt[j + 1] if gain[i][j] > 0 else -1.0
                row[j] = max(nxt[j], row[j + 1], take)
        i = j = 0
        while i < n and j < m:
            if gain[i][j] > 0 and abs(best[i][j] - (gain[i][j] + best[i + 1][j + 1])) < 1e-9:
                pairs.append((mid_a[i], mid_b[j]))
                i, j = i + 1, j + 1
            elif abs(best[i][j] - best[i + 1][j]) < 1e-9:
                i += 1
            else:
                j += 1
    pairs.extend(zip(a[len(a) - tail:], b[len(b) - tail:], strict=True))
    return pairs


def map_edition(reference: dict[str, Rule] | list[Fingerprint], other: dict[str, Rule]) -> dict[str, str]:
    """Foundations number -> the number of the same rule in `other` (a document's rules by number).

    `reference` is the Foundations edition's rules (when imported) or its fingerprints. Rules with no
    counterpart (new in Foundations, or deleted since) are left out.
    """
    hashed = not isinstance(reference, dict)
    other_roots = _tree(other)
    if hashed:
        nodes = {p.number: _Node(p.number, "", None, own_v=p.own, group_v=p.group) for p in reference}
        ref_roots = _link(nodes)
        _fingerprint(other_roots)
    else:
        ref_roots = _tree(reference)
    threshold = _HASH_THRESHOLD if hashed else _THRESHOLD

    def score(x: _Node, y: _Node) -> float:
        if hashed:
            own = _hash_sim(x.own_v, y.own_v)
            group = _hash_sim(x.group_v, y.group_v) if x.group_v is not None and y.group_v is not None else 0.0
        else:
            own = _cosine(x.own_v, y.own_v)
            if "." not in x.number:  # three-digit rules: their titles
                own = max(own, _title_sim(x.text, y.text))
            group = _cosine(x.group_v, y.group_v) if x.group_v is not None and y.group_v is not None else 0.0
        return max(own, group)

    out: dict[str, str] = {}

    def descend(xs: list[_Node], ys: list[_Node]) -> None:
        if not hashed:
            _vectorise(xs, ys)
        for x, y in _align(xs, ys, score, threshold):
            out[x.number] = y.number
            if x.children and y.children:
                descend(x.children, y.children)

    for section in "123456789":
        descend([r for r in ref_roots if r.number[0] == section], [r for r in other_roots if r.number[0] == section])
    return out


def _walk(nodes: list[_Node]):
    for node in nodes:
        yield node
        yield from _walk(node.children)


# ---- the derived files shipped with the program --------------------------------------------------------
NUMBERS_HEADER = (
    "# The rule numbers of the Magic: The Gathering Comprehensive Rules effective {date} (Foundations), the edition\n"
    "# mtg-tutor follows: numbers only, one a line, derived from the official document (MagicCompRules {date},\n"
    "# Wizards of the Coast). Regenerate with: python -m glossary.editions PATH/TO/MagicCompRules-en-{date}.txt\n"
)
PRINTS_HEADER = (
    "# Fingerprints of the rules of the Comprehensive Rules effective {date} (Foundations): for each rule number, a\n"
    "# {bits}-bit SimHash of its words (and, for an N.M rule with sub-rules, of its words with theirs), in hex. Derived\n"
    "# from the official document; the text cannot be recovered from them. They let mtg-tutor find the same rule in\n"
    "# an imported older edition without the Foundations text. Regenerate with: python -m glossary.editions FILE\n"
)


def foundations_files(rules: list[Rule], date: str = FOUNDATIONS) -> tuple[str, str]:
    """The texts of ``foundations-rules.txt`` and ``foundations-fingerprints.txt`` from the parsed edition."""
    by = {r.number: r for r in rules}
    numbers = sorted(by, key=rule_sort_key)
    roots = _tree(by)
    _fingerprint(roots)
    nodes = {n.number: n for n in _walk(roots)}
    width = BITS // 4
    lines = [f"{n}\t{nodes[n].own_v:0{width}x}" + (f"\t{nodes[n].group_v:0{width}x}" if nodes[n].group_v is not None
                                                   else "") for n in numbers if n in nodes]
    return (NUMBERS_HEADER.format(date=date) + "\n".join(numbers) + "\n",
            PRINTS_HEADER.format(date=date, bits=BITS) + "\n".join(lines) + "\n")


def parse_fingerprints(text: str) -> list[Fingerprint]:
    """The fingerprints file's lines as `Fingerprint` s (comment lines skipped)."""
    out = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        out.append(Fingerprint(parts[0], int(parts[1], 16), int(parts[2], 16) if len(parts) > 2 else None))
    return out


def write_foundations_files(source: str, directory) -> None:
    """Write both derived files into `directory` from the official Foundations text file `source`."""
    from pathlib import Path

    from glossary.parsers.crtext import parse_cr

    path = Path(source)
    parsed = parse_cr(path.read_text(encoding="utf-8-sig"), path.name)
    if parsed.doc.effective != FOUNDATIONS:
        raise SystemExit(f"{path}: this is the edition of {parsed.doc.effective}, not {FOUNDATIONS}")
    numbers, prints = foundations_files(parsed.rules)
    Path(directory, "foundations-rules.txt").write_text(numbers, encoding="utf-8")
    Path(directory, "foundations-fingerprints.txt").write_text(prints, encoding="utf-8")


if __name__ == "__main__":  # python -m glossary.editions MagicCompRules-en-2024-11-08.txt
    import sys

    from glossary.curation import CURATED_DIR

    write_foundations_files(sys.argv[1], CURATED_DIR)
