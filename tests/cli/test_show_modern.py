"""`mtg-tutor show` in the learner's language: every concept's page under `--ui ru` begins in Russian and under
`--ui it` in Italian (the source's entry in that language, else the modern glossary's page), with the English
name, the unofficial definition labelled as such, the names with their status, and the other language after."""

from __future__ import annotations

import json
import re

import pytest

import tutor.cli.glossary_cmds as glossary_cmds
from tutor.cli import main
from tutor.i18n import t

LETTERS = {"ru": re.compile(r"[а-яё]", re.IGNORECASE), "it": re.compile(r"[a-zàèéìòù]", re.IGNORECASE)}


@pytest.fixture
def fast_kb(kb, monkeypatch):
    """The session's knowledge base for every command (no index reload per `show`)."""
    monkeypatch.setattr(glossary_cmds, "load_kb", lambda ui=None: kb)
    return kb


def show(capsys, ui: str, *argv: str) -> tuple[int, str]:
    code = main(["--ui", ui, "show", *argv])
    out, err = capsys.readouterr()
    assert err == "" or code != 0, err
    return code, out


def first_word(text: str) -> str:
    """The first run of letters of `text` (the frame of a panel and the spaces skipped)."""
    m = re.search(r"[^\W\d_]+", text)
    return m.group(0) if m else ""


def begins_in(out: str, term: str, ui: str) -> bool:
    """The page's title is its term (in the learner's language: a Russian name may be printed in Latin letters,
    «Planeswalker») and the first words after it are in the learner's language."""
    title, _, rest = out.partition("\n")
    word = first_word(rest)
    return term in title and bool(LETTERS[ui].search(word)) and not (ui == "it" and LETTERS["ru"].search(word))


@pytest.mark.parametrize("ui", ["ru", "it"])
def test_every_concept_shows_first_in_the_learners_language(fast_kb, capsys, ui):
    """Every concept, asked for by its English name (the bridge), and its modern page where no source has an entry
    in the learner's language."""
    kb = fast_kb
    checked, wrong = 0, []
    for cid, c in kb.data.concepts.items():
        if not getattr(c, ui) or not c.en:
            continue
        own = [e for e in c.entries if e in kb.data.entries and kb.data.entries[e].lang == ui]
        queries = [c.en[0]] + ([] if own else [f"{ui}-mod:{cid}"])
        for query in queries:
            code, out = show(capsys, ui, query, "--json")
            view = json.loads(out)
            code, out = show(capsys, ui, query)
            assert code == 0, (cid, query)
            if view["lang"] != ui or not begins_in(out, view["term"], ui):
                wrong.append((cid, query, out[:120]))
        checked += 1
    assert checked > 650 and not wrong


def test_a_modern_page_in_words(fast_kb, capsys):
    code, out = show(capsys, "ru", "стек")
    assert code == 0
    lines = out.splitlines()
    assert "стек" in lines[0] and "по-английски: Stack" in lines[0]
    assert t("modern.definition", "ru", date="2024-11-08").split(" (")[0] in out
    assert t("modern.names", "ru") in out and "ru: стек — " in out and "en: Stack — " in out
    assert "it: pila — " not in out  # a reader of Russian is not given the Italian name (--json has it)
    assert t("modern.summaries", "ru") in out and "405.1" in out
    # The Italian source's entry after the page's own language, under its heading.
    heading = t("modern.other_heading", "ru", lang="итальянском")
    assert heading in out and out.index(heading) > out.index(t("modern.names", "ru")) and "Pila" in out[out.index(heading):]
    code, out = show(capsys, "ru", "стек", "--json")
    view = json.loads(out)
    assert view["id"] == "ru-mod:stack" and view["modern_page"] and view["english"][0] == "Stack"
    assert {n["lang"] for n in view["modern"]["names"]} == {"en", "it", "ru"}


def test_a_source_entry_shows_the_modern_definition_too(fast_kb, capsys):
    code, out = show(capsys, "it", "it:pila")  # an entry id shows that entry
    assert code == 0 and out.splitlines()[0].lstrip("╭─ ").startswith("Pila")
    assert t("modern.definition", "it", date="2024-11-08") in out.replace("\n", " ").replace("│", "") or \
        t("modern.definition", "it", date="2024-11-08")[:40] in out
    assert "it: pila — " in out and "ru: стек — " not in out
