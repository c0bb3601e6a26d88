"""The presentation model (tutor.views): typed locations, entry and rule pages, words for codes, and the
Rich renderer that lays them out; plus the hygiene rules of the layers that use it."""

from __future__ import annotations

import dataclasses
import re

import pytest
from rich.console import Console

from tests.conftest import ROOT
from tutor.i18n import t
from tutor.render import render_entry, render_rule
from tutor.views import EntryLocation, RuleLocation, entry_page, location_of, page_for, rule_page
from tutor.views.model import Summary
from tutor.views.texts import REF_KINDS, finding_text, fix_kind, ref_kind, status_counts


def printed(render, page) -> str:
    console = Console(record=True, width=120, color_system=None)
    render(console, page)
    return console.export_text()


# ---- locations ---------------------------------------------------------------------------------------
def test_locations_are_values_with_labels(kb):
    assert {EntryLocation("it:cimitero"), EntryLocation("it:cimitero")} == {EntryLocation("it:cimitero")}
    assert EntryLocation("it:cimitero").label(kb) == "Cimitero"
    assert RuleLocation("it-cr-2024", "113.3b").label(kb) == "113.3b"
    assert EntryLocation("it:nothing-here").label(kb) == "it:nothing-here"
    assert not EntryLocation("it:nothing-here").exists(kb)
    assert RuleLocation("it-cr-old", "210.1").exists(kb) and not RuleLocation("it-cr-2024", "210.1").exists(kb)
    with pytest.raises(dataclasses.FrozenInstanceError):
        EntryLocation("it:cimitero").entry_id = "it:pila"  # type: ignore[misc]


def test_location_of_knowledge_base_ids(kb):
    assert location_of(kb, "it:cimitero") == EntryLocation("it:cimitero")
    assert location_of(kb, "it-cr-2024:113.3b") == RuleLocation("it-cr-2024", "113.3b")
    assert location_of(kb, "section:it-cr-2024:6") is None  # a section has no page
    assert location_of(kb, None) is None and location_of(kb, "nowhere") is None


def test_page_for_missing_locations_is_none(kb):
    assert page_for(kb, EntryLocation("it:nothing-here"), "it") is None
    assert page_for(kb, RuleLocation("it-cr-2024", "999.9z"), "it") is None
    assert page_for(kb, RuleLocation("it-cr-2024", "113"), "it").heading == "113. Abilità"


# ---- entry pages -------------------------------------------------------------------------------------
def test_entry_page_blocks_keep_numbered_sub_items(kb):
    page = entry_page(kb, "it:turno", "it")
    steps = next(b for b in page.blocks if b.kind == "numbered")
    assert steps.items[0] == "Fase iniziale" and steps.sub[0][0] == "Interfase di STAP" and steps.sub[1] == ()
    assert steps.marks()[0][2][0] == ("1.", "Interfase di STAP")
    assert page.definition == kb.entry("it:turno").text()
    assert page.modern.heading == "Nelle regole moderne (già nel 2011)" and ("step", "en") in page.modern.terms
    assert not [x for x in page.modern.terms if x[1] == "ru"]  # an Italian reader: Italian and English only
    out = printed(render_entry, page)
    assert "│   1. Fase iniziale" in out and "│       1. Interfase di STAP" in out


def test_entry_page_links_and_backlinks_are_typed(kb):
    page = entry_page(kb, "it:abilita", "it")
    assert [x.target for x in page.links][:2] == [EntryLocation("it:abilita-attivata"), EntryLocation("it:abilita-statica")]
    assert all(x.status == "" and x.brief == "" for x in page.links)
    assert EntryLocation("it:effetto") in [b.target for b in page.backlinks]
    assert page.links_heading == "Collegamenti" and page.backlinks_heading == "Puntano qui"


def test_other_language_beside_or_the_concepts_name(kb, monkeypatch):
    monkeypatch.setenv("MTG_TUTOR_DEBUG", "1")  # the source's file and line, the concept's id: for a developer
    page = entry_page(kb, "it:cimitero", "ru")
    assert [(o.lang, [e.term for e in o.entries], o.missing) for o in page.other] == [("ru", ["Кладбище"], None)]
    assert page.other[0].entries[0].location == EntryLocation("ru:kladbishche")
    assert page.source == "Источник: итальянский глоссарий, 8-е изд. (it_glossary_8ed.txt:305)"
    alone = entry_page(kb, "it:a-caso", "it")
    assert alone.other[0].entries == () and "si chiama: случайным образом" in alone.other[0].missing
    assert alone.concept.id == "random" and dict(alone.concept.names)["ru"] == ("случайным образом",)


def test_unresolved_references_in_words(kb):
    page = entry_page(kb, "it:mazzo", "it")
    (ref,) = page.unresolved
    assert ref.target is None and ref.brief == "non nelle fonti"
    assert ref.status.startswith("non presente nelle fonti: Il rimando è alla Sezione 6")
    assert page.notes[0].kind == "sezione non presente nelle fonti"
    ru = entry_page(kb, "it:mazzo", "ru")
    assert ru.unresolved[0].status.startswith("отсутствует в источниках: Ссылка ведёт")
    assert ru.notes[0].heading == "Примечание редакции" and ru.notes[0].kind == "раздела нет в источниках"


def test_editor_notes_original_and_restored_symbols(kb):
    page = entry_page(kb, "it:attacco-improvviso", "it")
    assert page.corrected == t("corrected", "it")
    assert page.notes[0].kind == "definizione copiata da un'altra voce"
    assert page.original.startswith("il modo in cui le tue creature") and page.restored is None
    out = printed(render_entry, page)
    assert "Nota della redazione (definizione copiata da un'altra voce)" in out and "copied-definition" not in out
    restored = entry_page(kb, "it:mana-bianco", "it")
    assert restored.original is None and restored.restored == t("symbols_restored", "it")
    other = next(e for e in kb.data.notes if any(f["kind"] == "other" for f in kb.data.notes[e].get("fixes", [])))
    assert all(n.kind is None for n in entry_page(kb, other, "it").notes)  # "other": the note says it all


# ---- rule pages --------------------------------------------------------------------------------------
def test_rule_page_sub_rules_links_and_parent(kb):
    page = rule_page(kb, "113", "it")
    assert page.subrules[0].target == RuleLocation("it-cr-2024", "113.1") and page.no_text is None
    sub = rule_page(kb, "113.3b", "ru")
    assert sub.parent_heading == "113. Способности" and sub.heading == "113.3b"  # our Russian title of the contents
    (link,) = sub.links
    assert link.target == RuleLocation("it-cr-2024", "602") and link.brief == t("status_title_only", "ru")
    assert page.summary.text == kb.summary("113")["it"] and page.summary.other[0].lang == "ru"
    assert page.get_text is None  # the sources have the text of 113's sub-rules
    title_only = rule_page(kb, "609", "it")  # known by its title only, but summarised: a page, not "not here"
    assert title_only.no_text is None and title_only.text == "" and title_only.summary.text == kb.summary("609")["it"]
    assert "import-rules" in title_only.get_text


def test_rule_page_editions_and_the_numbering_warning(kb):
    page = rule_page(kb, "210", "it")
    (ed,) = page.editions
    assert ed.target == RuleLocation("it-cr-old", "210") and ed.title == "Modificatore di carte in mano"
    assert ed.status == t("status_title_only", "it")
    old = rule_page(kb, "210.1", "it")
    assert old.location == RuleLocation("it-cr-old", "210.1") and "«Difesa»" in old.warning
    assert old.links_heading == "Collegamenti" and old.document.startswith("Documento: ")


def test_rule_summary_is_rendered_when_there_is_one(kb):
    page = dataclasses.replace(rule_page(kb, "113.3b", "it"),
                               summary=Summary("In breve", "Si attivano pagando un costo.", "riassunto non ufficiale"))
    out = printed(render_rule, page)
    assert "In breve" in out and "Si attivano pagando un costo." in out and "riassunto non ufficiale" in out
    assert "In breve" not in printed(render_rule, rule_page(kb, "113.3b", "it"))


# ---- words for codes ---------------------------------------------------------------------------------
@pytest.mark.parametrize("ui", ["it", "ru"])
def test_every_code_has_words(kb, ui):
    from glossary.curation import FIX_KINDS

    for kind in REF_KINDS:
        assert ref_kind(kind, ui) != kind and "_" not in ref_kind(kind, ui)
    for kind in FIX_KINDS:
        assert (fix_kind(kind, ui) is None) == (kind == "other")
    rep = kb.check()
    assert "_" not in status_counts(rep["references"]["by_status"], ui)
    checks = set(re.findall(r'"check": "([a-z-]+)"', (ROOT / "glossary" / "build.py").read_text(encoding="utf-8")))
    assert checks >= {f["check"] for f in rep["findings"]} and len(checks) >= 3
    for check in checks:
        finding = next((f for f in rep["findings"] if f["check"] == check), None)
        assert finding is not None, check  # each check finds something in the packaged sources
        text = finding_text(finding, ui)
        assert check not in text and "{" not in text and text != t("finding_other", ui, check=check)


def test_count_mismatch_says_it_in_words():
    f = {"check": "count-mismatch", "entry": "it:tipo-di-carta", "says": 6, "items": 7}
    assert finding_text(f, "it").endswith("il testo annuncia 6 voci, l'elenco ne ha 7")
    assert finding_text(f, "ru").endswith("в тексте обещано 6 пунктов, в списке 7")
    assert finding_text({**f, "says": 3}, "ru").endswith("обещано 3 пункта, в списке 7")


# ---- layer hygiene -----------------------------------------------------------------------------------
def _sources(*parts: str) -> list:
    files = []
    for part in parts:
        path = ROOT / part
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return files


def test_widgets_and_views_use_the_knowledge_base_api_not_its_data():
    pattern = re.compile(r"\bkb\s*\.\s*data\b|\bKBData\b")
    offenders = [f"{p.relative_to(ROOT)}:{i}" for p in _sources("tutor/app", "tutor/views", "tutor/render.py")
                 for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert offenders == []


def test_no_location_strings_anywhere():
    pattern = re.compile(r"""["'](entry|rule):|\.partition\(""")
    offenders = [f"{p.relative_to(ROOT)}:{i}" for p in _sources("tutor/app", "tutor/views", "tutor/render.py",
                                                                 "tests/app/test_app.py")
                 for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert offenders == []


def test_views_import_no_ui_toolkit():
    import subprocess
    import sys

    code = "import sys, tutor.views; print([m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')])"
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert res.stdout.strip() == "[]"
