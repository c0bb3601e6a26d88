"""The modern glossary (glossary/curated/modern/): loading and its errors, the merge into the concepts, the pages in
Italian and Russian, search by every name of every Foundations headword, and `kb check`'s report."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from glossary.curation import CURATED_DIR
from glossary.modern import load_headwords, load_modern, page_id
from glossary.yamlio import YamlError

HEADWORDS = load_headwords(CURATED_DIR / "foundations-glossary.txt")

GOOD = """\
edition: "2024-11-08"
terms:
- en: Menace
  concept: menace
  rules: ["702.111"]
  see: [block]
  it:
    name: minacciare
    status: official
    source: "TERMINOLOGY.md"
    def: Una creatura con minacciare può essere bloccata solo da due o più creature.
  ru:
    name: угроза
    status: official
    source: "TERMINOLOGY.md"
    def: Существо с угрозой могут заблокировать только два или больше существ.
"""


def _records() -> list[dict]:
    return load_modern(CURATED_DIR / "modern")


def _write(tmp_path: Path, text: str) -> Path:
    d = tmp_path / "modern"
    d.mkdir(exist_ok=True)
    (d / "00.yaml").write_text(text, encoding="utf-8")
    return d


def test_the_headword_list_is_the_foundations_glossary():
    assert len(HEADWORDS) == 698 and len(set(HEADWORDS)) == 698
    assert HEADWORDS[0] == "Abandon" and "Mana Value" in HEADWORDS and "Converted Mana Cost (Obsolete)" in HEADWORDS
    head = (CURATED_DIR / "foundations-glossary.txt").read_text(encoding="utf-8").splitlines()[:6]
    assert any("Regenerate with:" in line for line in head) and any("python -m glossary.modern" in line for line in head)


def test_a_good_file_loads(tmp_path):
    [r] = load_modern(_write(tmp_path, GOOD))
    assert (r["en"], r["concept"], r["rules"], r["see"]) == ("Menace", "menace", ["702.111"], ["block"])
    assert r["it"]["name"] == "minacciare" and r["ru"]["status"] == "official" and r["where"].endswith("00.yaml:3")


@pytest.mark.parametrize(("find", "replace", "line", "key"), [
    ("  see: [block]\n", "  see: [block]\n  colour: red\n", 7, "colour"),
    ("    status: official\n    source: \"TERMINOLOGY.md\"\n    def: Una", "    status: ufficiale\n    def: Una", 9,
     "it.status"),
    ("    status: official\n    source: \"TERMINOLOGY.md\"\n    def: Существо", "    status: official\n    def: Существо",
     14, "ru.source"),
    ("  concept: menace\n", "  concept: Menace Ability\n", 4, "concept"),
    ('  rules: ["702.111"]\n', "  rules: [702.111]\n", 5, "rules"),
    ("    name: minacciare\n", "    name: minacciare\n    since: recently\n", 9, "it.since"),
    ("terms:\n", "edition2: x\nterms:\n", 2, "edition2"),
])
def test_a_bad_record_is_named_by_file_line_and_key(tmp_path, find, replace, line, key):
    assert find in GOOD
    with pytest.raises(YamlError) as exc:
        load_modern(_write(tmp_path, GOOD.replace(find, replace, 1)))
    assert str(exc.value).startswith(f"glossary/curated/modern/00.yaml:{line}:") and f"(key: {key})" in str(exc.value)


def test_a_headword_given_twice_is_refused(tmp_path):
    twice = GOOD + GOOD.split("terms:\n", 1)[1]
    with pytest.raises(YamlError, match=r"00\.yaml:17: headword 'Menace' already given at .*00\.yaml:3 \(key: en\)"):
        load_modern(_write(tmp_path, twice))


def test_the_real_records_cover_every_headword_once():
    records = _records()
    assert sorted(r["en"] for r in records) == sorted(HEADWORDS)


def test_every_record_joins_its_concept_with_its_names(kb):
    for r in _records():
        c = kb.data.concepts[r["concept"]]
        names = {(n["lang"], n["name"]) for n in kb.data.modern[r["concept"]]["names"]}
        assert ("en", r["en"]) in names, r["en"]
        for lang in ("it", "ru"):
            assert (lang, r[lang]["name"]) in names, (r["en"], lang)
            assert getattr(c, lang), (r["en"], lang)  # the concept has a name in both languages
    # An existing concept keeps its names and entries; an obsolete headword is a name of the modern concept.
    mv = kb.data.concepts["mana-value"]
    modern = kb.data.modern["mana-value"]
    assert mv.entries[:1] == ["it:costo-di-mana-convertito"] and modern["headword"] == "Mana Value"
    assert any(n["name"] == "Converted Mana Cost (Obsolete)" and n["status"] == "obsolete" for n in modern["names"])


def test_every_concept_has_a_page_in_both_languages(kb):
    for cid, c in kb.data.concepts.items():
        ids = [e for e in c.entries if e in kb.data.entries] or [page_id("it", cid), page_id("ru", cid)]
        for lang in ("it", "ru"):
            if not getattr(c, lang):
                continue
            found = kb.entry(kb.primary_entry(ids[0], lang))
            assert found is not None and found.lang == lang and kb.data.entry_concept[found.id] == cid, (cid, lang)


def test_a_modern_page_links_and_is_linked_in_its_own_language(kb):
    pages = [e for e in kb.data.entries.values() if e.doc in ("it-modern", "ru-modern")]
    assert len(pages) > 500
    linked = 0
    for e in pages:
        assert e.id == page_id(e.lang, e.concept) and kb.is_modern_page(e.id)
        for ref in e.refs:
            target = kb.target(ref.target)
            assert target is not None, (e.id, ref.text)
            if ref.kind == "see":
                assert target.lang == e.lang, (e.id, ref.target)
                linked += 1
        for b in kb.backlinks(e.id):
            if b["kind"] == "term" and kb.is_modern_page(b["id"]):
                assert b["lang"] == e.lang, (e.id, b)
    assert linked > 500
    stack = kb.entry_view("ru-mod:stack")
    assert {x["target"] for x in stack["links"] if x["kind"] == "see"} <= {e.id for e in pages if e.lang == "ru"} | {
        e for e in kb.data.entries if e.startswith("ru:")}
    assert any(b["id"] == "ru-mod:stack" for b in kb.backlinks(stack["links"][0]["target"]))


def test_a_page_shows_the_modern_definition_and_the_statuses(kb):
    v = kb.entry_view("it:pila")  # a source's entry
    assert v["modern"]["headword"] == "Stack" and v["modern"]["definition"]["it"] and v["english"][0] == "Stack"
    assert {n["status"] for n in v["modern"]["names"]} <= {"official", "obsolete", "community", "none", "unverified"}
    v = kb.entry_view("ru-mod:stack")  # the modern glossary's page
    assert v["modern_page"] and v["term"] == "стек" and v["definition"] == v["modern"]["definition"]["ru"]
    assert [o["id"] for o in v["other"]] == ["it:pila"] and v["summaries"] and all(s["ru"] for s in v["summaries"])


def _names(r: dict, lang: str, also: bool) -> list[str]:
    m = r[lang]
    return [m["name"], *(m.get("also", []) if also else [])]


def test_lookup_finds_every_headword_by_its_english_italian_and_russian_names(kb):
    """Each of the 698: its English headword (under either interface language), its Italian and Russian names
    among the first three hits, the other forms people type among the first five — the right concept."""
    records = _records()
    assert len(records) == 698
    # A form that is another concept's name finds that concept (kb check lists it for the editors).
    shared = {(x["concept"], x["lang"], x["name"]) for x in kb.check()["modern"]["shared_forms"]}
    misses = []
    for r in records:
        queries = [(r["en"], "it", 3), (r["en"], "ru", 3)]
        queries += [(n, lang, 3) for lang in ("it", "ru") for n in _names(r, lang, also=False)]
        queries += [(n, lang, 5) for lang in ("it", "ru") for n in r[lang].get("also", [])
                    if (r["concept"], lang, n) not in shared]
        for query, ui, top in queries:
            hits = kb.lookup(query, ui=ui, limit=top)["hits"]
            if not any((h["concept"] or {}).get("id") == r["concept"] for h in hits):
                misses.append((query, ui, r["concept"], [h["id"] for h in hits]))
    assert not misses


def test_the_learners_language_comes_first_and_a_concept_is_one_hit(kb):
    hits = kb.lookup("стек", ui="ru")["hits"]
    assert hits[0]["id"] == "ru-mod:stack" and hits[0]["translations"]["en"]
    for ui in ("it", "ru"):
        for query in ("pila", "стек", "stack", "trample", "legame vitale"):
            hits = kb.lookup(query, ui=ui)["hits"]
            assert hits[0]["lang"] == ui, (query, ui, hits[0])
            pairs = [(h["concept"]["id"], h["lang"]) for h in hits if h["kind"] == "term" and h["concept"]]
            assert len(pairs) == len(set(pairs)), (query, ui)
            scores = [h["score"] for h in hits]
            assert scores == sorted(scores, reverse=True)


def test_a_form_that_names_another_concept_finds_that_concept(kb):
    """The Foundations headword Counter (counter-spell) lists «жетон» among its forms: the counter's name."""
    shared = kb.check()["modern"]["shared_forms"]
    assert {"concept": "counter-spell", "lang": "ru", "name": "жетоны", "concepts": ["counter-marker"]} in shared
    assert kb.lookup("жетоны", ui="ru")["hits"][0]["id"] == "ru:zheton"
    assert "жетоны" not in kb.data.concepts["counter-spell"].extra["ru"]


def test_kb_check_passes_on_the_real_data(kb):
    rep = kb.check()
    assert rep["modern"]["headwords"] == 698 and rep["modern"]["records"] == 698
    assert rep["modern"]["missing"] == [] and rep["modern"]["not_headwords"] == []


def test_kb_check_reports_a_missing_definition(tmp_path):
    from glossary.build import build
    from glossary.kb import KnowledgeBase

    curated = tmp_path / "curated"
    shutil.copytree(CURATED_DIR, curated)
    path = next(p for p in sorted((curated / "modern").glob("*.yaml"))
                if "\n- en: Menace\n" in p.read_text(encoding="utf-8"))
    text = path.read_text(encoding="utf-8")
    start = text.index("\n- en: Menace\n")
    end = text.find("\n- en: ", start + 1)
    record = text[start:end if end > 0 else len(text)]
    ru = record.index("\n  ru:\n")
    cut = record[:ru] + "\n  ru:\n    name: угроза\n    status: official\n    source: \"TERMINOLOGY.md\"\n"
    path.write_text(text.replace(record, cut), encoding="utf-8")
    rep = KnowledgeBase(build([], curated_dir=curated)).check()
    assert rep["modern"]["missing"] == [{"headword": "Menace", "lang": "ru", "what": "def",
                                         "where": f"glossary/curated/modern/{path.name}:{text[:start].count(chr(10)) + 2}"}]
    assert not rep["consistent"]


def test_an_imported_english_glossary_ranks_after_the_learners_language(en_rules):
    """After `import-rules`, «стек» and «pila» still open the learner's page first; the English glossary's Stack
    comes after every hit in Italian or Russian of the same match."""
    from glossary.build import build
    from glossary.kb import KnowledgeBase

    kb = KnowledgeBase(build([en_rules]))
    for query, ui, first in (("стек", "ru", "ru-mod:stack"), ("pila", "it", "it:pila"), ("stack", "ru", "ru-mod:stack"),
                             ("stack", "it", "it:pila")):
        hits = kb.lookup(query, ui=ui, limit=20)["hits"]
        assert hits[0]["id"] == first, (query, ui, hits[:3])
        english = [i for i, h in enumerate(hits) if h["kind"] == "term" and h["lang"] == "en"
                   and (h["concept"] or {}).get("id") == "stack"]
        assert english and all(h["lang"] in ("it", "ru") for h in hits[: english[0]]), (query, ui)
