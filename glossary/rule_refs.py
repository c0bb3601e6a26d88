"""Rule numbers written in a text, in Italian, Russian or English, with where they are (for links).

One function, `find_rule_refs`, reads every form the program's texts use: a bare sub-rule number
(``113.3b``), a number after a word for "rule" (``regola 510``, ``(regole 510 e 511)``, ``правило 702.19``,
``правилами 510.4 и 702.7``, ``rules 510.4 and 702.7``, ``CR 509``, ``vedi 728``, ``см. 702``), numbers in
parentheses or brackets (``(502)``, the event log's ``[601.2, 405.1]``) and ranges (``510.1c–d``, ``500.7–500.10``, ``509.1-3``: each
end is a reference of its own). Years (``2009``), power and toughness (``3/3``), page numbers, life totals
(``20 punti vita``) and decimals are not references: a bare three-digit number needs one of those words or
parentheses around it.

No I/O, no knowledge base: whether a number exists is the caller's business.

>>> [(r.number, r.text) for r in find_rule_refs("Vedi regola 510 e 702.19b; см. 510.1c–d")]
[('510', '510'), ('702.19b', '702.19b'), ('510.1c', '510.1c'), ('510.1d', 'd')]
>>> find_rule_refs("Nel 2009, una 3/3 a 20 punti vita (pagina 120), 1.5 e 10.000")
[]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["RuleRef", "find_rule_refs", "rule_numbers"]

# A rule number: three digits, optionally ".N" and a letter (sub-rules are numbered from 1).
_SUB = r"[1-9][0-9]{0,2}[a-z]?"
_NUM = rf"[1-9][0-9]{{2}}(?:\.{_SUB})?"
_DASH = r"[-–‑]"
# The end of a range: a full number, a sub-rule number or a letter.
_END = rf"(?:[1-9][0-9]{{2}}\.{_SUB}|[1-9][0-9]{{0,2}}[a-z]?|[a-z])"
_ITEM = rf"{_NUM}(?:{_DASH}{_END})?"
_SEP = r"(?:\s*[,;/]\s*(?:(?:and|or|e|ed|o|и|или)\s+)?|\s+(?:and/or|and|or|e|ed|o|и|или)\s+)"
_LIST = rf"{_ITEM}(?:{_SEP}{_ITEM})*"
# Words that announce rule numbers (any case): Italian, Russian (every case of «правило», «п.», «пп.»),
# English, and "see" in the three languages.
_WORDS = (r"regol[ae]|reg\.|rules?|r\.|cr|правил[а-яё]*|пп?\.|vedi|see|см\.|cfr\.")
_AFTER_WORD = re.compile(rf"(?<![\w.])(?:{_WORDS})\s*(?P<list>{_LIST})(?![\w])", re.IGNORECASE)
_IN_PARENS = re.compile(rf"(?<![\w\])])[(\[]\s*(?P<list>{_LIST})\s*[)\],;]")  # not a call: read(100), x[100]
# A bare sub-rule number, not part of a bigger number, a date, a fraction or a version.
_BARE = re.compile(rf"(?<![\w.,/])(?P<list>[1-9][0-9]{{2}}\.{_SUB}(?:{_DASH}{_END})?)(?![\w/]|[.,][0-9])")
_ITEM_RE = re.compile(rf"(?P<start>{_NUM})(?:(?P<dash>{_DASH})(?P<end>{_END}))?(?![\w])")
_PARTS = re.compile(r"([0-9]{3})(?:\.([0-9]+)([a-z]?))?")


@dataclass(frozen=True, slots=True)
class RuleRef:
    """A rule number found in a text: ``text[start:end]`` is what to make a link of."""

    number: str  # "510.1d"
    start: int
    end: int
    text: str  # the characters linked ("d" for the end of "510.1c–d")


def _range_end(start: str, end: str) -> str | None:
    """The full number a range end stands for: ``510.1c`` + ``d`` -> ``510.1d``; ``509.1`` + ``3`` -> ``509.3``."""
    m = _PARTS.fullmatch(start)
    if m is None:
        return None
    major, minor, _letter = m.groups()
    if re.fullmatch(rf"[1-9][0-9]{{2}}\.{_SUB}", end):
        return end
    if re.fullmatch(r"[a-z]", end):
        return f"{major}.{minor}{end}" if minor else None
    if re.fullmatch(r"[1-9][0-9]{0,2}[a-z]?", end):
        if minor is None:
            return end if len(end) == 3 else None  # 100-105
        return f"{major}.{end}"
    return None


def find_rule_refs(text: str) -> list[RuleRef]:
    """Every rule reference in `text`, in order, without overlaps.

    >>> [r.number for r in find_rule_refs("rules 510.4 and 702.7, (regola 510) e правило 702.19")]
    ['510.4', '702.7', '510', '702.19']
    >>> [r.number for r in find_rule_refs("(500.7–500.10) — (502) — rules 509.1-3")]
    ['500.7', '500.10', '502', '509.1', '509.3']
    >>> [r.number for r in find_rule_refs("T1 sottofase di acquisizione: Inizia. [504] — [601.2, 405.1]")]
    ['504', '601.2', '405.1']
    """
    found: list[RuleRef] = []
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= x or a >= y for x, y in taken)

    for pattern in (_AFTER_WORD, _IN_PARENS, _BARE):
        for m in pattern.finditer(text):
            a, b = m.span("list")
            if not free(a, b):
                continue
            taken.append((a, b))
            for item in _ITEM_RE.finditer(text, a, b):
                start = item.group("start")
                found.append(RuleRef(start.lower(), item.start("start"), item.end("start"), start))
                if item.group("end"):
                    full = _range_end(start.lower(), item.group("end").lower())
                    if full:
                        found.append(RuleRef(full, item.start("end"), item.end("end"), item.group("end")))
    return sorted(found, key=lambda r: r.start)


def rule_numbers(text: str) -> list[str]:
    """The rule numbers `text` refers to, in order, each once.

    >>> rule_numbers("CR 509.1: declare blockers (see 509.1a and 509.1)")
    ['509.1', '509.1a']
    """
    return list(dict.fromkeys(r.number for r in find_rule_refs(text)))
