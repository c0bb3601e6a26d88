"""What the CLI prints on standard error never carries a control character either: the messages there echo
names from the file system (a file of the rules directory, a scenario folder), arguments, and values read from
settings.json. And settings.json, read by the quiz too, is read by the one safe reader (BOM, deep nesting)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.hostile import OSC_TITLE, assert_safe
from tutor.cli import main
from tutor.quiz.session import quiz_settings
from tutor.settings import UNREADABLE

ROOT = Path(__file__).resolve().parents[2]
EVIL = f"evil{OSC_TITLE}name"


def test_a_rules_file_with_an_escape_in_its_name_is_reported_cleanly(isolated_home, capsys):
    rules = isolated_home / "rules"
    rules.mkdir()
    (rules / f"{EVIL}.txt").write_text("not a rules document\n", encoding="utf-8")
    assert main(["lookup", "cimitero", "--json"]) == 0
    err = capsys.readouterr().err
    assert "evilname.txt" in err  # reported, and named
    assert_safe(err, "stderr")


@pytest.mark.parametrize("what", ["folder", "missing"])
def test_a_scenario_path_with_an_escape_is_reported_cleanly(tmp_path, capsys, what):
    path = tmp_path / EVIL
    if what == "folder":
        path.mkdir()
    assert main(["scenario", "run", str(path)]) == 2
    err = capsys.readouterr().err
    assert repr(str(path)) in err  # an argument holding controls: quoted and escaped (issue 19), one line
    assert_safe(err, "stderr")


def test_a_refused_quiz_setting_is_echoed_cleanly(isolated_home, capsys):
    (isolated_home / "settings.json").write_text(json.dumps({"quiz_session_size": f"x{OSC_TITLE}"}), encoding="utf-8")
    main(["quiz", "answer", "next-step:untap", "1"])
    err = capsys.readouterr().err
    assert "quiz_session_size" in err
    assert_safe(err, "stderr")


def test_the_quiz_reads_settings_with_a_bom(isolated_home):
    (isolated_home / "settings.json").write_bytes(b"\xef\xbb\xbf" + json.dumps({"quiz_session_size": 5}).encode())
    assert quiz_settings()[0]["quiz_session_size"] == 5


def test_the_quiz_survives_settings_nested_too_deeply(isolated_home, capsys):
    (isolated_home / "settings.json").write_text("[" * 100_000, encoding="utf-8")
    settings, problems = quiz_settings()
    assert settings == {"quiz_retention": 0.9, "quiz_new_per_day": 10, "quiz_session_size": 20,
                        "quiz_other_language": False}
    assert [p.key for p in problems] == [UNREADABLE]  # the defaults, and the quiz says why
    assert main(["quiz", "next", "--json"]) == 0
    err = capsys.readouterr().err
    assert "errore interno" not in err and "settings.json" in err


def test_every_line_on_standard_error_goes_through_the_guard():
    """`tutor.cli.common.warn` strips the controls: no command prints to standard error by itself."""
    offenders = [f"{p.name}:{i}" for p in sorted((ROOT / "tutor" / "cli").glob("*.py")) if p.name != "common.py"
                 for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
                 if re.search(r"file=sys\.stderr|sys\.stderr\.write", line) and "traceback" not in line]
    assert not offenders
