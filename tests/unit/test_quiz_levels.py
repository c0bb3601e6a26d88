"""Levels and topics of quiz questions (tutor/quiz/levels.py, tutor/quiz/topics.py): the documented formula at each
level, the rule -> topic table, rule matching, the bank's filters by level / rule / "studied", the draws that
match a level, and the studied set from completed lessons and from the knows_basics setting."""

from __future__ import annotations

import json

import pytest

from glossary.paths import config_path
from tutor.progress import open_store
from tutor.quiz import bank
from tutor.quiz.levels import level, level_of
from tutor.quiz.topics import (
    RULE_TOPICS,
    VOCABULARY,
    lesson_table,
    rule_matches,
    studied_topics,
    topics_for_rules,
    valid_rule,
)


@pytest.mark.parametrize(("difficulty", "topics", "rules", "expected"), [
    (1, ("turn", "steps"), ("500.1", "504"), 0),                                 # the next step: a new player
    (1, ("glossary",), ("107.4",), 0),                                           # a term, choice form
    (2, ("glossary",), ("107.4",), 1),                                           # a term, typed
    (2, ("combat", "damage", "keywords"), ("510.2", "702.19b"), 1),              # trample damage
    (1, ("sba",), ("704.5a",), 1),                                               # a state-based action, easy
    (2, ("scenarios", "replacement"), ("614.1a", "120.3a"), 2),                  # a replacement effect
    (3, ("combat", "damage", "keywords"), ("510.2", "702.7b"), 2),               # first strike, hard
    (2, ("stack", "priority"), ("405.2", "117.4", "603.3", "704.5g", "510.2"), 2),  # five topics at once
    (3, ("layers", "layer-7"), ("613.4b", "613.4c", "613.7"), 3),               # layers, hard: a corner case
    (3, ("stack", "priority"), ("405.2", "117.4", "603.3", "704.5g", "510.2"), 3),  # hard and five topics
])
def test_levels_as_documented(difficulty, topics, rules, expected):
    assert level_of(difficulty, topics, rules) == expected


def test_a_new_kind_is_graded_from_its_question_alone():
    """A kind the bank does not know (as the other helpers' new kinds are to this module): its tags and rules."""
    from tutor.quiz.model import Question

    q = Question(id="control:who@1", kind="control", card="control:who", topic=("control", "layers"), difficulty=2,
                 prompt={"it": "?", "ru": "?"}, options=None, answer_format="number", answer=1,
                 explanation={"it": "", "ru": ""}, rules=("613.1b", "613.7"))
    assert level(q) == q.level == 2
    assert q.to_public()["level"] == 2


def test_rule_topics_and_matching():
    assert set(x for v in RULE_TOPICS.values() for x in v) <= set(VOCABULARY)
    assert topics_for_rules(["613.1b"]) == ("layers", "control")
    assert topics_for_rules(["702.11c"]) == ("keywords", "hexproof")
    assert topics_for_rules(["702.110a"]) == ("keywords",)   # not hexproof: 702.110 is no sub-rule of 702.11
    assert topics_for_rules(["999.1", "nonsense"]) == ()
    assert rule_matches("613.1b", "613") and rule_matches("702.11b", "702.11") and rule_matches("613.4", "613.4")
    assert not rule_matches("702.110", "702.11") and not rule_matches("61", "613")
    assert all(valid_rule(x) for x in ("613", "702.11", "613.1b", "702.11."))
    assert not any(valid_rule(x) for x in ("abc", "61", "6130", "613.1bb", "613.a", ""))


def test_every_card_has_levels_topics_and_rules():
    everything = bank.cards(other_language=True)
    assert all(c.levels and set(c.levels) <= {0, 1, 2, 3} for c in everything), \
        [c.card for c in everything if not c.levels][:5]
    assert {lv for c in everything for lv in c.levels} == {0, 1, 2, 3}
    for c in everything:
        if c.kind == "scenario":
            assert set(c.topics) & (set(VOCABULARY) - {"glossary"}), c.card
    by_id = {c.card: c for c in everything}
    assert "sba" in by_id["scenario:c-sba-zero-life:1"].topics
    assert "replacement" in by_id["scenario:e-repl-double-damage-spell-marauders:1"].topics
    assert {"triggers", "apnap"} <= set(by_id["scenario:e-trig-apnap-blocks-and-becomes-blocked:1"].topics)
    assert "ward" not in by_id["scenario:e-eff-cant-gain-life-soul-warden:1"].topics  # "warden" is no ward
    assert "combat" in by_id["which-rule:attack"].topics


def test_glossary_shapes_agree_with_the_built_questions():
    """The glossary cards are graded without being built (thousands of them): their shape must be the questions'."""
    from tutor.quiz import glossary_q

    seen = set()
    for c in bank.cards(other_language=True):
        if c.kind in ("term", "definition", "old-term") and (c.kind, len(seen) % 7) not in seen and len(seen) < 40:
            seen.add((c.kind, len(seen) % 7))
            difficulties, rules = glossary_q.card_shape(c.card)
            forms = [bank.for_card(c.card, 0, review=False), bank.for_card(c.card, 0, review=True)]
            assert sorted({q.difficulty for q in forms}) == sorted(difficulties), c.card
            assert all(tuple(q.rules) == tuple(rules) for q in forms), c.card
            assert sorted({q.level for q in forms}) == list(c.levels), c.card


@pytest.mark.parametrize("wanted", [0, 1, 2, 3])
def test_filtered_questions_have_the_level_asked(wanted):
    pool = bank.cards(lang="it", level=wanted)
    assert pool
    for info in pool[::max(1, len(pool) // 25)]:
        q = bank.for_card(info.card, 12345, review=True, level=wanted)
        assert q.level == wanted, (info.card, q.id)
    for seed in range(5):
        assert bank.pick(seed, lang="it", level=wanted).level == wanted


def test_rule_filter_cites_the_rule_or_a_sub_rule():
    for rule in ("613", "702.11", "704.5g"):
        pool = bank.cards(lang="it", rule=rule)
        assert pool
        for seed in range(6):
            q = bank.pick(seed, lang="it", rule=rule)
            assert any(rule_matches(r, rule) for r in q.rules), (rule, q.id, q.rules)
    assert bank.cards(lang="it", rule="999.9") == []


def test_the_cache_validator_is_strict():
    good = [["x:y", "combat", ["combat"], ["it"], True, [1, 2], ["510.2"], [[0, 1, ["combat"], ["510.2"]]]]]
    assert bank._valid_rows(good)
    for bad in ([[*good[0][:5], [4], *good[0][6:]]], [[*good[0][:5], [True], *good[0][6:]]],
                [[*good[0][:7], [[0, 1, ["combat"]]]]], [[*good[0][:7], [[-1, 1, [], []]]]], [good[0][:7]]):
        assert not bank._valid_rows(bad), bad


def test_studied_from_completed_lessons_and_knows_basics():
    lessons = lesson_table()
    first, sba = lessons[0], next(x for x in lessons if x[0] == "state-based-actions")
    nothing = studied_topics([])
    assert nothing == set(topics_for_rules(first[3])) and "sba" not in nothing and "turn" in nothing
    assert "sba" in studied_topics([sba[0]])
    every_first = studied_topics([], knows_basics=True)
    assert every_first == set().union(*(topics_for_rules(x[3]) for x in lessons if x[1] == 1))
    assert {"sba", "triggers", "prevention"} <= every_first
    # the store and the settings
    from tutor.quiz.session import studied

    with open_store() as store:
        assert studied(store) == nothing
        store.complete_lesson(sba[0], 3)
        assert store.completed_lesson_ids() == [sba[0]]
        assert studied(store) == studied_topics([sba[0]])
        config_path().parent.mkdir(parents=True, exist_ok=True)
        config_path().write_text(json.dumps({"knows_basics": True}), encoding="utf-8")
        assert studied(store) == every_first


def test_studied_cards():
    nothing = studied_topics([])
    pool = bank.cards(lang="it", studied=nothing)
    kinds = {c.kind for c in pool}
    assert "term" in kinds and "next-step" in kinds
    assert not any("sba" in c.topics for c in pool if c.kind != "term")
    assert len(pool) < len(bank.cards(lang="it"))
    more = bank.cards(lang="it", studied=studied_topics(["state-based-actions"]))
    assert any(c.kind == "scenario" and "sba" in c.topics for c in more)
