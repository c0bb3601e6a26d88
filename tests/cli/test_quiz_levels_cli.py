"""`quiz` and `quiz next` with --level, --topic, --rule and --all-topics; the default "only what I have studied"."""

from __future__ import annotations

import json

import pytest

from tutor.cli import main
from tutor.i18n import t
from tutor.progress import open_store
from tutor.quiz.topics import rule_matches


def _next(capsys, *argv) -> tuple[int, dict | None, str]:
    status = main(["quiz", "next", "--json", *argv])
    out = capsys.readouterr()
    return status, (json.loads(out.out) if status == 0 else None), out.err


@pytest.mark.parametrize("wanted", [0, 1, 2, 3])
def test_level(capsys, wanted):
    status, data, _ = _next(capsys, "--level", str(wanted), "--all-topics", "--seed", "7")
    assert status == 0 and data["level"] == wanted
    status, data, _ = _next(capsys, "--level", str(wanted), "--all-topics")  # today's session's first card
    assert status == 0 and data["level"] == wanted


def test_topic_and_rule(capsys):
    status, data, _ = _next(capsys, "--topic", "sba", "--seed", "3")
    assert status == 0 and "sba" in data["topic"]
    status, data, _ = _next(capsys, "--topic", "replacement", "--level", "2")
    assert status == 0 and "replacement" in data["topic"] and data["level"] == 2
    for rule in ("613", "702.11", "704.5"):
        status, data, _ = _next(capsys, "--rule", rule, "--seed", "1")
        assert status == 0 and any(rule_matches(r, rule) for r in data["rules"]), (rule, data["rules"])


@pytest.mark.parametrize(("argv", "says"), [
    (["--level", "4"], "--level"), (["--level", "x"], "--level"),
    (["--rule", "abc"], "--rule"), (["--topic", "nope"], "nope"),
    (["--rule", "999.9", "--all-topics"], "--rule 999.9"),
    (["--kind", "which-step", "--level", "3"], "--kind which-step --level 3"),
])
def test_bad_or_empty_selection(capsys, argv, says):
    for cmd in (["quiz", "next"], ["quiz"]):
        with pytest.raises(SystemExit) if argv[1] in ("4", "x") else _no_raise():
            status = main([*cmd, *argv])
            assert status == 2
        err = capsys.readouterr().err
        assert says in err and "Traceback" not in err


class _no_raise:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_default_is_what_was_studied(capsys):
    """Nothing completed: the first lesson's topics (turn, steps, combat …), never an SBA question; level 3 has
    none of them (said, with the way out); --all-topics lifts it; a completed lesson widens it."""
    for seed in range(8):
        status, data, _ = _next(capsys, "--seed", str(seed))
        assert status == 0
        assert data["kind"] == "term" or "sba" not in data["topic"], data["id"]
    status, _, err = _next(capsys, "--level", "3")
    assert status == 2 and err.strip().endswith(t("quiz.error.no_match_studied", "it", selection="--level 3"))
    assert _next(capsys, "--level", "3", "--all-topics")[0] == 0
    with open_store() as store:
        for lesson in ("state-based-actions", "triggered-abilities", "priority-and-stack", "combat-damage"):
            store.complete_lesson(lesson, 3)
    found = {_next(capsys, "--seed", str(seed), "--level", "2")[1]["id"] for seed in range(12)}
    assert found


def test_session_with_filters(capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["quiz", "--level", "2", "--topic", "triggers", "--count", "3"]) == 0
    out = capsys.readouterr().out
    assert out.strip()
