"""Combat questions computed by the engine: "which creatures die?", "what is B's life total after combat?".

A family (``combat:trample``, ``combat:deathtouch`` …) is the skill FSRS schedules; a seed picks one position of
it. The generator draws attackers and blockers (from the card pool, or test creatures for combinations the pool
lacks), sets the position up with the engine's public API (:class:`~tutor.quiz.position.Position`), declares
attacks and blocks, then plays the combat **on the same game with** ``push`` / ``pop`` to the end of combat and
reads the answer from ``game.view()``; the explanation is the event log of that combat, each step with its rules.

Rejected and drawn again: positions where no creature is blocked or nothing happens that the question asks about
(nothing dies for "which die?", no change for "how much life?"), and positions whose outcome would depend on a
choice the question does not state (a damage assignment: trample assigns as much as it can to the player, a
creature blocked by several divides its damage as the prompt says; no triggered abilities with targets).
"""

from __future__ import annotations

import random
from functools import lru_cache

from tutor.engine import IllegalAction, PassPriority, Step
from tutor.engine.actions import AssignCombatDamage, player_target
from tutor.engine.events import EventKind
from tutor.engine.keywords import KEYWORD, quiz_keywords
from tutor.engine.view import Player
from tutor.events_text import render_event
from tutor.i18n import catalog, t
from tutor.i18n.terms import keyword_noun
from tutor.quiz.describe import bullets, card_name, creature_text, lives_text, name_of, option_creature, step_text
from tutor.quiz.model import Question, Rejected, both, draw
from tutor.quiz.position import Position, Trial, pool, test_creature

__all__ = ["FAMILIES", "build", "solve"]

# The keyword families come from the keyword registry (tutor.engine.keywords: each entry's `QuizUse`), one
# keyword each; the plain, combined and multi-block families are the quiz's own.
_BY_FAMILY = quiz_keywords("combat:")
COMBAT_KEYWORDS = tuple(k.name for ks in _BY_FAMILY.values() for k in ks)
# family -> (keywords that must be in combat, where: "attacker" | "any", difficulty, topics)
FAMILIES: dict[str, tuple[tuple[str, ...], str, int, tuple[str, ...]]] = {
    "combat:plain": ((), "any", 1, ("combat", "damage")),
    **{family: ((k.name,), k.quiz.where, k.quiz.difficulty, k.quiz.topics) for family, (k,) in _BY_FAMILY.items()},
    "combat:trample-deathtouch": (("trample", "deathtouch"), "attacker", 3,
                                  ("combat", "damage", "keywords", "trample", "deathtouch")),
    "combat:double-strike-lifelink": (("double strike", "lifelink"), "any", 3,
                                      ("combat", "damage", "keywords", "double-strike", "lifelink")),
    "combat:multi-block": ((), "any", 2, ("combat", "damage", "blocking")),
}
_KEYWORD_RULES = {k.name: k.quiz.rules for ks in _BY_FAMILY.values() for k in ks}
# A keyword that works only on an attacker (its QuizUse.where), held by a blocker alone: the rule that says so.
_ON_A_BLOCKER = {"trample": ("702.19a",)}
_SHOWN_EVENTS = frozenset({EventKind.FIRST_STRIKE_STEP, EventKind.DAMAGE, EventKind.DAMAGE_PREVENTED, EventKind.LIFE_GAIN, EventKind.SBA, EventKind.DIES,
                           EventKind.INDESTRUCTIBLE, EventKind.SBA_LIFE, EventKind.GAME_WON, EventKind.GAME_DRAW})



@lru_cache(maxsize=64)
def _pool_creatures(allowed: frozenset) -> list[str]:
    """Pool creatures with no abilities (no triggers to target) whose keywords are all among `allowed`, and whose
    power and toughness are printed: not one defined by a characteristic-defining ability (604.3, 613.4a:
    Tarmogoyf's change as cards are put into graveyards during the combat itself)."""
    return sorted(cid for cid, c in pool().items() if "creature" in c.types and not c.token and not c.abilities
                  and not c.cda and c.power is not None and c.toughness is not None and c.keywords <= allowed)


def _pick(rng: random.Random, pos: Position, need: tuple[str, ...], extra_ok: bool) -> str:
    """A creature's card id with the keywords `need`: a pool card when one fits (half the time), else a test
    creature (random P/T, maybe one more combat keyword)."""
    allowed = frozenset(COMBAT_KEYWORDS) if extra_ok else frozenset(need)
    fits = [cid for cid in _pool_creatures(allowed) if set(need) <= pool()[cid].keywords
            and cid not in pos.card_of.values()]
    if fits and rng.random() < 0.5:
        return rng.choice(fits)
    keywords = set(need)
    if extra_ok and rng.random() < 0.25:
        keywords.add(rng.choice(COMBAT_KEYWORDS))
    if {"first strike", "double strike"} <= keywords:  # double strike already includes first strike (702.4b)
        keywords.discard("first strike" if "double strike" in need or "first strike" not in need else "double strike")
    card, d = test_creature(rng.randint(1, 6), rng.randint(1, 6), keywords)
    if card.id in pos.card_of.values():
        raise Rejected("the same test creature twice")
    return pos.use_test_card(card, d)


def _setup(family: str, rng: random.Random) -> tuple[Position, list[str], list[tuple[str, str]], dict]:
    need, where, _, _ = FAMILIES[family]
    life = (rng.choice((20, 20, rng.randint(5, 19))), rng.choice((20, 20, rng.randint(3, 19))))
    pos = Position(Step.DECLARE_ATTACKERS, life=life)
    multi = family == "combat:multi-block"
    extra_ok = family not in ("combat:plain", "combat:multi-block")
    n_att = 1 if multi else rng.choice((1, 1, 2, 2, 3))
    key_on_attacker = where == "attacker" or rng.random() < 0.5
    attackers = []
    for i in range(n_att):
        card = _pick(rng, pos, need if (i == 0 and key_on_attacker) else (), extra_ok and i == 0)
        attackers.append(pos.add(card, 0, alias=f"a{i + 1}"))
    blocks: list[tuple[str, str]] = []
    n_blockers = 2 if multi else rng.randint(1, n_att + (1 if n_att < 3 else 0))
    for j in range(n_blockers):
        mine = need if (j == 0 and not key_on_attacker) else ()
        card = _pick(rng, pos, mine, extra_ok and j == 0)
        damage = 0
        toughness = pos.cards[card].toughness
        if rng.random() < 0.15 and toughness > 1:
            damage = rng.randint(1, toughness - 1)
        alias = pos.add(card, 1, alias=f"b{j + 1}", sick=rng.random() < 0.2, damage=damage)
        target = "a1" if (multi or j == 0) else rng.choice(attackers)
        blocks.append((alias, target))
    split: dict = {}
    return pos, attackers, blocks, split


def _max_to_player(game, attacker: int) -> AssignCombatDamage:
    """With trample, as much damage as possible to the defending player: lethal damage to each blocker, the rest
    to the player. Raises :class:`Rejected` where the damage could be divided in more than one way the prompt
    does not state (several blockers without trample, or too little power for lethal damage to all)."""
    view = game.view()
    att = view.permanent(attacker)
    blockers = [p.object for p in view.permanents if p.blocking == attacker]
    lethal = sum(game.lethal_damage(b, attacker) for b in blockers)
    if len(blockers) > 1 and ("trample" not in att.keywords or att.power < lethal):
        raise Rejected("the division of the damage would be a choice")
    left, plan = max(0, att.power), []
    for b in blockers:
        give = min(left, game.lethal_damage(b, attacker))
        plan.append((b, give))
        left -= give
    if left:
        if "trample" in att.keywords:
            plan.append((player_target(att.attacking), left))
        else:
            plan[-1] = (plan[-1][0], plan[-1][1] + left)
    return AssignCombatDamage(attacker, tuple(p for p in plan if p[1]) or ((blockers[0], 0),))


def solve(pos: Position, split: dict) -> tuple[dict, list, list[dict]]:
    """Play the combat to the end of combat and come back (:class:`Trial`): the result (``dead``: aliases of the
    combatants that left the battlefield, ``life``: both life totals), the events, and the actions played (in
    the scenario format). Raises :class:`Rejected` on a decision the question does not state."""
    game = pos.game
    start, then = len(game.events), []
    with Trial(game) as play:
        while game.outcome is None and game.state.step is not Step.END_OF_COMBAT:
            pending = game.pending
            if pending[0] == "priority":
                play(PassPriority())
                then.append({"pass": 1})
            elif pending[0] == "damage":
                attacker = pending[2]
                alias = pos.alias_of(attacker)
                if alias in split:
                    action = AssignCombatDamage(attacker, tuple((pos.ids[b], n) for b, n in split[alias]))
                else:
                    action = _max_to_player(game, attacker)  # Rejected when that is not the only way
                if action not in game.legal_actions():
                    raise Rejected("no legal assignment by the stated policy")
                play(action)
                then.append({"assign": alias, "damage": {(pos.alias_of(r) or Player(-1 - r).letter): n
                                                         for r, n in action.assignment}})
            else:
                raise Rejected(f"an unstated decision: {pending[0]}")
        view = game.view()
        dead = [a for a in pos.ids if view.permanent(pos.ids[a]) is None]
        result = {"dead": dead, "life": [view.players[0].life, view.players[1].life]}
        events = game.events[start:]
    return result, events, then


def _question_point(family: str, rng: random.Random):
    """Draw a position up to the declared blocks (A has priority in the declare blockers step)."""
    pos, attackers, blocks, split = _setup(family, rng)
    game = pos.start()
    pos.attack(attackers)
    pos.passes(2)
    if game.state.step is not Step.DECLARE_BLOCKERS:
        raise Rejected("no blockers step")
    try:
        pos.block(blocks)
    except IllegalAction as exc:
        raise Rejected(f"illegal block: {exc}") from None
    if family == "combat:multi-block":
        view = game.view()
        power = max(0, view.permanent(pos.ids["a1"]).power)
        if power < 2:
            raise Rejected("too weak to divide")
        first = rng.randint(1, power - 1)
        split["a1"] = [("b1", first), ("b2", power - first)]
    return pos, split


def build(family: str, seed: int) -> Question:
    """The question ``family@seed`` (the same every time)."""
    return draw(family, seed, _attempt)


def _attempt(family: str, seed: int, rng: random.Random) -> Question:
    need, _, difficulty, topics = FAMILIES[family]
    pos, split = _question_point(family, rng)
    view = pos.game.view()
    combat_keywords = {k for p in view.permanents for k in p.keywords}
    if not set(need) <= combat_keywords:
        raise Rejected("the family's keyword is not in combat")
    result, events, then = solve(pos, split)
    life_before = [view.players[0].life, view.players[1].life]
    forms = []
    if result["dead"]:
        forms.append("dead")
    for p in (0, 1):
        if result["life"][p] != life_before[p]:
            forms.append(f"life{p}")
    if not forms:
        raise Rejected("nothing dies and no life changes")
    prefer = [f for f in forms if f != "dead"] if set(need) & {"trample", "lifelink", "double strike"} else forms
    form = rng.choice(prefer or forms)
    if form == "life0" and "lifelink" not in combat_keywords:
        raise Rejected("A's life changes only with lifelink")
    combatants = [p for p in view.permanents if p.attacking is not None or p.blocking is not None]
    answer_format, options, answer = "number", None, None
    if form == "dead":
        answer_format = "choices"
        options = tuple(both(lambda lang, p=p: option_creature(p, pos.cards, lang)) for p in combatants)
        dead_ids = {pos.ids[a] for a in result["dead"]}
        answer = [i + 1 for i, p in enumerate(combatants) if p.object in dead_ids]
    else:
        answer = result["life"][int(form[-1])]
    rules = _rules(events, need, view.permanents, bool(split))
    shown = [e for e in events if e.kind in _SHOWN_EVENTS]

    def prompt(lang: str) -> str:
        return _prompt(pos, view, combatants, split, form, lang)

    def explanation(lang: str) -> str:
        lines = [render_event(e, pos.cards, lang, pos.game.object_cards) for e in shown]
        if form == "dead":
            names = ", ".join(card_name(pos.cards, pos.card_of[a], lang) for a in result["dead"])
            end = t("quiz.combat.answer_dead", lang, names=names)
        else:
            end = t("quiz.combat.answer_life", lang, player=Player(int(form[-1])).letter, life=answer)
        return t("quiz.explain.engine", lang, events=bullets(lines), answer=end)

    difficulty = min(3, difficulty + (len(combatants) >= 4))
    hint_key = "quiz.hint.combat." + family.split(":", 1)[1]
    hint = both(lambda lang: keyword_hint(hint_key, need, lang))
    return Question(
        id=f"{family}@{seed}", kind="combat", card=family, family=family, seed=seed, topic=topics,
        difficulty=difficulty, prompt=both(prompt), options=options, answer_format=answer_format, answer=answer,
        explanation=both(explanation), rules=rules, concepts=_concepts(combat_keywords),
        hints=(hint,), expected_ms=45_000,
        data={"position": pos.spec(), "then": _merge_passes(then), "test_cards": list(pos.test_cards.values()),
              "form": form, "result": result})


def _prompt(pos: Position, view, combatants, split: dict, form: str, lang: str) -> str:
    cards = pos.cards
    attackers = [p for p in combatants if p.attacking is not None]
    lines = [t("quiz.combat.intro", lang, step=step_text("declare_blockers", lang)), lives_text(view, lang),
             t("quiz.combat.attackers", lang), bullets([creature_text(p, cards, lang) for p in attackers])]
    block_lines = []
    for a in attackers:
        blockers = [creature_text(p, cards, lang) for p in combatants if p.blocking == a.object]
        if blockers:
            block_lines.append(t("quiz.combat.block_line", lang, attacker=card_name(cards, a.card, lang),
                                 blockers=", ".join(blockers)))
    lines += [t("quiz.combat.blockers", lang), bullets(block_lines)]
    unblocked = [card_name(cards, p.card, lang) for p in attackers if not p.blocked]
    if unblocked:
        lines.append(t("quiz.combat.unblocked", lang, names=", ".join(unblocked)))
    for p in attackers:
        if "trample" in p.keywords and p.blocked:
            lines.append(t("quiz.combat.assign_trample", lang, attacker=name_of(cards, p.card, lang)))
    for alias, parts in split.items():
        name = name_of(cards, pos.card_of[alias], lang)
        shares = ", ".join(t("quiz.combat.share", lang, n=n, name=name_of(cards, pos.card_of[b], lang))
                           for b, n in parts)
        lines.append(t("quiz.combat.assign_split", lang, attacker=name, shares=shares))
    lines.append(t("quiz.combat.nothing_else", lang))
    if form == "dead":
        lines.append(t("quiz.combat.ask_dead", lang))
    else:
        lines.append(t("quiz.combat.ask_life", lang, player=Player(int(form[-1])).letter))
    return "\n".join(lines)


def _rules(events, need, permanents, divided: bool = False) -> tuple[str, ...]:
    """510.1a (510.1c too when an attacker blocked by several creatures divides its damage among them), the rules
    of the events shown, and those of the combatants' keywords: a keyword that works only on an attacker
    (trample) cites its rules when an attacker has it, else the rule saying it does nothing (702.19a)."""
    rules: list[str] = ["510.1a", "510.1c"] if divided else ["510.1a"]
    for e in events:
        if e.kind in _SHOWN_EVENTS:
            rules.extend(e.rules)
    keywords = {k for p in permanents if p.attacking is not None or p.blocking is not None for k in p.keywords}
    attacking = {k for p in permanents if p.attacking is not None for k in p.keywords}
    for k in sorted(set(need) | (keywords & set(_KEYWORD_RULES))):
        if KEYWORD[k].quiz.where == "attacker" and k not in attacking:
            rules.extend(_ON_A_BLOCKER.get(k, ()))
        else:
            rules.extend(_KEYWORD_RULES[k])
    return tuple(dict.fromkeys(rules))


def _concepts(keywords) -> tuple[str, ...]:
    from tutor.engine.keywords import keyword_concept

    return ("combat-damage", *sorted(keyword_concept(k) for k in keywords if k in COMBAT_KEYWORDS))


def _merge_passes(actions: list[dict]) -> list[dict]:
    out: list[dict] = []
    for a in actions:
        if "pass" in a and out and "pass" in out[-1]:
            out[-1] = {"pass": out[-1]["pass"] + a["pass"]}
        else:
            out.append(dict(a))
    return out


def keyword_hint(key: str, keywords, lang: str) -> str:
    """A family's hint: its own text (catalog `key`), else, for a keyword family that has none yet, the
    keyword's name and its rules from the registry."""
    if key in catalog(lang):
        return t(key, lang)
    rules = dict.fromkeys(r for k in keywords for r in (KEYWORD[k].quiz.rules or KEYWORD[k].rules[1:]))
    return t("quiz.hint.keyword", lang, keywords=keyword_list(keywords, lang), rules=", ".join(rules))


def keyword_list(keywords, lang: str) -> str:
    """Keywords as a comma-separated list of their names in `lang`."""
    return ", ".join(str(keyword_noun(k, lang)) for k in keywords)
