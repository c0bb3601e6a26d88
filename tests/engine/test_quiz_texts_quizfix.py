"""The quiz's texts as a new learner read them (issue 20, quizfix): number words are answers, no definition with
a lost mana symbol ({?}) is asked, no option or old term quoted twice, a scenario question asks only the graded
question, a wrong definition answer says what the chosen option is, an order's items are not joined by the arrow
an option may contain."""

from __future__ import annotations

import pytest

from tutor.i18n import LANGS, t
from tutor.quiz import bank, glossary_q, scenario_q
from tutor.quiz.feedback import answer_lines
from tutor.quiz.model import AnswerError, Question, judge


def _number_question() -> Question:
    return next(q for s in range(50) if (q := bank.pick(s, None, "combat", "it")).answer_format == "number")


def test_number_words_are_answers_in_both_languages():
    q = _number_question()
    words = {n: (it, ru) for n, it, ru in ((16, "sedici", "шестнадцать"), (2, "due", "два"), (0, "zero", "ноль"),
                                           (3, "tre", "три"), (4, "quattro", "четыре"), (1, "uno", "один"))}
    q16 = Question(**{**{f: getattr(q, f) for f in q.__dataclass_fields__}, "answer": 16})
    assert judge(q16, "sedici", "it").correct and judge(q16, "шестнадцать", "ru").correct
    assert judge(q16, "Sedici", "ru").given == "16"
    assert not judge(q16, "quindici", "it").correct
    if q.answer in words:
        assert judge(q, words[q.answer][0], "it").correct
    with pytest.raises(AnswerError):
        judge(q16, "sedici mele", "it")


def test_no_definition_question_shows_a_lost_symbol():
    ids = [cid for cid, _topics, _langs in glossary_q.card_ids() if cid.startswith("definition:")]
    assert ids
    for qid in ids:
        q = glossary_q.build(qid)
        for lang in LANGS:
            assert "{?}" not in q.prompt[lang], qid
    assert "definition:it:generic-mana" in ids  # its lost symbols are now readable examples (symbols.yaml)


def test_no_old_term_is_quoted_twice():
    ids = [cid for cid, _topics, _langs in glossary_q.card_ids() if cid.startswith("old-term:")]
    seen = False
    for qid in ids:
        q = glossary_q.build(qid)
        for lang in LANGS:
            assert "««" not in q.prompt[lang] and "»»" not in q.prompt[lang], (qid, q.prompt[lang])
            seen |= "«Incantesimo» / «Incanta Creatura»" in q.prompt[lang]
    assert seen


def test_a_scenario_question_asks_only_the_graded_question():
    ids = [qid for qid, _topics in scenario_q.card_ids()]
    built = 0
    for qid in ids:
        _kind, sid, n = qid.split(":")
        sc = scenario_q._scenarios()[sid]
        checkpoint = sc.data["actions"][scenario_q._checkpoints(sc)[int(n) - 1]]["checkpoint"]
        try:
            q = scenario_q.build(qid)
        except Exception:  # noqa: BLE001 - a checkpoint with no gradable question
            continue
        built += 1
        for lang in LANGS:
            asked = checkpoint["question"].get(lang) if isinstance(checkpoint["question"], dict) else None
            if asked:
                assert asked not in q.prompt[lang], (qid, lang)
                assert asked in q.explanation[lang]  # the scenario's question, answered in the explanation
            question = q.prompt[lang].split("\n", 1)[1]
            assert question[:1].isupper() and question.endswith("?"), (qid, question)  # one question, a sentence
    assert built > 5


def test_a_wrong_definition_answer_says_what_the_chosen_option_is():
    ids = [cid for cid, _topics, _langs in glossary_q.card_ids() if cid.startswith("definition:")]
    said = 0
    for qid in ids:
        q = glossary_q.build(qid)
        wrong = next(n for n in range(1, len(q.options) + 1) if n != q.answer)
        v = judge(q, str(wrong), "it")
        for lang in LANGS:
            lines = answer_lines(q, v, lang)
            if lines:
                said += 1
                assert lines == [t("quiz.feedback.is_instead", lang, option=q.options[wrong - 1][lang],
                                   definition=lines[0].split(": ", 1)[1])]
                assert q.options[wrong - 1][lang] in lines[0]
        assert answer_lines(q, judge(q, str(q.answer), "it"), "it") == []  # a right answer: nothing more
    assert said >= len(ids)


def test_an_order_s_items_are_not_joined_by_an_arrow():
    q = Question(id="x", kind="demo", card="x", topic=("demo",), difficulty=1, prompt={"it": "?", "ru": "?"},
                 options=({"it": "Shock (A) → Giocatore B", "ru": "Шок (A) → игрок B"},
                          {"it": "Giorno Sacro (B)", "ru": "Святой день (B)"}),
                 answer_format="order", answer=[2, 1], explanation={"it": "", "ru": ""})
    line = answer_lines(q, judge(q, "1,2", "it"), "it")[0]
    assert line.count("→") == 1 and "2) Giorno Sacro (B) · 1) Shock (A) → Giocatore B" in line
