"""The level of a question: 0 a new player, 1 a regular player, 2 a Level 1 judge candidate, 3 a corner case.

It is computed from the question itself, whatever its kind (a new kind needs nothing here): its ``difficulty``
(1-3, the generator's honest word), its own topic tags (``Question.topic``: what it is about) and the rules it
cites (how many rule areas interact in it):

* the **subject's tier**: the highest tier among its own vocabulary tags (:data:`TIERS`: 0 for the turn, steps,
  casting, mana, timing, costs, combat, blocking, damage, game start and the glossary; 1 for priority, the stack,
  keywords, targeting, state-based actions, triggers, tokens, auras, equipment, planeswalkers, modal, kicker and X
  spells, the mulligan; 2 for APNAP order, replacement and prevention, layers, control, copies, ward);
* the **base level**: the larger of ``difficulty - 1`` and that tier;
* **one level more** (at most 3) when the question involves five or more topics (its own tags and the topics of
  the rules it cites, :func:`tutor.quiz.topics.topics_for_rules`: many rules and effects interacting), or when it
  is hard (difficulty 3) on an advanced subject (tier 2).

Examples (``level_of(difficulty, topics, rules)``):

>>> level_of(1, ("turn", "steps"), ("500.1", "504"))                  # which step comes next: a new player
0
>>> level_of(2, ("combat", "damage", "keywords"), ("510.2", "702.19b"))  # trample damage: a regular player
1
>>> level_of(2, ("scenarios", "replacement"), ("614.1a", "120.3a"))       # a replacement effect: a judge candidate
2
>>> level_of(3, ("layers", "layer-7"), ("613.4b", "613.4c", "613.7"))     # layers and timestamps, hard: a corner case
3
>>> level_of(2, ("stack", "priority"), ("405.2", "117.4", "603.3", "704.5g", "510.2"))  # five topics at once
2
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["LEVELS", "TIERS", "level", "level_of"]

LEVELS = (0, 1, 2, 3)

TIERS: dict[str, int] = {
    **dict.fromkeys(("turn", "steps", "casting", "costs", "mana", "timing", "combat", "blocking", "damage",
                     "game-start", "glossary"), 0),
    **dict.fromkeys(("priority", "stack", "keywords", "targeting", "hexproof", "shroud", "protection", "sba",
                     "triggers", "tokens", "auras", "equipment", "planeswalkers", "loyalty", "modal", "kicker",
                     "x-spells", "mulligan"), 1),
    **dict.fromkeys(("apnap", "replacement", "prevention", "layers", "layer-6", "layer-7", "control", "copies",
                     "ward"), 2),
}
MANY_TOPICS = 5  # this many topics involved at once: one level more


def level_of(difficulty: int, topics: Iterable[str], rules: Iterable[str]) -> int:
    """The level of a question of `difficulty` (1-3) with its own `topics` citing `rules` (module docstring)."""
    from tutor.quiz.topics import topics_for_rules

    own = [x for x in topics if x in TIERS]
    tier = max((TIERS[x] for x in own), default=0)
    involved = {*own, *(x for x in topics_for_rules(rules) if x in TIERS)} - {"glossary"}
    difficulty = min(3, max(1, int(difficulty)))
    base = max(difficulty - 1, tier)
    more = len(involved) >= MANY_TOPICS or (difficulty == 3 and tier == 2)
    return min(3, base + more)


def level(q) -> int:
    """The level of the question `q` (a :class:`~tutor.quiz.model.Question`)."""
    return level_of(q.difficulty, q.topic, q.rules)
