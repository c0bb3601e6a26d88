"""Editions: a Foundations citation follows to the same rule of an imported edition (found by titles and text
similarity, or by the shipped fingerprints when Foundations itself is not imported) and says so; an older
edition's rules that the modern rules contradict carry the modern-rules note. Needs ../shared/data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from glossary.editions import foundations_files, map_edition, parse_fingerprints
from glossary.parsers.crtext import parse_cr
from tests.conftest import ROOT
from tutor.cli import main
from tutor.views import rule_page

DATA = ROOT.parent / "shared" / "data"
NEW = DATA / "MagicCompRules-en-2024-11-08.txt"
OLD = DATA / "MagicCompRules-en-2022-04-29.txt"
CURATED = ROOT / "glossary" / "curated"

pytestmark = pytest.mark.skipif(not (NEW.exists() and OLD.exists()),
                                reason="the English Comprehensive Rules (../shared/data) are not beside the project")

# Foundations number -> the number of the same rule in the 2022 edition (None: not in that edition).
KNOWN = {
    "509": "509", "509.1": "509.1", "509.1h": "509.1h",
    "509.2": "509.4", "509.2a": "509.4a",  # "the active player gets priority": Fourth in 2022, Second now
    "509.3": "509.5", "509.3g": "509.5g", "509.4": "509.7", "509.4b": "509.7b",
    "103.8": "103.7", "103.8a": "103.7a",  # the first player skips the first draw
    "510.1c": "510.1c", "510.1d": "510.1d",  # same number, rewritten (no damage assignment order)
    "608.3c": "608.3a",  # a resolving Aura spell
    "701.11": "701.11", "701.11a": "701.11a", "702.19b": "702.19b", "704.5j": "704.5j",
    "608.3a": None,  # new in Foundations: a permanent spell without targets
}


@pytest.fixture(scope="module")
def editions():
    new = parse_cr(NEW.read_text(encoding="utf-8-sig"), NEW.name)
    old = parse_cr(OLD.read_text(encoding="utf-8-sig"), OLD.name)
    return new, {r.number: r for r in new.rules}, {r.number: r for r in old.rules}


def test_the_same_rule_is_found_by_its_text(editions):
    _, new, old = editions
    mapping = map_edition(new, old)
    assert {n: mapping.get(n) for n in KNOWN} == KNOWN
    assert map_edition(new, new) == {n: n for n in new}  # an edition is itself


def test_the_fingerprints_find_the_same_rules(editions):
    parsed, new, old = editions
    prints = parse_fingerprints((CURATED / "foundations-fingerprints.txt").read_text(encoding="utf-8"))
    by_prints = map_edition(prints, old)
    assert {n: by_prints.get(n) for n in KNOWN} == KNOWN
    by_text = map_edition(new, old)
    agree = sum(1 for n in set(by_text) | set(by_prints) if by_text.get(n) == by_prints.get(n))
    assert agree / len(set(by_text) | set(by_prints)) > 0.99


def test_the_shipped_foundations_files_are_derived_from_the_official_document(editions):
    parsed, _, _ = editions
    numbers, prints = foundations_files(parsed.rules)
    assert (CURATED / "foundations-rules.txt").read_text(encoding="utf-8") == numbers
    assert (CURATED / "foundations-fingerprints.txt").read_text(encoding="utf-8") == prints
    listed = [x for x in numbers.splitlines() if x and not x.startswith("#")]
    in_file = {r.number for r in parsed.rules}
    assert set(listed) == in_file and len(listed) == len(in_file) > 3000
    assert "derived from the official document" in numbers.splitlines()[1]


def _json(capsys, *args) -> dict:
    assert main(["rule", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_with_2022_imported_a_citation_follows_to_its_number_there(capsys, isolated_home):
    assert main(["import-rules", str(OLD)]) == 0
    capsys.readouterr()
    v = _json(capsys, "509.2")
    assert {"doc": "en-2022-04-29", "number": "509.4"} in v["same_rule_in"]
    assert v["english"]["number"] == "509.4" and "active player gets priority" in v["english"]["text"]
    assert v["summary"]["it"] and v["english"]["modern_note"] is None
    assert {"doc": "en-2022-04-29", "number": "103.7a"} in _json(capsys, "103.8a")["same_rule_in"]
    assert _json(capsys, "510.1c")["same_rule_in"] == []  # the same number
    assert main(["rule", "509.2"]) == 0
    assert "Nell'edizione del 2022-04-29 è la 509.4." in capsys.readouterr().out
    assert main(["--ui", "ru", "rule", "509.2"]) == 0
    assert "В издании от 2022-04-29 это 509.4." in capsys.readouterr().out


def test_an_older_editions_rule_carries_the_modern_rules_note(capsys, isolated_home):
    assert main(["import-rules", str(OLD)]) == 0
    capsys.readouterr()
    old = _json(capsys, "510.1c", "--doc", "en-2022-04-29")
    assert "damage assignment order" in old["text"]
    note = old["modern_note"]
    assert note["concept"] == "combat-damage" and "ordine di assegnazione del danno" in note["it"]
    assert "порядок распределения повреждений" in note["ru"]
    assert _json(capsys, "510.1c")["english"]["modern_note"]["concept"] == "combat-damage"  # shown beside the summary
    gone = _json(capsys, "509.2", "--doc", "en-2022-04-29")  # damage assignment order: deleted in Foundations
    assert gone["modern_note"] and gone["foundations_number"] is None
    assert _json(capsys, "509.4", "--doc", "en-2022-04-29")["foundations_number"] == "509.2"
    assert _json(capsys, "509.1", "--doc", "en-2022-04-29")["modern_note"] is None  # still true today
    assert main(["rule", "510.1c", "--doc", "en-2022-04-29"]) == 0
    assert "Nelle regole moderne (cambiate nel 2009 e nel 2024)" in capsys.readouterr().out
    from glossary.kb import load

    page = rule_page(load(), "509.2", "it", doc="en-2022-04-29")
    assert page.modern is not None and any("non c'è" in n for n in page.edition_notes)


def test_with_both_editions_imported(capsys, isolated_home):
    for path in (OLD, NEW):
        assert main(["import-rules", str(path)]) == 0
    capsys.readouterr()
    v = _json(capsys, "509.2")
    assert v["english"]["doc"] == "en-2024-11-08" and v["english"]["number"] == "509.2"  # the newest edition
    assert v["same_rule_in"] == [{"doc": "en-2022-04-29", "number": "509.4"}]
    assert {(e["doc"], e["number"]) for e in v["editions"]} >= {("en-2022-04-29", "509.4")}
    assert _json(capsys, "509.2", "--doc", "en-2024-11-08")["modern_note"] is None  # Foundations is modern
    assert _json(capsys, "608.3a")["not_in_editions"] == ["en-2022-04-29"]


def test_the_app_shows_the_english_text_and_the_note(isolated_home):
    import asyncio

    pytest.importorskip("textual")
    from tutor.app.app import TutorApp
    from tutor.views.locations import RuleLocation

    assert main(["import-rules", str(OLD)]) == 0

    async def go():
        app = TutorApp(settings={"ui": "it", "theme": "textual-dark"})
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            app.navigate(RuleLocation("digest", "509.2"))
            await pilot.pause()
            english = str(app.screen.query_one("#doc-english").render())
            app.navigate(RuleLocation("en-2022-04-29", "510.1c"))
            await pilot.pause()
            return english, str(app.screen.query_one("#doc-modern").render())
    english, modern = asyncio.run(go())
    assert "509.4" in english and "Nell'edizione del 2022-04-29 è la 509.4." in english
    assert "Nelle regole moderne" in modern and "ordine di assegnazione" in modern


def test_foundations_numbers_alone_are_no_text(tmp_path):
    """The shipped list holds numbers only: no line of it is a rule's text."""
    for line in (CURATED / "foundations-rules.txt").read_text(encoding="utf-8").splitlines():
        assert line.startswith("#") or Path(line).name == line and " " not in line
