"""The exam (tutor/quiz/exam.py): 25 questions in the Level 1 exam's proportions, the same for the same seed,
areas without questions giving their places away, the judging at the end (unanswered and malformed answers
counted wrong, 18 of 25 passes), the report, the stored record (schema 3) and the weak areas' cards queued for
review, which today's sessions then ask first."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest

from tests.conftest import ROOT
from tutor.progress import DayPolicy, open_store
from tutor.quiz import exam as exam_mod
from tutor.quiz.exam import AREAS, Area, build_exam, fit, judge_exam, pass_mark, record_exam, report_lines, rule_area
from tutor.quiz.model import QuizError, expected_text

NOW = datetime(2025, 3, 10, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def exam():
    return build_exam(2, 7)


def right_answers(exam) -> list[str]:
    return [expected_text(item.question, "it") for item in exam.items]


def test_the_areas_are_the_level_1_exam_s_proportions():
    assert [(a.id, a.places) for a in AREAS] == [("casting", 4), ("turn", 4), ("sba", 3), ("triggers", 4),
                                                  ("layers", 3), ("replacement", 3), ("keywords", 4)]
    assert sum(a.places for a in AREAS) == 25
    assert pass_mark(25) == 18 and pass_mark(20) == 14 and pass_mark(10) == 7


def test_rules_belong_to_areas_by_their_longest_prefix():
    assert rule_area("704.5g") == "sba"
    assert rule_area("603.3b") == "triggers" and rule_area("101.4") == "triggers"
    assert rule_area("613.4c") == "layers" and rule_area("616.1") == "replacement"
    assert rule_area("702.33a") == "casting"  # kicker, not the keywords' 702
    assert rule_area("702.19b") == "keywords" and rule_area("510.2") == "keywords"
    assert rule_area("117.1a") == "casting" and rule_area("117.3b") == "turn"
    assert rule_area("7040") is None and rule_area("100.1") is None


def test_a_question_fits_by_tags_kind_or_a_third_of_its_rules():
    sba = next(a for a in AREAS if a.id == "sba")
    assert fit(sba, ("sba",), "scenario", ()) > 0
    assert fit(sba, ("scenarios", "combat"), "scenario", ("704.5m", "704.5g", "303.4c")) > 0
    assert fit(sba, ("combat",), "combat", ("510.2", "510.1a", "702.19b", "704.5g")) == 0  # one rule in four
    keywords = next(a for a in AREAS if a.id == "keywords")
    assert fit(keywords, ("blocking",), "can-block", ()) > fit(keywords, ("blocking",), "scenario", ())


def test_an_exam_has_25_questions_in_the_exam_s_proportions(exam):
    assert len(exam.items) == 25
    assert exam.planned == {a.id: a.places for a in AREAS}
    by_area = {a.id: sum(item.area == a.id for item in exam.items) for a in AREAS}
    assert by_area == exam.places == exam.planned  # the shipped bank has questions for every area
    assert exam.given_away == ()
    assert len({item.question.card for item in exam.items}) == 25  # no card twice
    assert not {item.question.kind for item in exam.items} & {"term", "definition", "old-term", "which-rule"}
    for item in exam.items:  # each question fits the area it counts for
        area = next(a for a in AREAS if a.id == item.area)
        assert fit(area, item.question.topic, item.question.kind, item.question.rules) > 0 or \
            set(item.question.topic) & area.tags, item.question.id


def test_the_same_seed_gives_the_same_exam_another_seed_another(exam):
    again = build_exam(2, 7)
    assert [i.question.id for i in again.items] == [i.question.id for i in exam.items]
    assert [i.area for i in again.items] == [i.area for i in exam.items]
    other = build_exam(2, 8)
    assert [i.question.id for i in other.items] != [i.question.id for i in exam.items]


def test_a_level_without_an_exam_is_refused():
    with pytest.raises(QuizError) as err:
        build_exam(4, 1)
    assert "4" in err.value.message("it") and "0, 1, 2, 3" in err.value.message("ru")


def test_an_exam_prefers_questions_of_its_level():
    """Each area takes questions of the exam's level first: a level 0 exam has more level-0 questions than a
    level 2 exam, and a level 2 exam more level-2 ones than a level 0 exam."""
    low, high = build_exam(0, 5), build_exam(2, 5)
    count = lambda exam, n: sum(item.level == n for item in exam.items)  # noqa: E731
    assert count(low, 0) > count(high, 0) and count(high, 2) > count(low, 2)


def test_an_area_without_questions_gives_its_places_to_the_others(monkeypatch):
    nowhere = Area("nowhere", 4, frozenset({"no-such-tag"}), frozenset({"no-such-kind"}), ("999",))
    areas = (*AREAS[:-1], nowhere)  # the keywords' 4 places go to an area nothing fits
    monkeypatch.setitem(exam_mod.EXAMS, 2, areas)
    monkeypatch.setattr(exam_mod, "_PREFIXES", sorted(((p, a.id) for a in areas for p in a.rules),
                                                      key=lambda x: -len(x[0])))
    monkeypatch.setitem(__import__("tutor.i18n.it", fromlist=["MESSAGES"]).MESSAGES, "quiz.exam.area.nowhere",
                        "Nessun luogo")
    exam = build_exam(2, 3)
    assert len(exam.items) == 25
    assert exam.places["nowhere"] == 0 and exam.given_away == (("nowhere", 4, 0),)
    assert sum(exam.places.values()) == 25
    assert all(exam.places[a.id] >= a.places for a in AREAS[:-1])  # shared among the others
    report = judge_exam(exam, right_answers(exam), "it")
    assert report.by_area["nowhere"] == (0, 0) and "nowhere" not in report.weak
    text = "\n".join(report_lines(report, "it"))
    assert "«Nessun luogo»: ancora nessuna domanda disponibile; i suoi posti (4) vanno alle altre aree." in text
    data = report.to_json()
    assert data["given_away"] == [{"area": "nowhere", "places": 4, "available": 0}]


def test_all_right_passes_with_25(exam):
    report = judge_exam(exam, right_answers(exam), "it")
    assert (report.score, report.total, report.pass_mark, report.passed, report.weak) == (25, 25, 18, True, ())
    assert all(r.status == "right" for r in report.results)


@pytest.mark.parametrize("right,passed", [(18, True), (17, False)])
def test_70_percent_passes(exam, right, passed):
    answers = right_answers(exam)[:right]  # the rest unanswered (end of input)
    report = judge_exam(exam, answers, "ru")
    assert report.score == right and report.passed is passed and report.total == 25


def test_unanswered_and_malformed_answers_count_wrong_and_say_why(exam):
    answers = right_answers(exam)
    choice = next(i for i, item in enumerate(exam.items) if item.question.answer_format == "choice")
    answers[choice] = "x"
    answers[(choice + 1) % 25] = "-"
    answers[(choice + 2) % 25] = ""
    report = judge_exam(exam, answers[:24], "it")
    statuses = [r.status for r in report.results]
    assert statuses[choice] == "malformed" and report.results[choice].note
    assert statuses[(choice + 1) % 25] == statuses[(choice + 2) % 25] == statuses[24] == "unanswered"
    assert report.score == 25 - len({choice, (choice + 1) % 25, (choice + 2) % 25, 24})
    lines = "\n".join(report_lines(report, "it"))
    assert "La tua risposta «x» non è valida e conta come sbagliata." in lines
    assert "Nessuna risposta: conta come sbagliata." in lines
    # every wrong answer explained with its rules
    for r in report.results:
        if not r.correct:
            assert r.item.question.explanation["it"] in lines
            if r.item.question.rules:
                assert ", ".join(r.item.question.rules) in lines


def test_the_report_in_russian_names_areas_and_rules(exam):
    answers = ["-"] * 25
    report = judge_exam(exam, answers, "ru")
    lines = report_lines(report, "ru")
    text = "\n".join(lines)
    assert lines[0] == "Экзамен (вопросы уровня 2): верных ответов — 0 из 25 (0%)."
    assert "Экзамен не сдан: нужно не меньше 18 из 25." in text
    assert "Действия, вызванные состоянием: 0/3 — меньше 70%, нужно повторить" in text
    assert "Правила: " in text and "Ответа нет: засчитывается как неверный ответ." in text
    assert set(report.weak) == {a.id for a in AREAS}


def test_json_report_contract(exam):
    answers = right_answers(exam)
    wrong_at = 3
    q = exam.items[wrong_at].question
    answers[wrong_at] = "-"
    data = json.loads(json.dumps(judge_exam(exam, answers, "it").to_json()))
    assert set(data) == {"level", "seed", "lang", "score", "total", "pass_mark", "passed", "areas", "given_away",
                         "questions", "weak_areas", "queued", "exam_id"}
    assert (data["level"], data["seed"], data["score"], data["total"], data["passed"]) == (2, 7, 24, 25, True)
    assert [a["area"] for a in data["areas"]] == [a.id for a in AREAS]
    assert sum(a["total"] for a in data["areas"]) == 25
    entry = data["questions"][wrong_at]
    assert entry["id"] == q.id and entry["given"] is None and entry["status"] == "unanswered"
    assert entry["correct"] is False and entry["expected"] == expected_text(q, "it")
    assert entry["rules"] == list(q.rules) and entry["explanation"]["ru"] == q.explanation["ru"]
    assert {"id", "kind", "card", "area", "topics", "level", "given", "status", "expected", "correct",
            "rules"} <= set(data["questions"][0])
    assert "explanation" not in data["questions"][0] or not data["questions"][0]["correct"]


def test_the_record_and_the_weak_areas_cards_queued_for_review(tmp_path, exam):
    from tutor.quiz.session import QuizSession

    answers = right_answers(exam)
    weak_area = exam.items[0].area
    for i, item in enumerate(exam.items):
        if item.area == weak_area:
            answers[i] = "-"  # the whole area wrong: 0 of its questions
    report = judge_exam(exam, answers, "it")
    assert report.weak == (weak_area,)
    with open_store(tmp_path / "p.db") as store:
        stored = record_exam(store, report, NOW)
        expected_cards = [item.question.card for item in exam.items if item.area == weak_area]
        assert list(stored.queued) == expected_cards and stored.exam_id == 1
        assert store.queued_card_keys() == expected_cards
        record = store.exam_records()[0]
        assert (record.score, record.total, record.passed, record.seed, record.lang) == (report.score, 25, True,
                                                                                         7, "it")
        assert record.areas[weak_area] == [0, exam.places[weak_area]]
        assert [q.question_id for q in record.questions] == [item.question.id for item in exam.items]
        assert sum(q.queued for q in record.questions) == len(expected_cards)
        assert store.reviews() == []  # an exam is not a review: the log is untouched
        # today's session asks the queued cards first (never reviewed, they come beside the new cards)
        later = NOW + timedelta(minutes=5)
        session = QuizSession(store, lang="it", seed=1, size=10, now=later, fuzzing=False,
                              day_policy=DayPolicy(tz=UTC))
        assert [item.card_id for item in session.items][:len(expected_cards)] == expected_cards
        # a card leaves the queue once reviewed
        first = session.question_for(session.items[0])
        session.answer(first, expected_text(first, "it"), duration_ms=5000, now=later)
        assert store.queued_card_keys() == expected_cards[1:]
        # a card already learnt and not due is due again when an exam queues it
        from tutor.quiz.scheduler import QuizScheduler

        quiz = QuizScheduler(store, fuzzing=False, day_policy=DayPolicy(tz=UTC))
        assert expected_cards[0] not in [i.card_id for i in quiz.session((), later, size=50, new_per_day=0)]
        again = record_exam(store, report, later + timedelta(minutes=1))
        assert again.exam_id == 2
        items = quiz.session((), later + timedelta(minutes=2), size=50, new_per_day=0)
        assert [i.card_id for i in items] == expected_cards
        assert not items[0].is_new and items[1].is_new


def test_quiz_next_asks_a_queued_card(tmp_path, exam):
    """`quiz next` (today's session, one question) is the first queued card."""
    report = judge_exam(exam, [], "it")  # nothing answered: every area weak
    with open_store() as store:
        record_exam(store, report, datetime.now(UTC))
    import contextlib
    import io

    from tutor.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["quiz", "next", "--json"]) == 0
    assert json.loads(out.getvalue())["id"].split("@")[0] == exam.items[0].question.card


CHILD = """
import sys, time
from datetime import datetime, UTC
from tutor.progress import open_store, ExamQuestionRecord
store = open_store(sys.argv[1])
for n in range(10_000):
    rows = [ExamQuestionRecord(p, f"q{n}-{p}", f"card-{p}", "sba", "2", p % 2 == 0, p % 3 == 0)
            for p in range(1, 26)]
    store.record_exam(taken=datetime.now(UTC), level=1, seed=n, lang="it", score=13, total=25, passed=False,
                      areas={"sba": [13, 25]}, questions=rows)
    print(f"ack {n}", flush=True)
"""


@pytest.mark.slow  # a child process killed: in the full suite, not in `-m fast`
def test_an_acknowledged_exam_survives_kill_9(tmp_path):
    import sqlite3
    import time

    path = tmp_path / "progress.db"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=ROOT)
    seen = "".join(child.stdout.readline() for _ in range(5))
    time.sleep(0.003)
    child.send_signal(signal.SIGKILL)
    rest, _ = child.communicate()
    assert child.returncode == -signal.SIGKILL
    acknowledged = {int(line.split()[1]) for line in (seen + rest).splitlines() if line.startswith("ack ")}
    assert len(acknowledged) >= 5
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        seeds = {row[0] for row in conn.execute("SELECT seed FROM exam")}
        counts = {row[0] for row in conn.execute("SELECT count(*) FROM exam_question GROUP BY exam_id")}
    finally:
        conn.close()
    assert acknowledged <= seeds and counts == {25}  # every exam whole, none half-written
    with open_store(path) as store:
        assert store.notices == () and store.queued_card_keys() == ["card-3", "card-6", "card-9", "card-12",
                                                                    "card-15", "card-18", "card-21", "card-24"]


def test_exam_rows_are_append_only(tmp_path, exam):
    import sqlite3

    with open_store(tmp_path / "p.db") as store:
        record_exam(store, judge_exam(exam, [], "it"), NOW)
    conn = sqlite3.connect(tmp_path / "p.db")
    try:
        for sql in ("UPDATE exam SET score = 25", "DELETE FROM exam_question", "UPDATE exam_question SET queued = 0"):
            with pytest.raises(sqlite3.DatabaseError, match="append-only"):
                conn.execute(sql)
    finally:
        conn.close()
