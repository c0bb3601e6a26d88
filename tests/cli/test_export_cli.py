"""`mtg-tutor export`: what it writes, what it says (in the interface language, or as JSON), and what it refuses
(exit 2, one line naming the file, nothing written)."""

from __future__ import annotations

import csv
import io
import json
import os
import zipfile

import pytest

from tutor.cli import main
from tutor.i18n import t


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def here(tmp_path, monkeypatch):
    folder = tmp_path / "work"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


@pytest.fixture
def concepts(kb):
    """How many concepts the knowledge base has (the session's, built from the same packaged data)."""
    return len(kb.data.concepts)


def test_anki_to_the_default_file_said_in_the_interface_language(here, capsys, concepts):
    code, out, err = run(capsys, "--ui", "ru", "export", "anki")
    assert (code, err) == (0, "")
    path = here / "mtg-tutor-glossary-ru.apkg"
    assert out.strip() == t("export.done", "ru", path=path.name, n=concepts, what=t("export.what.glossary", "ru"),
                            format="anki")
    with zipfile.ZipFile(path) as z:
        assert "collection.anki2" in z.namelist()
    assert sorted(os.listdir(here)) == [path.name]


def test_json_contract(here, capsys, concepts):
    code, out, err = run(capsys, "export", "csv", "--lang", "ru", "-o", "g.csv", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {"format": "csv", "what": "glossary", "lang": "ru", "path": "g.csv", "items": concepts}
    rows = list(csv.reader(io.StringIO((here / "g.csv").read_text(encoding="utf-8-sig"), newline="")))
    assert len(rows) == concepts + 1 and rows[0][0] == t("export.col.glossary.term", "ru")


def test_rules_in_italian_by_default(here, capsys, monkeypatch):
    monkeypatch.setenv("MTG_TUTOR_UI", "it")
    code, out, _ = run(capsys, "export", "csv", "--what", "rules", "--json")
    assert code == 0 and json.loads(out)["lang"] == "it" and json.loads(out)["path"] == "mtg-tutor-rules-it.csv"
    assert (here / "mtg-tutor-rules-it.csv").read_text(encoding="utf-8-sig").startswith(
        t("export.col.rules.number", "it"))


@pytest.mark.parametrize("what", ["quiz", "rules"])
def test_tbx_is_for_the_glossary_only(here, capsys, what):
    code, out, err = run(capsys, "--ui", "it", "export", "tbx", "--what", what)
    assert code == 2 and out == ""
    assert err.strip() == "mtg-tutor: " + t("export.error.unsupported", "it", format="tbx", what=what, whats="glossary")
    assert os.listdir(here) == []


def test_an_output_that_cannot_be_written(here, capsys, monkeypatch):
    code, out, err = run(capsys, "--ui", "it", "export", "tbx", "-o", "missing/g.tbx")
    assert code == 2 and out == "" and "missing/g.tbx" in err and err.count("\n") == 1
    code, _, err = run(capsys, "--ui", "ru", "export", "csv", "-o", str(here))
    assert code == 2 and str(here) in err and "папка" in err
    (here / "g.apkg").write_bytes(b"old")

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    code, out, err = run(capsys, "--ui", "it", "export", "anki", "-o", "g.apkg")
    assert code == 2 and out == "" and "g.apkg" in err and "No space left on device" in err
    assert sorted(os.listdir(here)) == ["g.apkg"] and (here / "g.apkg").read_bytes() == b"old"  # no temporary file


def test_csv_and_tbx_to_standard_output(here, capsys):
    code, out, err = run(capsys, "export", "csv", "--what", "rules", "--lang", "it", "-o", "-")
    assert code == 0 and err == "" and not out.startswith("\ufeff")
    assert next(csv.reader(io.StringIO(out)))[0] == t("export.col.rules.number", "it")
    code, out, _ = run(capsys, "export", "tbx", "-o", "-")
    assert code == 0 and out.startswith('<?xml version="1.0" encoding="UTF-8"?>') and "<conceptEntry" in out
    code, out, err = run(capsys, "--ui", "it", "export", "anki", "-o", "-")
    assert code == 2 and out == "" and "anki" in err
    assert os.listdir(here) == []


def test_the_slow_quiz_export_says_it_is_working_on_a_terminal(here, capsys, monkeypatch):
    """Building every question takes seconds: on a terminal a line on standard error says so first; piped, nothing."""
    import sys

    import tutor.export as export_module

    seen = []

    def fake(fmt, what, lang, path, **kw):
        seen.append(capsys.readouterr().err)  # what was said before the work started
        raise export_module.ExportError("export.error.empty")

    monkeypatch.setattr(export_module, "export", fake)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["--ui", "ru", "export", "csv", "--what", "quiz"]) == 2
    assert seen == [t("export.working", "ru", what=t("export.what.quiz", "ru")) + "\n"]
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    seen.clear()
    capsys.readouterr()
    assert main(["export", "csv", "--what", "quiz"]) == 2
    assert seen == [""]


def test_the_commands_choices_are_the_registrys():
    """The command line names the formats and contents without importing the registry (its help stays fast): the
    same names."""
    from tutor.cli.export_cmd import FORMAT_NAMES, WHAT_NAMES
    from tutor.export import FORMATS, WHATS

    assert FORMAT_NAMES == tuple(FORMATS) and WHAT_NAMES == WHATS
