"""`mtg-tutor quiz exam`: answers piped line by line, end of input ends the exam (the report still lists all 25,
the rest counted wrong), a malformed line counted wrong with its note, the report in both languages, the --json
contract, the exam stored and its weak areas' questions coming up in `quiz next`, bad arguments refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import ROOT
from tutor.progress import open_store
from tutor.quiz.exam import build_exam
from tutor.quiz.model import expected_text


def run(*argv, stdin: str | None = None):
    return subprocess.run([sys.executable, "-m", "tutor", *argv], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, env=dict(os.environ), timeout=300)


def right(seed: int, lang: str = "it") -> list[str]:
    return [expected_text(item.question, lang) for item in build_exam(2, seed).items]


def test_a_piped_exam_all_right_passes_and_is_stored():
    answers = right(11)
    result = run("quiz", "exam", "--seed", "11", stdin="\n".join(answers) + "\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Esame (domande di livello 2): 25 domande, senza limite di tempo e senza suggerimenti" in out
    assert "[25/25]" in out and "suggerimento:" not in out.lower()
    assert "Esame (domande di livello 2): 25 risposte giuste su 25 (100%)." in out
    assert "Superato: ne servivano almeno 18 su 25." in out
    assert "Le domande:" in out and "  25. ✓ " in out
    with open_store() as store:
        record = store.exam_records()[0]
        assert (record.score, record.passed, record.seed) == (25, True, 11)
        assert store.queued_card_keys() == [] and store.reviews() == []


def test_end_of_input_ends_the_exam_and_the_rest_counts_wrong():
    answers = right(11)[:5]
    result = run("quiz", "exam", "--seed", "11", "--ui", "ru", stdin="\n".join(answers) + "\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "[6/25]" in out and "[7/25]" not in out
    assert "Ввод закончился: 20 вопросов без ответа засчитываются как неверные." in out
    assert "Экзамен (вопросы уровня 2): верных ответов — 5 из 25 (20%)." in out
    assert "Экзамен не сдан: нужно не меньше 18 из 25." in out
    assert out.count("нет ответа (правильно:") == 20 and "  25. ✗ " in out
    assert "Повторить их: mtg-tutor quiz" in out


def test_json_contract_malformed_line_and_queued_cards_coming_up_in_quiz_next():
    exam = build_exam(2, 11)
    answers = right(11)
    choice = next(i for i, item in enumerate(exam.items) if item.question.answer_format == "choice")
    answers[choice] = "x"
    weak = exam.items[choice].area
    for i, item in enumerate(exam.items):
        if item.area == weak and i != choice:
            answers[i] = "-"
    result = run("quiz", "exam", "--seed", "11", "--json", stdin="\n".join(answers) + "\n")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)  # nothing but the report on standard output
    assert set(data) == {"level", "seed", "lang", "score", "total", "pass_mark", "passed", "areas", "given_away",
                         "questions", "weak_areas", "queued", "exam_id"}
    places = exam.places[weak]
    assert data["score"] == 25 - places and data["passed"] is (25 - places >= 18)
    assert data["weak_areas"] == [weak] and data["exam_id"] == 1
    entry = data["questions"][choice]
    assert entry["status"] == "malformed" and entry["given"] == "x" and entry["correct"] is False
    assert entry["note"] and entry["explanation"]["it"] and entry["rules"] == list(exam.items[choice].question.rules)
    assert data["queued"] == [item.question.card for item in exam.items if item.area == weak]
    area = next(a for a in data["areas"] if a["area"] == weak)
    assert (area["right"], area["total"], area["weak"]) == (0, places, True)
    nxt = run("quiz", "next", "--json")
    assert nxt.returncode == 0, nxt.stderr
    assert json.loads(nxt.stdout)["id"].split("@")[0] == data["queued"][0]


def test_bad_arguments_are_refused_without_a_traceback():
    for argv in (["--level", "4"], ["--level", "9"], ["--seed", "-1"], ["--seed", "x"]):
        result = run("quiz", "exam", *argv, stdin="")
        assert result.returncode == 2 and "Traceback" not in result.stderr and result.stderr.strip(), argv
    assert "da 0 a 3" in run("quiz", "exam", "--level", "4", stdin="").stderr
    closed = subprocess.run([sys.executable, "-m", "tutor", "quiz", "exam"], stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert closed.returncode == 0  # an empty input: an exam with nothing answered, still reported and stored
    assert "0 risposte giuste su 25" in closed.stdout


def test_interactive_a_malformed_or_empty_answer_is_asked_again():
    """On a terminal (a pseudo-terminal here) `x` for a choice and an empty line are asked again, not counted."""
    import pty
    import time

    exam = build_exam(2, 11)
    first = exam.items[0].question
    assert first.answer_format in ("choice", "number")
    master, slave = pty.openpty()
    child = subprocess.Popen([sys.executable, "-m", "tutor", "quiz", "exam", "--seed", "11", "--json"], stdin=slave,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                             env=dict(os.environ))
    os.close(slave)
    try:
        for line in ("x", "", expected_text(first, "it")):
            os.write(master, (line + "\n").encode())
            time.sleep(0.2)
        os.write(master, b"\x04")  # Ctrl+D: end of input
        out, err = child.communicate(timeout=300)
    finally:
        os.close(master)
    assert child.returncode == 0, err
    data = json.loads(out)
    assert data["questions"][0]["status"] == "right" and data["questions"][0]["given"] == expected_text(first, "it")
    assert [q["status"] for q in data["questions"][1:]] == ["unanswered"] * 24
    assert err.count("[1/25]") == 1 and "[2/25]" in err  # the questions on standard error; the first asked once
    assert "Traceback" not in err
    from tutor.quiz.model import AnswerError, judge

    try:
        judge(first, "x", "it")
    except AnswerError as exc:
        assert exc.message("it") in err  # said, then the same question asked again
    else:  # pragma: no cover
        raise AssertionError("x should not be an answer")


def test_an_exam_of_every_level_is_stored():
    """--level 0 to 3 all run and are stored (the store once refused level 0)."""
    for level in ("0", "3"):
        res = run("quiz", "exam", "--level", level, "--seed", "2", "--json", stdin="")
        assert res.returncode == 0, res.stderr
        data = json.loads(res.stdout)
        assert data["level"] == int(level) and data["exam_id"] is not None
