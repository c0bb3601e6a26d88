"""Targeting questions computed by the engine: "which of these creatures can A's Shock (or ability) target?"

``targeting:legal`` — in A's precombat main phase, with an empty stack and priority, A holds a spell with one
target ("target creature", "any target", "target permanent") and the lands to cast it; ``targeting:ability`` —
A controls a creature with an activated ability with one target (Mogg Fanatic, Master Decoy). Creatures on both
sides have hexproof, hexproof from a colour, shroud, ward, protection from a colour or a card type, or nothing.

The answer is the engine's: a creature can be chosen when the engine accepts the cast (activation) with that
target (``game.refusal`` is None); otherwise the explanation gives the engine's refusal with its rule (702.11b
hexproof, 702.11d hexproof from, 702.18a shroud, 702.16b protection). Ward does not stop a target (702.21a): the
engine plays the cast on a copy of the position (``Trial``) and the explanation shows the ward ability triggering.
Positions where every creature, or none, can be targeted are rejected as trivial, and so are those where no
refusal is one of the family's rules.
"""

from __future__ import annotations

import random

from tutor.engine import ActivateAbility, CastSpell, Step
from tutor.engine.events import EventKind
from tutor.engine.mana import COLOR_NAMES
from tutor.engine.view import Player
from tutor.engine_text import illegal_text
from tutor.events_text import render_event
from tutor.i18n import t
from tutor.i18n.terms import keyword_noun
from tutor.quiz.casting_q import hand_card_text
from tutor.quiz.describe import bullets, card_name, creature_text, name_of, option_creature, step_text
from tutor.quiz.model import Question, Rejected, both, draw
from tutor.quiz.position import Position, Trial, pool, test_creature

__all__ = ["FAMILIES", "build", "try_target"]

# family -> (difficulty, topics)
FAMILIES: dict[str, tuple[int, tuple[str, ...]]] = {
    "targeting:legal": (2, ("targeting", "hexproof", "ward", "protection", "keywords")),
    "targeting:ability": (3, ("targeting", "hexproof", "ward", "protection", "keywords")),
}
# spells with exactly one target, a creature among the legal kinds, no filter, no additional cost
_SPELLS = ("shock", "burst-lightning", "magma-spray", "fervent-strike", "scorching-dragonfire", "giant-growth", "jump",
           "turn-to-frog", "twisted-image", "boomerang", "inspirit", "otherworldly-journey", "instill-infection",
           "act-of-treason", "shielded-passage")
_ABILITIES = ("mogg-fanatic", "master-decoy")  # creatures whose activated ability targets a creature
_LANDS = {"W": "plains", "U": "island", "B": "swamp", "R": "mountain", "G": "forest"}
_POOL_CREATURES = ("white-knight", "black-knight", "carnage-tyrant", "tel-jilad-chosen", "akroma-angel-of-wrath")
# the refusals this kind is about, by rule -> catalog key
REFUSAL_KEYS = {"702.11b": "hexproof", "702.11d": "hexproof_from", "702.18a": "shroud", "702.16b": "protection"}


_KEYWORD_RULE = {"protection": "702.16b", "hexproof": "702.11d"}


def _qualities(src) -> set[str]:
    """What a "protection from …" or "hexproof from …" can name of the source `src` (a card): its colours
    ("red") and its card types ("creatures")."""
    return {COLOR_NAMES[c] for c in src.colors} | {f"{x}s" for x in src.types}


def _keyword_for(perm, rule: str, src=None) -> str | None:
    """The keyword of `perm` a refusal by `rule` is about: its protection (702.16b) or its "hexproof from"
    (702.11d) from a quality of the source `src` when it has one (Akroma's protection from red, not from black,
    for a red spell), else its first; None for the others."""
    prefix = {"702.16b": "protection from ", "702.11d": "hexproof from "}.get(rule)
    if not prefix:
        return None
    mine = [k for k in sorted(perm.keywords) if k.startswith(prefix)]
    matching = [k for k in mine if src is not None and k[len(prefix):] in _qualities(src)]
    return (matching or mine or [None])[0]


def build(family: str, seed: int) -> Question:
    """The question ``family@seed`` (the same every time)."""
    return draw(family, seed, _attempt)


def _keywords(rng: random.Random, source_colors: frozenset, n: int) -> list[tuple[str, ...]]:
    """`n` different targeting keywords for the candidates (one each, or none), the colours mostly the source's."""
    colors = sorted(source_colors) or ["R"]
    other = [c for c in "WUBRG" if c not in source_colors]

    def color() -> str:
        return COLOR_NAMES[rng.choice(colors) if rng.random() < 0.65 else rng.choice(other)]

    kinds = [("hexproof",), ("shroud",), (f"ward {rng.randint(1, 3)}",), (f"protection from {color()}",),
             (f"protection from {color()}",), (f"hexproof from {color()}",), ("protection from creatures",),
             ("protection from artifacts",), (), ("hexproof",), (f"ward {rng.randint(1, 3)}",)]
    return rng.sample(list(dict.fromkeys(kinds)), n)


def _lands_for(pos: Position, card, player: int = 0) -> None:
    """Untapped basic lands enough to pay `card`'s mana cost (one of each colour it needs, the rest Mountains)."""
    cost = card.cost
    for c, n in sorted(cost.colored.items()):
        for _ in range(n):
            pos.add(_LANDS[c], player)
    for _ in range(cost.generic):
        pos.add("mountain", player)


def _setup(family: str, rng: random.Random):
    pos = Position(Step.PRECOMBAT_MAIN)
    cards = pool()
    if family == "targeting:ability":
        src_card = rng.choice(_ABILITIES)
        source = pos.add(src_card, 0, alias="source")
        _lands_for(pos, _Cost(cards[src_card].abilities[0].cost["mana"]))
    else:
        src_card = rng.choice(_SPELLS)
        source = pos.add(src_card, 0, "hand", alias="source")
        _lands_for(pos, cards[src_card])
    colors = cards[src_card].colors
    mine, theirs = rng.choice((0, 0, 1, 1, 2)), rng.randint(2, 4)
    used = set()
    owners = [1] * theirs + [0] * mine
    for i, (player, kws) in enumerate(zip(owners, _keywords(rng, colors, len(owners)))):
        if rng.random() < 0.2:
            cid = rng.choice(_POOL_CREATURES)
        else:
            card, d = test_creature(rng.randint(1, 5), rng.randint(1, 5), kws)
            cid = pos.use_test_card(card, d)
        if cid in used:
            raise Rejected("the same creature twice")
        used.add(cid)
        pos.add(cid, player, alias=f"t{i + 1}")
    return pos, source, src_card


class _Cost:
    """A mana cost as a card-like object for `_lands_for`."""

    def __init__(self, cost) -> None:
        self.cost = cost


def try_target(game, family: str, source: int, target: int):
    """The action that targets `target` from `source` (the cast, or the activation of ability 0)."""
    if family == "targeting:ability":
        return ActivateAbility(source, 0, (target,))
    return CastSpell(source, (target,))


def _attempt(family: str, seed: int, rng: random.Random) -> Question:
    difficulty, topics = FAMILIES[family]
    pos, source_alias, src_card = _setup(family, rng)
    game = pos.start()
    if game.pending != ("priority", 0):
        raise Rejected("A has no priority")
    view = game.view()
    candidates = [p for p in view.permanents if p.is_creature and pos.alias_of(p.object) not in (None, "source")
                  and pos.alias_of(p.object).startswith("t")]
    source = pos.ids[source_alias]
    refusals, wards = {}, {}
    for p in candidates:
        action = try_target(game, family, source, p.object)
        exc = game.refusal(action)
        if exc is not None:
            if exc.reason != "illegal_target":
                raise Rejected(f"refused for another reason: {exc.rule}")
            refusals[p.object] = exc
            continue
        with Trial(game) as play:
            events = play(action)
        triggered = [e for e in events if e.kind in (EventKind.TRIGGER, EventKind.TRIGGER_ON_STACK)]
        if triggered:
            wards[p.object] = triggered
    legal = [p for p in candidates if p.object not in refusals]
    if not legal or not refusals:
        raise Rejected("every creature, or none, can be targeted")
    if not any(exc.rule in REFUSAL_KEYS for exc in refusals.values()):
        raise Rejected("no refusal by hexproof, shroud or protection")
    names = {}
    for p in candidates:
        key = (card_name(pos.cards, p.card, "it"), p.controller)
        if key in names:
            raise Rejected("two options read the same")
        names[key] = p
    cards = pos.cards
    src = cards[src_card]
    ward_kw = {p.object: next((k for k in p.keywords if k.startswith("ward ")), None) for p in candidates}

    def prompt(lang: str) -> str:
        lines = [t("quiz.cast.turn_step", lang, step=step_text("precombat_main", lang)), t("quiz.cast.stack_empty", lang),
                 t("quiz.cast.priority", lang, player="A")]
        if family == "targeting:ability":
            lines.append(t("quiz.target.source_ability", lang, card=hand_card_text(src, lang)))
        else:
            lines.append(t("quiz.target.source_spell", lang, card=hand_card_text(src, lang)))
        lands = sorted(card_name(cards, x.card, lang) for x in view.permanents
                       if x.controller == 0 and "land" in x.types and not x.tapped)
        lines.append(t("quiz.cast.lands", lang, player="A", lands=", ".join(lands)) if lands
                     else t("quiz.cast.no_lands", lang, player="A"))
        for pl in (0, 1):
            mine = [creature_text(x, cards, lang) for x in candidates if x.controller == pl]
            if mine:
                lines += [t("quiz.target.creatures_of", lang, player=Player(pl).letter), bullets(mine)]
        key = "quiz.target.ask_ability" if family == "targeting:ability" else "quiz.target.ask_spell"
        lines.append(t(key, lang, source=name_of(cards, src_card, lang)))
        return "\n".join(lines)

    def source_noun(lang: str):
        return name_of(cards, src_card, lang)

    def explanation(lang: str) -> str:
        rule = "602.2b" if family == "targeting:ability" else "601.2c"
        lines = []
        for p in candidates:
            name = option_creature(p, cards, lang)
            exc = refusals.get(p.object)
            if exc is not None:
                key = REFUSAL_KEYS.get(exc.rule)
                kw = _keyword_for(p, exc.rule, src)
                reason = (t(f"quiz.target.why.{key}", lang, rule=exc.rule, source=source_noun(lang),
                            kw=keyword_noun(kw, lang) if kw else "") if key else illegal_text(exc, lang))
                lines.append(t("quiz.target.no", lang, name=name, reason=reason))
            elif p.object in wards:
                n = ward_kw[p.object].split()[1]
                shown = "; ".join(render_event(e, cards, lang, game.object_cards) for e in wards[p.object])
                lines.append(t("quiz.target.yes_ward", lang, name=name, cost="{" + n + "}", events=shown))
            elif ward_kw[p.object]:
                lines.append(t("quiz.target.yes_own_ward", lang, name=name))
            elif p.controller == 0 and "hexproof" in p.keywords:
                lines.append(t("quiz.target.yes_own_hexproof", lang, name=name))
            elif p.controller == 0 and (own := _keyword_for(p, "702.11d", src)) and own[14:] in _qualities(src):
                # hexproof from the source's quality, but A's own creature: only opponents' are kept off (702.11d)
                lines.append(t("quiz.target.yes_own_hexproof_from", lang, name=name, kw=keyword_noun(own, lang)))
            elif _keyword_for(p, "702.16b") or _keyword_for(p, "702.11d"):
                kw = _keyword_for(p, "702.16b") or _keyword_for(p, "702.11d")
                lines.append(t("quiz.target.yes_other", lang, name=name, kw=keyword_noun(kw, lang),
                               source=source_noun(lang), rule=_KEYWORD_RULE[kw.split(" from ")[0]]))
            else:
                lines.append(t("quiz.target.yes", lang, name=name, rule=rule))
        return "\n".join(lines)

    rules = ["115.1", "602.2b" if family == "targeting:ability" else "601.2c"]
    rules += [exc.rule for exc in refusals.values()]
    if any(ward_kw[p.object] for p in legal):
        rules.append("702.21a")
    if any(p.controller == 0 and "hexproof" in p.keywords for p in legal):
        rules.append("702.11b")
    for p in legal:
        kw = _keyword_for(p, "702.16b") or _keyword_for(p, "702.11d")
        if kw:
            rules.append(_KEYWORD_RULE[kw.split(" from ")[0]])
    hint_key = "quiz.hint.target." + family.split(":", 1)[1]
    return Question(
        id=f"{family}@{seed}", kind="targeting", card=family, family=family, seed=seed, topic=topics,
        difficulty=difficulty, prompt=both(prompt),
        options=tuple(both(lambda lang, p=p: option_creature(p, cards, lang)) for p in candidates),
        answer_format="choices", answer=[i + 1 for i, p in enumerate(candidates) if p.object not in refusals],
        explanation=both(explanation), rules=tuple(dict.fromkeys(rules)), concepts=("target",),
        hints=(both(lambda lang: t(hint_key, lang)),), expected_ms=40_000,
        data={"position": pos.spec(), "test_cards": list(pos.test_cards.values()), "source": source_alias,
              "candidates": [pos.alias_of(p.object) for p in candidates],
              "refused": {pos.alias_of(o): exc.rule for o, exc in refusals.items()},
              "ward": [pos.alias_of(o) for o in wards]})
