"""Tapping a land for mana at a step that has no use for it (lesson 1's draw step, which asks to pass): always
legal with priority (605.3a), so not a mistake, also after a resume; the mana is not added, and the learner is
told why (500.4), in both languages."""

from __future__ import annotations

from tests.engine.test_lessons_runtime import play_to
from tutor.lessons import LessonSession, load_course
from tutor.progress import open_store


def _at_a_pass_step_with_an_untapped_land(lesson, store=None):
    s = LessonSession(lesson, store)
    for step in lesson.steps:
        if step.kind != "do" or "pass" not in step.accept[0]:
            continue
        play_to(s, step.index)
        mana = [m for g in s.moves() if g.group == "mana" for m in g.moves]
        if mana:
            return s, mana[0]
    raise AssertionError("no pass step with a land to tap")


def test_mana_the_step_has_no_use_for_is_no_mistake_and_is_not_added(tmp_path):
    lesson = load_course().get("turn-at-a-glance")
    with open_store(tmp_path / "p.db") as store:
        s, mana = _at_a_pass_step_with_an_untapped_land(lesson, store)
        index, pools = s.index, [dict(p.pool) for p in s.game.state.players]
        result = s.move(mana.action)
        assert result.kind == "mana_idle" and result.mark == "·" and s.mistake_count == 0 and s.index == index
        assert "605.3a" in result.message("it") and "500.4" in result.message("ru")
        assert "errore" in result.message("it") and "ошибка" in result.message("ru")
        assert [dict(p.pool) for p in s.game.state.players] == pools  # no mana added
        resumed = LessonSession(lesson, store)  # the same run, resumed: still no mistake
        assert resumed.index == index and resumed.mistake_count == 0
