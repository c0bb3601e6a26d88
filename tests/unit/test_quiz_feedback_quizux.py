"""The quiz as a learner meets it (issue 20, point 9), below the screens: the right answer in words after a wrong
one, the grades in the learner's words, statistics that count every answer, more new questions after the day's
cap, and input hints that never show a worked example (which could be the answer)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from tests.unit.test_quiz_session import DAYS, T0
from tutor.i18n import LANGS, t
from tutor.progress import open_store
from tutor.quiz import bank
from tutor.quiz.feedback import answer_lines, expected_words
from tutor.quiz.model import Question, Verdict, expected_text, judge
from tutor.quiz.scheduler import RatingPolicy
from tutor.quiz.session import QuizSession


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "progress.db") as opened:
        yield opened


def _question(fmt: str, answer, n: int = 4) -> Question:
    names = [("uno", "один"), ("due", "два"), ("tre", "три"), ("quattro", "четыре")][:n]
    return Question(id="x", kind="demo", card="x", topic=("demo",), difficulty=1, prompt={"it": "?", "ru": "?"},
                    options=tuple({"it": i, "ru": r} for i, r in names), answer_format=fmt, answer=answer,
                    explanation={"it": "perché", "ru": "потому что"})


# ---- the right answer in words, for every kind of answer ------------------------------------------------------
def test_select_all_names_the_options_missed_and_those_chosen_wrongly():
    q = _question("choices", [1, 3])
    lines = answer_lines(q, judge(q, "1,2", "it"), "it")
    assert lines == [t("quiz.feedback.missed", "it", n=1, options="3) tre"),
                     t("quiz.feedback.extra", "it", n=1, options="2) due")]
    # only missed, in Russian, two of them
    q = _question("choices", [1, 2, 4])
    assert answer_lines(q, judge(q, "1", "ru"), "ru") == [
        t("quiz.feedback.missed", "ru", n=2, options="2) два; 4) четыре")]
    assert "Вы не отметили правильные варианты: 2) два; 4) четыре" == answer_lines(q, judge(q, "1", "ru"), "ru")[0]
    # only wrongly chosen
    assert answer_lines(q, judge(q, "1,2,3,4", "it"), "it") == [t("quiz.feedback.extra", "it", n=1,
                                                                    options="3) tre")]


def test_an_order_names_the_right_order_and_a_choice_its_option():
    q = _question("order", [3, 1, 2], n=3)
    assert answer_lines(q, judge(q, "1,2,3", "it"), "it") == [
        t("quiz.feedback.right_order", "it", order="3) tre · 1) uno · 2) due")]
    yes_no = Question(id="y", kind="demo", card="y", topic=("demo",), difficulty=1, prompt={"it": "?", "ru": "?"},
                      options=({"it": "Sì", "ru": "Да"}, {"it": "No", "ru": "Нет"}), answer_format="choice",
                      answer=2, explanation={"it": "", "ru": ""})
    assert expected_words(yes_no, "ru") == "2) Нет" and expected_words(yes_no, "it") == "2) No"
    assert answer_lines(yes_no, judge(yes_no, "1", "it"), "it") == []  # the verdict names it


def test_nothing_more_after_a_right_answer_nor_for_numbers():
    q = _question("choices", [1, 3])
    assert answer_lines(q, judge(q, "3,1", "it"), "it") == []
    number = Question(id="n", kind="demo", card="n", topic=("demo",), difficulty=1, prompt={"it": "?", "ru": "?"},
                      options=None, answer_format="number", answer=16, explanation={"it": "", "ru": ""})
    assert answer_lines(number, Verdict(False, "16", given="3"), "it") == []
    assert expected_words(number, "it") == "16"


@pytest.mark.parametrize("kind", bank.KINDS)
def test_every_kind_explains_a_wrong_answer_with_its_rules(kind):
    """Whatever the kind and the format, a wrong answer meets the right answer and an explanation that cites a
    rule (the rule that decides is quizgen's; here: that there is one and that it is shown)."""
    for seed in range(3):
        q = bank.pick(seed, kind=kind)
        for lang in LANGS:
            assert q.explanation[lang].strip(), (q.id, lang)
            assert q.rules, q.id
            if q.answer_format in ("choices", "order"):
                wrong = list(reversed(q.answer)) if q.answer_format == "order" else [
                    n for n in range(1, len(q.options) + 1) if n not in q.answer][:1] or [q.answer[0]]
                v = judge(q, ",".join(map(str, wrong)), lang)
                if not v.correct:
                    assert answer_lines(q, v, lang), q.id


# ---- grades in the learner's words ---------------------------------------------------------------------------
def test_the_grade_says_why_and_when_the_question_comes_back():
    policy = RatingPolicy(expected_ms=10_000)
    cases = {(False, 1_000, False): "wrong", (True, 1_000, True): "hint", (True, 25_000, False): "slow",
             (True, 10_000, False): "right", (True, 4_000, False): "fast", (True, None, False): "right"}
    for (correct, ms, hint), reason in cases.items():
        assert policy.reason(correct, ms, hint) == reason
        assert policy.rate(correct, ms, hint).name == {"wrong": "Again", "hint": "Hard", "slow": "Hard",
                                                        "right": "Good", "fast": "Easy"}[reason]
    jargon = {"it": ("di nuovo", "difficile", "buona", "facile"), "ru": ("снова", "трудно", "хорошо", "легко")}
    for lang in LANGS:
        texts = [t(f"quiz.grade.{r}", lang, fast="5", slow="20") for r in ("wrong", "hint", "slow", "right", "fast")]
        assert len(set(texts)) == 5
        for text in texts:
            assert not any(re.search(rf"\b{w}\b", text.lower()) for w in jargon[lang]), text
        assert "20" in texts[2] and "5" in texts[4]  # slow and quick say their time


def test_an_outcome_carries_its_grade(store):
    q = bank.question("next-step:upkeep")
    session = QuizSession(store, lang="it", now=T0, fuzzing=False, day_policy=DAYS, seed=1)
    outcome = session.answer(q, expected_text(q, "it"), duration_ms=1_000, now=T0)
    assert outcome.grade == "fast" and outcome.rating == 4
    assert outcome.grade_text("it") == t("quiz.grade.fast", "it", fast=f"{outcome.quick_s:.0f}", slow="0")
    wrong = session.answer(bank.question("next-step:draw"), "4", duration_ms=1_000, now=T0)
    assert wrong.grade == "wrong" and wrong.grade_text("ru") == t("quiz.grade.wrong", "ru", fast="", slow="")


# ---- statistics that count every answer --------------------------------------------------------------------
def test_statistics_count_the_learning_steps_too(store):
    """13 answers on cards still being learnt: the retention of reviews is empty, but the answers are counted."""
    session = QuizSession(store, lang="it", now=T0, fuzzing=False, day_policy=DAYS, seed=1, size=13,
                          new_per_day=13)
    answered = right = 0
    for i, q in enumerate(session.questions()):
        text = expected_text(q, "it") if i % 4 else _wrong(q)
        outcome = session.answer(q, text, duration_ms=5_000, now=T0 + timedelta(seconds=i))
        answered += 1
        right += outcome.correct
    stats = store.quiz_stats(T0 + timedelta(minutes=1), day_policy=DAYS)
    assert answered == 13 and stats.retention is None and stats.retention_reviews == 0
    assert (stats.answers, stats.answers_correct) == (13, right)
    assert stats.correct_share == pytest.approx(right / 13)
    from tutor.app.widgets.quiz_stats import stats_lines

    for lang in LANGS:
        lines = stats_lines(stats, lang)
        assert t("quiz.stats.correct", lang, share=f"{right / 13:.0%}", correct=right, n=13) in lines
        assert t("quiz.stats.retention_none", lang) in lines  # labelled, not "(ripassi: 0)"
        assert t("quiz.stats.grades", lang) in lines


def _wrong(q) -> str:
    if q.answer_format == "choice":
        return str(q.answer % len(q.options) + 1)
    if q.answer_format == "number":
        return str(q.answer + 1)
    if q.answer_format == "order":
        return ",".join(map(str, list(q.answer)[1:] + list(q.answer)[:1]))
    if q.answer_format == "choices":
        rest = [n for n in range(1, len(q.options) + 1) if n not in q.answer]
        return ",".join(map(str, rest or list(q.answer)[:1]))
    return "zzzz"


# ---- more new questions after the day's cap ----------------------------------------------------------------
def test_the_days_cap_is_said_and_more_can_be_asked(store):
    first = QuizSession(store, lang="it", now=T0, fuzzing=False, day_policy=DAYS, seed=1, new_per_day=3)
    assert len(first.items) == 3 and not first.capped()
    for q in first.questions():
        first.answer(q, expected_text(q, "it"), duration_ms=5_000, now=T0)
    assert first.capped() and first.new_cap == 3
    later = T0 + timedelta(hours=2)  # the learning cards of the first session are due again by then
    again = QuizSession(store, lang="it", now=later, fuzzing=False, day_policy=DAYS, seed=2, new_per_day=3)
    assert not any(item.is_new for item in again.items) and again.capped()
    more = QuizSession(store, lang="it", now=later, fuzzing=False, day_policy=DAYS, seed=2, new_per_day=3,
                       more=True, size=5)
    new = [item for item in more.items if item.is_new]
    assert new and len(more.items) <= 5 and more.new_cap == 3
    known = {item.card_id for item in first.items}
    assert not known & {item.card_id for item in new}
    # the next day the cap starts again
    assert not QuizSession(store, lang="it", now=T0 + timedelta(days=1), fuzzing=False, day_policy=DAYS,
                           seed=3, new_per_day=3).capped()


def test_the_cap_message_names_the_key_and_the_file():
    for lang in LANGS:
        text = t("quiz.more.capped", lang, cap=10, path="/home/x/settings.json")
        assert "quiz_new_per_day" in text and "/home/x/settings.json" in text and "10" in text
        assert "--more" in t("quiz.more.cli", lang) and "m" in t("quiz.more.app", lang)


# ---- input hints without worked examples ----------------------------------------------------------------------
_EXAMPLE = re.compile(r"\d+\s*,\s*\d+")


def test_no_input_hint_shows_a_worked_example():
    """No example numbers at all in the hints of select-all and order answers, so that none can be the answer."""
    keys = ["quiz.how.order", "quiz.how.choices", "quiz.how.number", "quiz.app.placeholder.order",
            "quiz.app.placeholder.number", "quiz.app.keys.order", "quiz.app.keys.choices", "quiz.error.format_order",
            "quiz.error.format_choices", "quiz.error.format_number"]
    for lang in LANGS:
        for key in keys:
            text = t(key, lang, n=7)
            assert not _EXAMPLE.search(text), (key, lang, text)
            assert set(re.findall(r"\d+", text)) <= {"1", "7"}, (key, lang, text)  # only "from 1 to n"


def test_generated_order_questions_never_hint_their_answer():
    seen = 0
    for kind in ("step-order", "stack"):
        for seed in range(40):
            q = bank.pick(seed, kind=kind)
            if q.answer_format != "order":
                continue
            seen += 1
            answer = ",".join(map(str, q.answer))
            for lang in LANGS:
                shown = "\n".join([q.prompt[lang], t("quiz.how.order", lang, n=len(q.options)),
                                   t("quiz.app.placeholder.order", lang), t("quiz.app.keys.order", lang)])
                assert answer not in shown.replace(" ", ""), (q.id, lang)
                assert not _EXAMPLE.search(shown.split("\n", 1)[1]), (q.id, lang)
    assert seen >= 20
