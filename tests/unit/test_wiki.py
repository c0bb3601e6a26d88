"""The Italian wiki page: rule 113, the rules' table of contents and the navigation boxes."""

from __future__ import annotations

import pytest

from glossary.model import ParseError
from glossary.parsers.wiki import parse_wiki
from tests.conftest import source_text

FILE = "it_wiki_abilita_cr2024.txt"


@pytest.fixture(scope="module")
def parsed():
    return parse_wiki(source_text(FILE), FILE)


@pytest.fixture(scope="module")
def rules(parsed):
    return {r.number: r for r in parsed.rules}


def test_document(parsed):
    assert parsed.doc.effective == "2024-11-23" and parsed.doc.lang == "it" and not parsed.doc.complete


def test_rule_113_complete(rules):
    numbers = [n for n in rules if n.startswith("113")]
    assert len(numbers) == 42
    assert rules["113"].title == "Abilità"
    assert rules["113"].children == [f"113.{i}" for i in range(1, 13)]
    assert rules["113.6"].children[-1] == "113.6p" and "113.6l" not in rules and "113.6o" not in rules
    assert rules["113.3b"].text.startswith("Le abilità attivate hanno un costo e un effetto.")
    assert rules["113.3b"].parent == "113.3"


@pytest.mark.parametrize(
    ("number", "starts"),
    [
        ("113.2a", "“[Questa creatura] non può bloccare”"),
        ("113.6k", "Il Thrull Assolutore"),
        ("113.6m", "Lo Scheletro Riassemblato"),
        ("113.12", "I Petroglifi di Muraganda"),
    ],
)
def test_examples_attach_to_their_rule(rules, number, starts):
    assert len(rules[number].examples) == 1 and rules[number].examples[0].startswith(starts)


@pytest.mark.parametrize(
    ("number", "refs"),
    [("113.1a", ["609"]), ("113.1c", ["6"]), ("113.7", ["603.7d", "603.7e", "603.7f"]), ("113.6p", ["114", "901", "902", "904", "905"])],
)
def test_rule_references(rules, number, refs):
    assert [r.text for r in rules[number].refs] == refs


def test_table_of_contents(parsed, rules):
    assert [s.number for s in parsed.sections] == [str(i) for i in range(1, 10)]
    assert parsed.sections[4].title == "Struttura del Turno"
    assert sum(len(s.rules) for s in parsed.sections) == 144
    assert rules["502"].title == "Sottofase di STAP"
    assert rules["610"].title == "Effetti one-shot"  # written without the period after the number
    assert rules["905"].title == "Conspiracy Draft" and rules["905"].text == ""


@pytest.mark.parametrize(
    ("group", "term"),
    [("Evergreen", "Volare"), ("Evergreen", "Tocco letale"), ("Dismesse", "Passa-terre"), ("Dismesse", "Paura"),
     ("Abilità definite da parola chiave", "Ciclotipo"), ("Parola-abilità", "Soglia"), ("Terminologia", "Abilità di mana")],
)
def test_known_terms(parsed, group, term):
    assert (term, group) in {(t, g) for t, g, _ in parsed.terms}


def test_site_chrome_is_skipped(parsed):
    everything = " ".join(t for t, _, _ in parsed.terms) + " ".join(b.items[0] for e in parsed.glossary for b in e.blocks)
    for chrome in ("Iscriviti", "Advertisement", "Fan Feed", "CC-BY-SA"):
        assert chrome not in everything
    assert parsed.glossary[0].term == "Abilità"


@pytest.mark.parametrize("text", ["", "Iscriviti\nAdvertisement\n", "qualcosa\n\naltro\n"])
def test_no_rules_is_a_parse_error(text):
    with pytest.raises(ParseError):
        parse_wiki(text, "x.txt")
