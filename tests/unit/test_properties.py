"""Property tests: every parser turns arbitrary text into results or a clear ParseError, never a crash."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from glossary.model import ParsedGlossary, ParsedRules, ParseError
from glossary.parsers.crtext import parse_cr
from glossary.parsers.it_glossary import parse_it_glossary
from glossary.parsers.ru_glossary import parse_ru_glossary
from glossary.parsers.wiki import parse_wiki
from tests.conftest import source_text

PARSERS = [parse_it_glossary, parse_ru_glossary, parse_wiki, parse_cr]
SOURCES = ["it_glossary_8ed.txt", "ru_glossary_10ed.txt", "it_wiki_abilita_cr2024.txt", "it_cr_200-212.txt"]

# Lines that look like the sources' structures, mixed with noise.
FRAGMENTS = st.sampled_from([
    "", " ", "7. Glossario", "8. Crediti", "1. Le Basi", "Abilità", "Vedi anche Abilità, Costo.", "Vedi Sezione 3: X.",
    "Confronta con Y.", "• punto", "1. Fase", "   1. Interfase", "Аура - Особый вид чар", "Зачарованный = x", "См. \"Аура\"",
    "\uf0b7 пункт", "113. Abilità", "  • 113.1 Testo (Vedi regola 609).", "      • Esempio: x", "Regolamento",
    "1. Concetti di Base 100. Generale • 101. Le regole", "Tratto dal Regolamento (Aggiornato a X, 23 Novembre 2024)",
    "100.1. These rules", "100.1a Text. See rule 701.26.", "Example: x", "Glossary", "Credits", "Contents",
    "Evergreen Volare • Paura", "Modifica", "\ufeff", "\x00", "\r", "—", "- -", "= =",
])


def _check(parser, text: str) -> None:
    try:
        result = parser(text, "fuzz.txt")
    except ParseError as exc:
        assert exc.file == "fuzz.txt" and exc.line >= 1 and exc.message
        return
    assert isinstance(result, (ParsedGlossary, ParsedRules))


@pytest.mark.parametrize("parser", PARSERS, ids=lambda p: p.__name__)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(max_size=400))
def test_arbitrary_text(parser, text):
    _check(parser, text)


@pytest.mark.parametrize("parser", PARSERS, ids=lambda p: p.__name__)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(st.one_of(FRAGMENTS, st.text(max_size=30)), max_size=40))
def test_structured_noise(parser, lines):
    _check(parser, "\n".join(lines))


@pytest.mark.parametrize(("parser", "name"), list(zip(PARSERS, SOURCES)), ids=SOURCES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_cut_and_shuffled_sources(parser, name, data):
    lines = source_text(name).split("\n")
    start = data.draw(st.integers(0, len(lines)))
    end = data.draw(st.integers(start, len(lines)))
    piece = lines[start:end]
    if data.draw(st.booleans()):
        piece = data.draw(st.permutations(piece))
    _check(parser, "\n".join(piece))
