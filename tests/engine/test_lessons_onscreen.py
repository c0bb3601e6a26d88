"""Questions that never show their answer (issue 20, point 3): `lesson check` fails a question whose answer the
screen shows while it is asked (the board, its first line, the turn tracker, the texts of the number box), and
passes on the course."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT
from tutor.i18n import LANGS, catalog, t
from tutor.lessons import check_lesson, load_course, load_lesson
from tutor.lessons.onscreen import NUMBER_INPUT, tracker_steps

LESSON_1 = ROOT / "lessons" / "course" / "01-turn-at-a-glance.yaml"
LESSON_1_TEXT = LESSON_1.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def course():
    return load_course()


def _load(tmp_path, text: str):
    from tutor.cardpool import load_cards

    path = tmp_path / "l.yaml"
    path.write_text(text, encoding="utf-8")
    return load_lesson(path, load_cards(), "l.yaml")


def _on_screen(lesson) -> list:
    return [p for p in check_lesson(lesson) if p.key.startswith("answer_")]


def _line_of(text: str, needle: str) -> int:
    return text[:text.index(needle)].count("\n") + 1


# ---- a lesson written to break it ------------------------------------------------------------------------------
def test_a_number_asked_while_the_board_shows_it_fails(tmp_path):
    """Lesson 1 as it was: "Quanti punti vita ha B adesso?" right after the damage, with the board showing 18."""
    broken = _damage_before_question(LESSON_1_TEXT)
    problems = _on_screen(_load(tmp_path, broken))
    assert [p.key for p in problems] == ["answer_on_board"]
    text_it, text_ru = problems[0].text("it"), problems[0].text("ru")
    line = _line_of(broken, "  - ask:\n      kind: number") + 2  # its question
    assert text_it.startswith(f"l.yaml:{line}: passo 17: ") and "players.B.life" in text_it and "after:" in text_it
    assert text_ru.startswith(f"l.yaml:{line}: шаг урока 17: ") and "players.B.life" in text_ru


def _damage_before_question(text: str) -> str:
    """Lesson 1 with the damage dealt before its number question, and the question about now (no ``after``)."""
    damage = text.index("  - id: damage\n")
    ask = text.index("  - ask:\n      kind: number")
    end = text.index("  - auto:\n      actions: [{pass_until: end}]")
    assert damage > ask  # today: the question first, then the damage
    question = text[ask:damage].replace("      after: damage\n", "")
    return text[:ask] + text[damage:end] + question + text[end:]


def test_who_has_priority_asked_while_the_header_says_it_fails(tmp_path):
    broken = LESSON_1_TEXT.replace("      answer: a\n      after: to-draw\n", "      answer: a\n", 1)
    problems = _on_screen(_load(tmp_path, broken))
    assert [p.key for p in problems] == ["answer_on_header"]
    assert "priority" in problems[0].text("it") and "passo 3" in problems[0].text("it")
    assert "первой строке стола" in problems[0].text("ru")


def test_the_order_of_steps_the_tracker_lists_fails(tmp_path):
    steps = {"blockers": "declare_blockers", "draw": "draw", "combat_ends": "end_of_combat",
             "attackers": "declare_attackers", "damage": "combat_damage"}
    order = LESSON_1_TEXT[LESSON_1_TEXT.index("      kind: order"):LESSON_1_TEXT.index("  - recap:")]
    as_steps = re.sub(r"event: (\w+)", lambda m: f"step: {steps[m.group(1)]}", order)
    problems = _on_screen(_load(tmp_path, LESSON_1_TEXT.replace(order, as_steps)))
    assert [p.key for p in problems] == ["answer_on_tracker"]
    assert "barra del turno" in problems[0].text("it") and "полоса хода" in problems[0].text("ru")


def test_a_choices_question_the_board_answers_fails_and_a_reasoning_one_does_not(course, tmp_path):
    """Lesson 14's last question asked once B's turn has begun (the board shows the lives, the Bears' 2/2 and
    the header B's priority) fails; lesson 7's "which of your creatures can attack?" (the board shows who is
    tapped or summoning sick, the learner reasons from it) passes."""
    text = (ROOT / "lessons" / "course" / "14-full-turn.yaml").read_text(encoding="utf-8")
    turn = text.index("  - id: turn-ends\n")
    ask = text.index("  - ask:\n      kind: choices", text.index("  - ask:\n      kind: legal"))
    recap = text.index("  - recap:")
    assert turn > ask
    broken = text[:ask] + text[turn:recap] + text[ask:turn].replace("      after: turn-ends\n", "") + text[recap:]
    problems = _on_screen(_load(tmp_path, broken))
    assert [p.key for p in problems] == ["answer_on_board"]
    assert "players.A.life" in problems[0].text("it") and "priority" in problems[0].text("it")
    assert _on_screen(course.get("combat-attackers")) == []


def test_an_answer_written_in_the_number_box_texts_fails(course, monkeypatch):
    monkeypatch.setitem(catalog("it"), "lesson.bad_number", "Non ho capito: scrivi un numero intero, per esempio 18.")
    problems = _on_screen(course.get("turn-at-a-glance"))
    assert [(p.key, p.fields["key"]) for p in problems] == [("answer_in_hint", "lesson.bad_number")]
    assert "(18)" in problems[0].text("it")


# ---- the course ---------------------------------------------------------------------------------------------
def test_no_question_of_the_course_shows_its_answer(course):
    assert {lesson.id: [p.text("it") for p in _on_screen(lesson)] for lesson in course.lessons} == \
        {lesson.id: [] for lesson in course.lessons}


def test_the_number_box_texts_show_no_number_at_all(course):
    """No worked example in the texts around a number answer, so none can ever be an answer."""
    for key in NUMBER_INPUT:
        for lang in LANGS:
            assert not re.search(r"\d", t(key, lang)), (key, lang, t(key, lang))
    answers = {s.body["answer"] for lesson in course.lessons for s in lesson.steps
               if s.kind == "ask" and s.body["kind"] == "number"}
    assert answers and all(str(a) not in t(key, lang) for a in answers for key in NUMBER_INPUT for lang in LANGS)


def test_the_tracker_order_is_the_turns():
    assert tracker_steps()[:4] == ["untap", "upkeep", "draw", "precombat_main"]
    assert tracker_steps().index("first_strike_damage") + 1 == tracker_steps().index("combat_damage")
