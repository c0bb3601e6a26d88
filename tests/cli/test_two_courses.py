"""The two courses: the second opens when the first is completed, or at once for a learner who says they know the
basics (`lesson play N --knows-basics`, kept as the ``knows_basics`` setting); `lesson list` shows each course under
its heading, and its JSON says each lesson's course and whether it is locked."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tutor.lessons import load_course

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tutor", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, "COLUMNS": "200"}, timeout=120)


def _first_of_course_two():
    course = load_course()
    return next(x for x in course.lessons if x.course == 2)


def test_the_course_has_two_courses_the_second_after_the_first():
    course = load_course()
    numbers = [x.course for x in course.lessons]
    assert numbers == sorted(numbers) and set(numbers) == {1, 2}
    assert len(course.lessons) >= 26 and numbers.count(2) >= 12


class _Done:
    completed = True


def test_the_second_course_opens_when_the_first_is_completed_or_the_learner_knows_the_basics():
    course = load_course()
    second, first = _first_of_course_two(), course.lessons[0]
    assert course.is_open(first, {}, False)
    assert not course.is_open(second, {}, False)
    assert course.is_open(second, {}, True)
    all_but_one = {x.id: _Done() for x in course.lessons if x.course == 1 and x is not first}
    assert not course.is_open(second, all_but_one, False)
    assert len(course.basics_left(all_but_one)) == 1
    assert course.is_open(second, {x.id: _Done() for x in course.lessons if x.course == 1}, False)


def test_list_and_play_say_the_second_course_is_locked_and_how_to_open_it():
    second = _first_of_course_two()
    rows = json.loads(cli("lesson", "list", "--json").stdout)["lessons"]
    assert {r["course"] for r in rows} == {1, 2}
    assert all(r["locked"] == (r["course"] == 2) for r in rows)
    listing = cli("lesson", "list")
    assert "Corso 1 · Il turno di gioco" in listing.stdout and "Corso 2 · Oltre il turno" in listing.stdout
    assert "chiusa" in listing.stdout and f"lesson play {second.order} --knows-basics" in listing.stdout
    refused = cli("lesson", "play", str(second.order), stdin="q\n")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert f"La lezione {second.order} fa parte del secondo corso" in refused.stderr
    assert "ti mancano 14 lezioni" in refused.stderr or "ti mancano" in refused.stderr
    ru = cli("lesson", "play", str(second.order), "--ui", "ru", stdin="q\n")
    assert ru.returncode == 2 and "относится ко второму курсу" in ru.stderr


def test_knows_basics_opens_the_second_course_and_is_remembered():
    from glossary.paths import config_path

    second = _first_of_course_two()
    played = cli("lesson", "play", str(second.order), "--knows-basics", stdin="q\n")
    assert played.returncode == 0, played.stderr
    assert "Il secondo corso è aperto" in played.stdout
    assert json.loads(config_path().read_text(encoding="utf-8"))["knows_basics"] is True
    rows = json.loads(cli("lesson", "list", "--json").stdout)["lessons"]
    assert not any(r["locked"] for r in rows)
    again = cli("lesson", "play", str(second.order), stdin="q\n")  # no flag needed any more, nothing said again
    assert again.returncode == 0 and "Il secondo corso è aperto" not in again.stdout


def test_an_unusable_settings_file_is_never_overwritten_and_the_course_opens_this_time():
    from glossary.paths import config_path

    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[not an object", encoding="utf-8")
    second = _first_of_course_two()
    played = cli("lesson", "play", str(second.order), "--knows-basics", stdin="q\n")
    assert played.returncode == 0 and "non è stato possibile salvare" in played.stdout
    assert path.read_text(encoding="utf-8") == "[not an object"
