"""The keyword registry (tutor/engine/keywords.py) is the one home of a keyword: the card loader's vocabulary,
the engine's evasion and attack rules, the names (through its concept) and the quiz's families all come from
its entries, and a new entry works without touching the engine's combat code."""

from __future__ import annotations

import dataclasses
import importlib
import itertools
from pathlib import Path

import pytest

from tutor.engine import IllegalAction, Step
from tutor.engine import combat as combat_module
from tutor.engine.cards import KEYWORDS as CARD_KEYWORDS
from tutor.engine.keywords import EVASION, KEYWORD, KEYWORDS, REGISTRY, Keyword, KeywordKind, keyword_concept
from tutor.engine_text import illegal_text
from tutor.i18n import LANGS, catalog
from tutor.i18n.terms import _concepts
from tutor.quiz import blocking_q, combat_q
from tutor.quiz.position import Position
from tutor.quiz.position import test_creature as creature

ROOT = Path(__file__).resolve().parents[2]
FOUNDATIONS = {line.strip() for line in (ROOT / "glossary" / "curated" / "foundations-rules.txt").read_text(
    encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")}


# ---- the entries ----------------------------------------------------------------------------------------
def test_the_registry_is_the_card_loaders_vocabulary():
    assert CARD_KEYWORDS is KEYWORDS
    assert KEYWORDS == {k.name for k in REGISTRY} and len(KEYWORD) == len(REGISTRY)


@pytest.mark.parametrize("entry", REGISTRY, ids=lambda k: k.name)
def test_each_entry_cites_foundations_names_a_concept_and_its_hooks_exist(entry: Keyword):
    assert entry.rules and set(entry.rules) <= FOUNDATIONS, entry.rules
    assert isinstance(entry.kind, KeywordKind)
    if entry.refusal:
        rule, reason, detail = entry.refusal
        assert rule in entry.rules and rule in FOUNDATIONS and detail
        for lang in LANGS:
            assert f"reason.{reason}" in catalog(lang), (lang, reason)
    concept = _concepts().get(keyword_concept(entry.name))
    assert concept is not None and concept.it and concept.ru, entry.concept
    for hook in entry.hooks:
        module, _, path = hook.partition(".")
        target = importlib.import_module(f"tutor.engine.{module}")
        for attr in path.split("."):
            target = getattr(target, attr)  # AttributeError: a hook that no longer exists
    if entry.quiz is not None:
        assert 1 <= entry.quiz.difficulty <= 3 and set(entry.quiz.rules) <= set(entry.rules)
        assert entry.quiz.where in ("any", "attacker")


def test_evasion_keywords_have_a_hook_and_kinds_are_consistent():
    assert [k.name for k in EVASION][:3] == ["unblockable", "flying", "fear"]  # the order blocks are checked in
    for k in REGISTRY:
        if k.kind is KeywordKind.EVASION:
            assert k.can_block is not None or k.min_blockers > 1, k.name
    assert KEYWORD["menace"].min_blockers == 2 and KEYWORD["defender"].attack == "never"
    assert KEYWORD["haste"].attack == "when_sick" and KEYWORD["vigilance"].attack == "untapped"


# ---- the quiz derives its keyword families from the registry ------------------------------------------------
def test_the_quiz_families_of_keywords_come_from_the_registry():
    for k in REGISTRY:
        if k.quiz is None:
            continue
        kind, _, _ = k.quiz.family.partition(":")
        if kind == "combat":
            need, where, difficulty, topics = combat_q.FAMILIES[k.quiz.family]
            assert need == (k.name,) and where == k.quiz.where and k.name in combat_q.COMBAT_KEYWORDS
        else:
            choices, difficulty, topics = blocking_q.FAMILIES[k.quiz.family]
            assert k.name in choices
        assert (difficulty, topics) == (k.quiz.difficulty, k.quiz.topics)
    for family, (choices, _, _) in blocking_q.FAMILIES.items():
        assert all(KEYWORD[c].quiz.family == family for c in choices)


def test_a_family_without_its_own_hint_gets_one_from_the_registry():
    for lang in LANGS:
        assert combat_q.keyword_hint("quiz.hint.combat.trample", ("trample",), lang) == catalog(lang)[
            "quiz.hint.combat.trample"]
        text = combat_q.keyword_hint("quiz.hint.block.nothing-like-it", ("fear",), lang)
        assert "702.36b" in text and "{" not in text
    assert "paura" in combat_q.keyword_hint("quiz.hint.block.x", ("fear",), "it")


# ---- the engine's blocks follow the registry's hooks --------------------------------------------------------
def _blocking_position(attacker_keywords=(), attacker_colors=(), blockers=(), lands=()):
    """A attacks with a test creature; B has `blockers` ((keywords, colors) of test creatures) and `lands`."""
    pos = Position(Step.DECLARE_ATTACKERS)
    card, d = creature(3, 3, attacker_keywords, attacker_colors)
    pos.add(pos.use_test_card(card, d), 0, alias="a")
    for i, (kws, colors) in enumerate(blockers):
        card, d = creature(1 + i, 4, kws, colors)
        pos.add(pos.use_test_card(card, d), 1, alias=f"b{i}")
    for land in lands:
        pos.add(land, 1, alias=f"land-{land}")
    game = pos.start()
    pos.attack(["a"])
    pos.passes(2)
    assert game.pending[0] == "blockers"
    return pos, game


@pytest.mark.parametrize(("keyword", "blocker", "lands", "allowed"), [
    ("flying", ((), ()), (), False),
    ("flying", (("reach",), ()), (), True),
    ("flying", (("flying",), ()), (), True),
    ("fear", ((), ("R",)), (), False),
    ("fear", ((), ("B",)), (), True),
    ("swampwalk", ((), ()), ("swamp",), False),
    ("swampwalk", ((), ()), ("island",), True),
    ("protection from red", ((), ("R",)), (), False),
    ("protection from red", ((), ("G",)), (), True),
    ("unblockable", (("flying",), ()), (), False),
    ("first strike", ((), ()), (), True),
])
def test_can_block_agrees_with_the_declaration_and_names_the_keywords_rule(keyword, blocker, lands, allowed):
    pos, game = _blocking_position((keyword,), (), (blocker,), lands)
    a, b = pos.ids["a"], pos.ids["b0"]
    refusal = game.block_refusal([(b, a)])
    assert game.can_block(b, a) is allowed is (refusal is None)
    if not allowed:
        assert refusal.rule == KEYWORD[keyword].refusal[0] and refusal.reason == KEYWORD[keyword].refusal[1]
    assert not game.can_block(a, a) and not game.can_block(b, b)  # an attacker can't block; nobody attacks b


def test_menace_is_a_condition_on_the_whole_declaration():
    pos, game = _blocking_position(("menace",), (), (((), ()), ((), ())))
    a, b0, b1 = pos.ids["a"], pos.ids["b0"], pos.ids["b1"]
    assert game.can_block(b0, a)  # on its own a blocker may; alone it may not block
    assert game.block_refusal([(b0, a)]).reason == "menace"
    assert game.block_refusal([(b0, a), (b1, a)]) is None


def test_a_new_evasion_keyword_is_one_entry(monkeypatch):
    """A keyword the engine has never seen (horsemanship, 702.31b) blocks as its entry says, with a generic
    refusal the text layer words in both languages: no change to combat.py."""
    horsemanship = Keyword("horsemanship", ("702.31", "702.31b"), KeywordKind.EVASION,
                           can_block=lambda game, attacker, blocker: "horsemanship" in game.keywords(blocker))
    assert horsemanship.refusal[:2] == ("702.31b", "evasion") and horsemanship.concept == "horsemanship"
    monkeypatch.setattr(combat_module, "EVASION", (*EVASION, horsemanship))
    pos, game = _blocking_position(("flying",), (), ((("flying",), ()),))
    a, b = pos.ids["a"], pos.ids["b0"]
    game.obj(a).card = dataclasses.replace(game.obj(a).card, keywords=frozenset({"horsemanship"}))
    refusal = game.block_refusal([(b, a)])
    assert isinstance(refusal, IllegalAction) and (refusal.rule, refusal.reason) == ("702.31b", "evasion")
    assert not game.can_block(b, a)
    for lang in LANGS:
        assert "702.31b" in illegal_text(refusal, lang) and "evasion" not in illegal_text(refusal, lang)


def test_attack_restrictions_come_from_the_registry():
    pos = Position(Step.DECLARE_ATTACKERS)
    for alias, kws, sick in (("plain", (), True), ("hasty", ("haste",), True), ("wall", ("defender",), False),
                             ("watch", ("vigilance",), False)):
        card, d = creature(2, 2, kws)
        pos.add(pos.use_test_card(card, d), 0, alias=alias, sick=sick)
    game = pos.start()
    with pytest.raises(IllegalAction, match="302.6"):
        game.validate(combat_module.DeclareAttackers((pos.ids["plain"],)))
    with pytest.raises(IllegalAction) as exc:
        game.validate(combat_module.DeclareAttackers((pos.ids["wall"],)))
    assert (exc.value.rule, exc.value.reason) == KEYWORD["defender"].refusal[:2]
    game.apply(combat_module.DeclareAttackers((pos.ids["hasty"], pos.ids["watch"])))
    assert game.obj(pos.ids["hasty"]).tapped and not game.obj(pos.ids["watch"]).tapped


def test_every_pair_of_evasion_keywords_reports_the_first_in_registry_order():
    names = [k.name for k in EVASION]
    for first, second in itertools.combinations(["unblockable", "flying", "fear"], 2):
        pos, game = _blocking_position((first, second), (), (((), ("R",)),))
        refusal = game.block_refusal([(pos.ids["b0"], pos.ids["a"])])
        assert refusal.reason == KEYWORD[min(first, second, key=names.index)].refusal[1]


def test_a_keyword_family_without_its_own_generator_still_makes_questions(monkeypatch):
    """A registry keyword family the blocking quiz has no special generator for (here flying under a new family
    name) gets positions where some candidates can block and some can't, and the registry's generic hint."""
    monkeypatch.setitem(blocking_q.FAMILIES, "can-block:new-keyword", (("flying",), 1, ("blocking", "keywords")))
    for seed in range(4):
        q = blocking_q.build("can-block:new-keyword", seed)
        assert q.id == f"can-block:new-keyword@{seed}" and 0 < len(q.answer) < len(q.options)
        assert "702.9b" in q.hints[0]["it"] and "702.9b" in q.hints[0]["ru"]
