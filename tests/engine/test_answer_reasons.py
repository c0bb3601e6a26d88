"""Issue 20, points 5-6 (lessons): a reason for every wrong answer, the refusal that decides, and moves as people
play them (a mana ability on the way to the move; an illegal block tried and refused with its rule)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.test_lessons_runtime import intended, play_to
from tutor.engine import CastSpell, DeclareBlockers
from tutor.engine_text import illegal_text
from tutor.lessons import LessonSession, load_course, load_lesson
from tutor.lessons.links import rule_links
from tutor.lessons.model import YamlError

BARE = {"it": "Non è così.", "ru": "Не совсем так."}


@pytest.fixture(scope="module")
def course():
    return load_course()


def at_question(course, lesson_id, text_it):
    """A session at the question of `lesson_id` whose Italian text contains `text_it`."""
    lesson = course.get(lesson_id)
    index = next(s.index for s in lesson.steps if s.kind == "ask" and text_it in s.body["question"]["it"])
    s = LessonSession(lesson)
    play_to(s, index)
    return s


def wrong_answers(s):
    """A few wrong answers of the current question, of its kind."""
    body, e = s.step.body, s.expected()
    ids = [o["id"] for o in body.get("options") or []]
    kind = body["kind"]
    if kind == "choice":
        return [i for i in ids if i != e]
    if kind == "choices":
        out = [[x for x in ids if x not in e]] if len(e) < len(ids) else []
        return out + ([e[:-1]] if len(e) > 1 else [])
    if kind == "order":
        return [list(reversed(e)), [e[1], e[0], *e[2:]]]
    if kind == "number":
        return [e + 1, e - 1]
    return [not e]


# ---- every wrong answer of the course has a reason with a rule ------------------------------------------------
def test_every_wrong_answer_in_the_course_says_why_with_a_rule(course):
    seen = 0
    for lesson in course.lessons:
        s = LessonSession(lesson)
        while not s.finished:
            if s.kind == "do":
                assert s.move(intended(s)).accepted
            elif s.kind == "ask":
                for wrong in wrong_answers(s):
                    result = s.answer(wrong)
                    s.attempts[s.index] = 0  # never reveal: the reason of a wrong answer alone
                    assert not result.correct
                    for lang in ("it", "ru"):
                        text = result.message(lang)
                        assert text != BARE[lang] and BARE[lang] not in text, (lesson.id, s.index, wrong, text)
                        assert rule_links(text), (lesson.id, s.index, wrong, lang, text)  # the rule that decides
                    seen += 1
                assert s.answer(s.expected()).correct
            s.advance()
    assert seen > 100


# ---- the classic mistakes get their targeted why ---------------------------------------------------------------
def test_damage_does_not_lower_toughness(course):
    s = at_question(course, "priority-and-stack", "costituzione")
    assert s.step.body["kind"] == "number"
    for wrong in (s.expected() - 2, 3):
        it, ru = (s.answer(wrong).message(lang) for lang in ("it", "ru"))
        assert "non abbassa la costituzione" in it and "120.6" in it
        assert "не уменьшают выносливость" in ru and "120.6" in ru


def test_damage_is_divided_freely_among_blockers_since_foundations(course):
    s = at_question(course, "combat-damage", "dichiarato per primo")
    assert s.step.body["kind"] == "legal" and s.expected() is True
    it, ru = (s.answer(False).message(lang) for lang in ("it", "ru"))
    assert "510.1c" in it and "Foundations" in it and "ordine di assegnazione" in it
    assert "510.1c" in ru and "Foundations" in ru


def test_mana_empties_between_steps(course):
    s = at_question(course, "casting-a-spell", "riserva")
    result = s.answer(1)
    assert "500.4" in result.message("it") and "500.4" in result.message("ru")
    assert "svuota" in result.message("it")


def test_the_stack_resolves_last_in_first_out_in_an_order_question(course):
    s = at_question(course, "priority-and-stack", "Metti in ordine")
    e = s.expected()
    wrong = [x for x in e if x != "pump"]
    wrong.insert(wrong.index("damage") + 1, "pump")  # the damage before the pump: "cast first, resolves first"
    it = s.answer(wrong).message("it")
    assert "405.5" in it and "in cima" in it


# ---- generic reasons, each kind ---------------------------------------------------------------------------------
def test_a_select_all_answer_says_which_were_missed_and_which_are_wrong(course):
    s = at_question(course, "combat-attackers", "possono attaccare")
    e = s.expected()
    missed = e[0]
    wrong = next(o.id for o in s.options() if o.id not in e)
    text = {o.id: o.text("it") for o in s.options()}
    it = s.answer([*e[1:], wrong]).message("it")
    assert it.index("non scelta") < it.index(text[missed]) and "scelta" in it
    assert text[wrong] in it


def test_a_number_says_too_high_or_too_low_and_the_rule(course):
    s = at_question(course, "turn-at-a-glance", "punti vita")
    high, low = s.answer(s.expected() + 5).message("it"), s.answer(s.expected() - 5).message("ru")
    assert "più basso" in high and "510.1a" in high
    assert "больше" in low and "510.1a" in low


def test_an_order_names_the_first_pair_the_wrong_way_round(course):
    s = at_question(course, "turn-at-a-glance", "Metti in ordine")
    e = s.expected()
    texts = {o.id: o.text("it") for o in s.options()}
    it = s.answer([e[1], e[0], *e[2:]]).message("it")
    decides = s.step.body.get("rule") or s.step.body["rules"][0]
    assert it.startswith(f"Troppo presto: {texts[e[1]]}. Prima viene: {texts[e[0]]}.") and decides in it


def test_a_yes_no_question_gives_the_engines_reason(course):
    s = at_question(course, "main-phase", "anche la Montagna")
    it, ru = s.answer(True).message("it"), s.answer(True).message("ru")
    assert it.startswith("No, non si può: ") and "305.2" in it and ru.startswith("Нет, так нельзя: ")


def test_the_answer_itself_only_once_revealed(course):
    s = at_question(course, "turn-at-a-glance", "punti vita")
    first = s.answer(s.expected() + 1)
    assert str(s.expected()) not in first.message("it").replace(str(s.expected() + 1), "")
    s.answer(s.expected() + 2)
    third = s.answer(s.expected() + 3)
    assert third.revealed and third.answer_text("it") == str(s.expected())


# ---- the schema -------------------------------------------------------------------------------------------------
LESSON = """\
id: tiny
order: 1
level: 1
title: {it: "T", ru: "T"}
goals: {it: "G", ru: "G"}
minutes: 3
rules: ["500.1"]
setup: {players: {A: {life: 20}, B: {life: 20}}}
steps:
  - ask:
      kind: %(kind)s
      question: {it: "Q", ru: "Q"}
%(body)s
      hints:
        - {it: "uno", ru: "один"}
        - {it: "due", ru: "два"}
        - {it: "tre (500.1)", ru: "три (500.1)"}
      explain: {it: "E", ru: "E"}
      rules: ["500.1"]
  - recap: {it: "R", ru: "R"}
"""

NUMBER = """\
      answer: 20
      about: players.A.life
      general: true
%s"""
ORDER = """\
      options:
        - {id: a, text: {it: "a", ru: "a"}, step: upkeep}
        - {id: b, text: {it: "b", ru: "b"}, step: draw}
      answer: [a, b]
%s"""


@pytest.mark.parametrize(("kind", "body", "problem"), [
    ("number", NUMBER % "      wrong: [{value: 20, why: {it: 'w', ru: 'w'}}]", "not the answer"),
    ("number", NUMBER % "      wrong: [{before: [a, b], why: {it: 'w', ru: 'w'}}]", "value"),
    ("number", NUMBER % "      wrong: [{value: 18}]", "why"),
    ("order", ORDER % "      wrong: [{before: [a, b], why: {it: 'w', ru: 'w'}}]", "the other way round"),
    ("order", ORDER % "      wrong: [{before: [b, zz], why: {it: 'w', ru: 'w'}}]", "the other way round"),
    ("legal", "      answer: true\n      action: {pass: 1}\n      wrong: [{value: 1, why: {it: 'w', ru: 'w'}}]",
     "number or order"),
])
def test_wrong_entries_are_checked(tmp_path: Path, course, kind, body, problem):
    path = tmp_path / "tiny.yaml"
    path.write_text(LESSON % {"kind": kind, "body": body}, encoding="utf-8")
    with pytest.raises(YamlError, match=problem):
        load_lesson(path, course.lessons[0].cards)


def test_a_known_wrong_number_and_order_load_and_are_said(tmp_path: Path, course):
    path = tmp_path / "tiny.yaml"
    path.write_text(LESSON % {"kind": "number", "body": NUMBER % (
        "      wrong: [{value: [18, 19], why: {it: 'Il danno non fa questo (120.6).', ru: 'Нет (120.6).'}}]\n"
        "      why: {it: 'In generale no.', ru: 'В целом нет.'}")}, encoding="utf-8")
    s = LessonSession(load_lesson(path, course.lessons[0].cards))
    assert s.answer(19).message("it") == "Il danno non fa questo (120.6)."
    assert s.answer(3).message("ru") == "В целом нет. Решающее правило — 500.1."


# ---- refusals: the reason that decides ------------------------------------------------------------------------
def at_step(course, lesson_id, index):
    s = LessonSession(course.get(lesson_id))
    play_to(s, index)
    return s


def test_an_untargeted_cast_without_mana_is_refused_for_the_mana(course):
    # lesson 5: the Forest was tapped for the first Giant Growth; the second can't be paid
    lesson = course.get("priority-and-stack")
    s = LessonSession(lesson)
    play_to(s, 2)
    growth = next(o for o in s.game.state.players[0].hand if s.game.state.objects[o].card.id == "giant-growth")
    assert not s.game.can_cast(growth)
    refusal = s.game.refusal(CastSpell(growth))
    assert (refusal.rule, refusal.reason) == ("601.2h", "cant_pay")
    assert "601.2h" in illegal_text(refusal, "it") and "mana" in illegal_text(refusal, "it")
    listed = [m for g in s.moves() if g.group == "cast" for m in g.moves]
    assert listed and all(m.rule == "601.2h" for m in listed if m.action.card == growth)
    assert s.game.cast_refusal(growth)[0].rule == "601.2h"


def test_an_untargeted_cast_with_mana_is_still_refused_for_its_targets(course):
    s = at_step(course, "priority-and-stack", 12)  # Shock on the stack, a Forest untapped
    growth = next(o for o in s.game.state.players[0].hand if s.game.state.objects[o].card.id == "giant-growth")
    assert s.game.refusal(CastSpell(growth)).rule == "601.2c"
    # and the bare, untargeted form is not listed beside the targeted legal ones
    casts = [m for g in s.moves() if g.group == "cast" for m in g.moves if m.action.card == growth]
    assert casts and all(m.legal and m.action.targets for m in casts)


# ---- moves as people play -------------------------------------------------------------------------------------
def test_tapping_a_land_then_casting_the_expected_spell_is_no_mistake(course):
    s = at_step(course, "priority-and-stack", 12)  # "save the Grizzly Bears: answer the Shock"
    mana = next(m for g in s.moves() if g.group == "mana" for m in g.moves if m.legal)
    on_the_way = s.move(mana.action)
    assert on_the_way.kind == "mana" and not on_the_way.accepted and on_the_way.mark == "·"
    assert "605.3b" in on_the_way.message("it") and "605.3b" in on_the_way.message("ru")
    assert s.index == 12 and not s.can_advance() and s.board().players[0].mana.G == 1
    assert s.move(intended(s)).accepted and s.mistake_count == 0
    assert s.advance()


def test_a_mana_ability_that_cannot_help_is_not_on_the_way(course):
    s = LessonSession(course.get("turn-at-a-glance"))
    play_to(s, next(st.index for st in s.lesson.steps if st.kind == "do"))  # the step asks to pass
    mana = next(m for g in s.moves() if g.group == "mana" for m in g.moves)
    assert s.move(mana.action).kind == "mana_idle" and s.mistake_count == 0  # not on the way, and no mistake either


def test_an_illegal_block_can_be_tried_and_is_refused_with_its_rule(course):
    lesson = course.get("combat-blockers")
    index = next(st.index for st in lesson.steps if st.kind == "do" and "block" in st.accept[0])
    s = LessonSession(lesson)
    play_to(s, index)
    blocks = next(g for g in s.moves() if g.group == "block").moves
    refused = {m.rule for m in blocks if not m.legal}
    assert {"702.9b", "702.111b", "509.1a"} <= refused  # a flyer, menace blocked by one, a tapped creature
    bears, elemental = s.table.obj_of("bears"), s.table.obj_of("elemental")
    result = s.move(DeclareBlockers(((bears, elemental),)))
    assert result.kind == "illegal" and result.rule == "702.9b" and "702.9b" in result.message("ru")
    assert s.index == index and s.mistake_count == 0  # a move the rules forbid is tried to learn: it costs no star


# ---- the engine: the refusal that decides, on positions built for it -----------------------------------------
def _position(*lands: str):
    from tutor.engine import Step
    from tutor.quiz.position import Position

    pos = Position(Step.PRECOMBAT_MAIN)
    pos.add("grizzly-bears", 0, alias="bears")
    pos.add("giant-growth", 0, "hand", alias="growth")
    pos.add("master-decoy", 0, alias="decoy")
    for i, land in enumerate(lands):
        pos.add(land, 0, alias=f"land{i}")
    return pos, pos.start()


@pytest.mark.parametrize(("lands", "cast", "activate"), [
    ((), ("601.2h", "cant_pay"), ("602.2b", "cant_pay")),  # no mana: whatever the targets, the cost decides
    (("forest", "plains"), ("601.2c", "target_count"), ("602.2b", "target_count")),  # mana: the missing target
])
def test_wrong_targets_and_an_unpayable_cost_the_cost_decides(lands, cast, activate):
    from tutor.engine import ActivateAbility

    pos, game = _position(*lands)
    decoy = pos.ids["decoy"]
    index = next(i for i, ab in enumerate(game.state.objects[decoy].card.abilities) if ab.kind == "activated")
    got = game.refusal(CastSpell(pos.ids["growth"]))
    assert (got.rule, got.reason) == cast
    got = game.refusal(ActivateAbility(decoy, index))
    assert (got.rule, got.reason) == activate


def test_no_legal_target_at_all_is_still_the_targets_even_without_mana():
    from tutor.engine import Step
    from tutor.quiz.position import Position

    pos = Position(Step.PRECOMBAT_MAIN)
    pos.add("giant-growth", 0, "hand", alias="growth")  # no creature anywhere: no target would do
    game = pos.start()
    assert game.refusal(CastSpell(pos.ids["growth"])).rule == "601.2c"
