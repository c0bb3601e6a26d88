"""Exports (tutor.export): the data layer and the three formats, read back as their readers read them.

The Anki package is opened as Anki opens it (a zip holding the SQLite collection); the TBX is parsed and checked
against TBX-Basic's structure (ISO 30042:2019, DCA style); the CSV is read back with the csv module. The knowledge
base is the session's; the items are built once per module.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sqlite3
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from tutor.export import FORMATS, ExportError, anki, default_name, format_module, supports, tbx, write_file
from tutor.export import csv as csv_format
from tutor.export.items import COLUMNS, gaps, glossary_items, glossary_row, question_ids, quiz_items, rows, rule_items
from tutor.i18n import LANGS, t

NS = {"tbx": tbx.NS}
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
STATUSES = {"preferredTerm-admn-sts", "admittedTerm-admn-sts", "deprecatedTerm-admn-sts", "supersededTerm-admn-sts"}


@pytest.fixture(scope="module")
def found(kb):
    return glossary_items(kb)


@pytest.fixture(scope="module")
def packages(found):
    """The Italian and Russian glossary decks, each made twice (a second export, a moment later)."""
    return {lang: (anki.render("glossary", lang, found), anki.render("glossary", lang, found)) for lang in LANGS}


def collection(data: bytes, tmp_path, name: str = "c") -> sqlite3.Connection:
    """The collection of an .apkg, as Anki reads it: a zip holding `collection.anki2`, a SQLite database."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert "collection.anki2" in z.namelist() and json.loads(z.read("media")) == {}
        path = tmp_path / f"{name}.anki2"
        path.write_bytes(z.read("collection.anki2"))
    return sqlite3.connect(path)


def notes(conn) -> dict[str, tuple[str, list[str]]]:
    """guid -> (model id, fields)."""
    return {guid: (mid, flds.split("\x1f")) for guid, mid, flds in conn.execute("SELECT guid, mid, flds FROM notes")}


# ---- the data layer ------------------------------------------------------------------------------------------
def test_one_item_per_concept_named_in_every_language(kb, found):
    assert len(found) == len(kb.data.concepts) and len({i.id for i in found}) == len(found)
    for item in found:
        for lang in ("en", *LANGS):
            assert item.names[lang] and all(n.name.strip() for n in item.names[lang]), (item.id, lang)
        assert item.names["it"][0].name == kb.data.concepts[item.id].it[0]  # the main name first, as the app shows it


def test_what_the_glossary_lacks_is_counted_not_filled(kb, found):
    missing = gaps(found)
    for lang in LANGS:
        lacking = [i.id for i in found if not (kb.data.modern.get(i.id) or {}).get("definition", {}).get(lang)]
        assert missing[lang]["no_definition"] == sorted(lacking)
        for item in found:  # an empty definition is empty, never a placeholder
            row = glossary_row(item, lang).fields
            assert (row["definition"] == "") == (item.id in lacking)
            assert row["term"] and row["english"]  # no empty note: a name and the English headword always
    assert len(missing["it"]["no_definition"]) < len(found) // 20  # a few, not a broken join


def test_a_row_is_in_the_learners_language(found):
    grave = next(i for i in found if i.id == "graveyard")
    it, ru = glossary_row(grave, "it").fields, glossary_row(grave, "ru").fields
    assert (it["term"], ru["term"], it["english"]) == ("cimitero", "кладбище", "Graveyard")
    assert it["status"].startswith(t("modern.status.official", "it")) and ru["status"].startswith(
        t("modern.status.official", "ru"))
    assert "404" in it["rules"] and set(it) == set(COLUMNS["glossary"])
    old = next(i for i in found if i.id == "artifact")
    assert "2008" in glossary_row(old, "it").fields["old_term"] and "2008" in glossary_row(old, "ru").fields["old_term"]


def test_rules_rows_are_the_digests_summaries(kb):
    for lang in LANGS:
        got = rule_items(kb, lang)
        assert [r.id for r in got] == [n for n in sorted(kb.data.summaries, key=_key) if kb.data.summaries[n].get(lang)]
        first = got[0].fields
        assert first["summary"] == kb.data.summaries[first["number"]][lang] and first["title"].startswith("100. ")
    assert "non ufficiale" in t("export.col.rules.summary", "it") and "неофициальное" in t("export.col.rules.summary", "ru")


def _key(n):
    from glossary.model import rule_sort_key

    return rule_sort_key(n)


def test_quiz_items_every_fixed_question_and_every_familys_sampled_seeds():
    from tutor.quiz import bank

    ids = question_ids("ru")
    assert len(ids) == len(set(ids))
    cards = bank.cards(lang="ru")
    for c in cards:
        if c.generated:
            assert all(f"{c.card}@{seed}" in ids for seed in range(bank.SAMPLES))
        else:
            assert c.card in ids
    assert len(ids) == sum(bank.SAMPLES if c.generated else 1 for c in cards)
    sample = [i for i in ids if i.startswith(("term:", "combat:", "scenario:"))][::40] + ["step-order:beginning@0"]
    rows_ = {r.id: r.fields for r in _quiz_rows(sample, "ru")}
    for qid, f in rows_.items():
        q = bank.question(qid)
        assert f["question"].startswith(q.prompt["ru"]) and f["explanation"] == q.explanation["ru"] and f["answer"]
    order = next(f for qid, f in rows_.items() if qid.startswith("step-order:"))
    assert order["answer"].count("\n") >= 1  # an order: every option, in the right order


def _quiz_rows(ids, lang):
    from tutor.export import items

    original = items.question_ids
    try:
        items.question_ids = lambda _lang: list(ids)
        return quiz_items(lang)
    finally:
        items.question_ids = original


# ---- the registry --------------------------------------------------------------------------------------------
def test_every_format_is_a_module_with_its_contents():
    for name in FORMATS:
        module = format_module(name)
        assert module.EXTENSION and module.WHATS and callable(module.render)
    assert supports("tbx", "glossary") and not supports("tbx", "quiz") and not supports("tbx", "rules")
    assert default_name("anki", "glossary", "it") == "mtg-tutor-glossary-it.apkg"


def test_the_exports_never_import_textual():
    code = ("import sys, tutor.export, tutor.export.anki, tutor.export.csv, tutor.export.tbx, tutor.export.items, "
            "tutor.cli.export_cmd; print('textual' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ---- Anki ------------------------------------------------------------------------------------------------------
def test_the_apkg_is_ankis_package_with_one_note_per_concept(found, packages, tmp_path):
    for lang in LANGS:
        conn = collection(packages[lang][0], tmp_path, lang)
        got = notes(conn)
        assert len(got) == len(found)
        assert conn.execute("SELECT count(*) FROM cards").fetchone()[0] == len(found)
        col_models, col_decks = conn.execute("SELECT models, decks FROM col").fetchone()
        models, decks = json.loads(col_models), json.loads(col_decks)
        assert str(anki.model_id("glossary", lang)) in models and str(anki.deck_id("glossary", lang)) in decks
        model = models[str(anki.model_id("glossary", lang))]
        assert [f["name"] for f in model["flds"]] == list(anki.FIELDS["glossary"])
        assert t("export.anki.english", lang) in model["tmpls"][0]["afmt"]  # labels in the learner's language
        by_id = {fields[-1]: fields for _mid, fields in got.values()}
        assert set(by_id) == {i.id for i in found}
        grave = by_id["graveyard"]
        assert grave[0] == {"it": "cimitero", "ru": "кладбище"}[lang] and grave[2] == "Graveyard"
        assert grave[5].startswith("<b>404</b>: ")  # the digest's summaries of its rules
        for guid, (_mid, fields) in got.items():
            assert guid == anki.note_guid("glossary", lang, fields[-1])
        conn.close()


def test_a_second_export_keeps_every_guid_and_the_ids(packages, tmp_path):
    for lang in LANGS:
        first, second = (collection(p, tmp_path, f"{lang}{n}") for n, p in enumerate(packages[lang]))
        a, b = notes(first), notes(second)
        assert a.keys() == b.keys() and all(a[g][1] == b[g][1] and a[g][0] == b[g][0] for g in a)
        assert first.execute("SELECT models, decks FROM col").fetchone() == \
            second.execute("SELECT models, decks FROM col").fetchone() or _same_ids(first, second)
    assert anki.model_id("glossary", "it") != anki.model_id("glossary", "ru")
    assert anki.deck_id("glossary", "it") != anki.deck_id("quiz", "it")
    assert 1 << 30 <= anki.model_id("rules", "ru") < 1 << 31


def _same_ids(first, second) -> bool:
    """The same note types and decks by id (their modification times may differ)."""
    def ids(conn):
        models, decks = conn.execute("SELECT models, decks FROM col").fetchone()
        return set(json.loads(models)), set(json.loads(decks))

    return ids(first) == ids(second)


def test_anki_fields_are_escaped_html(tmp_path):
    from tutor.export.items import Row

    row = Row("x", {"number": "1", "title": "<b>a & b</b>", "summary": "line 1\nline 2", "id": "x"})
    conn = collection(anki.render("rules", "it", [row]), tmp_path)
    (_mid, fields), = notes(conn).values()
    assert fields[1] == "&lt;b&gt;a &amp; b&lt;/b&gt;" and fields[2] == "line 1<br>line 2"


# ---- TBX -------------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def termbase(found):
    return tbx.render("glossary", "it", found)


def test_the_tbx_follows_tbx_basic(found, termbase):
    root = ET.fromstring(termbase)
    assert root.tag == f"{{{tbx.NS}}}tbx"
    assert (root.get("type"), root.get("style"), root.get(XML_LANG)) == ("TBX-Basic", "dca", "en")
    assert root.find("tbx:tbxHeader/tbx:fileDesc/tbx:sourceDesc/tbx:p", NS).text
    entries = root.findall("tbx:text/tbx:body/tbx:conceptEntry", NS)
    assert len(entries) == len(found)
    ids = [e.get("id") for e in entries]
    assert len(set(ids)) == len(ids) and all(re.fullmatch(r"[A-Za-z_][\w.-]*", i) for i in ids)
    for entry in entries:
        secs = entry.findall("tbx:langSec", NS)
        assert [s.get(XML_LANG) for s in secs] == ["en", "it", "ru"], entry.get("id")
        for sec in secs:
            terms = sec.findall("tbx:termSec", NS)
            assert terms
            children = [c.tag.split("}")[1] for c in sec]
            assert children.index("termSec") == len(children) - len(terms)  # the language's notes first
            for term in terms:
                assert len(term.findall("tbx:term", NS)) == 1 and term.find("tbx:term", NS).text.strip()
                assert list(term)[0].tag == f"{{{tbx.NS}}}term"
                status = term.findall("tbx:termNote[@type='administrativeStatus']", NS)
                assert len(status) == 1 and status[0].text in STATUSES
        for ref in entry.findall("tbx:ref", NS):
            assert ref.get("type") == "crossReference" and ref.get("target") in ids
    parents = {c: p for p in root.iter() for c in p}
    for el in root.iter(f"{{{tbx.NS}}}termNote"):  # a termNote only in a termSec
        assert parents[el].tag == f"{{{tbx.NS}}}termSec"
    for el in root.iter(f"{{{tbx.NS}}}descrip"):
        if el.get("type") == "definition":
            assert parents[parents[el]].tag == f"{{{tbx.NS}}}langSec"


def test_the_tbx_keeps_each_names_status_and_our_definitions(found, termbase):
    root = ET.fromstring(termbase)
    entry = root.find("tbx:text/tbx:body/tbx:conceptEntry[@id='graveyard']", NS)
    it = entry.find("tbx:langSec[@xml:lang='it']", {**NS, "xml": "http://www.w3.org/XML/1998/namespace"})
    sec = it.find("tbx:termSec", NS)
    assert sec.find("tbx:term", NS).text == "cimitero"
    assert sec.find("tbx:termNote", NS).text == "preferredTerm-admn-sts"
    assert sec.find("tbx:note", NS).text.startswith("mtg-tutor status: official")
    grave = next(i for i in found if i.id == "graveyard")
    definition = it.find("tbx:descripGrp/tbx:descrip[@type='definition']", NS)
    assert definition.text == grave.definition["it"]
    assert it.find("tbx:descripGrp/tbx:admin[@type='source']", NS).text == t("export.tbx.definition_source", "it")
    # every recorded status maps as documented, and the exact one is kept in the note; one preferred term a
    # language: a second official name (English "Deal" beside "damage") is admitted
    seconds = 0
    for sec in root.iter(f"{{{tbx.NS}}}langSec"):
        official = 0
        for term in sec.findall("tbx:termSec", NS):
            note = term.find("tbx:note", NS).text
            code = re.match(r"mtg-tutor status: (\w+)", note).group(1)
            expected = tbx.ADMINISTRATIVE[None if code == "unrecorded" else code]
            if code == "official":
                official += 1
                if official > 1:
                    expected, seconds = "admittedTerm-admn-sts", seconds + 1
            assert term.find("tbx:termNote", NS).text == expected
        assert [t_.find("tbx:termNote", NS).text for t_ in sec.findall("tbx:termSec", NS)].count(
            "preferredTerm-admn-sts") <= 1
    assert seconds  # the case exists (else this test would not test it)
    superseded = [t_ for t_ in root.iter(f"{{{tbx.NS}}}termSec")
                  if t_.find("tbx:termNote", NS).text == "supersededTerm-admn-sts"]
    assert superseded and all("obsolete" in s.find("tbx:note", NS).text for s in superseded)


# ---- CSV -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("what", ["glossary", "rules"])
def test_the_csv_reads_back_equal(kb, found, what):
    for lang in LANGS:
        items_ = found if what == "glossary" else rule_items(kb, lang)
        data = csv_format.render(what, lang, items_)
        assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with a byte order mark, for Excel
        back = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), dialect="excel"))
        assert back[0] == csv_format.header(what, lang)
        assert back[1:] == [[r.fields[c] for c in COLUMNS[what]] for r in rows(what, lang, items_)]
        assert b"\r\n" in data  # the excel dialect's line ends
    assert not csv_format.render("rules", "it", rule_items(kb, "it")[:3], stream=True).startswith(b"\xef\xbb\xbf")


# ---- writing ---------------------------------------------------------------------------------------------------
def leftovers(folder) -> list[str]:
    return sorted(os.listdir(folder))


def test_a_file_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    target = tmp_path / "out.csv"
    write_file(target, b"old")
    assert target.read_bytes() == b"old" and leftovers(tmp_path) == ["out.csv"]
    mode = target.stat().st_mode & 0o777
    assert mode & 0o044 == 0o666 & ~_umask() & 0o044  # the usual permissions, not a temporary file's 0600

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(ExportError) as err:
        write_file(target, b"new")
    assert "out.csv" in err.value.message("it") and "No space left" in err.value.message("it")
    assert target.read_bytes() == b"old" and leftovers(tmp_path) == ["out.csv"]

    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_file(tmp_path / "new.csv", b"new")
    assert leftovers(tmp_path) == ["out.csv"]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_missing_folder_or_a_directory_is_refused(tmp_path):
    with pytest.raises(ExportError) as err:
        write_file(tmp_path / "nope" / "out.csv", b"x")
    assert err.value.key == "export.error.no_folder" and "nope" in err.value.message("ru")
    with pytest.raises(ExportError) as err:
        write_file(tmp_path, b"x")
    assert err.value.key == "export.error.directory"
    assert leftovers(tmp_path) == []


def test_a_name_that_is_not_a_file_is_refused_and_nothing_is_touched(tmp_path):
    keep = tmp_path / "keep.csv"
    keep.write_bytes(b"KEEP")
    for name, key in ((f"{keep}/", "export.error.not_file"), (f"{tmp_path}/newdir/", "export.error.not_file"),
                      ("", "export.error.empty"), (str(tmp_path / ("x" * 300 + ".csv")), "export.error.write")):
        with pytest.raises(ExportError) as err:
            write_file(name, b"new")
        assert err.value.key == key, name
    assert keep.read_bytes() == b"KEEP" and leftovers(tmp_path) == ["keep.csv"]
    write_file(tmp_path / ("y" * 250 + ".csv"), b"ok")  # a long name the system takes: the temporary name is short


def test_a_link_a_device_or_a_pipe_is_written_through_never_replaced(tmp_path):
    target = tmp_path / "real.csv"
    target.write_bytes(b"old")
    target.chmod(0o600)
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    write_file(link, b"new")
    assert link.is_symlink() and target.read_bytes() == b"new"
    assert target.stat().st_mode & 0o777 == 0o600  # a file replaced keeps its permissions
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    import threading

    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    write_file(fifo, b"through the pipe")
    reader.join(5)
    assert got == [b"through the pipe"] and fifo.exists() and not fifo.is_file()
    write_file("/dev/null", b"x")  # a device stays a device (as root, replacing it would break the system)
    assert not Path("/dev/null").is_file()
    assert sorted(leftovers(tmp_path)) == ["link.csv", "pipe", "real.csv"]


def test_an_old_term_of_another_language_says_which(found):
    """A Russian reader sees the Italian source's old term named as Italian (never as if it were an old Russian
    term), and quotes are not doubled."""
    combat = next(i for i in found if i.id == "beginning-of-combat-step")
    assert not (combat.obsolete["old"].get("ru") or "").strip()  # the premise: only the Italian source had it
    ru = glossary_row(combat, "ru").fields["old_term"]
    assert ru.startswith("В старых правилах, на итальянском языке: «interfase di inizio combattimento»")
    it = glossary_row(combat, "it").fields["old_term"]
    assert it.startswith("Nelle vecchie regole: «interfase di inizio combattimento»") and "««" not in it
