"""Rules questions: the turn's steps (which comes next, in which one something happens, their order) and which
rule forbids an action — each answer taken from the engine.

* ``next-step:<step>[:<condition>]`` (fixed): the position starts at that step (an attacker declared, or none;
  a first striker in combat; the first turn of the game) and everyone passes: the next step is the first
  ``step_begins`` of the event log (508.8 skips, 510.4 adds, 103.8a skips a step).
* ``which-step:<event>`` (fixed): a whole turn is played on the engine (tapped permanents, an upkeep trigger, an
  attack and a block, nine cards in hand, damage marked); the step is the one in which that event happened.
* ``step-order:<scope>@<seed>`` (generated): a few steps of a phase or of the whole turn, shuffled: their order
  (500.1, the engine's list of steps).
* ``which-rule:<area>@<seed>`` (generated, areas ``attack``, ``block``, ``cast``): an action the engine refuses in
  a position; which rule forbids it? Options are rule numbers with the digest's unofficial summary.
"""

from __future__ import annotations

import random
from functools import lru_cache

from tutor.engine import DeclareAttackers, DeclareBlockers, Discard, IllegalAction, PassPriority, Step
from tutor.engine.events import EventKind
from tutor.engine.keywords import ATTACKS_WHEN_SICK, CANT_ATTACK
from tutor.engine.state import TURN_STEPS
from tutor.engine.view import Player
from tutor.engine_text import illegal_text
from tutor.events_text import render_event
from tutor.i18n import t
from tutor.i18n.terms import STEP_CONCEPTS
from tutor.quiz.describe import bullets, card_name, creature_text, name_of, step_text
from tutor.quiz.model import Question, Rejected, UnknownQuestion, both
from tutor.quiz.position import Position, Trial
from tutor.quiz.rulesref import headline

__all__ = ["DECIDES", "NEXT_STEPS", "ORDER_SCOPES", "RULE_AREAS", "WHICH_STEPS", "build_fixed", "build_generated",
           "deciding_rules", "fixed_ids"]

ALL_STEPS = [s.key for s in TURN_STEPS[:7]] + ["first_strike_damage"] + [s.key for s in TURN_STEPS[7:]]
# id suffix -> (start step, condition)
NEXT_STEPS: dict[str, tuple[str, str]] = {
    "untap": ("untap", ""), "upkeep": ("upkeep", ""), "upkeep:first-turn": ("upkeep", "first-turn"),
    "draw": ("draw", ""), "precombat_main": ("precombat_main", ""),
    "beginning_of_combat": ("beginning_of_combat", ""), "declare_attackers": ("declare_attackers", "attack"),
    "declare_attackers:no-attackers": ("declare_attackers", "no-attackers"),
    "declare_blockers": ("declare_blockers", "attack"),
    "declare_blockers:first-strike": ("declare_blockers", "first-strike"),
    "first_strike_damage": ("first_strike_damage", "first-strike"), "combat_damage": ("combat_damage", "attack"),
    "end_of_combat": ("end_of_combat", ""), "postcombat_main": ("postcombat_main", ""), "end": ("end", ""),
    "cleanup": ("cleanup", ""),
}
# id suffix -> the event that shows it in the turn played by _turn_log: (kind, a rule it must cite, or "")
WHICH_STEPS = {"untap": ("untap", "502.3"), "draw": ("draw", "504.1"), "attackers-tap": ("attackers", "508.1f"),
               "combat-damage": ("damage", "510.2"), "combat-ends": ("combat_ends", "511.3"),
               "damage-removed": ("cleanup", "514.2"), "discard": ("discard", "514.1")}
ORDER_SCOPES = {"step-order:beginning": ALL_STEPS[:3], "step-order:combat": ALL_STEPS[4:10],
                "step-order:turn": ALL_STEPS}
RULE_AREAS = ("which-rule:attack", "which-rule:block", "which-rule:cast")
_AREA_TOPICS = {"attack": "combat", "block": "blocking", "cast": "casting"}  # the shared topic of each area


def which_rule_topics(family: str) -> tuple[str, ...]:
    """A which-rule family's topic tags: ``rules``, its area (``attack``) and the area's shared topic."""
    area = family.split(":")[1]
    return ("rules", area, _AREA_TOPICS[area])
_DISTRACTORS = {
    "which-rule:attack": ("508.1a", "302.6", "702.3b", "702.10b", "702.20b", "508.1f", "509.1a", "506.4"),
    "which-rule:block": ("509.1a", "509.1b", "702.9b", "702.17b", "702.36b", "702.14c", "702.16f", "702.111b",
                         "702.3b", "302.6"),
    "which-rule:cast": ("117.1a", "307.1", "305.1", "305.9", "601.2c", "601.2f", "601.2h", "702.8a", "119.4",
                        "601.2a", "115.1a"),
}
# Every rule that decides a refusal (the engine's reason): the engine cites one of them, and no other option may be
# one of them (509.1b forbids every block a restriction forbids, 702.17b forbids the flyer's block as 702.9b does,
# 508.1a as well as 302.6 forbids a summoning-sick attack, 117.1a as well as 307.1 a sorcery out of time).
DECIDES: dict[str, frozenset[str]] = {
    "summoning_sick": frozenset({"302.6", "508.1a"}), "tapped_attacker": frozenset({"508.1a"}),
    "defender": frozenset({"702.3b", "508.1c"}), "tapped_blocker": frozenset({"509.1a"}),
    "unblockable": frozenset({"509.1b"}), "flying": frozenset({"702.9b", "702.17b", "509.1b"}),
    "fear": frozenset({"702.36b", "509.1b"}), "landwalk": frozenset({"702.14c", "509.1b"}),
    "protection": frozenset({"702.16f", "509.1b"}), "menace": frozenset({"702.111b", "509.1b"}),
    "illegal_target": frozenset({"601.2c"}), "cant_pay": frozenset({"601.2h"}),
    "additional_cost": frozenset({"601.2h"}), "cant_pay_life": frozenset({"119.4", "601.2h"}),
    "land_not_spell": frozenset({"305.1", "305.9"}),
}
# The sentence of a rule's summary an option shows, when it is not the first (117.1a: the noninstant spells).
_OPTION_SENTENCE = {"117.1a": 1}


def deciding_rules(reason: str, card_types=()) -> frozenset[str]:
    """The rules that decide a refusal with `reason` (of a card of `card_types`, for a spell cast out of time)."""
    if reason == "sorcery_timing":
        from tutor.quiz.casting_q import timing_rules

        return frozenset(timing_rules(card_types))
    return DECIDES.get(reason, frozenset())



def fixed_ids() -> list[tuple[str, tuple[str, ...]]]:
    """Every fixed rules question: (id, topics)."""
    return ([(f"next-step:{k}", ("turn", "steps")) for k in NEXT_STEPS]
            + [(f"which-step:{k}", ("turn", "steps")) for k in WHICH_STEPS])


def _step_options(answer: str, rng: random.Random, near: list[str]) -> list[str]:
    options = [answer]
    for s in near + rng.sample(ALL_STEPS, len(ALL_STEPS)):
        if s not in options and s in ALL_STEPS:
            options.append(s)
        if len(options) == 4:
            break
    rng.shuffle(options)
    return options


def _starts(events) -> list[tuple[int, str]]:
    """Where each step begins in `events` and which: (index, step key); a first-strike damage step begins where
    the engine announces it (510.4), right after the combat damage step's start."""
    out: list[tuple[int, str]] = []
    for i, e in enumerate(events):
        if e.kind == EventKind.STEP_BEGINS:
            out.append((i, e.data["step"]))
        elif e.kind == EventKind.FIRST_STRIKE_STEP and out:
            out[-1] = (out[-1][0], "first_strike_damage")
    return out


# ---- next-step ------------------------------------------------------------------------------------------------
def _next_step(qid: str, key: str) -> Question:
    start, condition = NEXT_STEPS[key]
    step = Step.from_key(start)
    turn = 1 if condition == "first-turn" else 3
    pos = Position(step, turn=turn)
    pos.add("grizzly-bears", 0, alias="attacker")
    pos.add("white-knight" if condition == "first-strike" else "glory-seeker", 1, alias="blocker")
    for p in (0, 1):
        pos.add("forest", p, "library")
    if start in ("declare_blockers", "first_strike_damage", "combat_damage"):
        pos.step = Step.DECLARE_ATTACKERS  # the attack is declared first, then play reaches the step
    game = pos.start()
    if game.state.step is Step.DECLARE_ATTACKERS:
        pos.attack([] if condition == "no-attackers" else ["attacker"])
        if start != "declare_attackers":
            pos.passes(2)
            pos.block([("blocker", "attacker")])
            if start != "declare_blockers":
                pos.passes(2)
    mark = [i for i, key in _starts(game.events) if key == start][-1]
    with Trial(game) as play:
        while len(_starts(game.events[mark:])) < 2:
            kind = game.pending[0]
            play(PassPriority() if kind == "priority" else DeclareBlockers(()) if kind == "blockers"
                 else DeclareAttackers(()))
        events = game.events[mark:]
    at, nxt = _starts(events)[1]
    shown = [e for e in events if e.kind in (EventKind.STEP_BEGINS, EventKind.STEP_SKIPPED, EventKind.DRAW_SKIPPED, EventKind.FIRST_STRIKE_STEP,
                                             EventKind.TURN_BEGINS, EventKind.UNTAP, EventKind.DRAW, EventKind.CLEANUP, EventKind.DAMAGE, EventKind.COMBAT_ENDS)]
    shown = [e for i, e in enumerate(events) if e in shown and (i <= at or (i == at + 1 and e.kind == EventKind.FIRST_STRIKE_STEP))]
    rng = random.Random(qid)
    i = ALL_STEPS.index(start)
    near = [ALL_STEPS[(i + 1) % len(ALL_STEPS)], ALL_STEPS[(i + 2) % len(ALL_STEPS)], ALL_STEPS[i - 1]]
    options = _step_options(nxt, rng, near)

    def prompt(lang: str) -> str:
        lines = [t("quiz.next_step.turn", lang)]
        if condition:
            lines.append(t(f"quiz.next_step.if.{condition}", lang))
        lines.append(t("quiz.next_step.ask", lang, step=step_text(start, lang)))
        return "\n".join(lines)

    def explanation(lang: str) -> str:
        return t("quiz.explain.engine", lang, events=bullets([render_event(e, pos.cards, lang) for e in shown]),
                 answer=t("quiz.next_step.answer", lang, step=step_text(nxt, lang)))

    rules = ["500.1", *dict.fromkeys(r for e in shown if e.kind != EventKind.STEP_BEGINS for r in e.rules),
             Step.from_key(nxt).rule]
    return Question(
        id=qid, kind="next-step", card=qid, topic=("turn", "steps"), difficulty=2 if condition else 1,
        prompt=both(prompt), options=tuple(both(lambda lang, s=s: str(step_text(s, lang))) for s in options),
        answer_format="choice", answer=options.index(nxt) + 1, explanation=both(explanation),
        rules=tuple(dict.fromkeys(rules)), concepts=("turn", "step", STEP_CONCEPTS[start], STEP_CONCEPTS[nxt]),
        expected_ms=12_000,
        hints=(both(lambda lang: t("quiz.hint.next_step", lang)),), data={"position": pos.spec(), "next": nxt})


# ---- which-step -----------------------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _turn_log():
    """A turn of A played from its untap step to B's upkeep: the position and the events."""
    pos = Position(Step.UNTAP)
    pos.add("hill-giant", 0, alias="giant", tapped=True)
    pos.add("forest", 0, alias="forest", tapped=True)
    pos.add("glory-seeker", 1, alias="seeker")
    for p in (0, 1):
        for _ in range(4):
            pos.add("forest", p, "library")
    for _ in range(8):
        pos.add("mountain", 0, "hand")
    game = pos.start()
    for _ in range(200):
        if game.state.turn == 4 and game.state.step is Step.UPKEEP:
            break
        kind = game.pending[0]
        if kind == "priority":
            pos.passes(1)
        elif kind == "attackers":
            pos.attack(["giant"])
        elif kind == "blockers":
            pos.block([("seeker", "giant")])
        elif kind == "discard":
            hand = game.state.players[0].hand
            game.apply(Discard(tuple(hand[-game.pending[2]:])))
    return pos, list(game.events)


def _which_step(qid: str, key: str) -> Question:
    pos, events = _turn_log()
    kind, rule = WHICH_STEPS[key]
    event = next(e for e in events if e.kind == kind and rule in e.rules)
    answer = event.step
    rng = random.Random(qid)
    i = ALL_STEPS.index(answer)
    options = _step_options(answer, rng, [ALL_STEPS[(i + 1) % len(ALL_STEPS)], ALL_STEPS[i - 1]])

    def sentence(lang: str) -> str:
        return t(f"quiz.which_step.event.{key}", lang)

    def prompt(lang: str) -> str:
        return t("quiz.which_step.ask", lang, event=sentence(lang))

    def explanation(lang: str) -> str:
        return t("quiz.which_step.answer", lang, event=sentence(lang), step=step_text(answer, lang),
                 rules=", ".join(event.rules))

    return Question(
        id=qid, kind="which-step", card=qid, topic=("turn", "steps"), difficulty=1, prompt=both(prompt),
        options=tuple(both(lambda lang, s=s: str(step_text(s, lang))) for s in options), answer_format="choice",
        answer=options.index(answer) + 1, explanation=both(explanation),
        rules=tuple(dict.fromkeys((*event.rules, Step.from_key(answer).rule))),
        concepts=("turn", "step", STEP_CONCEPTS[answer]),
        expected_ms=12_000, data={"event": event.kind})


def build_fixed(qid: str) -> Question:
    """A fixed rules question by id (UnknownQuestion if there is none)."""
    kind, _, key = qid.partition(":")
    if kind == "next-step" and key in NEXT_STEPS:
        return _next_step(qid, key)
    if kind == "which-step" and key in WHICH_STEPS:
        return _which_step(qid, key)
    raise UnknownQuestion("quiz.error.unknown_id", id=qid)


# ---- step-order and which-rule (generated) ------------------------------------------------------------------------
def build_generated(family: str, seed: int) -> Question:
    """``step-order:*`` and ``which-rule:*`` questions."""
    rng = random.Random(f"{family}@{seed}")
    if family in ORDER_SCOPES:
        return _step_order(family, seed, rng)
    for _ in range(200):
        try:
            return _which_rule(family, seed, rng)
        except Rejected:
            continue
    raise RuntimeError(f"{family}@{seed}: no acceptable position")  # pragma: no cover


def _step_order(family: str, seed: int, rng: random.Random) -> Question:
    scope = [s for s in ORDER_SCOPES[family] if s != "first_strike_damage" or rng.random() < 0.5]
    steps = sorted(rng.sample(scope, min(len(scope), rng.randint(3, 5))), key=ALL_STEPS.index)
    shown = steps[:]
    while shown == steps:
        rng.shuffle(shown)
    answer = [shown.index(s) + 1 for s in steps]

    def explanation(lang: str) -> str:
        return t("quiz.step_order.answer", lang, steps=" → ".join(str(step_text(s, lang)) for s in steps))

    return Question(
        id=f"{family}@{seed}", kind="step-order", card=family, family=family, seed=seed, topic=("turn", "steps"),
        difficulty=1 if len(steps) <= 3 else 2, prompt=both(lambda lang: t("quiz.step_order.ask", lang)),
        options=tuple(both(lambda lang, s=s: str(step_text(s, lang))) for s in shown), answer_format="order",
        answer=answer, explanation=both(explanation),
        rules=tuple(dict.fromkeys(("500.1", *(Step.from_key(s).rule for s in steps)))), concepts=("turn", "step"),
        expected_ms=20_000)


def _which_rule(family: str, seed: int, rng: random.Random) -> Question:
    from tutor.quiz import blocking_q, casting_q

    spell_types: frozenset[str] | tuple = ()
    if family == "which-rule:block":
        sub = rng.choice(sorted(blocking_q.FAMILIES))
        ctx = blocking_q._attempt(sub, seed, rng, hook=lambda c: c)
        refused = [(g, r) for g, r in zip(ctx["candidates"], ctx["results"]) if r is not None]
        group, exc = rng.choice(refused)
        pos = ctx["pos"]
        attempt = {"block": dict(ctx["blocks_of"](group))}

        def action(lang: str) -> str:
            return t("quiz.which_rule.block", lang, names=ctx["names"](group, lang),
                     attacker=name_of(pos.cards, pos.card_of[ctx["attacker_of"](group)], lang))
    elif family == "which-rule:cast":
        sub = rng.choice(sorted(casting_q.FAMILIES))
        ctx = casting_q._attempt(sub, seed, rng, hook=lambda c: c)
        refusals = sorted(ctx["refusals"].items())
        alias, exc = rng.choice([r for r in refusals if r[1].reason != "land_not_spell"] or refusals)
        pos = ctx["pos"]
        spell_types = pos.cards[pos.card_of[alias]].types
        cast = ctx["tried"][alias]
        attempt = {"cast": alias, "by": ctx["who"]}
        if cast.targets:
            attempt["targets"] = [pos.alias_of(x) or Player(-1 - x).letter for x in cast.targets]
        if cast.sacrifice is not None:
            attempt["sacrifice"] = pos.alias_of(cast.sacrifice)

        def action(lang: str) -> str:
            return t("quiz.which_rule.cast", lang, player=ctx["who"],
                     card=name_of(pos.cards, pos.card_of[alias], lang))
    else:
        ctx, exc, action = _attack_refusal(rng)
        pos = ctx["pos"]
        attempt = {"attack": ["wants"]}
    answer = exc.rule
    decide = deciding_rules(exc.reason, spell_types)
    pool = [r for r in _DISTRACTORS[family] if r != answer and r not in decide]  # one option decides
    pool = [r for r in pool if headline(r, "it")] or pool  # with their summaries when the digest is installed
    options = [answer, *rng.sample(pool, 3)]
    rng.shuffle(options)

    def option(rule: str, lang: str) -> str:
        text = headline(rule, lang, sentence=_OPTION_SENTENCE.get(rule, 0))
        return f"{rule} — {text}" if text else rule

    def prompt(lang: str) -> str:
        return "\n".join([*ctx["situation"](lang), action(lang), t("quiz.which_rule.ask", lang),
                          t("quiz.which_rule.unofficial", lang)])

    def explanation(lang: str) -> str:
        return t("quiz.which_rule.answer", lang, reason=illegal_text(exc, lang), rule=answer)

    return Question(
        id=f"{family}@{seed}", kind="which-rule", card=family, family=family, seed=seed,
        topic=which_rule_topics(family), difficulty=3, prompt=both(prompt),
        options=tuple(both(lambda lang, r=r: option(r, lang)) for r in options), answer_format="choice",
        answer=options.index(answer) + 1, explanation=both(explanation),
        rules=(answer, *sorted(decide - {answer})), expected_ms=40_000,
        data={"position": pos.spec(), "test_cards": list(pos.test_cards.values()), "refused": exc.reason,
              "attempt": attempt})


_ATTACK_KEYWORDS = frozenset({k.name for k in CANT_ATTACK} | ATTACKS_WHEN_SICK)  # defender, haste (registry)


def _attack_refusal(rng: random.Random):
    """A creature A would like to attack with, that can't: summoning sick, tapped or with defender."""
    from tutor.quiz.position import pool

    pos = Position(Step.DECLARE_ATTACKERS)
    problem = rng.choice(("sick", "tapped", "defender"))
    creatures = sorted(c for c, d in pool().items() if "creature" in d.types and not d.token
                       and not d.keywords & _ATTACK_KEYWORDS)
    card = "roc-egg" if problem == "defender" else rng.choice(creatures)
    pos.add(card, 0, alias="wants", sick=problem == "sick", tapped=problem == "tapped")
    for i, other in enumerate(rng.sample(creatures, rng.randint(0, 2))):
        pos.add(other, 0, alias=f"other{i}", sick=rng.random() < 0.3)
    pos.add(rng.choice(creatures), 1, alias="b1")
    game = pos.start()
    exc = None
    try:
        game.apply(DeclareAttackers((pos.ids["wants"],)))
    except IllegalAction as refusal:
        exc = refusal
    if exc is None:
        raise Rejected("the attack is legal")
    view = game.view()

    def situation(lang: str) -> list[str]:
        mine = [creature_text(p, pos.cards, lang) for p in view.permanents if p.controller == 0]
        return [t("quiz.which_rule.attack_intro", lang), bullets(mine)]

    def action(lang: str) -> str:
        return t("quiz.which_rule.attack", lang, card=card_name(pos.cards, card, lang))

    return {"pos": pos, "situation": situation}, exc, action
