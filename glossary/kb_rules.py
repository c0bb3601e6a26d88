"""The knowledge base's rule queries: versions of a rule, the digest, the editions, the table of contents.

A rule number the program cites is a Foundations number (2024-11-08). A rule page gathers, for that
number, the official text in the source languages, the unofficial summary of the digest, and the same rule
in each imported English edition — under that edition's own number (`same_rule`), found at build time.
Documents numbered like Foundations (the Italian sources, an imported Foundations edition, the digest)
need no mapping; older or newer English editions do.

Part of `glossary.kb.KnowledgeBase` (a mixin); plain data in, plain data out.
"""

from __future__ import annotations

from glossary.model import KBData, Rule, rule_sort_key
from glossary.text import name_key

__all__ = ["DIGEST_DOC", "RuleQueries", "RulesMixin"]

DIGEST_DOC = "digest"  # the pseudo-document of a rule known by its summary (or only by its number)


def _parent_number(number: str) -> str | None:
    """``509.2a`` -> ``509.2``, ``509.2`` -> ``509``, ``509`` -> None."""
    if "." not in number:
        return None
    head, sub = number.split(".", 1)
    return f"{head}.{sub.rstrip('abcdefghijkmnpqrstuvwxyz')}" if sub[-1].isalpha() else head


class RulesMixin:
    """Rule queries of the knowledge base."""

    data: KBData

    # ---- versions --------------------------------------------------------------------------------
    def rule_title(self, r: Rule) -> str:
        """``"113.3b"`` or ``"113. Abilità"``: the number with the title when it has one."""
        return f"{r.number}. {r.title}" if r.title else r.number

    def rule_versions(self, number: str) -> list[Rule]:
        """Every version of a rule number (one per document), best first."""
        return [self.data.rules[k] for k in self.data.rules_by_number.get(number, [])]

    def rule(self, number: str, lang: str | None = None, doc: str | None = None) -> Rule | None:
        """The best version of a rule number: with text first, then the newest document (optionally one
        language or document). Numbers as each document has them; for a cited number see `cited_rule`."""
        for r in self.rule_versions(number):
            if (lang is None or r.lang == lang) and (doc is None or r.doc == doc):
                return r
        return None

    def effective(self, doc: str) -> str | None:
        """When a rules document took effect (``"2022-04-29"``), None when unknown."""
        d = self.data.docs.get(doc)
        return d.effective if d else None

    def follows_foundations(self, doc: str) -> bool:
        """Whether a document numbers its rules like Foundations (no mapping needed)."""
        return doc not in self.data.same_rule

    def number_in(self, doc: str, number: str) -> str | None:
        """The number in `doc` of the Foundations rule `number`; None when that edition has no such rule."""
        if self.follows_foundations(doc):
            return number if f"{doc}:{number}" in self.data.rules else None
        return self.data.same_rule[doc].get(number)

    def foundations_number(self, doc: str, number: str) -> str | None:
        """The Foundations number of rule `number` of `doc`; None when Foundations has no such rule."""
        if self.follows_foundations(doc):
            return number if self.in_foundations(number) is not False else None
        inverse = self.__dict__.setdefault("_inverse", {})
        if doc not in inverse:
            inverse[doc] = {v: k for k, v in self.data.same_rule[doc].items()}
        return inverse[doc].get(number)

    def in_foundations(self, number: str) -> bool | None:
        """Whether the Foundations edition has this rule number (None: the list of its numbers is missing)."""
        if not self.data.foundations:
            return None
        known = self.__dict__.get("_foundations")
        if known is None:
            known = self.__dict__["_foundations"] = frozenset(self.data.foundations)
        return number in known

    def cited_rule(self, number: str, lang: str | None = None) -> Rule | None:
        """The best version of the Foundations rule `number`: a document numbered like Foundations first, then
        the same rule in another edition (under its number there)."""
        for r in self.rule_versions(number):
            if self.follows_foundations(r.doc) and (lang is None or r.lang == lang):
                return r
        for doc in self._editions_newest_first():
            if lang in (None, self.data.docs[doc].lang):
                other = self.data.same_rule[doc].get(number)
                if other is not None:
                    return self.data.rules.get(f"{doc}:{other}")
        return None

    def _editions_newest_first(self) -> list[str]:
        return sorted(self.data.same_rule, key=lambda d: self.data.docs[d].effective or "", reverse=True)

    def same_rule_in(self, number: str) -> list[dict]:
        """The editions whose number for the Foundations rule `number` differs: ``[{"doc", "number"}]``."""
        out = []
        for doc in self._editions_newest_first():
            other = self.data.same_rule[doc].get(number)
            if other is not None and other != number:
                out.append({"doc": doc, "number": other})
        return out

    def not_in_editions(self, number: str) -> list[str]:
        """The imported editions that have no rule saying what the Foundations rule `number` says."""
        if self.in_foundations(number) is False:
            return []
        return [doc for doc in self._editions_newest_first() if number not in self.data.same_rule[doc]]

    def modern_note(self, doc: str, number: str) -> dict | None:
        """For a rule of an older edition that the modern rules contradict: the concept's obsolete note,
        ``{"concept", "year", "it", "ru"}``; None otherwise."""
        for cid in self.data.modern_notes.get(f"{doc}:{number}", []):
            c = self.data.concepts.get(cid)
            if c is not None and c.obsolete:
                return {"concept": cid, "year": c.obsolete["year"], **c.obsolete["note"]}
        return None

    # ---- the digest -------------------------------------------------------------------------------
    def summary(self, number: str) -> dict[str, str] | None:
        """The unofficial summary of a Foundations rule, ``{"it": ..., "ru": ...}``, or None."""
        s = self.data.summaries.get(number)
        return dict(s) if s else None

    def summary_source(self, number: str) -> str | None:
        """Where a summary is written (``glossary/curated/digest/5.yaml:215``)."""
        return self.data.summary_where.get(number)

    def toc_title(self, number: str, lang: str) -> str | None:
        """The title of a section (``"5"``) or three-digit rule (``"509"``) in `lang`: Italian from the sources,
        Russian from the digest (our translation)."""
        if lang == "ru":
            table = self.data.toc_ru.get("sections" if "." not in number and len(number) == 1 else "rules", {})
            return table.get(number)
        if len(number) == 1:
            s = next((s for s in self.data.sections.values() if s.number == number and s.lang == lang), None)
            return s.title if s else None
        r = self.rule(number, lang)
        return r.title if r else None

    def citation_check(self, cited: dict[str, list[str]] | None = None) -> dict:
        """What `kb check` says of the rules the program cites (``number -> places``, from
        `glossary.citations`): those a learner can't read (no Italian text, no summary in both languages),
        those that don't exist in Foundations; and the summaries of rules that don't exist in Foundations."""
        def readable(n: str) -> bool:
            s = self.data.summaries.get(n) or {}
            if s.get("it") and s.get("ru"):
                return True
            return any(r.lang == "it" and r.text and self.follows_foundations(r.doc) for r in self.rule_versions(n))

        cited = cited or {}
        known = bool(self.data.foundations)
        return {
            "cited": len(cited),
            "without_text": [{"number": n, "where": w} for n, w in sorted(cited.items(), key=lambda x: rule_sort_key(x[0]))
                             if not readable(n)],
            "not_in_foundations": [{"number": n, "where": w} for n, w in sorted(cited.items(),
                                                                                 key=lambda x: rule_sort_key(x[0]))
                                   if known and not self.in_foundations(n)],
            "summaries_not_in_foundations": [{"number": n, "where": [self.summary_source(n)]}
                                             for n in self.data.summaries if known and not self.in_foundations(n)],
            "edition": self.data.digest_edition or None,
            "foundations_rules": len(self.data.foundations),
            "summaries": len(self.data.summaries),
        }

    # ---- the rule page's data ----------------------------------------------------------------------
    def has_rule_page(self, doc: str, number: str) -> bool:
        """Whether `rule_view(number, doc=doc)` has something to show."""
        if doc == DIGEST_DOC:
            return bool(self.data.summaries.get(number)) or bool(self.in_foundations(number))
        return f"{doc}:{number}" in self.data.rules

    def rule_view(self, number: str, lang: str | None = None, doc: str | None = None) -> dict | None:
        """The `rule` command's data for a Foundations rule number (or, with `doc`, for that document's rule
        of that number): number, title, text, examples, children, links, lang, document details, other
        editions; the unofficial `summary` ``{it, ru}``; `same_rule_in` (editions where the rule has another
        number); `modern_note` (what the modern rules say instead, for an older edition's rule); `english`
        (the rule in the newest imported English edition, when the text shown is not English)."""
        number = number.strip().rstrip(".").lower()
        if doc == DIGEST_DOC:
            return self._digest_view(number) if self.has_rule_page(DIGEST_DOC, number) else None
        if doc:
            r = self.rule(number, lang, doc)
        else:
            # The official text in the source languages first; the English one follows the summary.
            r = next((x for x in self.rule_versions(number) if self.follows_foundations(x.doc)
                      and (x.lang == lang if lang else x.lang != "en")), None)
            if r is None and lang in (None, "it", "ru") and self.has_rule_page(DIGEST_DOC, number):
                return self._digest_view(number)
            # The same rule in another edition; else a number of another edition only (2022's 509.6).
            r = r or self.cited_rule(number, lang) or self.rule(number, lang)
        if r is None:
            return None
        view = self._version_view(r)
        # A version under an older numbering (its three-digit rule has another title now) is not that
        # Foundations rule: no summary or other editions of the Foundations rule on its page.
        fnum = None if self._renumbered(r) else self.foundations_number(r.doc, r.number)
        view.update(self._cited_extras(fnum, exclude=r))
        view["modern_note"] = self.modern_note(r.doc, r.number)
        view["foundations_number"] = fnum
        if r.lang == "en" or not fnum:
            view["english"] = None
        return view

    def _renumbered(self, r: Rule) -> bool:
        """Whether `r` belongs to an older numbering: the build found its three-digit rule under a clearly
        different title in a newer document (the "edition-numbering" finding of `kb check`)."""
        head = r.number.split(".")[0]
        for finding in self.data.checks:
            if finding.get("check") == "edition-numbering" and finding.get("rule") == head:
                docs = list(finding.get("titles", {}))
                return r.doc in docs and r.doc != docs[0]
        return False

    def _version_view(self, r: Rule) -> dict:
        d = self.data.docs.get(r.doc)
        number = r.number
        head = self.rule(number.split(".")[0], r.lang) if r.title is None and "." in number else None
        # The current title of its three-digit rule in the newest document of that language, when it differs.
        head_number = number.split(".")[0]
        own_head = self.data.rules.get(f"{r.doc}:{head_number}")
        newest = [x for x in self.rule_versions(head_number) if x.lang == r.lang and x.title]
        current = max(newest, key=lambda x: self.data.docs[x.doc].effective or "", default=None)
        view = {
            "number": r.number, "title": r.title, "text": r.text, "examples": list(r.examples),
            "children": list(r.children), "links": [self.ref_view(x) for x in r.refs], "lang": r.lang,  # type: ignore[attr-defined]
            "doc": r.doc, "doc_title": d.title if d else r.doc, "effective": d.effective if d else None,
            "has_text": bool(r.text), "source": str(r.loc),
            "parent": r.parent, "rule_title": head.title if head else None,
            "backlinks": self.backlinks(f"{r.doc}:{r.number}"),  # type: ignore[attr-defined]
        }
        if (current is not None and own_head is not None and current.doc != r.doc
                and self.follows_foundations(current.doc) == self.follows_foundations(r.doc)
                and name_key(current.title or "") != name_key(own_head.title or "")):
            view["current_title"] = {"doc": current.doc, "number": head_number, "title": current.title,
                                     "this_title": own_head.title}
        return view

    def _cited_extras(self, fnum: str | None, exclude: Rule | None = None) -> dict:
        """What a page adds for the Foundations rule `fnum`: summary, other editions, the English text."""
        out: dict = {"summary": self.summary(fnum) if fnum else None,
                     "summary_edition": self.data.digest_edition or None,
                     "same_rule_in": self.same_rule_in(fnum) if fnum else [],
                     "not_in_editions": self.not_in_editions(fnum) if fnum else [],
                     "in_foundations": self.in_foundations(fnum) if fnum else False,
                     "editions": [], "english": None}
        if not fnum:
            return out
        versions = [x for x in self.rule_versions(fnum) if self.follows_foundations(x.doc)]
        versions += [self.data.rules[f"{doc}:{n}"] for doc in self._editions_newest_first()
                     if (n := self.data.same_rule[doc].get(fnum)) and f"{doc}:{n}" in self.data.rules]
        out["editions"] = [
            {"doc": x.doc, "lang": x.lang, "title": x.title, "has_text": bool(x.text),
             "effective": self.data.docs[x.doc].effective, "number": x.number}
            for x in versions if x is not exclude]
        english = [x for x in versions if x.lang == "en" and x is not exclude and (x.text or x.children)]
        if english:
            e = max(english, key=lambda x: self.data.docs[x.doc].effective or "")
            out["english"] = {"doc": e.doc, "number": e.number, "effective": self.data.docs[e.doc].effective,
                              "title": e.title, "text": e.text, "examples": list(e.examples),
                              "children": list(e.children), "source": str(e.loc),
                              "modern_note": self.modern_note(e.doc, e.number)}
        return out

    def _digest_view(self, number: str) -> dict:
        """The page of a Foundations rule that no document of the sources has: its summary (if any), its
        place in the table of contents and its sub-rules' numbers."""
        head = number.split(".")[0]
        children = [n for n in self.data.foundations if _parent_number(n) == number]
        view = {
            "number": number, "title": self.toc_title(number, "it") if "." not in number else None,
            "text": "", "examples": [], "children": children, "links": [], "lang": None,
            "doc": DIGEST_DOC, "doc_title": None, "effective": self.data.digest_edition or None,
            "has_text": False, "source": self.summary_source(number), "parent": _parent_number(number),
            "rule_title": self.toc_title(head, "it") if "." in number else None, "backlinks": [],
        }
        view.update(self._cited_extras(number))
        view["modern_note"] = None
        view["foundations_number"] = number if self.in_foundations(number) is not False else None
        return view

    # ---- table of contents ---------------------------------------------------------------------------
    def toc(self, lang: str = "it") -> list[dict]:
        """Sections and their three-digit rules, from the newest document of a language with a table of contents."""
        secs = [s for s in self.data.sections.values() if s.lang == lang]
        if not secs:
            return []
        best = max({s.doc for s in secs}, key=lambda d: self.data.docs[d].effective or "")
        out = []
        for s in sorted((s for s in secs if s.doc == best), key=lambda s: int(s.number)):
            out.append({"number": s.number, "title": s.title, "rules": [
                {"number": n, "title": (self.rule(n, lang) or self.data.rules[f"{best}:{n}"]).title}
                for n in s.rules]})
        return out

    def section_view(self, number: str) -> dict | None:
        """A section of the rules (one digit, ``"5"``) as the `rule` command shows it: its title and its
        three-digit rules, each title in every language we have it in (Italian from the sources, Russian from
        the digest, English from an imported edition; None where missing), or None for no such section:
        ``{"section": str, "title": {"it", "ru", "en"}, "rules": [{"number": str, "title": {"it", "ru", "en"}}]}``.
        The rules are those of the newest Italian table of contents, else of the English one."""
        number = number.strip().rstrip(".")
        if len(number) != 1 or not number.isdigit():
            return None
        tocs = {lang: next((s for s in self.toc(lang) if s["number"] == number), None) for lang in ("it", "en")}
        base = tocs["it"] or tocs["en"]
        if base is None:
            return None

        def titles(n: str, of_section: bool) -> dict[str, str | None]:
            out: dict[str, str | None] = {}
            for lang in ("it", "en"):
                toc = tocs[lang]
                if of_section:
                    out[lang] = toc["title"] if toc else None
                else:
                    out[lang] = next((r["title"] for r in toc["rules"] if r["number"] == n), None) if toc else None
            out["ru"] = self.toc_title(n, "ru")
            return {lang: out[lang] for lang in ("it", "ru", "en")}

        return {"section": number, "title": titles(number, True),
                "rules": [{"number": r["number"], "title": titles(r["number"], False)} for r in base["rules"]]}

    def rules_tree(self, lang: str = "it", titles: str | None = None) -> list[dict]:
        """The table of contents (`toc`) with, under each three-digit rule, its best version and the sub-rules
        of that language whose text we have (or that have sub-rules of their own), in rule order; titles in
        `titles` (``"ru"``: our Russian translation, from the digest; default: `lang`'s). Each rule also says
        whether it has a summary and lists the sub-rules known only by their summary:
        ``[{"number", "title", "rules": [{"number", "title", "rule": Rule | None, "subrules": [Rule],
        "summary": bool, "summarised": [number]}]}]``.
        """
        subs: dict[str, list[Rule]] = {}
        for rule in self.data.rules.values():
            if rule.lang == lang and "." in rule.number and (rule.text or rule.children):
                subs.setdefault(rule.number.split(".")[0], []).append(rule)
        summarised: dict[str, list[str]] = {}
        for n in self.data.summaries:
            if "." in n:
                summarised.setdefault(n.split(".")[0], []).append(n)
        out = []
        for sec in self.toc(lang):
            rules = []
            for r in sec["rules"]:
                have = sorted(subs.get(r["number"], []), key=lambda x: rule_sort_key(x.number))
                numbers = {x.number for x in have}
                rules.append({
                    "number": r["number"],
                    "title": (self.toc_title(r["number"], titles) if titles and titles != lang else None) or r["title"],
                    "rule": self.rule(r["number"], lang), "subrules": have,
                    "summary": r["number"] in self.data.summaries,
                    "summarised": sorted((n for n in summarised.get(r["number"], []) if n not in numbers),
                                         key=rule_sort_key),
                })
            title = (self.toc_title(sec["number"], titles) if titles and titles != lang else None) or sec["title"]
            out.append({"number": sec["number"], "title": title, "rules": rules})
        return out


class RuleQueries(RulesMixin):
    """The rule queries alone over the compiled data: what the build's search index asks before any
    `glossary.kb.KnowledgeBase` exists (the cache module builds the data, the knowledge base loads it)."""

    def __init__(self, data: KBData) -> None:
        self.data = data
