"""The app shows data as data: Textual markup in imported terms, definitions and titles is shown literally
(never a crash, never a style, never an action such as ``[@click=app.quit]``), and escape sequences in
them never reach the terminal. Driven headlessly with Pilot."""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.hostile import DOC_ID, MARKUP, assert_safe, escapes_rules_document, markup_rules_document

textual = pytest.importorskip("textual")

from glossary.build import build  # noqa: E402
from glossary.kb import KnowledgeBase  # noqa: E402
from tutor.app.app import TutorApp  # noqa: E402
from tutor.views.locations import EntryLocation, RuleLocation  # noqa: E402

MARKUP_DOC = "it-2031-05-05"


@pytest.fixture(scope="module")
def markup_kb(tmp_path_factory) -> KnowledgeBase:
    path = tmp_path_factory.mktemp("rules") / f"{MARKUP_DOC}.txt"
    path.write_text(markup_rules_document(), encoding="utf-8")
    return KnowledgeBase(build([path]))


@pytest.fixture(scope="module")
def escapes_kb(tmp_path_factory) -> KnowledgeBase:
    path = tmp_path_factory.mktemp("rules") / f"{DOC_ID}.txt"
    path.write_text(escapes_rules_document(), encoding="utf-8")
    return KnowledgeBase(build([path]))


def run(coro_fn, kb=None, size=(110, 40)):
    async def main():
        app = TutorApp(kb=kb, settings={"ui": "it", "theme": "textual-dark"})
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            result = await coro_fn(app, pilot)
        assert app._exception is None
        return result
    return asyncio.run(main())


def shown(app) -> str:
    """Every text the document view and the breadcrumb show now, as plain text."""
    screen = app.screen
    parts = [str(w.render()) for w in screen.query("#document Static, #document Label, #document LinkedText, #breadcrumb") if w.display]
    for ol in screen.query("#document OptionList"):
        parts += [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]
    return "\n".join(parts)


def terminal_output(app) -> str:
    """What the app would write to the terminal for the whole screen now (the headless driver writes nothing)."""
    update = app.screen._compositor.render_update(full=True)
    return update.render_segments(app.console)


# --- markup -------------------------------------------------------------------------------------------


def test_an_entry_with_markup_is_shown_literally_and_nothing_quits(markup_kb):
    async def go(app, pilot):
        app.navigate(EntryLocation(f"{MARKUP_DOC}:termine-rotto"))
        await pilot.pause()
        text = shown(app)
        assert "[/] Termine rotto" in text  # the title, and the breadcrumb
        assert "[bold]x[/bold] definizione con [@click=app.quit]esci[/]" in text
        assert "Breadcrumb" not in text and "[/] Termine rotto" in str(app.screen.query_one("#breadcrumb").render())
        await pilot.click("#doc-body")  # where the action link would be
        await pilot.click("#doc-title")
        await pilot.pause()
        return app.is_running
    assert run(go, markup_kb)


def test_a_rule_with_markup_and_the_rules_tree(markup_kb):
    async def go(app, pilot):
        app.navigate(RuleLocation(MARKUP_DOC, "100.1"))
        await pilot.pause()
        text = shown(app)
        assert "[/] Testo [bold]x[/bold] con [@click=app.quit]un'azione[/]" in text
        assert "[@click=app.quit]esempio[/] di markup." in text
        assert "[/] Regole [bold]x[/bold]" in text  # the document's title, in the source line
        await pilot.press("ctrl+r")  # the table of contents is that of the newest Italian rules: this one
        await pilot.pause()
        tree = app.screen.query_one("#toc")
        section = tree.root.children[0]
        assert str(section.label) == "1. [/] Concetti [bold]x[/bold]"
        assert str(section.children[0].label) == "100. [/] Generale [@click=app.quit]esci[/]"
        await pilot.click("#toc")
        await pilot.pause()
        return app.is_running
    assert run(go, markup_kb)


def test_search_results_with_markup(markup_kb):
    async def go(app, pilot):
        await pilot.press(*"termine rotto")
        await pilot.pause()
        results = app.screen.query_one("#results")
        prompts = [str(results.get_option_at_index(i).prompt) for i in range(results.option_count)]
        assert any(p.startswith("[/] Termine rotto") for p in prompts), prompts
        await pilot.press("enter")
        await pilot.pause()
        return app.history.current == EntryLocation(f"{MARKUP_DOC}:termine-rotto")
    assert run(go, markup_kb)


def test_backlinks_keep_their_language_tag():
    """``← Term [it]``: the ``[it]`` was read as a markup tag and vanished."""
    async def go(app, pilot):
        app.navigate(EntryLocation("it:abilita-attivata"))
        await pilot.pause()
        backlinks = app.screen.query_one("#doc-backlinks")
        prompts = [str(backlinks.get_option_at_index(i).prompt) for i in range(backlinks.option_count)]
        assert prompts and all(re.fullmatch(r"← .+ \[(it|ru|en)\]", p) for p in prompts), prompts
        return any(p.endswith(" [it]") for p in prompts)
    assert run(go)


def test_the_help_is_plain_text():
    async def go(app, pilot):
        await pilot.press("f1")
        await pilot.pause()
        body = str(app.screen.query_one("#help-body").render())
        assert "Ctrl+L" in body and "Esc" in body
        await pilot.press("escape")
        await pilot.pause()
        return app.screen.id != "help" and app.screen.query_one("#search") is not None
    assert run(go)


@pytest.mark.parametrize("text", MARKUP)
def test_the_document_view_never_reads_markup(text):
    """The last guard: whatever reaches the view as a str is plain text."""
    from tutor.app.widgets.document import DocumentView

    async def go(app, pilot):
        view = app.screen.query_one("#document", DocumentView)
        view._fill(text, None, None, text, None, None, [], [], text, text, text)
        await pilot.pause()
        assert str(view.query_one("#doc-title").render()) == text
        assert str(view.query_one("#doc-source").render()) == text
        return app.is_running
    assert run(go)


# --- escape sequences ---------------------------------------------------------------------------------


def test_the_document_view_shows_no_escapes(escapes_kb):
    async def go(app, pilot):
        for location in (EntryLocation(f"{DOC_ID}:pwn-term"), RuleLocation(DOC_ID, "100.1"), RuleLocation(DOC_ID, "101")):
            app.navigate(location)
            await pilot.pause()
            text = shown(app)
            assert "Pwn Term" in text or "General" in text or "Golden Rules" in text
            assert_safe(text, str(location))
            output = terminal_output(app)
            assert "pwned" not in output and "evil.example" not in output
            assert "\x1b]" not in output and "\x07" not in output and not re.search("[\x80-\x9f]", output)
        return True
    assert run(go, escapes_kb)


def test_the_document_view_guard_drops_escapes():
    """The last guard: text that skipped the parsers (built here) is shown without control characters."""
    from rich.text import Text

    from tutor.app.widgets.document import DocumentView

    async def go(app, pilot):
        view = app.screen.query_one("#document", DocumentView)
        raw = "title \x1b]0;pwned\x07 \x1b[2J\x9b31m end"
        view._fill(Text(raw, style="bold"), None, None, raw, None, None, [], [], raw)
        await pilot.pause()
        for wid in ("#doc-title", "#doc-body", "#doc-source"):
            assert_safe(str(view.query_one(wid).render()), wid)
        assert "\x1b]" not in terminal_output(app)
        return True
    assert run(go)
