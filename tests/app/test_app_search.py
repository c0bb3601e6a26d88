"""The glossary screen's search as a learner uses it: "did you mean" rows, a concept whose language has
no entry, rule rows with their titles, rows told apart by their source, and a list redrawn only when it changes."""

from __future__ import annotations

import pytest

textual = pytest.importorskip("textual")

from tests.pilot import run_app  # noqa: E402
from tutor.app.screens.glossary import SuggestionOption  # noqa: E402
from tutor.i18n import t  # noqa: E402
from tutor.views.locations import EntryLocation, RuleLocation  # noqa: E402


def run(coro_fn, ui: str = "it", size=(100, 30)):
    return run_app(coro_fn, ui, size)


def rows(app) -> list:
    results = app.screen.query_one("#results")
    return [results.get_option_at_index(i) for i in range(results.option_count)]


async def search(app, pilot, query: str) -> list:
    app.screen.query_one("#search").value = query
    await pilot.pause()
    return rows(app)


# ---- "did you mean" ---------------------------------------------------------------------------------
def test_nothing_found_offers_suggestions_that_run_their_search():
    async def go(app, pilot):
        found = await search(app, pilot, "cimiterozzz")
        assert str(found[0].prompt) == t("no_results", "it") and found[0].disabled
        assert str(found[1].prompt) == t("search.suggestions", "it") and found[1].disabled
        suggestions = [o for o in found if isinstance(o, SuggestionOption)]
        assert suggestions and suggestions[0].query == "Cimitero" and not suggestions[0].disabled
        results = app.screen.query_one("#results")
        assert results.highlighted == found.index(suggestions[0])  # Enter runs the first suggestion
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.query_one("#search").value == "Cimitero"
        assert rows(app)[0].location == EntryLocation("it:cimitero")
        assert app.history.current is None  # a suggestion searches, it does not open anything
        return True
    assert run(go)


def test_a_suggestion_chosen_in_the_list_runs_its_search_in_russian():
    async def go(app, pilot):
        found = await search(app, pilot, "кладбищщщее")
        assert str(found[1].prompt) == t("search.suggestions", "ru")
        results = app.screen.query_one("#results")
        results.focus()
        results.highlighted = next(i for i, o in enumerate(found) if isinstance(o, SuggestionOption))
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.query_one("#search").value == "Кладбище" and app.focused.id == "search"
        return rows(app)[0].location == EntryLocation("ru:kladbishche")
    assert run(go, ui="ru")


# ---- a concept in the learner's language (issue 21: the modern glossary's pages) -----------------------------
@pytest.mark.parametrize(("ui", "page", "title"), [("it", "it:pila", "Pila"), ("ru", "ru-mod:stack", "стек")])
def test_a_concept_name_lands_on_the_learners_page(ui, page, title):
    """«стек»: a Russian learner lands on the Russian page (the Russian source has none: the modern glossary's),
    an Italian learner on the Italian entry; no sentence says that a page is missing."""
    async def go(app, pilot):
        found = await search(app, pilot, "стек")
        first = found[0]
        assert first.location == EntryLocation(page), str(first.prompt)
        assert t("search.no_entry_in.ru", ui) not in str(first.prompt)
        await pilot.press("enter")
        await pilot.pause()
        assert app.history.current == EntryLocation(page)
        assert str(app.screen.query_one("#doc-title").render()).startswith(title)
        return not app.screen.query_one("#search-notice").display
    assert run(go, ui=ui)


def test_a_concept_no_source_has_is_a_page_in_the_learners_language():
    async def go(app, pilot):
        found = await search(app, pilot, "угроза")
        assert found[0].location == EntryLocation("it-mod:menace") and str(found[0].prompt).startswith("minacciare")
        await pilot.press("enter")
        await pilot.pause()
        assert app.history.current == EntryLocation("it-mod:menace")
        return "702.111" in str(app.screen.query_one("#doc-body").render())
    assert run(go)


# ---- rule rows and rows with the same headword ---------------------------------------------------------
def test_rule_rows_show_a_title_or_the_first_words_of_the_text(kb):
    async def go(app, pilot):
        found = await search(app, pilot, "113.6k")
        assert found[0].location == RuleLocation("it-cr-2024", "113.6k")
        first_words = " ".join(kb.rule("113.6k", doc="it-cr-2024").text.split()[:3])
        assert first_words in str(found[0].prompt)
        found = await search(app, pilot, "113")
        return str(found[0].prompt).startswith("113. Abilità")
    assert run(go)


def test_rows_with_the_same_headword_name_their_source():
    async def go(app, pilot):
        found = await search(app, pilot, "abilità")
        first_lines = [str(o.prompt).split("\n")[0] for o in found]
        assert len(first_lines) == len(set(first_lines)), first_lines
        # A concept is one row in a language: the glossary's entry, not the wiki's of the same concept too.
        assert [o.location for o in found if o.location in (EntryLocation("it:abilita"), EntryLocation("it-wiki:abilita"))] \
            == [EntryLocation("it:abilita")]
        found = await search(app, pilot, "202")  # the same rule in two editions
        first_lines = [str(o.prompt).split("\n")[0] for o in found]
        return len(first_lines) == len(set(first_lines))
    assert run(go)


# ---- the list is replaced in one batch, and only when it changes ---------------------------------------------
def test_identical_results_are_not_redrawn():
    async def go(app, pilot):
        results = app.screen.query_one("#results")
        calls = []
        set_options = results.set_options
        results.set_options = lambda options: (calls.append(len(options)), set_options(options))[1]
        await pilot.press(*"cimitero")
        await pilot.pause()
        assert 0 < len(calls) <= len("cimitero")  # at most one batch per keystroke, never one option at a time
        typed, before = len(calls), rows(app)
        results.action_cursor_down()
        await pilot.press("space")  # the same search: the same hits, the list is left alone
        await pilot.pause()
        assert len(calls) == typed and rows(app) == before and results.highlighted == 1
        await pilot.press(*"rossi")  # another search: a new list, highlight on its first row
        await pilot.pause()
        return len(calls) > typed and rows(app) != before and results.highlighted == 0
    assert run(go)


def test_switching_language_redraws_the_rows():
    async def go(app, pilot):
        await search(app, pilot, "стек")
        assert rows(app)[0].location == EntryLocation("it:pila")
        await pilot.press("ctrl+l")  # the learner's language is now Russian: the Russian page first
        await pilot.pause()
        return rows(app)[0].location == EntryLocation("ru-mod:stack")
    assert run(go)
