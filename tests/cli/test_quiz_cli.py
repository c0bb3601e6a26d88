"""The quiz commands: JSON shapes, exit statuses, --seed, a piped session, progress, help in both languages."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tutor.cli import main
from tutor.i18n import LANGS, t
from tutor.quiz import bank
from tutor.quiz.model import expected_text


def run(*argv, stdin: str | None = None, env=None):
    """The real command in a subprocess (standard input, exit status, output as a user sees them)."""
    return subprocess.run([sys.executable, "-m", "tutor", *argv], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, **(env or {})}, timeout=300)


def _json(capsys, argv) -> tuple[int, object]:
    status = main(argv)
    return status, json.loads(capsys.readouterr().out)


def test_quiz_next_json_shape_exactly(capsys):
    status, data = _json(capsys, ["quiz", "next", "--seed", "5", "--json"])
    assert status == 0
    assert set(data) == {"id", "kind", "topic", "level", "prompt", "options", "answer_format", "rules"}
    assert data["level"] in (0, 1, 2, 3)
    assert isinstance(data["id"], str) and data["kind"] in bank.KINDS
    assert isinstance(data["topic"], list) and all(isinstance(x, str) for x in data["topic"])
    assert set(data["prompt"]) == {"it", "ru"} and all(isinstance(v, str) for v in data["prompt"].values())
    assert data["answer_format"] in ("choice", "choices", "order", "number", "text")
    assert data["options"] is None or all(set(o) == {"it", "ru"} for o in data["options"])
    assert all(isinstance(r, str) for r in data["rules"])


@pytest.mark.parametrize("argv", [["--seed", "12"], ["--seed", "3", "--kind", "combat"],
                                  ["--seed", "8", "--topic", "glossary"], ["--seed", "1", "--kind", "scenario"]])
def test_quiz_next_with_a_seed_is_the_same_every_time(argv):
    first = run("quiz", "next", *argv, "--json")
    second = run("quiz", "next", *argv, "--json")
    assert first.returncode == 0 and first.stdout == second.stdout
    data = json.loads(first.stdout)
    if "--kind" in argv:
        assert data["kind"] == argv[argv.index("--kind") + 1]
    assert bank.question(data["id"]).to_public() == data  # the id alone rebuilds it, in another process


def test_ui_after_the_command(capsys):
    assert main(["quiz", "next", "--seed", "2", "--ui", "ru"]) == 0
    out = capsys.readouterr().out
    assert any(word in out for word in ("Ответьте", "Напишите"))
    assert main(["progress", "--ui", "ru"]) == 0 and "Викторина" in capsys.readouterr().out


def test_quiz_next_without_a_seed_asks_todays_first_card(capsys):
    status, data = _json(capsys, ["quiz", "next", "--json", "--kind", "next-step"])
    assert status == 0 and data["id"] == bank.cards(kind="next-step")[0].card


def test_quiz_answer_json_shape_and_the_store(capsys, isolated_home):
    q = bank.question("combat:trample@77")
    status, data = _json(capsys, ["quiz", "answer", q.id, expected_text(q, "it"), "--json"])
    assert status == 0
    assert set(data) == {"correct", "expected", "explanation", "rules", "due"}
    assert data["correct"] is True and data["expected"] == expected_text(q, "it")
    assert set(data["explanation"]) == {"it", "ru"} and data["rules"] == list(q.rules)
    assert data["due"].endswith("Z") and "T" in data["due"]
    status, wrong = _json(capsys, ["quiz", "answer", q.id, "999", "--json"])
    assert wrong["correct"] is False and wrong["due"] < data["due"]
    from tutor.progress import open_store

    with open_store(isolated_home / "progress.db") as store:
        assert [r.correct for r in store.reviews("combat:trample")] == [True, False]


def test_quiz_answer_expected_is_in_the_form_of_the_answer(capsys):
    for qid in ("step-order:combat@3", "can-block:flying@2", "term:ru-it:graveyard"):
        q = bank.question(qid)
        status, data = _json(capsys, ["quiz", "answer", qid, "1", "--json"] if q.answer_format != "order"
                             else ["quiz", "answer", qid, ",".join(map(str, range(1, len(q.options) + 1))), "--json"])
        assert data["expected"] == expected_text(q, "it")


@pytest.mark.parametrize(("argv", "key"), [
    (["quiz", "answer", "combat:nope@1", "1"], "quiz.error.unknown_id"),
    (["quiz", "answer", "no-such-question", "1"], "quiz.error.unknown_id"),
    (["quiz", "answer", "step-order:turn@1", "banana"], "quiz.error.format_order"),
    (["quiz", "answer", "term:it-ru:graveyard:choice", "9"], "quiz.error.out_of_range"),
    (["quiz", "next", "--kind", "nope"], "quiz.error.kind"),
    (["quiz", "--topic", "nope"], "quiz.error.topic"),
])
def test_bad_ids_answers_and_choices_exit_2_with_a_message(argv, key):
    for ui in LANGS:
        res = run("--ui", ui, *argv)
        assert res.returncode == 2, res.stderr
        assert res.stderr.startswith("mtg-tutor: ") and "Traceback" not in res.stderr
        assert len(res.stderr.strip().splitlines()) == 1
        words = t(key, ui, id="x", n=4, kind="x", kinds="x", topic="x", topics="x").split()[0]
        assert words in res.stderr


def test_bad_arguments_exit_2():
    for argv in (["quiz", "--count", "0"], ["quiz", "next", "--seed", "-1"], ["quiz", "--retention", "1.5"],
                 ["quiz", "answer", "x"]):
        res = run(*argv)
        assert res.returncode == 2 and "Traceback" not in res.stderr


def test_a_piped_session(isolated_home):
    q_first = None
    res = run("--ui", "it", "quiz", "--count", "3", "--seed", "4", stdin="?\n\nnot-an-answer\n1\n2\n")
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert t("quiz.session.start", "it", n=3, due=0, new=3) in out
    assert t("quiz.hint", "it", n=1, text="").split(":")[0] in out  # the hint was shown
    assert out.count("[1/3]") == 1 and "[2/3]" in out and "[3/3]" in out
    assert out.count(t("quiz.due", "it", when="", rel="").split(":")[0]) >= 3
    assert t("quiz.session.interrupted", "it") in out  # EOF before the third answer
    summary = t("quiz.session.summary", "it", answered=2, correct=0, share="", new=2).split("(")[0]
    assert summary in out
    from tutor.progress import open_store

    with open_store(isolated_home / "progress.db") as store:
        reviews = store.reviews()
    assert len(reviews) == 2 and reviews[0].hint_used  # the malformed answer was not recorded
    del q_first


def test_a_piped_session_in_russian_with_all_answers(isolated_home):
    res = run("--ui", "ru", "quiz", "--count", "2", "--seed", "9", "--kind", "which-step", stdin="1\n1\n")
    assert res.returncode == 0, res.stderr
    assert t("quiz.session.interrupted", "ru") not in res.stdout
    assert "Ответов: 2" in res.stdout
    nothing = run("--ui", "ru", "quiz", "--count", "2", "--kind", "which-step", "--seed", "9", stdin="")
    assert nothing.returncode == 0


def test_progress_json_shape(capsys):
    status, data = _json(capsys, ["progress", "--json"])
    assert status == 0 and set(data) == {"store", "lessons", "quiz"}
    assert data["store"].endswith("progress.db") and data["lessons"] == {}
    assert data["quiz"] == {"reviews": 0, "due_today": 0, "retention": None, "correct_share": None, "streak_days": 0}
    main(["quiz", "answer", "next-step:untap", "1"])
    capsys.readouterr()
    status, data = _json(capsys, ["progress", "--json"])
    assert data["quiz"]["reviews"] == 1 and data["quiz"]["streak_days"] == 1
    assert data["quiz"]["correct_share"] in (0.0, 1.0)  # every answer counts, the first one too
    assert main(["--ui", "ru", "progress"]) == 0
    assert "Викторина" in capsys.readouterr().out


def test_a_damaged_store_is_moved_aside_and_said_in_the_users_language(isolated_home):
    (isolated_home / "progress.db").write_bytes(b"this is not a database at all" * 10)
    res = run("--ui", "ru", "progress", "--json")
    assert res.returncode == 0 and "повреждён" in res.stderr
    assert any(p.name.startswith("progress.db.corrupt-") for p in isolated_home.iterdir())


def test_a_store_that_cannot_open_exits_2(isolated_home):
    (isolated_home / "progress.db").mkdir()
    (isolated_home / "progress.db" / "x").write_text("x")
    blocker = isolated_home / "file"
    blocker.write_text("x")
    res = run("progress", env={"MTG_TUTOR_HOME": str(blocker)})
    assert res.returncode == 2 and "Traceback" not in res.stderr


@pytest.mark.parametrize("ui", LANGS)
@pytest.mark.parametrize(("argv", "keys"), [
    (["quiz"], ["help_quiz_topic", "help_quiz_kind", "help_quiz_seed", "help_quiz_retention"]),
    (["quiz", "next"], ["help_quiz_topic", "help_json"]),
    (["quiz", "answer"], ["help_quiz_id", "help_quiz_given", "help_quiz_time", "help_quiz_hint"]),
    (["progress"], ["help_json"]),
])
def test_help_in_both_languages(ui, argv, keys, capsys):
    with pytest.raises(SystemExit):
        main(["--ui", ui, *argv, "--help"])
    text = "".join(capsys.readouterr().out.split())  # argparse wraps lines, also at hyphens
    for key in keys:
        assert "".join(t(key, ui, max=200).split()) in text, key


def test_the_help_does_not_load_the_quiz():
    code = ("import sys; from tutor.cli import _parser; _parser('it').format_help(); "
            "print(sorted(m for m in sys.modules if m.startswith(('tutor.quiz', 'fsrs', 'tutor.progress'))))")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert res.stdout.strip() == "[]"
