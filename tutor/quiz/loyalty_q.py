"""Loyalty questions computed by the engine: "how many loyalty counters does the planeswalker have now?".

``loyalty:left`` — A's Garruk has some loyalty counters; A activates one of its loyalty abilities (the cost puts on
or removes counters as it is activated, 606.4) and B deals damage to Garruk with a burn spell, in response or
once the ability has resolved (120.3c, 306.8); everyone passes until the stack is empty. ``loyalty:combat`` — B's
Garruk is attacked: A's creatures attack Garruk or B, B blocks some of them, and the unblocked ones deal their
combat damage to what they attack (508.1b, 510.1b, 120.3c). A planeswalker with loyalty 0 is put into its owner's
graveyard (704.5i): the answer is then 0.

The engine plays the position (``Position``) and then plays on to the end on a copy (``Trial``); the answer is
the loyalty it reads there and the explanation is the event log. Rejected: positions where the loyalty doesn't
change, and those whose outcome would depend on a choice the prompt doesn't state.
"""

from __future__ import annotations

import random

from tutor.engine import (
    ActivateAbility,
    CastSpell,
    DeclareAttackers,
    IllegalAction,
    PassPriority,
    Step,
)
from tutor.engine.events import EventKind
from tutor.events_text import render_event
from tutor.i18n import pick, t
from tutor.quiz.casting_q import hand_card_text
from tutor.quiz.describe import bullets, card_name, creature_text, name_of, step_text
from tutor.quiz.model import Question, Rejected, both, draw
from tutor.quiz.position import Position, Trial, pool

__all__ = ["FAMILIES", "build", "loyalty_after"]

FAMILIES: dict[str, tuple[int, tuple[str, ...]]] = {
    "loyalty:left": (2, ("planeswalkers", "loyalty", "damage", "stack")),
    "loyalty:combat": (2, ("planeswalkers", "loyalty", "combat", "damage")),
}
WALKER = "garruk-wildspeaker"
_BURN = ("shock", "burst-lightning", "blaze")
_SHOWN = frozenset({EventKind.LOYALTY_COST, EventKind.CAST, EventKind.ACTIVATE, EventKind.RESOLVE, EventKind.DAMAGE,
                    EventKind.SBA_LOYALTY, EventKind.TOKEN_CREATED, EventKind.UNTAP, EventKind.FIRST_STRIKE_STEP})
_COMBAT_KEYWORDS = frozenset({"flying", "first strike", "double strike", "vigilance", "reach"})


def build(family: str, seed: int) -> Question:
    """The question ``family@seed`` (the same every time)."""
    return draw(family, seed, _left if family == "loyalty:left" else _combat)


def loyalty_after(game, oid: int) -> int:
    """The loyalty of the planeswalker `oid` now: 0 if it has left the battlefield (704.5i)."""
    o = game.state.objects.get(oid)
    if o is None or o.zone != "battlefield":
        return 0
    return game.loyalty(oid)


def _play_out(pos: Position, walker: int, until_step: Step | None = None):
    """Everyone passes until the stack is empty (or, in combat, until the end of combat step): the loyalty then
    (0 if the planeswalker is gone), the events and the actions played; everything undone afterwards."""
    game = pos.game
    start, then = len(game.events), 0
    with Trial(game) as play:
        while game.outcome is None:
            if until_step is None and not game.state.stack:
                break
            if until_step is not None and game.state.step is until_step:
                break
            if game.pending[0] != "priority":
                raise Rejected(f"an unstated decision: {game.pending[0]}")
            play(PassPriority())
            then += 1
        left = loyalty_after(game, walker)
        gone = walker not in game.state.objects or game.state.objects[walker].zone != "battlefield"
        events = game.events[start:]
    return left, gone, events, ([{"pass": then}] if then else [])


def _record(pos: Position, action, record: dict) -> list:
    events = pos.game.apply(action)
    pos.actions.append(record)
    pos.refresh()
    return events


def _left(family: str, seed: int, rng: random.Random) -> Question:
    difficulty, topics = FAMILIES[family]
    start = rng.randint(1, 6)
    pos = Position(Step.PRECOMBAT_MAIN)
    pos.add(WALKER, 0, alias="garruk", counters={"loyalty": start})
    for i in range(rng.randint(2, 3)):
        pos.add("forest", 0, alias=f"forest-{i + 1}", tapped=i < 2 and rng.random() < 0.6)
    burn = rng.choice(_BURN)
    pos.add(burn, 1, "hand", alias="burn")
    for i in range(rng.randint(2, 4)):
        pos.add("mountain", 1, alias=f"mountain-{i + 1}")
    game = pos.start()
    before = game.view()
    walker = pos.ids["garruk"]
    mine = {pos.ids[a] for a in pos.ids if a.startswith("forest-")}
    activations = [a for a in game.source_actions(walker) if isinstance(a, ActivateAbility) and set(a.targets) <= mine]
    if not activations:
        raise Rejected("no loyalty ability can be activated")
    act = rng.choice(activations)
    cost = pos.cards[WALKER].abilities[act.index].cost["loyalty"]
    record = {"activate": "garruk", "ability": act.index}
    if act.targets:
        record["targets"] = [pos.alias_of(x) for x in act.targets]
    _record(pos, act, record)
    respond = rng.random() < 0.5
    if not respond:  # the ability resolves first, then A passes and B casts
        pos.passes(2)
        if game.state.stack or game.pending != ("priority", 0):
            raise Rejected("the ability did not resolve")
    pos.passes(1)
    if game.pending != ("priority", 1):
        raise Rejected("B has no priority")
    casts = [c for c in game.source_actions(pos.ids["burn"]) if isinstance(c, CastSpell)
             and c.targets == (pos.ids["garruk"],) and not (c.kicked or c.modes or c.alternative) and c.x <= 4]
    casts = [c for c in casts if c.x] or casts
    if not casts:
        raise Rejected("B can't burn Garruk")
    cast = rng.choice(casts)
    rec = {"cast": "burn", "by": "B", "targets": ["garruk"]}
    if cast.x:
        rec["x"] = cast.x
    _record(pos, cast, rec)
    left, gone, events, then = _play_out(pos, pos.ids["garruk"])
    if left == start:
        raise Rejected("the loyalty doesn't change")
    if gone and rng.random() < 0.5:
        raise Rejected("gone again: draw another (most answers are a loyalty left)")
    damage = sum(e.data.get("amount", 0) for e in events if e.kind == EventKind.DAMAGE)
    cards = pos.cards
    shown = [e for e in game.events if e.kind in _SHOWN]
    ability_text = _ability_text(cost)

    def prompt(lang: str) -> str:
        lines = [t("quiz.cast.turn_step", lang, step=step_text("precombat_main", lang)),
                 t("quiz.loyalty.walker", lang, card=walker_text(cards[WALKER], lang), player="A", n=start)]
        lands = [card_name(cards, x.card, lang) + (t("quiz.loyalty.tapped", lang) if x.tapped else "")
                 for x in before.permanents if x.controller == 0 and "land" in x.types]
        lines.append(t("quiz.loyalty.lands", lang, player="A", lands=", ".join(lands)))
        lines.append(t("quiz.loyalty.b_hand", lang, card=hand_card_text(cards[burn], lang)))
        targets = ", ".join(card_name(cards, pos.card_of[a], lang) for a in record.get("targets", ()))
        what = t("quiz.loyalty.activates_targets" if targets else "quiz.loyalty.activates", lang, cost=ability_text,
                 targets=targets, walker=name_of(cards, WALKER, lang))
        lines.append(what)
        x = t("quiz.loyalty.with_x", lang, x=cast.x) if cast.x else ""
        lines.append(t("quiz.loyalty.respond" if respond else "quiz.loyalty.after", lang,
                       spell=name_of(cards, burn, lang), x=x, walker=name_of(cards, WALKER, lang)))
        lines.append(t("quiz.loyalty.ask_left", lang, walker=name_of(cards, WALKER, lang)))
        return "\n".join(lines)

    def explanation(lang: str) -> str:
        lines = [render_event(e, cards, lang, game.object_cards) for e in [*shown, *(
            e for e in events if e.kind in _SHOWN)]]
        end = t("quiz.loyalty.answer_gone" if gone else "quiz.loyalty.answer_left", lang, n=left)
        return t("quiz.explain.engine", lang, events=bullets(lines), answer=end)

    rules = ["606.4", "306.5c", "120.3c", "306.8"]
    if gone:
        rules += ["704.5i", "306.9"]
    if respond:
        rules += ["405.5", "608.1"]
    return Question(
        id=f"{family}@{seed}", kind="loyalty", card=family, family=family, seed=seed, topic=topics,
        difficulty=difficulty + (respond and gone), prompt=both(prompt), options=None, answer_format="number",
        answer=left, explanation=both(explanation), rules=tuple(dict.fromkeys(rules)), concepts=("damage",),
        hints=(both(lambda lang: t("quiz.hint.loyalty.left", lang)),), expected_ms=45_000,
        data={"position": pos.spec(), "then": then, "test_cards": [], "walker": "garruk", "start": start,
              "cost": cost, "damage": damage, "respond": respond, "gone": gone})


def walker_text(card, lang: str) -> str:
    """A planeswalker card for a prompt: its name and cost, then its rules text on one line."""
    lines = [" ".join(line.split()) for line in pick(card.text, lang).splitlines() if line.strip()]
    return t("quiz.cast.card_text", lang, card=f"{pick(card.name, lang)} {card.cost}", text=" ".join(lines))


def _ability_text(cost: int) -> str:
    return f"+{cost}" if cost > 0 else ("0" if cost == 0 else f"\u2212{-cost}")


def _attackers_pool() -> list[str]:
    return sorted(cid for cid, c in pool().items() if "creature" in c.types and not c.token and not c.abilities
                  and not c.cda and c.power and c.keywords <= _COMBAT_KEYWORDS)


def _combat(family: str, seed: int, rng: random.Random) -> Question:
    difficulty, topics = FAMILIES[family]
    start = rng.randint(2, 9)
    pos = Position(Step.DECLARE_ATTACKERS)
    pos.add(WALKER, 1, alias="garruk", counters={"loyalty": start})
    creatures = _attackers_pool()
    attackers = [pos.add(cid, 0, alias=f"a{i + 1}") for i, cid in enumerate(rng.sample(creatures, rng.randint(1, 3)))]
    blockers = [pos.add(cid, 1, alias=f"b{i + 1}") for i, cid in enumerate(rng.sample(creatures, rng.randint(0, 2)))]
    game = pos.start()
    at_walker = [a for a in attackers if rng.random() < 0.7] or attackers[:1]
    declare = DeclareAttackers(tuple(pos.ids[a] for a in attackers),
                               tuple((pos.ids[a], pos.ids["garruk"]) for a in at_walker))
    try:
        _record(pos, declare, {"attack": {a: ("garruk" if a in at_walker else "B") for a in attackers}})
    except IllegalAction:
        raise Rejected("illegal attack") from None
    pos.passes(2)
    if game.state.step is not Step.DECLARE_BLOCKERS:
        raise Rejected("no blockers step")
    free = list(attackers)
    blocks = []
    for b in blockers:
        if free and rng.random() < 0.7:
            blocks.append((b, free.pop(rng.randrange(len(free)))))
    try:
        pos.block(blocks)
    except IllegalAction:
        raise Rejected("illegal block") from None
    view = game.view()
    left, gone, events, then = _play_out(pos, pos.ids["garruk"], Step.END_OF_COMBAT)
    if left == start:
        raise Rejected("the loyalty doesn't change")
    if gone and rng.random() < 0.6:
        raise Rejected("gone again: draw another (most answers are a loyalty left)")
    cards = pos.cards
    blocked_by = {a: b for b, a in blocks}
    shown = [e for e in events if e.kind in _SHOWN]

    def prompt(lang: str) -> str:
        lines = [t("quiz.combat.intro", lang, step=step_text("declare_blockers", lang)),
                 t("quiz.loyalty.walker", lang, card=walker_text(cards[WALKER], lang), player="B", n=start),
                 t("quiz.combat.attackers", lang)]
        attack_lines = []
        for a in attackers:
            perm = view.permanent(pos.ids[a])
            target = name_of(cards, WALKER, lang) if a in at_walker else "B"
            line = t("quiz.loyalty.attacks", lang, creature=creature_text(perm, cards, lang), target=target)
            if a in blocked_by:
                line += t("quiz.loyalty.blocked_by", lang, blocker=creature_text(
                    view.permanent(pos.ids[blocked_by[a]]), cards, lang))
            attack_lines.append(line)
        lines.append(bullets(attack_lines))
        others = [creature_text(view.permanent(pos.ids[b]), cards, lang) for b in blockers
                  if b not in dict(blocks)]
        if others:
            lines.append(t("quiz.loyalty.not_blocking", lang, list=", ".join(others)))
        lines += [t("quiz.combat.nothing_else", lang),
                  t("quiz.loyalty.ask_left_combat", lang, walker=name_of(cards, WALKER, lang))]
        return "\n".join(lines)

    def explanation(lang: str) -> str:
        lines = [render_event(e, cards, lang, game.object_cards) for e in shown]
        end = t("quiz.loyalty.answer_gone" if gone else "quiz.loyalty.answer_left", lang, n=left)
        return t("quiz.explain.engine", lang, events=bullets(lines), answer=end)

    rules = ["508.1b", "510.1b", "120.3c", "306.8"]
    if blocks:
        rules.append("510.1c")
    if gone:
        rules += ["704.5i", "306.9"]
    return Question(
        id=f"{family}@{seed}", kind="loyalty", card=family, family=family, seed=seed, topic=topics,
        difficulty=difficulty, prompt=both(prompt), options=None, answer_format="number", answer=left,
        explanation=both(explanation), rules=tuple(dict.fromkeys(rules)), concepts=("attack", "damage"),
        hints=(both(lambda lang: t("quiz.hint.loyalty.combat", lang)),), expected_ms=45_000,
        data={"position": pos.spec(), "then": then, "test_cards": [], "walker": "garruk", "start": start,
              "gone": gone})
