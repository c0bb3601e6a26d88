"""Every question the quiz can ask, by id, and every card FSRS schedules.

* :func:`question` rebuilds any question from its id alone, in any process (a generated id ends with
  ``@<seed>``).
* :func:`cards` lists the cards (fixed questions and question families) in the order new ones are introduced:
  the kinds take turns, so a new learner meets terms, steps, combat, blocking and scenarios from the first day.
* :func:`for_card` builds the question to ask for a card now (a family: a seeded question of it; a term: the
  choice form while the card is being learnt, the typed form once it is in review).
* :func:`pick` draws one question (``quiz next --seed``: the same every time).

Kinds: ``term``, ``definition``, ``old-term`` (:mod:`~tutor.quiz.glossary_q`); ``next-step``, ``which-step``,
``step-order``, ``which-rule`` (:mod:`~tutor.quiz.rules_q`); ``scenario`` (:mod:`~tutor.quiz.scenario_q`);
``combat``, ``can-block``, ``can-cast``, ``stack`` (the engine: :mod:`~tutor.quiz.combat_q`,
:mod:`~tutor.quiz.blocking_q`, :mod:`~tutor.quiz.casting_q`, :mod:`~tutor.quiz.stack_q`); ``trigger``,
``replacement`` (:mod:`~tutor.quiz.triggers_q`, :mod:`~tutor.quiz.replacement_q`); ``layers``, ``control``
(:mod:`~tutor.quiz.layers_q`) and ``copy`` (:mod:`~tutor.quiz.copy_q`); ``targeting``, ``loyalty``, ``mulligan``
(:mod:`~tutor.quiz.targeting_q`, :mod:`~tutor.quiz.loyalty_q`, :mod:`~tutor.quiz.mulligan_q`).
"""

from __future__ import annotations

import hashlib
import importlib
import random
from dataclasses import dataclass
from functools import lru_cache

from tutor.i18n import LANGS
from tutor.quiz.model import MAX_SEED, Question, UnknownQuestion, parse_generated_id

__all__ = ["KINDS", "CardInfo", "card_info", "cards", "families", "for_card", "pick", "question", "seed_for",
           "topics"]

KINDS = ("term", "definition", "old-term", "next-step", "which-step", "step-order", "which-rule", "scenario",
         "combat", "can-block", "can-cast", "stack", "trigger", "replacement", "layers", "control", "copy", "targeting",
         "loyalty", "mulligan")
# the order in which kinds take turns introducing new cards
_CURRICULUM = ("term", "next-step", "combat", "can-block", "scenario", "which-step", "can-cast", "definition",
               "stack", "old-term", "step-order", "which-rule", "trigger", "targeting", "layers", "replacement",
               "loyalty", "control", "mulligan", "copy")
_GENERATORS = {  # kind -> (module, its table of families, builder)
    "combat": ("tutor.quiz.combat_q", "FAMILIES", "build"),
    "can-block": ("tutor.quiz.blocking_q", "FAMILIES", "build"),
    "can-cast": ("tutor.quiz.casting_q", "FAMILIES", "build"),
    "stack": ("tutor.quiz.stack_q", "FAMILIES", "build"),
    "trigger": ("tutor.quiz.triggers_q", "FAMILIES", "build"),
    "replacement": ("tutor.quiz.replacement_q", "FAMILIES", "build"),
    "layers": ("tutor.quiz.layers_q", "FAMILIES", "build"),
    "control": ("tutor.quiz.layers_q", "CONTROL_FAMILIES", "build"),
    "copy": ("tutor.quiz.copy_q", "FAMILIES", "build"),
    "targeting": ("tutor.quiz.targeting_q", "FAMILIES", "build"),
    "loyalty": ("tutor.quiz.loyalty_q", "FAMILIES", "build"),
    "mulligan": ("tutor.quiz.mulligan_q", "FAMILIES", "build"),
    "step-order": ("tutor.quiz.rules_q", "ORDER_SCOPES", "build_generated"),
    "which-rule": ("tutor.quiz.rules_q", "RULE_AREAS", "build_generated"),
}


@dataclass(frozen=True)
class CardInfo:
    """A card FSRS schedules: its id (a fixed question's id or a family), kind, topics, the interface languages
    it is asked in, and whether it is a family of generated questions."""

    card: str
    kind: str
    topics: tuple[str, ...]
    langs: tuple[str, ...] = LANGS
    generated: bool = False


def _family_topics(kind: str, family: str) -> tuple[str, ...]:
    """A family's topic tags, from its generator's table."""
    module, table, _ = _GENERATORS[kind]
    entry = getattr(importlib.import_module(module), table)
    if kind == "step-order":
        return ("turn", "steps")
    if kind == "which-rule":
        return ("rules", family.split(":")[1])
    return entry[family][-1]  # each FAMILIES row ends with its topics


@lru_cache(maxsize=1)
def _all_cards() -> tuple[CardInfo, ...]:
    """Every card, from the bank's cache when its inputs haven't changed (listing them means reading every
    scenario and the glossary's concepts: most of a quiz command's time), else listed and cached."""
    from tutor.quiz import bankcache

    fp = bankcache.fingerprint()
    found = bankcache.read("bank", fp, _valid_rows)
    if found is not None:
        return tuple(CardInfo(card, kind, tuple(topics), tuple(langs), generated)
                     for card, kind, topics, langs, generated in found)
    out = _list_cards()
    bankcache.write("bank", fp, [(c.card, c.kind, c.topics, c.langs, c.generated) for c in out])
    return out


def _valid_rows(rows: object) -> bool:
    from tutor.quiz.bankcache import strings

    return isinstance(rows, list) and all(
        isinstance(r, list) and len(r) == 5 and isinstance(r[0], str) and r[1] in KINDS and strings(r[2])
        and strings(r[3]) and isinstance(r[4], bool) for r in rows)


def _list_cards() -> tuple[CardInfo, ...]:
    from tutor.quiz import glossary_q, rules_q, scenario_q

    by_kind: dict[str, list[CardInfo]] = {k: [] for k in KINDS}
    for card, topics, langs in glossary_q.card_ids():
        by_kind[card.split(":")[0]].append(CardInfo(card, card.split(":")[0], topics, tuple(langs)))
    for card, topics in rules_q.fixed_ids():
        by_kind[card.split(":")[0]].append(CardInfo(card, card.split(":")[0], topics))
    for card, topics in scenario_q.card_ids():
        by_kind["scenario"].append(CardInfo(card, "scenario", topics))
    for kind in _GENERATORS:
        for family in families(kind):
            by_kind[kind].append(CardInfo(family, kind, _family_topics(kind, family), generated=True))
    out, queues = [], [list(by_kind[k]) for k in _CURRICULUM]
    while any(queues):
        for q in queues:
            if q:
                out.append(q.pop(0))
    return tuple(out)


def families(kind: str | None = None) -> list[str]:
    """The families of generated questions (of one kind)."""
    out = []
    for k, (module, table, _) in _GENERATORS.items():
        if kind in (None, k):
            out.extend(getattr(importlib.import_module(module), table))
    return out


def cards(topic: str | None = None, kind: str | None = None, lang: str | None = None, *,
          other_language: bool = False) -> list[CardInfo]:
    """Every card (in the order new cards are introduced), filtered by topic tag, kind and interface language.
    The Italian <-> Russian term cards (topic tag ``it-ru``) only with `other_language` or when that topic is
    asked for: a learner's term questions are between English and the learner's language."""
    from tutor.quiz.glossary_q import OTHER_LANGUAGE

    cross = other_language or topic == OTHER_LANGUAGE
    return [c for c in _all_cards() if (topic is None or topic in c.topics or topic == c.kind)
            and (kind is None or c.kind == kind) and (lang is None or lang in c.langs)
            and (cross or OTHER_LANGUAGE not in c.topics)]


def card_info(card: str) -> CardInfo | None:
    """The card `card`, or None when there is no such card (any more)."""
    return _index().get(card)


@lru_cache(maxsize=1)
def _index() -> dict[str, CardInfo]:
    return {c.card: c for c in _all_cards()}


def topics() -> list[str]:
    """Every topic tag (and kind) one can ask a session for."""
    return sorted({x for c in _all_cards() for x in (*c.topics, c.kind)})


def question(question_id: str) -> Question:
    """The question `question_id`, rebuilt from the id alone; :class:`UnknownQuestion` if there is none."""
    if not isinstance(question_id, str) or len(question_id) > 200:
        raise UnknownQuestion("quiz.error.unknown_id", id=str(question_id)[:200])
    generated = parse_generated_id(question_id)
    kind = question_id.split(":", 1)[0]
    if generated is not None:
        family, seed = generated
        if kind in _GENERATORS and family in families(kind):
            module, _, builder = _GENERATORS[kind]
            return getattr(importlib.import_module(module), builder)(family, seed)
        raise UnknownQuestion("quiz.error.unknown_id", id=question_id)
    if kind in ("term", "definition", "old-term"):
        from tutor.quiz import glossary_q

        return glossary_q.build(question_id)
    if kind in ("next-step", "which-step"):
        from tutor.quiz import rules_q

        return rules_q.build_fixed(question_id)
    if kind == "scenario":
        from tutor.quiz import scenario_q

        return scenario_q.build(question_id)
    raise UnknownQuestion("quiz.error.unknown_id", id=question_id)


def seed_for(*parts: object) -> int:
    """A seed (0 … 2³²−1) derived from `parts`, the same in every process (not Python's salted hash)."""
    digest = hashlib.blake2b("\x1f".join(map(str, parts)).encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % (MAX_SEED + 1)


def for_card(card: str, seed: int, *, review: bool = False, avoid: str | None = None) -> Question:
    """The question to ask for `card`: a family's question with `seed` (never the id `avoid`, the one asked last
    time); a term in its choice form unless `review`; any other fixed question as it is."""
    info = card_info(card)
    if info is None:
        raise UnknownQuestion("quiz.error.unknown_id", id=card)
    if info.generated:
        qid = f"{card}@{seed}"
        if qid == avoid:
            qid = f"{card}@{(seed + 1) % (MAX_SEED + 1)}"
        return question(qid)
    if info.kind == "term" and not review:
        return question(f"{card}:choice")
    return question(card)


def pick(seed: int, topic: str | None = None, kind: str | None = None, lang: str | None = None, *,
         other_language: bool = False) -> Question:
    """One question drawn with `seed` among the cards of `topic` / `kind` / `lang` (the same every time); the
    Italian <-> Russian term cards only with `other_language` (see :func:`cards`)."""
    pool = cards(topic, kind, lang, other_language=other_language)
    if not pool:
        raise UnknownQuestion("quiz.error.no_questions", topic=topic or "", kind=kind or "")
    rng = random.Random(seed)
    info = rng.choice(pool)
    return for_card(info.card, rng.randrange(MAX_SEED + 1), review=rng.random() < 0.5)
