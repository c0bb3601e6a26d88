"""The quiz at 80×24 as a new learner met it (issue 20, quizfix): every new question opens with its whole prompt in
view (never scrolled down by the last one's verdict), Enter after a link goes on instead of opening the rule
again, the number box takes ``h`` for a hint and number words and says what it could not read under the box, and
an order's last pick moves the cursor to «Confirm»."""

from __future__ import annotations

import pytest

textual = pytest.importorskip("textual")

from tests.app.test_app_quiz import _number_question, open_quiz, run, text_of  # noqa: E402
from tests.app.test_quiz_screen_quizux import _order_question  # noqa: E402
from tutor.i18n import t  # noqa: E402
from tutor.quiz import bank  # noqa: E402
from tutor.quiz.model import expected_text  # noqa: E402


def _select_all():
    return next(q for s in range(60) if (q := bank.pick(s, None, "can-block", "it")).answer_format == "choices")


def _questions(ui: str = "it"):
    """Questions of the kinds the learner saw cut: definitions, terms, next step, casting, scenarios (for a learner
    of `ui`: a term question is between English and the learner's language)."""
    return [bank.pick(s, None, kind, ui) for kind in ("definition", "term", "next-step", "can-cast", "scenario")
            for s in (1, 2)]


def _prompt_in_view(screen) -> bool:
    pane, prompt = screen.query_one("#quiz-pane"), screen.query_one("#quiz-prompt")
    if prompt.virtual_region.height > pane.region.height:  # (a scenario's position: taller than the pane)
        return pane.scroll_y == 0 and pane.region.y <= prompt.region.y <= pane.region.y + 1  # it opens at its top
    return (pane.scroll_y == 0 and prompt.region.height == prompt.virtual_region.height > 0
            and pane.region.y <= prompt.region.y and prompt.region.bottom <= pane.region.bottom)


@pytest.mark.parametrize("ui", ["it", "ru"])
def test_a_new_question_opens_with_its_prompt_in_view(isolated_home, ui):
    async def go(app, pilot):
        screen = await open_quiz(app, pilot)
        for q in _questions(ui):
            # the last question's wrong answer: its verdict scrolled into view, the pane scrolled down
            before = _select_all()
            screen._show_question(before)
            await pilot.pause()
            wrong = next(n for n in range(1, len(before.options) + 1) if n not in before.answer)
            await pilot.press(str(wrong), "enter")
            await pilot.pause(0.2)
            assert screen.outcome is not None and screen.query_one("#quiz-pane").scroll_y > 0
            screen.number -= 1
            screen._show_question(q)
            await pilot.pause(0.2)
            assert _prompt_in_view(screen), (q.id, screen.query_one("#quiz-pane").scroll_y)
            # Enter after an answer goes to the next question, which opens at its top too
            screen.submit(expected_text(q, ui))
            await pilot.pause(0.2)
            assert screen.outcome is not None
            screen._questions = iter([before])
            await pilot.press("n")
            await pilot.pause(0.2)
            assert screen.question is before and _prompt_in_view(screen)
        return True
    assert run(go, ui=ui)


def test_enter_after_a_link_goes_on_not_back_to_the_rule(isolated_home):
    async def go(app, pilot):
        screen = await open_quiz(app, pilot)
        q = screen.question
        await pilot.press(str(q.answer if q.answer_format == "choice" else 1))
        await pilot.pause()
        assert screen.outcome is not None
        number = screen.number
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused.id == "quiz-explanation"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.current_mode in ("rules", "glossary")
        await pilot.press("escape")
        await pilot.pause()
        assert app.current_mode == "quiz" and app.screen is screen
        await pilot.press("enter")  # «Invio o n: domanda successiva»
        await pilot.pause()
        await pilot.pause()
        assert app.current_mode == "quiz" and screen.number == number + 1 and screen.outcome is None
        return True
    assert run(go)


@pytest.mark.parametrize("ui", ["it", "ru"])
def test_the_number_box_takes_h_and_number_words(isolated_home, ui):
    from tutor.numbers import parse_number

    async def go(app, pilot):
        screen = await open_quiz(app, pilot)
        q = _number_question()
        screen._show_question(q)
        await pilot.pause()
        assert app.focused.id == "quiz-input" and q.hints
        await pilot.press("h", "enter")  # as the screen says: «tasto h»
        await pilot.pause()
        assert screen.hints_shown == 1 and q.hints[0][ui] in text_of(screen, "#quiz-hints")
        assert screen.outcome is None and screen.query_one("#quiz-input").value == ""
        await pilot.pause(0.2)
        hints, pane = screen.query_one("#quiz-hints"), screen.query_one("#quiz-pane")
        assert pane.region.y <= hints.region.y and 0 < hints.region.bottom <= pane.region.bottom  # in view
        # an answer it cannot read: said under the box, in view
        await pilot.press(*"boh", "enter")
        await pilot.pause(0.2)
        assert screen.outcome is None
        note = screen.query_one("#quiz-box-note")
        assert t("quiz.error.format_number", ui) in text_of(screen, "#quiz-box-note")
        assert note.region.height > 0 and pane.region.y <= note.region.y and note.region.bottom <= pane.region.bottom
        assert note.region.y > screen.query_one("#quiz-input").region.y  # under the box
        await pilot.press("h", "enter")  # what could not be read is selected: the next key replaces it
        await pilot.pause()
        assert screen.query_one("#quiz-input").value == "" and screen.outcome is None
        if len(q.hints) == 1:  # (none left: said, under the box)
            assert t("quiz.no_more_hints", ui) in text_of(screen, "#quiz-box-note")
        # the answer in words
        words = {"it": ["zero", "uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci",
                        "undici", "dodici", "tredici", "quattordici", "quindici", "sedici", "diciassette",
                        "diciotto", "diciannove", "venti"],
                 "ru": ["ноль", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять",
                        "десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать",
                        "шестнадцать", "семнадцать", "восемнадцать", "девятнадцать", "двадцать"]}[ui]
        answer = words[q.answer] if 0 <= q.answer < len(words) else str(q.answer)
        assert parse_number(answer) == q.answer
        screen.query_one("#quiz-input").value = answer
        await pilot.press("enter")
        await pilot.pause()
        assert screen.outcome is not None and screen.outcome.correct
        return True
    assert run(go, ui=ui)


def test_the_last_pick_of_an_order_moves_the_cursor_to_confirm(isolated_home):
    async def go(app, pilot):
        screen = await open_quiz(app, pilot)
        q = _order_question()
        screen._show_question(q)
        await pilot.pause()
        await pilot.press(*(str(n) for n in q.answer))
        await pilot.pause()
        options = screen.query_one("#quiz-options")
        assert options.highlighted == len(q.options) and options.get_option_at_index(len(q.options)).id == "confirm"
        await pilot.press("enter")  # confirms: no «already at place 3»
        await pilot.pause()
        assert screen.outcome is not None and screen.outcome.correct
        return True
    assert run(go)
