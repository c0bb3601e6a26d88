"""The knowledge base as built from sources + curated data: alignment, links, fixes, symbols, checks, cache."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from glossary.build import build
from glossary.curation import CURATED_DIR, load_curation
from glossary.kb import KnowledgeBase
from glossary.model import rule_sort_key
from glossary.yamlio import YamlError
from tests.conftest import ROOT


def test_consistent_and_counts(kb):
    rep = kb.check()
    assert rep["consistent"], [u for u in rep["unresolved"] if u["status"] == "unresolved"]
    assert rep["entries"]["it (it-glossary-8ed)"] == 166  # 165 headwords + the combat damage step split out
    assert rep["entries"]["ru (ru-glossary-10ed)"] == 72
    assert rep["references"]["resolved_share"] >= 0.95
    assert rep["sections"]["it-cr-2024"] == 9
    assert rep["unaligned"] == []
    assert all(f["curated"] for f in rep["findings"])


def test_every_glossary_entry_is_in_exactly_one_concept(kb):
    d = kb.data
    for e in d.entries.values():
        if e.doc in ("it-glossary-8ed", "ru-glossary-10ed"):
            assert e.id in d.entry_concept, e.id
    seen = [eid for c in d.concepts.values() for eid in c.entries]
    assert len(seen) == len(set(seen))
    for c in d.concepts.values():
        assert c.en and c.it and c.ru and c.id.isascii()


@pytest.mark.parametrize(
    ("eid", "concept", "other"),
    [
        ("ru:zheton", "counter-marker", "it:segnalino"),  # false friend: Жетон is a counter, not a token
        ("ru:otmenit", "counter-spell", "it:neutralizzare"),  # Отменить = to counter a spell
        ("ru:volshebstvo", "sorcery", "it:stregoneria"),
        ("ru:zakhvat", None, None),  # reach: no Italian entry in the 8th Edition glossary
        ("ru:znanie-zemel", None, "it:passa-terre"),
        ("ru:mana-ozhog", None, "it:danno-da-eccesso-di-mana"),
        ("ru:v-igre", "battlefield", "it:in-gioco"),
    ],
)
def test_alignment(kb, eid, concept, other):
    c = kb.data.concepts[kb.data.entry_concept[eid]]
    if concept:
        assert c.id == concept
    if other:
        assert other in c.entries
    else:
        assert not any(x.startswith("it:") for x in c.entries)


def test_token_is_not_a_counter(kb):
    token = kb.data.concepts[kb.data.entry_concept["it:pedina"]]
    assert "ru:zheton" not in token.entries and "фишка" in token.ru


@pytest.mark.parametrize(
    ("eid", "year", "modern_it"),
    [
        ("it:in-gioco", 2009, "campo di battaglia"),
        ("it:rimuovere-dal-gioco", 2009, "esiliare"),
        ("it:danno-da-eccesso-di-mana", 2009, None),
        ("ru:mana-ozhog", 2009, None),
        ("it:interfase-di-mantenimento", None, "sottofase di mantenimento"),
        ("it:incanta-creatura", None, "Aura"),
        ("it:costo-di-mana-convertito", 2021, "valore di mana"),
        ("it:travolgere", 2023, "danno letale"),  # the old text: all the excess to the defending player
    ],
)
def test_obsolete_notes(kb, eid, year, modern_it):
    view = kb.entry_view(eid)
    obs = view["obsolete"]
    assert obs is not None and obs["note"]["it"] and obs["note"]["ru"]
    if year:
        assert str(year) in str(obs["year"])
    if modern_it:
        assert modern_it.lower() in obs["modern"]["it"].lower()
    if eid == "it:travolgere":  # the rule that decides, in both languages
        assert "702.19b" in obs["note"]["it"] and "702.19b" in obs["note"]["ru"]


@pytest.mark.parametrize(
    ("source", "text", "target"),
    [
        ("it:abilita", "Abilità attivate", "it:abilita-attivata"),  # plural -> singular headword
        ("it:al", "Eventi innescanti", "it:evento-innescante"),
        ("it:mano", "Interfase di cancellazione", "it:cancellazione"),  # curated alias
        ("it:abilita-attivata", "TAPpare", "it:tappare-2"),  # the verb, not the {T} symbol entry
        ("it:creatura-bloccante", "Danno da smerdamento", "it:danno-da-combattimento"),  # corrupted, fixed
        ("ru:mana-stoimost", "Конвертированная мана-стоимость", "ru:konvertirovannaya-mana-stoimost"),
    ],
)
def test_links_resolve(kb, source, text, target):
    ref = next(r for r in kb.entry(source).refs if r.text == text)
    assert ref.target == target and ref.status in ("resolved", "fixed")
    assert any(b["id"] == source for b in kb.backlinks(target))


def test_rule_links(kb):
    ref = kb.data.rules["it-cr-2024:113.1a"].refs[0]
    assert (ref.text, ref.status, ref.target) == ("609", "title_only", "it-cr-2024:609")
    ref = kb.data.rules["it-cr-old:200.2"].refs[0]
    assert ref.text == "109.3" and ref.status == "title_only" and ref.target == "it-cr-2024:109"
    assert "other-edition" in ref.note
    ref = next(r for r in kb.data.rules["it-cr-old:202.2e"].refs if r.text == "204")
    assert ref.status == "resolved" and ref.target == "it-cr-old:204"


def test_source_defects_are_curated_and_originals_kept(kb):
    first = kb.entry_view("it:attacco-improvviso")
    assert "prima delle creature senza attacco improvviso" in first["definition"]
    assert first["original"].startswith("il modo in cui le tue creature")
    assert first["fixes"][0]["kind"] == "copied-definition"
    dmg = kb.entry_view("it:danno-da-combattimento")
    assert "Quarta interfase" not in dmg["definition"]
    step = kb.entry_view("it:interfase-di-danno-da-combattimento")
    assert step["definition"].startswith("Quarta interfase del combattimento")
    assert step["concept"]["id"] == "combat-damage-step"
    for eid in ("it:tipo-di-carta", "it:vincere-la-partita"):
        assert any(f["kind"] == "count-mismatch" for f in kb.entry_view(eid)["fixes"])


@pytest.mark.parametrize(
    ("eid", "text"),
    [("it:mana-bianco", "produce {W}."), ("it:mana-blu", "produce {U}."), ("it:terra-base", "Le Foreste producono {G}."),
     ("it:x", "{X}{R}")],
)
def test_symbols_restored(kb, eid, text):
    assert text in kb.entry(eid).text()


def test_lost_symbols_are_restored_readably_never_as_a_placeholder(kb):
    assert kb.entry("it:tappare").term == "{T}"
    assert "[costo di mana], {T}: Distruggi" in kb.entry("it:abilita-attivata").text()
    assert kb.entry_view("it:abilita-attivata")["original"].count(", :") == 1
    assert not [eid for eid, e in kb.data.entries.items() if "{?}" in e.text() or "{?}" in e.term]


def test_rule_view_and_toc(kb):
    v = kb.rule_view("113")
    assert v["title"] == "Abilità" and v["children"][0] == "113.1"
    assert kb.rule_view("202.3b")["examples"][0].startswith("Il Capocaccia delle Colline")
    toc = kb.toc("it")
    assert [s["number"] for s in toc] == [str(i) for i in range(1, 10)]
    assert toc[4]["rules"][2] == {"number": "502", "title": "Sottofase di STAP"}
    assert kb.rule_view("999") is None


def test_lookup_finds_across_languages(kb):
    hits = kb.lookup("graveyard")["hits"]
    assert hits[0]["id"] in ("it:cimitero", "ru:kladbishche")
    assert "Кладбище" in hits[0]["translations"]["ru"] and "Cimitero" in hits[0]["translations"]["it"]
    hits = kb.lookup("кладбище")["hits"]
    assert hits[0]["id"] == "ru:kladbishche" and hits[0]["translations"]["it"] == ["Cimitero"]


def test_curated_errors_name_file_line_and_key(tmp_path):
    for f in CURATED_DIR.glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "aliases.yaml").write_text("- entry: it:cimitero\n  names: [x]\n  colour: red\n", encoding="utf-8")
    with pytest.raises(YamlError) as exc:
        load_curation(tmp_path)
    assert exc.value.file.endswith("aliases.yaml") and exc.value.line == 3 and exc.value.key == "colour"
    (tmp_path / "aliases.yaml").write_text("- entry: it:cimitero\n  names: [x\n", encoding="utf-8")
    with pytest.raises(YamlError) as exc:
        load_curation(tmp_path)
    assert exc.value.line >= 2
    (tmp_path / "aliases.yaml").write_text("- !!python/object:os.system {}\n", encoding="utf-8")
    with pytest.raises(YamlError):
        load_curation(tmp_path)
    (tmp_path / "aliases.yaml").write_text("", encoding="utf-8")
    (tmp_path / "symbols.yaml").write_text("- entry: it:cimitero\n  find: not in the text\n  replace: x\n", encoding="utf-8")
    with pytest.raises(YamlError) as exc:
        build([], curated_dir=tmp_path)
    assert exc.value.key == "find" and exc.value.line == 2


def test_index_cache_is_reused_and_rebuilt_when_an_input_changes(isolated_home, monkeypatch, tmp_path):
    import glossary.build
    import glossary.index as index

    first = index.load_data()
    caches = list((isolated_home / "cache").glob("kb-*.pickle"))
    assert len(caches) == 1

    def no_build(*args, **kwargs):
        raise AssertionError("the knowledge base was rebuilt although nothing changed")

    monkeypatch.setattr(glossary.build, "build", no_build)
    again = index.load_data()  # from the cache: building would fail
    assert again.entries.keys() == first.entries.keys()
    monkeypatch.undo()
    monkeypatch.setenv("MTG_TUTOR_HOME", str(isolated_home))
    # Importing a rules file changes the fingerprint: a new cache replaces the old one.
    rules = isolated_home / "rules"
    rules.mkdir()
    (rules / "it-test.txt").write_text("201. Nome\n201.1 Il nome di una carta.\n", encoding="utf-8")
    third = KnowledgeBase(index.load_data())
    assert third.rule("201.1", doc="it-cr") is not None
    assert [p.name for p in (isolated_home / "cache").glob("kb-*.pickle")] != [c.name for c in caches]


def test_unwritable_cache_still_works(monkeypatch, tmp_path):
    import glossary.index as index

    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("MTG_TUTOR_HOME", str(blocker))
    assert index.load_data().entries


@pytest.mark.slow  # child processes: in the full suite, not in `-m fast`
def test_loading_from_a_warm_cache_imports_neither_the_builder_nor_yaml(isolated_home):
    """The cache holds plain model objects: a lookup never pays for the parsers, YAML or rapidfuzz."""
    env = dict(os.environ, MTG_TUTOR_HOME=str(isolated_home))
    subprocess.run([sys.executable, "-c", "from glossary.kb import load; load()"], env=env, cwd=ROOT, check=True)
    assert list((isolated_home / "cache").glob("kb-*.pickle"))
    code = ("import sys; from glossary.kb import load; kb = load(); assert kb.entry('it:cimitero'); "
            "print(sorted(m for m in ('glossary.build', 'glossary.curation', 'glossary.yamlio', 'yaml', 'rapidfuzz') "
            "if m in sys.modules))")
    res = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=True)
    assert res.stdout.strip() == "[]"


def test_directories_follow_mtg_tutor_home(isolated_home, monkeypatch):
    from glossary import paths

    assert paths.data_home() == isolated_home and paths.rules_dir() == isolated_home / "rules"
    assert paths.cache_dir() == isolated_home / "cache" and paths.config_path() == isolated_home / "settings.json"
    monkeypatch.delenv("MTG_TUTOR_HOME")
    import platformdirs

    d = paths.dirs()
    assert d.data == Path(platformdirs.user_data_dir("mtg-tutor", appauthor=False))
    assert d.cache.name == "mtg-tutor" and d.settings.parent == d.config and d.rules == d.data / "rules"
    monkeypatch.setenv("MTG_TUTOR_HOME", "")  # empty means unset
    assert paths.dirs() == d


def test_queries_the_app_needs(kb):
    assert kb.primary_entry("it:cimitero", "ru") == "ru:kladbishche"
    assert kb.primary_entry("ru:kladbishche", "it") == "it:cimitero"
    assert kb.primary_entry("it:a-caso", "ru") == "ru-mod:random"  # no Russian entry: the modern glossary's page
    assert kb.primary_entry("ru-mod:random", "it") == "it:a-caso" and kb.primary_entry("ru-mod:random", "ru") == "ru-mod:random"
    assert kb.target("it:cimitero").term == "Cimitero" and kb.target("it-cr-old:210.1").doc == "it-cr-old"
    assert kb.target("section:it-cr-2024:6") is None and kb.target(None) is None
    tree = kb.rules_tree("it")
    assert [s["number"] for s in tree] == [str(i) for i in range(1, 10)]
    r113 = next(r for s in tree for r in s["rules"] if r["number"] == "113")
    assert r113["rule"].doc == "it-cr-2024" and r113["subrules"][0].number == "113.1"
    numbers = [x.number for x in r113["subrules"]]
    assert "113.3b" in numbers and numbers == sorted(numbers, key=rule_sort_key)
    assert all(x.lang == "it" and (x.text or x.children) for s in tree for r in s["rules"] for x in r["subrules"])
