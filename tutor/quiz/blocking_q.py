"""Blocking questions computed by the engine: "which of B's creatures can block this attacker?" and, for menace,
"which of these block declarations are legal?".

The position stops where B must declare blockers (509.1); each candidate block is tried on the game itself with
``push`` (an illegal one raises :class:`~tutor.engine.IllegalAction` with its rule and changes nothing) and undone
with ``pop``. The explanation gives, for each candidate, that it can block (509.1a) or the engine's refusal in
words with its rule (:func:`tutor.engine_text.illegal_text`). A position where every candidate, or none, can
block is rejected as trivial.
"""

from __future__ import annotations

import random
from functools import lru_cache

from tutor.engine import IllegalAction, Step
from tutor.engine.keywords import WALKS, quiz_keywords
from tutor.engine_text import illegal_text
from tutor.i18n import t
from tutor.quiz.combat_q import keyword_hint
from tutor.quiz.describe import bullets, card_name, creature_text, name_of
from tutor.quiz.model import Question, Rejected, both, draw
from tutor.quiz.position import Position, pool, test_creature

__all__ = ["FAMILIES", "build", "try_blocks"]

# The keyword families come from the keyword registry (tutor.engine.keywords: each entry's `QuizUse`; the
# family's keywords are the attacker's choices); "tapped" is the quiz's own. Ordered by `QuizUse.order`.
_BY_FAMILY = quiz_keywords("can-block:")
_ORDER = {**{f: ks[0].quiz.order for f, ks in _BY_FAMILY.items()}, "can-block:tapped": 60}
# family -> (the attacker's keyword choices, difficulty, topics)
FAMILIES: dict[str, tuple[tuple[str, ...], int, tuple[str, ...]]] = dict(sorted({
    **{f: (tuple(k.name for k in ks), ks[0].quiz.difficulty, ks[0].quiz.topics) for f, ks in _BY_FAMILY.items()},
    "can-block:tapped": ((), 1, ("blocking", "summoning-sickness")),
}.items(), key=lambda item: _ORDER[item[0]]))
_WALK_LAND = {k.name: WALKS[k.name].lower() for k in _BY_FAMILY.get("can-block:landwalk", ())}
_COLORS = "WUBRG"
# families whose positions are built their own way below (any other keyword family gets the generic one)
_OWN_GENERATOR = frozenset({"can-block:flying", "can-block:fear", "can-block:landwalk", "can-block:protection",
                            "can-block:unblockable", "can-block:tapped", "can-block:menace"})
# the rules a keyword's questions cite: its QuizUse's, else the rule of the block it forbids (landwalk: 702.14c)
_KEYWORD_RULES = {k.name: k.quiz.rules or k.refusal[:1] for ks in _BY_FAMILY.values() for k in ks}



def try_blocks(pos: Position, blocks: tuple[tuple[str, str], ...]) -> IllegalAction | None:
    """Whether B can declare `blocks` ((blocker, attacker) aliases) now: None when legal, else the engine's
    refusal (:meth:`~tutor.engine.Game.block_refusal`; nothing changes)."""
    return pos.game.block_refusal((pos.ids[b], pos.ids[a]) for b, a in blocks)


@lru_cache(maxsize=1)
def _blocker_pool() -> list[str]:
    return sorted(cid for cid, c in pool().items() if "creature" in c.types and not c.token)


@lru_cache(maxsize=1)
def _second_attacker_pool() -> list[str]:
    """Pool creatures that can attack beside the asked attacker: none that triggers when it attacks (battle cry,
    tokens entering attacking: the question is about blocking, asked before any such ability resolves)."""
    return [cid for cid in _blocker_pool() if not any(a.kind == "triggered" and a.when == "attacks"
                                                      for a in pool()[cid].abilities)]


def _unique(pos: Position, rng: random.Random, make) -> str:
    """Add a card chosen by `make` whose name (in Italian) no other card of the position has."""
    for _ in range(30):
        card_id, d = make()
        if d is not None:
            card_id = pos.use_test_card(*d)
        names = {pos.cards[c].name["it"] for c in pos.card_of.values()}
        if pos.cards[card_id].name["it"] not in names:
            return card_id
    raise Rejected("no unique card")


def _random_blocker(rng: random.Random, family: str, keyword: str):
    """A candidate blocker: from the pool, or a test creature fitting the family (flying/reach, colours; for a
    keyword family with no generator of its own, half the time the keyword itself)."""
    def make():
        if rng.random() < 0.5:
            return rng.choice(_blocker_pool()), None
        keywords = set()
        if family == "can-block:flying":
            keywords.add(rng.choice(("flying", "reach", "vigilance", "first strike")))
        elif family not in _OWN_GENERATOR and keyword and rng.random() < 0.5:
            keywords.add(keyword)
        colors = ()
        if family in ("can-block:fear", "can-block:protection"):
            colors = (rng.choice(_COLORS),)
        card, d = test_creature(rng.randint(1, 5), rng.randint(1, 5), keywords, colors)
        return card.id, (card, d)
    return make


def _attacker(rng: random.Random, pos: Position, family: str) -> tuple[str, str]:
    choices, _, _ = FAMILIES[family]
    keyword = rng.choice(choices) if choices else ""
    fits = [cid for cid, c in pool().items() if "creature" in c.types and not c.token and keyword in c.keywords
            and len(c.keywords) <= 2] if keyword else []
    if fits and rng.random() < 0.5:
        card_id = rng.choice(sorted(fits))
    else:
        colors = (rng.choice(_COLORS),) if family == "can-block:protection" else ()
        card, d = test_creature(rng.randint(1, 6), rng.randint(1, 6), {keyword} if keyword else set(), colors)
        card_id = pos.use_test_card(card, d)
    return pos.add(card_id, 0, alias="a1"), keyword


_BY_ATTACKER = ("can-block:landwalk", "can-block:unblockable")  # asked as "which attackers can it block?"


def _setup(family: str, rng: random.Random):
    pos = Position(Step.DECLARE_ATTACKERS)
    attacker, keyword = _attacker(rng, pos, family)
    attackers = [attacker]
    if family in _BY_ATTACKER:
        for i in range(rng.randint(1, 2)):
            other = rng.choice(("", "flying", *_WALK_LAND))
            card, d = test_creature(rng.randint(1, 5), rng.randint(1, 5), {other} if other else set())
            if card.id in pos.card_of.values():
                raise Rejected("the same test creature twice")
            attackers.append(pos.add(pos.use_test_card(card, d), 0, alias=f"a{i + 2}"))
        rng.shuffle(attackers)
    elif family != "can-block:menace" and rng.random() < 0.3:
        attackers.append(pos.add(_unique(pos, rng, lambda: (rng.choice(_second_attacker_pool()), None)), 0,
                                       alias="a2"))
    n = 1 if family in _BY_ATTACKER else rng.randint(2, 3) if family == "can-block:menace" else rng.randint(3, 4)
    blockers = []
    for j in range(n):
        card_id = _unique(pos, rng, _random_blocker(rng, family, keyword))
        tapped = family == "can-block:tapped" and rng.random() < 0.5
        sick = rng.random() < (0.5 if family == "can-block:tapped" else 0.15)
        blockers.append(pos.add(card_id, 1, alias=f"b{j + 1}", tapped=tapped, sick=sick))
    lands: list[str] = []
    if family == "can-block:landwalk" or (family in _BY_ATTACKER and rng.random() < 0.5):
        lands = sorted(set(rng.sample(("swamp", "island", "mountain", "forest", "plains"), rng.randint(1, 3))))
        if family == "can-block:landwalk" and rng.random() < 0.7 and _WALK_LAND[keyword] not in lands:
            lands.append(_WALK_LAND[keyword])
        for land in lands:
            pos.add(land, 1, alias=f"land-{land}")
    game = pos.start()
    try:
        pos.attack(attackers)
    except IllegalAction as exc:
        raise Rejected(f"illegal attack: {exc}") from None
    pos.passes(2)
    if game.pending[0] != "blockers":
        raise Rejected("no declare blockers decision")
    return pos, attacker, attackers, blockers, lands


def build(family: str, seed: int) -> Question:
    """The question ``family@seed``."""
    return draw(family, seed, _attempt)


def _attempt(family: str, seed: int, rng: random.Random, hook=None) -> Question:
    _, difficulty, topics = FAMILIES[family]
    pos, attacker, attackers, blockers, lands = _setup(family, rng)
    by_attacker = family in _BY_ATTACKER
    if family == "can-block:menace":
        candidates = [(b,) for b in blockers]
        pairs = [(x, y) for i, x in enumerate(blockers) for y in blockers[i + 1:]]
        candidates += rng.sample(pairs, min(len(pairs), 2))
        rng.shuffle(candidates)
    elif by_attacker:
        candidates = [(blockers[0], a) for a in attackers]  # (blocker, the attacker it would block)
    else:
        candidates = [(b,) for b in blockers]

    def blocks_of(group):
        return ((group[0], group[1]),) if by_attacker else tuple((b, attacker) for b in group)

    results = [try_blocks(pos, blocks_of(group)) for group in candidates]
    legal = [i + 1 for i, r in enumerate(results) if r is None]
    if not legal or len(legal) == len(candidates):
        raise Rejected("every candidate, or none, can block")
    view = pos.game.view()
    colors = family in ("can-block:fear", "can-block:protection")
    cards = pos.cards

    def names(group, lang):
        if by_attacker:
            group = group[:1]
        quoted = [f"«{card_name(cards, pos.card_of[b], lang)}»" for b in group]  # as the attacker after «→»
        return t("word.list_and", lang, items=", ".join(quoted[:-1]), last=quoted[-1]) if len(group) > 1 else quoted[0]

    def option(group, lang):
        if family == "can-block:menace":
            key = "quiz.block.option_alone" if len(group) == 1 else "quiz.block.option_together"
            return t(key, lang, names=names(group, lang))
        return card_name(cards, pos.card_of[group[-1 if by_attacker else 0]], lang)

    def situation(lang):
        attackers = [p for p in view.permanents if p.attacking is not None]
        lines = [t("quiz.block.intro", lang), t("quiz.combat.attackers", lang),
                 bullets([creature_text(p, cards, lang, colors=colors) for p in attackers]),
                 t("quiz.block.b_controls", lang),
                 bullets([creature_text(view.permanent(pos.ids[b]), cards, lang, colors=colors) for b in blockers])]
        if lands:
            lines.append(t("quiz.block.b_lands", lang, lands=", ".join(card_name(cards, x, lang) for x in lands)))
        return lines

    def prompt(lang):
        att = view.permanent(pos.ids[attacker])
        lines = situation(lang)
        if by_attacker:
            lines.append(t("quiz.block.ask_attackers", lang, blocker=name_of(cards, pos.card_of[blockers[0]], lang)))
        else:
            key = "quiz.block.ask_menace" if family == "can-block:menace" else "quiz.block.ask"
            lines.append(t(key, lang, attacker=name_of(cards, att.card, lang)))
        return "\n".join(lines)

    def explanation(lang):
        lines = []
        for group, refusal in zip(candidates, results):
            attacker_name = name_of(cards, pos.card_of[group[1] if by_attacker else attacker], lang)
            if refusal is None:
                lines.append(t("quiz.block.legal", lang, names=names(group, lang), attacker=attacker_name))
            else:
                lines.append(t("quiz.block.illegal", lang, names=names(group, lang), attacker=attacker_name,
                               reason=illegal_text(refusal, lang)))
        return "\n".join(lines)

    if hook is not None:
        return hook({"pos": pos, "situation": situation, "candidates": candidates, "results": results,
                     "names": names, "attacker_of": lambda g: g[1] if by_attacker else attacker,
                     "blocks_of": blocks_of})
    rules = ["509.1a", *dict.fromkeys(r.rule for r in results if r is not None)]
    for keyword in sorted({k for p in view.permanents if p.attacking is not None for k in p.keywords}):
        rules.extend(_KEYWORD_RULES.get(keyword, ()))  # every attacker's: what lets it be blocked, or not
    from tutor.engine.keywords import keyword_concept

    concepts = ("blocking-creature", *sorted({keyword_concept(k) for p in view.permanents for k in p.keywords}))
    return Question(
        id=f"{family}@{seed}", kind="can-block", card=family, family=family, seed=seed, topic=topics,
        difficulty=difficulty, prompt=both(prompt), options=tuple(both(lambda lang, g=g: option(g, lang))
                                                                  for g in candidates),
        answer_format="choices", answer=legal, explanation=both(explanation), rules=tuple(dict.fromkeys(rules)),
        concepts=concepts, hints=(both(lambda lang: keyword_hint("quiz.hint.block." + family.split(":", 1)[1],
                                                                    FAMILIES[family][0][:1], lang)),),
        expected_ms=30_000,
        data={"position": pos.spec(), "test_cards": list(pos.test_cards.values()), "attacker": attacker,
              "candidates": [list(g) for g in candidates]})
