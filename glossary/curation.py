"""Load and validate the curated YAML (glossary/curated/), and apply it to parsed entries.

The schema is described in glossary/curated/README.md. Every error names file:line and the key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from glossary.model import Block, Concept, Entry, rule_sort_key
from glossary.paths import package_data
from glossary.yamlio import LineDict, YamlError, load_yaml

__all__ = ["Curation", "Digest", "apply_curation", "load_curation", "load_digest", "load_foundations",
           "load_old_rules"]

CURATED_DIR = package_data("curated")
CURATED_FILES = ("concepts.yaml", "aliases.yaml", "fixes.yaml", "symbols.yaml")
DIGEST_EDITION = "2024-11-08"  # the edition the digest summarises (Foundations)
FOUNDATIONS_FILE = "foundations-rules.txt"
OLD_RULES_FILE = "old-rules.yaml"
FIX_KINDS = (
    "copied-definition", "corrupted-reference", "swallowed-entry", "count-mismatch", "wrong-rule",
    "missing-section", "outdated", "other",
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


@dataclass
class Digest:
    """The bilingual rules digest (glossary/curated/digest/): unofficial summaries and Russian titles."""

    edition: str = DIGEST_EDITION
    summaries: dict[str, dict[str, str]] = field(default_factory=dict)  # rule number -> {"it", "ru"}
    where: dict[str, str] = field(default_factory=dict)  # rule number -> "file:line"
    sections_ru: dict[str, str] = field(default_factory=dict)  # "5" -> "Структура хода"
    titles_ru: dict[str, str] = field(default_factory=dict)  # "509" -> Russian title


_RULE_KEY = re.compile(r"^[1-9][0-9]{2}(?:\.[1-9][0-9]{0,2}[a-z]?)?$")


def _column(text_lines: list[str], line: int, key: str) -> int | None:
    """The 1-based column of a key on its line (for error messages), None when not found."""
    if 1 <= line <= len(text_lines):
        col = text_lines[line - 1].find(key)
        return col + 1 if col >= 0 else None
    return None


def _digest_keys(d: LineDict, name: str, lines: list[str], allowed: tuple[str, ...]) -> None:
    for k in d:
        if k not in allowed:
            raise YamlError(name, d.key_line(k), f"unknown key; the file holds {', '.join(allowed)}",
                            column=_column(lines, d.key_line(k), str(k)), key=str(k))
    for k in allowed:
        if k not in d:
            raise YamlError(name, d.line, "a required key is missing", column=d.column, key=k)
    if str(d["edition"]) != DIGEST_EDITION:
        raise YamlError(name, d.key_line("edition"), f"the digest follows the edition {DIGEST_EDITION}, "
                        f"not {d['edition']!r}", column=_column(lines, d.key_line("edition"), "edition"), key="edition")


def _number_key(k: object, name: str, line: int, lines: list[str], what: str) -> str:
    if not isinstance(k, str):
        raise YamlError(name, line, f"{what} must be a quoted string (\"{k}\")", column=_column(lines, line, str(k)),
                        key=str(k))
    return k


def load_digest(directory: Path = CURATED_DIR / "digest") -> Digest:
    """Read and validate the digest: ``<section>.yaml`` files of summaries and ``toc-ru.yaml``.

    Errors name file:line:column and the key: an unknown key, a rule number that is not quoted, not a rule
    number or not of the file's section, keys out of rule order, a summary without both ``it`` and ``ru``.
    """

    dig = Digest()
    if not directory.is_dir():
        return dig
    for path in sorted(directory.glob("*.yaml")):
        name = f"glossary/curated/digest/{path.name}"
        data = load_yaml(path, name)
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            lines = []
        if not isinstance(data, LineDict):
            raise YamlError(name, 1, "the file must hold a mapping")
        if path.stem == "toc-ru":
            _digest_keys(data, name, lines, ("edition", "sections", "rules"))
            for key, target, pattern in (("sections", dig.sections_ru, r"^[1-9]$"),
                                         ("rules", dig.titles_ru, r"^[1-9][0-9]{2}$")):
                table = data[key]
                if not isinstance(table, LineDict):
                    raise YamlError(name, data.key_line(key), "expected a mapping of numbers to titles", key=key)
                for k, v in table.items():
                    line = table.key_line(k)
                    k = _number_key(k, name, line, lines, "a number")
                    if not re.match(pattern, k):
                        raise YamlError(name, line, f"{k!r} is not a {key[:-1]} number",
                                        column=_column(lines, line, k), key=f"{key}.{k}")
                    if not isinstance(v, str) or not v.strip():
                        raise YamlError(name, line, "the title must be a non-empty text",
                                        column=_column(lines, line, k), key=f"{key}.{k}")
                    target[k] = v.strip()
            continue
        if not re.match(r"^[1-9]$", path.stem):
            raise YamlError(name, 1, "a digest file is named after its section (1.yaml … 9.yaml) or toc-ru.yaml")
        _digest_keys(data, name, lines, ("edition", "rules"))
        table = data["rules"]
        if not isinstance(table, LineDict):
            raise YamlError(name, data.key_line("rules"), "expected a mapping of rule numbers to summaries", key="rules")
        previous = None
        for k, v in table.items():
            line = table.key_line(k)
            k = _number_key(k, name, line, lines, "a rule number")
            col = _column(lines, line, k)
            if not _RULE_KEY.match(k):
                raise YamlError(name, line, f"{k!r} is not a rule number", column=col, key=k)
            if k[0] != path.stem:
                raise YamlError(name, line, f"rule {k} belongs to section {k[0]}, not {path.stem}", column=col, key=k)
            if previous is not None and rule_sort_key(k) <= rule_sort_key(previous):
                raise YamlError(name, line, f"rule {k} comes after {previous}: keep the keys in rule order",
                                column=col, key=k)
            previous = k
            if not isinstance(v, LineDict):
                raise YamlError(name, line, "a summary is a mapping with it and ru", column=col, key=k)
            for lang in v:
                if lang not in ("it", "ru"):
                    raise YamlError(name, v.key_line(lang), "unknown key in a summary (only it and ru)",
                                    column=_column(lines, v.key_line(lang), str(lang)), key=f"{k}.{lang}")
            for lang in ("it", "ru"):
                if lang not in v:
                    raise YamlError(name, line, f"the {lang} summary is missing", column=col, key=f"{k}.{lang}")
                if not isinstance(v[lang], str) or not v[lang].strip():
                    raise YamlError(name, v.key_line(lang), "a summary must be a non-empty text",
                                    column=_column(lines, v.key_line(lang), lang), key=f"{k}.{lang}")
            dig.summaries[k] = {"it": v["it"].strip(), "ru": v["ru"].strip()}
            dig.where[k] = f"{name}:{line}"
    return dig


def load_foundations(path: Path = CURATED_DIR / FOUNDATIONS_FILE) -> list[str]:
    """The rule numbers of the Foundations edition (`glossary/curated/foundations-rules.txt`), in order.

    The file holds numbers only, one a line; ``#`` lines are comments. A missing file is an empty list.
    """
    if not path.exists():
        return []
    name = f"glossary/curated/{path.name}"
    out = []
    for i, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if not _RULE_KEY.match(line):
            raise YamlError(name, i, f"{line!r} is not a rule number", column=1)
        out.append(line)
    return out


def load_old_rules(concepts: dict, path: Path = CURATED_DIR / OLD_RULES_FILE) -> list[dict]:
    """What older editions say that the modern rules contradict (`glossary/curated/old-rules.yaml`):
    ``[{"concept", "before", "phrases"}]``; every concept must exist and have an ``obsolete`` note."""
    if not path.exists():
        return []
    f = f"glossary/curated/{path.name}"
    out = []
    for raw in _list(load_yaml(path, f), f):
        d = _keys(raw, f, getattr(raw, "line", 1), {"concept", "before", "phrases"},
                  {"concept", "before", "phrases"}, "old rule")
        c = concepts.get(d["concept"])
        if c is None or not c.obsolete:
            raise YamlError(f, d.key_line("concept"), f"no concept {d['concept']!r} with an obsolete note",
                            key="concept")
        if not isinstance(d["before"], str) or not re.match(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$", d["before"]):
            raise YamlError(f, d.key_line("before"), "before must be a date in quotes: \"YYYY-MM-DD\"", key="before")
        phrases = d["phrases"]
        if not isinstance(phrases, list) or not phrases or not all(isinstance(p, str) and p.strip() for p in phrases):
            raise YamlError(f, d.key_line("phrases"), "phrases must be a list of English texts", key="phrases")
        out.append({"concept": d["concept"], "before": d["before"], "phrases": [p.strip().lower() for p in phrases]})
    return out


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
        d = _keys(raw, f, getattr(raw, "line", 1), {"id", "en", "it", "ru", "entries", "rules", "obsolete", "note", "definition"},
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
            o = _keys(d["obsolete"], f, d.key_line("obsolete"), {"year", "old", "modern", "note", "rules"},
                      {"year", "modern", "note"}, "obsolete")
            if not isinstance(o["year"], (int, str)):
                raise YamlError(f, o.key_line("year"), "year must be a year or a short text", key="obsolete.year")
            obsolete = {
                "year": o["year"],
                "old": _text_map(o["old"], f, o.key_line("old"), "obsolete.old", ()) if o.get("old") else {},
                "modern": _text_map(o["modern"], f, o.key_line("modern"), "obsolete.modern"),
                "note": _text_map(o["note"], f, o.key_line("note"), "obsolete.note"),
            }
            if o.get("rules") is not None:  # the rules that decide the change (the quiz's old-term cites them)
                if not isinstance(o["rules"], list):
                    raise YamlError(f, o.key_line("rules"), "rules must be a list of rule numbers", key="obsolete.rules")
                obsolete["rules"] = [str(r) for r in o["rules"]]
        rules = d.get("rules") or []
        if not isinstance(rules, list):
            raise YamlError(f, d.key_line("rules"), "rules must be a list of rule numbers", key="rules")
        note = _text_map(d["note"], f, d.key_line("note"), "note") if d.get("note") else None
        c = Concept(cid, _names(d["en"], f, d.key_line("en"), "en"), _names(d["it"], f, d.key_line("it"), "it"),
                    _names(d["ru"], f, d.key_line("ru"), "ru"), list(entries), obsolete, note, [str(r) for r in rules])
        if d.get("definition") is not None:  # a concept the Foundations glossary has no headword for
            c.definition = _text_map(d["definition"], f, d.key_line("definition"), "definition")
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
