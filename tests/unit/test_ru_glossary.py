"""The Russian glossary parser, on the real source with its irregular separators."""

from __future__ import annotations

import pytest

from glossary.model import ParseError
from glossary.parsers.ru_glossary import parse_ru_glossary
from tests.conftest import source_text

FILE = "ru_glossary_10ed.txt"


@pytest.fixture(scope="module")
def by_term():
    return {e.term: e for e in parse_ru_glossary(source_text(FILE), FILE).entries}


def test_count_and_order(by_term):
    terms = list(by_term)
    assert len(terms) == 72
    assert terms[0] == "Активируемая способность" and terms[-1] == "Отменить"


@pytest.mark.parametrize(
    ("term", "line", "starts"),
    [
        ("Выберите одно —", 54, "Если в тексте карты"),  # the headword ends in a dash, then " - "
        ("Зачарованный", 87, "Если способность Ауры"),  # "=" separator
        ("Легендарный", 128, "это супертип"),  # "—" separator
        ("Защитник", 95, "Способность с ключевым словом"),  # no-break space before the headword
        ("Жетон", 76, "Некоторые заклинания и способности требуют положить"),
    ],
)
def test_irregular_separators(by_term, term, line, starts):
    e = by_term[term]
    assert e.loc.line == line
    assert e.text().startswith(starts)


def test_paragraphs_that_look_like_headings_stay_paragraphs(by_term):
    assert "При разыгрывании они не отправляются в стек" not in by_term
    mana = by_term["Мана-способность"]
    assert len(mana.blocks) == 2 and mana.blocks[1].items[0].startswith("При разыгрывании")
    win = by_term["Выиграть партию"]
    assert [b.kind for b in win.blocks] == ["para", "bullets", "para"]
    assert len(win.blocks[1].items) == 5 and win.blocks[2].items[0].startswith("Если оба игрока")
    assert len(by_term["Базовая земля"].blocks) == 3
    assert by_term["Знание земель"].blocks[-1].items[0].endswith(".")


def test_see_reference(by_term):
    refs = by_term["Мана-стоимость"].refs
    assert [(r.kind, r.text, r.loc.line) for r in refs] == [("see", "Конвертированная мана-стоимость", 138)]


@pytest.mark.parametrize("text", ["", "\n\n", "Просто текст без определений.\n", "---\n\nодин два три четыре пять шесть семь - нет\n"])
def test_no_entries_is_a_parse_error(text):
    with pytest.raises(ParseError):
        parse_ru_glossary(text, "x.txt")


def test_a_lone_full_stop_separates_entries(by_term):
    """Line 103 holds only "." where the blank line before "Золотое правило" belongs."""
    assert by_term["Золотое правило"].loc.line == 104
    land = by_term["Знание земель"]
    assert not land.text().endswith("..") and "Золотое" not in land.text()
