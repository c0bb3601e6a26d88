"""Casting questions computed by the engine: "which of these cards in hand can the player with priority cast now?"
(timing, the stack, mana, targets, additional costs).

The position is set up at a step of A's turn (A active), with a spell on the stack or not, and the player who is
asked holding priority. A card can be cast when the engine generates a legal ``CastSpell`` for it
(``game.source_actions``, targets and X included); otherwise the explanation gives the engine's refusal with its
rule (the deepest one found over the possible targets: timing before targets, targets before payment). A hand in
which every card, or none, can be cast is rejected as trivial.
"""

from __future__ import annotations

import random

from tutor.engine import CastSpell, IllegalAction, PassPriority, Step
from tutor.engine.view import Player
from tutor.engine_text import illegal_text
from tutor.i18n import pick, t
from tutor.quiz.describe import bullets, card_name, creature_text, step_text
from tutor.quiz.model import Question, Rejected, both, draw
from tutor.quiz.position import Position, pool

__all__ = ["FAMILIES", "TIMING_RULES", "build", "castable", "hand_card_text", "refusal", "rejection",
           "stack_item_text", "timing_rules"]

# family -> (difficulty, topics)
FAMILIES: dict[str, tuple[int, tuple[str, ...]]] = {
    "can-cast:own-main": (1, ("casting", "timing")),
    "can-cast:stack": (2, ("casting", "timing", "stack")),
    "can-cast:opponent-turn": (2, ("casting", "timing", "priority")),
    "can-cast:combat": (2, ("casting", "timing", "combat")),
    "can-cast:mana": (1, ("casting", "mana")),
}
_LANDS = ("plains", "island", "swamp", "mountain", "forest")
_TARGET_REASONS = ("target_count", "illegal_target", "same_target_twice")
_UNMODELLED = frozenset({"mind-rot"})  # its discard choice is not modelled (lessons/README.md)
# When a noninstant card may be cast, by card type: its type's own rule (with 117.1a for every spell).
TIMING_RULES = {"sorcery": "307.1", "creature": "302.1", "enchantment": "303.1", "artifact": "301.1"}


def timing_rules(card_types) -> tuple[str, ...]:
    """The rules that say when a card of `card_types` may be cast in its owner's main phase: 117.1a and the rule
    of each of its types (a creature: 302.1, not the sorcery rule 307.1)."""
    return ("117.1a", *(TIMING_RULES[x] for x in sorted(card_types) if x in TIMING_RULES))



def _hand_pool() -> list[str]:
    """The cards a hand is drawn from: no planeswalker (a card line says no loyalty, and no type word or timing rule
    here is a planeswalker's), no power/toughness defined by a characteristic-defining ability (604.3: a card line
    prints the P/T box, which Tarmogoyf does not have)."""
    return sorted(cid for cid, c in pool().items() if not c.token and cid not in _UNMODELLED
                  and "planeswalker" not in c.types and not c.cda
                  and not any(a.kind == "triggered" and a.targets for a in c.abilities))


def rejection(game, action) -> IllegalAction | None:
    """None if `action` is legal now, else the engine's refusal (:meth:`~tutor.engine.Game.refusal`)."""
    return game.refusal(action)


def castable(game, oid: int) -> bool:
    """Whether the player with priority can cast the card `oid` now (:meth:`~tutor.engine.Game.can_cast`)."""
    return game.can_cast(oid)


def refusal(game, oid: int) -> tuple[IllegalAction, CastSpell]:
    """Why the card `oid` can't be cast now, and the cast refused (:meth:`~tutor.engine.Game.cast_refusal`)."""
    return game.cast_refusal(oid)


def _why_not(exc, lang: str) -> str:
    """Why a card can't be cast, for the explanation. `refusal` tried every target, so an illegal target there
    means that no legal target exists ("nessun bersaglio legale", not "bersaglio non legale")."""
    if exc.reason == "illegal_target":
        return t("reason_with_rule", lang, reason=t("quiz.cast.no_legal_target", lang), rule=exc.rule)
    return illegal_text(exc, lang)


def _one_line(text: str) -> str:
    """A card's rules text on one line: each line a sentence ("Flash\nDeathtouch" → "Flash. Deathtouch")."""
    lines = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
    return " ".join(line if i == len(lines) - 1 or line[-1] in ".!?:;)»" else line + "."
                    for i, line in enumerate(lines))


def hand_card_text(card, lang: str) -> str:
    """A card in hand for a prompt: name, cost, type, keywords and rules text."""
    from tutor.i18n.terms import keyword_noun

    types = card.types
    if "land" in types:
        kind = "land"
    elif {"artifact", "creature"} <= types:
        kind = "artifact_creature"
    elif "Aura" in card.subtypes:
        kind = "aura"
    else:
        kind = next(k for k in ("creature", "artifact", "enchantment", "instant", "sorcery") if k in types)
    text = _one_line(pick(card.text, lang)) if card.text else ""
    parts = [t(f"quiz.type.{kind}", lang)]
    if card.keywords and not text:
        parts.append(", ".join(str(keyword_noun(k, lang)) for k in sorted(card.keywords)))
    if "creature" in types:
        parts.append(f"{card.power}/{card.toughness}")
    cost = "" if "land" in types else f" {card.cost}"
    line = f"{pick(card.name, lang)}{cost} — {'; '.join(parts)}"
    return t("quiz.cast.card_text", lang, card=line, text=text) if text else line


def _setup(family: str, rng: random.Random):
    steps = {"can-cast:own-main": (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN),
             "can-cast:stack": (Step.PRECOMBAT_MAIN,), "can-cast:mana": (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN),
             "can-cast:opponent-turn": (Step.UPKEEP, Step.DRAW, Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT,
                                        Step.END),
             "can-cast:combat": (Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS, Step.END_OF_COMBAT)}[family]
    step = rng.choice(steps)
    pos = Position(step, life=(rng.randint(3, 20), rng.randint(3, 20)))
    asker = 1 if family == "can-cast:opponent-turn" else (rng.choice((0, 1)) if family in (
        "can-cast:stack", "can-cast:combat") else 0)
    for p in (0, 1):
        for _ in range(3):
            pos.add("forest", p, "library")
    # no triggered abilities; no static ability that changes what spells cost (601.2f: Thalia's "noncreature spells
    # cost {1} more"), which decides what can be cast while the prompt names only a creature's P/T and keywords
    creatures = sorted(cid for cid, c in pool().items() if "creature" in c.types and not c.token
                       and not any(a.kind in ("triggered", "cost") for a in c.abilities))
    for p in (0, 1):
        for cid in rng.sample(creatures, rng.randint(0, 2)):
            pos.add(cid, p, alias=f"{'ab'[p]}-{cid}")
    if rng.random() < 0.3:
        pos.add(rng.choice(("greed", "phyrexian-arena")), rng.choice((0, 1)))
    if family == "can-cast:mana":
        hand = rng.sample([c for c in _hand_pool() if "land" not in pool()[c].types], 4)
    else:
        hand = rng.sample(_hand_pool(), rng.randint(3, 4))
    for cid in hand:
        pos.add(cid, asker, "hand", alias=f"hand-{cid}")
    colors = rng.sample(_LANDS, rng.randint(1, 3))
    for i in range(rng.randint(1, 5)):
        pos.add(colors[i % len(colors)], asker, alias=f"land{i + 1}")
    opener = None
    if family == "can-cast:stack":
        instants = [c for c in _hand_pool() if "instant" in pool()[c].types and c not in hand]
        opener = rng.choice(instants)
        caster = 0
        pos.add(opener, caster, "hand", alias="opener")
        for i in range(3):
            pos.add("mountain" if i % 2 else "forest", caster, alias=f"opener-land{i + 1}")
        for _ in range(2):
            pos.add(rng.choice(("mountain", "plains", "island", "swamp", "forest")), caster)
    return pos, asker, hand, opener


def _play_to_question(family: str, pos: Position, asker: int, opener: str | None, rng: random.Random):
    game = pos.start()
    if family == "can-cast:combat" and pos.step is Step.DECLARE_ATTACKERS:
        able = [a for a in pos.ids if a.startswith("a-") and pos.game.view().permanent(pos.ids[a]) is not None]
        pos.attack(able[:1])
    if family == "can-cast:stack":
        # the casts `pos.cast` plays (targets only): not kicked, no modes, not for an alternative cost
        casts = [a for a in game.source_actions(pos.ids["opener"]) if isinstance(a, CastSpell)
                 and not (a.kicked or a.modes or a.alternative)]
        if not casts:
            raise Rejected("the opening spell can't be cast")
        cast = rng.choice(casts)
        targets = [pos.alias_of(x) or Player(-1 - x).letter for x in cast.targets]
        pos.cast("opener", targets)
    if game.pending[0] != "priority":
        raise Rejected("nobody has priority")
    if game.pending[1] != asker:
        game_pass = PassPriority()
        if game_pass not in game.legal_actions():
            raise Rejected("can't pass")
        pos.passes(1)
    if game.pending != ("priority", asker):
        raise Rejected("the asked player has no priority")


def build(family: str, seed: int) -> Question:
    """The question ``family@seed``."""
    return draw(family, seed, _attempt)


def _attempt(family: str, seed: int, rng: random.Random, hook=None) -> Question:
    difficulty, topics = FAMILIES[family]
    pos, asker, hand, opener = _setup(family, rng)
    _play_to_question(family, pos, asker, opener, rng)
    game = pos.game
    aliases = [f"hand-{cid}" for cid in hand]
    verdicts = {a: castable(game, pos.ids[a]) for a in aliases}
    if all(verdicts.values()) or not any(verdicts.values()):
        raise Rejected("every card, or none, can be cast")
    tried = {a: refusal(game, pos.ids[a]) for a in aliases if not verdicts[a]}
    refusals = {a: exc for a, (exc, _) in tried.items()}
    if family == "can-cast:mana" and not any(exc.rule == "601.2h" for exc in refusals.values()):
        raise Rejected("no card is refused for its cost (601.2h)")
    timing = {a: game.cast_timing(pos.ids[a]) for a in aliases}  # (instant | flash | main, its rule)
    view = game.view()
    cards = pos.cards
    who = Player(asker).letter

    def situation(lang: str) -> list[str]:
        lines = [t("quiz.cast.turn_step", lang, step=step_text(view.step.key, lang))]
        if view.stack:
            items = "; ".join(stack_item_text(it, pos, lang, view) for it in view.stack)
            lines.append(t("quiz.cast.stack", lang, items=items))
        else:
            lines.append(t("quiz.cast.stack_empty", lang))
        for p in (0, 1):
            creatures = [creature_text(x, cards, lang) for x in view.permanents if x.controller == p and x.is_creature]
            others = [card_name(cards, x.card, lang) for x in view.permanents
                      if x.controller == p and not x.is_creature and "land" not in x.types]
            lines.append(t("quiz.cast.creatures", lang, player=Player(p).letter, list=", ".join(creatures))
                         if creatures else t("quiz.cast.no_creatures", lang, player=Player(p).letter))
            if others:
                lines.append(t("quiz.cast.others", lang, player=Player(p).letter, list=", ".join(others)))
        lands = sorted(card_name(cards, x.card, lang) for x in view.permanents
                       if x.controller == asker and "land" in x.types and not x.tapped)
        lines.append(t("quiz.cast.priority", lang, player=who))
        lines.append(t("quiz.cast.lands", lang, player=who, lands=", ".join(lands))
                     if lands else t("quiz.cast.no_lands", lang, player=who))
        lines += [t("quiz.cast.hand", lang, player=who), bullets([hand_card_text(cards[cid], lang) for cid in hand])]
        return lines

    def prompt(lang: str) -> str:
        return "\n".join([*situation(lang), t("quiz.cast.ask", lang, player=who)])

    def explanation(lang: str) -> str:
        lines = []
        for cid, alias in zip(hand, aliases):
            name = card_name(cards, cid, lang)
            if verdicts[alias]:
                lines.append(t(f"quiz.cast.yes_{timing[alias][0]}", lang, name=name, player=who,
                               rules=", ".join(timing_rules(cards[cid].types))))
            else:
                lines.append(t("quiz.cast.no", lang, name=name, reason=_why_not(refusals[alias], lang)))
        return "\n".join(lines)

    if hook is not None:
        return hook({"pos": pos, "situation": situation, "refusals": refusals, "tried": {
            a: action for a, (_, action) in tried.items()}, "who": who})
    rules = ["117.1a", "601.2"]
    for alias in aliases:
        if verdicts[alias]:
            rules.extend(timing_rules(pos.cards[pos.card_of[alias]].types) if timing[alias][0] == "main"
                         else (timing[alias][1],))
        else:
            rules.append(refusals[alias].rule)
    return Question(
        id=f"{family}@{seed}", kind="can-cast", card=family, family=family, seed=seed, topic=topics,
        difficulty=difficulty, prompt=both(prompt),
        options=tuple(both(lambda lang, c=cid: card_name(cards, c, lang)) for cid in hand),
        answer_format="choices", answer=[i + 1 for i, a in enumerate(aliases) if verdicts[a]],
        explanation=both(explanation), rules=tuple(dict.fromkeys(rules)), concepts=("cast-spell", "priority"),
        hints=(both(lambda lang: t("quiz.hint.cast." + family.split(":", 1)[1], lang)),), expected_ms=40_000,
        data={"position": pos.spec(), "test_cards": [], "hand": aliases, "asker": who})


def stack_item_text(item, pos: Position, lang: str, view=None) -> str:
    """A stack item: "Shock (A) → Orsi Grizzly"; an ability: "abilità di «Monaco Venerabile» (A)". `view`: the
    board the targets are on (the current one when None)."""
    cards = pos.cards
    view = view or pos.game.view()
    name = card_name(cards, item.card, lang)
    if item.kind.value != "spell":
        name = t("quiz.stack.ability_of", lang, name=name)
    text = t("quiz.option_creature", lang, name=name, player=Player(item.controller).letter)
    targets = []
    for target in item.targets:
        if target.player is not None:
            targets.append(t("quiz.stack.player", lang, player=Player(target.player).letter))
        else:
            perm = view.permanent(target.object)
            obj_card = perm.card if perm else pos.game.object_cards.get(target.object, "?")
            targets.append(card_name(cards, obj_card, lang))
    if item.x:
        text += f" (X = {item.x})"
    return text + (f" → {', '.join(targets)}" if targets else "")
