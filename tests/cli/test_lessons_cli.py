"""The lesson commands: list, play (the plain-terminal player, piped), check; their JSON and exit statuses."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.cli import main

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    """Run ``mtg-tutor`` in a subprocess (the test's MTG_TUTOR_HOME), feeding `stdin` through a pipe."""
    return subprocess.run([sys.executable, "-m", "tutor", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, "COLUMNS": "200"}, timeout=120)


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_piped_hints_then_quit_shows_three_hints_and_keeps_progress():
    res = cli("lesson", "play", "turn-at-a-glance", stdin="h\n" * 10 + "q\n")
    assert res.returncode == 0, res.stderr
    hints = [line for line in res.stdout.splitlines() if re.match(r"Suggerimento \d/3:", line)]
    assert [h[:17] for h in hints] == ["Suggerimento 1/3:", "Suggerimento 2/3:", "Suggerimento 3/3:"]
    assert len(set(hints)) == 3 and "Traceback" not in res.stderr + res.stdout
    assert "tutti e tre i suggerimenti" in res.stdout and "progressi sono salvati" in res.stdout
    listed = json.loads(cli("lesson", "list", "--json").stdout)
    state = {x["id"]: x["status"] for x in listed["lessons"]}
    assert state.pop("turn-at-a-glance") == "started" and set(state.values()) == {"new"}  # any number of lessons


def test_the_russian_player_says_podskazka():
    res = cli("lesson", "play", "turn-at-a-glance", "--ui", "ru", stdin="\n\n" + "h\n" * 4)
    assert res.returncode == 0
    hints = [line for line in res.stdout.splitlines() if re.match(r"Подсказка \d/3:", line)]
    assert len(hints) == 3 and "Урок прерван" in res.stdout


def test_bad_input_gets_a_short_message_and_the_question_again():
    res = cli("lesson", "play", "turn-at-a-glance", stdin="\n\n\n9\nzzz\n-1\n1 2\n1\n")
    assert res.returncode == 0 and "Traceback" not in res.stderr
    out = res.stdout
    assert out.count("Non ho capito") == 5 and "Giusto!" in out  # empty, 9, zzz, -1, "1 2", then the right one
    assert out.count("chi riceverà per primo la priorità") == 1


def test_bad_moves_and_an_illegal_move_are_explained():
    # step 4 (pass in the upkeep): out of range, then "play the Forest" (illegal: 305.1), then pass
    res = cli("lesson", "play", "turn-at-a-glance", stdin="\n\n1\n7\n1\n3\nq\n")
    out = res.stdout
    assert res.returncode == 0 and "Scrivi il numero di una mossa, da 1 a 3" in out
    assert "Non si può: una terra si gioca nella tua fase principale, con la pila vuota (regola 305.1)." in out
    assert "Il Giocatore A passa. [117.3d]" in out


# Lesson 1 played without a mistake or a hint (18: B's life asked before the damage).
PERFECT_LESSON_1 = "\n\n1\n3\n\n3\n\n3\n\n3\n\n2\n3\n\n3\n18\n\n\n3\n\n2 4 1 5 3\n\n"


def test_a_whole_lesson_piped_ends_with_three_stars_and_done(capsys):
    res = cli("lesson", "play", "turn-at-a-glance", stdin=PERFECT_LESSON_1)
    assert res.returncode == 0, res.stderr
    assert "Lezione completata! ★★★" in res.stdout and "contro il computer" in res.stdout
    listed = json.loads(cli("lesson", "list", "--json").stdout)["lessons"][0]
    assert listed["status"] == "done" and listed["stars"] == 3


def test_lesson_list_json_shape(capsys):
    code, out, _ = run(capsys, "lesson", "list", "--json")
    data = json.loads(out)
    assert code == 0 and list(data) == ["lessons"]
    first = data["lessons"][0]
    assert set(first) >= {"id", "title", "level", "requires", "steps", "rules", "status"}
    assert isinstance(first["id"], str) and set(first["title"]) == {"it", "ru"} and isinstance(first["level"], int)
    assert isinstance(first["requires"], list) and isinstance(first["steps"], int) and first["status"] == "new"
    assert all(isinstance(r, str) for r in first["rules"])
    assert [x["id"] for x in data["lessons"]][:3] == ["turn-at-a-glance", "beginning-phase", "main-phase"]


def test_lesson_list_table(capsys):
    code, out, _ = run(capsys, "--ui", "ru", "lesson", "list")
    assert code == 0 and "Начальная фаза" in out and "не начат" in out and "☆☆☆" in out


def test_lesson_check_all(capsys):
    code, out, _ = run(capsys, "lesson", "check", "--all", "--json")
    data = json.loads(out)
    assert code == 0 and list(data) == ["lessons"]
    assert all(set(x) == {"id", "ok", "problems"} and x["ok"] and x["problems"] == [] for x in data["lessons"])
    code, out, _ = run(capsys, "lesson", "check", "main-phase")
    assert code == 0 and "OK  main-phase" in out


def _course_with(monkeypatch, tmp_path, text: str):
    path = tmp_path / "bad-lesson.yaml"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr("tutor.resources.course_files", lambda: [path])
    return path


def test_lesson_check_fails_and_names_the_problem(capsys, monkeypatch, tmp_path):
    source = (ROOT / "lessons" / "course" / "01-turn-at-a-glance.yaml").read_text(encoding="utf-8")
    _course_with(monkeypatch, tmp_path, source.replace("answer: 18", "answer: 17"))
    code, out, _ = run(capsys, "lesson", "check", "--json")
    report = json.loads(out)["lessons"][0]
    assert code == 1 and not report["ok"] and "players.B.life" in report["problems"][0]


def test_lesson_check_of_an_invalid_file_exits_2(capsys, monkeypatch, tmp_path):
    source = (ROOT / "lessons" / "course" / "01-turn-at-a-glance.yaml").read_text(encoding="utf-8")
    _course_with(monkeypatch, tmp_path, source.replace("minutes: 6", "minutes: 60"))
    code, _, err = run(capsys, "lesson", "check", "--all")
    assert code == 2 and "bad-lesson.yaml:5:1" in err and "minutes" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("args", [
    ("lesson", "play", "no-such-lesson"),
    ("lesson", "play"),
    ("lesson", "play", "turn-at-a-glance", "main-phase"),
    ("lesson", "check", "no-such-lesson"),
    ("lesson", "list", "main-phase"),
])
def test_usage_errors_exit_2(capsys, args):
    code, _, err = run(capsys, *args)
    assert code == 2 and err.startswith("mtg-tutor: ") and len(err.strip().splitlines()) == 1


def test_the_help_names_the_lesson_command(capsys):
    with pytest.raises(SystemExit):
        main(["lesson", "--help"])
    assert "check" in capsys.readouterr().out
