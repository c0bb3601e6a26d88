"""Search that finds what the learner meant, in Italian, Russian or English, within one frame.

The index (`SearchIndex`) is built once with the knowledge base and cached with it; a query never
scans every name. What it holds, for every name of every entry, concept and rule title:

- exact keys (case, accents, apostrophes, hyphens and spaces folded; ``ё`` = ``е``), and the same
  without spaces (``passaterre``);
- word-form keys: Snowball stems (Italian, Russian, English) and pymorphy3 lemmas (Russian);
- for Russian names, a romanisation skeleton that several transliteration schemes share;
- a sorted key list for prefixes and a trigram index that proposes candidates for fuzzy matching,
  whose OSA edit distance is then computed (glossary.edits) (typos: one or two wrong, missing or swapped letters);
- an inverted index of definition and rule-text words for full-text hits.

Ranking (score out of 100, in the JSON): exact name 100 (another script or keyboard layout 96), word
form 92, prefix 80–89, fuzzy 55–79, full text 30–50; a rule number asked for directly 100. On equal
scores: a glossary entry before a rule, the query's language first, then the shorter name.
"""

from __future__ import annotations

import bisect
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from glossary.lang import layout_to_latin, layout_to_russian, lemma_key, script, skeleton, stem_words
from glossary.model import parse_rule_query
from glossary.text import name_key, translit_ru

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a few ms of every lookup)

if TYPE_CHECKING:
    from glossary.kb import KnowledgeBase

__all__ = ["MAX_QUERY", "SearchIndex", "Target", "clean_query", "name_key"]

MAX_QUERY = 200
S_EXACT, S_COMPACT, S_OTHER_SCRIPT, S_FORM, S_PREFIX, S_FUZZY_MIN, S_FUZZY_MAX = 100.0, 99.0, 96.0, 92.0, 89.0, 55.0, 79.0
S_PHRASE, S_WORDS = 50.0, 35.0
RULE_TITLE_RANK = 9  # a rule title counts one tier below a glossary headword


def clean_query(text: str) -> str:
    """A query as typed, made safe: control and format characters dropped, spaces collapsed, at most MAX_QUERY characters."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(" " if unicodedata.category(ch)[0] in "CZ" else ch for ch in text)
    return " ".join(text.split())[:MAX_QUERY]


def _fuzzy_score(edits: int, length: int) -> float:
    """79 for one edit, 71 for two; a little less for short keys, where an edit weighs more.

    >>> _fuzzy_score(1, 10), _fuzzy_score(2, 10), _fuzzy_score(1, 4)
    (79.0, 71.0, 77.0)
    """
    return max(S_FUZZY_MIN, S_FUZZY_MAX - 8.0 * (edits - 1) - max(0.0, 6.0 - length))


def _trigrams(key: str) -> set[str]:
    s = f"  {key} "
    return {s[i : i + 3] for i in range(len(s) - 2)}


@dataclass(slots=True)
class Target:
    """Something a search can find: a glossary entry or a rule."""

    id: str
    kind: str  # "term" | "rule"
    lang: str
    label: str


@dataclass
class _Keyspace:
    """Exact, prefix and fuzzy lookup over a set of keys, each naming some targets."""

    exact: dict[str, dict[int, int]] = field(default_factory=dict)  # key -> {target: rank}
    sorted_keys: list[str] = field(default_factory=list)
    grams: dict[str, list[int]] = field(default_factory=dict)  # trigram -> key numbers
    keys: list[str] = field(default_factory=list)

    def add(self, key: str, target: int, rank: int = 0) -> None:
        if not key:
            return
        ids = self.exact.setdefault(key, {})
        ids[target] = min(rank, ids.get(target, rank))

    def freeze(self) -> None:
        self.keys = sorted(self.exact)
        self.sorted_keys = self.keys
        grams: dict[str, list[int]] = {}
        for n, key in enumerate(self.keys):
            for g in _trigrams(key):
                grams.setdefault(g, []).append(n)
        self.grams = grams

    def prefixed(self, key: str, limit: int = 64) -> Iterable[str]:
        i = bisect.bisect_left(self.sorted_keys, key)
        for k in self.sorted_keys[i : i + limit]:
            if not k.startswith(key):
                break
            yield k

    def fuzzy(self, key: str, limit: int = 24) -> list[tuple[str, int]]:
        """Keys within one (short keys) or two edits of `key` — a wrong, missing, extra or swapped
        letter each — as (key, edits): trigram candidates, then their OSA distance (glossary.edits)."""
        grams = _trigrams(key)
        counts: Counter[int] = Counter()
        for g in grams:
            posting = self.grams.get(g)
            if posting is not None:
                counts.update(posting)
        if not counts:
            return []
        need = max(1, len(grams) // 3)
        cands = [self.keys[n] for n, c in counts.most_common(200) if c >= need]
        from glossary.edits import closest  # OSA distance, as rapidfuzz computes it, without its import cost

        max_edits = 1 if len(key) <= 5 else 2
        return [(k, d) for k, d in closest(key, cands, max_edits, limit) if d > 0]


@dataclass
class SearchIndex:
    """The prepared search structures (plain data, pickled with the knowledge base)."""

    targets: list[Target] = field(default_factory=list)
    names: _Keyspace = field(default_factory=_Keyspace)
    skeletons: _Keyspace = field(default_factory=_Keyspace)
    forms: dict[str, dict[int, int]] = field(default_factory=dict)  # "it|stem", "ru|...", "en|...", "lemma|..." -> {target: rank}
    words: dict[str, list[int]] = field(default_factory=dict)  # full-text word stem -> targets
    texts: list[str] = field(default_factory=list)  # normalised full text per target ("" when none)
    rule_numbers: dict[str, list[int]] = field(default_factory=dict)

    # ---- building ------------------------------------------------------------------------------
    def add_target(self, target: Target, names: Iterable[tuple[str, str, int]], text: str = "") -> int:
        """Add a target with its names as (name, language of the name, rank) and its full text.

        Rank 0 is the target's own name (headword, alias), 1 a name of its concept in the same
        language, 2 in another language, 9 a rule title: the rank is taken off the score, so that
        on the same kind of match a headword comes before a translation, and both before a rule.
        """
        n = len(self.targets)
        self.targets.append(target)
        for name, lang, rank in names:
            key = name_key(name)
            if not key:
                continue
            self.names.add(key, n, rank)
            self.names.add(key.replace(" ", ""), n, rank)
            self._add_forms(key, lang, n, rank)
            if script(key) == "ru":
                self.skeletons.add(skeleton(translit_ru(key)), n, rank)
        self.texts.append(name_key(text) if text else "")
        if text:
            lang = "ru" if script(text) == "ru" else target.lang if target.lang in ("it", "en") else "it"
            for w in set(stem_words(text, lang).split()):
                if len(w) > 2:
                    self.words.setdefault(w, []).append(n)
        return n

    def _add_forms(self, key: str, lang: str, n: int, rank: int) -> None:
        if script(key) == "ru":
            keys = [f"ru|{stem_words(key, 'ru')}", f"lemma|{lemma_key(key)}"]
        else:
            keys = [f"{lg}|{stem_words(key, lg)}" for lg in (("it", "en") if lang not in ("it", "en") else (lang,))]
        for k in keys:
            ids = self.forms.setdefault(k, {})
            ids[n] = min(rank, ids.get(n, rank))

    def freeze(self) -> SearchIndex:
        self.names.freeze()
        self.skeletons.freeze()
        return self

    # ---- searching -----------------------------------------------------------------------------
    def search(self, query: str, lang: str | None = None, limit: int = 10) -> list[tuple[Target, float]]:
        """The best targets for `query`, best first, as (target, score)."""
        q = clean_query(query)
        scores: dict[int, tuple[float, str]] = {}  # target -> (score, language of the query form that matched)

        def add(ids: dict[int, int] | Iterable[int], score: float, via: str) -> None:
            ranked = ids.items() if isinstance(ids, dict) else ((n, 0) for n in ids)
            for n, rank in ranked:
                if lang and self.targets[n].lang != lang:
                    continue
                if score - rank > scores.get(n, (-1.0, ""))[0]:
                    scores[n] = (score - rank, via)

        number = parse_rule_query(q)
        key = name_key(q)
        qscript = script(key)
        qlang = "ru" if qscript == "ru" else "it"
        if number:
            add(self.rule_numbers.get(number, []), S_EXACT, qlang)
        if key and not (number and not qscript):
            self._match(key, qscript, 0.0, lambda ids, sc: add(ids, sc, qlang))
            # The same keys typed on the other keyboard layout, or Russian typed in Latin letters.
            if qscript == "lat":
                ru = name_key(layout_to_russian(q.lower()))
                self._match(ru, "ru", S_EXACT - S_OTHER_SCRIPT, lambda ids, sc: add(ids, sc, "ru"), fuzzy=False)
                self._translit(key, lambda ids, sc: add(ids, sc, "ru"))
            elif qscript == "ru":
                lat = name_key(layout_to_latin(q.lower()))
                self._match(lat, "lat", S_EXACT - S_OTHER_SCRIPT, lambda ids, sc: add(ids, sc, "it"), fuzzy=False)
            self._fulltext(key, qscript, lambda ids, sc: add(ids, sc, qlang))
        t = self.targets
        ranked = sorted(
            scores.items(),
            key=lambda it: (-it[1][0], t[it[0]].kind != "term", t[it[0]].lang != it[1][1], len(t[it[0]].label), t[it[0]].label),
        )
        return [(t[n], round(sc, 1)) for n, (sc, _) in ranked[: max(0, limit)]]

    def _match(self, key: str, qscript: str | None, penalty: float, add, fuzzy: bool = True) -> None:
        """Exact, word-form, prefix and (optionally) fuzzy matches of `key`; `fuzzy` off also skips
        the lemmatiser (used for keyboard-layout conversions, which are exact or nothing)."""
        if not key:
            return
        names = self.names
        add(names.exact.get(key, ()), S_EXACT - penalty)
        add(names.exact.get(key.replace(" ", ""), ()), S_COMPACT - penalty)
        if qscript == "ru":
            forms = [f"ru|{stem_words(key, 'ru')}"]
            if fuzzy and not any(f in self.forms for f in forms):
                forms.append(f"lemma|{lemma_key(key)}")  # pymorphy3, loaded only when the stem finds nothing
        else:
            forms = [f"it|{stem_words(key, 'it')}", f"en|{stem_words(key, 'en')}"]
        for f in forms:
            add(self.forms.get(f, ()), S_FORM - penalty)
        if len(key) >= 2:
            for k in names.prefixed(key):
                add(names.exact[k], S_PREFIX - min(9.0, (len(k) - len(key)) / 2) - penalty)
        if fuzzy and len(key) >= 3:
            for k, edits in names.fuzzy(key):
                add(names.exact[k], _fuzzy_score(edits, len(key)) - penalty)

    def _translit(self, key: str, add) -> None:
        sk = skeleton(key)
        pen = S_EXACT - S_OTHER_SCRIPT
        add(self.skeletons.exact.get(sk, ()), S_EXACT - pen)
        add(self.skeletons.exact.get(sk.replace(" ", ""), ()), S_COMPACT - pen)
        if len(sk) >= 4:
            for k in self.skeletons.prefixed(sk):
                add(self.skeletons.exact[k], S_PREFIX - min(9.0, (len(k) - len(sk)) / 2) - pen)
            for k, edits in self.skeletons.fuzzy(sk):
                add(self.skeletons.exact[k], _fuzzy_score(edits, len(sk)) - pen)

    def _fulltext(self, key: str, qscript: str | None, add) -> None:
        if len(key) < 3:
            return
        lang = "ru" if qscript == "ru" else "it"
        stems = [w for w in stem_words(key, lang).split() if len(w) > 2]
        if lang == "it":
            stems_en = [w for w in stem_words(key, "en").split() if len(w) > 2]
        else:
            stems_en = []
        for ws in (stems, stems_en):
            if not ws:
                continue
            postings = [self.words.get(w) for w in ws]
            if not all(postings):
                continue
            common = set(min(postings, key=len)).intersection(*postings)
            add((n for n in common if key in self.texts[n]), S_PHRASE if len(ws) == 1 or " " in key else S_WORDS)
            add(common, S_WORDS)


def build_index(kb: KnowledgeBase) -> SearchIndex:
    """The search index of a knowledge base: entries (with aliases and concept names) and rules."""
    d = kb.data
    index = SearchIndex()
    for eid, e in d.entries.items():
        names = [(n, e.lang, 0) for n in d.names.get(eid, [e.term])]
        cid = d.entry_concept.get(eid)
        if cid:
            c = d.concepts[cid]
            names += [(n, lg, 1 if lg == e.lang else 2) for lg in ("en", "it", "ru") for n in getattr(c, lg)]
        index.add_target(Target(eid, "term", e.lang, e.term), names, e.text())
    for key, r in d.rules.items():
        n = index.add_target(Target(key, "rule", r.lang, kb.rule_title(r)),
                             [(r.title, r.lang, RULE_TITLE_RANK)] if r.title else [],
                             " ".join([r.text, *r.examples]) if r.text else "")
        index.rule_numbers.setdefault(r.number, []).append(n)
    return index.freeze()
