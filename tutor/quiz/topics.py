"""Topic tags from rule numbers, and what a learner has studied.

* :data:`VOCABULARY` — the shared topic tags of every question (``turn``, ``stack``, ``sba``, ``layers`` …).
* :data:`RULE_TOPICS` — the rule -> topics table: a rule's topics are those of the most precise entry among the
  rule and the rules it belongs to (``702.11b`` -> ``702.11`` -> ``702``: hexproof, then keywords); a rule whose
  chain has no entry has no topic. :func:`topics_for_rules` gives the topics of a list of rules.
* :func:`rule_matches` — whether a cited rule is a rule or a sub-rule of another (``613`` covers ``613.1b``,
  ``702.11`` covers ``702.11b`` but not ``702.110``).
* :func:`studied_topics` — "only what I have studied": the topics of the lessons a learner completed (a lesson's
  topics are those of its ``rules``), every first-course lesson with the ``knows_basics`` setting, the first
  lesson's when nothing is completed. :func:`is_studied` says whether a card is in it: a term question always is;
  any other when its vocabulary topics (``glossary`` aside) are all studied.

The lessons' ids, courses, orders and rules are read from the course files once and cached on disk (a quiz
command must stay fast: it never loads the lessons themselves).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

__all__ = ["RULE_TOPICS", "VOCABULARY", "is_studied", "lesson_table", "rule_chain", "rule_matches",
           "studied_topics", "topics_for_rules", "valid_rule"]

VOCABULARY = (
    "turn", "steps", "priority", "stack", "casting", "costs", "mana", "timing", "combat", "blocking", "damage",
    "keywords", "sba", "triggers", "apnap", "replacement", "prevention", "layers", "layer-6", "layer-7", "control",
    "targeting", "hexproof", "shroud", "ward", "protection", "planeswalkers", "loyalty", "copies", "tokens", "auras",
    "equipment", "modal", "kicker", "x-spells", "mulligan", "game-start", "glossary")

# rule (a section "613", a rule "702.11", a sub-rule "613.1b") -> its topics; the most precise entry wins
RULE_TOPICS: dict[str, tuple[str, ...]] = {
    "101.4": ("apnap",),
    "103": ("game-start",), "103.5": ("game-start", "mulligan"),
    "106": ("mana",), "107.3": ("x-spells",), "107.4": ("mana",),
    "111": ("tokens",),
    "113.7": ("stack",),
    "115": ("targeting",),
    "116": ("timing",),
    "117": ("priority",), "117.1": ("timing", "priority"), "117.5": ("priority", "sba"),
    "118": ("costs",),
    "120": ("damage",), "120.3c": ("damage", "planeswalkers", "loyalty"),
    "202": ("costs",),
    "301.5": ("equipment",),
    "303.4": ("auras",),
    "304": ("timing",),
    "305.1": ("timing",), "305.2": ("timing",),
    "306": ("planeswalkers",), "306.5": ("planeswalkers", "loyalty"), "306.8": ("planeswalkers", "loyalty"),
    "306.9": ("planeswalkers", "loyalty"),
    "307": ("timing",),
    "405": ("stack",),
    "500": ("turn", "steps"), "501": ("turn", "steps"), "502": ("turn", "steps"), "503": ("turn", "steps"),
    "504": ("turn", "steps"), "505": ("turn", "steps"),
    "506": ("combat",), "507": ("combat",), "508": ("combat",), "509": ("combat", "blocking"),
    "510": ("combat", "damage"), "511": ("combat",),
    "512": ("turn", "steps"), "513": ("turn", "steps"), "514": ("turn", "steps"),
    "601": ("casting",), "601.2c": ("casting", "targeting"),
    "601.2f": ("casting", "costs"), "601.2g": ("casting", "mana"), "601.2h": ("casting", "costs"),
    "602": ("costs",), "602.5": ("timing",),
    "603": ("triggers",), "603.3b": ("triggers", "apnap"),
    "604": ("layers",),
    "605": ("mana",),
    "606": ("planeswalkers", "loyalty"),
    "608": ("stack",), "608.2b": ("stack", "targeting"),
    "611": ("layers",),
    "613": ("layers",), "613.1b": ("layers", "control"), "613.1f": ("layers", "layer-6"),
    "613.1g": ("layers", "layer-7"), "613.4": ("layers", "layer-7"),
    "614": ("replacement",),
    "615": ("prevention",),
    "616": ("replacement",),
    "700.2": ("modal",),
    "701.5": ("stack",),
    "701.15": ("replacement",),
    "702": ("keywords",), "702.5": ("auras",), "702.6": ("equipment",), "702.11": ("keywords", "hexproof"),
    "702.16": ("keywords", "protection"), "702.18": ("keywords", "shroud"), "702.21": ("keywords", "ward"),
    "702.33": ("kicker",),
    "704": ("sba",), "704.5i": ("sba", "planeswalkers", "loyalty"),
    "707": ("copies",), "707.10": ("copies", "stack"),
}

_RULE = re.compile(r"^(\d{3})(?:\.(\d{1,3})([a-z])?)?$")


def valid_rule(text: str) -> bool:
    """Whether `text` is written as a rule number: a section ``613``, a rule ``702.11``, a sub-rule ``613.1b``
    (a trailing dot is allowed: ``702.11.``)."""
    return bool(_RULE.match(text.strip().rstrip(".")))


def rule_chain(rule: str) -> list[str]:
    """The rule and the rules it belongs to, most precise first.

    >>> rule_chain("702.11b"), rule_chain("613"), rule_chain("nonsense")
    (['702.11b', '702.11', '702'], ['613'], [])
    """
    m = _RULE.match(str(rule).strip().rstrip("."))
    if not m:
        return []
    section, number, letter = m.groups()
    chain = [section]
    if number is not None:
        chain.insert(0, f"{section}.{number}")
        if letter:
            chain.insert(0, f"{section}.{number}{letter}")
    return chain


def rule_matches(cited: str, wanted: str) -> bool:
    """Whether the cited rule `cited` is `wanted` or one of its sub-rules.

    >>> rule_matches("702.11b", "702.11"), rule_matches("702.110", "702.11"), rule_matches("613.1b", "613")
    (True, False, True)
    """
    chain = rule_chain(wanted)
    return bool(chain) and chain[0] in rule_chain(cited)


@lru_cache(maxsize=4096)
def _rule_topics(rule: str) -> tuple[str, ...]:
    for key in rule_chain(rule):
        if key in RULE_TOPICS:
            return RULE_TOPICS[key]
    return ()


def topics_for_rules(rules: Iterable[str]) -> tuple[str, ...]:
    """The topics of `rules`, in the order met.

    >>> topics_for_rules(["510.2", "704.5g", "702.19b", "405.1"])
    ('combat', 'damage', 'sba', 'keywords', 'stack')
    """
    return tuple(dict.fromkeys(x for r in rules for x in _rule_topics(r)))


# ---- what a learner has studied --------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def lesson_table() -> tuple[tuple[str, int, int, tuple[str, ...]], ...]:
    """Every lesson of the course as (id, course, order, rules), in course order; from the disk cache when the
    course files haven't changed. A file that cannot be read as a lesson is left out (``lesson check`` says
    why)."""
    from tutor import diskcache
    from tutor.resources import course_files

    files = tuple(course_files())
    fp = diskcache.fingerprint((*files, *_own_file()))
    rows = diskcache.read("quiz-lessons", fp, _valid_lessons)
    if rows is None:
        rows = _read_lessons(files)
        diskcache.write("quiz-lessons", fp, rows)
    return tuple(sorted(((r[0], r[1], r[2], tuple(r[3])) for r in rows), key=lambda r: r[2]))


def _own_file() -> tuple:
    from tutor.resources import code_files

    return tuple(p for p in code_files("tutor.quiz") if p.name == "topics.py")


def _valid_lessons(rows: object) -> bool:
    from tutor.diskcache import strings

    return isinstance(rows, list) and all(
        isinstance(r, list) and len(r) == 4 and isinstance(r[0], str) and type(r[1]) is int
        and type(r[2]) is int and strings(r[3]) for r in rows)


def _read_lessons(files) -> list:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    rows = []
    for path in files:
        try:
            top = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506 (a safe loader)
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue
        if not isinstance(top, dict):
            continue
        lid, course, order, rules = top.get("id"), top.get("course", 1), top.get("order"), top.get("rules")
        if (isinstance(lid, str) and type(course) is int and type(order) is int and isinstance(rules, list)
                and all(isinstance(r, str) for r in rules)):
            rows.append([lid, course, order, rules])
    return rows


def studied_topics(completed: Iterable[str], knows_basics: bool = False) -> frozenset[str]:
    """The topics a learner has studied: those of the lessons `completed` (ids), of every first-course lesson when
    they know the basics, of the first lesson when that makes none."""
    done = set(completed)
    lessons = lesson_table()
    chosen = [x for x in lessons if x[0] in done or (knows_basics and x[1] == 1)]
    if not chosen and lessons:
        chosen = [lessons[0]]
    return frozenset(topic for x in chosen for topic in topics_for_rules(x[3]))


def is_studied(kind: str, topics: Iterable[str], studied: frozenset[str]) -> bool:
    """Whether a card of `kind` with `topics` is among what was `studied`: a term question always; any other
    when each of its vocabulary topics (``glossary`` aside) was studied."""
    if kind == "term":
        return True
    return all(x in studied for x in topics if x in _VOCAB and x != "glossary")


_VOCAB = frozenset(VOCABULARY)
