"""The declarative YAML schema (tutor/schema.py): types, ranges, keys, and where an error is."""

from __future__ import annotations

import doctest

import pytest

import tutor.schema
from glossary.yamlio import YamlError
from tutor.schema import Bool, Dict, Document, Either, Int, List, Map, Maybe, RuleNumber, Str, Text


def _error(schema, text: str) -> YamlError:
    with pytest.raises(YamlError) as exc:
        schema.check(Document.from_text(text, "f.yaml"))
    return exc.value


def test_doctests():
    result = doctest.testmod(tutor.schema)
    assert result.attempted and not result.failed


@pytest.mark.parametrize(("text", "message"), [
    ("n: twenty", "not 'twenty'"),
    ("n: [1]", "not a list"),
    ("n: -1", "not -1"),
    ("n: true", "not True"),  # a boolean is no integer
    ("n: 1.5", "not 1.5"),
    ("n: 1e9", "not '1e9'"),  # YAML reads it as a string
    ("n: 100000000000000000000000000000000000000000000", "digit number"),
])
def test_integers_have_a_type_and_a_range(text, message):
    exc = _error(Map({"n": Int(0, 99)}), text)
    assert exc.key == "n" and exc.line == 1 and exc.column == 1 and message in exc.message


def test_a_5000_digit_number_is_a_yaml_error_with_its_line():
    text = "a: 1\nb: " + "9" * 5000 + "\n"
    with pytest.raises(YamlError) as exc:
        Document.from_text(text, "big.yaml")
    assert exc.value.file == "big.yaml" and exc.value.line == 2


def test_unknown_and_missing_keys_name_the_dotted_key_line_and_column():
    schema = Map({"setup": Map({"turn": Int(1, 9), "players": Map({})}, required=("players",))})
    exc = _error(schema, "setup:\n  turn: 1\n  tunr: 2\n  players: {}\n")
    assert (exc.line, exc.column, exc.key) == (3, 3, "setup.tunr") and "unknown key" in exc.message
    exc = _error(schema, "setup:\n  turn: 1\n")
    assert exc.key == "setup.players" and exc.line == 1 and "lacks a required key" in exc.message
    exc = _error(schema, "- a\n")
    assert exc.key is None and exc.line == 1 and "mapping" in exc.message


def test_items_of_lists_are_located_in_flow_and_block_style():
    schema = Map({"cards": List(Str(("forest", "shock")))})
    exc = _error(schema, "cards: [forest, shock, bogus]\n")
    assert (exc.line, exc.column, exc.key) == (1, 24, "cards.2")
    exc = _error(schema, "cards:\n  - forest\n  - forest\n  - bogus\n")
    assert (exc.line, exc.key) == (4, "cards.2")
    exc = _error(Map({"cards": List(Int(0, 3))}), "cards: [1, 1, 7]\n")
    assert exc.key == "cards.2" and exc.column == 15


def test_mappings_inside_lists_give_their_own_lines():
    schema = Map({"items": List(Map({"card": Str(), "damage": Int(0, 9)}, required=("card",)))})
    exc = _error(schema, "items:\n  - {card: x}\n  - {card: y, damage: x}\n")
    assert (exc.line, exc.key) == (3, "items.1.damage") and exc.column == 15


def test_bilingual_texts_need_both_languages_and_nothing_else():
    schema = Map({"title": Text()})
    assert _error(schema, "title: {it: a}").key == "title"
    assert _error(schema, "title: {it: a, ru: ''}").key == "title"
    assert _error(schema, "title: {it: a, ru: b, en: c}").key == "title"
    assert _error(schema, "title: ciao").key == "title"
    Map({"title": Text()}).check(Document.from_text("title: {it: a, ru: b}", "f.yaml"))


def test_rule_numbers_are_quoted_strings():
    schema = Map({"rules": List(RuleNumber())})
    exc = _error(schema, "rules: [500.10]")
    assert "quotes" in exc.message and exc.key == "rules.0"
    assert _error(schema, 'rules: ["5000"]').key == "rules.0"
    assert _error(schema, 'rules: ["113.3bb"]').key == "rules.0"
    schema.check(Document.from_text('rules: ["113", "113.3", "113.3b", "702.111b"]', "f.yaml"))


def test_dicts_either_maybe_and_bool():
    blocks = Map({"block": Maybe(Dict(Str(), Str()))})
    exc = _error(blocks, "block: {giant: [s1, s2]}")
    assert exc.key == "block.giant" and "not a list" in exc.message
    blocks.check(Document.from_text("block:", "f.yaml"))
    item = Map({"hand": List(Either(scalar=Str(), mapping=Map({"card": Str()}, required=("card",))))})
    assert _error(item, "hand: [[shock]]").key == "hand.0"
    assert _error(item, "hand: [{}]").key == "hand.0.card"
    assert _error(Map({"t": Bool()}), "t: yes").key == "t"  # YAML 1.2 booleans only
    keys = Map({"players": Dict(Str(("A", "B")), Int(0, 9))})
    exc = _error(keys, "players: {C: 1}")
    assert exc.key == "players.C" and "bad key" in exc.message


def test_strings_have_a_length_and_a_pattern():
    schema = Map({"id": Str(pattern=r"^[a-z-]+$", max_len=10)})
    assert _error(schema, "id: Bad_Id").key == "id"
    assert _error(schema, "id: " + "a" * 11).key == "id"
    assert _error(schema, "id: '   '").key == "id"
    assert _error(schema, "id: 5").key == "id"


def test_unreadable_files_are_yaml_errors(tmp_path):
    from tutor.schema import load_document

    with pytest.raises(YamlError):
        load_document(tmp_path / "missing.yaml", "missing.yaml")
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"\xff\xfe\x00 not utf-8")
    with pytest.raises(YamlError) as exc:
        load_document(bad, "bad.yaml")
    assert exc.value.file == "bad.yaml"
