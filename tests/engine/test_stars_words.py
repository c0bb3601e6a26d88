"""Stars that say how well a lesson went (issue 20, point 8): a move the rules forbid, which the lessons invite the
learner to try ("prova pure…: vedrai la regola"), is refused with its rule and logged, but it is not a mistake;
a legal but unwanted move and a wrong answer are. The count survives a resume from the progress store."""

from __future__ import annotations

import pytest

from tests.engine.test_lessons_runtime import play_to
from tutor.engine import PassPriority, PlayLand
from tutor.lessons import LessonSession, load_course
from tutor.progress import ProgressStore


@pytest.fixture(scope="module")
def lesson():
    return load_course().get("turn-at-a-glance")


@pytest.fixture
def store(tmp_path):
    with ProgressStore.open(tmp_path / "progress.db") as s:
        yield s


def _to_first_move(s: LessonSession) -> None:
    while s.kind != "do":
        if s.kind == "ask":
            assert s.answer(s.expected()).correct
        assert s.advance()


def _finish(s: LessonSession) -> None:
    while not s.finished:
        if s.kind == "do" and s.index not in s.solved:
            pattern = s.step.accept[0]
            assert s.move(PassPriority() if "pass" in pattern else s.table.make_action(pattern)).accepted
        elif s.kind == "ask" and s.index not in s.solved:
            assert s.answer(s.expected()).correct
        assert s.advance()


def _land(s: LessonSession):
    state = s.game.state
    return next(oid for oid in state.players[0].hand if "land" in state.objects[oid].card.types)


def test_a_move_the_rules_refuse_is_no_mistake_and_three_stars_stay(lesson, store):
    s = LessonSession(lesson, store)
    _to_first_move(s)  # pass priority in the upkeep
    assert s.move(PlayLand(_land(s))).kind == "illegal"  # tried: refused with 305.1
    assert s.mistake_count == 0
    logged = [e for e in store.lesson_events(lesson.id) if e.kind == "answer"]
    assert logged[-1].correct is False and logged[-1].data["illegal"] == "305.1"  # still in the log
    _finish(s)
    assert (s.mistake_count, s.stars) == (0, 3)
    assert store.lesson_state(lesson.id).best_stars == 3


def test_after_a_resume_an_illegal_attempt_is_still_no_mistake_and_a_legal_wrong_move_still_one(lesson, store):
    s = LessonSession(lesson, store)
    _to_first_move(s)
    s.move(PlayLand(_land(s)))
    again = LessonSession(lesson, store)  # resumed from the store
    assert again.index == s.index and again.mistake_count == 0
    mana = next(m for g in again.moves() if g.group == "mana" for m in g.moves)
    assert again.move(mana.action).kind == "mana_idle"  # mana this step has no use for: no mistake either
    play_to(again, 7)  # the main phase: the step asks to pass, playing the Forest is legal
    assert again.move(PlayLand(_land(again))).kind == "other"  # legal, not what the step asks: a mistake
    third = LessonSession(lesson, store)
    assert third.index == 7 and third.mistake_count == 1 and third.move(PassPriority()).accepted


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_the_end_of_a_lesson_says_what_earns_the_stars(lang):
    from tutor.i18n import t

    text = t("lesson.finished", lang, stars="★★☆", hints=1, mistakes=1)
    assert all(mark in text for mark in ("★★★", "★★☆", "★☆☆"))
    assert ("vietata dalle regole" if lang == "it" else "запрещают правила") in text
