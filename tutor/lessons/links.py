"""Links in lesson texts: ``[[concept-id]]`` (or ``[[concept-id|shown words]]``) and rule numbers.

`split_text` cuts a text (already in one language) into plain, concept-link and rule-link parts, which
the terminal player prints and the app turns into clickable links. Rule numbers are recognised when they
have a dot (``305.2``, ``103.8a``) or, for a bare three-digit number (``500``), when a rule word or an
opening parenthesis comes just before it, or when it continues a list of rule numbers (``(502, 503)``).

`known_concepts` are the curated concept ids (``glossary/curated/concepts.yaml``); `rule_exists` says
whether a rule number is in the rules digest (``glossary/curated/digest/*.yaml``, unofficial summaries and
the contents' titles, Foundations numbering) or, failing that, in the knowledge base. Both read the files
with a regular expression, once, so that validating a lesson stays fast.

>>> [(p.kind, p.text, p.target) for p in split_text("La [[priority|priorità]] (117.3a, 500) e 20 punti", "it")]
[('text', 'La ', None), ('concept', 'priorità', 'priority'), ('text', ' (', None), ('rule', '117.3a', '117.3a'), ('text', ', ', None), ('rule', '500', '500'), ('text', ') e 20 punti', None)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

__all__ = ["CONCEPT_LINK", "TextPart", "concept_links", "known_concepts", "plain_text", "rule_exists", "rule_links",
           "split_text", "summarised_rules"]

CONCEPT_LINK = re.compile(r"\[\[([^\[\]|]*)(?:\|([^\[\]]*))?\]\]")
_TOKEN = re.compile(r"\[\[[^\[\]]*\]\]|(?<![\w.])[1-9]\d{2}(?:\.\d{1,3}[a-z]?)?(?![\w]|\.\d)")
_RULE_WORD = re.compile(r"(?:regol[ae]|rule|правил[оауеи]?м?|section|sezione|разде?л[а-я]*)\s+$", re.IGNORECASE)
_CHAIN = re.compile(r"^\s*(?:,|;|e|и|and|–|-|/)\s*$")
_DIGEST = re.compile(r'^  "([1-9]\d{2}(?:\.\d{1,3}[a-z]?)?)":', re.MULTILINE)
_CONCEPT_ID = re.compile(r"^- id: ([a-z0-9-]+)\s*$", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class TextPart:
    """A piece of a text: ``text`` (plain), ``concept`` (target: a concept id) or ``rule`` (target: a number)."""

    kind: str
    text: str
    target: str | None = None


def split_text(text: str, lang: str) -> list[TextPart]:
    """Plain text, concept links and rule links, in order (a concept link without shown words is shown by
    the concept's name in `lang`)."""
    parts: list[TextPart] = []
    pos, last_rule_end = 0, -1

    def plain(upto: int) -> None:
        if upto > pos:
            parts.append(TextPart("text", text[pos:upto]))

    for m in _TOKEN.finditer(text):
        token = m.group(0)
        if token.startswith("[["):
            cm = CONCEPT_LINK.fullmatch(token)
            cid, shown = (cm.group(1).strip(), (cm.group(2) or "").strip()) if cm else ("", "")
            plain(m.start())
            parts.append(TextPart("concept", shown or _concept_name(cid, lang), cid))
            pos = m.end()
            continue
        before = text[:m.start()]
        if "." not in token and not (before.endswith("(") or _RULE_WORD.search(before[-30:])
                                     or (last_rule_end >= 0 and _CHAIN.match(text[last_rule_end:m.start()]))):
            continue
        plain(m.start())
        parts.append(TextPart("rule", token, token))
        pos = last_rule_end = m.end()
    plain(len(text))
    return parts


def plain_text(text: str, lang: str) -> str:
    """The text as read: concept links replaced by their words."""
    return "".join(p.text for p in split_text(text, lang))


def concept_links(text: str) -> list[str]:
    """The concept ids a text links to (``[[id]]``, ``[[id|words]]``), in order."""
    return [m.group(1).strip() for m in CONCEPT_LINK.finditer(text)]


def rule_links(text: str) -> list[str]:
    """The rule numbers a text links to, in order."""
    return [p.target for p in split_text(text, "it") if p.kind == "rule"]


def _concept_name(cid: str, lang: str) -> str:
    try:
        from tutor.i18n.terms import concept_name

        return concept_name(cid, lang)
    except KeyError:
        return cid


def _curated() -> Path:
    from glossary.curation import CURATED_DIR

    return CURATED_DIR


@lru_cache(maxsize=1)
def known_concepts() -> frozenset[str]:
    """The curated concept ids."""
    return frozenset(_CONCEPT_ID.findall((_curated() / "concepts.yaml").read_text(encoding="utf-8")))


@lru_cache(maxsize=1)
def _digest() -> tuple[frozenset[str], frozenset[str]]:
    summaries, titles = set(), set()
    for path in sorted((_curated() / "digest").glob("*.yaml")):
        found = _DIGEST.findall(path.read_text(encoding="utf-8"))
        (titles if path.stem.startswith("toc") else summaries).update(found)
    return frozenset(summaries), frozenset(titles)


def summarised_rules() -> frozenset[str]:
    """The rule numbers that have an unofficial summary in the digest."""
    return _digest()[0]


@lru_cache(maxsize=4096)
def rule_exists(number: str) -> bool:
    """Whether `number` is a rule of the digest (summaries and contents) or of the knowledge base."""
    summaries, titles = _digest()
    if number in summaries or number in titles:
        return True
    return _kb_has(number)


def _kb_has(number: str) -> bool:
    try:
        from glossary.kb import load

        return load().rule(number) is not None
    except Exception:  # no usable index: the digest alone decides
        return False
