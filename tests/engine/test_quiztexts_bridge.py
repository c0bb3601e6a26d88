"""Nothing old taught as current: the old glossaries' out-of-date definitions are rewritten by the editors (with a
note) or never shown by the quiz, and `kb check` reports a question that would show one, a lost-symbol
placeholder or an internal id."""

from __future__ import annotations

import json

import pytest

from tutor.cli import main
from tutor.quiz import glossary_q


def test_the_shipped_questions_show_nothing_out_of_date():
    assert glossary_q.shown_text_problems() == []


def test_a_question_that_would_teach_an_outdated_definition_is_reported(monkeypatch):
    """A definition question built from an old glossary's out-of-date text (here the Italian «interfase», the word
    before 2011): the check names the question and the entry."""
    kb = glossary_q._kb()
    eid = "it:interfase-di-acquisizione"
    text = " ".join(kb.data.entries[eid].text().split())
    real = glossary_q._definitions()
    monkeypatch.setattr(glossary_q, "_definitions", lambda: {**real, ("it", "draw-step"): (eid, text, False)})
    found = [p for p in glossary_q.shown_text_problems() if p["kind"] == "outdated"]
    assert {(p["question"], p["entry"]) for p in found} >= {("definition:it:draw-step", eid)}


def test_placeholders_and_ids_are_reported(monkeypatch):
    real = glossary_q.concepts()
    graveyard = real["graveyard"]
    broken = glossary_q.ConceptInfo(graveyard.id, {**graveyard.names, "it": ["cimitero {?}", "it:cimitero"]},
                                    graveyard.category, graveyard.rules, graveyard.obsolete)
    monkeypatch.setattr(glossary_q, "concepts", lambda: {**real, "graveyard": broken})
    kinds = {p["kind"] for p in glossary_q.shown_text_problems() if p["question"].endswith(":graveyard")}
    assert kinds == {"placeholder", "id"}


def test_kb_check_reports_the_quiz_texts(capsys):
    assert main(["kb", "check", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["quiz_texts"] == []


@pytest.mark.parametrize(("eid", "modern", "old"), [
    ("ru:otvetit-v-otvet", "пока другое заклинание или способность ещё находится в стеке", "сразу после"),
    ("ru:zheton", "на поле битвы", "в игре"),
    ("ru:blokirovat", "509.1a", "сражаться"),
    ("it:rimuovere-dal-combattimento", "506.4", "nella pila"),
    ("it:rispondere-in-risposta", "ancora in pila", "subito dopo"),
])
def test_outdated_definitions_are_rewritten_with_a_note(kb, eid, modern, old):
    view = kb.entry_view(eid)
    assert modern in view["definition"] and old not in view["definition"]
    assert old in view["original"]
    assert [fx["kind"] for fx in view["fixes"]] == ["outdated"]


def test_no_source_text_keeps_a_lost_symbol_placeholder(kb):
    assert not [eid for eid, e in kb.data.entries.items() if "{?}" in e.text() or "{?}" in e.term]
