"""`lesson check`'s "answer on screen" (tutor/lessons/onscreen.py) draws the terminal player's board; the app's
board and turn tracker must show the same things, or a question could show its answer in the app only."""

from __future__ import annotations

from tutor.engine.state import Step
from tutor.i18n import LANGS, t
from tutor.lessons import check, check_lesson, load_course
from tutor.lessons.onscreen import check_quantities, shown_where, tracker_steps

_ALWAYS = ["turn", "active", "step", "priority", "pending", "stack"] + [
    f"players.{p}.{q}" for p in "AB" for q in ("life", "library", "hand", "graveyard", "exile", "mana")]


def _app_board(view, cards, lang, learner):
    from tutor.app.widgets.board import board_rows

    return [row.plain for row in board_rows(view, cards, lang, learner, width=100)]


def test_the_app_board_shows_what_the_terminal_board_shows(monkeypatch):
    seen = []
    real = check.screen_problems

    def spy(session, step):
        body = step.body
        quantities = list(_ALWAYS) + ([body["about"]] if "about" in body else [])
        for opt in body.get("options") or []:
            quantities += check_quantities(opt.get("check") or {}) or []
        for q in dict.fromkeys(quantities):
            seen.append((session.lesson.id, step.index + 1, q, shown_where(session, q),
                         shown_where(session, q, _app_board)))
        return real(session, step)

    monkeypatch.setattr(check, "screen_problems", spy)
    for lesson in load_course().lessons:
        check_lesson(lesson)
    assert len({(x[0], x[1]) for x in seen}) > 50  # every question of the course
    assert {x[3] for x in seen} >= {"header", "board", None}
    assert [x for x in seen if x[3] != x[4]] == []


def test_the_tracker_lists_the_steps_in_the_order_the_check_reads():
    from tutor.app.widgets.turn_tracker import tracker_labels

    for lang in LANGS:
        labels = [label for label, _, _ in tracker_labels(Step.FIRST_STRIKE_DAMAGE, lang)]
        assert labels == [t(f"app.lessons.step.{key}", lang) for key in tracker_steps()]
