"""Every question the quiz can ask, by id, and every card FSRS schedules.

* :func:`question` rebuilds any question from its id alone, in any process (a generated id ends with
  ``@<seed>``).
* :func:`cards` lists the cards (fixed questions and question families) in the order new ones are introduced:
  the kinds take turns, so a new learner meets terms, steps, combat, blocking and scenarios from the first day.
* :func:`for_card` builds the question to ask for a card now (a family: a seeded question of it; a term: the
  choice form while the card is being learnt, the typed form once it is in review).
* :func:`pick` draws one question (``quiz next --seed``: the same every time).

Levels, topics and rules (:mod:`~tutor.quiz.levels`, :mod:`~tutor.quiz.topics`): every card carries the levels its
questions have (a fixed question its own; a term card its choice and typed forms'; a family those of
:data:`SAMPLES` seeded questions, kept with their seeds), its topics (its questions' own tags and the topics of
the rules they cite; a glossary card only its own) and the rules they cite, all computed when the cards are listed (cached on disk). Filters
by level, rule, topic and "what was studied" read them; the question built for a card then matches them: a family
draws again (at most :data:`TRIES` seeds, then one of its sampled seeds that matches), a term card takes the form
that matches.

Kinds: ``term``, ``definition``, ``old-term`` (:mod:`~tutor.quiz.glossary_q`); ``next-step``, ``which-step``,
``step-order``, ``which-rule`` (:mod:`~tutor.quiz.rules_q`); ``scenario`` (:mod:`~tutor.quiz.scenario_q`);
``combat``, ``can-block``, ``can-cast``, ``stack`` (the engine: :mod:`~tutor.quiz.combat_q`,
:mod:`~tutor.quiz.blocking_q`, :mod:`~tutor.quiz.casting_q`, :mod:`~tutor.quiz.stack_q`); ``trigger``,
``replacement`` (:mod:`~tutor.quiz.triggers_q`, :mod:`~tutor.quiz.replacement_q`); ``layers``, ``control``
(:mod:`~tutor.quiz.layers_q`) and ``copy`` (:mod:`~tutor.quiz.copy_q`); ``targeting``, ``loyalty``, ``mulligan``
(:mod:`~tutor.quiz.targeting_q`, :mod:`~tutor.quiz.loyalty_q`, :mod:`~tutor.quiz.mulligan_q`); ``sba`` (state-based
actions: :mod:`~tutor.quiz.sba_q`).
"""

from __future__ import annotations

import hashlib
import importlib
import random
from dataclasses import dataclass
from functools import lru_cache

from tutor.i18n import LANGS
from tutor.quiz.model import MAX_SEED, Question, QuizError, UnknownQuestion, parse_generated_id

__all__ = ["KINDS", "CardInfo", "card_info", "cards", "families", "for_card", "pick", "question", "question_topics",
           "seed_for", "topics"]

SAMPLES = 8  # seeded questions of each family graded when the cards are listed
TRIES = 12   # seeds a family draws to find a question of the filters before one of its sampled seeds

KINDS = ("term", "definition", "old-term", "next-step", "which-step", "step-order", "which-rule", "scenario",
         "combat", "can-block", "can-cast", "stack", "trigger", "replacement", "layers", "control", "copy", "targeting",
         "loyalty", "mulligan", "sba")
# the order in which kinds take turns introducing new cards
_CURRICULUM = ("term", "next-step", "combat", "can-block", "scenario", "which-step", "can-cast", "definition",
               "stack", "old-term", "step-order", "which-rule", "trigger", "targeting", "layers", "replacement",
               "loyalty", "control", "mulligan", "copy", "sba")
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
    "sba": ("tutor.quiz.sba_q", "FAMILIES", "build"),
    "mulligan": ("tutor.quiz.mulligan_q", "FAMILIES", "build"),
    "step-order": ("tutor.quiz.rules_q", "ORDER_SCOPES", "build_generated"),
    "which-rule": ("tutor.quiz.rules_q", "RULE_AREAS", "build_generated"),
}


@dataclass(frozen=True)
class CardInfo:
    """A card FSRS schedules: its id (a fixed question's id or a family), kind, topics, the interface languages
    it is asked in, whether it is a family of generated questions, the levels of its questions, the rules they
    cite and, for a family, its sampled questions as (seed, level, topics, rules)."""

    card: str
    kind: str
    topics: tuple[str, ...]
    langs: tuple[str, ...] = LANGS
    generated: bool = False
    levels: tuple[int, ...] = ()
    rules: tuple[str, ...] = ()
    samples: tuple[tuple[int, int, tuple[str, ...], tuple[str, ...]], ...] = ()


def _family_topics(kind: str, family: str) -> tuple[str, ...]:
    """A family's topic tags, from its generator's table."""
    module, table, _ = _GENERATORS[kind]
    entry = getattr(importlib.import_module(module), table)
    if kind == "step-order":
        return ("turn", "steps")
    if kind == "which-rule":
        from tutor.quiz.rules_q import which_rule_topics

        return which_rule_topics(family)
    return entry[family][-1]  # each FAMILIES row ends with its topics


@lru_cache(maxsize=1)
def _all_cards() -> tuple[CardInfo, ...]:
    """Every card, from the bank's cache when its inputs haven't changed (listing them means reading every
    scenario and the glossary's concepts: most of a quiz command's time), else listed and cached."""
    from tutor.quiz import bankcache

    fp = bankcache.fingerprint()
    found = bankcache.read("bank", fp, _valid_rows)
    if found is not None:
        return tuple(CardInfo(card, kind, tuple(topics), tuple(langs), generated, tuple(levels), tuple(rules),
                              tuple((seed, lv, tuple(tp), tuple(rl)) for seed, lv, tp, rl in samples))
                     for card, kind, topics, langs, generated, levels, rules, samples in found)
    out = _list_cards()
    bankcache.write("bank", fp, [(c.card, c.kind, c.topics, c.langs, c.generated, c.levels, c.rules, c.samples)
                                 for c in out])
    return out


def _valid_rows(rows: object) -> bool:
    from tutor.quiz.bankcache import strings

    def levels(value: object) -> bool:
        return isinstance(value, list) and all(type(x) is int and 0 <= x <= 3 for x in value)

    def samples(value: object) -> bool:
        return isinstance(value, list) and all(
            isinstance(x, list) and len(x) == 4 and type(x[0]) is int and 0 <= x[0] <= MAX_SEED
            and type(x[1]) is int and 0 <= x[1] <= 3 and strings(x[2]) and strings(x[3]) for x in value)

    return isinstance(rows, list) and all(
        isinstance(r, list) and len(r) == 8 and isinstance(r[0], str) and r[1] in KINDS and strings(r[2])
        and strings(r[3]) and isinstance(r[4], bool) and levels(r[5]) and strings(r[6]) and samples(r[7])
        for r in rows)


def question_topics(q: Question) -> tuple[str, ...]:
    """The topics `q` involves: its own tags, then those of the rules it cites (its ``quiz next --json`` topic)."""
    from tutor.quiz.topics import topics_for_rules

    if "glossary" in q.topic:  # a glossary question: its own (as its card's)
        return tuple(q.topic)
    return tuple(dict.fromkeys((*q.topic, *topics_for_rules(q.rules))))


def _graded(info: CardInfo) -> CardInfo:
    """`info` with the levels, topics and rules of its questions (a family: of its sampled questions)."""
    from dataclasses import replace

    from tutor.quiz.levels import level, level_of

    if info.kind in ("term", "definition", "old-term"):  # thousands of cards: graded without building them
        from tutor.quiz import glossary_q

        # (their topics stay the glossary's: a term whose concept cites a combat rule is no combat question)
        difficulties, rules = glossary_q.card_shape(info.card)
        return replace(info, rules=tuple(rules),
                       levels=tuple(sorted({level_of(d, info.topics, rules) for d in difficulties})))
    if info.generated:
        samples = []
        for seed in range(SAMPLES):
            q = question(f"{info.card}@{seed}")
            samples.append((seed, level(q), question_topics(q), tuple(q.rules)))
        topics = tuple(dict.fromkeys(x for s in samples for x in (*info.topics, *s[2])))
        rules = tuple(dict.fromkeys(r for s in samples for r in s[3]))
        return replace(info, topics=topics, rules=rules, levels=tuple(sorted({s[1] for s in samples})),
                       samples=tuple(samples))
    try:
        q = question(info.card)
    except QuizError:  # (a question that cannot be built now: listed as it is, no level)
        return info
    return replace(info, topics=tuple(dict.fromkeys((*info.topics, *question_topics(q)))), rules=tuple(q.rules),
                   levels=(level(q),))


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
                out.append(_graded(q.pop(0)))
    return tuple(out)


def families(kind: str | None = None) -> list[str]:
    """The families of generated questions (of one kind)."""
    out = []
    for k, (module, table, _) in _GENERATORS.items():
        if kind in (None, k):
            out.extend(getattr(importlib.import_module(module), table))
    return out


def cards(topic: str | None = None, kind: str | None = None, lang: str | None = None, *,
          other_language: bool = False, level: int | None = None, rule: str | None = None,
          studied: frozenset[str] | None = None) -> list[CardInfo]:
    """Every card (in the order new cards are introduced), filtered by topic tag, kind and interface language,
    by `level` (a card with a question of exactly that level), `rule` (a question citing it or one of its
    sub-rules: ``613``, ``702.11``) and `studied` (the topics a learner studied: :func:`tutor.quiz.topics.is_studied`;
    None: no such filter). A family passes when one of its sampled questions passes level, rule and topic at once.
    The Italian <-> Russian term cards (topic tag ``it-ru``) only with `other_language` or when that topic is
    asked for: a learner's term questions are between English and the learner's language."""
    from tutor.quiz.glossary_q import OTHER_LANGUAGE
    from tutor.quiz.topics import is_studied

    cross = other_language or topic == OTHER_LANGUAGE
    out = []
    for c in _all_cards():
        if not ((topic is None or topic in c.topics or topic == c.kind)
                and (kind is None or c.kind == kind) and (lang is None or lang in c.langs)
                and (cross or OTHER_LANGUAGE not in c.topics)
                and (studied is None or is_studied(c.kind, c.topics, studied))):
            continue
        if level is None and rule is None:
            out.append(c)
        elif c.generated:
            if any(_matches(c.kind, lv, tp, rl, level, rule, topic) for _seed, lv, tp, rl in c.samples):
                out.append(c)
        elif (level is None or level in c.levels) and _matches(c.kind, None, c.topics, c.rules, None, rule, topic):
            out.append(c)
    return out


def _matches(kind: str, lv: int | None, topics, rules, level: int | None, rule: str | None,
             topic: str | None) -> bool:
    """Whether a question (its level, the topics it involves, its rules) passes the filters."""
    from tutor.quiz.topics import rule_matches

    return ((level is None or lv == level) and (topic is None or topic in topics or topic == kind)
            and (rule is None or any(rule_matches(r, rule) for r in rules)))


def _question_matches(q: Question, level: int | None, rule: str | None, topic: str | None) -> bool:
    from tutor.quiz.levels import level as level_of_question

    return _matches(q.kind, level_of_question(q) if level is not None else None, question_topics(q), q.rules,
                    level, rule, topic)


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


def for_card(card: str, seed: int, *, review: bool = False, avoid: str | None = None, level: int | None = None,
             rule: str | None = None, topic: str | None = None) -> Question:
    """The question to ask for `card`: a family's question with `seed` (never the id `avoid`, the one asked last
    time); a term in its choice form unless `review`; any other fixed question as it is. With `level`, `rule` or
    `topic`, a question that matches them when the card has one: a family draws the next seeds (at most
    :data:`TRIES`), then takes one of its sampled seeds that matches; a term takes its other form."""
    info = card_info(card)
    if info is None:
        raise UnknownQuestion("quiz.error.unknown_id", id=card)
    filtered = level is not None or rule is not None or topic is not None
    if info.generated:
        first = None
        for step in range(TRIES if filtered else 2):
            qid = f"{card}@{(seed + step) % (MAX_SEED + 1)}"
            if qid == avoid:
                continue
            q = question(qid)
            if not filtered or _question_matches(q, level, rule, topic):
                return q
            first = first or q
        for sampled, lv, tp, rl in info.samples:
            if _matches(info.kind, lv, tp, rl, level, rule, topic) and f"{card}@{sampled}" != avoid:
                return question(f"{card}@{sampled}")
        return first  # (no sample matches: the card was not selected by these filters)
    forms = [card] if info.kind != "term" else [card, f"{card}:choice"] if review else [f"{card}:choice", card]
    built = [question(forms[0])]
    if filtered and len(forms) > 1 and not _question_matches(built[0], level, rule, topic):
        other = question(forms[1])
        if _question_matches(other, level, rule, topic):
            return other
    return built[0]


def pick(seed: int, topic: str | None = None, kind: str | None = None, lang: str | None = None, *,
         other_language: bool = False, level: int | None = None, rule: str | None = None,
         studied: frozenset[str] | None = None) -> Question:
    """One question drawn with `seed` among the cards of `topic` / `kind` / `lang` / `level` / `rule` / `studied`
    (the same every time); the Italian <-> Russian term cards only with `other_language` (see :func:`cards`)."""
    pool = cards(topic, kind, lang, other_language=other_language, level=level, rule=rule, studied=studied)
    if not pool:
        raise UnknownQuestion("quiz.error.no_questions", topic=topic or "", kind=kind or "")
    rng = random.Random(seed)
    info = rng.choice(pool)
    return for_card(info.card, rng.randrange(MAX_SEED + 1), review=rng.random() < 0.5, level=level, rule=rule,
                    topic=topic)
