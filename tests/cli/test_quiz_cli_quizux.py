"""The terminal quiz as a learner meets it (issue 20, point 9): no internal id in the session, the day's cap of new
questions said with where to change it and `--more`, the right answer in words after a wrong answer, the grade in
the learner's words, and `progress` counting every answer."""

from __future__ import annotations

import json
import re

from tests.cli.test_quiz_cli import run
from tutor.cli import main
from tutor.i18n import t
from tutor.quiz import bank
from tutor.quiz.model import expected_text

_ID = re.compile(r"\b[a-z][a-z-]*:[a-z0-9][a-z0-9:-]*(@\d+)?\b")


def _settings(**values) -> None:
    from glossary.paths import config_path

    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(values), encoding="utf-8")


def test_the_session_shows_no_internal_id(isolated_home):
    res = run("--ui", "it", "quiz", "--count", "3", "--seed", "4", stdin="1\n1\n1\n")
    assert res.returncode == 0, res.stderr
    headers = [line for line in res.stdout.splitlines() if re.match(r"\[\d/3\] ", line)]
    assert len(headers) == 3
    for line in headers:
        assert not _ID.search(line) and "@" not in line, line
        kind = line.split("] ", 1)[1]
        assert kind in {t(f"quiz.kind.{k}", "it") for k in bank.KINDS}


def test_quiz_next_keeps_the_id_that_quiz_answer_needs(capsys):
    assert main(["quiz", "next", "--seed", "3", "--kind", "combat"]) == 0
    q = bank.pick(3, None, "combat", "it")
    assert f" · {q.id}" in capsys.readouterr().out.splitlines()[0]


def test_the_days_cap_is_said_with_where_to_change_it_and_more_asks_new_ones(isolated_home):
    from glossary.paths import config_path

    _settings(quiz_new_per_day=2)
    first = run("--ui", "it", "quiz", "--seed", "1", stdin="1\n1\n")
    assert res_ok(first) and t("quiz.session.start", "it", n=2, due=0, new=2) in first.stdout
    capped = t("quiz.more.capped", "it", cap=2, path=str(config_path()))
    assert capped in first.stdout and t("quiz.more.cli", "it") in first.stdout
    # the cap holds: no new question in the next session, and it says so (in Russian too)
    again = run("--ui", "ru", "quiz", "--seed", "2", stdin="")
    assert res_ok(again)
    assert t("quiz.more.capped", "ru", cap=2, path=str(config_path())) in again.stdout
    assert "quiz_new_per_day" in again.stdout and "--more" in again.stdout
    start = re.search(r"новых: (\d+)", again.stdout)
    assert start is None or start.group(1) == "0"
    # --more: new questions now
    more = run("--ui", "it", "quiz", "--more", "--count", "6", "--seed", "3", stdin="")
    assert res_ok(more)
    new = re.search(r"(\d+) nuov[ae]\)", more.stdout)
    assert new and int(new.group(1)) > 0, more.stdout
    # the option is in the help
    assert "--more" in run("--ui", "it", "quiz", "--help").stdout


def res_ok(res) -> bool:
    assert res.returncode == 0, res.stderr
    return True


def _select_all_question():
    for seed in range(60):
        q = bank.pick(seed, None, "can-block", "it")
        if q.answer_format == "choices" and len(q.answer) < len(q.options) and len(q.answer) >= 1:
            return q
    raise AssertionError("no select-all question")


def test_a_wrong_select_all_says_what_was_missed_and_what_was_wrong(capsys):
    q = _select_all_question()
    wrong = next(n for n in range(1, len(q.options) + 1) if n not in q.answer)
    missed = list(q.answer)[0]
    given = sorted({*q.answer, wrong} - {missed})
    assert main(["quiz", "answer", q.id, ",".join(map(str, given))]) == 0
    out = capsys.readouterr().out
    assert t("quiz.feedback.missed", "it", n=1, options=f"{missed}) {q.options[missed - 1]['it']}") in out
    assert t("quiz.feedback.extra", "it", n=1, options=f"{wrong}) {q.options[wrong - 1]['it']}") in out
    assert q.explanation["it"].splitlines()[0] in out  # the reason that decides follows
    assert t("quiz.grade.wrong", "it") in out


def test_a_wrong_choice_names_the_right_option_and_a_right_one_its_grade(capsys):
    q = bank.question("next-step:upkeep")
    wrong = q.answer % len(q.options) + 1
    assert main(["--ui", "ru", "quiz", "answer", q.id, str(wrong)]) == 0
    out = capsys.readouterr().out
    assert t("quiz.wrong", "ru", expected=f"{q.answer}) {q.options[q.answer - 1]['ru']}") in out
    assert "оценка" not in out and "снова" not in out
    assert main(["quiz", "answer", q.id, expected_text(q, "it"), "--time-ms", "9000"]) == 0
    out = capsys.readouterr().out
    assert t("quiz.grade.right", "it") in out and "valutazione" not in out


def test_progress_counts_every_answer(capsys):
    q = bank.question("next-step:untap")
    main(["quiz", "answer", q.id, expected_text(q, "it")])
    capsys.readouterr()
    assert main(["progress"]) == 0
    out = capsys.readouterr().out
    assert "risposte giuste negli ultimi 30 giorni: 100%" in out, out  # a first answer counts (it is not a review of a learnt card)


def test_the_debug_variable_shows_the_ids(isolated_home):
    res = run("--ui", "it", "quiz", "--count", "1", "--seed", "4", stdin="1\n", env={"MTG_TUTOR_DEBUG": "1"})
    header = next(line for line in res.stdout.splitlines() if line.startswith("[1/1] "))
    assert _ID.search(header), header
