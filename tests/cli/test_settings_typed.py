"""The settings as one typed object (tutor/settings.py): one table of defaults and bounds, read by the CLI, the
app and the quiz; every number bounded where it enters (an argument, settings.json, the store), with a message
naming the argument or the key; a stored card never becomes unanswerable."""

from __future__ import annotations

import json
import math
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from glossary.paths import progress_path
from tutor.app.settings import DEFAULTS as APP_DEFAULTS
from tutor.app.settings import load_settings
from tutor.cli import main
from tutor.i18n import t
from tutor.progress import ProgressStore
from tutor.quiz import bank
from tutor.quiz.model import expected_text
from tutor.quiz.scheduler import QuizScheduler
from tutor.quiz.session import answer_question, quiz_settings
from tutor.settings import MAX_ANSWER_MS, SPECS, Settings

Q = "next-step:untap"
T0 = datetime(2026, 3, 2, 12, tzinfo=UTC)


def test_one_table_of_defaults():
    s = Settings()
    assert (s.ui, s.theme, s.quiz_retention, s.quiz_new_per_day, s.quiz_session_size) == (
        "it", "textual-dark", 0.9, 10, 20)
    assert APP_DEFAULTS == {"ui": s.ui, "theme": s.theme}  # the app's defaults are the typed ones
    assert quiz_settings() == ({"quiz_retention": 0.9, "quiz_new_per_day": 10, "quiz_session_size": 20,
                                "quiz_other_language": False}, [])


@pytest.mark.parametrize("key, value", [
    ("quiz_retention", 1e-300), ("quiz_retention", 0.0), ("quiz_retention", 1.0), ("quiz_retention", 0.5),
    ("quiz_retention", "0.9"), ("quiz_retention", True), ("quiz_retention", 1e308),
    ("quiz_new_per_day", -1), ("quiz_new_per_day", 10**30), ("quiz_new_per_day", 2.5),
    ("quiz_session_size", 1001), ("ui", "de"), ("theme", 7),
])
def test_a_value_out_of_bounds_is_refused_and_its_default_used(key, value):
    s, problems = Settings.from_mapping({key: value})
    assert getattr(s, key) == SPECS[key].default
    assert [(p.key, p.value) for p in problems] == [(key, value)]
    with pytest.raises(ValueError, match=key):
        Settings(**{key: value})


def test_values_within_bounds_and_unknown_keys_are_kept():
    s, problems = Settings.from_mapping({"quiz_retention": 0.7, "quiz_session_size": 0, "ui": "ru", "x": [1]})
    assert (s.quiz_retention, s.quiz_session_size, s.ui, s.extra, problems) == (0.7, 0, "ru", {"x": [1]}, [])
    assert isinstance(Settings.from_mapping({"quiz_retention": 0.99})[0].quiz_retention, float)


def test_the_scheduler_refuses_a_retention_out_of_bounds():
    for bad in (1e-300, 0.5, 1.0, math.nan, math.inf):
        with pytest.raises(ValueError, match="quiz_retention"):
            QuizScheduler(None, desired_retention=bad)


# ---- where numbers enter: the command line -------------------------------------------------------------------
@pytest.mark.parametrize("argv, argument", [
    (["quiz", "answer", Q, "1", "--retention", "1e-300"], "--retention"),
    (["quiz", "answer", Q, "1", "--retention", "nan"], "--retention"),
    (["quiz", "--retention", "0.5"], "--retention"),
    (["quiz", "answer", Q, "1", "--time-ms", "1" * 23], "--time-ms"),
    (["quiz", "answer", Q, "1", "--time-ms", "-1"], "--time-ms"),
    (["quiz", "--count", "9" * 30], "--count"),
    (["quiz", "next", "--seed", "9" * 30], "--seed"),
])
@pytest.mark.parametrize("ui", ["it", "ru"])
def test_a_number_out_of_bounds_is_refused_naming_the_argument(isolated_home, capsys, argv, argument, ui):
    with pytest.raises(SystemExit) as exc:
        main(["--ui", ui, *argv])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    last = err.strip().splitlines()[-1]
    assert argument in last and "internal" not in err and "interno" not in err and "Traceback" not in err
    assert not (isolated_home / "progress.db").exists() or not ProgressStore.open().reviews()  # nothing recorded


def test_the_bounds_are_in_the_message(capsys):
    with pytest.raises(SystemExit):
        main(["--ui", "it", "quiz", "answer", Q, "1", "--retention", "1e-300"])
    assert t("arg.out_of_bounds", "it", value="'1e-300'", low="0.7", high="0.99") in capsys.readouterr().err


# ---- settings.json --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("ui", ["it", "ru"])
def test_a_retention_out_of_bounds_in_the_file_is_named_and_the_answer_recorded(isolated_home, capsys, ui):
    (isolated_home / "settings.json").write_text(json.dumps({"quiz_retention": 1e-300}), encoding="utf-8")
    q = bank.question(Q)
    right = expected_text(q, ui)
    with ProgressStore.open() as store:  # a card in review (where the overflow was), months ago
        for day in range(2):
            answer_question(store, Q, right, ui, now=T0 + timedelta(days=day), fuzzing=False)
    assert main(["--ui", ui, "quiz", "answer", Q, right]) == 0
    err = capsys.readouterr().err
    assert err.count("quiz_retention") == 1 and "1e-300" in err and t("settings.allowed_float", ui, low="0.7", high="0.99") in err
    with ProgressStore.open() as store:
        assert len(store.reviews()) == 3


def test_the_app_tells_the_refused_settings_as_the_cli_does(isolated_home):
    (isolated_home / "settings.json").write_text(json.dumps({"quiz_retention": 1e-300, "ui": "ru"}))
    loaded = load_settings()
    assert [(p.key, p.value) for p in loaded.problems] == [("quiz_retention", 1e-300)]
    assert loaded["quiz_retention"] == 1e-300  # the user's value is kept in the file (never rewritten)


# ---- the store: an answer's time, a card's stored state ----------------------------------------------------------
def test_an_answer_time_beyond_a_day_is_recorded_as_a_day(isolated_home):
    with ProgressStore.open() as store:
        answer_question(store, Q, "1", "it", duration_ms=10**25, now=T0, fuzzing=False)
        assert store.reviews()[0].duration_ms == MAX_ANSWER_MS


@pytest.mark.parametrize("stability", ["NaN", "-5", "1e308", "\"x\"", "0"])
def test_a_stored_card_fsrs_cannot_compute_with_stays_answerable(isolated_home, stability):
    q = bank.question(Q)
    right = expected_text(q, "it")
    with ProgressStore.open() as store:
        for day in range(3):
            answer_question(store, Q, right, "it", now=T0 + timedelta(days=day), fuzzing=False)
    conn = sqlite3.connect(progress_path())
    fsrs = json.loads(conn.execute("SELECT fsrs FROM card").fetchone()[0])
    conn.execute("UPDATE card SET fsrs = ?", (json.dumps(fsrs).replace(
        f'"stability": {json.dumps(fsrs["stability"])}', f'"stability": {stability}'),))
    conn.commit()
    conn.close()
    with ProgressStore.open() as store:
        outcome = answer_question(store, Q, right, "it", now=T0 + timedelta(days=40), fuzzing=False)
        assert outcome.due > T0 + timedelta(days=40)
        assert len(store.reviews()) == 4


@pytest.mark.parametrize("column", ["due_ms", "last_review_ms"])
@pytest.mark.parametrize("value", [9 * 10**18, -9 * 10**18])
def test_a_stored_date_no_datetime_can_hold_leaves_every_command_working(isolated_home, capsys, column, value):
    with ProgressStore.open() as store:
        answer_question(store, Q, "1", "it", now=T0, fuzzing=False)
    conn = sqlite3.connect(progress_path())
    conn.execute(f"UPDATE card SET {column} = ?", (value,))
    conn.commit()
    conn.close()
    for argv in (["progress"], ["quiz", "next"], ["quiz", "answer", Q, "2"], ["progress", "--json"]):
        assert main(argv) == 0, capsys.readouterr().err
    assert "interno" not in capsys.readouterr().err
    with ProgressStore.open() as store:
        assert len(store.reviews()) == 2


def test_the_app_answers_a_due_card_with_a_retention_out_of_bounds_in_the_file(isolated_home):
    """The app crashed with a traceback (OverflowError) answering a due card; now it uses the default and says
    which value it refused, as the command line does."""
    from tests.pilot import run_app
    from tutor.settings import problem_text

    (isolated_home / "settings.json").write_text(json.dumps({"quiz_retention": 1e-300}), encoding="utf-8")
    q = bank.question(Q)
    with ProgressStore.open() as store:  # a card in review, due long ago: the session's first question
        for day in range(2):
            answer_question(store, Q, expected_text(q, "it"), "it", now=T0 + timedelta(days=day), fuzzing=False)
    notes: list[str] = []

    def prepare(app):
        real = app.notify

        def notify(message, *args, **kwargs):
            notes.append(str(message))
            return real(message, *args, **kwargs)

        app.notify = notify

    async def go(app, pilot):
        await pilot.press("f3")
        for _ in range(100):
            await pilot.pause(0.1)
            if getattr(app.screen, "question", None) is not None:
                break
        screen = app.screen
        assert screen.question.card == q.card
        screen.submit(expected_text(screen.question, "it"))
        await pilot.pause()
        return screen.outcome is not None and app.is_running

    loaded = load_settings()
    assert run_app(go, settings=loaded, prepare=prepare) is True
    assert problem_text(loaded.problems[0], "it") in notes
    with ProgressStore.open() as store:
        assert len(store.reviews()) == 3


@pytest.mark.parametrize(("setting", "allowed"), [
    ({"theme": 5}, ("settings.allowed_text", {})),
    ({"ui": "en"}, ("settings.allowed_choices", {"choices": "it, ru"})),
    ({"quiz_session_size": 2.5}, ("settings.allowed_int", {"low": "0", "high": "1000"})),
    ({"quiz_other_language": "yes"}, ("settings.allowed_bool", {})),
    ({"quiz_other_language": 1}, ("settings.allowed_bool", {})),
])
@pytest.mark.parametrize("ui", ["it", "ru"])
def test_a_refused_setting_says_in_words_what_its_key_accepts(setting, allowed, ui):
    from tutor.settings import problem_text

    _, problems = Settings.from_mapping(setting)
    text = problem_text(problems[0], ui)  # the app's notice and the CLI's warning
    assert t(allowed[0], ui, **allowed[1]) in text and "()" not in text


def test_a_decimal_comma_is_a_decimal_point(isolated_home, capsys):
    assert main(["--ui", "it", "quiz", "answer", Q, "1", "--retention", "0,8"]) == 0
    with pytest.raises(SystemExit) as exit_:  # argparse's exit, as for every refused argument
        main(["--ui", "it", "quiz", "answer", Q, "1", "--retention", "0,5"])
    assert exit_.value.code == 2 and "'0,5'" in capsys.readouterr().err
