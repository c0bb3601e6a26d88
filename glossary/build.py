"""Build the knowledge base: sources -> parsers -> curated YAML -> link resolution -> checks.

Each stage is a plain function; nothing is written here (the index module caches the result).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from glossary.curation import (
    CURATED_DIR,
    Curation,
    apply_curation,
    load_curation,
    load_digest,
    load_foundations,
    load_old_rules,
)
from glossary.model import KBData, ParseError, Ref, Rule, rule_sort_key
from glossary.parsers.crtext import parse_cr
from glossary.parsers.it_glossary import heading_key, parse_it_glossary
from glossary.parsers.ru_glossary import parse_ru_glossary
from glossary.parsers.wiki import parse_wiki
from glossary.paths import package_data
from glossary.rulesfile import Problem, UnusableFile, read_text
from glossary.search import build_index
from glossary.text import fold, name_key
from glossary.yamlio import YamlError

__all__ = ["SOURCES", "SOURCES_DIR", "SourceInfo", "build", "stem_key"]

SOURCES_DIR = package_data("sources")


@dataclass(frozen=True)
class SourceInfo:
    file: str  # name in glossary/sources/
    original: str  # the seed's original file name
    doc: str  # document id
    lang: str
    title: str
    kind: str  # "it-glossary" | "ru-glossary" | "wiki" | "cr"


SOURCES = (
    SourceInfo("it_glossary_8ed.txt", "000_91fc2636c3fa89db.txt", "it-glossary-8ed", "it",
               "Glossario delle regole base (Ottava Edizione)", "it-glossary"),
    SourceInfo("ru_glossary_10ed.txt", "002_646d7a94f7918983.txt", "ru-glossary-10ed", "ru",
               "Глоссарий базовых правил (Десятое издание)", "ru-glossary"),
    SourceInfo("it_wiki_abilita_cr2024.txt", "003_f267c9ef0b1db70c.txt", "it-cr-2024", "it",
               "Regolamento completo, regola 113 e indice (MTG Wiki, Fondamenti 2024)", "wiki"),
    SourceInfo("it_cr_200-212.txt", "004_4b84305c6d6e6a31.txt", "it-cr-old", "it",
               "Regolamento completo, regole 200–212 (edizione precedente, ca. 2018–2019)", "cr"),
)


def stem_key(text: str) -> str:
    """A crude singular/plural-insensitive key for references written in another number
    ("Abilità attivate" ~ "Abilità Attivata", "Continuous Effects" ~ "Continuous Effect").

    >>> stem_key("Abilità attivate") == stem_key("Abilità Attivata"), stem_key("Eventi innescanti") == stem_key("Evento innescante")
    (True, True)
    >>> stem_key("Continuous Effects") == stem_key("Continuous Effect")
    True
    """
    return " ".join(w[:-1] if len(w) > 3 and w[-1] in "aeios" else w for w in name_key(text).split())


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8-sig")


def _add_rules(kb: KBData, parsed) -> None:
    doc = parsed.doc
    kb.docs[doc.id] = doc
    for s in parsed.sections:
        kb.sections[f"{doc.id}:{s.number}"] = s
    for r in parsed.rules:
        kb.rules[f"{doc.id}:{r.number}"] = r
    for e in parsed.glossary:
        kb.entries[e.id] = e
    kb.stray.extend((doc.file, line, text) for line, text in parsed.stray)


def _order_rule_keys(kb: KBData) -> None:
    """For each rule number, its versions: with text first, then the newest document, Italian first."""
    by: dict[str, list[str]] = defaultdict(list)
    for key, r in kb.rules.items():
        by[r.number].append(key)

    def newest_title(number: str, lang: str) -> str | None:
        titled = [kb.rules[k] for k in by.get(number, []) if kb.rules[k].title and kb.rules[k].lang == lang]
        best = max(titled, key=lambda r: kb.docs[r.doc].effective or "", default=None)
        return best.title if best else None

    def renumbered(r: Rule) -> bool:
        """The rule's three-digit rule has another title in the newest document: older numbering."""
        head = r.number.split(".")[0]
        own = kb.rules.get(f"{r.doc}:{head}")
        current = newest_title(head, r.lang)
        return bool(own and own.title and current and _far(own.title, current))

    def rank(key: str) -> tuple:
        r = kb.rules[key]
        eff = kb.docs[r.doc].effective or ""
        return (renumbered(r), not (r.text or r.children), r.lang != "it", "".join(chr(0x10FFFF - ord(c)) for c in eff))

    kb.rules_by_number = {n: sorted(keys, key=rank) for n, keys in sorted(by.items(), key=lambda x: rule_sort_key(x[0]))}


def _index_names(kb: KBData, cur: Curation) -> None:
    for eid, e in kb.entries.items():
        names = [e.term]
        if e.raw_term and e.raw_term != e.term:
            names.append(e.raw_term)
        if "," in e.term:
            names.extend(p.strip() for p in e.term.split(",") if p.strip())
        names.extend(cur.aliases.get(eid, []))
        kb.names[eid] = list(dict.fromkeys(names))


def _resolve_term(kb: KBData, text: str, lang: str, exact: dict, stems: dict) -> str | None:
    for table, key in ((exact, name_key(text)), (stems, stem_key(text))):
        ids = table.get((lang, key))
        if ids:
            return ids[0]
    return None


def _resolve_rule(kb: KBData, number: str, doc: str) -> tuple[str | None, str, str | None]:
    """(target, status, note) for a rule number referenced from document `doc`."""
    lang = kb.docs[doc].lang if doc in kb.docs else "it"
    own = f"{doc}:{number}"
    if own in kb.rules and (kb.rules[own].text or kb.rules[own].children):
        return own, "resolved", None
    for key in kb.rules_by_number.get(number, []):
        r = kb.rules[key]
        if r.lang == lang and (r.text or r.children):
            return key, "resolved", None
    # Only a title (or the title of its three-digit rule) is known.
    head = number.split(".")[0]
    for num in (number, head):
        for key in kb.rules_by_number.get(num, []):
            r = kb.rules[key]
            if r.lang == lang and r.title:
                note = "text-not-in-sources"
                if r.doc != doc and doc in kb.docs and not kb.docs[doc].complete:
                    note = "text-not-in-sources;other-edition"
                return key, "title_only", note
    return None, "unresolved", None


def _resolve(kb: KBData, cur: Curation) -> None:
    exact: dict[tuple[str, str], list[str]] = defaultdict(list)
    stems: dict[tuple[str, str], list[str]] = defaultdict(list)
    for eid, names in kb.names.items():
        lang = kb.entries[eid].lang
        if eid.split(":")[0] not in ("it", "ru", "it-wiki"):
            continue  # imported glossaries resolve among themselves below
        curated = kb.entries[eid].raw_term
        for n in names:
            if n == curated:
                continue  # a headword the curation replaced ("TAPpare" of the {T} symbol entry) is not a link name
            exact[(lang, name_key(n))].append(eid)
            stems[(lang, stem_key(n))].append(eid)
    doc_exact: dict[tuple[str, str], str] = {}
    for eid, e in kb.entries.items():
        for n in kb.names[eid]:
            if n == e.raw_term:
                continue
            doc_exact.setdefault((e.doc, name_key(n)), eid)
            doc_exact.setdefault((e.doc, stem_key(n)), eid)

    def visit(source_id: str, refs: list[Ref], lang: str, doc: str) -> None:
        for i, ref in enumerate(refs):
            if ref.status in ("fixed", "missing"):
                pass
            elif ref.kind == "see_rule":
                ref.target, ref.status, note = _resolve_rule(kb, ref.text, doc)
                ref.note = ref.note or note
            elif ref.kind == "see_section":
                num = ref.text.split(":")[0].strip()
                sec = next((k for k in (f"{doc}:{num}", f"it-cr-2024:{num}") if k in kb.sections), None)
                if sec and doc in kb.docs:
                    ref.target, ref.status = f"section:{sec}", "resolved"
            elif ref.kind == "see_page":
                pass
            else:
                target = (doc_exact.get((doc, name_key(ref.text))) or doc_exact.get((doc, stem_key(ref.text)))
                          or _resolve_term(kb, ref.text, lang, exact, stems))
                if target and target != source_id:
                    ref.target, ref.status = target, "resolved"
            if ref.target:
                kb.backlinks.setdefault(ref.target, []).append((source_id, i))

    for eid, e in kb.entries.items():
        visit(eid, e.refs, e.lang, e.doc)
    for key, r in kb.rules.items():
        visit(key, r.refs, r.lang, r.doc)


def _align(kb: KBData, cur: Curation) -> None:
    where = cur.where
    for c in cur.concepts:
        f, line = where.get(id(c), ("glossary/curated/concepts.yaml", 1))
        for eid in c.entries:
            if eid not in kb.entries:
                raise YamlError(f, line, f"concept {c.id!r} names an unknown entry {eid!r}", key="entries")
            if eid in kb.entry_concept:
                raise YamlError(f, line, f"entry {eid!r} is already in concept {kb.entry_concept[eid]!r}", key="entries")
            kb.entry_concept[eid] = c.id
            kb.entries[eid].concept = c.id
        kb.concepts[c.id] = c
    # Imported English glossaries join the concept whose English name they carry.
    by_en = {name_key(n): c.id for c in cur.concepts for n in c.en}
    for eid, e in kb.entries.items():
        if e.lang == "en" and eid not in kb.entry_concept:
            cid = by_en.get(name_key(e.term))
            if cid:
                kb.entry_concept[eid] = cid
                e.concept = cid
                kb.concepts[cid].entries.append(eid)


def _check_sources(kb: KBData, cur: Curation) -> None:
    """Automatic checks, on the parsed text before curation, for defects a learner must not absorb.

    Each finding says whether a curated fix explains it (``curated``); `kb check` fails on those that don't.
    """
    fixed = {(fx["entry"], fx["kind"]) for fx in cur.fixes}
    # 1. A definition identical to another entry's: copied text.
    seen: dict[str, str] = {}
    for eid, e in kb.entries.items():
        if e.lang not in ("it", "ru") or ":" not in eid or eid.split(":")[0] not in ("it", "ru"):
            continue
        key = name_key(e.text())
        if len(key) > 40 and key in seen:
            kb.checks.append({"check": "duplicate-definition", "entry": eid, "same_as": seen[key],
                              "curated": (eid, "copied-definition") in fixed or (seen[key], "copied-definition") in fixed,
                              "loc": str(e.loc)})
        seen.setdefault(key, eid)
    # 2. Counted lists that contradict their count ("sei tipi" followed by seven items).
    numbers = {"due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7, "otto": 8,
               "два": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7}
    for eid, e in kb.entries.items():
        if eid.split(":")[0] not in ("it", "ru"):
            continue
        blocks = e.blocks
        for bi in range(len(blocks) - 1):
            a, b = blocks[bi], blocks[bi + 1]
            if a.kind != "para" or b.kind == "para":
                continue
            found = list(re.finditer(r"\b(" + "|".join(numbers) + r")\b", fold(a.items[0])))
            m = found[-1] if found else None  # the count word nearest to the list
            if m and numbers[m.group(1)] != len(b.items):
                kb.checks.append({"check": "count-mismatch", "entry": eid, "says": numbers[m.group(1)],
                                  "items": len(b.items), "curated": (eid, "count-mismatch") in fixed,
                                  "loc": str(b.loc)})
    # 3. Rule numbers whose titles differ between editions (the older text uses another numbering).
    for number, keys in kb.rules_by_number.items():
        titled = [kb.rules[k] for k in keys if kb.rules[k].title and kb.rules[k].lang == "it"]
        for r in titled[1:]:
            if heading_key(r.title or "") != heading_key(titled[0].title or "") and _far(r.title, titled[0].title):
                kb.checks.append({"check": "edition-numbering", "rule": number,
                                  "titles": {x.doc: x.title for x in titled}, "curated": True,
                                  "loc": str(r.loc)})


def _plain(value):
    """`value` with every mapping made a plain dict (the YAML reader's line-keeping dicts stay out of the
    cache, so that loading it never imports the YAML reader)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    return value


def _detach_curation(kb: KBData) -> None:
    """Replace the curated data's YAML mappings by plain dicts, wherever they ended up."""
    for c in kb.concepts.values():
        c.obsolete, c.note = _plain(c.obsolete), _plain(c.note)
    for refs in [e.refs for e in kb.entries.values()] + [r.refs for r in kb.rules.values()]:
        for ref in refs:
            ref.note = _plain(ref.note)
    kb.notes, kb.checks, kb.sources, kb.modern = _plain(kb.notes), _plain(kb.checks), _plain(kb.sources), _plain(kb.modern)


def _modern(kb: KBData, curated_dir: Path) -> None:
    """The modern glossary: its records joined to their concepts, and a page in Italian and in Russian for
    every concept that has no source entry in that language."""
    from glossary.modern import HEADWORDS_FILE, add_pages, load_headwords, load_modern, merge_modern

    merge_modern(kb, load_modern(curated_dir / "modern"))
    kb.modern_headwords = load_headwords(curated_dir / HEADWORDS_FILE)
    add_pages(kb, lambda number: _resolve_rule(kb, number, "it-cr-2024"))


def _digest(kb: KBData, curated_dir: Path) -> None:
    """The rules digest (summaries and Russian titles) and the list of Foundations rule numbers."""
    dig = load_digest(curated_dir / "digest")
    kb.summaries, kb.summary_where, kb.digest_edition = dig.summaries, dig.where, dig.edition
    kb.toc_ru = {"sections": dig.sections_ru, "rules": dig.titles_ru}
    kb.foundations = load_foundations(curated_dir / "foundations-rules.txt")


TITLES_FILE = "titles-it.yaml"


def _titles(kb: KBData, curated_dir: Path) -> None:
    """The Italian sources' titles in sentence case (curated/titles-it.yaml): each item changes only the case of a
    built-in document's rule or section title; anything else is an error naming the file, line and key."""
    from glossary.yamlio import LineDict, YamlError, load_yaml

    path = curated_dir / TITLES_FILE
    if not path.is_file():
        return
    name = f"glossary/curated/{TITLES_FILE}"
    data = load_yaml(path, name)
    if data is None:
        return
    if not isinstance(data, LineDict):
        raise YamlError(name, 1, "the file holds a mapping of \"document:number\" to a title")
    builtin = {s.doc for s in SOURCES}
    for key, title in data.items():
        line = data.key_line(key)
        target = kb.rules.get(str(key)) or kb.sections.get(str(key))
        if target is None or str(key).split(":")[0] not in builtin:
            raise YamlError(name, line, "no rule or section of a built-in source has this key", key=str(key))
        if not isinstance(title, str) or title.strip().casefold() != (target.title or "").casefold():
            raise YamlError(name, line, f"a title may change only its case (the source has {target.title!r})",
                            key=str(key))
        target.title = title.strip()


def _editions(kb: KBData, curated_dir: Path) -> None:
    """For each English edition other than Foundations, the same rule under its number there; and the rules of
    older editions that the modern rules contradict (glossary/curated/old-rules.yaml)."""
    from glossary.editions import FOUNDATIONS, map_edition, parse_fingerprints

    by_doc: dict[str, dict[str, Rule]] = defaultdict(dict)
    for r in kb.rules.values():
        by_doc[r.doc][r.number] = r
    english = [d for d in kb.docs.values() if d.lang == "en" and d.complete]
    current = next((d for d in english if d.effective == FOUNDATIONS), None)
    reference = None
    for doc in english:
        if doc is current:
            continue
        if reference is None:
            prints = curated_dir / "foundations-fingerprints.txt"
            reference = (by_doc[current.id] if current is not None
                         else parse_fingerprints(prints.read_text(encoding="utf-8")) if prints.exists() else [])
        kb.same_rule[doc.id] = map_edition(reference, by_doc[doc.id]) if reference else {}
    old = load_old_rules({c.id: c for c in kb.concepts.values()}, curated_dir / "old-rules.yaml")
    for doc in english:
        for item in old:
            if not doc.effective or doc.effective >= item["before"]:
                continue
            for number, r in by_doc[doc.id].items():
                said = " ".join([r.text, *r.examples]).lower().replace("’", "'")
                if any(p in said for p in item["phrases"]):
                    concepts = kb.modern_notes.setdefault(f"{doc.id}:{number}", [])
                    if item["concept"] not in concepts:
                        concepts.append(item["concept"])


def _far(a: str | None, b: str | None) -> bool:
    from rapidfuzz import fuzz

    return fuzz.token_set_ratio(fold(a or ""), fold(b or "")) < 80


def build(user_rules: list[Path] | None = None, curated_dir: Path = CURATED_DIR,
          problems: list[Problem] | None = None) -> KBData:
    """Parse every source and imported rules file, apply the curated data, resolve links, run checks.

    An imported rules file that cannot be used (unreadable, empty, not UTF-8, not a rules document: see
    `glossary.rulesfile`) is skipped and described in `problems`: one bad file never breaks the others.
    """
    kb = KBData()
    problems = [] if problems is None else problems
    for s in SOURCES:
        path = SOURCES_DIR / s.file
        text = _read(path)
        kb.sources.append({"file": s.file, "original": s.original, "doc": s.doc, "lang": s.lang,
                           "title": s.title, "kind": s.kind})
        if s.kind == "it-glossary":
            g = parse_it_glossary(text, s.file, s.doc)
            kb.terms.extend((t, grp, s.file, line) for t, grp, line in g.terms)
        elif s.kind == "ru-glossary":
            g = parse_ru_glossary(text, s.file, s.doc)
        elif s.kind == "wiki":
            p = parse_wiki(text, s.file, s.doc)
            p.doc.title = s.title
            _add_rules(kb, p)
            kb.terms.extend((t, grp, s.file, line) for t, grp, line in p.terms)
            continue
        else:
            p = parse_cr(text, s.file, doc_id=s.doc, lang=s.lang, title=s.title, complete=False)
            p.doc.effective = p.doc.effective or "2018/2019"
            _add_rules(kb, p)
            continue
        for e in g.entries:
            kb.entries[e.id] = e
    for path in user_rules or []:
        try:
            p = parse_cr(read_text(path), path.name)
        except UnusableFile as exc:
            problems.append(Problem(str(path), exc.code, exc.detail))
            continue
        except ParseError as exc:
            problems.append(Problem(str(path), "not-rules", f"line {exc.line}: {exc.message}"))
            continue
        _add_rules(kb, p)
    cur = load_curation(curated_dir)
    _order_rule_keys(kb)
    _check_sources(kb, cur)
    kb.notes, created = apply_curation(kb.entries, cur)
    for e in created:
        kb.entries[e.id] = e
    _index_names(kb, cur)
    _align(kb, cur)
    _resolve(kb, cur)
    _digest(kb, curated_dir)
    _titles(kb, curated_dir)
    _modern(kb, curated_dir)
    _editions(kb, curated_dir)
    _detach_curation(kb)
    kb.rule_titles = {key: r.title for key, r in kb.rules.items() if r.title}
    kb.search = build_index(kb)
    return kb
