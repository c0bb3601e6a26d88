"""The knowledge base as the rest of the program sees it: queries that return plain data.

>>> kb = load()
>>> kb.entry("it:cimitero").term
'Cimitero'
"""

from __future__ import annotations

import re

from glossary.index import load_data
from glossary.kb_rules import DIGEST_DOC, RulesMixin
from glossary.model import Entry, KBData, Ref, Rule, parse_rule_query
from glossary.text import name_key

__all__ = ["DIGEST_DOC", "KnowledgeBase", "load", "parse_rule_query"]

LANGS = ("it", "ru", "en")
OK_STATUS = ("resolved", "fixed", "title_only")  # reference statuses that lead somewhere


def load(*, rebuild: bool = False) -> KnowledgeBase:
    """The knowledge base, from the compiled index (built and cached when stale)."""
    return KnowledgeBase(load_data(rebuild=rebuild))


class KnowledgeBase(RulesMixin):
    """Read-only queries over the compiled data (the rule queries are in `glossary.kb_rules`)."""

    def __init__(self, data: KBData) -> None:
        self.data = data

    def read_all(self) -> KnowledgeBase:
        """Unpickle now what the cache keeps pickled until first read (the rules): for a long-lived program,
        in the background, so that no page waits for it later. Returns the knowledge base."""
        len(self.data.rules)
        return self

    # ---- entries -------------------------------------------------------------------------------
    def entry(self, eid: str) -> Entry | None:
        """An entry by id (``it:cimitero``), or None."""
        return self.data.entries.get(eid)

    def primary_entry(self, eid: str, lang: str) -> str:
        """The entry of the same concept in `lang` when the sources have one, else the concept's page in the modern
        glossary (``ru-mod:<concept>``), otherwise `eid` itself.

        >>> kb = load()
        >>> kb.primary_entry("it:cimitero", "ru"), kb.primary_entry("it:cimitero", "it"), kb.primary_entry("it:a-caso", "ru")
        ('ru:kladbishche', 'it:cimitero', 'ru-mod:random')
        """
        e = self.data.entries[eid]
        if e.lang == lang:
            return eid
        cid = self.data.entry_concept.get(eid)
        if cid is None:
            return eid
        same = [x for x in self.data.concepts[cid].entries if x in self.data.entries and self.data.entries[x].lang == lang]
        if same:
            return same[0]
        page = f"{lang}-mod:{cid}"  # the concept's own page in that language (glossary.modern)
        return page if page in self.data.entries else eid

    def is_modern_page(self, eid: str) -> bool:
        """Whether an entry is a page of the modern glossary (no source has an entry of its concept in its language)."""
        e = self.data.entries.get(eid)
        return e is not None and e.doc in ("it-modern", "ru-modern")

    def concept_entries(self, cid: str) -> list[str]:
        """The ids of the entries of the curated concept `cid` that the sources have (empty when unknown)."""
        concept = self.data.concepts.get(cid)
        return [e for e in concept.entries if e in self.data.entries] if concept else []

    def target(self, tid: str | None) -> Entry | Rule | None:
        """The entry or rule an id names (a reference's target, a backlink's source, a search hit's id);
        None for a section, a page outside the sources or an unknown id.

        >>> kb = load()
        >>> kb.target("it:cimitero").term, kb.target("it-cr-2024:113.3b").number, kb.target("section:it-cr-2024:6")
        ('Cimitero', '113.3b', None)
        """
        if not tid:
            return None
        found = self.data.entries.get(tid)
        return found if found is not None else self.data.rules.get(tid)

    def find(self, text: str, ui: str | None = None) -> Entry | None:
        """An entry by id, by exact name (any language), or the best search hit that is a term (the learner's
        language `ui` first)."""
        text = text.strip()
        if text in self.data.entries:
            return self.data.entries[text]
        key = name_key(text)
        for eid, names in self.data.names.items():
            if any(name_key(n) == key for n in names):
                return self.data.entries[eid]
        for hit in self.lookup(text, limit=5, ui=ui)["hits"]:
            if hit["kind"] == "term":
                return self.data.entries[hit["id"]]
        return None

    def translations(self, eid: str) -> dict[str, list[str]]:
        """Headwords of the entry's concept in each language (its own included); the concept's
        curated name where no entry of that language exists."""
        e = self.data.entries[eid]
        out: dict[str, list[str]] = {lang: [] for lang in LANGS}
        cid = self.data.entry_concept.get(eid)
        if cid is None:
            out[e.lang] = [e.term]
            return out
        c = self.data.concepts[cid]
        for other in c.entries:
            o = self.data.entries.get(other)
            if o is not None and o.term not in out[o.lang]:
                out[o.lang].append(o.term)
        for lang in LANGS:
            if not out[lang]:
                out[lang] = list(getattr(c, lang))
        return out

    def ref_view(self, ref: Ref) -> dict:
        """A reference as plain data, with the title of what it points to."""
        d = {"kind": ref.kind, "text": ref.text, "status": ref.status, "target": ref.target,
             "source": str(ref.loc)}
        if ref.note:
            d["note"] = ref.note
        t = ref.target
        if t and t in self.data.entries:
            d["title"] = self.data.entries[t].term
        elif t and t in self.data.rules:
            r = self.data.rules[t]
            d["title"] = self.rule_title(r)
            d["number"] = ref.text if ref.kind == "see_rule" else r.number
        elif t and t.startswith("section:"):
            s = self.data.sections[t.removeprefix("section:")]
            d["title"] = f"{s.number}. {s.title}"
        return d

    def backlinks(self, target: str) -> list[dict]:
        """What links here: the entries and rules that refer to `target`."""
        out = []
        for source, i in self.data.backlinks.get(target, []):
            if source in self.data.entries:
                e = self.data.entries[source]
                out.append({"id": source, "kind": "term", "lang": e.lang, "term": e.term, "ref": e.refs[i].text})
            elif source in self.data.rules:
                r = self.data.rules[source]
                out.append({"id": source, "kind": "rule", "lang": r.lang, "term": self.rule_title(r),
                            "ref": r.refs[i].text})
        return out

    def entry_view(self, eid: str) -> dict:
        """Everything `show` displays about an entry, as plain data."""
        e = self.data.entries[eid]
        cid = self.data.entry_concept.get(eid)
        c = self.data.concepts.get(cid) if cid else None
        notes = self.data.notes.get(eid, {})
        view = {
            "id": e.id, "lang": e.lang, "term": e.term, "definition": e.text(),
            "blocks": [{"kind": b.kind, "items": b.items, "sub": {str(k): v for k, v in b.sub.items()}} for b in e.blocks],
            "source": {"file": e.loc.file, "line": e.loc.line, "doc": e.doc},
            "concept": None, "translations": self.translations(eid), "other": [],
            "links": [self.ref_view(r) for r in e.refs if r.status in OK_STATUS],
            "unresolved": [self.ref_view(r) for r in e.refs if r.status not in OK_STATUS],
            "backlinks": self.backlinks(eid), "obsolete": None, "fixes": notes.get("fixes", []),
        }
        if e.raw_term and e.raw_term != e.term:
            view["source_term"] = e.raw_term
        if notes.get("original") is not None and notes["original"] != e.text():
            view["original"] = notes["original"]
        view["modern_page"] = self.is_modern_page(eid)
        modern = self.data.modern.get(c.id) if c is not None else None
        english = ([re.sub(r"\s*\(obsolete\)$", "", modern["headword"], flags=re.IGNORECASE)] if modern else []) + (list(c.en) if c is not None else [e.term] if e.lang == "en" else [])
        view["english"] = list({name_key(n): n for n in reversed(english)}.values())[::-1]
        view["modern"] = self.modern_view(c) if c is not None else None
        view["summaries"] = [{"number": n, **self.data.summaries[n]} for n in (c.rules if c is not None else ())
                             if n in self.data.summaries]
        if c is not None:
            view["concept"] = {"id": c.id, "en": c.en, "it": c.it, "ru": c.ru, "rules": c.rules}
            view["obsolete"] = c.obsolete
            view["other"] = [
                {"id": o, "lang": self.data.entries[o].lang, "term": self.data.entries[o].term,
                 "definition": self.data.entries[o].text(), "source": str(self.data.entries[o].loc)}
                for o in c.entries if o != eid and o in self.data.entries
            ]
        return view

    def modern_view(self, c) -> dict | None:
        """A concept's modern glossary data: the headword whose record defines it, the unofficial definitions
        ``{it, ru}`` and every name with its language, kind and status."""
        m = self.data.modern.get(c.id)
        if not m:
            return None
        return {"headword": m["headword"], "edition": "2024-11-08", "definition": dict(m["definition"]),
                "names": [dict(n) for n in m["names"]], "see": list(m["see"])}

    # ---- search ---------------------------------------------------------------------------------
    def lookup(self, query: str, lang: str | None = None, limit: int = 10, ui: str | None = None) -> dict:
        """``{"query": str, "hits": [{"kind", "id", "lang", "term", "score", "translations", "concept"}],
        "suggestions": [str]}``, hits best first. `concept` is ``{"id", "rules"}`` (its curated rule numbers)
        of a term's concept, or for a rule of the concept (one without entries) whose name led to it; None
        otherwise. `suggestions` ("did you mean"): when nothing is found, a few names close to the query
        in both languages; empty when there are hits. With `ui` (the learner's language), hits in that language
        come first, an English one (an imported rules glossary) after the others, and a concept is one hit per
        language.

        >>> kb = load()
        >>> r = kb.lookup("cimtero"); r["hits"][0]["id"], r["suggestions"]
        ('it:cimitero', [])
        >>> r = kb.lookup("cimiterozzz"); r["hits"], r["suggestions"][0]
        ([], 'Cimitero')
        """
        index = self.data.search
        hits = []
        for target, score in index.search(query, lang=lang, limit=limit, prefer=ui):
            concept = self.data.concepts.get(target.concept) if target.concept else None
            if target.kind == "rule" and concept is not None:  # reached through the concept's names
                translations = {lg: list(getattr(concept, lg)) for lg in LANGS}
            else:
                translations = self.hit_translations(target.id, target.kind)
            hits.append({"kind": target.kind, "id": target.id, "lang": target.lang, "term": target.label,
                         "score": score, "translations": translations,
                         "concept": {"id": concept.id, "rules": list(concept.rules)} if concept else None})
        suggestions = [] if hits else index.suggest(query, lang=lang, prefer=ui)
        return {"query": query, "hits": hits, "suggestions": suggestions}

    def hit_translations(self, target: str, kind: str) -> dict[str, list[str]]:
        """Translations of a hit: the concept's headwords for a term, same-numbered rules for a rule."""
        if kind == "term":
            return self.translations(target)
        # The same number's rule in each language (`rule_versions`' order), titled as `rule_title` titles it;
        # from the numbers, the documents and the titles alone: a lookup does not unpickle the rules.
        number = target.rsplit(":", 1)[1]
        d = self.data
        out: dict[str, list[str]] = {lang: [] for lang in LANGS}
        for key in d.rules_by_number.get(number, []):
            doc = d.docs.get(key.rsplit(":", 1)[0])
            if doc is not None and doc.lang in out and not out[doc.lang]:
                title = d.rule_titles.get(key)
                out[doc.lang].append(f"{number}. {title}" if title else number)
        return out

    # ---- consistency ----------------------------------------------------------------------------
    def check(self, cited: dict[str, list[str]] | None = None) -> dict:
        """Counts, every reference that does not resolve (with file:line), the source-defect findings, and
        the rules check (`citation_check`) of the `cited` rule numbers (``number -> places``)."""
        d = self.data
        refs: list[tuple[str, Ref]] = [(eid, r) for eid, e in d.entries.items() for r in e.refs]
        refs += [(k, r) for k, r in d.rules.items() for r in r.refs]
        by_status: dict[str, int] = {}
        for _, r in refs:
            by_status[r.status] = by_status.get(r.status, 0) + 1
        ok = sum(by_status.get(s, 0) for s in OK_STATUS)
        explained = by_status.get("missing", 0)
        builtin = {s["file"] for s in d.sources}
        unresolved = [
            {"from": src, "kind": r.kind, "text": r.text, "status": r.status, "source": str(r.loc),
             "imported": r.loc.file not in builtin, **({"note": r.note} if r.note else {})}
            for src, r in refs if r.status not in OK_STATUS
        ]
        langs: dict[str, int] = {}
        for e in d.entries.values():
            langs[f"{e.lang} ({e.doc})"] = langs.get(f"{e.lang} ({e.doc})", 0) + 1
        unaligned = [eid for eid, e in d.entries.items() if e.doc in ("it-glossary-8ed", "ru-glossary-10ed")
                     and eid not in d.entry_concept]
        open_findings = [c for c in d.checks if not c.get("curated")]
        report = {
            "entries": langs,
            "concepts": len(d.concepts),
            "concepts_bilingual": sum(1 for c in d.concepts.values()
                                      if {d.entries[x].lang for x in c.entries if x in d.entries} >= {"it", "ru"}),
            "obsolete_notes": sum(1 for c in d.concepts.values() if c.obsolete),
            "fixes": sum(len(n.get("fixes", [])) for n in d.notes.values()),
            "rules": {doc: sum(1 for r in d.rules.values() if r.doc == doc) for doc in d.docs},
            "rules_with_text": {doc: sum(1 for r in d.rules.values() if r.doc == doc and r.text) for doc in d.docs},
            "examples": sum(len(r.examples) for r in d.rules.values()),
            "sections": {doc: sum(1 for s in d.sections.values() if s.doc == doc) for doc in d.docs},
            "documents": [{"id": x.id, "lang": x.lang, "title": x.title, "effective": x.effective,
                           "complete": x.complete, "file": x.file} for x in d.docs.values()],
            "references": {"total": len(refs), "by_status": by_status,
                           "resolved_share": round(ok / len(refs), 4) if refs else 1.0},
            "unresolved": unresolved,
            "unaligned": unaligned,
            "findings": d.checks,
            "stray_lines": [{"source": f"{f}:{line}", "text": t} for f, line, t in d.stray],
        }
        from glossary.modern import missing_report

        report["modern"] = modern = missing_report(d, d.modern_headwords)
        report["citations"] = rules = self.citation_check(cited)
        report["consistent"] = (
            not unaligned and not open_findings and not modern["missing"] and not modern["not_headwords"]
            and not rules["without_text"] and not rules["not_in_foundations"] and not rules["summaries_not_in_foundations"]
            and not any(u["status"] == "unresolved" and not u["imported"] for u in unresolved)
            and (ok + explained) / max(len(refs), 1) >= 0.95 and ok / max(len(refs), 1) >= 0.95
        )
        return report

