"""Parser of the Russian glossary (10th Edition basic rules, А–О, source ``ru_glossary_10ed.txt``).

Layout: ``Термин - определение`` on one line after a blank line; the separator is usually `` - ``,
sometimes `` = `` or `` — `` (``Легендарный — это супертип...``), and a headword may itself end in a
dash (``Выберите одно — - ...``). Continuation paragraphs follow, with or without a blank line;
bullet lists lost their glyph (a private-use ``\\uf0b7`` or nothing); once a lone ``.`` stands where
the blank line before an entry belongs (``Золотое правило``). One reference: ``См. "X"``.

A line starts a new entry only if it follows a blank line and its part before the separator looks
like a headword: short (at most five words), starting with a capital letter, without sentence
punctuation. So ``При разыгрывании они не отправляются в стек — вы ...`` (no blank line before it)
and ``Если оба игрока проигрывают одновременно, игра заканчивается вничью — ...`` (too long) stay
paragraphs of the entry above them.
"""

from __future__ import annotations

import re

from glossary.model import Block, Entry, Loc, ParsedGlossary, ParseError, Ref
from glossary.text import slugify, strip_controls

__all__ = ["parse_ru_glossary", "split_heading"]

_SEP = re.compile(r"\s+(?:-|=|—|–)[\s\u00a0]+|\s+(?:-|=|—|–)$")
_HEAD_OK = re.compile(r"^[А-ЯЁA-Z][А-ЯЁа-яёA-Za-z\-\s,()]*[—]?$")
_BULLET = re.compile(r"^[\uf0b7•·]\s*(.*)$")
_SEE = re.compile(r"^См\.\s*[\"«“]?(?P<t>[^\"»”]+?)[\"»”]?\s*\.?\s*$")
_WS = "\u00a0\ufeff \t"


def split_heading(line: str) -> tuple[str, str, str] | None:
    """Split ``Термин - определение`` into (headword, separator, definition), or None if no headword.

    >>> split_heading("Выберите одно — - Если в тексте...")
    ('Выберите одно —', '-', 'Если в тексте...')
    >>> split_heading("Зачарованный = Если способность")
    ('Зачарованный', '=', 'Если способность')
    >>> split_heading("Если оба игрока проигрывают одновременно, игра заканчивается вничью — победителя нет.") is None
    True
    """
    line = line.strip(_WS)
    for m in _SEP.finditer(line):
        head = line[: m.start()].strip(_WS)
        rest = line[m.end():].strip(_WS)
        if not head or len(head.split()) > 5 or not _HEAD_OK.match(head):
            if head and head[-1] not in "—":
                return None
            continue
        if not rest:
            continue
        sep = m.group(0).strip(_WS)
        if rest[0] in "-=—–" and rest[1:2] in (" ", "\u00a0"):  # "Выберите одно — - ...": the dash is part of the headword
            head, sep, rest = f"{head} {sep}", rest[0], rest[1:].strip(_WS)
        return head, sep, rest
    return None


def parse_ru_glossary(text: str, file: str, doc: str = "ru-glossary-10ed") -> ParsedGlossary:
    """Parse the Russian glossary; raise ParseError (file:line) when no entry can be found."""
    lines = strip_controls(text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")).split("\n")
    entries: list[Entry] = []
    seen: dict[str, int] = {}
    prev_blank = True
    current: Entry | None = None
    for idx, raw in enumerate(lines):
        lineno = idx + 1
        line = raw.strip(_WS)
        if not line or set(line) <= set("-—="):  # blank, or the "---" rule at the top
            prev_blank = True
            continue
        loc = Loc(file, lineno)
        head = split_heading(line) if prev_blank else None
        prev_blank = False
        if head is not None:
            term, _sep, rest = head
            slug = slugify(term) or "entry"
            seen[slug] = seen.get(slug, 0) + 1
            eid = f"ru:{slug}" if seen[slug] == 1 else f"ru:{slug}-{seen[slug]}"
            current = Entry(id=eid, lang="ru", term=term, blocks=[], refs=[], loc=loc, doc=doc)
            entries.append(current)
            line = rest
        elif current is None:
            raise ParseError(file, lineno, f"text before the first entry ('Термин - определение' expected): {line[:60]!r}")
        see = _SEE.match(line)
        if see:
            current.refs.append(Ref("see", see.group("t").strip(), loc))
            continue
        b = _BULLET.match(raw.strip(" \u00a0"))
        if b:
            item = b.group(1).strip(_WS)
            if current.blocks and current.blocks[-1].kind == "bullets":
                current.blocks[-1].items.append(item)
            else:
                current.blocks.append(Block("bullets", [item], loc))
            continue
        if line in {".", ","}:  # a stray full stop standing where a blank line belongs
            last = current.blocks[-1].items if current.blocks else None
            if last and not last[-1].endswith((".", "!", "?", "…")):
                last[-1] += line
            prev_blank = True
            continue
        current.blocks.append(Block("para", [line], loc))
    if not entries:
        raise ParseError(file, 1, "no entry of the form 'Термин - определение' found")
    return ParsedGlossary(doc=doc, lang="ru", entries=entries)
