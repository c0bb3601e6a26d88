"""Parser of the Italian basic-rules glossary (8th Edition era, source ``it_glossary_8ed.txt``).

Layout: the book's table of contents (``1. Le Basi`` ... ``7. Glossario``), the glossary's headwords
one per line, ``8. Crediti``, then the entries: a headword line, a blank line, definition paragraphs
(one per line), bullet (``•``) and numbered lists, and reference lines ``Vedi anche A, B.``,
``Vedi X.``, ``Confronta con Y.``, ``Confrontalo con Y.``, ``Vedi la Sezione 6: ...``.

Headwords are found by walking the table of contents in order, so that a definition line is never
taken for a headword and every listed headword comes out as an entry (or as a clear error).
"""

from __future__ import annotations

import re

from glossary.model import Block, Entry, Loc, ParsedGlossary, ParseError, Ref
from glossary.text import fold, slugify, strip_controls

__all__ = ["heading_key", "parse_it_glossary", "split_ref_targets"]

_BOOK_SECTION = re.compile(r"^\s*(\d)\.\s*(\S.*?)\s*$")
_BULLET = re.compile(r"^\s*[•\uf0b7·]\s*(.*)$")
_NUMBERED = re.compile(r"^(\s*)(\d{1,2})\.\s+(\S.*)$")
_REF_LINE = re.compile(
    r"^(?P<kw>Vedi anche|Vedi|Confrontalo con|Confronta con)\s+(?P<rest>.+?)\s*$", re.IGNORECASE
)
_SECTION_REF = re.compile(
    r"^(?:la\s+)?sezione\s+(?:(?P<num>\d)\s*:\s*(?P<title>[^.]+?)|\"(?P<qtitle>[^\"]+)\")(?:\s+per\b.*)?\.?$",
    re.IGNORECASE,
)
_KINDS = {"vedi anche": "see_also", "vedi": "see", "confronta con": "compare", "confrontalo con": "compare"}


def heading_key(text: str) -> str:
    """Compare headwords by their letters only: case, accents, spacing, punctuation and lost symbols ignored.

    >>> heading_key("Due punti :") == heading_key("Due Punti")
    True
    >>> heading_key(", , , eccetera...") == heading_key("1, 2, 3, eccetera")
    True
    """
    return "".join(ch for ch in fold(text) if ch.isalpha())


def split_ref_targets(rest: str) -> list[str]:
    """Split the targets of a reference line on commas.

    >>> split_ref_targets("Incanta _____ , Incanta creatura, Incantato.")
    ['Incanta _____', 'Incanta creatura', 'Incantato']
    """
    rest = rest.strip().rstrip(".").strip()
    return [t.strip() for t in rest.split(",") if t.strip()]


def _ref_from_line(line: str, loc: Loc) -> list[Ref] | None:
    """The references a ``Vedi ...`` / ``Confronta con ...`` line makes, or None if it is not one."""
    m = _REF_LINE.match(line)
    if not m:
        return None
    kind = _KINDS[m.group("kw").lower()]
    rest = m.group("rest")
    sec = _SECTION_REF.match(rest)
    if sec:
        title = sec.group("title") or sec.group("qtitle")
        text = f"{sec.group('num')}: {title}" if sec.group("num") else title
        return [Ref("see_section", text.strip(), loc)]
    if rest.lower().startswith("tutti "):
        # "Vedi tutti i simboli delle Edizioni di Magic." points to a page outside the book.
        return [Ref("see_page", rest.rstrip("."), loc)]
    return [Ref(kind, t, loc) for t in split_ref_targets(rest)]


def _read_toc(lines: list[str], file: str) -> tuple[list[tuple[str, int]], list[tuple[str, str, int]], int]:
    """Read the book contents and the glossary headword list; return (headwords, book sections, next line index)."""
    sections: list[tuple[str, str, int]] = []
    toc: list[tuple[str, int]] = []
    i = 0
    n = len(lines)
    in_glossary = False
    while i < n:
        raw = lines[i]
        m = _BOOK_SECTION.match(raw)
        if m and not raw.startswith(" "):
            title = m.group(2)
            if in_glossary:
                sections.append((m.group(1), title, i + 1))
                if toc:
                    return toc, sections, i + 1
            else:
                sections.append((m.group(1), title, i + 1))
                if heading_key(title).startswith("glossari"):
                    in_glossary = True
            i += 1
            continue
        if in_glossary and raw.strip():
            toc.append((raw.strip(), i + 1))
        i += 1
    if not in_glossary:
        raise ParseError(file, 1, "no table of contents with a '7. Glossario' section: not the Italian glossary format")
    raise ParseError(file, n, "the glossary's headword list does not end with a numbered book section (e.g. '8. Crediti')")


def _blocks_and_refs(body: list[tuple[int, str]], file: str) -> tuple[list[Block], list[Ref]]:
    """Group an entry's lines into paragraphs, lists and references."""
    blocks: list[Block] = []
    refs: list[Ref] = []
    for lineno, line in body:
        loc = Loc(file, lineno)
        stripped = line.strip()
        got = _ref_from_line(stripped, loc)
        if got is not None:
            refs.extend(got)
            continue
        b = _BULLET.match(line)
        if b:
            if blocks and blocks[-1].kind == "bullets":
                blocks[-1].items.append(b.group(1).strip())
            else:
                blocks.append(Block("bullets", [b.group(1).strip()], loc))
            continue
        nm = _NUMBERED.match(line)
        if nm:
            indent, item = nm.group(1), nm.group(3).strip()
            last = blocks[-1] if blocks else None
            if indent and last is not None and last.kind == "numbered":
                last.sub.setdefault(len(last.items) - 1, []).append(item)
            elif last is not None and last.kind == "numbered":
                last.items.append(item)
            else:
                blocks.append(Block("numbered", [item], loc))
            continue
        blocks.append(Block("para", [stripped], loc))
    return blocks, refs


def parse_it_glossary(text: str, file: str, doc: str = "it-glossary-8ed") -> ParsedGlossary:
    """Parse the Italian glossary; raise ParseError (file:line) when the text is not in its format."""
    lines = strip_controls(text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")).split("\n")
    toc, sections, start = _read_toc(lines, file)
    keys = [heading_key(t) for t, _ in toc]
    if not any(keys):
        raise ParseError(file, toc[0][1], "the glossary's headword list has no words")

    # Walk the body: the next expected headword is keys[k]. A headword stands alone on its line,
    # after a blank line (or at the start of the body).
    heads: list[tuple[int, int]] = []  # (toc index, line index)
    k = 0
    prev_blank = True
    for idx in range(start, len(lines)):
        line = lines[idx]
        if not line.strip():
            prev_blank = True
            continue
        if k < len(keys) and prev_blank and heading_key(line) == keys[k] and len(line) < 80:
            heads.append((k, idx))
            k += 1
        prev_blank = False
    if k < len(keys):
        term, lineno = toc[k]
        raise ParseError(file, lineno, f"headword {term!r} of the table of contents has no entry in the body")

    entries: list[Entry] = []
    seen: dict[str, int] = {}
    for n, (_, idx) in enumerate(heads):
        end = heads[n + 1][1] if n + 1 < len(heads) else len(lines)
        body = [(j + 1, lines[j]) for j in range(idx + 1, end) if lines[j].strip()]
        blocks, refs = _blocks_and_refs(body, file)
        raw = lines[idx].strip()
        slug = slugify(raw) or "entry"
        seen[slug] = seen.get(slug, 0) + 1
        eid = f"it:{slug}" if seen[slug] == 1 else f"it:{slug}-{seen[slug]}"
        entries.append(
            Entry(id=eid, lang="it", term=raw, blocks=blocks, refs=refs, loc=Loc(file, idx + 1), doc=doc)
        )
    book = [(f"{num}. {title}", "book-section", line) for num, title, line in sections]
    return ParsedGlossary(doc=doc, lang="it", entries=entries, toc=toc, terms=book)
