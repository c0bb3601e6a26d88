"""The last bad-input classes of the audit (issue 19), each with its test: text piped in echoed with its control
characters; a data directory whose path holds them; files that are FIFOs; standard input closed; `lesson play`
with a read-only or busy store or a full output; ``MTG_TUTOR_HOME='~nosuchuser/x'``; an argument holding a
newline; a ``quiz answer`` whose output fails. `progress`, `quiz`, `quiz next`, `quiz answer` and `lesson play` behave
the same on the same bad input."""

from __future__ import annotations

import io
import json
import os
import sqlite3
import subprocess
import sys
import time

import pytest

from glossary.paths import dirs_for
from tests.conftest import ROOT
from tests.hostile import OSC_TITLE, assert_safe
from tutor.cli import main
from tutor.i18n import t
from tutor.progress import ProgressStore
from tutor.quiz import bank
from tutor.quiz.model import expected_text

Q = "next-step:untap"
LESSON = "turn-at-a-glance"


def run(*argv, stdin=None, env=None, timeout=120, **options):
    """The real command in a subprocess."""
    return subprocess.run([sys.executable, "-m", "tutor", *argv], input=stdin, capture_output="stdout" not in
                          options, text=True, cwd=ROOT, env={**os.environ, **(env or {})}, timeout=timeout,
                          **options)


# ---- control characters: text piped in, the data directory's path -------------------------------------------
def test_piped_quiz_answers_are_echoed_without_their_controls(isolated_home):
    res = run("quiz", "--count", "2", "--seed", "1", stdin=f"{OSC_TITLE}?\n{OSC_TITLE}1\x07\n")
    assert res.returncode == 0, res.stderr
    assert_safe(res.stdout, "stdout")
    assert "pwned" not in res.stdout
    with ProgressStore.open() as store:
        assert all(r.answer is None or "pwned" not in r.answer for r in store.reviews())


def test_piped_lesson_moves_are_echoed_without_their_controls(isolated_home):
    res = run("lesson", "play", LESSON, stdin=f"{OSC_TITLE}\n{OSC_TITLE}h\n\x1b[2J9\nq\n")
    assert res.returncode == 0, res.stderr
    assert_safe(res.stdout, "stdout")
    assert "pwned" not in res.stdout


@pytest.mark.parametrize("argv", [["progress"], ["progress", "--json"]])
def test_a_data_directory_with_controls_in_its_path_is_shown_escaped(isolated_home, monkeypatch, capsys, argv):
    home = isolated_home / f"a{OSC_TITLE}\nb"
    monkeypatch.setenv("MTG_TUTOR_HOME", str(home))
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert_safe(out, "stdout")
    if "--json" in argv:
        assert json.loads(out)["store"] == str(home / "progress.db")
    else:
        first = out.splitlines()[0]
        assert repr(str(home / "progress.db")) in first  # quoted and escaped, on its one line


# ---- a FIFO where a file is read ------------------------------------------------------------------------
@pytest.fixture
def fifo_settings(isolated_home):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = isolated_home / "settings.json"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("argv, stdin", [
    (["progress"], None), (["quiz", "next"], None), (["quiz", "answer", Q, "1"], None),
    (["quiz", "--count", "1"], ""), (["lesson", "play", LESSON], "q\n"),
])
def test_a_settings_file_that_is_a_fifo_hangs_no_command(fifo_settings, argv, stdin):
    res = run(*argv, stdin=stdin, timeout=60)  # it used to wait for a writer for ever
    assert res.returncode == 0, res.stderr
    assert "Traceback" not in res.stderr
    if argv[0] == "quiz":  # the commands that read the settings say so, in the app's words
        assert t("settings_unreadable", "it", path=str(fifo_settings)) in res.stderr


@pytest.mark.parametrize("content", [b"{bad", b"[1, 2]", b"\xff\xfe"])
def test_the_quiz_says_that_an_unusable_settings_file_is_left_alone(isolated_home, capsys, content):
    from tutor.cli import main

    (isolated_home / "settings.json").write_bytes(content)
    assert main(["--ui", "ru", "quiz", "next"]) == 0  # today's session: it reads the settings
    assert t("settings_unreadable", "ru", path=str(isolated_home / "settings.json")) in capsys.readouterr().err
    assert (isolated_home / "settings.json").read_bytes() == content


def test_the_app_refuses_a_settings_fifo_as_it_refuses_an_unreadable_file(fifo_settings):
    from tutor.app.settings import DEFAULTS, load_settings

    started = time.monotonic()
    loaded = load_settings()
    assert time.monotonic() - started < 5
    assert dict(loaded) == DEFAULTS and not loaded.savable
    assert loaded.notice == ("settings_unreadable", {"path": str(fifo_settings)})
    assert fifo_settings.exists()  # left alone, never replaced


def test_a_yaml_file_that_is_a_fifo_is_refused(tmp_path):
    from glossary.yamlio import YamlError, load_yaml
    from tutor.schema import load_document

    path = tmp_path / "scenario.yaml"
    os.mkfifo(path)
    for load in (load_yaml, load_document):
        with pytest.raises(YamlError, match="not-regular"):
            load(path)


# ---- standard input closed ---------------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [["quiz", "--count", "1"], ["lesson", "play", LESSON]])
@pytest.mark.parametrize("ui", ["it", "ru"])
def test_standard_input_closed_is_said_and_exits_2(isolated_home, argv, ui):
    res = run("--ui", ui, *argv, stdin=None, preexec_fn=lambda: os.close(0))
    assert res.returncode == 2
    assert res.stderr == f"mtg-tutor: {t('input_closed', ui)}\n"
    assert res.stdout == ""


# ---- lesson play: a read-only or busy store, a full output --------------------------------------------------
def _store_opened(monkeypatch, setup):
    real = ProgressStore.open.__func__

    def opened(cls, path=None, **options):
        store = real(cls, path, **{**options, "busy_timeout": 0.2})
        setup(store)
        return store

    monkeypatch.setattr(ProgressStore, "open", classmethod(opened))


@pytest.mark.parametrize("argv, stdin", [
    (["lesson", "play", LESSON], "\n\n\n1\n2\n3\n"), (["quiz", "--count", "1", "--seed", "1"], "1\n"),
    (["quiz", "answer", Q, "1"], ""),
])
@pytest.mark.parametrize("ui", ["it", "ru"])
def test_a_read_only_store_is_a_usage_error_in_the_interface_language(isolated_home, monkeypatch, capsys, argv,
                                                                      stdin, ui):
    ProgressStore.open().close()
    _store_opened(monkeypatch, lambda store: store._conn.execute("PRAGMA query_only = ON"))
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    assert main(["--ui", ui, *argv]) == 2
    err = capsys.readouterr().err
    expected = t("progress.error.readonly", ui, path=isolated_home / "progress.db").split("{")[0][:20]
    assert err.count("\n") == 1 and expected in err and "Error" not in err


@pytest.mark.parametrize("argv, stdin", [
    (["lesson", "play", LESSON], "\n\n\n1\n2\n3\n"), (["quiz", "--count", "1", "--seed", "1"], "1\n"),
])
def test_a_busy_store_is_a_usage_error(isolated_home, monkeypatch, capsys, argv, stdin):
    path = isolated_home / "progress.db"
    ProgressStore.open().close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        _store_opened(monkeypatch, lambda store: None)
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        assert main(["--ui", "ru", *argv]) == 2
    finally:
        other.execute("ROLLBACK")
        other.close()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "0.2" in err and "Error" not in err


@pytest.mark.parametrize("argv, stdin", [(["lesson", "play", LESSON], "\n\nq\n"), (["quiz", "--count", "1"], "")])
def test_a_full_output_exits_2_as_every_command_does(isolated_home, argv, stdin):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        res = run("--ui", "ru", *argv, stdin=stdin, stdout=full, stderr=subprocess.PIPE)
    assert res.returncode == 2
    assert res.stderr.startswith("mtg-tutor: " + t("output_error", "ru", error="").strip())
    assert "Error" not in res.stderr and res.stderr.count("\n") == 1


# ---- the environment: ~nosuchuser -------------------------------------------------------------------------
def test_a_home_under_an_unknown_user_is_taken_literally(isolated_home, monkeypatch, capsys):
    monkeypatch.chdir(isolated_home)
    monkeypatch.setenv("MTG_TUTOR_HOME", "~nosuchuser-of-mtg-tutor/x")
    dirs_for.cache_clear()
    assert main(["progress"]) == 0
    assert "~nosuchuser-of-mtg-tutor/x" in capsys.readouterr().out
    assert (isolated_home / "~nosuchuser-of-mtg-tutor" / "x" / "progress.db").exists()


# ---- an argument holding a newline ------------------------------------------------------------------------
@pytest.mark.parametrize("argv, value", [
    (["quiz", "--kind", "x\nmtg-tutor: fake"], "x\nmtg-tutor: fake"),
    (["quiz", "next", "--topic", "x\ny"], "x\ny"),
    (["quiz", "answer", "x\ny", "1"], "x\ny"),
    (["lesson", "play", f"x\n{OSC_TITLE}y"], f"x\n{OSC_TITLE}y"),
    (["lesson", "check", "x\ny"], "x\ny"),
])
def test_an_argument_holding_a_newline_is_shown_quoted_and_escaped(isolated_home, capsys, argv, value):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err  # one line: the caller's text is not passed off as a message of ours
    assert repr(value) in err
    assert_safe(err, "stderr")


def test_an_unrecognised_argument_holding_a_newline_stays_on_its_line(capsys):
    with pytest.raises(SystemExit):
        main(["progress", "x\nmtg-tutor: fake"])
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert "'x\\nmtg-tutor: fake'" in last


# ---- quiz answer whose output failed -------------------------------------------------------------------------
@pytest.mark.parametrize("ui", ["it", "ru"])
def test_an_answer_whose_output_failed_says_it_was_recorded(isolated_home, ui):
    """A script that retries after exit 2 would record the answer twice: the one line says it was recorded."""
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    right = expected_text(bank.question(Q), ui)
    for extra in ([], ["--json"]):
        with open("/dev/full", "w") as full:
            res = run("--ui", ui, "quiz", "answer", Q, right, *extra, stdout=full, stderr=subprocess.PIPE)
        assert res.returncode == 2
        assert res.stderr.count("\n") == 1
        assert res.stderr.startswith("mtg-tutor: " + t("output_error", ui, error="").strip())
        assert res.stderr.rstrip().endswith(t("quiz.answer_recorded", ui))
    with ProgressStore.open() as store:
        assert len(store.reviews()) == 2
