"""Parser of the Magic: The Gathering Comprehensive Rules in the official plain-text layout.

Reads the English document as published (``MagicCompRules-en-2022-04-29.txt``) and partial copies
in the same layout, such as the Italian ``it_cr_200-212.txt``. The full document is, in order:

- a title line, ``These rules are effective as of April 29, 2022.``, an introduction;
- ``Contents``: sections (``1. Game Concepts``), indented three-digit rules, ``Glossary``, ``Credits``;
- the body: section headings ``1. Game Concepts``, rule headings ``100. General``, numbered rules
  ``100.1. Text`` / ``100.1a Text`` (the trailing period is optional: the Italian copy has none),
  ``Example:`` / ``Esempio:`` lines belonging to the rule above them, and, in the English file, a few
  deeper-indented lines continuing the rule above them;
- ``Glossary``: a term line, definition lines (some numbered ``1. ...``), a blank line; one entry
  in the 2022 file lacks the blank line before the next term (``Adventurer Card`` / ``Affinity``);
- ``Credits``.

A body line that is none of these (e.g. the ``File:...`` fragments at the end of the Italian copy) is
kept in `ParsedRules.stray`. A rule that has sub-rules but no line of its own (``200``, ``207`` in
the Italian copy) is created empty, with no title. Wiki image names (``File:U.png``) are turned back
into symbols (``{U}``). Rule references (``See rule 701.26``, ``rules 603.7d-f``, ``Vedi regola 609``,
``see section 8``) are collected per rule, one `Ref` per rule number, ranges expanded.
"""

from __future__ import annotations

import re
from datetime import date
from string import ascii_lowercase

from glossary.model import Block, Entry, Loc, ParsedRules, ParseError, Ref, Rule, RulesDoc, Section
from glossary.symbols import restore_file_symbols
from glossary.text import slugify, strip_controls

__all__ = ["ends_early", "expand_rule_range", "find_rule_refs", "find_term_refs", "looks_like_rules", "parse_cr"]

# --- line shapes (matched against stripped lines) ---------------------------------------------------
_SECTION = re.compile(r"([1-9])\.\s+(\S.*)")
_HEADING = re.compile(r"([0-9]{3})\.\s+(\S.*)")
_NUMBERED = re.compile(r"([0-9]{3}\.[0-9]{1,4}[a-z]?)\.?(?:\s+(.*))?")
_NUMBERED_ANYWHERE = re.compile(r"^[ \t]*[0-9]{3}\.[0-9]{1,4}[a-z]?\.?[ \t]+\S", re.MULTILINE)
_EXAMPLE = re.compile(r"(?:Examples?|Esempio|Esempi)\s*:\s*(.*)")
_LIST_ITEM = re.compile(r"([0-9]{1,2})\.\s+(\S.*)")
_CONTENTS = {"Contents", "Indice", "Sommario"}
_GLOSSARY = {"Glossary", "Glossario"}
_FIRST_RULE = re.compile(r"[1-9][0-9]{2}\.[1-9][0-9]*[a-z]?\.? \S")  # a numbered rule with its text: past the Contents
_CREDITS = {"Credits", "Crediti", "Riconoscimenti"}
_ITALIAN = {"esempio", "vedi", "regola", "regole", "il", "di", "che", "della"}
_LANG_WORDS = re.compile(r"\b(?:example|see|rules?|the|of|and|" + "|".join(_ITALIAN) + r")\b", re.IGNORECASE)
_BINARY = re.compile(r"[\x00-\x08\x0e-\x1f\x7f\ufffd]")

# --- dates --------------------------------------------------------------------------------------------
_MONTHS = {
    **{m: i for i, m in enumerate(
        "january february march april may june july august september october november december".split(), 1)},
    **{m: i for i, m in enumerate(
        "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre".split(), 1)},
}
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_EFFECTIVE_EN = re.compile(r"effective as of (?P<m>[A-Za-z]+) (?P<d>[0-9]{1,2}), (?P<y>[0-9]{4})")
_EFFECTIVE_IT = re.compile(
    r"in vigore (?:dal|a partire dal)(?:l['’]\s*|\s+)(?P<d>[0-9]{1,2})[°º]? (?P<m>[A-Za-z]+) (?P<y>[0-9]{4})",
    re.IGNORECASE,
)

# --- references ---------------------------------------------------------------------------------------
_DASH = "[-–‑]"
_RANGE_TO = rf"{_DASH}(?:[0-9]{{3}}\.[0-9]{{1,4}}[a-z]?|[0-9]{{1,4}}[a-z]?|[a-z])(?!\w)"  # -f, -8, -903.11
_RULE_NUM = rf"[0-9]{{3}}(?![0-9])(?:\.[0-9]{{1,4}}[a-z]?)?(?:{_RANGE_TO})?"
_SECTION_NUM = r"[1-9](?![0-9]|\.[0-9])"
_LIST_SEP = r"(?:\s*,\s*(?:(?:and|or|ed|e|o)\s+)?|\s+(?:and/or|and|or|ed|e|o)\s+)"
_REFS = re.compile(
    rf"\b(?:(?:rules?|regol\w*|see|vedi)\s+(?P<rules>{_RULE_NUM}(?:{_LIST_SEP}{_RULE_NUM})*)"
    rf"|(?:sections?|sezion[ei]|sezone)\s+(?P<sections>{_SECTION_NUM}(?:{_LIST_SEP}{_SECTION_NUM})*))",
    re.IGNORECASE,
)
_RULE_ITEM = re.compile(_RULE_NUM, re.IGNORECASE)
_SECTION_ITEM = re.compile(_SECTION_NUM)
_RANGE = re.compile(rf"([0-9]{{3}})(?:\.([0-9]{{1,4}})([a-z]?))?(?:{_DASH}(.*))?")
_RANGE_END = re.compile(r"(?:([0-9]{3})\.)?([0-9]{1,4})?([a-z]?)")
_MAX_RANGE = 60
_TERM_REF = re.compile(r"\bSee(?P<also>\s+also)?\s+(?!(?i:rules?|sections?)\b)(?P<terms>[A-Z\"“][^.]*)")
_TERM_SEP = re.compile(r"(,\s+(?:and\s+|or\s+)?|\s+(?:and|or)\s+)")


def expand_rule_range(item: str) -> list[str]:
    """Rule numbers of one reference item; ranges are expanded (CR sub-rule letters skip l and o).

    >>> expand_rule_range("603.7d–f")
    ['603.7d', '603.7e', '603.7f']
    >>> expand_rule_range("601.2j-m")
    ['601.2j', '601.2k', '601.2m']
    >>> expand_rule_range("119.7-8"), expand_rule_range("903.6-903.8"), expand_rule_range("100.1a-100.1c")
    (['119.7', '119.8'], ['903.6', '903.7', '903.8'], ['100.1a', '100.1b', '100.1c'])
    >>> expand_rule_range("107.4F"), expand_rule_range("100.1-9999"), expand_rule_range("601.2-602.1")
    (['107.4f'], ['100.1'], ['601.2', '602.1'])
    """
    m = _RANGE.fullmatch(item.lower())
    if not m:
        return [item]
    major, minor, letter, end = m.groups()
    start = f"{major}.{minor}{letter}" if minor else major
    e = _RANGE_END.fullmatch(end or "")
    if not end or not e:
        return [start]
    e_major, e_num, e_letter = e.groups()
    if e_major not in (None, major):
        return [start, end]
    if letter and e_letter and e_num in (None, minor):  # 603.7d-f, 100.1a-100.1c
        span = ascii_lowercase[ord(letter) - 97 : ord(e_letter) - 96]
        return [f"{major}.{minor}{c}" for c in span if c not in "lo" or c in (letter, e_letter)] or [start]
    if e_num and not letter and not e_letter:  # 119.7-8, 903.6-903.11, 100-105
        first = int(minor or major)
        last = int(e_num)
        if minor is None and (e_major or len(e_num) != 3):
            return [start]
        if first < last <= first + _MAX_RANGE:
            return [f"{major}.{n}" if minor else str(n) for n in range(first, last + 1)]
    return [start]


def find_rule_refs(text: str, loc: Loc) -> list[Ref]:
    """``see_rule`` / ``see_section`` references in `text` (one per number, in order, no repeats).

    >>> [(r.kind, r.text) for r in find_rule_refs('See rule 113, "Abilities," and section 6.', Loc("f", 1))]
    [('see_rule', '113'), ('see_section', '6')]
    >>> [r.text for r in find_rule_refs("rules 702.19b and 702.19f-h. Vedi regola 110.5 e regola 706", Loc("f", 1))]
    ['702.19b', '702.19f', '702.19g', '702.19h', '110.5', '706']
    """
    refs: list[Ref] = []
    seen: set[tuple[str, str]] = set()
    for m in _REFS.finditer(text):
        if m.group("rules"):
            kind = "see_rule"
            numbers = [n for it in _RULE_ITEM.finditer(m.group("rules")) for n in expand_rule_range(it.group())]
        else:
            kind = "see_section"
            numbers = [it.group() for it in _SECTION_ITEM.finditer(m.group("sections"))]
        for n in numbers:
            if (kind, n) not in seen:
                seen.add((kind, n))
                refs.append(Ref(kind, n, loc))
    return refs


def find_term_refs(text: str, loc: Loc, known: set[str] = frozenset()) -> list[Ref]:
    """Glossary references to other terms: ``See X.`` -> ``see``, ``See also A, B and C.`` -> ``see_also``.

    A list is split on commas and "and", except where the joined text is a `known` term (lowercase).

    >>> refs = find_term_refs("See rule 702.20. See also Dependency, Timestamp Order.", Loc("f", 1))
    >>> [(r.kind, r.text) for r in refs]
    [('see_also', 'Dependency'), ('see_also', 'Timestamp Order')]
    >>> [r.text for r in find_term_refs("See Active Player, Nonactive Player Order.", Loc("f", 1),
    ...                                 {"active player, nonactive player order"})]
    ['Active Player, Nonactive Player Order']
    """
    refs = []
    for m in _TERM_REF.finditer(text):
        kind = "see_also" if m.group("also") else "see"
        parts = _TERM_SEP.split(m.group("terms").strip())  # [term, sep, term, sep, term ...]
        i, n = 0, len(parts) // 2 + 1
        while i < n:
            j = next((j for j in range(n - 1, i, -1) if "".join(parts[2 * i : 2 * j + 1]).lower() in known), i)
            term = "".join(parts[2 * i : 2 * j + 1]).strip()
            if term:
                refs.append(Ref(kind, term, loc))
            i = j + 1
    return refs


def looks_like_rules(text: str) -> bool:
    """Cheap check: text (not binary) with at least one numbered rule line such as ``100.1a ...``.

    >>> looks_like_rules("100. General\\n   100.1. These Magic rules apply...")
    True
    >>> looks_like_rules("Dear diary, today I played 3 games.")
    False
    >>> looks_like_rules("Comprehensive Rules\\r\\r100. General\\r100.1. These Magic rules apply")  # old Mac endings
    True
    """
    return "\x00" not in text[:65536] and _NUMBERED_ANYWHERE.search(_normalize(text)) is not None


def ends_early(parsed: ParsedRules) -> str | None:
    """The part a full Comprehensive Rules document has and `parsed` lacks — ``"glossary"`` or ``"credits"``
    (the document's last section) — or None when it is complete: a truncated copy (a download cut short)
    shows as one of these.

    >>> ends_early(parse_cr("100. General\\n100.1. Rules.\\n\\nGlossary\\n\\nAbility\\nText.\\n\\nCredits\\nWizards\\n", "f"))
    >>> ends_early(parse_cr("100. General\\n100.1. Rules.\\n\\nGlossary\\n\\nAbility\\nText.\\n", "f"))
    'credits'
    >>> ends_early(parse_cr("100. General\\n100.1. Rules.\\n", "f"))
    'glossary'
    """
    if not parsed.glossary:
        return "glossary"
    if not parsed.credits:
        return "credits"
    return None


def _cut_at_a_whole_line(lines: list[str], complete: bool | None) -> list[str]:
    """The lines of a full document (one with a Contents section) cut short before its glossary — a download
    that stopped — without its last line when that line is unfinished (no final newline): half a rule
    (``"614.13"`` of ``"614.13a …"``, a sentence cut in two) is not a rule. `ends_early` then says what is
    missing. Partial texts (`complete` False: the Italian sources) are kept whole.

    >>> _cut_at_a_whole_line(["Contents", "", "100. General", "100.1. Rules.", "100.1"], None)
    ['Contents', '', '100. General', '100.1. Rules.']
    >>> _cut_at_a_whole_line(["Contents", "Glossary", "100.1. Rules.", "Glossary", "Abil"], None)[-1]
    'Abil'
    """
    if complete is False or len(lines) < 2 or lines[-1] == "" or not any(line in _CONTENTS for line in lines):
        return lines
    first_rule = next((i for i, line in enumerate(lines) if _FIRST_RULE.match(line)), None)
    if first_rule is None or any(line in _GLOSSARY for line in lines[first_rule:]):  # (Contents lists "Glossary")
        return lines
    return lines[:-1]


def _normalize(text: str) -> str:
    """`text` without BOM, with CRLF and CR as LF, so that lines are numbered as editors number them."""
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def _check_not_binary(text: str, file: str) -> None:
    """Raise ParseError at the first control character of a text that looks like binary data."""
    first = _BINARY.search(text)
    if first and ("\x00" in text or len(_BINARY.findall(text)) * 100 > len(text)):
        line = text.count("\n", 0, first.start()) + 1
        raise ParseError(file, line, f"binary data, not a rules text (character U+{ord(first.group()):04X})")


def _detect_lang(text: str) -> str:
    """``it`` when Italian marker words ("Esempio", "Vedi regola", "di") outnumber English ones, else ``en``."""
    words = [w.lower() for w in _LANG_WORDS.findall(text[:100_000])]
    italian = sum(w in _ITALIAN for w in words)
    return "it" if italian > len(words) - italian else "en"


def _effective(text: str) -> str | None:
    """The effective date as ISO ``YYYY-MM-DD`` (or as written, if not a valid date), or None."""
    m = _EFFECTIVE_EN.search(text) or _EFFECTIVE_IT.search(text)
    if not m:
        return None
    try:
        return date(int(m["y"]), _MONTHS[m["m"].lower()], int(m["d"])).isoformat()
    except (KeyError, ValueError):
        return f"{m['d']} {m['m']} {m['y']}"


def _parent(number: str) -> str | None:
    """``100.1a`` -> ``100.1`` -> ``100`` -> None."""
    if number[-1].isalpha():
        return number[:-1]
    return number.rsplit(".", 1)[0] if "." in number else None


class _Builder:
    """Collects rules of one document in order, creating missing parents as empty rules."""

    def __init__(self, file: str, lang: str, doc: str) -> None:
        self.file, self.lang, self.doc = file, lang, doc
        self.rules: dict[str, Rule] = {}
        self.implicit: set[str] = set()

    def add(self, number: str, title: str | None, text: str, line: int) -> Rule:
        """Add a rule read at `line`; a second rule with the same number is a ParseError."""
        rule = self.rules.get(number)
        if rule is not None:
            if number not in self.implicit:
                raise ParseError(self.file, line, f"rule {number} already defined at line {rule.loc.line}")
            self.implicit.discard(number)
            rule.title, rule.text, rule.loc = title, text, Loc(self.file, line)
            return rule
        parent = _parent(number)
        if parent is not None and parent not in self.rules:
            self.add(parent, None, "", line)
            self.implicit.add(parent)
        rule = Rule(number, title, text, [], self.lang, self.doc, Loc(self.file, line), parent)
        self.rules[number] = rule
        if parent is not None:
            self.rules[parent].children.append(number)
        return rule


def _glossary_entries(
    lines: list[tuple[int, str]], file: str, lang: str, doc: str
) -> list[Entry]:
    """Entries of the glossary part, given as (line number, stripped text) with "" for blank lines.

    A line after a blank line is a term; so is a short line without sentence punctuation that follows
    a definition line and is followed by one (a term whose blank line was lost).
    """

    def termlike(s: str) -> bool:  # short, not a list item, no sentence end ('... "Banding."' is one)
        return len(s) <= 80 and s.rstrip("\"”)'’")[-1:] not in ".!?:;," and not _LIST_ITEM.match(s)

    raw: list[tuple[int, str, list[tuple[int, str]]]] = []  # (line, term, definition lines)
    after_blank = True
    for i, (no, s) in enumerate(lines):
        if not s:
            after_blank = True
            continue
        has_next = i + 1 < len(lines) and bool(lines[i + 1][1])
        if not raw or after_blank or (raw[-1][2] and termlike(s) and has_next):
            raw.append((no, restore_file_symbols(s), []))
        else:
            raw[-1][2].append((no, restore_file_symbols(s)))
        after_blank = False

    known = {term.lower() for _, term, _ in raw}
    entries: list[Entry] = []
    used: set[str] = set()
    for no, term, defs in raw:
        base = slug = slugify(term) or "entry"
        n = 1
        while slug in used:  # duplicate headwords: slug, slug-2, slug-3 ...
            n += 1
            slug = f"{base}-{n}"
        used.add(slug)
        blocks: list[Block] = []
        refs: list[Ref] = []
        for dno, d in defs:
            loc = Loc(file, dno)
            item = _LIST_ITEM.fullmatch(d)
            last = blocks[-1] if blocks else None
            if item and last and last.kind == "numbered" and int(item.group(1)) == len(last.items) + 1:
                last.items.append(item.group(2))
            elif item and item.group(1) == "1":
                blocks.append(Block("numbered", [item.group(2)], loc))
            else:
                blocks.append(Block("para", [d], loc))
            refs += find_rule_refs(d, loc) + find_term_refs(d, loc, known)
        entries.append(Entry(f"{doc}:{slug}", lang, term, blocks, refs, Loc(file, no), doc))
    return entries


def parse_cr(
    text: str,
    file: str,
    *,
    doc_id: str | None = None,
    lang: str | None = None,
    title: str | None = None,
    complete: bool | None = None,
) -> ParsedRules:
    """Parse a Comprehensive Rules text (full or partial, English or Italian).

    `file` is the name put in every `Loc`. `lang` is detected when None; `doc_id` defaults to
    ``{lang}-{effective date}`` (``{lang}-cr`` without a date); `complete` defaults to True when the
    text has both a Contents and a Glossary section. Raises ParseError (file, line) for text that is
    not a rules document: binary data, or no numbered rule at all.
    """
    text = _normalize(text)
    _check_not_binary(text, file)
    text = strip_controls(text)  # escape sequences never reach a terminal (the lines stay where they were)
    lines = _cut_at_a_whole_line(text.split("\n"), complete)
    lang = lang or _detect_lang(text)
    effective = _effective(text)
    if doc_id is None:
        doc_id = f"{lang}-{effective}" if effective and _ISO_DATE.fullmatch(effective) else f"{lang}-cr"

    build = _Builder(file, lang, doc_id)
    sections: dict[str, Section] = {}
    stray: list[tuple[int, str]] = []
    glossary_lines: list[tuple[int, str]] = []
    credits: list[str] = []
    first_line: str | None = None  # of the preamble: the document's title
    mode = "preamble"
    has_contents = has_glossary = False
    seen_in_contents: set[str] = set()
    current: Rule | None = None  # the rule examples attach to
    cont: tuple[Rule, int, int | None] | None = None  # (rule, indent, example index) a deeper line continues
    subrules = 0

    for no, line in enumerate(lines, 1):
        s = line.strip()
        if mode == "glossary":
            if s in _CREDITS:
                mode = "credits"
            else:
                glossary_lines.append((no, s))
            continue
        if mode == "credits":
            credits.append(s)
            continue
        numbered = _NUMBERED.fullmatch(s) if s[:1].isdigit() else None
        heading = section = None
        if s[:1].isdigit() and not numbered:
            heading = _HEADING.fullmatch(s)
            section = None if heading else _SECTION.fullmatch(s)
        if mode == "preamble":
            if s in _CONTENTS:
                mode, has_contents = "contents", True
                continue
            if not (numbered or heading or section):
                first_line = first_line or s or None
                continue
            mode = "body"
        if mode == "contents":
            key = (heading or section).group(1) if heading or section else None
            if not numbered and key not in seen_in_contents:
                if key:
                    seen_in_contents.add(key)
                continue
            mode = "body"

        # body
        indent = len(line) - len(line.lstrip())
        if not s:
            cont = None
        elif s in _GLOSSARY and indent == 0:
            mode, has_glossary = "glossary", True
        elif s in _CREDITS and indent == 0:
            mode = "credits"
        elif numbered:
            body = restore_file_symbols((numbered.group(2) or "").strip())
            current = build.add(numbered.group(1), None, body, no)
            current.refs += find_rule_refs(body, current.loc)
            cont, subrules = (current, indent, None), subrules + 1
        elif heading:
            name = restore_file_symbols(heading.group(2).strip())
            current, cont = build.add(heading.group(1), name.removesuffix(".") or name, "", no), None
        elif section:
            number = section.group(1)
            if number in sections:
                raise ParseError(file, no, f"section {number} already defined at line {sections[number].loc.line}")
            sections[number] = Section(number, section.group(2).strip(), lang, doc_id, Loc(file, no))
            cont = None
        elif (example := _EXAMPLE.fullmatch(s)) and current is not None:
            body = restore_file_symbols(example.group(1).strip())
            current.examples.append(body)
            current.refs += find_rule_refs(body, Loc(file, no))
            cont = (current, indent, len(current.examples) - 1)
        elif cont is not None and indent > cont[1]:
            rule, _, ex = cont
            body = restore_file_symbols(s)
            if ex is None:
                rule.text = f"{rule.text}\n{body}"
            else:
                rule.examples[ex] = f"{rule.examples[ex]}\n{body}"
            rule.refs += find_rule_refs(body, Loc(file, no))
        else:
            stray.append((no, s))
            cont = None

    if not subrules:
        raise ParseError(file, 1, "no numbered rule (like '100.1' or '201.3a'): not a Comprehensive Rules text")
    rules = list(build.rules.values())
    for rule in rules:
        if "." not in rule.number and rule.number[0] in sections:
            sections[rule.number[0]].rules.append(rule.number)
    doc = RulesDoc(
        doc_id,
        lang,
        title or first_line or "Comprehensive Rules",
        effective,
        file,
        has_contents and has_glossary if complete is None else complete,
    )
    return ParsedRules(
        doc,
        list(sections.values()),
        rules,
        glossary=_glossary_entries(glossary_lines, file, lang, doc_id),
        stray=stray,
        credits="\n".join(credits).strip(),
    )
