"""Stack questions computed by the engine: what resolves and in which order (405.2, 608.1), what is on the stack
after a triggered ability triggers (603.3), and why a mana ability never is (605.3b).

``stack:lifo`` — A casts a spell, B responds, A may respond again; then everyone passes until the stack is empty.
The engine plays it (``push`` / ``pop``) and the question asks the order of resolution, which spells resolve
(a countered spell or one whose targets are all illegal does not, 608.2b), a life total or which creatures die.
``stack:trigger`` — a creature with an "enters" ability is cast, or a creature with a "dies" ability dies:
what is on the stack at the next priority? ``stack:mana-ability`` — a spell is cast paying with a creature's mana
ability: what is on the stack?
"""

from __future__ import annotations

import random

from tutor.engine import ActivateAbility, CastSpell, PassPriority, Step
from tutor.engine.events import EventKind
from tutor.engine.view import Player
from tutor.events_text import render_event
from tutor.i18n import t
from tutor.quiz.casting_q import stack_item_text
from tutor.quiz.describe import bullets, card_name, creature_text, lives_text, name_of, option_creature
from tutor.quiz.model import Question, Rejected, both, draw
from tutor.quiz.position import Position, Trial, pool

__all__ = ["FAMILIES", "build", "describe_board"]

FAMILIES: dict[str, tuple[int, tuple[str, ...]]] = {
    "stack:lifo": (2, ("stack", "priority")),
    "stack:trigger": (2, ("stack", "triggers")),
    "stack:mana-ability": (1, ("stack", "mana")),
}
_QUIET = frozenset({EventKind.PASS, EventKind.STEP_BEGINS, EventKind.NO_PRIORITY, EventKind.MANA, EventKind.MANA_EMPTIES})
_RESPONSES = ("shock", "giant-growth", "counterspell", "boomerang", "dark-banishing", "inspirit", "fervent-strike",
              "mending-hands", "instill-infection", "erase", "demystify", "holy-day", "raise-the-alarm")
_HELPFUL = frozenset({"giant-growth", "inspirit", "fervent-strike", "mending-hands"})
_OPENERS = _RESPONSES + ("soul-feast", "hungry-flames", "blaze", "pyroclasm", "flame-rift", "bone-splinters")



def build(family: str, seed: int) -> Question:
    """The question ``family@seed``."""
    make = {"stack:lifo": _lifo, "stack:trigger": _trigger, "stack:mana-ability": _mana_ability}[family]
    return draw(family, seed, make)


def _creatures(rng: random.Random, pos: Position, counts: tuple[int, int]) -> None:
    # no triggered abilities; no power/toughness defined by a characteristic-defining ability (604.3: Tarmogoyf's
    # grow as the spells that resolve are put into the graveyard, which the board in the prompt can't say)
    plain = sorted(cid for cid, c in pool().items() if "creature" in c.types and not c.token and not c.cda
                   and not any(a.kind == "triggered" for a in c.abilities))
    for p in (0, 1):
        for cid in rng.sample(plain, rng.randint(*counts)):
            pos.add(cid, p, alias=f"{'ab'[p]}-{cid}")


def _cast_random(rng: random.Random, pos: Position, alias: str, by: str) -> bool:
    casts = [a for a in pos.game.source_actions(pos.ids[alias]) if isinstance(a, CastSpell)]
    if not casts:
        return False
    player = pos.owner[alias]
    helpful = pos.cards[pos.card_of[alias]].id in _HELPFUL

    def aim(action) -> int:
        """How well the targets suit the spell: the opponent's things for harm, one's own for help."""
        score = 0
        for x in action.targets:
            owner = -1 - x if x < 0 else pos.game.state.objects[x].controller if x in pos.game.state.objects else None
            if owner is None:
                owner = next((it.controller for it in pos.game.state.stack if it.id == x), None)
            score += (owner == player) == helpful
        return score

    # the record below says targets and X: no sacrifice, no kicker, modes or alternative cost (none of the spells
    # asked about has them)
    casts = [c for c in casts if c.sacrifice is None and c.x <= 3 and not (c.kicked or c.modes or c.alternative)]
    if not casts:
        return False
    best = max(map(aim, casts))
    good = [c for c in casts if aim(c) == best]
    cast = rng.choice([c for c in good if c.x] or good)  # X = 0 would do nothing
    targets = [pos.alias_of(x) or Player(-1 - x).letter for x in cast.targets]
    record = {"cast": alias, "by": by}
    if targets:
        record["targets"] = targets
    if cast.x:
        record["x"] = cast.x
    pos.game.apply(cast)
    pos.actions.append(record)
    pos.refresh()
    return True


def describe_board(pos: Position, view, lang: str) -> list[str]:
    """The life totals and each player's creatures (the board of the engine's stack and copy questions)."""
    lines = [lives_text(view, lang)]
    for p in (0, 1):
        creatures = [creature_text(x, pos.cards, lang) for x in view.permanents if x.controller == p and x.is_creature]
        lines.append(t("quiz.cast.creatures", lang, player=Player(p).letter, list=", ".join(creatures))
                     if creatures else t("quiz.cast.no_creatures", lang, player=Player(p).letter))
    return lines


def _resolve_all(pos: Position):
    """Everyone passes until the stack is empty: each item's fate (id -> resolved | fizzled | countered), the
    resolution order, the events and the view at the end; everything undone afterwards."""
    game = pos.game
    start = len(game.events)
    fate: dict[int, str] = {}
    order: list[int] = []
    trial = Trial(game)
    with trial as play:
        while game.state.stack and game.outcome is None:
            if game.pending[0] != "priority":
                raise Rejected(f"an unstated decision: {game.pending[0]}")
            before = [it.id for it in game.state.stack]
            top = game.next_to_resolve()  # 405.5: the top of the stack, if all pass
            mark = len(game.events)
            play(PassPriority())
            after = {it.id for it in game.state.stack}
            gone = [i for i in before if i not in after]
            if gone:
                kinds = {e.kind for e in game.events[mark:]}
                fate[top] = "fizzled" if EventKind.DOESNT_RESOLVE in kinds else "resolved"
                order.append(top)
                for other in gone:
                    if other != top:
                        fate[other] = "countered"
        if game.state.stack:
            raise Rejected("the game ended with spells on the stack")
        return fate, order, game.events[start:], game.view(), trial.count


def _lifo(family: str, seed: int, rng: random.Random) -> Question:
    pos = Position(Step.PRECOMBAT_MAIN, life=(rng.randint(4, 20), rng.randint(4, 20)))
    _creatures(rng, pos, (1, 2))
    lands = ("plains", "island", "swamp", "mountain", "forest")
    for p, n in ((0, 7), (1, 4)):
        for i in range(n):
            pos.add(lands[(i + rng.randint(0, 4)) % 5], p, alias=f"{'ab'[p]}-land{i + 1}")
    openers, responses = list(_OPENERS), list(_RESPONSES)
    first = rng.choice(openers)
    b_cards = rng.sample(responses, 2)
    a_second = rng.choice([c for c in responses if c != first])
    pos.add(first, 0, "hand", alias="spell-a1")
    pos.add(a_second, 0, "hand", alias="spell-a2")
    for i, cid in enumerate(b_cards):
        pos.add(cid, 1, "hand", alias=f"spell-b{i + 1}")
    pos.start()
    if not _cast_random(rng, pos, "spell-a1", "A"):
        raise Rejected("A can't cast the first spell")
    pos.passes(1)
    b_spell = next((a for a in rng.sample(["spell-b1", "spell-b2"], 2) if _cast_random(rng, pos, a, "B")), None)
    if b_spell is None:
        raise Rejected("B can't respond")
    pos.passes(1)
    if rng.random() < 0.5 and _cast_random(rng, pos, "spell-a2", "A"):
        pass
    view = pos.game.view()
    items = list(view.stack)
    fate, order, events, end, passes = _resolve_all(pos)
    forms = []
    if all(f == "resolved" for f in fate.values()):
        forms.append("order")
    else:
        forms.append("resolves")
    before = [view.players[0].life, view.players[1].life]
    after = [end.players[0].life, end.players[1].life]
    forms += [f"life{p}" for p in (0, 1) if before[p] != after[p]]
    creatures = [p for p in view.permanents if p.is_creature]
    in_graveyards = {c.card for pl in end.players for c in pl.graveyard}
    gone = [p for p in creatures if end.permanent(p.object) is None]
    dead = [i + 1 for i, p in enumerate(creatures) if p in gone and p.card in in_graveyards]
    if dead and len(dead) < len(creatures) and len(dead) == len(gone):  # (a bounced creature is not in a graveyard)
        forms.append("dead")
    form = rng.choice(forms)
    options = None
    shown = list(range(len(items)))
    if form == "order":
        rng.shuffle(shown)
        options = tuple(both(lambda lang, i=i: stack_item_text(items[i], pos, lang, view)) for i in shown)
        answer = [shown.index(next(i for i, it in enumerate(items) if it.id == oid)) + 1 for oid in order]
        answer_format = "order"
    elif form == "resolves":
        options = tuple(both(lambda lang, it=it: stack_item_text(it, pos, lang, view)) for it in items)
        answer = [i + 1 for i, it in enumerate(items) if fate.get(it.id) == "resolved"]
        if not answer:
            raise Rejected("nothing resolves")
        answer_format = "choices"
    elif form == "dead":
        options = tuple(both(lambda lang, p=p: option_creature(p, pos.cards, lang)) for p in creatures)
        answer, answer_format = dead, "choices"
    else:
        answer, answer_format = after[int(form[-1])], "number"
    ask_key = {"order": "quiz.stack.ask_order", "resolves": "quiz.stack.ask_resolves", "dead": "quiz.stack.ask_dead"}

    def prompt(lang: str) -> str:
        lines = [t("quiz.cast.turn_step", lang, step=_step(lang)), *describe_board(pos, view, lang),
                 t("quiz.cast.stack", lang, items="; ".join(stack_item_text(it, pos, lang, view) for it in items)),
                 t("quiz.stack.all_pass", lang)]
        if form in ask_key:
            lines.append(t(ask_key[form], lang))
        else:
            lines.append(t("quiz.stack.ask_life", lang, player=Player(int(form[-1])).letter))
        return "\n".join(lines)

    def explanation(lang: str) -> str:
        lines = [render_event(e, pos.cards, lang, pos.game.object_cards) for e in events if e.kind not in _QUIET]
        return t("quiz.explain.stack", lang, events=bullets(lines))

    rules = ["405.2", "608.1", "117.4"]
    for e in events:
        if e.kind in (EventKind.DOESNT_RESOLVE, EventKind.COUNTERED, EventKind.DAMAGE, EventKind.DIES, EventKind.LIFE_GAIN, EventKind.LIFE_LOSS, EventKind.SBA, EventKind.PUMP):
            rules.extend(e.rules)
    return Question(
        id=f"{family}@{seed}", kind="stack", card=family, family=family, seed=seed, topic=FAMILIES[family][1],
        difficulty=FAMILIES[family][0] + (len(items) >= 3), prompt=both(prompt), options=options,
        answer_format=answer_format, answer=answer, explanation=both(explanation),
        rules=tuple(dict.fromkeys(rules)), concepts=("stack", "resolve", "priority"),
        hints=(both(lambda lang: t("quiz.hint.stack.lifo", lang)),), expected_ms=45_000,
        data={"position": pos.spec(), "then": [{"pass": passes}], "test_cards": [], "form": form,
              "fate": [fate.get(it.id) for it in items], "items": [[it.card, Player(it.controller).letter] for it in items],
              "shown": shown, "creatures": [p.card for p in creatures]})


def _step(lang: str):
    from tutor.quiz.describe import step_text

    return step_text("precombat_main", lang)


def _state_text(state: list[tuple[str, str, int]], pos: Position, lang: str) -> str:
    """A (possible) stack, bottom first: [("spell" | "trigger" | "mana", card id, controller)]."""
    if not state:
        return t("quiz.stack.state_empty", lang)
    parts = []
    for kind, card, controller in state:
        name = card_name(pos.cards, card, lang)
        if kind != "spell":
            name = t(f"quiz.stack.{kind}_of", lang, name=name)
        parts.append(t("quiz.option_creature", lang, name=name, player=Player(controller).letter))
    return "; ".join(parts)


def _state_question(family: str, seed: int, rng: random.Random, pos: Position, view, situation_key: str,
                    fields: dict, actual: list, candidates: list, events, rules: tuple, concepts: tuple,
                    hint: str) -> Question:
    """A choice among possible stacks (bottom first); the right one is what the engine shows."""
    unique = []
    for c in [actual, *candidates]:
        if c not in unique:
            unique.append(c)
    options = unique[:4]
    rng.shuffle(options)

    def prompt(lang: str) -> str:
        lines = [*describe_board(pos, view, lang), t(situation_key, lang, **{k: v(lang) if callable(v) else v
                                                                            for k, v in fields.items()}),
                 t("quiz.stack.ask_state", lang)]
        return "\n".join(lines)

    def explanation(lang: str) -> str:
        lines = ([render_event(e, pos.cards, lang, pos.game.object_cards) for e in events if e.kind not in _QUIET]
                 or [render_event(e, pos.cards, lang, pos.game.object_cards) for e in events if e.kind == EventKind.PASS])
        return t("quiz.explain.stack_now", lang, events=bullets(lines), stack=_state_text(actual, pos, lang))

    return Question(
        id=f"{family}@{seed}", kind="stack", card=family, family=family, seed=seed, topic=FAMILIES[family][1],
        difficulty=FAMILIES[family][0], prompt=both(prompt),
        options=tuple(both(lambda lang, o=o: _state_text(o, pos, lang)) for o in options), answer_format="choice",
        answer=options.index(actual) + 1, explanation=both(explanation), rules=rules, concepts=concepts,
        hints=(both(lambda lang: t(hint, lang)),), expected_ms=30_000,
        data={"position": pos.spec(), "test_cards": [], "stack": [list(x) for x in actual]})


def _stack_state(view) -> list[tuple[str, str, int]]:
    return [("spell" if it.kind.value == "spell" else "trigger" if it.trigger else "ability", it.card, it.controller)
            for it in view.stack]


def _trigger(family: str, seed: int, rng: random.Random) -> Question:
    variant = rng.choice(("enters", "dies"))
    pos = Position(Step.PRECOMBAT_MAIN if variant == "enters" else Step.DECLARE_ATTACKERS,
                   life=(rng.randint(5, 20), rng.randint(5, 20)))
    _creatures(rng, pos, (0, 1))
    game = pos.game
    if variant == "enters":
        creature = rng.choice(("venerable-monk", "bond-beetle"))
        pos.add(creature, 0, "hand", alias="new")
        for i, land in enumerate(("plains", "plains", "forest", "forest")):
            pos.add(land, 0, alias=f"a-land{i + 1}")
        pos.start()
        before = game.view()
        if not _cast_random(rng, pos, "new", "A"):
            raise Rejected("can't cast the creature")
        mark = len(game.events)
        passes = rng.choice((1, 2))
        pos.passes(passes)
        key, fields = "quiz.stack.situation_enters", {"name": lambda lang: name_of(pos.cards, creature, lang),
                                                       "n": passes}
        candidates = [[], [("spell", creature, 0)], [("spell", creature, 0), ("trigger", creature, 0)],
                      [("trigger", creature, 0)]]
        # one pass: B receives priority, nothing resolves (117.3d, 117.4); two: the creature resolves and enters
        # (608.3), its ability triggers (603.6a) and is put on the stack before A receives priority (117.5, 603.3)
        rules: tuple = (("117.3d", "117.4", "603.6a") if passes == 1
                        else ("117.4", "608.3", "603.6a", "603.2", "117.5", "603.3", "117.3b"))
    else:
        attacker = rng.choice(("hill-giant", "craw-wurm", "grizzly-bears", "glory-seeker"))
        pos.add(attacker, 0, alias="attacker")
        pos.add("roc-egg", 1, alias="egg")
        pos.start()
        before = game.view()
        pos.attack(["attacker"])
        pos.passes(2)
        pos.block([("egg", "attacker")])
        mark = len(game.events)
        pos.passes(2)
        key, fields = "quiz.stack.situation_dies", {
            "attacker": lambda lang: name_of(pos.cards, attacker, lang),
            "egg": lambda lang: name_of(pos.cards, "roc-egg", lang)}
        candidates = [[], [("trigger", "roc-egg", 1)], [("trigger", "roc-egg", 0)], [("spell", "roc-egg", 1)]]
        # nothing resolved: the damage (510.2) kills the Egg (704.5g), its "dies" ability triggers (603.10a) and is
        # put on the stack, by its controller, before A receives priority (510.3a, 117.5, 603.3)
        rules = ("510.2", "704.5g", "603.10a", "700.4", "603.2", "510.3a", "117.5", "603.3")
    if game.pending[0] != "priority":
        raise Rejected("no priority")
    actual = _stack_state(game.view())
    return _state_question(family, seed, rng, pos, before, key, fields, actual, candidates, game.events[mark:], rules,
                           ("triggered-ability", "stack"), "quiz.hint.stack.trigger")


_MANA_SPELLS = ("giant-growth", "shock", "boomerang", "raise-the-alarm", "dark-banishing")


def paid_by(cost, color: str) -> bool:
    """Whether one mana of `color` can pay part of `cost` (a symbol of that colour, or generic mana)."""
    return cost.generic > 0 or cost.colored.get(color, 0) > 0


def _mana_ability(family: str, seed: int, rng: random.Random) -> Question:
    pos = Position(Step.PRECOMBAT_MAIN, life=(rng.randint(5, 20), rng.randint(5, 20)))
    _creatures(rng, pos, (0, 1))
    pos.add("llanowar-elves", 0, alias="elves")
    caster = 1 if rng.random() < 0.4 else 0
    # A, who taps the Elves and then casts, casts a spell the {G} helps pay for ({G} or generic mana in its cost)
    spells = [s for s in _MANA_SPELLS if caster == 1 or paid_by(pool()[s].cost, "G")]
    spell = rng.choice(spells)
    pos.add(spell, caster, "hand", alias="spell")
    for i, land in enumerate(("forest", "mountain", "island", "plains", "swamp")):
        pos.add(land, caster, alias=f"land{i + 1}")
    game = pos.start()
    before = game.view()
    mark = len(game.events)

    def tap_elves() -> None:
        game.apply(ActivateAbility(pos.ids["elves"], 0))
        pos.actions.append({"activate": "elves", "ability": 0, "by": "A"})

    if caster == 1:
        pos.passes(1)
    else:
        tap_elves()
    if not _cast_random(rng, pos, "spell", Player(caster).letter):
        raise Rejected("can't cast")
    if caster == 1:
        pos.passes(1)
        mark = len(game.events)
        tap_elves()
    elif any(game.state.players[0].pool.values()):  # the {G} was not spent on the spell: it did not pay for it
        raise Rejected("the Elves' mana is left over")
    actual = _stack_state(game.view())
    candidates = [[], [("mana", "llanowar-elves", 0)], [*actual, ("mana", "llanowar-elves", 0)],
                  [("mana", "llanowar-elves", 0), *actual]]
    fields = {"spell": lambda lang: name_of(pos.cards, spell, lang), "caster": Player(caster).letter,
              "elves": lambda lang: name_of(pos.cards, "llanowar-elves", lang)}
    key = "quiz.stack.situation_mana" if caster == 1 else "quiz.stack.situation_mana_own"
    return _state_question(family, seed, rng, pos, before, key, fields, actual, candidates,
                           game.events[mark:], ("605.3b", "605.3a", "106.4"), ("mana-ability", "stack"),
                           "quiz.hint.stack.mana")
