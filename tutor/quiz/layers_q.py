"""Layer questions computed by the engine (613): a creature's power and toughness, its abilities, its controller.

``layers:pt`` — a creature (its printed power and toughness, maybe +1/+1 counters) is the target of two or three
spells that resolve one after the other (set its base P/T, +N/+N, switch): what is its power / toughness now?
The engine applies the sublayers 7b-7d in order, each in timestamp order (613.4, 613.7), whatever the order
the spells were cast in. ``layers:abilities`` — "loses all abilities" and "gains flying" in some order: which
abilities does it have now (layer 6, timestamp order, 613.1f, 613.3)? ``control:who`` — Act of Treason and
Mind Control (layer 2, 613.1b), maybe the end of the turn or the Aura destroyed: who controls the creature?

The prompt shows the position as it was before the spells (the printed card, "sulla carta 2/2" / «по карте
2/2», its counters) and the spells in the order they resolved, with their rules text: never the state the
question asks about. The explanation is the engine's event log and its layer-by-layer account of the creature
(`tutor.layers_text.explanation_lines`).
"""

from __future__ import annotations

import random
from functools import lru_cache

from tutor.engine import DeclareAttackers, DeclareBlockers, PassPriority, Step
from tutor.engine.events import EventKind
from tutor.engine.view import Player
from tutor.events_text import render_event
from tutor.i18n import pick, t
from tutor.i18n.terms import keyword_noun
from tutor.layers_text import explanation_lines
from tutor.quiz.describe import bullets, name_of, step_text
from tutor.quiz.model import Question, Rejected, both, draw
from tutor.quiz.position import Position, pool

__all__ = ["CONTROL_FAMILIES", "FAMILIES", "build", "keywords_text", "spell_lines"]

FAMILIES: dict[str, tuple[int, tuple[str, ...]]] = {
    "layers:pt": (2, ("layers", "layer-7")),
    "layers:abilities": (2, ("layers", "layer-6", "keywords")),
}
CONTROL_FAMILIES: dict[str, tuple[int, tuple[str, ...]]] = {
    "control:who": (2, ("control", "layers")),
}
QUIET = frozenset({EventKind.PASS, EventKind.STEP_BEGINS, EventKind.NO_PRIORITY, EventKind.MANA,
                   EventKind.MANA_EMPTIES, EventKind.DRAW})
# spells that change power and toughness: the sublayer of each (613.4b-d)
_PT_SPELLS = {"turn-to-frog": "7b", "giant-growth": "7c", "inspirit": "7c", "fervent-strike": "7c",
              "inspired-charge": "7c", "twisted-image": "7d"}
_ABILITY_SPELLS = ("jump", "fervent-strike", "act-of-treason")
_LANDS = (("island", 4), ("forest", 2), ("mountain", 3), ("plains", 3))
_SUBLAYERS = ("7b", "7c", "7d")


def build(family: str, seed: int) -> Question:
    """The question ``family@seed`` (the same every time)."""
    make = {"layers:pt": _pt, "layers:abilities": _abilities, "control:who": _control}[family]
    return draw(family, seed, make)


# ---- shared with copy_q --------------------------------------------------------------------------------------
@lru_cache(maxsize=4)
def plain_creatures(with_keywords: bool = False) -> tuple[str, ...]:
    """Pool creatures with printed power and toughness (no characteristic-defining ability, 604.3: the board
    could not say it) and no abilities but keywords (nothing triggers); with `with_keywords`, those with some."""
    return tuple(sorted(cid for cid, c in pool().items() if "creature" in c.types and not c.token and not c.cda
                        and not c.abilities and c.power is not None and c.toughness is not None
                        and (bool(c.keywords) if with_keywords else True)))


def add_lands(pos: Position, player: int, lands=_LANDS) -> None:
    for land, n in lands:
        for i in range(n):
            pos.add(land, player, alias=f"{'ab'[player]}-{land}{i + 1}")


def spell_lines(pos: Position, casts: list[tuple[str, str, str | None]], lang: str) -> list[str]:
    """"1. A lancia «Crescita Gigante» (bersaglio: «Orsi Grizzly»): «Una creatura bersaglio prende +3/+3 fino
    alla fine del turno.»", one a spell: (card id, caster letter, target: an alias, a player letter or None), in
    the order they were cast."""
    out = []
    for i, (cid, who, target) in enumerate(casts, 1):
        card = pos.cards[cid]
        text = " ".join(x if x.endswith((".", "!", "?", ")", "»")) else x + "."
                        for x in pick(card.text, lang).split("\n") if x)
        aim = t("quiz.layers.spell_target", lang, target=target_noun(pos, target, lang)) if target else ""
        out.append(t("quiz.layers.spell_line", lang, n=i, name=name_of(pos.cards, cid, lang), player=who,
                     target=aim, text=text))
    return out


def target_noun(pos: Position, target: str, lang: str):
    """A target named by an alias (its card's name) or a player letter ("Giocatore B")."""
    if target in ("A", "B"):
        return t("quiz.stack.player", lang, player=target)
    return name_of(pos.cards, pos.card_of[target], lang)


def keywords_text(keywords, lang: str) -> str:
    """Keywords as "volare, cautela", or "nessuna abilità" / «никаких способностей»."""
    if not keywords:
        return t("quiz.layers.no_abilities", lang)
    return ", ".join(str(keyword_noun(k, lang)) for k in sorted(keywords))


def counters_text(counters: dict, lang: str) -> str:
    n = counters.get("+1/+1", 0)
    return t("quiz.layers.counters", lang, n=n) if n else ""


def events_lines(pos: Position, events, lang: str) -> list[str]:
    return [render_event(e, pos.cards, lang, pos.game.object_cards) for e in events if e.kind not in QUIET]


def _cast_in_turn(pos: Position, spells: list[str], targets) -> tuple:
    """A has lands, a library and `spells` in hand; the game starts and A casts each in turn (``targets(spell)``:
    its targets' aliases), each resolving: (the game, the index of its first event of the casts)."""
    add_lands(pos, 0)
    for i in range(3):
        pos.add("island", 0, "library", alias=f"a-library{i + 1}")
    for s in spells:
        pos.add(s, 0, "hand", alias=s)
    game = pos.start()
    mark = len(game.events)
    for s in spells:
        cast_resolve(pos, s, targets(s))
    return game, mark


def cast_resolve(pos: Position, alias: str, targets: list[str], by: str = "A") -> None:
    """`by` casts the spell `alias` and both players pass: it resolves (Rejected if it can't be cast or does not
    resolve)."""
    from tutor.engine import IllegalAction

    game = pos.game
    try:
        pos.cast(alias, targets, by=by)
    except IllegalAction as exc:
        raise Rejected(f"can't cast {alias}: {exc}") from None
    pos.passes(2)
    if game.state.stack or game.pending[0] != "priority":
        raise Rejected("the spell did not resolve")


def _intro(lang: str) -> str:
    return t("quiz.cast.turn_step", lang, step=step_text("precombat_main", lang))


def creature_line(pos: Position, alias: str, lang: str, *, keywords: bool = False) -> str:
    card = pos.cards[pos.card_of[alias]]
    o = pos.game.state.objects[pos.ids[alias]]
    parts = [t("quiz.layers.printed", lang, pt=f"{card.power}/{card.toughness}")]
    if keywords:
        parts.append(t("quiz.layers.printed_keywords", lang, keywords=keywords_text(card.keywords, lang)))
    if counters_text(o.counters, lang):
        parts.append(counters_text(o.counters, lang))
    return t("quiz.layers.creature", lang, name=name_of(pos.cards, card.id, lang),
             player=Player(pos.owner[alias]).letter, state="; ".join(parts))


def _layer_rules(perm, only=None) -> list[str]:
    return [st.rule for st in perm.layers if only is None or st.layer in only]


# ---- layers:pt ---------------------------------------------------------------------------------------------
def _pt(family: str, seed: int, rng: random.Random) -> Question:
    pos = Position(Step.PRECOMBAT_MAIN, life=(rng.randint(5, 20), rng.randint(5, 20)))
    cid = rng.choice(plain_creatures())
    owner = rng.choice((0, 1))
    n = rng.choice((0, 0, 1, 2))
    alias = pos.add(cid, owner, alias="creature", counters={"+1/+1": n} if n else None)
    spells = [s for s in _PT_SPELLS if owner == 0 or s != "inspired-charge"]
    chosen = rng.sample(spells, rng.choice((2, 2, 3)))
    if not {"turn-to-frog", "twisted-image"} & set(chosen):
        raise Rejected("no setting nor switching effect: the order can't matter")
    game, mark = _cast_in_turn(pos, chosen, lambda s: [] if s == "inspired-charge" else [alias])
    view = game.view()
    perm = view.permanent(pos.ids[alias])
    if perm is None:
        raise Rejected("the creature died")
    card = pos.cards[cid]
    now = (perm.power, perm.toughness)
    if now == (card.power, card.toughness) or now == (card.power + n, card.toughness + n):
        raise Rejected("no change to find")
    form = rng.choice(("power", "toughness"))
    answer = now[0] if form == "power" else now[1]
    casts = [(s, "A", None if s == "inspired-charge" else alias) for s in chosen]
    # the order the spells were cast in is not the order of their sublayers: harder
    order = [_SUBLAYERS.index(_PT_SPELLS[s]) for s in chosen]
    tricky = order != sorted(order) or (n > 0 and "turn-to-frog" in chosen)

    def prompt(lang: str) -> str:
        target = name_of(pos.cards, cid, lang)
        return "\n".join([_intro(lang), creature_line(pos, alias, lang),
                          t("quiz.layers.casts", lang), *spell_lines(pos, casts, lang),
                          t(f"quiz.layers.ask_{form}", lang, name=target)])

    def explanation(lang: str) -> str:
        return t("quiz.layers.explain", lang, events=bullets(events_lines(pos, game.events[mark:], lang)),
                 layers="\n".join(explanation_lines(perm, pos.cards, lang)),
                 answer=t("quiz.layers.answer_pt", lang, pt=f"{now[0]}/{now[1]}", power=now[0], toughness=now[1]))

    rules = ["613.4", *_layer_rules(perm, _SUBLAYERS), "613.7", "613.7b"]
    if n:
        rules.append("613.4c")
    for text in (prompt("it"), prompt("ru")):
        if f"{now[0]}/{now[1]}" in text:
            raise Rejected("the prompt would say the answer")
    return Question(
        id=f"{family}@{seed}", kind="layers", card=family, family=family, seed=seed, topic=FAMILIES[family][1],
        difficulty=FAMILIES[family][0] + tricky, prompt=both(prompt), options=None, answer_format="number",
        answer=answer, explanation=both(explanation), rules=tuple(dict.fromkeys(rules)),
        concepts=("layer", "continuous-effect", "timestamp-order"),
        hints=(both(lambda lang: t("quiz.hint.layers.pt", lang)),), expected_ms=45_000,
        data={"position": pos.spec(), "test_cards": [], "form": form, "alias": alias, "pt": list(now)})


# ---- layers:abilities --------------------------------------------------------------------------------------
def choice_question(family: str, kind: str, seed: int, rng: random.Random, actual, candidates, text, prompt,
                    explanation, rules, difficulty: int, hint: str, data: dict, concepts: tuple,
                    topics: tuple, min_options: int = 3) -> Question:
    """A choice among candidate answers (the right one first among `candidates`, deduplicated by their text in
    both languages); `text(candidate, lang)` says one."""
    unique, seen = [], set()
    for c in [actual, *candidates]:
        key = (text(c, "it"), text(c, "ru"))
        if key not in seen:
            seen.add(key)
            unique.append(c)
    if len(unique) < min_options:
        raise Rejected("too few distinct options")
    options = unique[:4]
    rng.shuffle(options)
    return Question(
        id=f"{family}@{seed}", kind=kind, card=family, family=family, seed=seed, topic=topics,
        difficulty=difficulty, prompt=both(prompt),
        options=tuple(both(lambda lang, o=o: text(o, lang)) for o in options), answer_format="choice",
        answer=options.index(actual) + 1, explanation=both(explanation), rules=tuple(dict.fromkeys(rules)),
        concepts=concepts, hints=(both(lambda lang: t(hint, lang)),), expected_ms=40_000, data=data)


def _abilities(family: str, seed: int, rng: random.Random) -> Question:
    pos = Position(Step.PRECOMBAT_MAIN, life=(rng.randint(5, 20), rng.randint(5, 20)))
    cid = rng.choice(plain_creatures(True))
    owner = rng.choice((0, 1))
    alias = pos.add(cid, owner, alias="creature")
    grants = [s for s in _ABILITY_SPELLS if owner == 1 or s != "act-of-treason"]
    chosen = ["turn-to-frog", *rng.sample(grants, rng.choice((1, 1, 2)))]
    rng.shuffle(chosen)
    game, mark = _cast_in_turn(pos, chosen, lambda s: [alias])
    view = game.view()
    perm = view.permanent(pos.ids[alias])
    if perm is None:
        raise Rejected("the creature died")
    card = pos.cards[cid]
    actual = frozenset(perm.keywords)
    granted = frozenset(k for s in chosen if s != "turn-to-frog" for k in _granted(pos.cards[s]))
    after_frog = frozenset(k for s in chosen[chosen.index("turn-to-frog") + 1:] for k in _granted(pos.cards[s]))
    candidates = [frozenset(), card.keywords | granted, card.keywords, after_frog | card.keywords, granted]
    casts = [(s, "A", alias) for s in chosen]
    tricky = chosen[-1] == "turn-to-frog"

    def text(ks, lang: str) -> str:
        return keywords_text(ks, lang)

    def prompt(lang: str) -> str:
        target = name_of(pos.cards, cid, lang)
        return "\n".join([_intro(lang), creature_line(pos, alias, lang, keywords=True),
                          t("quiz.layers.casts", lang), *spell_lines(pos, casts, lang),
                          t("quiz.layers.ask_abilities", lang, name=target)])

    def explanation(lang: str) -> str:
        return t("quiz.layers.explain", lang, events=bullets(events_lines(pos, game.events[mark:], lang)),
                 layers="\n".join(explanation_lines(perm, pos.cards, lang)),
                 answer=t("quiz.layers.answer_abilities", lang, keywords=keywords_text(actual, lang)))

    rules = ["613.1f", "613.3", "613.7", "613.7b", "611.2a"]
    return choice_question(family, "layers", seed, rng, actual, candidates, text, prompt, explanation, rules,
                           FAMILIES[family][0] + tricky, "quiz.hint.layers.abilities",
                           {"position": pos.spec(), "test_cards": [], "alias": alias, "keywords": sorted(actual)},
                           ("layer", "continuous-effect", "timestamp-order"), FAMILIES[family][1])


def _granted(card) -> frozenset:
    """The keywords a spell grants ("gains flying until end of turn")."""
    return frozenset(k for kind, params in card.spell_effects if kind == "grant"
                     for k in dict(params).get("keywords", ()))


# ---- control:who -------------------------------------------------------------------------------------------
# variants: what happens (A's spells, B's answer) and when the question is asked
_CONTROL_VARIANTS = ("treason", "mind", "treason-mind", "mind-treason", "mind-destroyed", "stolen-treason")


def _control(family: str, seed: int, rng: random.Random) -> Question:
    variant = rng.choice(_CONTROL_VARIANTS)
    when = "now" if variant == "mind-destroyed" else rng.choice(("now", "next_turn"))
    pos = Position(Step.PRECOMBAT_MAIN, life=(rng.randint(5, 20), rng.randint(5, 20)))
    cid = rng.choice(plain_creatures())
    owner = 0 if variant == "stolen-treason" else 1
    alias = pos.add(cid, owner, alias="creature")
    add_lands(pos, 0, (("island", 5), ("mountain", 3)))  # Mind Control and Act of Treason together: 8 mana
    for i in range(2):
        pos.add("island", 0, "library", alias=f"a-library{i + 1}")
        pos.add("island", 1, "library", alias=f"b-library{i + 1}")
    casts: list[tuple[str, str, str | None]] = []
    if variant == "stolen-treason":
        pos.add("mind-control", 1, alias="mind-control", attached_to=alias)
        spells = ["act-of-treason"]
    else:
        spells = {"treason": ["act-of-treason"], "mind": ["mind-control"], "treason-mind": ["act-of-treason", "mind-control"],
                  "mind-treason": ["mind-control", "act-of-treason"], "mind-destroyed": ["mind-control"]}[variant]
    for s in spells:
        pos.add(s, 0, "hand", alias=s)
    if variant == "mind-destroyed":
        pos.add("plains", 1, alias="b-plains1")
        pos.add("demystify", 1, "hand", alias="demystify")
    game = pos.start()
    mark = len(game.events)
    for s in spells:
        cast_resolve(pos, s, [alias])
        pos.refresh()  # a resolved permanent spell is a new object on the battlefield (400.7)
        casts.append((s, "A", alias))
    if variant == "mind-destroyed":
        pos.passes(1)  # A passes: B has priority with an empty stack
        cast_resolve(pos, "demystify", ["mind-control"], by="B")
        casts.append(("demystify", "B", "mind-control"))
    if when == "next_turn":
        _pass_until(pos, Step.UPKEEP, pos.turn + 1)
    view = game.view()
    perm = view.permanent(pos.ids[alias])
    if perm is None or game.pending[0] != "priority":
        raise Rejected("the creature left, or a decision is pending")
    actual = perm.controller

    def text(p: int, lang: str) -> str:
        return t("quiz.stack.player", lang, player=Player(p).letter)

    def prompt(lang: str) -> str:
        name = name_of(pos.cards, cid, lang)
        lines = [_intro(lang), t("quiz.control.creature", lang, name=name, owner=Player(owner).letter)]
        if variant == "stolen-treason":
            lines.append(t("quiz.control.stolen", lang, name=name,
                           aura=name_of(pos.cards, "mind-control", lang)))
        lines += [t("quiz.layers.casts", lang), *spell_lines(pos, casts, lang)]
        if when == "next_turn":
            lines.append(t("quiz.control.next_turn", lang, step=step_text("upkeep", lang)))
        lines.append(t(f"quiz.control.ask_{when}", lang, name=name))
        return "\n".join(lines)

    def explanation(lang: str) -> str:
        layers = explanation_lines(perm, pos.cards, lang) or [t("quiz.control.no_effect", lang,
                                                                name=name_of(pos.cards, cid, lang))]
        return t("quiz.layers.explain", lang, events=bullets(events_lines(pos, game.events[mark:], lang)),
                 layers="\n".join(layers),
                 answer=t("quiz.control.answer", lang, player=Player(actual).letter,
                          name=name_of(pos.cards, cid, lang)))

    rules = ["613.1b"]
    if "treason" in variant:
        rules += ["611.2a"] + (["514.2"] if when == "next_turn" else [])
    if "mind" in variant or variant == "stolen-treason":
        rules += ["611.3a", "303.4e"]
    if variant in ("treason-mind", "mind-treason", "stolen-treason") and when == "now":
        rules += ["613.3", "613.7", "613.7a", "613.7b"]
    if variant == "mind-destroyed":
        rules.append("611.3b")
    difficulty = CONTROL_FAMILIES[family][0] + (variant in ("treason-mind", "mind-treason", "stolen-treason"))
    # the options in the players' order: A, B
    options = [0, 1]
    return Question(
        id=f"{family}@{seed}", kind="control", card=family, family=family, seed=seed,
        topic=CONTROL_FAMILIES[family][1], difficulty=difficulty, prompt=both(prompt),
        options=tuple(both(lambda lang, o=o: text(o, lang)) for o in options), answer_format="choice",
        answer=actual + 1, explanation=both(explanation), rules=tuple(dict.fromkeys(rules)),
        concepts=("control", "layer"), hints=(both(lambda lang: t("quiz.hint.control.who", lang)),),
        expected_ms=30_000, data={"position": pos.spec(), "test_cards": [], "alias": alias, "variant": variant,
                                  "when": when, "controller": Player(actual).letter})


def _pass_until(pos: Position, step: Step, turn: int) -> None:
    """Everyone passes until `step` of `turn` begins (recorded as ``pass_until``)."""
    game = pos.game
    for _ in range(200):
        if game.state.step is step and game.state.turn == turn:
            break
        kind = game.pending[0]
        if kind == "priority":
            game.apply(PassPriority())
        elif kind == "attackers":  # nobody attacks, nobody blocks: as the scenario runner's pass_until
            game.apply(DeclareAttackers(()))
        elif kind == "blockers":
            game.apply(DeclareBlockers(()))
        else:
            raise Rejected(f"an unstated decision: {kind}")
    else:
        raise Rejected("never reached the step")
    pos.actions.append({"pass_until": step.key, "turn": turn})
    pos.refresh()

