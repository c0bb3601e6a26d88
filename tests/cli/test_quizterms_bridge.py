"""Term questions use English as the bridge: a learner is asked between English and their own language; the
Italian <-> Russian questions only on request (``--other-language``, the ``quiz_other_language`` setting)."""

from __future__ import annotations

import json
import re

import pytest

from tutor.cli import main
from tutor.progress import open_store
from tutor.quiz import bank, glossary_q
from tutor.quiz.session import QuizSession

OWN_PAIRS = {"it": {"en-it", "it-en"}, "ru": {"en-ru", "ru-en"}}
OTHER = {"it": re.compile(r"[а-яё]|\brusso\b", re.I), "ru": re.compile(r"итальян")}


@pytest.fixture
def store(tmp_path):
    with open_store(tmp_path / "progress.db") as opened:
        yield opened


def _next(capsys, *argv) -> dict:
    assert main(["quiz", "next", "--kind", "term", "--json", *argv]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("ui", ["it", "ru"])
def test_quiz_next_never_asks_the_other_language(capsys, ui):
    seen = set()
    for seed in range(120):
        q = _next(capsys, "--ui", ui, "--seed", str(seed))
        pair = q["id"].split(":")[1]
        assert pair in OWN_PAIRS[ui], q["id"]
        seen.add(pair)
        shown = " ".join([q["prompt"][ui], *(o[ui] for o in q["options"] or ())])
        assert not OTHER[ui].search(shown), (q["id"], shown)
    assert seen == OWN_PAIRS[ui]  # both directions: recognition of the English name and recall of it


@pytest.mark.parametrize("ui", ["it", "ru"])
def test_other_language_only_when_asked(capsys, ui):
    pairs = {_next(capsys, "--ui", ui, "--seed", str(seed), "--other-language")["id"].split(":")[1]
             for seed in range(150)}
    assert pairs & {"it-ru", "ru-it"} and pairs & OWN_PAIRS[ui]


def test_the_setting_asks_the_other_language_too(capsys, isolated_home):
    from glossary.paths import config_path

    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text('{"quiz_other_language": true}', encoding="utf-8")
    pairs = {_next(capsys, "--ui", "it", "--seed", str(seed))["id"].split(":")[1] for seed in range(150)}
    assert pairs & {"it-ru", "ru-it"}
    config_path().write_text('{"quiz_other_language": "yes"}', encoding="utf-8")  # refused: the default holds
    pairs = {_next(capsys, "--ui", "it", "--seed", str(seed))["id"].split(":")[1] for seed in range(60)}
    assert pairs <= OWN_PAIRS["it"]
    assert main(["quiz", "next", "--kind", "term", "--seed", "1"]) == 0
    assert "quiz_other_language" in capsys.readouterr().err  # said, with the value it refused


@pytest.mark.parametrize("ui", ["it", "ru"])
def test_a_session_plans_only_bridge_terms(store, ui):
    session = QuizSession(store, lang=ui, kind="term", size=200, seed=3, new_per_day=200, other_language=False)
    pairs = {item.card_id.split(":")[1] for item in session.items}
    assert pairs == OWN_PAIRS[ui]
    with_other = QuizSession(store, lang=ui, kind="term", size=400, seed=3, new_per_day=400, other_language=True)
    assert {item.card_id.split(":")[1] for item in with_other.items} & {"it-ru", "ru-it"}


def test_the_explanation_names_the_readers_language_and_english_only():
    q = bank.question("term:en-it:graveyard")
    assert q.data["langs"] == ["it"]
    assert "cimitero" in q.explanation["it"] and "graveyard" in q.explanation["it"]
    assert "кладбище" not in q.explanation["it"]
    back = bank.question("term:ru-en:graveyard:choice")
    assert back.data["langs"] == ["ru"] and {o["ru"] for o in back.options} >= {"graveyard"}
    assert "cimitero" not in back.explanation["ru"] and "кладбище" in back.explanation["ru"]


def test_english_answers_are_judged_with_the_usual_forgiveness():
    from tutor.quiz.model import judge

    q = bank.question("term:it-en:graveyard")
    assert judge(q, "Graveyard", "it").correct and judge(q, "graveyrd", "it").correct
    assert not judge(q, "library", "it").correct


def test_the_old_italian_russian_cards_keep_working_and_carry_their_tag():
    q = bank.question("term:it-ru:graveyard")
    assert q.data["langs"] == ["it", "ru"]
    info = bank.card_info("term:it-ru:graveyard")
    assert glossary_q.OTHER_LANGUAGE in info.topics
    assert info not in bank.cards(kind="term", lang="it")
    assert info in bank.cards(topic=glossary_q.OTHER_LANGUAGE, lang="it")
