"""The app's term page in the learner's language (the modern glossary): a Russian page for a concept the Russian
source lacks, its names with their status, the summaries of its rules, the Italian source folded below; search
hits in the learner's language first, each with its English name."""

from __future__ import annotations

import pytest

textual = pytest.importorskip("textual")

from tests.pilot import run_app  # noqa: E402
from tutor.i18n import t  # noqa: E402
from tutor.views.locations import EntryLocation  # noqa: E402


def test_a_russian_learner_searches_стек_and_reads_a_russian_page():
    async def go(app, pilot):
        from textual.widgets import Collapsible

        app.screen.query_one("#search").value = "что такое стек"
        await pilot.pause()
        first = app.screen.query_one("#results").get_option_at_index(0)
        assert first.location == EntryLocation("ru-mod:stack"), str(first.prompt)
        assert str(first.prompt).startswith("стек") and "en: stack" in str(first.prompt).lower()
        app.navigate(first.location)
        await pilot.pause()
        title = str(app.screen.query_one("#doc-title").render())
        body = str(app.screen.query_one("#doc-body").render())
        glossary = str(app.screen.query_one("#doc-glossary").render())
        fold = app.screen.query_one("#doc-other-fold", Collapsible)
        other = str(app.screen.query_one("#doc-other").render())
        assert title.startswith("стек") and "Stack" in title
        assert body.startswith("Стек") or body[:1].lower() in "абвгдеёжзийклмнопрстуфхцчшщъыьэюя", body[:40]
        assert t("modern.definition", "ru", date="2024-11-08") in body.replace("\n", " ")
        assert t("modern.names", "ru") in glossary and "ru: стек — " in glossary and "en: Stack — " in glossary
        assert "it: pila — " not in glossary  # not the third language
        assert t("modern.summaries", "ru") in glossary and "405.1" in glossary
        assert fold.display and fold.collapsed and "Pila" in other  # the Italian source's text, folded
        assert fold.title == t("modern.other_heading", "ru", lang="итальянском")
        return True
    assert run_app(go, "ru", (100, 40))


def test_an_entry_opens_in_the_learners_language():
    async def go(app, pilot):
        app.navigate(EntryLocation("it:travolgere"))
        await pilot.pause()
        return str(app.screen.query_one("#doc-title").render())
    assert run_app(go, "ru", (100, 40)).startswith("пробивной удар")


def test_a_source_entry_shows_the_modern_definition_and_a_rule_page_has_no_fold():
    async def go(app, pilot):
        from textual.widgets import Collapsible

        from tutor.views.locations import RuleLocation

        app.navigate(EntryLocation("it:pila"))
        await pilot.pause()
        glossary = str(app.screen.query_one("#doc-glossary").render())
        assert t("modern.definition", "it", date="2024-11-08") in glossary.replace("\n", " ")
        assert "it: pila — " in glossary and "ru: стек — " not in glossary
        assert str(app.screen.query_one("#doc-title").render()).startswith("Pila")
        app.navigate(RuleLocation("it-cr-2024", "113"))
        await pilot.pause()
        assert not app.screen.query_one("#doc-other-fold", Collapsible).display
        assert not app.screen.query_one("#doc-glossary").display
        return True
    assert run_app(go, "it", (100, 40))
