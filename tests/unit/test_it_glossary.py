"""The Italian basic-rules glossary parser, on the real source."""

from __future__ import annotations

import pytest

from glossary.model import ParseError
from glossary.parsers.it_glossary import heading_key, parse_it_glossary
from tests.conftest import source_text

FILE = "it_glossary_8ed.txt"


@pytest.fixture(scope="module")
def parsed():
    return parse_it_glossary(source_text(FILE), FILE)


@pytest.fixture(scope="module")
def by_id(parsed):
    return {e.id: e for e in parsed.entries}


def test_every_headword_of_the_contents_is_an_entry(parsed):
    assert len(parsed.toc) == 165
    assert len(parsed.entries) == 165
    assert [heading_key(t) for t, _ in parsed.toc] == [heading_key(e.term) for e in parsed.entries]


@pytest.mark.parametrize(
    ("eid", "term", "line"),
    [
        ("it:star-star", "* / *", 184),
        ("it:eccetera", ", , , eccetera...", 188),
        ("it:mana-bianco", "Mana Bianco", 192),
        ("it:tappare", "TAPpare", 212),  # the {T} symbol entry
        ("it:tappare-2", "TAPpare", 890),  # the verb
        ("it:incanta", "Incanta _____", 546),
        ("it:due-punti", "Due punti :", 424),
        ("it:x", "X", 1001),
        ("it:zona", "Zona", 1005),
    ],
)
def test_tricky_headwords(by_id, eid, term, line):
    e = by_id[eid]
    assert (e.term, e.loc.line) == (term, line)


def test_lists_and_paragraphs(by_id):
    turno = by_id["it:turno"]
    numbered = next(b for b in turno.blocks if b.kind == "numbered")
    assert numbered.items[0] == "Fase iniziale" and len(numbered.items) == 5
    assert numbered.sub[0] == ["Interfase di STAP", "Interfase di mantenimento", "Interfase di acquisizione"]
    assert len(numbered.sub[4]) == 2
    canc = by_id["it:cancellazione"]
    assert [b.kind for b in canc.blocks] == ["para", "bullets"] and len(canc.blocks[1].items) == 3
    pila = by_id["it:pila"]
    assert len([b for b in pila.blocks if b.kind == "para"]) == 2  # the example is its own paragraph
    assert by_id["it:zona"].text().startswith("Ogni area di gioco")


@pytest.mark.parametrize(
    ("eid", "refs"),
    [
        ("it:abilita", [("see_also", "Abilità attivate"), ("see_also", "Abilità statiche"), ("see_also", "Abilità innescate")]),
        ("it:controllo", [("see_also", "Controllore"), ("compare", "Proprietario")]),
        ("it:incantesimo-locale", [("see_also", "Incanta _____"), ("see_also", "Incanta creatura"), ("see_also", "Incantato"), ("compare", "Incantesimo globale")]),
        ("it:bloccante", [("see", "Creatura bloccante")]),
        ("it:costo", [("see", "Costo di attivazione"), ("see", "Costo di mana")]),
        ("it:mazzo", [("see_section", "6: Leghe e Tornei"), ("see_also", "Costruire un mazzo"), ("see_also", "Grimorio")]),
        ("it:costruire-un-mazzo", [("see_section", "Creare un Mazzo")]),
        ("it:simbolo-dell-espansione", [("see_also", "Rarità"), ("see_page", "tutti i simboli delle Edizioni di Magic")]),
        ("it:creatura-bloccante", [("see_also", "Danno da smerdamento")]),
    ],
)
def test_references(by_id, eid, refs):
    assert [(r.kind, r.text) for r in by_id[eid].refs] == refs


def test_reference_lines_are_not_definition_text(parsed):
    for e in parsed.entries:
        assert not any(b.items[0].startswith(("Vedi ", "Confronta")) for b in e.blocks if b.kind == "para"), e.id


def test_book_sections_are_recorded(parsed):
    assert ("3. Struttura del Turno", "book-section", 7) in parsed.terms


@pytest.mark.parametrize(
    "text",
    ["", "just some text\n", "1. Le Basi\n\n7. Glossario\nA\nB\n", "7. Glossario\nAbilità\n\n8. Crediti\n\nAltro\n"],
)
def test_not_the_format_is_a_parse_error(text):
    with pytest.raises(ParseError) as exc:
        parse_it_glossary(text, "x.txt")
    assert exc.value.file == "x.txt" and exc.value.line >= 1
