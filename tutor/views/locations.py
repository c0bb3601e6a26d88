"""Typed locations: where the learner can be (an entry, a rule; lessons and quizzes later).

Small frozen values, compared and hashed by content, so that the history, the links of a page and the
nodes of a tree all hold the same kind of thing. No UI toolkit here.

>>> EntryLocation("it:cimitero") == EntryLocation("it:cimitero"), RuleLocation("it-cr-2024", "113.3b")
(True, RuleLocation(doc='it-cr-2024', number='113.3b'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the model comes with the knowledge base: the app's first frame needs neither
    from glossary.kb import KnowledgeBase
    from glossary.model import Rule

__all__ = ["EntryLocation", "Location", "RuleLocation", "location_of", "rule_location"]


@dataclass(frozen=True, slots=True)
class EntryLocation:
    """A glossary entry, by its id (``it:cimitero``)."""

    entry_id: str

    def exists(self, kb: KnowledgeBase) -> bool:
        """Whether the knowledge base has this entry."""
        return kb.entry(self.entry_id) is not None

    def label(self, kb: KnowledgeBase) -> str:
        """The entry's headword (its id when it is not in the knowledge base)."""
        e = kb.entry(self.entry_id)
        return e.term if e is not None else self.entry_id


@dataclass(frozen=True, slots=True)
class RuleLocation:
    """One version of a rule: the rules document and the rule number (``it-cr-2024``, ``113.3b``)."""

    doc: str
    number: str

    def exists(self, kb: KnowledgeBase) -> bool:
        """Whether the document has this rule (for the digest: whether the rule has a summary or exists in
        Foundations)."""
        return kb.has_rule_page(self.doc, self.number)

    def label(self, kb: KnowledgeBase) -> str:
        """The rule number."""
        return self.number


# Lessons (LessonLocation) and quizzes (QuizLocation) join this union when their screens arrive.
Location = EntryLocation | RuleLocation


def rule_location(rule: Rule) -> RuleLocation:
    """Where a rule is."""
    return RuleLocation(rule.doc, rule.number)


def location_of(kb: KnowledgeBase, tid: str | None) -> Location | None:
    """The location of what a knowledge-base id names (a reference's target, a backlink's source, a search hit);
    None for a section or a page outside the sources."""
    from glossary.model import Entry, Rule

    found = kb.target(tid)
    if isinstance(found, Entry):
        return EntryLocation(found.id)
    if isinstance(found, Rule):
        return rule_location(found)
    return None
