"""State-based action questions computed by the engine: "which of these permanents go to a graveyard?".

``sba:which`` — in A's precombat main phase, creatures on both sides have damage marked, +1/+1 or -1/-1
counters, indestructible, an Aura; B may control Garruk with a few loyalty counters. A casts Pyroclasm (2 damage
to each creature), Shock (2 damage to a creature or to Garruk) or Instill Infection (a -1/-1 counter on a
creature); nobody responds and the spell resolves. Before A receives priority the game checks state-based
actions, performs them all at once and checks again until none applies (704.3): lethal damage (704.5g), toughness
0 or less (704.5f), loyalty 0 (704.5i), an Aura attached to nothing (704.5m, on the second check), +1/+1 and
-1/-1 counters annihilating (704.5q); an indestructible creature ignores lethal damage (702.12b) but not
toughness 0.

The engine plays the position (``Position``) and the resolution on a copy (``Trial``); the answer is the options
no longer on the battlefield, and the explanation is the event log. Rejected: positions where a state-based
action already applies before the spell, where nothing or everything goes, where a legendary choice is pending.
"""

from __future__ import annotations

import random

from tutor.engine import PassPriority, Step
from tutor.engine.events import EventKind
from tutor.events_text import render_event
from tutor.i18n import pick, t
from tutor.quiz.casting_q import _one_line as one_line
from tutor.quiz.casting_q import hand_card_text
from tutor.quiz.describe import bullets, card_name, option_creature, step_text
from tutor.quiz.model import Question, Rejected, both, draw
from tutor.quiz.position import Position, Trial, test_creature
from tutor.views.board import COMBAT, TagKind, describe_permanent

__all__ = ["FAMILIES", "SBA_KINDS", "build"]

FAMILIES: dict[str, tuple[int, tuple[str, ...]]] = {
    "sba:which": (2, ("sba", "damage", "indestructible", "counters", "auras", "planeswalkers")),
}
WALKER = "garruk-wildspeaker"
_SPELLS = {"pyroclasm": ("mountain", "mountain"), "shock": ("mountain",),
           "instill-infection": ("swamp", "mountain", "mountain", "mountain")}
_VANILLA = ("grizzly-bears", "savannah-lions", "glory-seeker", "hill-giant", "craw-wurm")
_AURAS = ("holy-strength", "goblin-war-paint", "spirit-mantle")
# the events of a state-based action on a permanent
SBA_KINDS = frozenset({EventKind.SBA, EventKind.SBA_LOYALTY, EventKind.SBA_COUNTERS, EventKind.LEGEND_RULE})
_SHOWN = frozenset({EventKind.CAST, EventKind.RESOLVE, EventKind.DAMAGE, EventKind.COUNTERS, *SBA_KINDS,
                    EventKind.DIES})


def build(family: str, seed: int) -> Question:
    """The question ``family@seed`` (the same every time)."""
    return draw(family, seed, _which)


def _creature(pos: Position, rng: random.Random, player: int, alias: str) -> None:
    """A creature with, or without, counters and damage marked: never already dead."""
    roll = rng.random()
    if roll < 0.1:
        cid = "darksteel-myr"
    elif roll < 0.3:
        card, d = test_creature(rng.randint(1, 4), rng.randint(1, 4), ("indestructible",))
        cid = pos.use_test_card(card, d)
    elif roll < 0.55:
        card, d = test_creature(rng.randint(1, 4), rng.randint(1, 4))
        cid = pos.use_test_card(card, d)
    else:
        cid = rng.choice(_VANILLA)
    toughness = pos.cards[cid].toughness
    counters = {}
    roll = rng.random()
    if roll < 0.3:
        counters["+1/+1"] = rng.randint(1, 2)
    elif roll < 0.55 and toughness > 1:
        counters["-1/-1"] = rng.randint(1, toughness - 1)
    now = toughness + counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
    damage = rng.randint(1, now - 1) if now > 1 and rng.random() < 0.5 else 0
    pos.add(cid, player, alias=alias, damage=damage, counters=counters or None)


def _which(family: str, seed: int, rng: random.Random) -> Question:
    difficulty, topics = FAMILIES[family]
    spell = rng.choice(sorted(_SPELLS))
    pos = Position(Step.PRECOMBAT_MAIN)
    pos.add(spell, 0, "hand", alias="spell")
    for i, land in enumerate(_SPELLS[spell]):
        pos.add(land, 0, alias=f"land-{i + 1}")
    for p in (0, 1):
        for i in range(2):
            pos.add("forest", p, "library", alias=f"lib-{'ab'[p]}{i + 1}")
    creatures = []
    for i in range(rng.randint(3, 4)):
        alias = f"c{i + 1}"
        _creature(pos, rng, rng.choice((0, 1, 1)), alias)
        creatures.append(alias)
    perms = list(creatures)
    if rng.random() < 0.55:
        host = rng.choice(creatures)
        aura = pos.add(rng.choice(_AURAS), pos.owner[host], alias="aura", attached_to=host)
        perms.append(aura)
    if spell == "shock" and rng.random() < 0.5 or rng.random() < 0.15:
        pos.add(WALKER, 1, alias="garruk", counters={"loyalty": rng.randint(1, 3)})
        perms.append("garruk")
    game = pos.start()
    if any(e.kind in SBA_KINDS for e in game.events) or game.pending != ("priority", 0):
        raise Rejected("a state-based action before the spell")
    view = game.view()
    before = {a: view.permanent(pos.ids[a]) for a in perms}
    names = {(card_name(pos.cards, p.card, "it"), p.controller) for p in before.values()}
    if len(names) != len(perms):
        raise Rejected("two options read the same")
    targets = []
    if spell == "shock":
        targets = ["garruk"] if "garruk" in perms and rng.random() < 0.5 else [rng.choice(creatures)]
    elif spell == "instill-infection":  # mostly a creature with +1/+1 counters, if any (704.5q)
        plus = [a for a in creatures if dict(before[a].counters).get("+1/+1")]
        targets = [rng.choice(plus if plus and rng.random() < 0.8 else creatures)]
    cast_at = len(game.events)
    pos.cast("spell", targets)
    if game.pending != ("priority", 0) or not game.state.stack:
        raise Rejected("the spell is not on the stack")
    start = len(game.events)
    with Trial(game) as play:
        play(PassPriority())
        play(PassPriority())
        if game.state.stack or game.pending != ("priority", 0) or game.outcome is not None:
            raise Rejected("the spell did not resolve cleanly")
        events = game.events[start:]
        objects = game.state.objects
        on_field = {a for a in perms if pos.ids[a] in objects and objects[pos.ids[a]].zone == "battlefield"}
        after = {a: game.view().permanent(pos.ids[a]) for a in on_field}
    gone = [a for a in perms if a not in on_field]
    if not gone or len(gone) == len(perms):
        raise Rejected("nothing, or everything, goes")
    by_object = {}
    for e in events:
        if e.kind in SBA_KINDS and "object" in e.data:
            by_object.setdefault(e.data["object"], []).append(e.rules[0])
    applied = [r for rs in by_object.values() for r in rs]
    if any(pos.ids[a] not in by_object for a in gone):
        raise Rejected("a permanent left without a state-based action")
    cards = pos.cards
    # indestructible survivors with lethal damage (702.12b); indestructible creatures gone by toughness 0
    sturdy_kept = [a for a in creatures if a in on_field and "indestructible" in after[a].keywords
                   and after[a].damage >= (after[a].toughness or 0) > 0]
    sturdy_gone = [a for a in creatures if a in gone and "indestructible" in before[a].keywords]
    second_check = any(r == "704.5m" for r in applied)
    shown = [e for e in [*game.events[cast_at:start], *events] if e.kind in _SHOWN]
    spell_card = cards[pos.card_of["spell"]]

    def label(alias: str, lang: str) -> str:
        return option_creature(before[alias], cards, lang)

    def line(alias: str, lang: str) -> str:
        perm = before[alias]
        said = describe_permanent(perm, None, cards, lang)
        test = perm.card.startswith("quiz-test-")
        if alias == "aura":
            host = next(a for a in creatures if pos.ids[a] == perm.attached_to)
            return t("quiz.sba.aura_line", lang, name=label(alias, lang), host=label(host, lang),
                     text=one_line(pick(cards[perm.card].text, lang)))
        details = [] if test or perm.power is None else [t("quiz.sba.printed", lang, pt=f"{cards[perm.card].power}/"
                                                           f"{cards[perm.card].toughness}")]
        details += said.texts(without=COMBAT | ({TagKind.KEYWORD} if test else set()))
        if perm.power is not None and not perm.damage:
            details.append(t("quiz.sba.no_damage", lang))
        return t("quiz.sba.perm_line", lang, name=label(alias, lang), details="; ".join(details))

    def prompt(lang: str) -> str:
        lines = [t("quiz.cast.turn_step", lang, step=step_text("precombat_main", lang)),
                 t("quiz.sba.battlefield", lang), bullets([line(a, lang) for a in perms])]
        what = hand_card_text(spell_card, lang)
        if targets:
            lines.append(t("quiz.sba.casts_target", lang, spell=what, target=label(targets[0], lang)))
        else:
            lines.append(t("quiz.sba.casts", lang, spell=what))
        lines.append(t("quiz.sba.ask", lang))
        return "\n".join(lines)

    def explanation(lang: str) -> str:
        lines = [render_event(e, cards, lang, game.object_cards) for e in shown]
        notes = []
        if second_check:
            notes.append(t("quiz.sba.note_again", lang))
        for a in sturdy_kept:
            notes.append(t("quiz.sba.note_indestructible", lang, name=label(a, lang)))
        for a in sturdy_gone:
            notes.append(t("quiz.sba.note_indestructible_gone", lang, name=label(a, lang)))
        end = t("quiz.sba.answer", lang, list=", ".join(label(a, lang) for a in gone))
        return t("quiz.explain.engine", lang, events=bullets(lines + notes), answer=end)

    rules = ["704.3", *dict.fromkeys(applied)]
    if any(e.kind == EventKind.DAMAGE for e in events):
        rules += ["120.3e"] if spell != "shock" or targets[0] != "garruk" else ["120.3c"]
    if "704.5i" in rules:
        rules.append("306.9")
    if sturdy_kept:
        rules.append("702.12b")
    hard = bool(second_check or sturdy_kept or sturdy_gone or "704.5q" in applied)
    return Question(
        id=f"{family}@{seed}", kind="sba", card=family, family=family, seed=seed, topic=topics,
        difficulty=min(3, difficulty + hard), prompt=both(prompt),
        options=tuple(both(lambda lang, a=a: label(a, lang)) for a in perms), answer_format="choices",
        answer=[i + 1 for i, a in enumerate(perms) if a in gone], explanation=both(explanation),
        rules=tuple(dict.fromkeys(rules)), concepts=("state-based-actions",),
        hints=(both(lambda lang: t("quiz.hint.sba.which", lang)),), expected_ms=60_000,
        data={"position": pos.spec(), "then": [{"pass": 2}], "test_cards": list(pos.test_cards.values()),
              "options": perms, "gone": gone, "applied": sorted(set(applied)), "targets": targets})
