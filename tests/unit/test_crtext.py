"""Tests of the Comprehensive Rules plain-text parser (glossary/parsers/crtext.py) and symbol restoration."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from glossary.model import Loc, ParsedRules, ParseError
from glossary.parsers.crtext import find_rule_refs, find_term_refs, looks_like_rules, parse_cr
from glossary.symbols import restore_file_symbols
from glossary.text import slugify

ROOT = Path(__file__).resolve().parents[2]
IT_FILE = ROOT / "glossary" / "sources" / "it_cr_200-212.txt"
# Third-party data: read in place, never copied into the repository.
EN_FILE = ROOT.parent / "shared" / "data" / "MagicCompRules-en-2022-04-29.txt"


def rule_map(parsed: ParsedRules) -> dict:
    return {r.number: r for r in parsed.rules}


@pytest.fixture(scope="module")
def it_text() -> str:
    return IT_FILE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def it_cr(it_text):
    return parse_cr(it_text, IT_FILE.name)


@pytest.fixture(scope="module")
def it_rules(it_cr):
    return rule_map(it_cr)


@pytest.fixture(scope="module")
def en_text() -> str:
    if not EN_FILE.exists():
        pytest.skip(f"{EN_FILE} not available")
    return EN_FILE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def en_cr(en_text):
    return parse_cr(en_text, EN_FILE.name)


@pytest.fixture(scope="module")
def en_rules(en_cr):
    return rule_map(en_cr)


@pytest.fixture(scope="module")
def en_glossary(en_cr):
    return {e.term: e for e in en_cr.glossary}


# --- Italian partial copy ------------------------------------------------------------------------------


def test_it_document(it_cr):
    doc = it_cr.doc
    assert (doc.id, doc.lang, doc.effective, doc.file, doc.complete) == (
        "it-cr", "it", None, IT_FILE.name, False,
    )
    assert it_cr.sections == [] and it_cr.glossary == [] and it_cr.credits == ""
    assert all(r.lang == "it" and r.doc == "it-cr" and r.loc.file == IT_FILE.name for r in it_cr.rules)


def test_it_counts(it_cr):
    three = [r.number for r in it_cr.rules if "." not in r.number]
    assert three == [str(n) for n in range(200, 213)]
    assert sum("." in r.number for r in it_cr.rules) == 87
    assert sum(len(r.examples) for r in it_cr.rules) == 19


@pytest.mark.parametrize(
    "number, title",
    [
        ("200", None),  # implicit: the copy starts at 200.2
        ("201", "Nome"),
        ("202", "Costo di Mana e Colore"),
        ("205", "Riga del Tipo"),
        ("207", None),  # implicit: the heading line is missing
        ("209", "Fedeltà"),
        ("212", "Informazioni al di sotto del Riquadro di Testo"),  # trailing period dropped
    ],
)
def test_it_titles(it_rules, number, title):
    rule = it_rules[number]
    assert rule.title == title and rule.text == "" and rule.parent is None


@pytest.mark.parametrize(
    "number, line, children",
    [
        ("200", 1, ["200.2", "200.3"]),
        ("207", 89, ["207.1", "207.2", "207.3", "207.4"]),
        ("201", 3, ["201.1", "201.2", "201.3", "201.4", "201.5"]),
        ("202.2", 27, ["202.2b", "202.2c", "202.2d", "202.2e"]),  # 202.2a is missing from the copy
        ("205.2", 56, ["205.2a", "205.2b", "205.2c"]),
    ],
)
def test_it_structure(it_rules, number, line, children):
    rule = it_rules[number]
    assert rule.loc == Loc(IT_FILE.name, line)
    assert rule.children == children
    assert all(it_rules[c].parent == number for c in children)


@pytest.mark.parametrize(
    "number, start, end",
    [
        ("200.2", "Alcune parti di una carta", "Vedi regola 109.3."),
        ("201.1", "Il nome di una carta è stampato", "in alto a sinistra."),
        ("205.2", "Tipi di Carta", "Tipi di Carta"),
        ("205.3", "Sottotipi", "Sottotipi"),
        ("207.4", "Il simbolo del caos {CHAOS} compare", "associato alle regole."),
        ("202.3d", "Quando si deve calcolare", "se l'oggetto è in pila."),
        ("212.1c", "Alcune espansioni", "di seguito al testo legale."),  # the stray lines are not glued on
    ],
)
def test_it_texts(it_rules, number, start, end):
    assert it_rules[number].text.startswith(start) and it_rules[number].text.endswith(end)


@pytest.mark.parametrize(
    "number, count",
    [
        ("201.3a", 1), ("201.4a", 1), ("201.4b", 3), ("202.3b", 3), ("202.3f", 1), ("205.1b", 2),
        ("201.3", 0), ("212.1c", 0),
    ],
)
def test_it_example_counts(it_rules, number, count):
    assert len(it_rules[number].examples) == count


@pytest.mark.parametrize(
    "number, index, fragment",
    [
        ("201.4b", 0, "in parte, “{U}: L'Elementale"),
        ("201.4b", 1, "il Raggio Glaciale è un istantaneo"),
        ("201.4b", 2, "“{U}{B}: Esilia"),
        ("202.3b", 0, "costo di mana {2}{R}{G}."),
        ("202.3e", 0, "{W/U}{W/U}"),
        ("202.3f", 0, "{W/P}{W/P}"),
        ("201.3a", 0, "Espropriare dice"),
    ],
)
def test_it_examples(it_rules, number, index, fragment):
    example = it_rules[number].examples[index]
    assert fragment in example and not example.startswith("Esempio") and "File:" not in example


@pytest.mark.parametrize(
    "number, refs",
    [
        ("200.2", [("see_rule", "109.3")]),
        ("200.3", [("see_rule", "110.5"), ("see_rule", "706")]),
        ("202.1b", [("see_rule", "116.6"), ("see_rule", "305")]),  # "vedi regolae 116.6" (sic)
        ("205.2a", [("see_section", "3")]),  # "Vedi Sezone 3" (sic)
        ("205.3g", [("see_rule", "301.5"), ("see_rule", "301.6"), ("see_rule", "301.7")]),
        ("201.1", []),
    ],
)
def test_it_refs(it_rules, number, refs):
    rule = it_rules[number]
    assert [(r.kind, r.text) for r in rule.refs] == refs
    assert all(r.target is None and r.loc.line == rule.loc.line for r in rule.refs)


def test_it_stray(it_cr):
    assert [line for line, _ in it_cr.stray] == [118, 119]
    assert all(text.startswith("File:") for _, text in it_cr.stray)


def test_it_options(it_text):
    parsed = parse_cr(it_text, "x.txt", doc_id="it-cr-wiki", lang="it", title="Regole", complete=True)
    assert (parsed.doc.id, parsed.doc.title, parsed.doc.complete) == ("it-cr-wiki", "Regole", True)
    assert {r.doc for r in parsed.rules} == {"it-cr-wiki"}


def test_crlf_and_bom_keep_line_numbers(it_text, it_cr):
    parsed = parse_cr("\ufeff" + it_text.replace("\n", "\r\n"), IT_FILE.name)
    assert [(r.number, r.loc.line, r.text) for r in parsed.rules] == [
        (r.number, r.loc.line, r.text) for r in it_cr.rules
    ]
    assert parsed.stray == it_cr.stray


# --- English full document -----------------------------------------------------------------------------


def test_en_document(en_cr):
    doc = en_cr.doc
    assert (doc.id, doc.lang, doc.effective, doc.complete) == ("en-2022-04-29", "en", "2022-04-29", True)
    assert doc.title == "Magic: The Gathering Comprehensive Rules"
    assert en_cr.stray == []
    assert en_cr.credits.startswith("Magic: The Gathering Original Game Design: Richard Garfield")
    assert "Glossary" not in en_cr.credits.splitlines()


def test_en_counts(en_cr):
    assert len(en_cr.sections) == 9
    assert sum("." not in r.number for r in en_cr.rules) == 137
    assert sum("." in r.number for r in en_cr.rules) == 2651
    assert sum(len(r.examples) for r in en_cr.rules) == 265
    assert len(en_cr.glossary) == 622
    assert sum(len(s.rules) for s in en_cr.sections) == 137
    assert all(r.title is not None for r in en_cr.rules if "." not in r.number)  # no implicit parents


@pytest.mark.parametrize(
    "number, title, first, last, size",
    [
        ("1", "Game Concepts", "100", "122", 23),
        ("2", "Parts of a Card", "200", "212", 13),
        ("6", "Spells, Abilities, and Effects", "600", "616", 17),
        ("9", "Casual Variants", "900", "905", 6),
    ],
)
def test_en_sections(en_cr, number, title, first, last, size):
    section = next(s for s in en_cr.sections if s.number == number)
    assert (section.title, section.rules[0], section.rules[-1], len(section.rules)) == (title, first, last, size)


@pytest.mark.parametrize(
    "number, title, parent, start",
    [
        ("100", "General", None, ""),
        ("100.1", None, "100", "These Magic rules apply to any Magic game"),
        ("100.1a", None, "100.1", "A two-player game is a game"),
        ("119.1d", None, "119.1", "In a two-player Brawl game"),  # written "119.1d." at column 0
        ("606.5", None, "606", "If the total cost to activate a loyalty ability"),  # column 0, no period
        ("808", "Team vs. Team Variant", None, ""),
    ],
)
def test_en_rules(en_rules, number, title, parent, start):
    rule = en_rules[number]
    assert (rule.title, rule.parent) == (title, parent)
    assert rule.text.startswith(start)


@pytest.mark.parametrize(
    "number, continuation",
    [
        ("205.3i", "\nOf that list, Forest, Island, Mountain, Plains, and Swamp are the basic land types."),
        ("205.4c", "\nCards printed in sets prior to the Eighth Edition core set didn't use the word \"basic\""),
        ("509.1b", "\nA restriction may be created by an evasion ability"),
    ],
)
def test_en_continuations(en_rules, number, continuation):
    assert continuation in en_rules[number].text
    assert en_rules[number].text.count("\n") == 1


@pytest.mark.parametrize(
    "number, count, start",
    [
        ("101.2", 1, "If one effect reads"),
        ("509.1b", 1, "An attacking creature with flying and shadow"),  # after a continuation line
        ("606.5", 1, "A player controls Carth the Lion"),
        ("100.1", 0, None),
    ],
)
def test_en_examples(en_rules, number, count, start):
    examples = en_rules[number].examples
    assert len(examples) == count
    assert not examples or examples[0].startswith(start)


@pytest.mark.parametrize(
    "number, refs",
    [
        ("100.1b", [("see_section", "8")]),
        ("205.3i", [("see_rule", "305.6")]),
        ("101.2a", [("see_rule", "113.10")]),
        ("109.4b", [("see_rule", "603.7d"), ("see_rule", "603.7e"), ("see_rule", "603.7f"), ("see_rule", "603")]),
    ],
)
def test_en_refs(en_rules, number, refs):
    assert [(r.kind, r.text) for r in en_rules[number].refs] == refs


def test_en_refs_all_resolve(en_cr):
    numbers = {r.number for r in en_cr.rules}
    refs = [ref for r in en_cr.rules for ref in r.refs] + [ref for e in en_cr.glossary for ref in e.refs]
    assert len(refs) > 1500
    assert all(ref.text in numbers for ref in refs if ref.kind == "see_rule")
    assert all(ref.text in "123456789" for ref in refs if ref.kind == "see_section")


@pytest.mark.parametrize(
    "term, refs",
    [
        ("Activated Ability", [("see_rule", "113"), ("see_rule", "602")]),
        ("Ability", [("see_rule", "113"), ("see_section", "6")]),
        ("Casualty", [("see_rule", "702.153")]),  # "See 702.153" (sic, no "rule")
        ("Forestcycling", [("see", "Typecycling")]),
        ("APNAP Order", [("see", "Active Player, Nonactive Player Order")]),  # a term with a comma
        ("Layer", [("see_rule", "613"), ("see_also", "Dependency"), ("see_also", "Timestamp Order")]),
        ("Reach", [("see_rule", "702.17"), ("see_also", "Flying")]),
    ],
)
def test_en_glossary_refs(en_glossary, term, refs):
    assert [(r.kind, r.text) for r in en_glossary[term].refs] == refs


@pytest.mark.parametrize(
    "term, line, kinds",
    [
        ("Abandon", 6046, ["para"]),
        ("Ability", 6049, ["numbered", "para"]),
        ("Adventurer Card", 6084, ["para"]),
        ("Affinity", 6086, ["para"]),  # no blank line before it in the source
        ("Play", None, ["numbered"]),
        ("Move", None, ["para", "para"]),
        ("Zone-Change Triggers", None, ["para"]),
    ],
)
def test_en_glossary_entries(en_glossary, term, line, kinds):
    entry = en_glossary[term]
    assert [b.kind for b in entry.blocks] == kinds
    assert line is None or entry.loc.line == line
    assert entry.id == f"en-2022-04-29:{slugify(term)}"
    assert (entry.lang, entry.doc) == ("en", "en-2022-04-29")


def test_en_glossary_ids_unique(en_cr):
    ids = [e.id for e in en_cr.glossary]
    assert len(ids) == len(set(ids))
    assert en_cr.glossary[0].text().startswith("To turn a face-up ongoing scheme card face down")


def test_en_every_numbered_line_is_one_rule_in_file_order(en_text, en_cr):
    """Each numbered line of the file (``100.1.``, ``702.19b``) is exactly one sub-rule, at its own line, in the
    file's order; a second parse of the same text gives the same rules (no state kept between calls).
    The parser's speed is measured in bench/bench_text.py."""
    numbered = [(no, m.group(1)) for no, line in enumerate(en_text.split("\n"), 1)
                if (m := re.match(r"[ \t]*([0-9]{3}\.[0-9]{1,4}[a-z]?)\.?[ \t]+\S", line))]
    parsed = sorted((r.loc.line, r.number) for r in en_cr.rules if "." in r.number)
    assert parsed == numbered and len(numbered) == 2651
    again = parse_cr(en_text, EN_FILE.name)
    assert [(r.number, r.text, r.examples) for r in again.rules] == [(r.number, r.text, r.examples) for r in en_cr.rules]


# --- references and symbols ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, refs",
    [
        ("See rule 701.26, \"Abandon.\"", ["701.26"]),
        ("see rule 107.4f.", ["107.4f"]),
        ("rules 603.7d–f", ["603.7d", "603.7e", "603.7f"]),
        ("rules 601.2j-m", ["601.2j", "601.2k", "601.2m"]),  # no 601.2l
        ("rules 119.7-8 and 903.6-903.8", ["119.7", "119.8", "903.6", "903.7", "903.8"]),
        ("rules 601.2a-b, 117.3, and 601.2d", ["601.2a", "601.2b", "117.3", "601.2d"]),
        ("See rule 903.1 and rule 903.", ["903.1", "903"]),
        ('(Vedi regola 609, "Effetti")', ["609"]),
        ("vedi regole 116.6", ["116.6"]),
        ("See rule 100.1 and 2 other rules; a 100-card deck; rules of 2022.", ["100.1"]),
    ],
)
def test_find_rule_refs(text, refs):
    found = find_rule_refs(text, Loc("f", 7))
    assert [r.text for r in found] == refs
    assert all(r.kind == "see_rule" and r.loc == Loc("f", 7) and r.target is None for r in found)


@pytest.mark.parametrize(
    "text, refs",
    [
        ("See section 8, \"Multiplayer Rules.\"", [("see_section", "8")]),
        ("see section 6", [("see_section", "6")]),
        ("See rule 113, \"Abilities,\" and section 6.", [("see_rule", "113"), ("see_section", "6")]),
        ("Vedi la Sezione 4.", [("see_section", "4")]),
    ],
)
def test_find_section_refs(text, refs):
    assert [(r.kind, r.text) for r in find_rule_refs(text, Loc("f", 1))] == refs


@pytest.mark.parametrize(
    "text, refs",
    [
        ("See Typecycling.", [("see", "Typecycling")]),
        ("See also Kicker.", [("see_also", "Kicker")]),
        ("See also A, B and C.", [("see_also", "A"), ("see_also", "B"), ("see_also", "C")]),
        ("See rule 702.20. See also Flying.", [("see_also", "Flying")]),
        ("players see whether it applies.", []),
    ],
)
def test_find_term_refs(text, refs):
    assert [(r.kind, r.text) for r in find_term_refs(text, Loc("f", 1))] == refs


@pytest.mark.parametrize(
    "text, expected",
    [
        ("File:U.png", "{U}"),
        ("File:2.png", "{2}"),
        ("File:X.png", "{X}"),
        ("File:T.png", "{T}"),
        ("File:WU.png", "{W/U}"),
        ("File:BG.png", "{B/G}"),
        ("File:PW.png", "{W/P}"),
        ("File:CAOS.png", "{CHAOS}"),
        ("File:U.pngFile:B.png: Esilia", "{U}{B}: Esilia"),
        ("File:Pennello.png", "{?Pennello}"),
        ("no symbols here", "no symbols here"),
    ],
)
def test_restore_file_symbols(text, expected):
    assert restore_file_symbols(text) == expected


# --- errors and robustness -----------------------------------------------------------------------------

PARAGRAPH = (
    "The quick brown fox jumps over the lazy dog. In 1999 the fox moved to a new forest;\n"
    "see the rules of the park for details. 1. Be kind. 2. Be quiet.\n"
)


@pytest.mark.parametrize(
    "text, line",
    [
        ("", 1),
        ("\n\n   \n", 1),
        (PARAGRAPH, 1),
        ("100. General\n101. Golden Rules\n", 1),  # headings only, no numbered rule
        ("PK\x03\x04\x14\x00\x00\x00\x08\x00 binary \x00\x00", 1),
        ("Title\n\nsome text\n\x00\x01\x02\x03garbage\x00", 4),
        ("100. General\n100.1. One.\n100.1. Again.\n", 3),  # duplicate rule
    ],
)
def test_errors(text, line):
    with pytest.raises(ParseError) as err:
        parse_cr(text, "bad.txt")
    assert (err.value.file, err.value.line) == ("bad.txt", line)
    assert str(err.value).startswith(f"bad.txt:{line}: ")


@pytest.mark.parametrize(
    "text", ["", PARAGRAPH, "100. General\n101. Golden Rules\n", "PK\x03\x04\x00\x00\n100.1 binary\x00"]
)
def test_looks_like_rules_false(text):
    assert not looks_like_rules(text)


def test_looks_like_rules_true(it_text):
    assert looks_like_rules(it_text)
    if EN_FILE.exists():
        assert looks_like_rules(EN_FILE.read_text(encoding="utf-8"))


FRAGMENTS = [
    "", " ", "1. Game Concepts", "100. General", "   100.1. Text.", "      100.1a Text", "100.1a",
    "100.1", "201.3b Testo", "Example: x", "Esempio: y", "         continued", "Contents", "Glossary",
    "Credits", "Term", "1. First.", "File:U.png", "See rule 603.7d–f", "rules 100.1-99999",
    "See also A, B and C.", "These rules are effective as of February 31, 2022.", "\ufeff", "\r", "\x00",
    "999.9999z", "regola 1", "section 0",
]


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=12), max_size=40).map("\n".join)))
def test_never_crashes(text):
    try:
        parsed = parse_cr(text, "random.txt")
    except ParseError as err:
        assert err.file == "random.txt" and err.line >= 1
        return
    assert isinstance(parsed, ParsedRules) and parsed.rules
    assert all(r.parent is None or r.parent in {x.number for x in parsed.rules} for r in parsed.rules)
    looks_like_rules(text)


@pytest.mark.parametrize(
    "header, lang, effective, doc_id",
    [
        ("Rules\n\nThese rules are effective as of April 29, 2022.\n", "en", "2022-04-29", "en-2022-04-29"),
        ("Regole\n\nQueste regole sono in vigore dal 29 aprile 2022. Vedi regola 100.\n", "it", "2022-04-29",
         "it-2022-04-29"),
        ("These rules are effective as of February 31, 2022.\n", "en", "31 February 2022", "en-cr"),
        ("", "en", None, "en-cr"),
    ],
)
def test_header(header, lang, effective, doc_id):
    parsed = parse_cr(header + "\n100. General\n   100.1. See rule 100.\n", "h.txt")
    assert (parsed.doc.lang, parsed.doc.effective, parsed.doc.id) == (lang, effective, doc_id)
    assert parsed.doc.title == (header.split("\n")[0] or "Comprehensive Rules")
    assert parsed.doc.complete is False
