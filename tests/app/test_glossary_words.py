"""The glossary and the rules in the app as a learner reads them (issue 20, point 8): a page names its source in
words, never by file and line (``it_glossary_8ed.txt:767``, ``glossary/curated/digest/5.yaml:11``) nor by the
concept's internal id; with MTG_TUTOR_DEBUG (what ``mtg-tutor --debug`` sets) they are shown."""

from __future__ import annotations

import pytest

textual = pytest.importorskip("textual")

from tests.pilot import run_app  # noqa: E402


async def _source_of(app, pilot, keys):
    await pilot.press(*keys)
    await pilot.pause()
    return str(app.screen.query_one("#doc-source").render())


def _entry(app, pilot):
    return _source_of(app, pilot, [*"graveyard", "enter"])


def _rule(app, pilot):
    return _source_of(app, pilot, ["ctrl+r", *"500.2", "enter"])


def test_an_entry_and_a_rule_name_their_source_in_words_and_debug_adds_file_line_and_id(monkeypatch):
    monkeypatch.setenv("MTG_TUTOR_DEBUG", "0")
    entry = run_app(_entry, "it", (100, 30))
    assert entry.startswith("Fonte: glossario 8ª ed.") and ".txt" not in entry and "Concetto: graveyard" not in entry
    rule = run_app(_rule, "ru", (100, 30))
    assert "Документ: неофициальные изложения" in rule and ".yaml" not in rule and "digest/" not in rule
    monkeypatch.setenv("MTG_TUTOR_DEBUG", "1")  # the developer's view
    entry = run_app(_entry, "it", (100, 30))
    assert "it_glossary_8ed.txt:" in entry and "Concetto: graveyard" in entry
