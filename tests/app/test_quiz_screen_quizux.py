"""The quiz screen as a learner meets it (issue 20, point 9): order questions picked one by one (the cursor stays,
nothing is taken back silently, the last pick does not answer), empty answers not judged, the right answer in
words after a wrong one, grades in the learner's words, statistics that count every answer, and more new
questions after the day's cap."""

from __future__ import annotations

import json

import pytest

textual = pytest.importorskip("textual")

from tests.app.test_app_quiz import open_quiz, run, text_of  # noqa: E402
from tutor.i18n import t  # noqa: E402
from tutor.progress import open_store  # noqa: E402
from tutor.quiz import bank  # noqa: E402


def _order_question():
    for seed in range(40):
        q = bank.pick(seed, None, "step-order", "it")
        if len(q.options) >= 3:
            return q
    raise AssertionError("no order question of three")


def _reviews() -> int:
    with open_store() as store:
        return len(store.reviews())


def test_an_order_is_picked_one_by_one_and_confirmed(isolated_home):
    async def go(app, pilot):
        screen = await open_quiz(app, pilot)
        q = _order_question()
        screen._show_question(q)
        await pilot.pause()
        options = screen.query_one("#quiz-options")
        assert app.focused is options and options.option_count == len(q.options)
        first, *rest = q.answer
        # the first pick: the cursor stays on the option picked
        options.highlighted = first - 1
        await pilot.press("enter")
        await pilot.pause()
        assert screen.picked == [first] and options.highlighted == first - 1
        assert f"[1] {first}) " in str(options.get_option_at_index(first - 1).prompt)
        # Enter on an option already placed: it stays placed, and the screen says so and how to take it back
        await pilot.press("enter")
        await pilot.pause()
        assert screen.picked == [first] and screen.outcome is None
        assert t("quiz.app.order.already", "it", option=q.options[first - 1]["it"], place=1) in text_of(
            screen, "#quiz-note")
        # the last pick (by number key) does not answer: a Confirm row appears
        await pilot.press(*(str(n) for n in rest))
        await pilot.pause()
        assert screen.picked == list(q.answer) and screen.outcome is None
        assert options.option_count == len(q.options) + 1
        assert options.get_option_at_index(len(q.options)).id == "confirm"
        assert t("quiz.app.order.complete", "it") in text_of(screen, "#quiz-note")
        # Backspace takes back the last one, and says which
        await pilot.press("backspace")
        await pilot.pause()
        assert screen.picked == list(q.answer)[:-1] and options.option_count == len(q.options)
        last = q.answer[-1]
        assert t("quiz.app.order.taken_back", "it", option=q.options[last - 1]["it"], place=len(q.answer)) in \
            text_of(screen, "#quiz-note")
        assert app.current_mode == "quiz" and app.screen is screen  # Backspace did not leave the quiz
        await pilot.press(str(last))
        await pilot.pause()
        assert _reviews() == 0  # nothing judged yet
        options.highlighted = len(q.options)  # the Confirm row
        await pilot.press("enter")
        await pilot.pause()
        assert screen.outcome is not None and screen.outcome.correct
        assert screen.outcome.verdict.given == ",".join(map(str, q.answer))
        # the right order, each place marked; no stale title on the list
        rows = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert rows == [f"{n}) {q.options[n - 1]['it']} ✓" for n in q.answer] and not options.border_title
        return True
    assert run(go)
    assert _reviews() == 1


def test_empty_answers_are_not_judged(isolated_home):
    async def go(app, pilot):
        screen = await open_quiz(app, pilot)
        # select-all with nothing selected
        q = next(bank.pick(s, None, "can-block", "it") for s in range(60)
                 if bank.pick(s, None, "can-block", "it").answer_format == "choices")
        screen._show_question(q)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.outcome is None and t("quiz.app.select_first", "it") in text_of(screen, "#quiz-note")
        # an order with nothing picked: Enter picks, it does not answer; the empty box is not judged either
        screen._show_question(_order_question())
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.outcome is None and screen.picked == [1]
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused.id == "quiz-input"
        await pilot.press("enter")
        await pilot.pause()
        assert screen.outcome is None and t("quiz.error.empty", "it") in text_of(screen, "#quiz-box-note")
        # a number question, empty box
        from tests.app.test_app_quiz import _number_question

        screen._show_question(_number_question())
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.outcome is None
        return True
    assert run(go)
    assert _reviews() == 0


def test_a_wrong_select_all_names_missed_and_wrong_options_and_the_grade_is_in_words(isolated_home):
    async def go(app, pilot):
        screen = await open_quiz(app, pilot)
        q = next(bank.pick(s, None, "can-block", "it") for s in range(60)
                 if bank.pick(s, None, "can-block", "it").answer_format == "choices"
                 and len(bank.pick(s, None, "can-block", "it").answer) < len(bank.pick(s, None, "can-block",
                                                                                      "it").options))
        screen._show_question(q)
        await pilot.pause()
        wrong = next(n for n in range(1, len(q.options) + 1) if n not in q.answer)
        await pilot.press(str(wrong), "enter")
        await pilot.pause()
        verdict = text_of(screen, "#quiz-verdict")
        missed = "; ".join(f"{n}) {q.options[n - 1]['it']}" for n in q.answer)
        assert t("quiz.feedback.missed", "it", n=len(q.answer), options=missed) in verdict
        assert t("quiz.feedback.extra", "it", n=1, options=f"{wrong}) {q.options[wrong - 1]['it']}") in verdict
        assert t("quiz.grade.wrong", "it") in verdict and "valutazione" not in verdict
        assert q.explanation["it"].splitlines()[0][:40] in text_of(screen, "#quiz-explanation")
        # at 80×24 the verdict and its reasons are scrolled into view, whole
        await pilot.pause(0.2)
        pane, shown = screen.query_one("#quiz-pane"), screen.query_one("#quiz-verdict")
        assert pane.scroll_y > 0 and shown.region.height == shown.virtual_region.height > 2
        assert pane.region.y <= shown.region.y and shown.region.bottom <= pane.region.bottom
        await pilot.press("ctrl+l")  # the same in Russian
        await pilot.pause()
        verdict = text_of(screen, "#quiz-verdict")
        assert t("quiz.grade.wrong", "ru") in verdict and "оценка" not in verdict
        assert "Вы не отметили" in verdict and "Вы отметили" in verdict
        return True
    assert run(go)


def test_the_statistics_count_every_answer_with_labels(isolated_home):
    async def go(app, pilot):
        screen = await open_quiz(app, pilot)
        from tests.app.test_app_quiz import answer_right

        for _ in range(3):  # three new questions: learning steps, no review of a learnt card yet
            await answer_right(screen, pilot, screen.question)
            await pilot.press("n")
            await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        figures = str(screen.query_one("#stats-figures").render())
        return figures
    figures = run(go)
    assert t("quiz.stats.correct", "it", share="100%", correct=3, n=3) in figures
    assert t("quiz.stats.retention_none", "it") in figures
    assert "(ripassi: 0)" not in figures
    assert t("quiz.stats.grades", "it")[:60] in figures.replace("\n", " ")


def test_more_new_questions_after_the_days_cap(isolated_home):
    from glossary.paths import config_path

    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"quiz_new_per_day": 2}), encoding="utf-8")

    async def go(app, pilot):
        from tests.app.test_app_quiz import answer_right

        screen = await open_quiz(app, pilot)
        first = {item.card_id for item in screen.session.items}
        assert len(first) == 2
        while screen.question is not None:
            await answer_right(screen, pilot, screen.question)
            await pilot.press("n")
            await pilot.pause()
        summary = " ".join(text_of(screen, "#quiz-prompt").split())
        assert t("quiz.more.capped", "it", cap=2, path=str(path)) in summary
        assert t("quiz.more.app", "it") in summary and screen.capped
        await pilot.press("m")
        await app.workers.wait_for_complete()
        await pilot.pause()
        new = {item.card_id for item in screen.session.items if item.is_new}
        assert screen.question is not None and new and not new & first
        return True
    assert run(go)


def test_a_day_with_no_new_questions_left_offers_more_at_once(isolated_home):
    """With the cap at 0 there is nothing to do today: the screen says why (the cap, its key, its file) in
    Russian, and m starts new questions."""
    from glossary.paths import config_path

    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"quiz_new_per_day": 0}), encoding="utf-8")

    async def go(app, pilot):
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert screen.question is None and screen.finished and screen.capped
        text = " ".join(text_of(screen, "#quiz-prompt").split())
        assert t("quiz.more.capped", "ru", cap=0, path=str(path)) in text
        assert t("quiz.session.nothing", "ru") not in text and t("quiz.more.app", "ru") in text
        await pilot.press("m")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.question is not None and all(item.is_new for item in screen.session.items)
        return True
    assert run(go, ui="ru")
