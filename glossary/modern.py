"""The modern glossary (glossary/curated/modern/*.yaml): one record per headword of the Foundations
(2024-11-08) glossary, with its Italian and Russian names, each name's status, and unofficial short
definitions written by us (never the official text).

Loading validates every record (an error names file:line and the key); merging makes every record a concept
or joins the concept of concepts.yaml it already is; then every concept that has no source entry in Italian or
in Russian gets a page of its own in that language (a synthetic entry ``it-mod:<concept>`` /
``ru-mod:<concept>`` of the document ``it-modern`` / ``ru-modern``) whose links lead to pages of the same
language. The format is described in glossary/curated/README.md.

>>> record = {"en": "Stack", "concept": "stack", "it": {"name": "pila", "status": "official"}}
>>> [n["name"] for n in names_of(record)]
['Stack', 'pila']
"""

from __future__ import annotations

import re
from pathlib import Path

from glossary.model import Block, Concept, Entry, KBData, Loc, Ref
from glossary.text import name_key
from glossary.yamlio import LineDict, YamlError, load_yaml

__all__ = ["EDITION", "HEADWORDS_FILE", "MODERN_DOCS", "STATUSES", "load_headwords", "load_modern", "merge_modern",
           "missing_report", "names_of", "page_id"]

EDITION = "2024-11-08"
HEADWORDS_FILE = "foundations-glossary.txt"
STATUSES = ("official", "obsolete", "community", "none", "unverified")
LANGS = ("it", "ru")
MODERN_DOCS = {"it": "it-modern", "ru": "ru-modern"}  # the document id of each language's synthetic pages
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_RULE = re.compile(r"^[1-9][0-9]{2}(?:\.[1-9][0-9]{0,2}[a-z]?)?$")
_TOP = {"edition", "terms"}
_RECORD = {"en", "concept", "rules", "see", "en_status", "en_until", "it", "ru"}
_NAME = {"name", "status", "since", "source", "also", "old", "def"}


def page_id(lang: str, cid: str) -> str:
    """The id of the synthetic page of concept `cid` in `lang` (``ru-mod:stack``)."""
    return f"{lang}-mod:{cid}"


def _text(v: object) -> str | None:
    return v.strip() if isinstance(v, str) and v.strip() else None


def _year(v: object, file: str, line: int, key: str) -> int | None:
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or not 1993 <= v <= 2100:
        raise YamlError(file, line, "expected a year (1993–2100)", key=key)
    return v


def _strings(v: object, file: str, line: int, key: str) -> list[str]:
    if v is None:
        return []
    if not isinstance(v, list) or not all(isinstance(x, str) and x.strip() for x in v):
        raise YamlError(file, line, "expected a list of names", key=key)
    return [x.strip() for x in v]


def _mapping(v: object, file: str, line: int, allowed: set[str], key: str) -> LineDict:
    if not isinstance(v, LineDict):
        raise YamlError(file, line, "expected a mapping", key=key)
    for k in v:
        if k not in allowed:
            raise YamlError(file, v.key_line(k), "unknown key", key=f"{key}.{k}" if key else str(k))
    return v


def _lang(v: object, file: str, line: int, where: str) -> dict:
    """One language of a record: name, status, since, source, also, old, def (name and def may be missing:
    `kb check` reports them)."""
    d = _mapping(v, file, line, _NAME, where)
    out: dict = {}
    for k in ("name", "def", "source"):
        if k in d and d[k] is not None and not isinstance(d[k], str):
            raise YamlError(file, d.key_line(k), "expected a text", key=f"{where}.{k}")
        if _text(d.get(k)):
            out[k] = _text(d[k])
    status = d.get("status")
    if status is not None and status not in STATUSES:
        raise YamlError(file, d.key_line("status"), f"status {status!r}: one of {', '.join(STATUSES)}",
                        key=f"{where}.status")
    out["status"] = status or "unverified"
    if status == "official" and not out.get("source"):
        raise YamlError(file, d.key_line("status"), "an official name needs a source", key=f"{where}.source")
    since = _year(d.get("since"), file, d.key_line("since"), f"{where}.since")
    if since is not None:
        out["since"] = since
    out["also"] = _strings(d.get("also"), file, d.key_line("also"), f"{where}.also")
    old = d.get("old") or []
    if not isinstance(old, list):
        raise YamlError(file, d.key_line("old"), "expected a list of {name, until}", key=f"{where}.old")
    out["old"] = []
    for item in old:
        o = _mapping(item, file, d.key_line("old"), {"name", "until"}, f"{where}.old")
        if not _text(o.get("name")):
            raise YamlError(file, o.line, "an old name needs a name", key=f"{where}.old.name")
        entry = {"name": _text(o["name"])}
        until = _year(o.get("until"), file, o.key_line("until"), f"{where}.old.until")
        if until is not None:
            entry["until"] = until
        out["old"].append(entry)
    return out


def load_modern(directory: Path) -> list[dict]:
    """Every record of ``<directory>/*.yaml``, in file order, as plain dicts with ``where`` (file:line).

    Errors (YamlError) name file:line and the key: a file without ``edition`` and ``terms``, an unknown key, a
    concept id that is not an ASCII slug, a rule that is not a quoted rule number, an unknown status, an
    official name without its source, a year that is not one, a headword given twice.
    """
    out: list[dict] = []
    seen: dict[str, str] = {}
    if not directory.is_dir():
        return out
    for path in sorted(directory.glob("*.yaml")):
        f = f"glossary/curated/modern/{path.name}"
        data = load_yaml(path, f)
        if not isinstance(data, LineDict):
            raise YamlError(f, 1, "the file must hold a mapping with edition and terms")
        for k in data:
            if k not in _TOP:
                raise YamlError(f, data.key_line(k), "unknown key", key=str(k))
        if str(data.get("edition")) != EDITION:
            raise YamlError(f, data.key_line("edition"), f"edition must be \"{EDITION}\"", key="edition")
        terms = data.get("terms")
        if not isinstance(terms, list):
            raise YamlError(f, data.key_line("terms"), "terms must be a list of records", key="terms")
        for raw in terms:
            d = _mapping(raw, f, data.key_line("terms"), _RECORD, "")
            line = d.line
            en = _text(d.get("en"))
            if en is None:
                raise YamlError(f, line, "a record needs its English headword", key="en")
            if en in seen:
                raise YamlError(f, d.key_line("en"), f"headword {en!r} already given at {seen[en]}", key="en")
            seen[en] = f"{f}:{line}"
            cid = d.get("concept")
            if not isinstance(cid, str) or not _SLUG.match(cid):
                raise YamlError(f, d.key_line("concept"), f"concept {cid!r} is not an ASCII slug", key="concept")
            rules = d.get("rules")
            if rules is None:
                rules = []
            if not isinstance(rules, list):
                raise YamlError(f, d.key_line("rules"), "rules must be a list of quoted rule numbers", key="rules")
            for r in rules:
                if not isinstance(r, str) or not _RULE.match(r):
                    raise YamlError(f, d.key_line("rules"), f"{r!r} is not a quoted rule number", key="rules")
            see = d.get("see") or []
            if not isinstance(see, list) or not all(isinstance(s, str) and _SLUG.match(s) for s in see):
                raise YamlError(f, d.key_line("see"), "see must be a list of concept ids", key="see")
            status = d.get("en_status")
            if status is not None and status != "obsolete":
                raise YamlError(f, d.key_line("en_status"), "en_status can only be obsolete", key="en_status")
            rec = {"en": en, "concept": cid, "rules": list(rules), "see": list(see), "where": f"{f}:{line}"}
            if status:
                rec["en_status"] = status
                until = _year(d.get("en_until"), f, d.key_line("en_until"), "en_until")
                if until is not None:
                    rec["en_until"] = until
            for lang in LANGS:
                if d.get(lang) is not None:
                    rec[lang] = _lang(d[lang], f, d.key_line(lang), lang)
            out.append(rec)
    return out


def load_headwords(path: Path) -> list[str]:
    """The Foundations glossary headwords (`glossary/curated/foundations-glossary.txt`): one a line, ``#`` comments."""
    if not path.exists():
        return []
    return [x.strip() for x in path.read_text(encoding="utf-8").splitlines() if x.strip() and not x.startswith("#")]


def _bare(en: str) -> str:
    """A headword without its "(Obsolete)"."""
    return re.sub(r"\s*\(obsolete\)\s*$", "", en, flags=re.IGNORECASE).strip()


def names_of(record: dict) -> list[dict]:
    """The names a record gives, each with its language, kind (``headword``, ``name``, ``also``, ``old``) and
    status (``since``, ``until``, ``source`` where known)."""
    out = [{"lang": "en", "name": record["en"], "kind": "headword",
            "status": record.get("en_status", "official"), **({"until": record["en_until"]}
                                                                if "en_until" in record else {})}]
    for lang in LANGS:
        m = record.get(lang) or {}
        if m.get("name"):
            out.append({"lang": lang, "name": m["name"], "kind": "name", "status": m["status"],
                        **{k: m[k] for k in ("since", "source") if k in m}})
        # Another form people type has no status of its own: not known from a source.
        out += [{"lang": lang, "name": a, "kind": "also", "status": "unverified"} for a in m.get("also", [])]
        out += [{"lang": lang, "name": o["name"], "kind": "old", "status": "obsolete",
                 **({"until": o["until"]} if "until" in o else {})} for o in m.get("old", [])]
    return out


def _main(records: list[dict], concept: Concept) -> int:
    """Which record holds the concept's definitions: a modern headword, the one named like the concept."""
    keys = {name_key(n) for n in concept.en}
    modern = [i for i, r in enumerate(records) if not r.get("en_status")] or list(range(len(records)))
    return next((i for i in modern if name_key(_bare(records[i]["en"])) in keys), modern[0])


def _add(names: list[str], name: str) -> None:
    if name and name_key(name) not in {name_key(n) for n in names}:
        names.append(name)


def merge_modern(kb: KBData, records: list[dict]) -> None:
    """Join each record to its concept (a new one when concepts.yaml has none), with its names and statuses,
    the modern definitions and the rules; a concept with no record keeps concepts.yaml's own definition."""
    by_concept: dict[str, list[dict]] = {}
    for r in records:
        by_concept.setdefault(r["concept"], []).append(r)
    for cid, recs in by_concept.items():
        c = kb.concepts.get(cid)
        if c is None:
            main = next((r for r in recs if not r.get("en_status")), recs[0])
            c = Concept(cid, [_bare(main["en"])], [], [])
            kb.concepts[cid] = c
        for r in recs:
            en = _bare(r["en"])
            if not r.get("en_status"):
                _add(c.en, en)
            elif name_key(en) not in {name_key(n) for n in c.en}:
                _add(c.extra.setdefault("en", []), en)
            for lang in LANGS:
                m = r.get(lang) or {}
                display = getattr(c, lang)
                if m.get("name") and not r.get("en_status"):
                    _add(display, m["name"])
                extra = c.extra.setdefault(lang, [])
                for n in ([m["name"]] if m.get("name") and r.get("en_status") else []) + m.get("also", []) \
                        + [o["name"] for o in m.get("old", [])]:
                    if name_key(n) not in {name_key(x) for x in display}:
                        _add(extra, n)
            if en != r["en"]:  # "Mana Source (Obsolete)" as printed, too
                _add(c.extra.setdefault("en", []), r["en"])
            for number in r["rules"]:
                if number not in c.rules:
                    c.rules.append(number)
        for lang in LANGS:  # a concept known by an obsolete headword only: its old name is its name
            extra = c.extra.get(lang) or []
            if not getattr(c, lang) and extra:
                getattr(c, lang).append(extra.pop(0))
        main = _main(recs, c)
        kb.modern[cid] = {
            "headword": recs[main]["en"],
            "definition": {lang: (recs[main].get(lang) or {}).get("def") for lang in LANGS},
            # Each record, as `kb check` needs it: its headword, where it is, what it lacks.
            "records": [{"en": r["en"], "where": r["where"],
                         "missing": [[lang, what] for lang in LANGS for what in ("name", "def")
                                     if not (r.get(lang) or {}).get(what)]} for r in recs],
            "names": [dict(n, headword=r["en"], **({"def": {lang: (r.get(lang) or {}).get("def") for lang in LANGS}}
                                                   if i != main and n["kind"] == "name" else {}))
                      for i, r in enumerate(recs) for n in names_of(r)],
            "see": list(dict.fromkeys(s for r in recs for s in r["see"] if s != cid)),
        }
    for cid, c in kb.concepts.items():  # concepts.yaml's own definitions, for concepts with no Foundations headword
        if c.definition and cid not in kb.modern:
            kb.modern[cid] = {"headword": c.en[0], "definition": {lang: c.definition.get(lang) for lang in LANGS},
                              "records": [], "names": [], "see": []}
    _unshare(kb)


def _unshare(kb: KBData) -> None:
    """Another form (`also`, `old`) that is the name of another concept in the same language ("жетон" given as a form
    of counter-spell, the name of the counter) finds that concept only: it is taken off the search names and listed
    (``kb.modern[cid]["shared"]``: `kb check` shows them)."""
    from glossary.lang import stem_words  # Snowball: "жетоны" is a form of "жетон"

    def key(name: str, lang: str) -> str:
        return stem_words(name_key(name), lang)

    owners: dict[tuple[str, str], set[str]] = {}
    for cid, c in kb.concepts.items():
        for lang in LANGS:
            for n in getattr(c, lang):
                owners.setdefault((lang, key(n, lang)), set()).add(cid)
    for cid, m in kb.modern.items():
        c = kb.concepts[cid]
        for lang in LANGS:
            keep = []
            for n in c.extra.get(lang, []):
                others = owners.get((lang, key(n, lang)), set()) - {cid}
                if others:
                    m.setdefault("shared", []).append({"lang": lang, "name": n, "concepts": sorted(others)})
                else:
                    keep.append(n)
            if lang in c.extra:
                c.extra[lang] = keep


def add_pages(kb: KBData, resolve_rule) -> None:
    """A page in Italian and in Russian for every concept that has no source entry in that language: a synthetic
    entry whose definition is the modern one, whose links are its `see` concepts (their page in the same language)
    and its rules (`resolve_rule(number)` -> (target, status, note))."""
    has: dict[str, set[str]] = {}
    for cid, c in kb.concepts.items():
        has[cid] = {kb.entries[e].lang for e in c.entries if e in kb.entries}
    pages: dict[str, Entry] = {}
    for cid, c in kb.concepts.items():
        for lang in LANGS:
            if lang in has[cid]:
                continue
            names = getattr(c, lang)
            if not names:
                continue
            modern = kb.modern.get(cid) or {}
            text = (modern.get("definition") or {}).get(lang)
            if not text:  # a concept the Foundations glossary has no headword for: the summary of its first rule
                text = next((kb.summaries[n][lang] for n in c.rules if kb.summaries.get(n, {}).get(lang)), None)
            where = (modern.get("records") or [{}])[0].get("where", "glossary/curated/concepts.yaml:1")
            file, _, line = where.rpartition(":")
            loc = Loc(file, int(line))
            e = Entry(page_id(lang, cid), lang, names[0], [Block("para", [text], loc)] if text else [], [], loc,
                      MODERN_DOCS[lang], concept=cid)
            pages[e.id] = e
    for e in pages.values():
        c = kb.concepts[e.concept]
        for see in (kb.modern.get(e.concept) or {}).get("see", []):
            target = kb.concepts.get(see)
            if target is None:
                continue
            same = [x for x in target.entries if x in kb.entries and kb.entries[x].lang == e.lang]
            tid = same[0] if same else page_id(e.lang, see)
            if tid in kb.entries or tid in pages:
                title = kb.entries[tid].term if tid in kb.entries else pages[tid].term
                e.refs.append(Ref("see", title, e.loc, tid, "resolved"))
        for number in c.rules:
            tid, status, note = resolve_rule(number)
            if tid and all(r.target != tid for r in e.refs):  # 702.111 and 702.111b: one link to 702
                e.refs.append(Ref("see_rule", number, e.loc, tid, status, note))
    for eid, e in pages.items():
        kb.entries[eid] = e
        kb.entry_concept[eid] = e.concept
        kb.names[eid] = list(dict.fromkeys([e.term, *kb.concepts[e.concept].extra.get(e.lang, [])]))
        for i, ref in enumerate(e.refs):
            kb.backlinks.setdefault(ref.target, []).append((eid, i))


def missing_report(kb: KBData, headwords: list[str]) -> dict:
    """Every Foundations headword without a record, or without an Italian or Russian name or definition."""
    found = {r["en"]: r for m in kb.modern.values() for r in m.get("records", [])}
    missing = []
    for h in headwords:
        r = found.get(h)
        if r is None:
            missing.append({"headword": h, "lang": None, "what": "record"})
            continue
        missing += [{"headword": h, "lang": lang, "what": what, "where": r["where"]} for lang, what in r["missing"]]
    extra = sorted(h for h in found if headwords and h not in set(headwords))
    shared = [dict(x, concept=cid) for cid, m in kb.modern.items() for x in m.get("shared", [])]
    return {"headwords": len(headwords), "records": len(found), "missing": missing, "not_headwords": extra,
            "shared_forms": shared}


HEADER = """\
# The headwords of the glossary of the Magic: The Gathering Comprehensive Rules effective 2024-11-08 (Foundations):
# names only, one a line, in the document's order, derived from the official document (MagicCompRules 2024-11-08,
# Wizards of the Coast); no definition text. `mtg-tutor kb check` reports every headword without an Italian or
# Russian name or definition in glossary/curated/modern/. Regenerate with:
# python -m glossary.modern PATH/TO/MagicCompRules-en-2024-11-08.txt > glossary/curated/foundations-glossary.txt
"""


def headwords_of(text: str) -> list[str]:
    """The glossary headwords of a Comprehensive Rules text: the first line of each paragraph between the second
    "Glossary" heading and the second "Credits" heading."""
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    start = [i for i, x in enumerate(lines) if x.strip() == "Glossary"][1]
    end = [i for i, x in enumerate(lines) if x.strip() == "Credits"][1]
    paragraphs = "\n".join(lines[start + 1 : end]).strip().split("\n\n")
    return [p.strip().split("\n")[0].strip() for p in paragraphs if p.strip()]


if __name__ == "__main__":  # pragma: no cover - the regenerate command of the headword list
    import sys

    sys.stdout.write(HEADER + "".join(f"{h}\n" for h in headwords_of(Path(sys.argv[1]).read_text(encoding="utf-8-sig"))))
