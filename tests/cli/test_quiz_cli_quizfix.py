"""The terminal quiz as the learner's trial found it (issue 20, quizfix): ``?`` at a question without hints says
there are none (not «no more»), and a number answer may be written in words, in either language."""

from __future__ import annotations

import json

import pytest

from tests.cli.test_quiz_cli import run
from tutor.cli import main
from tutor.i18n import t
from tutor.numbers import _IT_UNITS, _RU_UNITS
from tutor.quiz import bank


@pytest.mark.parametrize("ui", ["it", "ru"])
def test_a_question_without_hints_says_it_has_none(isolated_home, ui):
    assert not bank.pick(1, None, "old-term", ui).hints
    res = run("--ui", ui, "quiz", "--count", "1", "--kind", "old-term", "--seed", "1", stdin="?\n1\n")
    assert res.returncode == 0, res.stderr
    assert t("quiz.no_hints", ui) in res.stdout
    assert t("quiz.no_more_hints", ui) not in res.stdout


@pytest.mark.parametrize("ui,units", [("it", _IT_UNITS), ("ru", _RU_UNITS)])
def test_a_number_answer_in_words(isolated_home, capsys, ui, units):
    q = next(q for s in range(80) if (q := bank.pick(s, None, "combat", "it")).answer_format == "number"
             and 0 <= q.answer < len(units))
    assert main(["--ui", ui, "quiz", "answer", q.id, units[q.answer].capitalize(), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["correct"] is True, out
    wrong = units[(q.answer + 1) % len(units)]
    assert main(["--ui", ui, "quiz", "answer", q.id, wrong, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["correct"] is False
