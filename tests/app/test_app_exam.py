"""The exam in the app: opened from the quiz screen (e) and from the command palette, 25 questions typed one after
the other with no verdict on the way, a malformed answer asked again, the report at the end (score, areas, wrong
answers with their rules), the exam stored with its weak areas' questions queued."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

textual = pytest.importorskip("textual")

from tests.pilot import run_app  # noqa: E402
from tutor.progress import DayPolicy, open_store  # noqa: E402
from tutor.quiz.model import expected_text  # noqa: E402

NOW = datetime(2025, 3, 10, 12, 0, tzinfo=UTC)


def run(coro_fn, ui: str = "it", size=(100, 30)):
    def prepare(app):
        app.quiz_options = {"seed": 1, "exam_seed": 11, "now": lambda: NOW, "fuzzing": False,
                            "day_policy": DayPolicy(tz=UTC), "tz": UTC}
    return run_app(coro_fn, ui, size, prepare=prepare)


def text_of(screen, wid: str) -> str:
    return str(screen.query_one(wid).render())


async def open_exam(app, pilot):
    await pilot.press("f3")
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert app.screen.__class__.__name__ == "QuizScreen"
    app.screen.query_one("#quiz-pane").focus()  # (not typing in the quiz's box)
    await pilot.press("e")
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()
    screen = app.screen
    assert screen.__class__.__name__ == "ExamScreen" and screen.exam is not None
    return screen


def test_a_whole_exam_in_the_app():
    async def go(app, pilot):
        screen = await open_exam(app, pilot)
        items = screen.exam.items
        assert len(items) == 25
        assert "domanda 1 di 25" in text_of(screen, "#exam-header")
        weak = items[0].area
        for number, item in enumerate(items, 1):
            q = item.question
            assert screen.question is q and q.prompt["it"] in text_of(screen, "#exam-prompt")
            assert f"domanda {number} di 25" in text_of(screen, "#exam-header")
            if number == 1 and q.answer_format in ("choice", "choices", "order", "number"):
                await pilot.press("x", "enter")  # malformed: said under the box, asked again
                await pilot.pause()
                assert screen.question is q and len(screen.answers) == 0
                assert text_of(screen, "#exam-note").strip()
                await pilot.press("backspace")
            answer = "-" if item.area == weak else expected_text(q, "it")
            await pilot.press(*answer, "enter")
            await pilot.pause()
            assert screen.report is None or number == 25  # no verdict on the way
        await app.workers.wait_for_complete()
        await pilot.pause()
        report = text_of(screen, "#exam-report")
        places = screen.exam.places[weak]
        return screen.report, report, places, weak, [i.question.card for i in items if i.area == weak]

    report, text, places, weak, weak_cards = run(go)
    assert report.score == 25 - places and report.weak == (weak,)
    assert f"Esame (domande di livello 2): {25 - places} risposte giuste su 25" in text
    assert f": 0/{places} — sotto il 70%, da ripassare" in text
    assert "Nessuna risposta: conta come sbagliata." in text and "Regole: " in text
    assert "Esame salvato tra i tuoi progressi." in text and "F3: il quiz" in text
    assert list(report.queued) == weak_cards
    with open_store() as store:
        record = store.exam_records()[0]
        assert (record.score, record.seed, record.taken) == (25 - places, 11, NOW)
        assert store.queued_card_keys() == weak_cards


def test_the_palette_opens_the_exam_and_esc_closes_it_in_russian():
    async def go(app, pilot):
        titles = {c.title: c for c in app.get_system_commands(app.screen)}
        assert "Экзамен" in titles
        titles["Экзамен"].callback()
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert screen.__class__.__name__ == "ExamScreen"
        header = text_of(screen, "#exam-header")
        how = text_of(screen, "#exam-how")
        await pilot.press("escape")
        await pilot.pause()
        return header, how, app.screen.__class__.__name__

    header, how, after = run(go, "ru")
    assert "Экзамен · вопросы уровня 2 · вопрос 1 из 25 · без подсказок, результат в конце" in header
    assert "«-» и Enter — пропустить вопрос" in how
    assert after != "ExamScreen"
    with open_store() as store:
        assert store.exam_records() == []  # left before its end: not recorded
