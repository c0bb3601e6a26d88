"""Rule numbers in any text of a page (definitions, notes, summaries, scenario texts, the event log) as links.

`glossary.rule_refs.find_rule_refs` finds them; here each number gets where it leads: the rule page of that
Foundations number (its Italian text when the sources have it, else the page of its summary, else the same
rule in an imported edition). No UI toolkit: the CLI lists them under the text, the app makes them
focusable (`tutor.app.widgets.linked_text`).

>>> from glossary.kb import load
>>> [(x.number, x.target) for x in text_links(load(), "Vedi regola 113.3b.")]
[('113.3b', RuleLocation(doc='it-cr-2024', number='113.3b'))]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from glossary.kb_rules import DIGEST_DOC
from glossary.rule_refs import find_rule_refs
from tutor.i18n import t
from tutor.views.locations import RuleLocation, rule_location

if TYPE_CHECKING:
    from glossary.kb import KnowledgeBase

__all__ = ["MentionedRule", "TextLink", "linked_lines", "mentioned_rules", "rule_target", "text_links"]


@dataclass(frozen=True, slots=True)
class TextLink:
    """A rule number inside a text: ``text[start:end]`` leads to `target` (None: a rule we know nothing of)."""

    start: int
    end: int
    number: str
    target: RuleLocation | None


@dataclass(frozen=True, slots=True)
class MentionedRule:
    """A rule number a page's texts mention, for the list under the text."""

    number: str
    title: str  # the title of its three-digit rule in the interface language ("" when unknown)
    brief: str  # "solo riassunto non ufficiale" / "non nelle fonti" / "" when there is a text
    target: RuleLocation | None


def rule_target(kb: KnowledgeBase, number: str) -> RuleLocation | None:
    """Where a cited (Foundations) rule number leads; None when the program knows nothing of it."""
    cache = kb.__dict__.setdefault("_rule_targets", {})
    if number in cache:
        return cache[number]
    # As `rule N` shows it: the source languages' text first, the English one on the summary's page.
    found = next((r for r in kb.rule_versions(number) if kb.follows_foundations(r.doc) and r.lang != "en"), None)
    if found is not None:
        target = rule_location(found)
    elif kb.has_rule_page(DIGEST_DOC, number):
        target = RuleLocation(DIGEST_DOC, number)
    else:
        other = kb.cited_rule(number) or kb.rule(number)
        target = rule_location(other) if other is not None else None
    cache[number] = target
    return target


def text_links(kb: KnowledgeBase, text: str) -> tuple[TextLink, ...]:
    """The rule numbers of `text` with where they lead, in order."""
    return tuple(TextLink(r.start, r.end, r.number, rule_target(kb, r.number)) for r in find_rule_refs(text))


def linked_lines(kb: KnowledgeBase, lines: Iterable[str]) -> tuple[str, tuple[TextLink, ...]]:
    """Lines (an event log) joined into one text, with the links of its rule numbers."""
    text = "\n".join(lines)
    return text, text_links(kb, text)


def _has_text(kb: KnowledgeBase, number: str) -> bool:
    return any(r.text or r.children for r in kb.rule_versions(number) if kb.follows_foundations(r.doc)) or bool(
        kb.cited_rule(number) and (kb.cited_rule(number).text or kb.cited_rule(number).children))


def mentioned_rules(kb: KnowledgeBase, texts: Iterable[str], ui: str, exclude: Iterable[str] = ()) -> tuple[
        MentionedRule, ...]:
    """Every rule number the `texts` mention (except `exclude`), each once, in order of appearance."""
    seen = set(exclude)
    out = []
    for text in texts:
        for ref in find_rule_refs(text or ""):
            if ref.number in seen:
                continue
            seen.add(ref.number)
            target = rule_target(kb, ref.number)
            head = ref.number.split(".")[0]
            title = kb.toc_title(head, ui) or kb.toc_title(head, "it") or ""
            if target is None:
                brief = t("not_in_sources", ui)
            elif _has_text(kb, ref.number):
                brief = ""
            elif kb.summary(ref.number):
                brief = t("rule_summary_only", ui)
            elif any(r.title for r in kb.rule_versions(ref.number)):
                brief = t("status_title_only", ui)
            else:
                brief = t("not_in_sources", ui)
            out.append(MentionedRule(ref.number, f"{head}. {title}" if title else "", brief, target))
    return tuple(out)
