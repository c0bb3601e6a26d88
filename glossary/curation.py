"""Load and validate the curated YAML (glossary/curated/), and apply it to parsed entries.

The schema is described in glossary/curated/README.md. Every error names file:line and the key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from glossary.model import Block, Concept, Entry
from glossary.paths import package_data
from glossary.yamlio import LineDict, YamlError, load_yaml

__all__ = ["Curation", "apply_curation", "load_curation"]

CURATED_DIR = package_data("curated")
CURATED_FILES = ("concepts.yaml", "aliases.yaml", "fixes.yaml", "symbols.yaml")
FIX_KINDS = (
    "copied-definition", "corrupted-reference", "swallowed-entry", "count-mismatch", "wrong-rule",
    "missing-section", "other",
)
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_ENTRY_ID = re.compile(r"^[a-z-]+:[a-z0-9-]+$")


@dataclass
class Curation:
    concepts: list[Concept] = field(default_factory=list)
    aliases: dict[str, list[str]] = field(default_factory=dict)  # entry id -> extra names
    fixes: list[dict] = field(default_factory=list)
    symbols: list[dict] = field(default_factory=list)
    # Where each item came from, for error messages: id(item) -> (file, line)
    where: dict[int, tuple[str, int]] = field(default_factory=dict)


def _keys(d: object, file: str, line: int, allowed: set[str], required: set[str], what: str) -> LineDict:
    if not isinstance(d, dict):
        raise YamlError(file, line, f"{what} must be a mapping, not {type(d).__name__}")
    assert isinstance(d, LineDict)
    for k in d:
        if k not in allowed:
            raise YamlError(file, d.key_line(k), f"unknown key in {what}", key=str(k))
    for k in sorted(required - set(d)):
        raise YamlError(file, d.line, f"{what} lacks a required key", key=k)
    return d


def _text_map(v: object, file: str, line: int, key: str, langs: tuple[str, ...] = ("it", "ru")) -> dict:
    """A bilingual text ``{it: ..., ru: ...}``: both languages required, strings only."""
    if not isinstance(v, dict):
        raise YamlError(file, line, "expected a mapping of languages to texts", key=key)
    for k, t in v.items():
        if k not in ("it", "ru", "en") or not isinstance(t, str) or not t.strip():
            raise YamlError(file, line, f"language {k!r} must be it/ru/en with a non-empty text", key=key)
    for lang in langs:
        if lang not in v:
            raise YamlError(file, line, f"the {lang} text is missing", key=f"{key}.{lang}")
    return dict(v)


def _names(v: object, file: str, line: int, key: str) -> list[str]:
    if isinstance(v, str) and v.strip():
        return [v.strip()]
    if isinstance(v, list) and v and all(isinstance(x, str) and x.strip() for x in v):
        return [x.strip() for x in v]
    raise YamlError(file, line, "expected a name or a list of names", key=key)


def _list(data: object, file: str) -> list:
    if data is None:
        return []
    if not isinstance(data, list):
        raise YamlError(file, 1, "the file must hold a list")
    return data


def load_curation(directory: Path = CURATED_DIR) -> Curation:
    """Read and validate the four curated files (missing files count as empty)."""
    cur = Curation()
    paths = {name: directory / name for name in CURATED_FILES}

    def read(name: str) -> tuple[list, str]:
        p = paths[name]
        return (_list(load_yaml(p, f"glossary/curated/{name}"), f"glossary/curated/{name}") if p.exists() else []), f"glossary/curated/{name}"

    items, f = read("concepts.yaml")
    seen: dict[str, int] = {}
    for raw in items:
        d = _keys(raw, f, getattr(raw, "line", 1), {"id", "en", "it", "ru", "entries", "rules", "obsolete", "note"},
                  {"id", "en", "it", "ru", "entries"}, "concept")
        cid = d["id"]
        if not isinstance(cid, str) or not _SLUG.match(cid):
            raise YamlError(f, d.key_line("id"), f"concept id {cid!r} is not an ASCII slug", key="id")
        if cid in seen:
            raise YamlError(f, d.key_line("id"), f"concept id {cid!r} already used on line {seen[cid]}", key="id")
        seen[cid] = d.line
        entries = d["entries"] or []
        if not isinstance(entries, list) or not all(isinstance(e, str) and _ENTRY_ID.match(e) for e in entries):
            raise YamlError(f, d.key_line("entries"), "entries must be a list of entry ids", key="entries")
        obsolete = None
        if d.get("obsolete") is not None:
            o = _keys(d["obsolete"], f, d.key_line("obsolete"), {"year", "old", "modern", "note"},
                      {"year", "modern", "note"}, "obsolete")
            if not isinstance(o["year"], (int, str)):
                raise YamlError(f, o.key_line("year"), "year must be a year or a short text", key="obsolete.year")
            obsolete = {
                "year": o["year"],
                "old": _text_map(o["old"], f, o.key_line("old"), "obsolete.old", ()) if o.get("old") else {},
                "modern": _text_map(o["modern"], f, o.key_line("modern"), "obsolete.modern"),
                "note": _text_map(o["note"], f, o.key_line("note"), "obsolete.note"),
            }
        rules = d.get("rules") or []
        if not isinstance(rules, list):
            raise YamlError(f, d.key_line("rules"), "rules must be a list of rule numbers", key="rules")
        note = _text_map(d["note"], f, d.key_line("note"), "note") if d.get("note") else None
        c = Concept(cid, _names(d["en"], f, d.key_line("en"), "en"), _names(d["it"], f, d.key_line("it"), "it"),
                    _names(d["ru"], f, d.key_line("ru"), "ru"), list(entries), obsolete, note, [str(r) for r in rules])
        cur.concepts.append(c)
        cur.where[id(c)] = (f, d.line)

    items, f = read("aliases.yaml")
    for raw in items:
        d = _keys(raw, f, getattr(raw, "line", 1), {"entry", "names"}, {"entry", "names"}, "alias")
        cur.aliases.setdefault(d["entry"], []).extend(_names(d["names"], f, d.key_line("names"), "names"))
        cur.where[id(d)] = (f, d.line)
        cur.where.setdefault(hash(("alias", d["entry"])), (f, d.line))

    items, f = read("fixes.yaml")
    for raw in items:
        d = _keys(raw, f, getattr(raw, "line", 1),
                  {"entry", "kind", "note", "definition", "reference", "target", "split_at", "new_entry"},
                  {"entry", "kind", "note"}, "fix")
        if d["kind"] not in FIX_KINDS:
            raise YamlError(f, d.key_line("kind"), f"unknown kind {d['kind']!r}; one of {', '.join(FIX_KINDS)}", key="kind")
        d["note"] = _text_map(d["note"], f, d.key_line("note"), "note")
        if d.get("definition") is not None:
            d["definition"] = _text_map(d["definition"], f, d.key_line("definition"), "definition", ())
        if d.get("split_at") is not None:
            _keys(d.get("new_entry"), f, d.key_line("split_at"), {"id", "term"}, {"id", "term"}, "new_entry")
        cur.fixes.append(d)

    items, f = read("symbols.yaml")
    for raw in items:
        d = _keys(raw, f, getattr(raw, "line", 1), {"entry", "find", "replace", "term"}, {"entry"}, "symbol")
        if ("find" in d) != ("replace" in d) or not ("find" in d or "term" in d):
            raise YamlError(f, d.line, "a symbol item needs find and replace, or term", key="find")
        cur.symbols.append(d)
    return cur


def _replace_in_entry(entry: Entry, find: str, replace: str) -> bool:
    for b in entry.blocks:
        for i, item in enumerate(b.items):
            if find in item:
                b.items[i] = item.replace(find, replace, 1)
                return True
        for subs in b.sub.values():
            for i, item in enumerate(subs):
                if find in item:
                    subs[i] = item.replace(find, replace, 1)
                    return True
    return False


def apply_curation(entries: dict[str, Entry], cur: Curation) -> tuple[dict[str, dict], list[Entry]]:
    """Apply symbols and fixes to `entries` in place.

    Returns (notes by entry id: ``{"fixes": [fix...], "original": text}``, new entries made by splits).
    Raises YamlError for an item that names an unknown entry or a `find` text that does not occur.
    """
    notes: dict[str, dict] = {}
    created: list[Entry] = []

    def need(d: LineDict, f: str) -> Entry:
        e = entries.get(d["entry"])
        if e is None:
            raise YamlError(f, d.key_line("entry"), f"no entry with id {d['entry']!r}", key="entry")
        return e

    def original(e: Entry) -> None:
        info = notes.setdefault(e.id, {"fixes": []})
        info.setdefault("original", e.text())
        info.setdefault("original_term", e.term)

    f = "glossary/curated/symbols.yaml"
    for d in cur.symbols:
        e = need(d, f)
        original(e)
        if "term" in d:
            e.raw_term = e.raw_term or e.term
            e.term = str(d["term"])
        if "find" in d and not _replace_in_entry(e, str(d["find"]), str(d["replace"])):
            raise YamlError(f, d.key_line("find"), f"text {d['find']!r} does not occur in {e.id}", key="find")

    f = "glossary/curated/fixes.yaml"
    for d in cur.fixes:
        e = need(d, f)
        original(e)
        notes[e.id]["fixes"].append({k: v for k, v in d.items() if k not in ("entry",)})
        if d.get("split_at"):
            at = str(d["split_at"])
            for bi, b in enumerate(e.blocks):  # noqa: B007 - bi is used after the loop
                pos = b.items[0].find(at) if b.kind == "para" else -1
                if pos >= 0:
                    break
            else:
                raise YamlError(f, d.key_line("split_at"), f"text {at!r} starts no paragraph part in {e.id}", key="split_at")
            ne = d["new_entry"]
            head, tail = b.items[0][:pos].strip(), b.items[0][pos:].strip()
            moved = [Block("para", [tail], b.loc)] + e.blocks[bi + 1 :]
            e.blocks = e.blocks[:bi] + ([Block("para", [head], b.loc)] if head else [])
            new = Entry(ne["id"], e.lang, ne["term"], moved, [], b.loc, e.doc)
            if new.id in entries:
                raise YamlError(f, d.key_line("new_entry"), f"entry id {new.id!r} exists already", key="new_entry.id")
            created.append(new)
            notes.setdefault(new.id, {"fixes": []})["fixes"].append(
                {"kind": "swallowed-entry", "note": d["note"], "from": e.id})
        if d.get("definition"):
            text = d["definition"].get(e.lang)
            if text is None:
                raise YamlError(f, d.key_line("definition"), f"no {e.lang} text for {e.id}", key=f"definition.{e.lang}")
            e.blocks = [Block("para", [p.strip()], e.loc) for p in text.strip().split("\n\n") if p.strip()]
        if d.get("reference"):
            ref = next((r for r in e.refs if r.text == d["reference"]), None)
            if ref is None:
                raise YamlError(f, d.key_line("reference"), f"{e.id} has no reference {d['reference']!r}", key="reference")
            ref.status = "fixed" if d.get("target") else "missing"
            ref.target = d.get("target")
            ref.note = d["note"]  # type: ignore[assignment]
    return notes, created
