"""Lookup: match a learner's query against headwords, aliases, concept names, rules and full text.

Ranking tiers (score out of 100; the JSON carries it): exact name 100, word-form (singular/plural)
match 95, prefix 80–90, fuzzy 55–80, full text 30–50; rule numbers asked for directly score 100.
On ties: a glossary entry before a rule, the query's language first, then alphabetical.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from glossary.build import name_key, stem_key
from glossary.kb import parse_rule_query

if TYPE_CHECKING:
    from glossary.kb import KnowledgeBase

__all__ = ["Searcher", "query_lang"]

MAX_QUERY = 200


def query_lang(text: str) -> str | None:
    """``"ru"`` for a Cyrillic query, ``None`` otherwise (Latin script is Italian or English)."""
    cyr = sum(1 for ch in text if "\u0400" <= ch <= "\u04ff")
    return "ru" if cyr and cyr >= sum(1 for ch in text if ch.isalpha()) / 2 else None


class Searcher:
    """Candidate names prepared once per knowledge base."""

    def __init__(self, kb: KnowledgeBase) -> None:
        self.kb = kb
        d = kb.data
        # (key, target id, kind, lang)
        cands: list[tuple[str, str, str, str]] = []
        for eid, names in d.names.items():
            lang = d.entries[eid].lang
            for n in names:
                cands.append((name_key(n), eid, "term", lang))
        for c in d.concepts.values():
            for lang in ("en", "it", "ru"):
                for n in getattr(c, lang):
                    for eid in c.entries:
                        cands.append((name_key(n), eid, "term", d.entries[eid].lang if eid in d.entries else lang))
        for key, r in d.rules.items():
            if r.title:
                cands.append((name_key(r.title), key, "rule", r.lang))
        self.cands = [c for c in cands if c[0]]
        self.keys = [c[0] for c in self.cands]
        self.stems: dict[str, list[int]] = {}
        for i, k in enumerate(self.keys):
            self.stems.setdefault(stem_key(k), []).append(i)
        self._text: list[tuple[str, str, str, str]] | None = None

    def _fulltext(self) -> list[tuple[str, str, str, str]]:
        if self._text is None:
            d = self.kb.data
            self._text = [(name_key(e.text()), eid, "term", e.lang) for eid, e in d.entries.items()]
            self._text += [(name_key(r.text + " " + " ".join(r.examples)), k, "rule", r.lang)
                           for k, r in d.rules.items() if r.text]
        return self._text

    def lookup(self, query: str, lang: str | None = None, limit: int = 10) -> dict:
        """``{"query": str, "hits": [{"kind", "id", "lang", "term", "score", "translations"}]}`` best first."""
        q = query if len(query) <= MAX_QUERY else query[:MAX_QUERY]
        key = name_key(q)
        scores: dict[str, tuple[float, str, str]] = {}  # target -> (score, kind, lang)

        def add(target: str, kind: str, tlang: str, score: float) -> None:
            if lang and tlang != lang:
                return
            if score > scores.get(target, (-1.0,))[0]:
                scores[target] = (round(score, 1), kind, tlang)

        number = parse_rule_query(q)
        if number:
            for r in self.kb.rule_versions(number):
                add(f"{r.doc}:{r.number}", "rule", r.lang, 100.0)
        if key:
            from rapidfuzz import fuzz, process

            sk = stem_key(key)
            for i, (k, target, kind, tlang) in enumerate(self.cands):
                if k == key:
                    add(target, kind, tlang, 100.0)
                elif len(key) >= 2 and k.startswith(key):
                    add(target, kind, tlang, 90.0 - min(10.0, (len(k) - len(key)) / 2))
            for i in self.stems.get(sk, []):
                k, target, kind, tlang = self.cands[i]
                add(target, kind, tlang, 95.0)
            if len(key) >= 3:
                for _k, score, i in process.extract(key, self.keys, scorer=fuzz.ratio, score_cutoff=72, limit=40):
                    _, target, kind, tlang = self.cands[i]
                    add(target, kind, tlang, 55.0 + (score - 72) * 25 / 28)
                words = key.split()
                for text, target, kind, tlang in self._fulltext():
                    if key in text:
                        add(target, kind, tlang, 50.0 if kind == "term" else 45.0)
                    elif len(words) > 1 and all(w in text for w in words):
                        add(target, kind, tlang, 35.0 if kind == "term" else 30.0)
        qlang = query_lang(q)
        ordered = sorted(
            scores.items(),
            key=lambda it: (-it[1][0], it[1][1] != "term", (it[1][2] != qlang) if qlang else it[1][2] == "ru",
                            self._label(it[0], it[1][1])),
        )
        hits = []
        for target, (score, kind, tlang) in ordered[: max(0, limit)]:
            hits.append({"kind": kind, "id": target, "lang": tlang, "term": self._label(target, kind),
                         "score": score, "translations": self._translations(target, kind)})
        return {"query": query, "hits": hits}

    def _label(self, target: str, kind: str) -> str:
        d = self.kb.data
        if kind == "term":
            return d.entries[target].term
        return self.kb.rule_title(d.rules[target])

    def _translations(self, target: str, kind: str) -> dict[str, list[str]]:
        if kind == "term":
            return self.kb.translations(target)
        r = self.kb.data.rules[target]
        return {lang: ([self.kb.rule_title(x) for x in self.kb.rule_versions(r.number) if x.lang == lang][:1])
                for lang in ("it", "ru", "en")}
