"""Copy questions computed by the engine (707): a copy of a spell on the stack, a token that copies a creature.

``copy:stack`` — A casts an instant with a target; A or B copies it with Twincast and, as Twincast resolves,
keeps the copy's target or chooses a new one: what is on the stack now? The copy is controlled by the player who
put it on the stack (707.10), it has the original's target unless a new one is chosen (707.10c), and Twincast
itself is gone (608.2n). ``copy:token`` — a creature with counters, pumped, turned into a Frog, given flying or
stolen is copied by Rite of Replication: what is the token? It has the copiable values, the printed ones (707.2:
counters and other effects are not copied), and its creator controls it (111.2).

The prompt says the position and the spells in the order they were cast, with their rules text; the answer is
read from the engine (its stack, its new permanent) and the explanation is its event log.
"""

from __future__ import annotations

import random

from tutor.engine import Step
from tutor.engine.actions import Choose
from tutor.engine.view import Player
from tutor.i18n import t
from tutor.layers_text import explanation_lines
from tutor.quiz.describe import bullets, card_name, name_of, step_text
from tutor.quiz.layers_q import (
    add_lands,
    cast_resolve,
    choice_question,
    creature_line,
    events_lines,
    keywords_text,
    plain_creatures,
    spell_lines,
)
from tutor.quiz.model import Question, Rejected
from tutor.quiz.position import Position
from tutor.quiz.stack_q import describe_board

__all__ = ["FAMILIES", "build"]

FAMILIES: dict[str, tuple[int, tuple[str, ...]]] = {
    "copy:stack": (2, ("copies", "stack")),
    "copy:token": (2, ("copies", "tokens")),
}
_COPIED = ("shock", "giant-growth", "fervent-strike")
_BEFORE_RITE = ("giant-growth", "turn-to-frog", "jump", "act-of-treason")


def build(family: str, seed: int) -> Question:
    """The question ``family@seed`` (the same every time)."""
    from tutor.quiz.model import draw

    return draw(family, seed, {"copy:stack": _stack, "copy:token": _token}[family])


def _intro(lang: str) -> str:
    return t("quiz.cast.turn_step", lang, step=step_text("precombat_main", lang))




# ---- copy:stack --------------------------------------------------------------------------------------------
# a stack item: (copy?, card id, controller, target) with target ("player", 0 | 1) or ("card", card id)
def _item_text(pos: Position, item: tuple, lang: str) -> str:
    is_copy, cid, controller, target = item
    name = card_name(pos.cards, cid, lang)
    if is_copy:
        name = t("quiz.copy.copy_of", lang, name=name)
    text = t("quiz.option_creature", lang, name=name, player=Player(controller).letter)
    aim = (t("quiz.stack.player", lang, player=Player(target[1]).letter) if target[0] == "player"
           else card_name(pos.cards, target[1], lang))
    return f"{text} → {aim}"


def _state_text(pos: Position, state: list, lang: str) -> str:
    return "; ".join(_item_text(pos, it, lang) for it in state) if state else t("quiz.stack.state_empty", lang)


def _target_of(game, value: int) -> tuple:
    if value < 0:
        return ("player", -1 - value)
    o = game.state.objects.get(value)
    if o is not None:
        return ("card", o.card.id)
    return ("card", next(it.card.id for it in game.state.stack if it.id == value))


def _stack(family: str, seed: int, rng: random.Random) -> Question:
    pos = Position(Step.PRECOMBAT_MAIN, life=(rng.randint(5, 20), rng.randint(5, 20)))
    a_cre, b_cre = rng.sample(plain_creatures(), 2)
    pos.add(a_cre, 0, alias="a-creature")
    pos.add(b_cre, 1, alias="b-creature")
    spell = rng.choice(_COPIED)
    copier = rng.choice((0, 1))
    add_lands(pos, 0, (("mountain", 2), ("forest", 2), ("island", 2)))
    add_lands(pos, 1, (("island", 2),))
    pos.add(spell, 0, "hand", alias="spell")
    pos.add("twincast", copier, "hand", alias="twincast")
    game = pos.start()
    first = rng.choice(("B", "b-creature", "a-creature") if spell == "shock" else ("a-creature", "b-creature"))
    mark = len(game.events)
    from tutor.engine import IllegalAction

    try:
        pos.cast("spell", [first], by="A")
        if copier == 1:
            pos.passes(1)
        pos.cast("twincast", ["spell"], by=Player(copier).letter)
    except IllegalAction as exc:
        raise Rejected(f"can't cast: {exc}") from None
    pos.passes(2)
    pending = game.state.pending
    if not pending or pending[0] != "choice":
        raise Rejected("no choice of targets for the copy")
    choice = pending[2]
    same = rng.random() < 0.4
    first_value = pos.ids[first] if first not in ("A", "B") else -1 - "AB".index(first)
    values = [o.value for o in choice.options]
    if same and first_value in values:
        value = first_value
    else:
        value = rng.choice([v for v in values if v != first_value])
    ref = "AB"[-1 - value] if value < 0 else pos.alias_of(value)
    game.apply(Choose((value,)))
    pos.actions.append({"choose": ref, "by": Player(copier).letter})
    if game.pending[0] != "priority":
        raise Rejected("no priority after the copy")
    actual = [(bool(it.copy), it.card.id, it.controller, _target_of(game, it.targets[0])) for it in game.state.stack]
    if len(actual) != 2:
        raise Rejected("the stack is not the original and its copy")
    orig, copy = actual
    t1, t2 = orig[3], copy[3]
    candidates = [[orig, (False, "twincast", copier, ("card", spell))],
                  [orig, (True, spell, 1 - copier, t2)],
                  [copy, orig], [copy],
                  [orig, (True, spell, copier, t1)],
                  [orig, (True, spell, copier, t2), (False, "twincast", copier, ("card", spell))]]
    rng.shuffle(candidates)
    casts = [(spell, "A", first), ("twincast", Player(copier).letter, "spell")]
    view0 = game.view()  # the creatures are as the setup put them: nothing has resolved but Twincast

    def prompt(lang: str) -> str:
        choose = (t("quiz.copy.keeps_target", lang, player=Player(copier).letter) if value == first_value else
                  t("quiz.copy.new_target", lang, player=Player(copier).letter,
                    target=_item_text(pos, (False, spell, 0, t2), lang).split(" → ")[1]))
        return "\n".join([_intro(lang), *describe_board(pos, view0, lang), t("quiz.copy.casts", lang),
                          *spell_lines(pos, casts, lang), t("quiz.copy.resolves", lang,
                                                            twincast=name_of(pos.cards, "twincast", lang)),
                          choose, t("quiz.stack.ask_state", lang)])

    def explanation(lang: str) -> str:
        return (t("quiz.explain.stack_now", lang, events=bullets(events_lines(pos, game.events[mark:], lang)),
                  stack=_state_text(pos, actual, lang))
                + "\n" + t("quiz.copy.explain_stack", lang, player=Player(copier).letter))

    rules = ["707.10", "707.10c", "608.2n", "405.2"]
    return choice_question(family, "copy", seed, rng, actual, candidates, lambda st, lang: _state_text(pos, st, lang),
                           prompt, explanation, rules, FAMILIES[family][0] + (copier == 1), "quiz.hint.copy.stack",
                           {"position": pos.spec(), "test_cards": [], "stack": [[c, k, p, list(x)] for c, k, p, x in actual]},
                           ("copy", "stack"), FAMILIES[family][1], min_options=4)


# ---- copy:token --------------------------------------------------------------------------------------------
# a creature: (card id, power, toughness, keywords, controller)
def _token_text(pos: Position, c: tuple, lang: str) -> str:
    cid, p, tough, kws, controller = c
    return t("quiz.copy.token_option", lang, name=name_of(pos.cards, cid, lang), pt=f"{p}/{tough}",
             keywords=keywords_text(kws, lang), player=Player(controller).letter)


def _token(family: str, seed: int, rng: random.Random) -> Question:
    pos = Position(Step.PRECOMBAT_MAIN, life=(rng.randint(5, 20), rng.randint(5, 20)))
    cid = rng.choice(plain_creatures(rng.random() < 0.6))
    owner = rng.choice((0, 1))
    n = rng.choice((0, 1, 1, 2))
    alias = pos.add(cid, owner, alias="creature", counters={"+1/+1": n} if n else None)
    spells = [s for s in _BEFORE_RITE if owner == 1 or s != "act-of-treason"]
    chosen = rng.sample(spells, rng.choice((0, 1, 1, 2)))
    if not chosen and not n:
        raise Rejected("nothing to leave out of the copy")
    add_lands(pos, 0, (("island", 6), ("forest", 2), ("mountain", 3)))
    for s in [*chosen, "rite-of-replication"]:
        pos.add(s, 0, "hand", alias=s)
    game = pos.start()
    mark = len(game.events)
    for s in [*chosen, "rite-of-replication"]:
        cast_resolve(pos, s, [alias])
    view = game.view()
    orig = view.permanent(pos.ids[alias])
    tokens = [p for p in view.permanents if p.object not in pos.ids.values() and p.is_creature]
    if orig is None or len(tokens) != 1:
        raise Rejected("the original left, or not one token")
    token = tokens[0]
    card = pos.cards[cid]
    actual = (token.card, token.power, token.toughness, frozenset(token.keywords), token.controller)
    now = (orig.card, orig.power, orig.toughness, frozenset(orig.keywords), orig.controller)
    granted = frozenset(k for s in chosen for k in dict(dict(pos.cards[s].spell_effects).get("grant", ())).get(
        "keywords", ()))
    controllers = sorted({0, owner})  # who cast the spells, and the original's owner
    candidates = [(*now[:4], p) for p in controllers]
    candidates += [(cid, card.power + n, card.toughness + n, card.keywords, p) for p in controllers]
    candidates += [(cid, orig.power - n, orig.toughness - n, now[3], 0),
                   (cid, card.power, card.toughness, card.keywords | granted, 0),
                   (cid, card.power, card.toughness, card.keywords, owner)]
    if now == actual:
        raise Rejected("nothing changed the original")
    rng.shuffle(candidates)
    casts = [(s, "A", alias) for s in [*chosen, "rite-of-replication"]]

    def prompt(lang: str) -> str:
        return "\n".join([_intro(lang), creature_line(pos, alias, lang, keywords=True), t("quiz.layers.casts", lang),
                          *spell_lines(pos, casts, lang), t("quiz.copy.ask_token", lang)])

    def explanation(lang: str) -> str:
        layers = explanation_lines(orig, pos.cards, lang)
        return (t("quiz.layers.explain", lang, events=bullets(events_lines(pos, game.events[mark:], lang)),
                  layers="\n".join(layers) if layers else t("quiz.copy.no_layers", lang),
                  answer=t("quiz.copy.answer_token", lang, token=_token_text(pos, actual, lang))))

    rules = ["707.2", "111.2", "111.1"]
    return choice_question(family, "copy", seed, rng, actual, candidates, lambda c, lang: _token_text(pos, c, lang),
                           prompt, explanation, rules, FAMILIES[family][0] + (len(chosen) + bool(n) >= 2),
                           "quiz.hint.copy.token",
                           {"position": pos.spec(), "test_cards": [], "alias": alias,
                            "token": [actual[0], actual[1], actual[2], sorted(actual[3]), Player(actual[4]).letter]},
                           ("copy", "token", "copiable-values"), FAMILIES[family][1])
