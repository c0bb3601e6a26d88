"""The lesson commands and the glossary pages as a learner reads them (issue 20, point 8): `lesson play N` takes
the number `lesson list` shows; the list never cuts an id at 80 columns; a completed lesson played again stays
completed, with the same words in `lesson list` and `progress`; no source file, line or internal id on the page
(the global --debug shows them)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.test_lessons_cli import PERFECT_LESSON_1
from tutor.cli import main
from tutor.lessons import load_course

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str, stdin: str = "", columns: int = 200) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tutor", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, "COLUMNS": str(columns)}, timeout=120)


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def no_debug(monkeypatch):
    monkeypatch.setenv("MTG_TUTOR_DEBUG", "0")  # restored (unset) after the test, whatever --debug set


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_lesson_play_takes_the_number_lesson_list_shows(lang):
    second = load_course().lessons[1]
    res = cli("--ui", lang, "lesson", "play", str(second.order), stdin="q\n")
    assert res.returncode == 0, res.stderr
    assert f"== {second.title[lang]} ==" in res.stdout
    state = {x["id"]: x["status"] for x in json.loads(cli("lesson", "list", "--json").stdout)["lessons"]}
    assert state[second.id] == "started"


def test_an_unknown_number_says_which_numbers_there_are(capsys):
    n = len(load_course().lessons)
    code, _, err = run(capsys, "lesson", "play", str(n + 1))
    assert code == 2 and f"da 1 a {n}" in err and "Traceback" not in err
    code, _, err = run(capsys, "--ui", "ru", "lesson", "check", "0")
    assert code == 2 and f"от 1 до {n}" in err


@pytest.mark.parametrize("lang", ["it", "ru"])
def test_lesson_list_never_cuts_an_id_at_80_columns(lang):
    res = cli("--ui", lang, "lesson", "list", columns=80)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    for lesson in load_course().lessons:
        assert any(f" {lesson.id} " in line for line in lines), lesson.id


def test_a_completed_lesson_played_again_stays_completed():
    assert "★★★" in cli("lesson", "play", "1", stdin=PERFECT_LESSON_1).stdout
    res = cli("lesson", "play", "turn-at-a-glance", stdin="\n\nq\n")  # a replay, left at step 3
    assert res.returncode == 0, res.stderr
    assert "Hai già completato questa lezione (★★★)" in res.stdout
    first = json.loads(cli("lesson", "list", "--json").stdout)["lessons"][0]
    assert (first["status"], first["replay"], first["stars"]) == ("done", True, 3)
    listed = cli("lesson", "list").stdout
    row = listed[listed.index("turn-at-a-glance"):listed.index("beginning-phase")]  # the status wraps in its column
    assert "completata" in row and "rifacendo" in row and "in corso" not in listed
    progress = cli("progress").stdout
    assert "turn-at-a-glance: completata · la stai rifacendo" in progress and "(completate: 1)" in progress
    ru = cli("--ui", "ru", "progress").stdout
    assert "turn-at-a-glance: пройден · проходите заново" in ru and "в процессе" not in ru
    assert json.loads(cli("progress", "--json").stdout)["lessons"]["turn-at-a-glance"]["status"] == "done"


def test_started_is_the_same_word_in_lesson_list_and_progress():
    cli("lesson", "play", "2", stdin="q\n")
    for lang, word in (("it", "in corso"), ("ru", "начат")):
        assert word in cli("--ui", lang, "lesson", "list").stdout
        assert f"beginning-phase: {word}," in cli("--ui", lang, "progress").stdout


def test_the_prerequisite_note_names_the_lesson_not_its_id():
    res = cli("lesson", "play", "2", stdin="q\n")
    first = load_course().lessons[0]
    assert f"presuppone la lezione 1 («{first.title['it']}»)" in res.stdout and first.id not in res.stdout


def test_a_glossary_page_shows_no_file_line_or_id_unless_debug(capsys, no_debug):
    code, out, _ = run(capsys, "show", "pila")
    assert code == 0 and "Fonte: glossario 8ª ed." in out
    assert ".txt:" not in out and ".yaml" not in out and "(it:" not in out and "stack —" not in out
    code, out, _ = run(capsys, "rule", "500.2")
    assert code == 0 and "digest/" not in out and ".yaml" not in out
    code, out, _ = run(capsys, "--debug", "show", "pila")
    assert code == 0 and "it_glossary_8ed.txt:" in out and "(it:" in out
    code, out, _ = run(capsys, "rule", "500.2")  # --debug stays on in this process (monkeypatch resets it)
    assert "digest/" in out.replace("\n", "")


def test_the_help_names_the_debug_option(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "--debug" in capsys.readouterr().out


def test_lookup_shows_no_search_score_unless_debug(capsys, no_debug):
    code, out, _ = run(capsys, "--ui", "ru", "lookup", "стек")
    assert code == 0 and "стек" in out and "оценка" not in out
    code, out, _ = run(capsys, "--debug", "lookup", "pila")
    assert code == 0 and "punteggio" in out
